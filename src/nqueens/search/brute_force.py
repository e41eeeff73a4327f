"""Generate and test (seed 004): how the code of brute force and of the permutations
makes steps, and the state a student reads beside it.

Seed 004 contrasts brute force with backtracking: for N = 5 it checks all 5^5 = 3,125
boards, because it never looks at a queen until the whole board is filled. Its check
(`check_brute_force`) compares each row with the rows above it, from the top, and stops
at the first pair that attack each other: the later row's square is the one rejected,
by the earlier row's queen. The permutations fill only columns not used yet (N! boards),
so only a diagonal can fail their check.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

from nqueens.i18n import _
from nqueens.placement import Placement
from nqueens.search.backtracking import board_legend, board_row
from nqueens.search.events import TRIED, UNUSED, Event, Place, Reject, Remove, Solution
from nqueens.search.observe import Counts, Run, Watch
from nqueens.search.recording import flag_row
from nqueens.search.seeds import brute_force as seeds
from nqueens.search.shape import BOARDS, EVERY_BOARD
from nqueens.search.shape import PERMUTATIONS as ALL_PERMUTATIONS
from nqueens.search.state import Structure

__all__ = ["BRUTE_FORCE", "PERMUTATIONS"]


def record_generate(
    event: Event, variables: Mapping[str, Any], n: int, counts: Counts
) -> tuple[Structure, ...]:
    """The candidate board (columns row by row, `.` for rows not filled yet), the pair the
    check found (outlined, the earlier row in red), and the running count of complete
    boards checked; the permutations add their `used` columns."""
    board, row = variables["board"], variables["row"]
    filled = row + (0 if isinstance(event, Remove) else 1)
    checked = isinstance(event, Reject | Solution)
    if isinstance(event, Reject):
        pair = (event.attacker[0], event.row)
        shown = board_row(board, filled, n, read=pair, hit=pair[:1], note="check()")
    else:
        read = (event.row,) if isinstance(event, Place) else ()
        shown = board_row(board, filled, n, read=read, note="board[row]")
    checks = (str(counts.checks),)
    count = Structure("checks", checks, (0,) if checked else (), (), _("complete boards checked"))
    structures = [shown, count]
    if "used" in variables:
        read = () if isinstance(event, Reject | Solution) else (event.col,)
        structures.append(flag_row("used", variables["used"], read, "used[col]"))
    return tuple(structures)


class _Watch(Watch):
    """The check's `return 0` (the pair it stopped at), the test of its answer (a
    rejection, or `found`), a queen put, and the queen moved on: by the loop when the
    recursion comes back (brute force), or by `used[col] = False` (the permutations)."""

    def __init__(
        self, function: Any, tree: str, check: str, put: str, moved: str, exhausted: str
    ) -> None:
        super().__init__(function, record_generate, board_legend, "place", tree=tree, checks=BOARDS)
        self.attacked = self.line("return 0")
        self.test = self.line(f"if {check}() == 1:")
        self.put, self.moved = self.line(put), self.line(moved)
        self.at_loop = moved.startswith("place(")  # no line of its own: the loop moves it
        self.found = self.line("found(board)")
        self.exhausted = exhausted

    def finished(self, run: Run, frame: types.FrameType, line: int, following: int) -> None:
        if line == self.attacked:
            v = frame.f_locals
            run.note = (v["i"], v["r"])
        elif line == self.test:
            run.check()
            if following != self.found:
                (i, r), board = run.note, frame.f_locals["board"]
                test = f"board[{i}] = {board[i]}"
                run.step(Reject(r, board[r], (i, board[i]), test), frame, line)
        elif line == self.put:
            v = frame.f_locals
            run.step(Place(v["row"], v["col"]), frame, line)
        elif line == self.moved:
            v = frame.f_locals
            shown = following if self.at_loop and following else line
            run.step(Remove(v["row"], v["col"], exhausted=self.exhausted), frame, shown)
        elif line == self.found:
            run.step(Solution(Placement(tuple(frame.f_locals["board"]))), frame, line)


BRUTE_FORCE = _Watch(
    seeds.brute_force,
    EVERY_BOARD,
    "check_brute_force",
    "board[row] = col",
    "place(row + 1)",
    TRIED,
)
PERMUTATIONS = _Watch(
    seeds.permutations,
    ALL_PERMUTATIONS,
    "check_permutation",
    "used[col] = True",
    "used[col] = False",
    UNUSED,
)
