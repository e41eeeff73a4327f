"""Every command stops within a second of SIGINT, SIGTERM or SIGHUP (issue 44 section 3),
whatever the method, the variant, the workers or where the output goes: sent to the
process alone, to its whole process group (as `timeout`, a terminal and `kill -PGID`
send it), and as Ctrl-C typed in a terminal (a pty).

Before, a count on one worker waited for its subproblem (hours at N = 28), the plan of
a variant's count for its timed subproblem, and a listing on a pool hung for ever: the
group's SIGTERM killed a pool worker holding the pool's lock, which the parent then
waited for.

How the bound is measured: the command is started, and the test waits (generously, up
to `START_GUARD`) until it is under way: its worker process exists and it has run a
moment more. The time is taken from the signal to the command's exit, strictly one
second as the issue asks. A loaded machine can delay any process by a time slice or
two, not by a second; but so that a machine busy with other work never fails the
suite, a case over the bound is tried once more on a fresh process, and fails only
when both tries were late. The old defects took minutes to forever, not a second.
"""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.processes import NQUEENS, journal_rows, like_a_terminal

pytestmark = [
    pytest.mark.compiled,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
]

STOP_SECONDS = 1.0
START_GUARD = 120.0
SETTLE = 0.5
"""Seconds the command runs once its worker exists, before the signal: well into its work."""


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def _wait_under_way(process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_GUARD
    while not _children(process.pid):
        assert process.poll() is None, "the command ended before it could be stopped"
        assert time.monotonic() < deadline, "the command never started its work"
        time.sleep(0.05)
    time.sleep(SETTLE)
    assert process.poll() is None, "the command ended before it could be stopped"


def _stop_seconds(
    args: list[str],
    send: Callable[[subprocess.Popen[bytes]], None],
    cwd: Path,
    **popen: object,
) -> tuple[float, int, str]:
    """Start `nqueens ARGS`, wait until it is under way, `send` the stop; the seconds from
    the signal to its exit, its status and what it said on stderr."""
    err = cwd / "stderr"
    with err.open("wb") as stderr:
        process = subprocess.Popen(  # type: ignore[call-overload]
            [*NQUEENS, *args],
            cwd=cwd,
            stdout=popen.pop("stdout", subprocess.DEVNULL),
            stderr=stderr,
            start_new_session=True,
            **popen,
        )
        try:
            _wait_under_way(process)
            sent = time.monotonic()
            send(process)
            status = process.wait(timeout=START_GUARD)
            took = time.monotonic() - sent
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
    return took, status, err.read_text(errors="replace")


def _within_a_second(
    args: list[str], send: Callable[[subprocess.Popen[bytes]], None], cwd: Path, **popen: object
) -> tuple[int, str]:
    took, status, said = _stop_seconds(args, send, cwd, **dict(popen))
    if took > STOP_SECONDS:  # a busy machine: once more, on a fresh process
        took, status, said = _stop_seconds(args, send, cwd, **dict(popen))
    assert took <= STOP_SECONDS, f"stopped {took:.2f} s after the signal: {said[-500:]}"
    assert "Traceback" not in said, said[-2000:]
    return status, said


def _to_the_group(number: int) -> Callable[[subprocess.Popen[bytes]], None]:
    return lambda process: os.killpg(process.pid, number)


def _to_the_process(number: int) -> Callable[[subprocess.Popen[bytes]], None]:
    return lambda process: process.send_signal(number)


CASES = {
    "count one worker": ["count", "28", "-w", "1", "-q"],
    "backtrack one worker": ["count", "28", "-m", "backtrack", "-w", "1", "-q"],
    "toroidal, its plan": ["count", "23", "-V", "toroidal", "-w", "1", "-q"],  # coprime to 6
    "superqueens two workers": ["count", "28", "-V", "superqueens", "-w", "2", "-q"],
    "listing on two workers": ["solve", "16", "--all", "--format", "json", "-w", "2"],
}


STOPS = [
    *((case, "group", signal.SIGTERM) for case in CASES),
    ("count one worker", "process", signal.SIGTERM),
    ("listing on two workers", "process", signal.SIGTERM),
    ("toroidal, its plan", "group", signal.SIGHUP),
]


@pytest.mark.parametrize(("case", "how", "number"), STOPS)
def test_a_stop_comes_within_a_second(case: str, how: str, number: int, tmp_path: Path) -> None:
    send = _to_the_group(number) if how == "group" else _to_the_process(number)
    out = (tmp_path / "out.txt").open("wb")
    with out:
        status, said = _within_a_second(CASES[case], send, tmp_path, stdout=out)
    assert status == 128 + number, said
    last = said.strip().splitlines()[-1]
    # stopped while it planned, or while it counted: then what the count kept is said
    assert last == f"nqueens: stopped by {signal.Signals(number).name}" or (
        CASES[case][0] == "count" and last.startswith("nqueens: interrupted after ")
    ), said


def test_sigint_to_the_group_ends_as_ctrl_c(tmp_path: Path) -> None:
    status, said = _within_a_second(
        CASES["count one worker"], _to_the_group(signal.SIGINT), tmp_path,
        preexec_fn=like_a_terminal,
    )  # fmt: skip
    assert status == 130, said


def _terminal() -> Callable[[], None]:
    """The child's set-up in a pty: its own session, the pty its controlling terminal."""

    def take_the_terminal() -> None:
        like_a_terminal()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    return take_the_terminal


def test_ctrl_c_typed_in_a_terminal(tmp_path: Path) -> None:
    """Ctrl-C typed in a real terminal (a pty): its line discipline sends SIGINT to the
    foreground process group, the command and its worker together."""
    master, slave = pty.openpty()
    try:

        def type_ctrl_c(process: subprocess.Popen[bytes]) -> None:
            os.write(master, b"\x03")

        took, status, said = 0.0, 0, ""
        for _ in range(2):  # once more on a busy machine, as `_within_a_second`
            took, status, said = _stop_seconds(
                ["count", "28", "-w", "1"], type_ctrl_c, tmp_path,
                stdin=slave, stdout=slave, preexec_fn=_terminal(),
            )  # fmt: skip
            if took <= STOP_SECONDS:
                break
        assert took <= STOP_SECONDS, f"stopped {took:.2f} s after Ctrl-C"
        assert status == 130 and "Traceback" not in said, said[-2000:]
    finally:
        os.close(master)
        os.close(slave)


def test_a_group_stop_keeps_what_the_workers_finished(tmp_path: Path) -> None:
    """`kill -TERM -PGID` reaches the workers too: they leave the stop to the count,
    which keeps every piece they sent in its journal."""
    journal = tmp_path / "j.db"
    args = ["count", "19", "-m", "backtrack", "-w", "2", "--batch-size", "64", "-j", str(journal)]

    def when_some_are_kept(process: subprocess.Popen[bytes]) -> None:
        deadline = time.monotonic() + START_GUARD
        while journal_rows(journal) < 2:
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        os.killpg(process.pid, signal.SIGTERM)

    _, status, said = _stop_seconds(args, when_some_are_kept, tmp_path)
    kept = journal_rows(journal)
    assert status == 128 + signal.SIGTERM, said
    assert f"interrupted after {kept:,} of " in said and "kept in" in said
