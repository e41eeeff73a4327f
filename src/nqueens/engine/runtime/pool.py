"""Subproblems run on this machine: in this process, or on a pool of forked worker
processes, in batches sized so that no worker is left with a long tail at the end.
A Dask cluster is reached through `scheduler=` instead (cluster.py), which binds its
client into a runner of the same shape (`Backend`)."""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.pool
import signal
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from nqueens.engine.counter import Parts

__all__ = [
    "BACKENDS",
    "BATCH_LIMIT",
    "Backend",
    "batches",
    "default_batch",
    "process_context",
    "quiet_worker",
    "worker_pool",
]

Indices = npt.NDArray[np.intp]
Counts = npt.NDArray[np.int64]
Batches = Sequence[Indices]
Backend = Callable[[Parts, Batches, int], Generator[tuple[Indices, Counts], None, None]]


def process_context() -> multiprocessing.context.BaseContext:
    """fork where the platform has it: workers inherit the compiled kernels and their
    data, and callers need no `if __name__ == "__main__"` guard. The CLI keeps this
    process free of threads (its progress bar refreshes from the progress callback), so
    forking is safe."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


STOPPING = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals by which a count is stopped (the CLI turns each into an interrupt)."""


def quiet_worker() -> None:
    """A pool worker's initializer: Ctrl-C and a hang-up are the parent's to handle (it
    stops the pool), so a worker never prints a KeyboardInterrupt traceback of its own;
    SIGTERM, by which the pool stops its workers, gets back its default action (the CLI
    turns it into an interrupt in the parent, and a fork inherits that). The workers are
    forked with these signals blocked (`_blocked`): one that came before this ran is
    delivered now, to the handlers set here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):  # POSIX only
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)


def worker_pool(
    workers: int, initializer: Callable[..., None] = quiet_worker, initargs: tuple[Any, ...] = ()
) -> multiprocessing.pool.Pool:
    """A pool of forked workers that never print a traceback of their own when stopped:
    forked with the stopping signals held back until their initializer (which must call
    `quiet_worker`) has set their handlers."""
    with _blocked():
        return process_context().Pool(workers, initializer=initializer, initargs=initargs)


@contextlib.contextmanager
def _blocked() -> Iterator[None]:
    """The stopping signals held back while workers are forked, so that a worker stopped
    before its initializer ran (the pool stops early workers when the work is done, or at
    Ctrl-C) dies quietly instead of raising the parent's KeyboardInterrupt in its start-up."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


BATCH_LIMIT = 32
"""The most subproblems a task counts by default (a method's `batch_limit`)."""


def default_batch(pending: int, workers: int, limit: int | None = BATCH_LIMIT) -> int:
    """Small batches by default, so that no worker is left with a long tail at the end: a
    sixteenth of a worker's share, at most `limit` subproblems (None: no limit, for a
    method whose task is one launch on a GPU, which should be large)."""
    size = pending // (workers * 16)
    return max(1, size if limit is None else min(limit, size))


def batches(
    pending: Indices, workers: int, size: int | None = None, limit: int | None = BATCH_LIMIT
) -> list[Indices]:
    size = size or default_batch(len(pending), workers, limit)
    return [pending[i : i + size] for i in range(0, len(pending), size)]


def _count(parts: Parts, indices: Indices) -> Counts:
    function, arguments = parts.task(indices)
    counts: Counts = function(*arguments)
    return counts


def _run_inprocess(
    parts: Parts, batches: Batches, workers: int
) -> Generator[tuple[Indices, Counts], None, None]:
    for indices in batches:
        yield indices, _count(parts, indices)


_worker_parts: Parts | None = None


def _init_worker(parts: Parts) -> None:
    global _worker_parts
    _worker_parts = parts
    quiet_worker()


def _count_in_worker(indices: Indices) -> tuple[Indices, Counts]:
    assert _worker_parts is not None
    return indices, _count(_worker_parts, indices)


def _run_processes(
    parts: Parts, batches: Batches, workers: int
) -> Generator[tuple[Indices, Counts], None, None]:
    pool = worker_pool(workers, _init_worker, (parts,))
    try:
        yield from pool.imap_unordered(_count_in_worker, batches)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


BACKENDS: dict[str, Backend] = {
    "inprocess": _run_inprocess,
    "process": _run_processes,
}
"""How subproblems are run on this machine, by name; a Dask cluster is reached through
`scheduler=` instead, which binds its client into a runner."""
