"""Generate and test: every board with one queen per row, checked only when complete.

Seed 004 contrasts this with backtracking: for N = 5 it checks all 5^5 = 3,125 boards,
because it never looks at a queen until the whole board is filled. Its check
(`check_bluteForce`) compares each row with the rows above it, from the top, and stops at
the first pair that attack each other.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from nqueens.i18n import _
from nqueens.placement import Placement
from nqueens.search.backtracking import board_row
from nqueens.search.common import Step, run
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


def raw_brute_force(n: int, stats: SearchStats, observe: bool) -> Iterator[Step]:
    return generate(n, False, stats, observe)


def raw_permutations(n: int, stats: SearchStats, observe: bool) -> Iterator[Step]:
    return generate(n, True, stats, observe)


def generate(n: int, distinct_columns: bool, stats: SearchStats, observe: bool) -> Iterator[Step]:
    board = [0] * n  # board[r]: the column of the queen on row r
    used = [False] * n

    def check() -> tuple[int, int] | None:
        # the first pair of rows whose queens attack each other, or None
        for row in range(1, n):
            for r in range(row):
                if board[r] == board[row] or abs(board[r] - board[row]) == row - r:
                    return r, row
        return None

    def fill(row: int) -> Iterator[Step]:
        for col in range(n):
            if distinct_columns and used[col]:
                continue
            board[row] = col
            used[col] = True
            stats.nodes += 1
            if observe:
                yield Place(row, col)
            if row + 1 < n:
                yield from fill(row + 1)
            else:
                stats.checks += 1
                pair = check()
                if pair is None:
                    yield tuple(board)
                elif observe:
                    r, later = pair
                    yield Reject(later, board[later], (r, board[r]), f"board[{r}] = {board[r]}")
            used[col] = False
            stats.backtracks += 1
            if observe:
                yield Remove(row, col)

    return fill(0)


def record_generate(event: Event, variables: Mapping[str, Any], n: int) -> tuple[Structure, ...]:
    """The candidate board (columns row by row, `.` for rows not filled yet), the pair the
    check found (outlined, the earlier row in red), and the running count of complete
    boards checked; the permutations add their `used` columns."""
    board, row, stats = variables["board"], variables["row"], variables["stats"]
    filled = row + (0 if isinstance(event, Remove) else 1)
    checked = isinstance(event, Reject | Solution)
    if isinstance(event, Reject):
        pair = (event.attacker[0], event.row)
        shown = board_row(board, filled, n, read=pair, hit=pair[:1], note="check()")
    else:
        read = (event.row,) if isinstance(event, Place) else ()
        shown = board_row(board, filled, n, read=read, note="board[row]")
    checks = (str(stats.checks),)
    count = Structure("checks", checks, (0,) if checked else (), (), _("complete boards checked"))
    structures = [shown, count]
    if variables["distinct_columns"]:
        read = () if isinstance(event, Reject | Solution) else (event.col,)
        structures.append(flag_row("used", variables["used"], read, "used[col]"))
    return tuple(structures)
