"""Helpers for tests that run the command as a real process."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import time
from pathlib import Path


def like_a_terminal() -> None:
    """Give the child Ctrl-C as a terminal would: SIGINT at its default disposition.

    A test run started in the background by a non-interactive shell inherits SIGINT as
    ignored, and an ignored signal stays ignored across exec; a user's shell does not.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def journal_rows(path: Path) -> int:
    """Subproblems a journal holds (0 while it does not exist yet)."""
    try:
        with sqlite3.connect(path) as db:
            return int(db.execute("SELECT count(*) FROM done").fetchone()[0])
    except sqlite3.Error:
        return 0


def wait_for_rows(path: Path, proc: subprocess.Popen[str], minimum: int) -> None:
    """Wait until a running count has journaled `minimum` subproblems."""
    deadline = time.monotonic() + 180
    while journal_rows(path) < minimum:
        assert proc.poll() is None, "the count ended before it could be interrupted"
        assert time.monotonic() < deadline, "the count made no progress"
        time.sleep(0.05)


def run_nqueens(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`nqueens ARGS...` as a real process in this Python, its output as text."""
    import sys

    return subprocess.run(
        [sys.executable, "-m", "nqueens", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )
