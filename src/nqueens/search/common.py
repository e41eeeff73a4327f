"""What every teaching search shares: its one run wrapper, plain or watched.

`run` is the public stream of a teaching search, its solutions as placements. With no
observer and no stats it calls the seeds' plain function at full speed
(`observe.plain_solutions`). With either, the function is watched line by line
(`observe.watched_steps`): every step is told to the observer as it is read, and the
stats count the work up to the solution just read, as the tracer saw it (the time is
then the watched run's, several times the plain one's). `count` runs a whole search at
full speed for `compare`, its work the tree's (`shape.work`): what a watched run to the
end would count.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from nqueens.placement import Placement
from nqueens.search.events import Observer, SearchStats, Solution
from nqueens.search.observe import Watch, plain_solutions, watched_steps
from nqueens.search.shape import placed_before, work
from nqueens.validate import board_size

__all__ = ["count", "run"]


def run(
    watch: Watch,
    n: int,
    stats: SearchStats | None = None,
    observer: Observer | None = None,
    limit: int | None = None,
) -> Iterator[Placement]:
    """The solutions of the search `watch` watches, lazily, in lexicographic order, at
    most `limit`; `stats` follows the solutions read, `observer` is told each step."""
    n = board_size(n)
    if observer is None and stats is None:
        return plain_solutions(watch.function, n, SearchStats(), limit)
    return _watched(watch, n, stats, observer, limit)


def _watched(
    watch: Watch,
    n: int,
    stats: SearchStats | None,
    observer: Observer | None,
    limit: int | None,
) -> Iterator[Placement]:
    if limit == 0:
        return
    for event in watched_steps(watch, n, stats, solutions=limit):
        if observer is not None:
            observer(event)
        if isinstance(event, Solution):
            yield event.placement


def count(watch: Watch, n: int, stats: SearchStats) -> None:
    """The whole search at full speed, no tracer: its solutions counted and timed in
    `stats`, its work the tree's (`shape.work`). While it runs, `stats.nodes` says the
    queens placed so far at each solution where the tree tells (generate and test)."""
    n = board_size(n)

    def found(board: list[int]) -> None:
        stats.solutions += 1
        stats.nodes = placed_before(watch.tree, board)

    began = time.perf_counter()
    watch.function(n, found)
    stats.time += time.perf_counter() - began
    work(watch.tree, watch.checks, n, stats)
