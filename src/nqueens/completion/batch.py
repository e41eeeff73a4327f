"""Many instances in one process tree: one answer each, on every core, in input order.

Each worker reads its instance's text, answers it with `complete()` under the time limit
(a long column list, which fixes every row, is checked in O(N) instead: it is its own
completion, or an error where two of its queens attack) and returns an `Answer`; a
malformed instance, or a file that cannot be read, is an answer too (status `error`),
so one bad file does not stop a batch of thousands.
Workers are forked, so they inherit the compiled kernels.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from typing import Literal

from nqueens.completion.formats import every_row_fixed, read_instance
from nqueens.completion.solver import complete
from nqueens.errors import NQueensError
from nqueens.large.text import long_column_list
from nqueens.messages import plural
from nqueens.validate import worker_count

__all__ = ["Answer", "Job", "complete_many", "summary"]


@dataclass(frozen=True)
class Job:
    """One instance to answer: its name (a file), its text, and how to read and solve it."""

    name: str
    text: str
    n: int | None = None
    base: int = 0
    diagonals: int | None = None
    count: bool = False
    time_limit: float | None = None
    seed: int = 0
    unreadable: str | None = None  # why its text could not be read: answered as an error


@dataclass(frozen=True)
class Answer:
    """One instance's answer. `status` is solved, impossible, unknown or error."""

    file: str
    n: int | None
    status: Literal["solved", "impossible", "unknown", "error"]
    nodes: int
    seconds: float
    count: int | None = None
    error: str | None = None

    def to_json(self) -> str:
        """One JSON object on one line, without the fields that do not apply."""
        return json.dumps({k: v for k, v in asdict(self).items() if v is not None})


def _answer(job: Job) -> Answer:
    start = time.perf_counter()

    def seconds() -> float:  # every answer's, to the microsecond
        return round(time.perf_counter() - start, 6)

    if job.unreadable is not None:
        return Answer(job.name, None, "error", 0, 0.0, error=job.unreadable)
    try:
        columns = long_column_list(job.text)
        if columns is not None:  # every row fixed: no Partial of millions of queens
            n = len(every_row_fixed(columns, "", job.n, job.base))
            return Answer(job.name, n, "solved", 0, seconds(), 1 if job.count else None)
        partial = read_instance(job.text, n=job.n, base=job.base, diagonals=job.diagonals)
        limit = job.time_limit
        if limit is not None:
            limit = max(0.0, limit - (time.perf_counter() - start))
        result = complete(partial, count=job.count, time_limit=limit, seed=job.seed)
    except NQueensError as error:
        return Answer(job.name, None, "error", 0, seconds(), error=str(error))
    return Answer(job.name, partial.n, result.status, result.nodes, seconds(), result.count)


def complete_many(jobs: Iterable[Job], *, workers: int | None = None) -> Iterator[Answer]:
    """Answer each job, in order, on `workers` processes (default every core)."""
    count = worker_count(workers)
    if count == 1:
        yield from map(_answer, jobs)
        return
    from nqueens.engine.runtime.pool import start_pool

    with start_pool(count) as pool:
        yield from pool.imap(_answer, jobs, chunksize=1)


def summary(answers: list[Answer], seconds: float) -> str:
    """One line: how many of each status, total, median and slowest time per instance."""
    tally = {s: sum(a.status == s for a in answers) for s in ("solved", "impossible", "unknown")}
    errors = sum(a.status == "error" for a in answers)
    times = [a.seconds for a in answers] or [0.0]
    slowest = max(answers, key=lambda a: a.seconds, default=None)
    fields = {
        "solved": tally["solved"],
        "impossible": tally["impossible"],
        "unknown": tally["unknown"],
        "errors": errors,
        "total": f"{sum(times):.2f}",
        "median": f"{statistics.median(times):.3f}",
        "slowest": f"{max(times):.2f}",
        "file": slowest.file if slowest is not None else "-",
        "wall": f"{seconds:.2f}",
    }
    return plural(
        len(answers),
        "{count} instance: {solved} solved, {impossible} impossible, {unknown} unknown, "
        "{errors} failed; per instance total {total} s, median {median} s, slowest {slowest} s "
        "({file}); wall {wall} s",
        "{count} instances: {solved} solved, {impossible} impossible, {unknown} unknown, "
        "{errors} failed; per instance total {total} s, median {median} s, slowest {slowest} s "
        "({file}); wall {wall} s",
        **fields,
    )
