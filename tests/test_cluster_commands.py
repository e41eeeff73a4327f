"""`nqueens cluster scheduler` and `nqueens cluster worker` listen only where asked, and
end as every command does (issue 38's F3, F9, F10, and Dask's scratch folder).

Every spelling of "every interface" is refused, decided by the address it stands for;
what would make Dask fail with a traceback is refused before it starts, in one line;
SIGTERM, Ctrl-C and SIGHUP end the command with 143, 130 and 129 and one line; Dask's
scratch files go to a folder of the run's own, removed at the end.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from nqueens.cli._supervise import Ended, supervise
from nqueens.engine.runtime import serve
from nqueens.errors import BackendUnavailableError, InvalidSchedulerAddressError
from tests.dask_cluster import Certificates, Cluster, make_certificates
from tests.processes import HANG_GUARD, NQUEENS, assert_one_line, invoke, like_a_terminal, nqueens

pytestmark = [pytest.mark.cluster]


EVERY_INTERFACE = [
    "0",
    "0.0.0.0",
    "0.0",
    "0x0",
    "000.000.000.000",
    "::",
    "[::]",
    "::0",
    "0:0:0:0:0:0:0:0",
    "::ffff:0.0.0.0",
    " 0.0.0.0 ",
]
"""Spellings of every interface (IPv4 in any form the system reads, IPv6, mapped)."""


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The command lines the cluster commands would run, run no more."""
    argvs: list[list[str]] = []

    def record(argv: list[str], env: Any, program: str = "dask") -> Ended:
        argvs.append(list(argv))
        return Ended()

    monkeypatch.setattr("nqueens.cli._supervise.supervise", record)
    return argvs


@pytest.mark.parametrize("host", EVERY_INTERFACE)
@pytest.mark.parametrize("command", ["scheduler", "worker"])
def test_every_spelling_of_every_interface_is_refused(
    started: list[list[str]], host: str, command: str
) -> None:
    """F3: `--host 0` listened on 0.0.0.0 (the scheduler), and opened two listeners there
    (a worker)."""
    where = ["worker", "tcp://127.0.0.1:9"] if command == "worker" else ["scheduler"]
    status, _, err = invoke("cluster", *where, "--host", host)
    assert status == 2 and "listens on every interface" in err, (host, err)
    assert len(err.strip().splitlines()) == 1 and started == []


def test_a_name_that_resolves_to_every_interface_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = socket.getaddrinfo

    def resolve(host: str, *args: Any, **kwargs: Any) -> Any:
        if host == "anywhere.test":
            return real("0.0.0.0", *args, **kwargs)
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    with pytest.raises(InvalidSchedulerAddressError, match=r"'anywhere.test' \(0.0.0.0\)"):
        serve.scheduler_command("anywhere.test", 0)
    assert serve.scheduler_command("anywhere.test", 0, every_interface=True).argv


def test_every_interface_when_asked_and_addresses_as_dask_takes_them(
    started: list[list[str]],
) -> None:
    for host, given in (
        ("0", "0.0.0.0"),
        ("::1", "[::1]"),
        ("[::1]", "[::1]"),
        ("0x7f.1", "127.0.0.1"),
    ):
        status, _, err = invoke(
            "cluster", "scheduler", "--host", host, "--port", "0", "--every-interface"
        )
        assert status == 0, err
        argv = started.pop()
        assert argv[argv.index("--host") + 1] == given


def test_a_port_in_use_is_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = nqueens("cluster", "scheduler", "--port", str(port), cwd=Path.cwd())
    assert "another program listens there" in assert_one_line(done)


def test_a_workers_refusals_name_its_own_options(tmp_path: Path) -> None:
    """`--nworkers 9` was said of --workers, which `cluster worker` has not; a bad address
    offered `local`, which a worker is then refused."""
    too_many = assert_one_line(nqueens("cluster", "worker", "tcp://127.0.0.1:9", "--nworkers",
                                       "10000", cwd=tmp_path))  # fmt: skip
    assert "is too many" in too_many and too_many.endswith("(--nworkers)")
    for address in ("notanaddr", "ftp://127.0.0.1:9", ""):
        said = assert_one_line(nqueens("cluster", "worker", address, cwd=tmp_path))
        assert "local" not in said and "tcp://" in said
    said = assert_one_line(nqueens("count", "8", "--scheduler", "notanaddr", cwd=tmp_path))
    assert said.endswith(", or local")  # a count's scheduler may be local


@pytest.mark.parametrize(
    "args",
    [
        ("scheduler", "--port", "0", "--scheduler-file", "/nonexistent/dir/s.json"),
        ("worker", "tcp://127.0.0.1:9", "--host", "127.0.0.1", "--nworkers", "abc"),
        ("worker", "tcp://127.0.0.1:9", "--host", "127.0.0.1", "--nworkers", "10000"),
        ("worker", "tcp://127.0.0.1:9", "--host", "127.0.0.1", "--nworkers", "-1"),
        ("worker", "tcp://127.0.0.1:9", "--host", "127.0.0.1", "--nworkers", "0"),
        ("worker", "tcp://127.0.0.1:9", "--host", "127.0.0.1", "--worker-port", "abc"),
        ("worker", "tcp://127.0.0.1:9", "--host", "127.0.0.1", "--nanny-port", "9:8"),
        ("worker", "tcp://127.0.0.1:9", "--host", "127.0.0.1", "--nanny-port", "70000"),
        ("scheduler", "--host", "no-such-host.invalid"),
    ],
    ids=" ".join,
)
def test_what_dask_would_fail_on_is_one_line_before_it_starts(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    """F9: these were tracebacks of Dask's (or, for --nworkers 9 on a machine where
    `count` takes 8, or -1, workers started)."""
    assert_one_line(nqueens("cluster", *args, cwd=tmp_path))
    assert list(tmp_path.iterdir()) == []


def test_tls_files_that_hold_no_certificate_are_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, started: list[list[str]]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "garbage.pem").write_text("garbage\n")
    tls = ["--tls-ca-file", "garbage.pem", "--tls-cert", "garbage.pem", "--tls-key", "garbage.pem"]
    for args in (
        ("cluster", "scheduler", "--port", "0", *tls),
        ("cluster", "worker", "tls://127.0.0.1:9", "--host", "127.0.0.1", *tls),
        ("count", "8", "--scheduler", "tls://127.0.0.1:9", *tls),
    ):
        status, _, err = invoke(*args)
        assert status == 2 and "the TLS files cannot be used" in err, (args, err)
        assert len(err.strip().splitlines()) == 1
    assert started == []


@pytest.mark.compiled
@pytest.mark.parametrize("secured", [0], indirect=True, ids=["the scheduler alone"])
def test_a_worker_whose_certificate_another_ca_signed_is_one_line(
    secured: Cluster, tmp_path: Path
) -> None:
    """F9: 84 lines of traceback, retried; now the running scheduler's refusal is asked
    for before any worker starts. Both ways: our CA refusing their certificate, and a
    certificate of ours the scheduler's CA never signed."""
    cluster, folder = secured, tmp_path
    assert cluster.tls is not None
    theirs = make_certificates(folder / "theirs", ("stranger",))["stranger"]
    mixed = Certificates(cluster.tls.ca_file, theirs.cert, theirs.key)
    for certificates in (theirs, mixed):
        done = nqueens(
            "cluster", "worker", cluster.address, "--host", "127.0.0.1", *certificates.options(),
            cwd=folder,
        )  # fmt: skip
        assert "refuses these TLS files" in assert_one_line(done)


def _scheduler(tmp_path: Path, *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*NQUEENS, "cluster", "scheduler", "--port", "0", *args, "--scheduler-file", "s.json"],
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        env={**os.environ, "TMPDIR": str(tmp_path)},
        preexec_fn=like_a_terminal,
    )


def _wait_for(path: Path, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + HANG_GUARD
    while not path.exists() or not path.read_text().strip():
        assert proc.poll() is None and time.monotonic() < deadline, "the scheduler did not start"
        time.sleep(0.1)


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_stopped_scheduler_ends_as_every_command_does(
    tmp_path: Path, number: signal.Signals
) -> None:
    """F10: SIGTERM and SIGINT ended it with status 0, and SIGHUP without a word."""
    with _scheduler(tmp_path) as scheduler:
        _wait_for(tmp_path / "s.json", scheduler)
        scheduler.send_signal(number)
        _, err = scheduler.communicate(timeout=HANG_GUARD)
    assert scheduler.returncode == 128 + number
    lines = err.decode().strip().splitlines()
    assert lines[-1] == f"nqueens: stopped by {number.name}", lines
    assert "Traceback" not in err.decode()
    assert [p.name for p in tmp_path.iterdir()] == []  # no scratch folder left


@pytest.mark.compiled
def test_workers_stop_as_every_command_and_leave_no_scratch(tmp_path: Path) -> None:
    with _scheduler(tmp_path) as scheduler:
        _wait_for(tmp_path / "s.json", scheduler)
        address = json.loads((tmp_path / "s.json").read_text())["address"]
        with subprocess.Popen(
            [*NQUEENS, "cluster", "worker", address, "--nworkers", "1", "--host", "127.0.0.1"],
            cwd=tmp_path,
            stderr=subprocess.PIPE,
            env={**os.environ, "TMPDIR": str(tmp_path)},
        ) as worker:
            deadline = time.monotonic() + HANG_GUARD
            while not any(p.name.startswith("nqueens-dask-") for p in tmp_path.iterdir()):
                assert time.monotonic() < deadline
                time.sleep(0.1)
            time.sleep(3)  # its nanny and worker start, with their scratch folders
            worker.send_signal(signal.SIGTERM)
            _, err = worker.communicate(timeout=HANG_GUARD)
        scheduler.send_signal(signal.SIGTERM)
        scheduler.communicate(timeout=HANG_GUARD)
    assert worker.returncode == 128 + signal.SIGTERM, err.decode()[-2000:]
    assert err.decode().strip().splitlines()[-1] == "nqueens: stopped by SIGTERM"
    assert [p.name for p in tmp_path.iterdir()] == []


# The watching itself, with a child of our own making.


def _child(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def test_a_childs_traceback_becomes_its_one_line_error(capfd: pytest.CaptureFixture[str]) -> None:
    code = (
        "import sys\n"
        "print('a log line', file=sys.stderr)\n"
        "try:\n    raise KeyError('first')\n"
        "except KeyError:\n    raise OSError(98, 'Address already in use')\n"
    )
    with pytest.raises(BackendUnavailableError, match=r"dask stopped: OSError: \[Errno 98\]"):
        supervise(_child(code), {})
    err = capfd.readouterr().err
    assert err == "a log line\n"  # passed on; the chained tracebacks folded into the error


def test_a_traceback_while_running_is_one_line_of_ours(capfd: pytest.CaptureFixture[str]) -> None:
    code = (
        "import sys, traceback\n"
        "try:\n    1 / 0\nexcept ZeroDivisionError:\n    traceback.print_exc()\n"
        "print('still running', file=sys.stderr)\n"
    )
    assert supervise(_child(code), {}) == Ended()
    assert capfd.readouterr().err == (
        "nqueens: dask: ZeroDivisionError: division by zero\nstill running\n"
    )


def test_a_child_that_keeps_running_after_sigterm_is_killed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import nqueens.cli._supervise as watched

    monkeypatch.setattr(watched, "STOP_GRACE", 1.0)
    code = "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\ntime.sleep(600)\n"
    child = subprocess.Popen(_child(code), stderr=subprocess.PIPE)
    time.sleep(0.5)
    watched._stop(child, signal.SIGTERM, watched._Relay("test"))
    assert child.returncode == -signal.SIGKILL
