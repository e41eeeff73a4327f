"""Pieces every teaching search shares: the check function and the run wrapper.

A raw search is a generator `raw(n, stats, observe)` that yields a tuple of columns for
each solution and, only when `observe` is true, the events of the search in between.
`run` turns it into the public stream of placements; `events` into a stream of events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from nqueens.placement import Placement, Square
from nqueens.search.events import Event, Observer, SearchStats, Solution, timed
from nqueens.validate import board_size

__all__ = ["RawSearch", "attacker", "events", "first_attack", "run"]

RawSearch = Callable[[int, SearchStats, bool], Iterator["tuple[int, ...] | Event"]]


def attacker(cols: Sequence[int], row: int, col: int) -> Square | None:
    """The first queen among rows 0..row-1 that attacks (row, col), or None when safe.

    This is the "check function" of the classic programs: compare the new square with
    every earlier queen, same column or same diagonal.
    """
    for r in range(row):
        c = cols[r]
        if c == col or abs(c - col) == row - r:
            return (r, c)
    return None


def first_attack(cols: Sequence[int]) -> tuple[Square, Square] | None:
    """The first attacking pair (attacker, attacked) of a complete board, or None."""
    for row in range(1, len(cols)):
        found = attacker(cols, row, cols[row])
        if found is not None:
            return found, (row, cols[row])
    return None


def run(
    raw: RawSearch, n: int, stats: SearchStats | None, observer: Observer | None
) -> Iterator[Placement]:
    """The public stream of a raw search: placements, counted, timed, events observed."""
    n = board_size(n)
    stats = stats if stats is not None else SearchStats()
    return _placements(raw(n, stats, observer is not None), stats, observer)


def _placements(
    found: Iterator[tuple[int, ...] | Event], stats: SearchStats, observer: Observer | None
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


def _as_events(found: Iterator[tuple[int, ...] | Event], stats: SearchStats) -> Iterator[Event]:
    for item in found:
        if isinstance(item, tuple):
            stats.solutions += 1
            yield Solution(Placement(item))
        else:
            yield item
