"""Dask's log lines kept off the terminal, the few that matter said in our words, and
Ctrl-C held off while a cluster is being stopped."""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
import warnings
from collections.abc import Iterator

from nqueens.errors import ClusterNoticeWarning

__all__ = ["DaskLogs", "no_ctrl_c", "stopping_quietly"]


@contextlib.contextmanager
def no_ctrl_c() -> Iterator[None]:
    """Ctrl-C ignored for a moment (a process started meanwhile inherits that); only the
    main thread may change it, and only the main thread hears it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


_DASK_LOGGERS = ("distributed", "distributed.client", "distributed.gc", "tornado", "asyncio")
"""The loggers Dask configures with handlers of their own (and asyncio, whose errors
would otherwise reach stderr through logging's last resort)."""

_IN_OUR_WORDS = {
    "Couldn't gather": "a Dask worker was lost before its results were collected; its "
    "tasks run again on the others (the count stays exact)",
    "Removing worker": "a Dask worker left the cluster; its tasks run again on the others",
}
"""Dask's log lines worth a word to the user, by how they begin, said as a warning."""


class DaskLogs(logging.Handler):
    """Dask's own log lines kept off the terminal: the few that matter said in our words
    (as a `ClusterNoticeWarning`, which the command line prints as one line), the rest
    dropped; nothing at all once the cluster is being stopped."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.closing = False

    def install(self) -> None:
        for name in _DASK_LOGGERS:
            logger = logging.getLogger(name)
            logger.handlers = [self]
            logger.propagate = False
            logger.setLevel(logging.WARNING)

    def emit(self, record: logging.LogRecord) -> None:
        if self.closing:
            return
        text = str(record.msg)
        for start, said in _IN_OUR_WORDS.items():
            if text.startswith(start):
                warnings.warn(said, ClusterNoticeWarning, stacklevel=1)

    def silence(self) -> None:
        """Nothing more from Dask, even at interpreter exit: a cluster being stopped
        reports closed connections and cancelled tasks that change nothing."""
        self.closing = True
        for name in _DASK_LOGGERS:
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)


@contextlib.contextmanager
def stopping_quietly(logs: DaskLogs) -> Iterator[None]:
    """Around the client's and the cluster's closing: Dask silenced, and a second Ctrl-C
    ignored (the first already asked for exactly this)."""
    logs.silence()
    with no_ctrl_c():
        yield
