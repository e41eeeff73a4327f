"""Backtracking with a check function (seeds 001 and 004).

Place a queen in the next row only where the check function finds no earlier queen
attacking it; when a row has no safe square, step back and move the queen above.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from nqueens.placement import Placement
from nqueens.search.common import attacker, run
from nqueens.search.events import Event, Observer, Place, Reject, Remove, SearchStats, Solution
from nqueens.search.state import Structure

__all__ = ["backtracking"]


def backtracking(
    n: int, *, stats: SearchStats | None = None, observer: Observer | None = None
) -> Iterator[Placement]:
    """All solutions, testing each square against every earlier queen."""
    return run(raw_backtracking, n, stats, observer)


def raw_backtracking(
    n: int, stats: SearchStats, observe: bool
) -> Iterator[tuple[int, ...] | Event]:
    cols = [0] * n

    def place(row: int) -> Iterator[tuple[int, ...] | Event]:
        for col in range(n):
            stats.checks += 1
            found = attacker(cols, row, col)
            if found is not None:
                if observe:
                    yield Reject(row, col, found)
                continue
            cols[row] = col
            stats.nodes += 1
            if observe:
                yield Place(row, col)
            if row + 1 < n:
                yield from place(row + 1)
            else:
                yield tuple(cols)
            stats.backtracks += 1
            if observe:
                yield Remove(row, col)

    return place(0)


def record_backtracking(
    event: Event, variables: Mapping[str, Any], n: int
) -> tuple[Structure, ...]:
    """The earlier queens, those the check function compared outlined, the attacker filled.

    `attacker` compares row by row from the top and stops at the first queen that attacks.
    """
    cols, row = variables["cols"], variables["row"]
    height = row + (1 if isinstance(event, Solution) else 0)
    queens = tuple(f"({r},{cols[r]})" for r in range(height))
    compared: tuple[int, ...] = ()
    hit: tuple[int, ...] = ()
    if isinstance(event, Reject):
        compared, hit = tuple(range(event.attacker[0] + 1)), (event.attacker[0],)
    elif isinstance(event, Place):
        compared = tuple(range(row))
    note = f"attacker(cols, {event.row}, {event.col})" if isinstance(event, Place | Reject) else ""
    return (Structure("earlier", queens, compared, hit, note),)
