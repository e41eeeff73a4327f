"""What a search tells an observer, and what it counts while it runs.

A search emits events only when an observer is given, so the plain solvers pay nothing;
traces, animations and players are all consumers of this one stream. An event may carry
the algorithm's `State` after it (`Algorithm.events(n, state=True)`); it takes no part in
comparing events, so two algorithms that search alike still emit equal streams.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

from nqueens.placement import Placement, Square
from nqueens.search.state import State

__all__ = [
    "TESTED",
    "TRIED",
    "UNUSED",
    "Event",
    "Observer",
    "Place",
    "Reject",
    "Remove",
    "SearchStats",
    "Solution",
    "timed",
]

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Place:
    """A queen is put on (row, col)."""

    row: int
    col: int
    state: State | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Reject:
    """(row, col) was tested and found attacked by the queen on `attacker`.

    `test` is the test that failed, as the algorithm's code reads it, with its value:
    `col[2] = 1` (a flag array), `board[4] = 2` (the earlier queen a check function
    compared). The searches test in a fixed order and stop at the first test that fails,
    so `attacker` is the queen that test found, not merely one of those that attack.
    Empty for a variant's search, whose rules name the attack instead.
    """

    row: int
    col: int
    attacker: Square
    test: str = ""
    state: State | None = field(default=None, compare=False, repr=False)


TESTED, TRIED, UNUSED = "tested", "tried", "unused"
"""How a search used up the row below a queen before taking it back: every square tested
(no safe one left), every square tried and none tested (brute force, which checks only
complete boards), or every unused column tried (the permutations)."""


@dataclass(frozen=True, slots=True)
class Remove:
    """The queen on (row, col) is taken back (the search steps back), after the row
    below was used up as `exhausted` says (`TESTED`, `TRIED` or `UNUSED`)."""

    row: int
    col: int
    state: State | None = field(default=None, compare=False, repr=False)
    exhausted: str = field(default=TESTED, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Solution:
    """A complete placement with no attacks was found."""

    placement: Placement
    state: State | None = field(default=None, compare=False, repr=False)


Event = Place | Reject | Remove | Solution
Observer = Callable[[Event], None]


@dataclass(slots=True)
class SearchStats:
    """Work a search did: the numbers a teacher compares between algorithms.

    nodes: queens placed; checks: safety tests made (one per square tested, one per
    complete board for the generate-and-test searches, one per row for bitboards, which
    test every square of a row at once); solutions: complete boards the search reached
    (asked for unique ones, a teaching search reaches every solution and the least of
    each class is kept after it: 92 reached for N = 8's 12; the engine lists only the
    least ones); backtracks: queens taken back; time: seconds spent inside the search,
    excluding the caller's work between solutions.

    `first` and `solutions` start the stats they are given from zero: the same value
    given to two searches holds the second's work alone (some searches had added to
    what it held, others replaced some fields and added to the time).
    """

    nodes: int = 0
    checks: int = 0
    solutions: int = 0
    backtracks: int = 0
    time: float = 0.0

    def reset(self) -> None:
        """Every count back to zero, for a search about to fill them."""
        self.nodes = self.checks = self.solutions = self.backtracks = 0
        self.time = 0.0


def timed(items: Iterator[_T], stats: SearchStats) -> Iterator[_T]:
    """`items`, adding to `stats.time` only the time spent producing them, so that a slow
    consumer or observer does not make a search look slow."""
    clock = time.perf_counter
    while True:
        start = clock()
        try:
            item = next(items)
        except StopIteration:
            stats.time += clock() - start
            return
        stats.time += clock() - start
        yield item
