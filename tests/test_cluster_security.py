"""Issue 44 section 1: no other user of the machine drives our Dask cluster.

Every scheduler nqueens starts requires TLS with a certificate made for it: the local
cluster of `--scheduler local` one made for the run, in memory; a hand-started one its
own certificate, kept 0600 in a 0700 folder (or the files given). The attack is run for
real: a client started here takes uid 65534 (nobody) once its imports are done, where
the test runs as root, and otherwise stays this uid without the files; it tries to read
the scheduler file and the key, to submit a task and to call `run_on_scheduler`.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from nqueens.engine.runtime.cluster import parse_address
from nqueens.engine.runtime.serve import facing, worker_command
from nqueens.errors import InvalidSchedulerAddressError
from tests.dask_cluster import Cluster
from tests.processes import NQUEENS, invoke, wait_for_rows

ATTACK = r"""
import json, os, sys
from distributed import Client, Security

address, *files = sys.argv[1:]
if os.geteuid() == 0:  # become another user, the imports done
    os.setgroups([])
    os.setgid(65534)
    os.setuid(65534)
said = {"uid": os.geteuid()}
for path in files:
    try:
        open(path, "rb").read()
        said[path] = "read"
    except PermissionError:
        said[path] = "refused"

def attempt(where, security, how):
    try:
        with Client(where, security=security, timeout=5) as client:
            if how == "submit":
                return f"ran as uid {client.submit(os.getuid).result(timeout=20)}"
            return f"ran as uid {client.run_on_scheduler(os.getuid)}"
    except Exception as error:
        return "refused"

for how in ("submit", "run_on_scheduler"):
    said["plain " + how] = attempt(address.replace("tls://", "tcp://"), None, how)
    said["stranger " + how] = attempt(address, Security.temporary(), how)
print(json.dumps(said))
"""


def _attack(address: str, *files: Path) -> dict[str, str]:
    done = subprocess.run(
        [sys.executable, "-c", ATTACK, address, *map(str, files)],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    said: dict[str, str] = json.loads(done.stdout.strip().splitlines()[-1])
    return said


def _refused_everything(said: dict[str, str], *files: Path) -> None:
    for how in ("submit", "run_on_scheduler"):
        assert said[f"plain {how}"] == "refused", said
        assert said[f"stranger {how}"] == "refused", said
    if os.geteuid() == 0:  # as nobody: the files are not theirs to read
        assert said["uid"] == 65534
        assert all(said[str(f)] == "refused" for f in files), said


pytestmark = [pytest.mark.cluster]


def test_another_user_cannot_use_the_local_cluster_of_a_count() -> None:
    """Before: during `count 19 -s local`, nobody connected to the new loopback port and
    ran code as root on the scheduler and the worker."""
    from nqueens.engine.runtime.cluster import connect

    with connect("local", 1, 60) as (client, size):
        address = client.scheduler.address  # type: ignore[attr-defined]
        assert size == 1 and address.startswith("tls://127.0.0.1:")
        said = _attack(address)
        assert client.submit(os.getpid).result(timeout=60) != os.getpid()  # ours still can
    _refused_everything(said)


def test_another_user_cannot_use_a_hand_started_cluster(tmp_path: Path) -> None:
    """Before: `nqueens cluster scheduler --port 0 --scheduler-file s.json` and its worker
    ran nobody's `submit(os.getuid)` and `run_on_scheduler(os.getuid)` as root, and the
    scheduler file was 0644. Now the cluster is on TLS with its own certificate; the
    file, the certificate and its folder are the user's alone."""
    folder = tmp_path / "public"  # others may pass through, as through /tmp
    folder.mkdir()
    folder.chmod(0o755)
    tmp_path.chmod(0o755)
    credentials = folder / "credentials"
    own = Cluster(folder, workers=1, credentials=credentials)
    try:
        scheduler_file = folder / "scheduler.json"
        pem = credentials / "cluster.pem"
        assert own.address.startswith("tls://127.0.0.1:")
        assert stat.S_IMODE(scheduler_file.stat().st_mode) == 0o600
        assert stat.S_IMODE(credentials.stat().st_mode) == 0o700
        assert stat.S_IMODE(pem.stat().st_mode) == 0o600
        said = _attack(own.address, scheduler_file, pem)
        _refused_everything(said, scheduler_file, pem)
        log = (folder / "scheduler.log").read_text()
        assert "only holders of its TLS key" in log and str(pem) in log
        done = subprocess.run(  # a client of the same user reads the cluster's own
            [*NQUEENS, "count", "10", "-s", own.address, "--json"],
            capture_output=True,
            text=True,
            timeout=180,
            env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "nowhere")},
        )
        assert done.returncode == 2 and "needs TLS credentials" in done.stderr
        done = subprocess.run(
            [*NQUEENS, "count", "10", "-s", own.address, "--json",
             "--tls-ca-file", str(pem), "--tls-cert", str(pem), "--tls-key", str(pem)],
            capture_output=True, text=True, timeout=180,
        )  # fmt: skip
        assert done.returncode == 0 and json.loads(done.stdout)["total"] == 724, done.stderr
    finally:
        own.stop()


def test_insecure_says_who_can_connect(tmp_path: Path) -> None:
    own = Cluster(tmp_path, workers=0)  # the tests' plain cluster: --insecure
    try:
        line = (tmp_path / "scheduler.log").read_text().splitlines()[0]
        assert line.startswith("nqueens: scheduler at tcp://127.0.0.1, on a free port; insecure")
        assert "every user of this machine" in line
    finally:
        own.stop()


def test_a_cluster_certificate_open_to_others_is_refused(tmp_path: Path) -> None:
    from nqueens.engine.runtime.cluster.tls import own_credentials
    from nqueens.errors import BackendUnavailableError

    made = own_credentials(tmp_path / "c", create=True)
    assert made is not None
    Path(made.key).chmod(0o644)
    with pytest.raises(BackendUnavailableError, match="open to others"):
        own_credentials(tmp_path / "c", create=False)
    Path(made.key).chmod(0o600)
    (tmp_path / "c").chmod(0o755)
    with pytest.raises(BackendUnavailableError, match="open to others"):
        own_credentials(tmp_path / "c", create=False)


def test_a_cluster_folder_of_another_user_is_refused_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A credentials folder of another user, mode 700 already, was told "(mode 700): it
    must be yours alone (chmod 700)": advice no chmod can follow. It names the owner."""
    import os

    from nqueens.engine.runtime.cluster import tls
    from nqueens.errors import BackendUnavailableError

    assert tls.own_credentials(tmp_path / "c", create=True) is not None
    mine = os.geteuid()
    monkeypatch.setattr(tls.os, "geteuid", lambda: mine + 1)  # the folder is now another's
    with pytest.raises(BackendUnavailableError, match="belongs to another user") as refused:
        tls.own_credentials(tmp_path / "c", create=False)
    assert "chmod" not in str(refused.value) and "--credentials DIR" in str(refused.value)


def test_a_worker_refuses_plain_tcp_unless_told_insecure() -> None:
    done = invoke("cluster", "worker", "tcp://127.0.0.1:9", "--host", "127.0.0.1")
    assert done.status == 2 and "--insecure" in done.stderr and "plain tcp" in done.stderr
    command = worker_command("tcp://127.0.0.1:9", host="127.0.0.1", insecure=True)
    assert "--tls-key" not in command.argv


def test_port_0_is_no_schedulers_address() -> None:
    """Before: `cluster worker tcp://127.0.0.1:0` was accepted and failed 32 s later."""
    with pytest.raises(InvalidSchedulerAddressError, match="port 0"):
        parse_address("tcp://127.0.0.1:0")
    done = invoke("cluster", "worker", "tcp://127.0.0.1:0", "--insecure")
    assert done.status == 2 and "port 0" in done.stderr


def test_a_worker_finds_its_address_towards_an_ipv6_scheduler() -> None:
    """Before: the address finder tried IPv4 only, and `cluster worker tcp://[::1]:PORT`
    failed."""
    assert facing("::1") == "::1"
    assert facing("127.0.0.1") == "127.0.0.1"
    command = worker_command("tcp://[::1]:9", insecure=True)
    assert command.argv[command.argv.index("--host") + 1] == "[::1]"


@pytest.mark.compiled
def test_a_scheduler_killed_mid_count_is_said_in_our_words(tmp_path: Path) -> None:
    """Before: "in <TCP (closed) ConnectionPool.gather ...>: Stream is closed"."""
    own = Cluster(tmp_path, workers=1)
    try:
        journal = tmp_path / "j.db"
        count = subprocess.Popen(
            [*NQUEENS, "count", "17", "-m", "backtrack", "-s", own.address, "-q",
             "--batch-size", "8", "-j", str(journal)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        wait_for_rows(journal, count, 8)
        os.killpg(own.scheduler.pid, signal.SIGKILL)
        _, err = count.communicate(timeout=180)
    finally:
        own.stop()
    lines = err.strip().splitlines()
    assert count.returncode == 2 and len(lines) == 1, err
    assert "lost the Dask scheduler" in lines[0] and "resume" in lines[0], err
    assert "Stream is closed" not in err and "Traceback" not in err
