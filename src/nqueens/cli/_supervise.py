"""A Dask program run and watched: `nqueens cluster scheduler` and `nqueens cluster
worker` start Dask's own command line as a child, and end as every command does.

Dask's command lines end with status 0 on SIGTERM and on Ctrl-C, die without a word on
SIGHUP, and print a traceback of dozens of lines when they cannot start (a port in use,
a bad certificate). Watched from here, their log lines are passed on as they come, each
traceback folded into its last line; a stopping signal is passed on and the child waited
for, and the command then ends with one line and 128 + the signal's number (130, 143,
129). A child that ends in an error makes one line too: its traceback's last.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from nqueens.cli._signals import STOPPING_SIGNALS
from nqueens.errors import BackendUnavailableError

__all__ = ["STOP_GRACE", "Ended", "supervise"]

STOP_GRACE = 30.0
"""Seconds a child has to close after a stopping signal before it is killed."""

_CHAINS = ("During handling of the above exception", "The above exception was the direct")


@dataclass(frozen=True)
class Ended:
    """How a watched child ended: `signal` is the stopping signal passed on to it (the
    command then ends as that signal ends a command), None when it ended by itself."""

    signal: int | None = None


class _Relay:
    """The child's standard error passed on line by line, a traceback folded into one
    line: its last, said when the next ordinary line comes, or kept as the child's
    error when the output ends there."""

    def __init__(self, program: str) -> None:
        self.program = program
        self.in_trace = False
        self.pending: str | None = None  # a traceback's last line, not yet said
        self.last_error: str | None = None

    def feed(self, raw: bytes) -> None:
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        if line.startswith("Traceback (most recent call last):"):
            self.in_trace = True
            return
        if self.in_trace:
            if not line.strip() or line[:1].isspace():
                return  # a frame of the traceback
            self.in_trace = False
            self.pending = line  # its exception; a chained one may follow
            return
        if self.pending is not None and (not line.strip() or line.startswith(_CHAINS)):
            return  # between two tracebacks of one chain
        self.flush()
        _say(line)

    def flush(self) -> None:
        """Say the traceback folded so far as one line of ours."""
        if self.pending is not None:
            self.last_error = self.pending
            _say(f"nqueens: {self.program}: {self.pending}")
            self.pending = None

    def error(self) -> str | None:
        """The child's last traceback, when the output ended with one."""
        return self.pending or self.last_error


def _say(line: str) -> None:
    if sys.stderr is not None:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


def supervise(argv: Sequence[str], env: Mapping[str, str], program: str = "dask") -> Ended:
    """Run `argv` as a child and watch it until it ends (see the module's notes).

    Returns how it ended when it ended by a stopping signal given to this process, or
    with status 0; raises BackendUnavailableError, in one line, when it failed.
    """
    relay = _Relay(program)
    child = subprocess.Popen(
        list(argv), env=dict(env), stdin=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        _pump(child, relay)
        status = child.wait()
    except KeyboardInterrupt as stop:  # Ctrl-C; SIGTERM and SIGHUP (the CLI's Terminated)
        number = int(getattr(stop, "signum", signal.SIGINT))
        with _deaf():
            _stop(child, number, relay)
        relay.flush()
        return Ended(number)
    finally:
        if child.stderr is not None:
            child.stderr.close()
    if status == 0:
        relay.flush()
        return Ended()
    error = relay.error()
    if status < 0:
        error = error or f"ended by {signal.Signals(-status).name}"
    raise BackendUnavailableError(
        f"{program} stopped: {error}" if error else f"{program} stopped with status {status}"
    )


def _pump(
    child: subprocess.Popen[bytes], relay: _Relay, tick: Callable[[], bool] | None = None
) -> None:
    """Pass the child's output on until it ends (or `tick`, asked between reads, says to
    stop waiting). The pipe is read as it comes, not by lines that may wait: a child's
    own child may hold it open after the child ended."""
    assert child.stderr is not None
    descriptor = child.stderr.fileno()
    held = b""
    while tick is None or not tick():
        ready, _, _ = select.select([descriptor], [], [], 0.1)
        if not ready:
            if child.poll() is not None:
                break
            continue
        data = os.read(descriptor, 1 << 16)
        if not data:
            break
        *lines, held = (held + data).split(b"\n")
        for line in lines:
            relay.feed(line)
    if held:
        relay.feed(held)


def _stop(child: subprocess.Popen[bytes], number: int, relay: _Relay) -> None:
    """Pass the stop on and wait for the child, its output still passed on; kill it if
    it has not closed within `STOP_GRACE`. Ctrl-C at a terminal reaches the child too
    (one process group), so it is passed on only if the child still runs a moment
    later; a hang-up becomes SIGTERM, on which Dask closes in order."""
    if number != signal.SIGINT:
        _signal(child, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE
    nudge: float | None = time.monotonic() + 1.0 if number == signal.SIGINT else None

    def tick() -> bool:
        nonlocal nudge
        now = time.monotonic()
        if nudge is not None and now >= nudge:
            _signal(child, signal.SIGTERM)
            nudge = None
        if now >= deadline:
            child.kill()
            return True
        return False

    _pump(child, relay, tick)
    child.wait()


def _signal(child: subprocess.Popen[bytes], number: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(child.pid, number)


@contextlib.contextmanager
def _deaf() -> Iterator[None]:
    """Stopping signals ignored while the child closes: the first asked for exactly
    this (only the main thread hears signals, and only it may change their handling)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    numbers = [signal.SIGINT, *STOPPING_SIGNALS]
    previous = {number: signal.signal(number, signal.SIG_IGN) for number in numbers}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
