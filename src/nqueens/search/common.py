"""What every teaching search shares: the shape of a raw search and its run wrapper.

A raw search is a generator `raw(n, stats, observe)` that yields a tuple of columns for
each solution and, only when `observe` is true, the events of the search in between
(each a `Step`). `run` turns it into the public stream of placements; `events` into a
stream of events. Each search keeps its own check, written as its source text writes it,
in its own module: that is the code a student reads beside the board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from nqueens.placement import Placement
from nqueens.search.events import Event, Observer, SearchStats, Solution, timed
from nqueens.validate import board_size

__all__ = ["RawSearch", "Step", "events", "run"]

Step = tuple[int, ...] | Event
"""What a raw search yields: a solution's columns, or (observed) an event."""
RawSearch = Callable[[int, SearchStats, bool], Iterator[Step]]


def run(
    raw: RawSearch, n: int, stats: SearchStats | None, observer: Observer | None
) -> Iterator[Placement]:
    """The public stream of a raw search: placements, counted, timed, events observed."""
    n = board_size(n)
    stats = stats if stats is not None else SearchStats()
    return _placements(raw(n, stats, observer is not None), stats, observer)


def _placements(
    found: Iterator[Step], stats: SearchStats, observer: Observer | None
) -> Iterator[Placement]:
    for item in timed(found, stats):
        if not isinstance(item, tuple):
            if observer is not None:
                observer(item)
            continue
        stats.solutions += 1
        placement = Placement(item)
        if observer is not None:
            observer(Solution(placement))
        yield placement


def events(raw: RawSearch, n: int, stats: SearchStats | None = None) -> Iterator[Event]:
    """Every event of a raw search, lazily, with a `Solution` event for each solution."""
    stats = stats if stats is not None else SearchStats()
    return _as_events(raw(board_size(n), stats, True), stats)


def _as_events(found: Iterator[Step], stats: SearchStats) -> Iterator[Event]:
    for item in found:
        if isinstance(item, tuple):
            stats.solutions += 1
            yield Solution(Placement(item))
        else:
            yield item
