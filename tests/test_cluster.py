"""Counting on a real Dask cluster: a scheduler and workers started here, on loopback.

The cluster is the `dask` command line, as a user would run it: `dask scheduler` and
`dask worker` as separate processes, each in its own process group, all stopped at the end.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

import nqueens
from nqueens.engine.runtime.cluster import TLSFiles
from nqueens.errors import (
    BackendUnavailableError,
    InsecureSchedulerWarning,
    InvalidSchedulerAddressError,
)
from nqueens.known import known_counts
from tests.dask_cluster import Certificates, Cluster, free_port, make_certificates
from tests.journals import forget
from tests.naive import expected_counts
from tests.processes import (
    NQUEENS,
    journal_rows,
    kill_count,
    like_a_terminal,
    nqueens_after,
    wait_for_rows,
)

pytestmark = [pytest.mark.compiled, pytest.mark.cluster]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    running = Cluster(tmp_path_factory.mktemp("cluster"))
    yield running
    running.stop()


def _count_command(n: int, *args: str) -> list[str]:
    return [*NQUEENS, "count", str(n), *args]


def _one_line(done: subprocess.CompletedProcess[str], status: int = 2) -> str:
    assert done.returncode == status, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and len(lines[0]) < 200 and "Traceback" not in done.stderr
    return lines[0]


@pytest.mark.parametrize("n", [14, 15])
def test_counts_through_the_command_on_the_cluster(cluster: Cluster, n: int) -> None:
    done = subprocess.run(
        _count_command(n, "--scheduler", cluster.address, "--json"),
        capture_output=True,
        text=True,
        check=True,
    )
    assert "warning" not in done.stderr  # plain tcp:// on loopback: no warning
    result = json.loads(done.stdout)
    assert (result["total"], result["unique"]) == known_counts()[n]
    assert result["workers"] == 2 and result["subproblems"] > 100
    assert result["method"] == "join"  # what auto picks for these sizes


@pytest.mark.parametrize(
    ("method", "n"),
    [
        ("join", 16),
        ("backtrack", 16),
        ("numpy", 12),
        ("python", 12),
        ("toroidal", 13),
        ("superqueens", 13),
    ],
)
def test_each_method_resumes_from_its_journal_on_the_cluster(
    cluster: Cluster, tmp_path: Path, method: str, n: int
) -> None:
    journal = tmp_path / f"{method}.sqlite"
    first = nqueens.count(n, method=method, scheduler=cluster.address, journal=journal)
    assert (first.total, first.unique, first.method) == (*expected_counts(method, n), method)
    forget(journal, range(0, first.subproblems, 2))
    again = nqueens.count(n, method=method, scheduler=cluster.address, journal=journal)
    assert 0 < again.resumed < again.subproblems
    assert (again.total, again.unique, again.nodes) == (first.total, first.unique, first.nodes)


def test_counts_through_the_api_with_a_journal(cluster: Cluster, tmp_path: Path) -> None:
    journal = tmp_path / "n13.sqlite"
    first = nqueens.count(13, scheduler=cluster.address, journal=journal, batch_size=50)
    assert (first.total, first.unique) == known_counts()[13] and first.resumed == 0
    again = nqueens.count(13, scheduler=cluster.address, journal=journal)
    assert again.resumed == again.subproblems and again.total == first.total


def test_a_client_killed_mid_run_resumes_from_its_journal(cluster: Cluster, tmp_path: Path) -> None:
    journal = tmp_path / "n16.sqlite"
    proc = subprocess.Popen(
        _count_command(
            16,
            "-s",
            cluster.address,
            "-j",
            str(journal),
            "--batch-size",
            "64",
            "-m",
            "backtrack",
            "-q",
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=like_a_terminal,
    )
    wait_for_rows(journal, proc, minimum=64 * 3)
    kill_count(proc, journal)
    kept = journal_rows(journal)
    result = nqueens.count(16, method="backtrack", scheduler=cluster.address, journal=journal)
    assert (result.total, result.unique) == known_counts()[16]
    assert kept <= result.resumed < result.subproblems


def test_a_worker_lost_mid_run_does_not_change_the_count(tmp_path: Path) -> None:
    own = Cluster(tmp_path, workers=2)  # its own cluster: one of its workers is killed
    try:
        journal = tmp_path / "n16.sqlite"
        proc = subprocess.Popen(
            _count_command(
                16,
                "-s",
                own.address,
                "-j",
                str(journal),
                "--batch-size",
                "32",
                "--method",
                "backtrack",
                "--json",
                "-q",
            ),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        wait_for_rows(journal, proc, minimum=32 * 4)
        os.killpg(own.workers[0].pid, signal.SIGKILL)  # the machine is gone
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        result = json.loads(out)
        assert (result["total"], result["unique"], result["published"]) == (
            *known_counts()[16],
            True,
        )
        assert own.workers[0].poll() is not None
        assert "distributed." not in err and "Traceback" not in err, err  # no raw Dask log
        assert all(line.startswith("nqueens: warning: a Dask worker") for line in err.splitlines())
    finally:
        own.stop()


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    port = free_port()  # nothing listens there
    done = subprocess.run(
        _count_command(12, "--scheduler", f"tcp://127.0.0.1:{port}", "--connect-timeout", "2"),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("nqueens: error: cannot reach the Dask scheduler at tcp://")
    assert len(done.stderr.strip().splitlines()) == 1
    with pytest.raises(BackendUnavailableError, match="cannot reach"):
        nqueens.count(12, scheduler=f"tcp://127.0.0.1:{port}", connect_timeout=1)


def test_workers_without_the_package_are_a_clear_error(tmp_path: Path) -> None:
    hidden = "import sys\nsys.modules['nqueens'] = None  # as if it were not installed"
    own = Cluster(tmp_path, workers=1, worker_prelude=hidden)
    try:
        done = subprocess.run(
            _count_command(12, "--scheduler", own.address), capture_output=True, text=True
        )
        assert done.returncode == 2
        assert "cannot import nqueens" in done.stderr and "uv build" in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
    finally:
        own.stop()


def test_a_local_cluster_on_request(tmp_path: Path) -> None:
    """Counted exactly, and Dask's scratch files kept in a folder of the run's own, removed
    at the end: Dask's default, $TMPDIR/dask-scratch-space, stayed behind (issue 38)."""
    done = subprocess.run(
        _count_command(12, "--scheduler", "local", "--workers", "2", "--json"),
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "TMPDIR": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert (result["total"], result["unique"]) == known_counts()[12] and result["workers"] == 2
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("address", ["nonsense", "127.0.0.1", "", "foo://x:1", "tcp://h:99999"])
def test_malformed_addresses_are_refused_before_connecting(address: str) -> None:
    done = subprocess.run(
        _count_command(12, "--scheduler", address), capture_output=True, text=True, timeout=60
    )
    assert "scheduler address" in _one_line(done)
    with pytest.raises(InvalidSchedulerAddressError):
        nqueens.count(12, scheduler=address)


def test_plain_tcp_to_another_machine_warns_in_one_line() -> None:
    remote = "tcp://192.0.2.1:8786"  # TEST-NET-1: no machine answers there
    done = subprocess.run(
        _count_command(9, "--scheduler", remote, "--connect-timeout", "0.5"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    warning, error = done.stderr.splitlines()
    assert warning.startswith(f"nqueens: warning: {remote} is plain tcp://")
    assert len(warning) < 200 and error.startswith("nqueens: error: cannot reach")
    with pytest.warns(InsecureSchedulerWarning), pytest.raises(BackendUnavailableError):
        nqueens.count(9, scheduler=remote, connect_timeout=0.5)


def _listening(pid: int) -> set[str]:
    """The addresses every process of a tree listens on."""
    root = psutil.Process(pid)
    found = set()
    for proc in [root, *root.children(recursive=True)]:
        with contextlib.suppress(psutil.Error):  # gone meanwhile
            found |= {c.laddr.ip for c in proc.net_connections("inet") if c.status == "LISTEN"}
    return found


def _tree(pid: int) -> list[psutil.Process]:
    with contextlib.suppress(psutil.Error):
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    return []


def _starting_workers(pid: int) -> bool:
    """Whether the local cluster's worker processes are being started (the fork server
    that makes them is running)."""
    for proc in _tree(pid)[1:]:
        with contextlib.suppress(psutil.Error):
            if "forkserver" in " ".join(proc.cmdline()):
                return True
    return False


CTRL_C_IN_DASKS_IMPORT = """
import sys

class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "dask.base":
            raise KeyboardInterrupt
        return None

sys.meta_path.insert(0, CtrlC())
"""


def test_a_ctrl_c_inside_dasks_import_is_one_line() -> None:
    """A Ctrl-C that lands while `distributed` is being imported left it half imported;
    closing the half-started cluster imported it again, which failed in Dask's own code
    (a traceback of 60 lines, exit 1). Nothing was started, nothing is imported again."""
    command = nqueens_after(CTRL_C_IN_DASKS_IMPORT)
    local = ["count", "12", "--scheduler", "local", "--workers", "1", "-q"]
    done = subprocess.run([*command, *local], capture_output=True, text=True, timeout=120)
    line = _one_line(done, status=130)
    assert line == (
        "nqueens: interrupted while starting the local Dask cluster; nothing was counted"
    )


@pytest.mark.parametrize("moment", ["starting the cluster", "after the first batch", "mid-run"])
def test_a_local_cluster_listens_on_loopback_and_stops_cleanly_on_ctrl_c(
    tmp_path: Path, moment: str
) -> None:
    journal = tmp_path / "local.sqlite"
    local = ("-s", "local", "-w", "2", "-m", "backtrack", "--batch-size", "8")
    proc = subprocess.Popen(
        _count_command(17, *local, "-j", str(journal), "-q"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=like_a_terminal,
    )
    if moment == "starting the cluster":
        deadline = time.monotonic() + 120
        while not _starting_workers(proc.pid):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.01)
    else:
        wait_for_rows(journal, proc, minimum=8 if moment == "after the first batch" else 160)
        assert _listening(proc.pid) == {"127.0.0.1"}
    started = _tree(proc.pid)
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches the whole process group
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130 and out == ""
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    if moment == "starting the cluster":
        assert err.startswith("nqueens: interrupted while starting the local Dask cluster")
    else:
        said = re.search(
            r"^nqueens: interrupted after ([\d,]+) of [\d,]+ subproblems, kept in ", err
        )
        assert said is not None
        assert int(said.group(1).replace(",", "")) == journal_rows(journal) >= 8
    _, alive = psutil.wait_procs(started, timeout=30)
    assert alive == []  # the cluster's processes stopped with it


def _sockets(pid: int) -> set[tuple[str, int]]:
    """Every (address, port) a process tree listens on."""
    found = set()
    for proc in _tree(pid):
        with contextlib.suppress(psutil.Error):  # gone meanwhile
            found |= {
                (c.laddr.ip, c.laddr.port)
                for c in proc.net_connections("inet")
                if c.status == "LISTEN"
            }
    return found


def _http_status(port: int, page: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{page}", timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_a_cluster_started_by_hand_listens_only_where_it_was_told(tmp_path: Path) -> None:
    """`nqueens cluster scheduler --host A` and `nqueens cluster worker ... --host A` as a
    user types them, A = 127.0.0.2 (loopback, yet not the HTTP servers' 127.0.0.1)."""
    own = Cluster(tmp_path, workers=1, host="127.0.0.2")
    try:
        done = subprocess.run(
            _count_command(12, "--scheduler", own.address, "--json"),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout)
        assert (result["total"], result["unique"], result["published"]) == (14200, 1787, True)
        for proc, kind in ((own.scheduler, "scheduler"), (own.workers[0], "worker")):
            listening = _sockets(proc.pid)
            assert {ip for ip, _ in listening} == {"127.0.0.2", "127.0.0.1"}, listening
            http = [port for ip, port in listening if ip == "127.0.0.1"]
            assert len(http) == 1  # its HTTP server, on loopback only, serving nothing
            pages = ["/metrics", "/health", "/info/main/workers.html", "/json/identity.json"]
            assert {_http_status(http[0], page) for page in pages} == {404}, kind
        assert ("127.0.0.2", own.port) in _sockets(own.scheduler.pid)
    finally:
        own.stop()


@pytest.mark.parametrize(
    "args",
    [
        ["scheduler", "--host", "0.0.0.0"],
        ["scheduler", "--host", "::"],
        ["worker", "tcp://127.0.0.1:8786", "--host", "0.0.0.0"],
    ],
)
def test_every_interface_is_refused_unless_asked(args: list[str]) -> None:
    done = subprocess.run(
        [*NQUEENS, "cluster", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "listens on every interface" in _one_line(done) and "--every-interface" in done.stderr


def no_credentials(tmp_path: Path) -> dict[str, str]:
    """An environment whose user has no cluster certificate of their own yet (another
    test of this process may have made one in the session's XDG_CONFIG_HOME)."""
    return {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}


def test_a_tls_worker_without_its_files_is_refused(tmp_path: Path) -> None:
    done = subprocess.run(
        [*NQUEENS, "cluster", "worker", "tls://127.0.0.1:8786"],
        capture_output=True,
        text=True,
        timeout=60,
        env=no_credentials(tmp_path),
    )
    assert "needs TLS" in _one_line(done)


def test_the_local_dashboard_is_off_unless_asked() -> None:
    if importlib.util.find_spec("bokeh") is None:
        done = subprocess.run(
            _count_command(9, "-s", "local", "-w", "1", "--dashboard"),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert "needs bokeh" in _one_line(done)
        return
    links: list[str] = []
    result = nqueens.count(9, scheduler="local", workers=1, on_dashboard=links.append)
    assert result.total == 352 and links[0].startswith("http://127.0.0.1:")


# ---------------------------------------------------------------------------- TLS
# `certificates` and `secured`, the cluster on TLS, are tests/conftest.py's.


def test_an_exact_count_through_tls(
    secured: Cluster, certificates: dict[str, Certificates]
) -> None:
    client = certificates["client"]
    done = subprocess.run(
        _count_command(14, "--scheduler", secured.address, *client.options(), "--json"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0 and "warning" not in done.stderr, done.stderr
    result = json.loads(done.stdout)
    assert (result["total"], result["unique"], result["workers"]) == (*known_counts()[14], 2)
    tls = TLSFiles(client.ca_file, client.cert, client.key)
    api = nqueens.count(13, method="backtrack", scheduler=secured.address, tls=tls)
    assert (api.total, api.unique) == known_counts()[13]


def test_tls_through_dasks_configuration(
    secured: Cluster, certificates: dict[str, Certificates]
) -> None:
    client = certificates["client"]
    env = os.environ | {
        "DASK_DISTRIBUTED__COMM__TLS__CA_FILE": str(client.ca_file),
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT": str(client.cert),
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY": str(client.key),
    }
    done = subprocess.run(
        _count_command(12, "--scheduler", secured.address, "--json"),
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["total"] == known_counts()[12].total


def test_a_client_without_the_certificate_is_refused(secured: Cluster, tmp_path: Path) -> None:
    done = subprocess.run(
        _count_command(12, "--scheduler", secured.address),
        capture_output=True,
        text=True,
        env=no_credentials(tmp_path),
    )
    assert "needs TLS credentials" in _one_line(done)
    stranger = make_certificates(tmp_path / "other-ca", ("client",))["client"]
    done = subprocess.run(
        _count_command(
            12, "--scheduler", secured.address, *stranger.options(), "--connect-timeout", "3"
        ),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "cannot reach the Dask scheduler" in _one_line(done)


def test_a_plain_tcp_client_cannot_connect_to_the_tls_scheduler(secured: Cluster) -> None:
    plain = secured.address.replace("tls://", "tcp://")
    done = subprocess.run(
        _count_command(12, "--scheduler", plain, "--connect-timeout", "3"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "cannot reach the Dask scheduler" in _one_line(done)


def test_dask_log_lines_are_said_in_our_words_or_not_at_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import logging
    import warnings

    import distributed  # noqa: F401  (sets up Dask's own log handlers first)

    from nqueens.engine.runtime.cluster.logs import DaskLogs as _DaskLogs
    from nqueens.errors import ClusterNoticeWarning

    logs = _DaskLogs()
    logs.install()
    client = logging.getLogger("distributed.client")
    with pytest.warns(ClusterNoticeWarning, match="a Dask worker was lost"):
        client.warning("Couldn't gather %s keys, rescheduling %s", 1, ["x"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning either
        logging.getLogger("distributed.scheduler").critical("Closed comm %r", "x")
        logs.silence()
        client.warning("Couldn't gather %s keys, rescheduling %s", 1, ["x"])
        logging.getLogger("asyncio").error("Task exception was never retrieved")
    assert capsys.readouterr().err == ""


def test_ctrl_c_while_connecting_is_one_line() -> None:
    """A 'scheduler' that accepts the connection and never answers: the count is stopped
    while its client waits for the handshake."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        proc = subprocess.Popen(
            _count_command(12, "--scheduler", address, "--connect-timeout", "120"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            preexec_fn=like_a_terminal,
        )
        silent.settimeout(120)
        connection, _ = silent.accept()  # the client is connecting now
        with connection:
            time.sleep(0.2)
            os.killpg(proc.pid, signal.SIGINT)
            out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out == "", err
    assert _one_line(subprocess.CompletedProcess([], 130, out, err), status=130) == (
        f"nqueens: interrupted while connecting to the Dask scheduler at {address}; "
        "nothing was counted"
    )
