"""SIGTERM and SIGHUP end a command as Ctrl-C does.

A service manager's stop, `kill`, `timeout` and a closed terminal send these; the default
action would end the process on the spot, leaving `.NAME.*.part` files behind and a
journal's last batch unrecorded. Raised as a `KeyboardInterrupt` instead, they run the very
clean-up that Ctrl-C runs (temporary files removed, the journal kept), and the command ends
with the status a shell gives a process ended by the signal, 128 + its number: 143 for
SIGTERM, 129 for SIGHUP.
"""

from __future__ import annotations

import functools
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

__all__ = ["STOPPING_SIGNALS", "Stopped", "Terminated", "received", "stopping_as_interrupt"]

STOPPING_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""SIGHUP is POSIX only."""

_received: list[int] = []
_AGAIN = getattr(signal, "SIGALRM", None)  # POSIX only, as setitimer
AGAIN_SECONDS = 0.05
"""How soon a stop that came during a finalizer is raised again, outside it."""


class Terminated(KeyboardInterrupt):
    """A stopping signal, raised where the program stood (it is a KeyboardInterrupt, so
    every `except KeyboardInterrupt` clean-up runs for it too)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class Stopped(Exception):
    """The stopping signal once the command has cleaned up: no longer an interrupt, so
    that click does not treat it as Ctrl-C (an empty line, status 1)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def exit_status(self) -> int:
        return 128 + self.signum


def received() -> Stopped | None:
    """The stopping signal received during this command, if any."""
    return Stopped(_received[-1]) if _received else None


def _raise(signum: int, frame: FrameType | None) -> None:
    _received.append(signum)
    raise Terminated(signum)


@contextmanager
def stopping_as_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise `Terminated` (in the main thread only,
    where Python runs signal handlers; elsewhere the block changes nothing)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _received.clear()
    previous = {number: signal.signal(number, _raise) for number in STOPPING_SIGNALS}
    if _AGAIN is not None:
        previous[_AGAIN] = signal.signal(_AGAIN, _raise_again)
    hook = sys.unraisablehook
    sys.unraisablehook = functools.partial(_unraisable, hook)
    try:
        yield
    finally:
        if _AGAIN is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
        sys.unraisablehook = hook
        for number, handler in previous.items():
            signal.signal(number, handler)


def _unraisable(hook: Callable[[Any], object], unraisable: Any) -> None:
    """A stop that came while Python ran a finalizer (`__del__`, a weakref's callback),
    where an exception cannot be raised: Python would print its traceback and go on,
    and a long count with it. It is noted (`received`) and raised again a moment later
    (SIGALRM), outside the finalizer; where there is no SIGALRM, the command ends as
    stopped once it returns."""
    if isinstance(unraisable.exc_value, Terminated):
        if _AGAIN is not None:
            signal.setitimer(signal.ITIMER_REAL, AGAIN_SECONDS)
        return
    hook(unraisable)


def _raise_again(signum: int, frame: FrameType | None) -> None:
    """The stop noted during a finalizer, raised where the program now stands."""
    if _received:
        raise Terminated(_received[-1])
