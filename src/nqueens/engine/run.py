"""Run a count: its method's subproblems in this process, on local processes (the
default) or on a Dask cluster; record them in a journal; report progress; sum exactly.

Everything about a method comes from its registry entry (engine/registry.py): its split,
its warm-up, its task, its fields and how they add up. Nothing here names a method.
"""

from __future__ import annotations

import functools
import multiprocessing
import signal
import time
from collections.abc import Callable, Generator, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from nqueens.engine import cluster
from nqueens.engine.journal import Journal, check_place
from nqueens.engine.parts import Part, share
from nqueens.engine.registry import Method, Parts
from nqueens.errors import CountInterrupted, InvalidSizeError
from nqueens.i18n import N_
from nqueens.limits import BATCH_MAX_SIZE, check_count
from nqueens.options import CountOptions
from nqueens.results import CountResult, Progress
from nqueens.validate import worker_count

__all__ = [
    "BACKENDS",
    "default_batch",
    "journal_identity",
    "process_context",
    "quiet_worker",
    "run_count",
]

Indices = npt.NDArray[np.intp]
Counts = npt.NDArray[np.int64]
Batches = Sequence[Indices]
PLAN_FROM = 20
"""From this N a count told `on_plan` first plans itself (engine/estimate.py): a second
of sampling, against counts of a minute and more."""

Backend = Callable[[Parts, Batches, int], Generator[tuple[Indices, Counts], None, None]]


def run_count(method: Method, n: int, options: CountOptions) -> CountResult:
    """Count with `method` (already checked to take N): see `nqueens.count`."""
    workers = worker_count(method.workers_asked(options.workers))
    batch_size = options.batch_size
    if batch_size is not None and (isinstance(batch_size, bool) or batch_size < 1):
        raise InvalidSizeError(f"batch size must be at least 1, not {batch_size!r}")
    if batch_size is not None:
        check_count(N_("batch size"), batch_size, BATCH_MAX_SIZE, N_("subproblems per task"))
    scheduler = options.scheduler
    address = cluster.parse_address(scheduler) if scheduler is not None else None
    journal = options.journal
    if journal is not None:
        check_place(Path(journal))  # before any work: a journal that cannot be kept
    start = time.perf_counter()
    if n == 1:
        elapsed = time.perf_counter() - start
        return CountResult(
            1, 1, 1, elapsed, method.name, workers, 0, half_turn=1, quarter_turn=1,
            variant=method.variant,
        )  # fmt: skip
    part = Part.given(options.part)
    try:
        method.warm_up(options.on_compile)
        parts = method.split(n)
    except KeyboardInterrupt:
        raise CountInterrupted("interrupted before counting began; nothing was counted") from None
    if part is not None:
        part.check(len(parts))
    book = _open_journal(journal, method, parts, part)
    try:
        if address is not None:
            with cluster.connect(
                address, workers, options.connect_timeout, options.tls, options.on_dashboard
            ) as (client, size):
                on_cluster: Backend = functools.partial(cluster.run_batches, client, method.name)
                per_task = batch_size or cluster.default_batch_size(len(parts), size)
                return _run(method, parts, part, on_cluster, size, book, options, per_task, start)
        if not method.survives_fork:  # its kernels live in this process only
            workers = 1
        runner = BACKENDS["inprocess" if workers == 1 else "process"]
        return _run(method, parts, part, runner, workers, book, options, batch_size, start)
    finally:
        if book is not None:
            book.close()


def _run(
    method: Method,
    parts: Parts,
    part: Part | None,
    runner: Backend,
    workers: int,
    book: Journal | None,
    options: CountOptions,
    batch_size: int | None,
    start: float,
) -> CountResult:
    """Run what the journal does not have yet (of the part's share, if a part), record
    it, report progress, sum."""
    wanted = share(len(parts), part) if part is not None else np.arange(len(parts), dtype=np.intp)
    finished = book.finished() if book is not None else {}
    kept = np.array(list(finished.values()), np.int64).reshape(len(finished), len(method.fields))
    values = method.sum_rows(kept)
    pending = np.array([i for i in wanted.tolist() if i not in finished], np.intp)
    done = len(finished)
    on_progress = options.on_progress
    if options.on_plan is not None and len(pending) and parts.n >= PLAN_FROM:
        from nqueens.engine.estimate import QUICK_BUDGET, plan

        rng = np.random.default_rng(parts.n)
        options.on_plan(plan(method, parts, pending, workers, QUICK_BUDGET, rng))

    def report() -> None:
        if on_progress is not None:
            so_far = method.tally_of(values)
            on_progress(Progress(done, len(wanted), so_far.total, so_far.unique, len(finished)))

    report()
    results = runner(parts, _batches(pending, workers, batch_size), workers)
    try:
        for indices, counts in results:
            if book is not None:
                book.record(indices.tolist(), counts)
            values = method.combine(values, method.sum_rows(counts))
            done += len(indices)
            report()
    except KeyboardInterrupt:
        saved = book.done() if book is not None else done  # the journal's own count
        raise CountInterrupted(_interrupted(saved, len(wanted), book)) from None
    finally:
        results.close()  # stop the workers now, not whenever the generator is collected
    # a share has its own sums; Burnside's unique count needs the whole count
    tally = method.final_tally(parts.n, values) if part is None else method.tally_of(values)
    return CountResult(
        parts.n,
        tally.total,
        tally.unique if tally.unique is not None else 0,
        time.perf_counter() - start,
        method.name,
        workers,
        len(wanted),
        resumed=len(finished),
        nodes=tally.nodes,
        half_turn=tally.half_turn,
        quarter_turn=tally.quarter_turn,
        memory=tally.memory,
        variant=method.variant,
        part=None if part is None else str(part),
    )


def process_context() -> multiprocessing.context.BaseContext:
    """fork where the platform has it: workers inherit the compiled kernels and their
    data, and callers need no `if __name__ == "__main__"` guard. The CLI keeps this
    process free of threads (its progress bar refreshes from the progress callback), so
    forking is safe."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def quiet_worker() -> None:
    """A pool worker's initializer: Ctrl-C and a hang-up are the parent's to handle (it
    stops the pool), so a worker never prints a KeyboardInterrupt traceback of its own;
    SIGTERM, by which the pool stops its workers, gets back its default action (the CLI
    turns it into an interrupt in the parent, and a fork inherits that)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):  # POSIX only
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _interrupted(done: int, total: int, book: Journal | None) -> str:
    if book is None:
        return (
            f"interrupted after {done} of {total} subproblems; nothing was kept "
            "(add --journal FILE to make a long count resumable)"
        )
    return (
        f"interrupted after {done} of {total} subproblems, kept in {book.path}; "
        "run the same command again to resume"
    )


def journal_identity(method: Method, parts: Parts, part: Part | None = None) -> dict[str, str]:
    """What a journal belongs to: a part's journal says which share it holds."""
    identity = {
        "n": str(parts.n),
        "method": method.name,
        "version": method.version,
        "subproblems": str(len(parts)),
        "split": parts.fingerprint(),
    }
    return identity if part is None else identity | {"part": str(part)}


def _open_journal(
    path: str | Path | None, method: Method, parts: Parts, part: Part | None
) -> Journal | None:
    if path is None:
        return None
    identity = journal_identity(method, parts, part)
    return Journal(path, identity, [f.name for f in method.fields])


def default_batch(pending: int, workers: int) -> int:
    """Small batches by default, so that no worker is left with a long tail at the end."""
    return max(1, min(32, pending // (workers * 16)))


def _batches(pending: Indices, workers: int, size: int | None = None) -> list[Indices]:
    size = size or default_batch(len(pending), workers)
    return [pending[i : i + size] for i in range(0, len(pending), size)]


# ---------------------------------------------------------------------------- backends
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
`scheduler=` instead, which binds its client into a runner."""
