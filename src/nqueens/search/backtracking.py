"""Backtracking with a check function (seeds 001 and 004).

Place a queen in the next row only where the check function finds no earlier queen
attacking it; when a row has no safe square, step back and move the queen above. The
check compares the new square with the earlier queens from the top, `board[0]` first
(seed 004's `check_backTracking`), and stops at the first that attacks: that queen,
and the cell of `board` that holds it, are what a rejection names.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from nqueens.i18n import _
from nqueens.placement import Placement
from nqueens.search.common import Step, run
from nqueens.search.events import Event, Observer, Place, Reject, Remove, SearchStats, Solution
from nqueens.search.state import Structure

__all__ = ["backtracking"]


def backtracking(
    n: int, *, stats: SearchStats | None = None, observer: Observer | None = None
) -> Iterator[Placement]:
    """All solutions, testing each square against every earlier queen."""
    return run(raw_backtracking, n, stats, observer)


def raw_backtracking(n: int, stats: SearchStats, observe: bool) -> Iterator[Step]:
    board = [0] * n  # board[r]: the column of the queen on row r

    def check(row: int, col: int) -> int:
        # the first earlier row whose queen attacks (row, col), or -1
        for r in range(row):
            if board[r] == col or abs(board[r] - col) == row - r:
                return r
        return -1

    def place(row: int) -> Iterator[Step]:
        for col in range(n):
            stats.checks += 1
            r = check(row, col)
            if r >= 0:
                if observe:
                    yield Reject(row, col, (r, board[r]), f"board[{r}] = {board[r]}")
                continue
            board[row] = col
            stats.nodes += 1
            if observe:
                yield Place(row, col)
            if row + 1 < n:
                yield from place(row + 1)
            else:
                yield tuple(board)
            stats.backtracks += 1
            if observe:
                yield Remove(row, col)

    return place(0)


def board_row(board: list[int], height: int, n: int, **marks: Any) -> Structure:
    """`board[r]`, the column of each row's queen, `.` for the rows not filled yet."""
    cells = tuple(str(board[r]) if r < height else "." for r in range(n))
    return Structure("board", cells, **marks)


def record_backtracking(
    event: Event, variables: Mapping[str, Any], n: int
) -> tuple[Structure, ...]:
    """The board the check function reads: the rows it compared outlined, the row of the
    queen that attacks in red.

    `check` compares row by row from the top and stops at the first queen that attacks.
    """
    board, row = variables["board"], variables["row"]
    height = n if isinstance(event, Solution) else row
    if isinstance(event, Reject):
        r = event.attacker[0]
        note = f"check({event.row}, {event.col}) = {r}"
        return (board_row(board, height, n, read=tuple(range(r + 1)), hit=(r,), note=note),)
    if isinstance(event, Place):
        note = f"check({event.row}, {event.col}) = -1"
        return (board_row(board, event.row + 1, n, read=tuple(range(row)), note=note),)
    return (board_row(board, height, n),)


def board_legend(event: Event, n: int) -> str:
    return _("board[r] is the column of the queen on row r; '.' marks a row not filled yet")
