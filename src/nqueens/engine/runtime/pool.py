"""Subproblems run on this machine: in this process, or on a pool of forked worker
processes, in batches sized so that no worker is left with a long tail at the end.
A Dask cluster is reached through `scheduler=` instead (cluster.py), which binds its
client into a runner of the same shape (`Backend`)."""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import signal
import time
from collections.abc import Callable, Generator, Sequence

from nqueens.engine.arrays import Counts, Indices
from nqueens.engine.counter import Parts

__all__ = [
    "BACKENDS",
    "BATCH_LIMIT",
    "TASKS_PER_WORKER",
    "Backend",
    "batches",
    "default_batch",
    "process_context",
    "quiet_worker",
    "start_pool",
]

Batches = Sequence[Indices]
Backend = Callable[[Parts, Batches, int], Generator[tuple[Indices, Counts], None, None]]


def process_context() -> multiprocessing.context.BaseContext:
    """fork where the platform has it: workers inherit the compiled kernels and their
    data, and callers need no `if __name__ == "__main__"` guard. The CLI keeps this
    process free of threads (its progress bar refreshes from the progress callback), so
    forking is safe."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


_STOPPING = {signal.SIGINT, signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])}


def start_pool(
    workers: int, initializer: Callable[..., None] | None = None, initargs: tuple[object, ...] = ()
) -> multiprocessing.pool.Pool:
    """A pool of `workers` processes, each set up by `initializer` (default
    `quiet_worker`, which the initializer must call). The stopping signals are held back
    while the workers are forked, so each starts with them blocked and takes them only
    once `quiet_worker` has given them their worker's handling: a pool stopped as soon
    as it starts (a count with nothing left to do, then an error) would otherwise see a
    worker end in the parent's handler, with a traceback."""
    held = hasattr(signal, "pthread_sigmask")
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING) if held else set()
    try:
        return process_context().Pool(
            workers, initializer=initializer or quiet_worker, initargs=initargs
        )
    finally:
        if held:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)


def quiet_worker() -> None:
    """A pool worker's initializer: Ctrl-C and a hang-up are the parent's to handle (it
    stops the pool), so a worker never prints a KeyboardInterrupt traceback of its own;
    SIGTERM, by which the pool stops its workers, gets back its default action (the CLI
    turns it into an interrupt in the parent, and a fork inherits that). The signals,
    held back while the worker was forked (`start_pool`), are let through again."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):  # POSIX only
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _end_with_the_parent()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)


_PR_SET_PDEATHSIG = 1
"""Linux's prctl option: a signal for this process when the one that started it ends."""


def _end_with_the_parent() -> None:
    """On Linux, SIGTERM (its default action: an end without a word) as soon as the
    parent ends, even by kill -9: an orphaned worker would otherwise finish its task and
    print a BrokenPipeError traceback on the terminal for each result it cannot send."""
    import ctypes
    import ctypes.util
    import os
    import sys

    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # no C library to ask: the old behaviour
        return
    parent = multiprocessing.parent_process()
    if parent is not None and os.getppid() != parent.pid:  # it ended before we asked
        os.kill(os.getpid(), signal.SIGTERM)


BATCH_LIMIT = 32
"""The most subproblems a task counts by default (a method's `batch_limit`)."""


TASKS_PER_WORKER = 16
"""Tasks a worker's share is cut into by default (a method's `tasks_per_worker`)."""


def default_batch(
    pending: int, workers: int, limit: int | None = BATCH_LIMIT, tasks: int = TASKS_PER_WORKER
) -> int:
    """Small batches by default, so that no worker is left with a long tail at the end: a
    worker's share cut into `tasks`, at most `limit` subproblems each (None: no limit, for
    a method whose task is wide, a GPU's: then exactly `tasks` of them, the last a little
    smaller, never a sliver left over as one more).

    >>> default_batch(10, 1, 32, 4), default_batch(10, 1, None, 4)
    (2, 3)
    """
    if limit is None:
        return max(1, -(-pending // (workers * tasks)))
    return max(1, min(limit, pending // (workers * tasks)))


def batches(
    pending: Indices,
    workers: int,
    size: int | None = None,
    limit: int | None = BATCH_LIMIT,
    tasks: int = TASKS_PER_WORKER,
) -> list[Indices]:
    size = size or default_batch(len(pending), workers, limit, tasks)
    return [pending[i : i + size] for i in range(0, len(pending), size)]


def _count(parts: Parts, indices: Indices) -> Counts:
    function, arguments = parts.task(indices)
    counts: Counts = function(*arguments)
    return counts


CALL_SECONDS = 0.25
"""About the longest one compiled call runs in this process. A signal (Ctrl-C, SIGTERM)
waits for the call under way, since a numba kernel cannot be interrupted from Python:
each batch is counted in pieces about this long, so that a stop comes within a second and
keeps every piece that finished."""


def next_piece(size: int, seconds: float) -> int:
    """The size of the next piece, after one of `size` subproblems took `seconds`: sized
    to take about `CALL_SECONDS`, growing at most fourfold and shrinking at once (a
    subproblem may take far longer than the one before it).

    >>> next_piece(1, 0.001), next_piece(100, 1.0), next_piece(100, 0.25)
    (4, 25, 100)
    """
    wanted = round(size * CALL_SECONDS / max(seconds, 1e-9))
    return max(1, min(4 * size, wanted))


def _run_inprocess(
    parts: Parts, batches: Batches, workers: int
) -> Generator[tuple[Indices, Counts], None, None]:
    """Each batch in pieces of about `CALL_SECONDS` (`next_piece`), each piece yielded,
    so recorded, as it finishes."""
    size = 1
    for indices in batches:
        start = 0
        while start < len(indices):
            piece = indices[start : start + size]
            began = time.perf_counter()
            counts = _count(parts, piece)
            size = next_piece(len(piece), time.perf_counter() - began)
            start += len(piece)
            yield piece, counts


def _run_whole(
    parts: Parts, batches: Batches, workers: int
) -> Generator[tuple[Indices, Counts], None, None]:
    """Each batch counted whole, in one call, and yielded as it finishes: for a method
    whose task is as wide as its batch (`Method.batch_limit` None: a GPU's task, its own
    pipeline of launches, whose wait for the GPU polls, so that a stop comes at once)."""
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
    if not batches:  # nothing left to count: no pool to start
        return
    pool = start_pool(workers, _init_worker, (parts,))
    try:
        yield from pool.imap_unordered(_count_in_worker, batches)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


BACKENDS: dict[str, Backend] = {
    "inprocess": _run_inprocess,
    "whole": _run_whole,
    "process": _run_processes,
}
"""How subproblems are run on this machine, by name; a Dask cluster is reached through
`scheduler=` instead, which binds its client into a runner."""
