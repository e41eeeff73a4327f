"""Running the command in tests: as a real process (`run_nqueens`, `NQUEENS` for the
tests that start one themselves), or in this process by click's runner (`invoke`)."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

NQUEENS = [sys.executable, "-m", "nqueens"]
"""The command as a user runs it, in this Python."""


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


def run_nqueens(
    *args: str,
    stdin: str | bytes | None = None,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    text: bool = True,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """`nqueens ARGS...` as a real process in this Python, its output as text (as bytes
    with `text=False`), within `timeout` seconds."""
    return subprocess.run(
        [*NQUEENS, *args],
        input=stdin,
        capture_output=True,
        text=text,
        cwd=cwd,
        env=env,
        timeout=timeout,
    )


class Invoked(tuple[int, str, str]):
    """What `invoke` saw: (status, stdout, stderr), as a tuple compares and unpacks;
    `stdout_bytes` as written, `output` both streams as a terminal shows them."""

    stdout_bytes: bytes
    output: str

    def __new__(cls, status: int, stdout: str, stderr: str, raw: bytes, output: str) -> Invoked:
        invoked = super().__new__(cls, (status, stdout, stderr))
        invoked.stdout_bytes, invoked.output = raw, output
        return invoked

    @property
    def status(self) -> int:
        return self[0]

    @property
    def stdout(self) -> str:
        return self[1]

    @property
    def stderr(self) -> str:
        return self[2]


def invoke(*args: str, input: str | None = None, width: int | None = None) -> Invoked:
    """`nqueens ARGS...` in this process by click's runner (the error boundary included),
    `width` columns wide for the help."""
    from click.testing import CliRunner

    from nqueens.cli import cli

    result = CliRunner().invoke(cli, list(args), input=input, terminal_width=width)
    return Invoked(
        result.exit_code, result.stdout, result.stderr, result.stdout_bytes, result.output
    )
