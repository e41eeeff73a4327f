"""Generate and test: every board with one queen per row, checked only when complete.

Seed 004 contrasts this with backtracking: for N = 5 it checks all 5^5 = 3,125 boards,
because it never looks at a queen until the whole board is filled.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from nqueens.placement import Placement
from nqueens.search.common import first_attack, run
from nqueens.search.events import Event, Observer, Place, Reject, Remove, SearchStats, Solution
from nqueens.search.recording import flag_row
from nqueens.search.state import Structure

__all__ = ["brute_force", "permutations"]


def brute_force(
    n: int, *, stats: SearchStats | None = None, observer: Observer | None = None
) -> Iterator[Placement]:
    """All N^N one-queen-per-row boards, each tested once it is complete."""
    return run(raw_brute_force, n, stats, observer)


def permutations(
    n: int, *, stats: SearchStats | None = None, observer: Observer | None = None
) -> Iterator[Placement]:
    """All N! boards with one queen per row and per column, each tested once complete.

    Columns are never shared by construction, so only diagonals can fail the test.
    """
    return run(raw_permutations, n, stats, observer)


def raw_brute_force(n: int, stats: SearchStats, observe: bool) -> Iterator[tuple[int, ...] | Event]:
    return generate(n, False, stats, observe)


def raw_permutations(
    n: int, stats: SearchStats, observe: bool
) -> Iterator[tuple[int, ...] | Event]:
    return generate(n, True, stats, observe)


def generate(
    n: int, distinct_columns: bool, stats: SearchStats, observe: bool
) -> Iterator[tuple[int, ...] | Event]:
    cols = [0] * n
    used = [False] * n

    def fill(row: int) -> Iterator[tuple[int, ...] | Event]:
        for col in range(n):
            if distinct_columns and used[col]:
                continue
            cols[row] = col
            used[col] = True
            stats.nodes += 1
            if observe:
                yield Place(row, col)
            if row + 1 < n:
                yield from fill(row + 1)
            else:
                stats.checks += 1
                attack = first_attack(cols)
                if attack is None:
                    yield tuple(cols)
                elif observe:
                    (by, (attacked_row, attacked_col)) = attack
                    yield Reject(attacked_row, attacked_col, by)
            used[col] = False
            stats.backtracks += 1
            if observe:
                yield Remove(row, col)

    return fill(0)


def record_generate(event: Event, variables: Mapping[str, Any], n: int) -> tuple[Structure, ...]:
    """The candidate board (columns row by row, `.` for rows not filled yet) and the running
    count of complete boards checked; the permutations add their `used` columns."""
    cols, row, stats = variables["cols"], variables["row"], variables["stats"]
    filled = row + (0 if isinstance(event, Remove) else 1)
    board = tuple(str(cols[r]) if r < filled else "." for r in range(n))
    checked = isinstance(event, Reject | Solution)
    pair: tuple[int, ...] = ()
    if isinstance(event, Reject):
        pair = (event.attacker[0], event.row)
    elif isinstance(event, Place):
        pair = (event.row,)
    structures = [
        Structure("board", board, pair, pair if isinstance(event, Reject) else (), "cols[row]"),
        Structure("checks", (str(stats.checks),), (0,) if checked else (), (), "complete boards"),
    ]
    if variables["distinct_columns"]:
        read = () if isinstance(event, Reject | Solution) else (event.col,)
        structures.append(flag_row("used", variables["used"], read, "used[col]"))
    return tuple(structures)
