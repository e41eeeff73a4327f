"""Run a count: its method's subproblems in this process, on local processes (the
default) or on a Dask cluster; record them in a journal; report progress; sum exactly.

Everything about a method comes from its registry entry (engine/registry.py): its split,
its warm-up, its task, its fields and how they add up. Nothing here names a method.
"""

from __future__ import annotations

import functools
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

from nqueens.engine.counter import Parts
from nqueens.engine.registry import Method
from nqueens.engine.runtime import cluster
from nqueens.engine.runtime.journal import Journal, check_place
from nqueens.engine.runtime.parts import Part, share
from nqueens.engine.runtime.pool import BACKENDS, Backend, batches, in_a_worker
from nqueens.engine.runtime.totals import final_tally
from nqueens.engine.runtime.warm import warm_up
from nqueens.errors import CountInterrupted, IncompatibleOptionsError
from nqueens.i18n import _
from nqueens.options import CountOptions
from nqueens.results import CountResult, Progress
from nqueens.validate import worker_count

__all__ = ["journal_identity", "run_count"]

PLAN_FROM = 20
"""From this N a count told `on_plan` first plans itself (runtime/estimate.py): a second
of sampling, against counts of a minute and more."""


def run_count(method: Method, n: int, options: CountOptions) -> CountResult:
    """Count with `method` (already checked to take N): see `nqueens.count`."""
    workers = worker_count(method.workers_asked(options.workers))
    batch_size = options.batch_size  # each option checked alone by CountOptions
    address = options.address  # the scheduler and the part, parsed when the options were made
    if address is None and not method.survives_fork:  # its kernels live in this process only
        workers = 1
    journal = options.journal
    if n == 1:  # answered below: no subproblem to count, keep, share or recount
        if options.share is not None:
            options.share.check(0)
        if journal is not None:
            raise IncompatibleOptionsError(
                _("N = 1 is answered at once and keeps no journal: drop journal"),
                option="journal",
            )
    if journal is not None:
        check_place(Path(journal))  # before any work: a journal that cannot be kept
    start = time.perf_counter()
    if n == 1:
        elapsed = time.perf_counter() - start
        return CountResult(
            1, 1, 1, elapsed, method.name, workers, 0, half_turn=1, quarter_turn=1,
            variant=method.variant,
        )  # fmt: skip
    part = options.share
    try:
        if address is None or method.survives_fork:  # else its kernels load on the workers
            warm_up(method, n, options.on_compile)  # (a GPU's, say: the client may have none)
        parts = method.split(n)
    except KeyboardInterrupt:
        raise CountInterrupted(
            _("interrupted before counting began; nothing was counted")
            if journal is None
            else _(
                "interrupted before counting began; the journal {path} is as it was: run the "
                "same command again to resume"
            ).format(path=journal)
        ) from None
    if part is not None:
        part.check(len(parts))
    book = _open_journal(journal, method, parts, part)
    try:
        if address is not None:
            with cluster.connect(
                address,
                workers,
                options.connect_timeout,
                options.tls,
                options.on_dashboard,
                options.wait_for_workers,
                options.on_waiting,
            ) as (client, size):
                on_cluster: Backend = functools.partial(
                    cluster.run_batches, client, method.name, options.wait_for_workers
                )
                share_size = len(parts) if part is None else len(share(len(parts), part))
                present = size if address.local else None  # a local cluster's are all there
                per_task = batch_size or cluster.default_batch_size(
                    share_size, method.batch_limit, present, n
                )
                result = _run(method, parts, part, on_cluster, size, book, options, per_task, start)
                return replace(result, workers=max(size, cluster.workers_of(client, size)))
        # a task as wide as its batch (batch_limit None: a GPU's) is counted whole; any
        # other method counts in forked workers where its kernels survive the fork, so
        # that a stop need not wait for a compiled call under way
        whole = method.batch_limit is None and workers == 1
        runner = BACKENDS["whole" if whole else "process" if method.survives_fork else "inprocess"]
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
    # A method without a probe would time its subproblems whole (a variant's did, when
    # N = 20's superqueens were 10 of a minute or more): its count plans nothing rather
    # than redo, unsaved, a fifth of itself.
    if (
        options.on_plan is not None
        and len(pending)
        and parts.n >= max(PLAN_FROM, method.plans_from)
        and method.implementation().probe is not None
    ):
        from nqueens.engine.runtime.estimate import QUICK_BUDGET, plan

        rng = np.random.default_rng(parts.n)
        planning = (method, parts, pending, workers, QUICK_BUDGET, rng)
        try:  # in a worker, where it can: a timed subproblem may take long, a stop may not
            planned = in_a_worker(plan, *planning) if method.survives_fork else plan(*planning)
        except KeyboardInterrupt:
            raise _interrupted(done, len(wanted), book, part) from None
        options.on_plan(planned)

    def report() -> None:
        if on_progress is not None:
            so_far = method.tally_of(values)
            on_progress(Progress(done, len(wanted), so_far.total, so_far.unique, len(finished)))

    report()
    cut = batches(pending, workers, batch_size, method.batch_limit, method.tasks_per_worker)
    results = runner(parts, cut, workers)
    try:
        for indices, counts in results:
            if book is not None:
                book.record(indices.tolist(), counts)
            values = method.combine(values, method.sum_rows(counts))
            done += len(indices)
            report()
    except KeyboardInterrupt:
        saved = book.done() if book is not None else done  # the journal's own count
        raise _interrupted(saved, len(wanted), book, part) from None
    finally:
        results.close()  # stop the workers now, not whenever the generator is collected
    # a share has its own sums; Burnside's unique count needs the whole count
    tally = final_tally(method, parts.n, values) if part is None else method.tally_of(values)
    return CountResult(
        parts.n,
        tally.total,
        tally.unique,
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
        part=part,
        published=False if part is None else None,
    )


def _interrupted(
    done: int, total: int, book: Journal | None, part: Part | None
) -> CountInterrupted:
    """Where an interrupted count stopped, as `nqueens journal` says it of the journal."""
    if book is None:
        said = _(
            "interrupted after {done} of {total} subproblems; nothing was kept: a journal "
            "makes a long count resumable"
        ).format(done=f"{done:,}", total=f"{total:,}")
    else:
        said = _(
            "interrupted after {done} of {total} subproblems, kept in {path}; run the same "
            "command again to resume"
        ).format(done=f"{done:,}", total=f"{total:,}", path=book.path)
    if part is not None:
        said = _("part {part}: {reason}").format(part=part, reason=said)
    return CountInterrupted(said, option="journal" if book is None else None)


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
