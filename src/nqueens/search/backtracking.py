"""Backtracking with a check function (seeds 001 and 004): how its code makes steps, and
the state a student reads beside it.

Seed 004's `back_tracking` puts the row's queen on each column in turn (`board[row] =
col`) and keeps it only where `check_back_tracking` finds no earlier queen attacking it;
the check compares with the earlier queens from the top, `board[0]` first, and stops at
the first that attacks: that queen, and the cell of `board` that holds it, are what a
rejection names. When the recursion comes back, the loop moves the queen on.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

from nqueens.i18n import _
from nqueens.placement import Placement
from nqueens.search.events import Event, Place, Reject, Remove, Solution
from nqueens.search.observe import Counts, Run, Watch
from nqueens.search.seeds import backtracking as seeds
from nqueens.search.state import Structure

__all__ = ["BACKTRACKING", "board_legend", "board_row"]


def board_row(board: list[int], height: int, n: int, **marks: Any) -> Structure:
    """`board[r]`, the column of each row's queen, `.` for the rows not filled yet."""
    cells = tuple(str(board[r]) if r < height else "." for r in range(n))
    return Structure("board", cells, **marks)


def record_backtracking(
    event: Event, variables: Mapping[str, Any], n: int, counts: Counts
) -> tuple[Structure, ...]:
    """The board the check function reads: the rows it compared outlined, the row of the
    queen that attacks in red, and beside it what the check answered, as the code says it:
    `check_back_tracking(row) == 1` (a queen kept), or `== 0` with the row `i` at which
    it returned 0 (it compares row by row from the top and stops at the first queen that
    attacks): the call and the answer the code itself tests."""
    board, row = variables["board"], variables["row"]
    height = n if isinstance(event, Solution) else row
    if isinstance(event, Reject):
        r = event.attacker[0]
        note = f"check_back_tracking({event.row}) == 0 (i = {r})"
        return (board_row(board, height, n, read=tuple(range(r + 1)), hit=(r,), note=note),)
    if isinstance(event, Place):
        note = f"check_back_tracking({event.row}) == 1"
        return (board_row(board, event.row + 1, n, read=tuple(range(row)), note=note),)
    return (board_row(board, height, n),)


def board_legend(event: Event, n: int) -> str:
    return _("board[r] is the column of the queen on row r; '.' marks a row not filled yet")


class _Watch(Watch):
    """The check's `return 0` (the row it stopped at), the test of its answer (a queen
    kept, or the square rejected), the recursion's return (the queen moved on), `found`."""

    def __init__(self) -> None:
        super().__init__(seeds.backtracking, record_backtracking, board_legend, "back_tracking")
        self.attacked = self.line("return 0")
        self.test = self.line("if check_back_tracking(row) == 1:")
        self.deeper = self.line("back_tracking(row + 1)")
        self.loop = self.line("for col in range(size):")
        self.found = self.line("found(board)")

    def finished(self, run: Run, frame: types.FrameType, line: int, following: int) -> None:
        if line == self.attacked:
            run.note = frame.f_locals["i"]
        elif line == self.test:
            run.check()
            v = frame.f_locals
            row, col = v["row"], v["col"]
            if following == self.deeper:
                run.step(Place(row, col), frame, line)
            else:
                i, board = run.note, v["board"]
                run.step(Reject(row, col, (i, board[i]), f"board[{i}] = {board[i]}"), frame, line)
        elif line == self.deeper:
            v = frame.f_locals
            run.step(Remove(v["row"], v["col"]), frame, following or line)
        elif line == self.found:
            run.step(Solution(Placement(tuple(frame.f_locals["board"]))), frame, line)


BACKTRACKING = _Watch()
