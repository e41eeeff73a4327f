"""Run the subproblems of a count: in-process, on local processes (the default), or on a
backend registered in `BACKENDS`; record them in a journal; report progress; sum exactly.
"""

from __future__ import annotations

import functools
import multiprocessing
import signal
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from nqueens.counting import JOIN_MAX_N, CountResult
from nqueens.engine import join, kernels
from nqueens.engine.halves import HalfSplit, count_half_blocks, half_split
from nqueens.engine.journal import Journal
from nqueens.engine.split import Split, count_subproblems, split
from nqueens.engine.symmetric import symmetric_counts, unique_from
from nqueens.errors import (
    CountInterrupted,
    InvalidSizeError,
    SizeTooLargeError,
    UnknownAlgorithmError,
)
from nqueens.validate import board_size, worker_count

__all__ = [
    "BACKENDS",
    "ENGINE_METHODS",
    "ENGINE_VERSION",
    "MAX_N",
    "SPLIT_TARGET",
    "Parts",
    "Progress",
    "count_engine",
    "engine_board_size",
    "process_context",
]

ENGINE_VERSION = "1"
"""Bumped whenever kernels or split change what a subproblem index means."""

SPLIT_TARGET = 2000
"""Subproblems wanted: many more than workers, so cores stay busy to the end."""

MAX_N = 63
"""Boards are 64-bit integers, one bit per column."""

ENGINE_METHODS = ("backtrack", "join")
"""The engine's counters: the symmetric bitboard search, and the half-board join."""

Parts = Split | HalfSplit
"""A count cut into subproblems, for either method: each says how to count a batch of
its subproblems (`task`), and what the summed columns mean (`tally`)."""

Indices = npt.NDArray[np.intp]
Counts = npt.NDArray[np.int64]
Batches = Sequence[Indices]
Backend = Callable[[Parts, Batches, int], Generator[tuple[Indices, Counts], None, None]]


@dataclass(frozen=True)
class Progress:
    """Where a count stands: subproblems done of all, and the solutions found so far."""

    done: int
    total: int
    solutions: int
    unique: int
    resumed: int


def count_engine(
    n: int,
    *,
    method: str = "backtrack",
    workers: int | None = None,
    journal: str | Path | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    on_compile: Callable[[], None] | None = None,
    backend: str | None = None,
    scheduler: str | None = None,
    batch_size: int | None = None,
    connect_timeout: float = 10.0,
) -> CountResult:
    """Count total and unique solutions with the numba kernels, split over workers.

    `method` is `backtrack` (the symmetric bitboard search, which also classifies every
    solution by its symmetry) or `join` (half-boards matched on their diagonals; unique
    counts then come from Burnside's lemma with the symmetric counts P and R).
    `workers` defaults to every core; 1 runs in this process. `journal` names a SQLite
    file where finished subproblems are kept, so the same call resumes after a crash.
    `scheduler` sends the work to a Dask cluster (an address such as tcp://host:8786, or
    `local` for a LocalCluster of `workers` processes). `batch_size` is the number of
    subproblems per task (default: small enough to keep every worker busy to the end).
    `on_compile` is called before the kernels are compiled (once per machine).
    """
    n = engine_board_size(n)
    if method not in ENGINE_METHODS:
        raise UnknownAlgorithmError(f"unknown engine method {method!r}; choose: backtrack, join")
    if method == "join" and n > JOIN_MAX_N:
        raise SizeTooLargeError(
            f"N = {n} is too large for the join method: use N <= {JOIN_MAX_N}, "
            "or --method backtrack"
        )
    workers = worker_count(workers)
    if batch_size is not None and (isinstance(batch_size, bool) or batch_size < 1):
        raise InvalidSizeError(f"batch size must be at least 1, not {batch_size!r}")
    start = time.perf_counter()
    if n == 1:
        elapsed = time.perf_counter() - start
        return CountResult(1, 1, 1, elapsed, method, workers, 0, half_turn=1, quarter_turn=1)
    _prepare_kernels(method, on_compile)
    parts: Parts = split(n, SPLIT_TARGET) if method == "backtrack" else half_split(n)
    if scheduler is not None:
        from nqueens.engine import cluster

        with cluster.connect(scheduler, workers, connect_timeout) as (client, size):
            runner = functools.partial(cluster.run_batches, client)
            per_task = batch_size or cluster.default_batch_size(len(parts), size)
            return _run(parts, runner, size, journal, on_progress, per_task, start)
    chosen = backend or ("inprocess" if workers == 1 else "process")
    if chosen not in BACKENDS:
        raise InvalidSizeError(f"unknown backend {chosen!r}; choose from {', '.join(BACKENDS)}")
    return _run(parts, BACKENDS[chosen], workers, journal, on_progress, batch_size, start)


def _run(
    parts: Parts,
    runner: Backend,
    workers: int,
    journal: str | Path | None,
    on_progress: Callable[[Progress], None] | None,
    batch_size: int | None,
    start: float,
) -> CountResult:
    """Run what the journal does not have yet, record it, report progress, sum."""
    sums = np.zeros(4, np.int64)
    peaks = np.zeros(4, np.int64)  # the largest of each column, e.g. a worker's tables
    book = _open_journal(journal, parts)
    try:
        finished = book.finished() if book else {}
        for c in finished.values():
            sums += c
            peaks = np.maximum(peaks, c)
        pending = np.array([i for i in range(len(parts)) if i not in finished], np.intp)
        done = len(finished)

        def report() -> None:
            if on_progress is not None:
                so_far = parts.tally(sums, peaks)
                found, unique = so_far["total"] or 0, so_far["unique"] or 0
                on_progress(Progress(done, len(parts), found, unique, len(finished)))

        report()
        results = runner(parts, _batches(pending, workers, batch_size), workers)
        try:
            for indices, counts in results:
                if book:
                    book.record(indices.tolist(), counts)
                sums += counts.sum(axis=0)
                peaks = np.maximum(peaks, counts.max(axis=0, initial=0))
                done += len(indices)
                report()
        except KeyboardInterrupt:
            raise CountInterrupted(_interrupted(done, len(parts), journal)) from None
        finally:
            results.close()  # stop the workers now, not whenever the generator is collected
    finally:
        if book:
            book.close()
    tally = parts.tally(sums, peaks)
    total = int(tally["total"] or 0)
    if tally["unique"] is None:  # a method that finds totals only: Burnside gives the rest
        half_turn, quarter_turn = symmetric_counts(parts.n)
        tally.update(
            unique=unique_from(total, half_turn, quarter_turn),
            half_turn=half_turn,
            quarter_turn=quarter_turn,
        )
    return CountResult(
        parts.n,
        total,
        int(tally["unique"] or 0),
        time.perf_counter() - start,
        parts.method,
        workers,
        len(parts),
        resumed=len(finished),
        nodes=int(tally["nodes"] or 0),
        half_turn=tally["half_turn"],
        quarter_turn=tally["quarter_turn"],
        memory=tally.get("memory"),
    )


def engine_board_size(n: object) -> int:
    """`n` as a board size the 64-bit kernels can take."""
    n = board_size(n)
    if n > MAX_N:
        raise SizeTooLargeError(f"N = {n} is too large for 64-bit boards: use N <= {MAX_N}")
    return n


def process_context() -> multiprocessing.context.BaseContext:
    """fork where the platform has it: workers inherit the compiled kernels and their
    data, and callers need no `if __name__ == "__main__"` guard. The CLI keeps this
    process free of threads (its progress bar refreshes from the progress callback), so
    forking is safe."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _interrupted(done: int, total: int, journal: str | Path | None) -> str:
    if journal is None:
        return (
            f"interrupted after {done} of {total} subproblems; nothing was kept "
            "(add --journal FILE to make a long count resumable)"
        )
    return (
        f"interrupted after {done} of {total} subproblems, kept in {journal}; "
        "run the same command again to resume"
    )


def _open_journal(path: str | Path | None, parts: Parts) -> Journal | None:
    if path is None:
        return None
    identity = {"n": str(parts.n), "split": parts.describe(), "engine": ENGINE_VERSION}
    return Journal(path, identity)


def _batches(pending: Indices, workers: int, size: int | None = None) -> list[Indices]:
    """Small batches by default, so that no worker is left with a long tail at the end."""
    size = size or max(1, min(32, len(pending) // (workers * 16)))
    return [pending[i : i + size] for i in range(0, len(pending), size)]


def _prepare_kernels(method: str, on_compile: Callable[[], None] | None) -> None:
    """Compile (or load from cache) before any worker starts, telling the user if slow."""
    kernel = kernels.count_batch if method == "backtrack" else join.count_blocks
    if on_compile is not None and not _kernels_cached(kernel):
        on_compile()
    empty = np.zeros(0, np.int64)
    if method == "backtrack":
        count_subproblems(4, empty, empty, empty, np.zeros((0, 4), np.int64))
    else:
        count_half_blocks(4, empty, empty, empty, np.zeros(1, np.int64))


def _kernels_cached(kernel: object) -> bool:
    try:  # numba's own record of its cache file (not a public API, hence the guard)
        index = kernel._cache._cache_file._index_path  # type: ignore[attr-defined]
    except AttributeError:  # JIT disabled: nothing to compile
        return True
    return Path(index).exists()


# ---------------------------------------------------------------------------- backends
def _count(parts: Parts, indices: Indices) -> Counts:
    function, arguments = parts.task(indices)
    return function(*arguments)


def _run_inprocess(
    parts: Parts, batches: Batches, workers: int
) -> Generator[tuple[Indices, Counts], None, None]:
    for indices in batches:
        yield indices, _count(parts, indices)


_worker_split: Parts | None = None


def _init_worker(parts: Parts) -> None:
    global _worker_split
    _worker_split = parts
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def _count_in_worker(indices: Indices) -> tuple[Indices, Counts]:
    assert _worker_split is not None
    return indices, _count(_worker_split, indices)


def _run_processes(
    parts: Parts, batches: Batches, workers: int
) -> Generator[tuple[Indices, Counts], None, None]:
    pool = process_context().Pool(workers, initializer=_init_worker, initargs=(parts,))
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
`count_engine(scheduler=...)` instead, which binds its client into a runner."""
