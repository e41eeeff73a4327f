"""Running the command in tests, the one place that starts it: in this process by click's
runner (`invoke`, the error boundary included), or as a real process: `run_nqueens`;
`nqueens` in a folder, its output as bytes; `run_in_locale` without this environment's
locale; `start_nqueens` and `start_count` running on in a process group of their own;
`NQUEENS` for a test that starts it itself (a pty, a signal, streams of its own);
`nqueens_after` for one that changes or reads something in the command's own process.
And what a test reads of it: the error contract a failed command keeps
(`assert_one_line`), the rows a running count has journaled. tests/test_layout.py holds
every other test module to starting it here."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

NQUEENS = [sys.executable, "-m", "nqueens"]
"""The command as a user runs it, in this Python."""


def nqueens_after(before: str = "", after: str = "") -> list[str]:
    """The command line of a Python that runs `before`, then the command (its arguments
    those that follow on the line), then `after` however the command ended, its exit kept:
    for a test that changes something in the command's own process, or reads it there."""
    end = "".join(f"    {line}\n" for line in (after or "pass").splitlines())
    code = (
        f"{before}\n"
        "import sys\n"
        "from nqueens.cli import main\n"
        "sys.argv = ['nqueens', *sys.argv[1:]]\n"
        f"try:\n    main()\nfinally:\n{end}"
    )
    return [sys.executable, "-c", code]


MESSAGE_LIMIT = 200
HANG_GUARD = 180  # seconds: far beyond any honest answer, short of a hung CI job


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


def nqueens(
    *args: str, cwd: Path, stdin: bytes | None = None
) -> subprocess.CompletedProcess[bytes]:
    """The command in `cwd`, its input `stdin` (default: none), 100 columns wide."""
    given = stdin if stdin is not None else b""
    env = {**os.environ, "COLUMNS": "100"}
    return run_nqueens(*args, stdin=given, cwd=cwd, env=env, text=False, timeout=HANG_GUARD)


def assert_one_line(result: subprocess.CompletedProcess[bytes], status: int = 2) -> str:
    """The error contract: the status, one short line on stderr, no traceback."""
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == status, (result.returncode, err[-2000:])
    assert "Traceback" not in err and "Error:" not in err.replace("error:", ""), err[-2000:]
    lines = err.strip().splitlines()
    assert len(lines) == 1, err[-2000:]
    assert len(lines[0]) < MESSAGE_LIMIT, lines[0]
    if status == 2:
        assert lines[0].startswith("nqueens: error: "), lines[0]
    return lines[0]


def run_in_locale(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`run_nqueens` with none of this environment's locale variables (LANG, LC_*), and
    the variables `env` given."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    return run_nqueens(*args, env={**environment, **env})


def start_nqueens(*args: str, cwd: Path | None = None) -> subprocess.Popen[str]:
    """`nqueens ARGS...` running on in its own process group, as a shell starts a job
    (Ctrl-C at its default disposition), its output piped as text."""
    return subprocess.Popen(
        [*NQUEENS, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        start_new_session=True,  # its own process group, like a shell job
        preexec_fn=like_a_terminal,
    )


def kill_count(proc: subprocess.Popen[str], journal: Path) -> None:
    """Kill a count started by `start_count` and its workers at once (`kill -9` of the
    job), and wait until none holds its journal: the parent is reaped at once, but a
    worker still exiting holds the journal's lock a moment longer, and a resume then
    would be told the journal is in use (as a person resuming that instant would)."""
    from nqueens.engine.runtime.claim import Claim
    from nqueens.errors import JournalError

    os.killpg(proc.pid, signal.SIGKILL)  # the parent and its workers, no chance to clean up
    proc.wait(timeout=30)
    deadline = time.monotonic() + 30
    while True:
        try:
            Claim(journal).release()
            return
        except JournalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def start_count(n: int, journal: Path, method: str = "backtrack") -> subprocess.Popen[str]:
    """`nqueens count N --journal JOURNAL --method METHOD -q` running on (`start_nqueens`)."""
    return start_nqueens("count", str(n), "--journal", str(journal), "--method", method, "-q")


class Invoked(tuple[int, str, str]):
    """What `invoke` saw: (status, stdout, stderr), as a tuple compares and unpacks;
    `stdout_bytes` and `stderr_bytes` as written, `output` both streams as a terminal
    shows them, `exception` what the command raised (None, or SystemExit's)."""

    stdout_bytes: bytes
    stderr_bytes: bytes
    output: str
    exception: BaseException | None

    def __new__(cls, status: int, stdout: str, stderr: str) -> Invoked:
        return super().__new__(cls, (status, stdout, stderr))

    @property
    def status(self) -> int:
        return self[0]

    @property
    def stdout(self) -> str:
        return self[1]

    @property
    def stderr(self) -> str:
        return self[2]


def invoke(
    *args: str, input: str | None = None, width: int | None = None, prog_name: str | None = None
) -> Invoked:
    """`nqueens ARGS...` in this process by click's runner (the error boundary included),
    `width` columns wide for the help, its usage lines naming `prog_name` where given
    (click's runner names the group's function, `cli`, else); this process's umask kept."""
    from click.testing import CliRunner

    from nqueens.cli import cli

    named = {} if prog_name is None else {"prog_name": prog_name}
    umask = os.umask(0o022)
    os.umask(umask)
    try:
        result = CliRunner().invoke(cli, list(args), input=input, terminal_width=width, **named)
    finally:  # this process's again: `cluster` narrows it to 077 for what Dask writes
        os.umask(umask)
    invoked = Invoked(result.exit_code, result.stdout, result.stderr)
    invoked.stdout_bytes, invoked.stderr_bytes = result.stdout_bytes, result.stderr_bytes
    invoked.output, invoked.exception = result.output, result.exception
    return invoked
