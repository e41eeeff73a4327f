"""Bitboards: how the code of the bitmap searches makes steps, and the state a student
reads beside it.

The series of seed 004 moves from flag arrays to bitmaps: `taken | left | right` marks
every attacked square of the next row at once, and `avail & -avail` picks the lowest free
column, so the search never even visits an attacked square (and rejects none). Bit i is
column i, so the solutions come out in the same lexicographic order as the other
algorithms. Each row's masks are one check.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

from nqueens.i18n import _
from nqueens.placement import Placement
from nqueens.search.events import Event, Place, Remove, Solution
from nqueens.search.observe import Counts, Run, Watch
from nqueens.search.recording import mask_row
from nqueens.search.seeds import bitboard as seeds
from nqueens.search.shape import ROWS
from nqueens.search.state import Structure

__all__ = ["BITBOARD", "BITBOARD_STACK"]

_PLACE = "cols[row] = bit.bit_length() - 1"


def _masks(event: Event, n: int, taken: int, left: int, right: int) -> tuple[Structure, ...]:
    read = () if isinstance(event, Solution) else (event.col,)
    free = ((1 << n) - 1) & ~(taken | left | right)
    return (
        mask_row("taken", taken, n, read),
        mask_row("left", left, n, read),
        mask_row("right", right, n, read),
        mask_row("free", free, n, read, "~(taken|left|right)"),
    )


def masks_legend(event: Event, n: int) -> str:
    """Which row the masks are of, and that they are from before its queen. The row is
    named by its place, not its number, which the caption beside gives counted as the
    reader asked (`--one-based`), where a legend made with the state cannot."""
    if isinstance(event, Solution):
        return _(
            "the masks of the last row, before its queen: bit i under column i, as on the "
            "board; << 1 moves a bit one column to the right"
        )
    return _(
        "the masks of this step's row, before its queen: bit i under column i, as on the "
        "board; << 1 moves a bit one column to the right"
    )


def record_bitboard(
    event: Event, variables: Mapping[str, Any], n: int, counts: Counts
) -> tuple[Structure, ...]:
    """The row's three masks and its free squares, bit i under column i."""
    return _masks(event, n, variables["taken"], variables["left"], variables["right"])


def record_bitboard_stack(
    event: Event, variables: Mapping[str, Any], n: int, counts: Counts
) -> tuple[Structure, ...]:
    """The row's masks, and the explicit stack: the free squares still to try, row by row,
    each written as the masks are, bit i under column i."""
    row = variables["row"]
    taken, left, right, avail = (variables[k] for k in ("taken", "left", "right", "avail"))
    stack = tuple(format(m, f"0{n}b")[::-1] for m in avail[: row + 1])
    return (
        *_masks(event, n, taken[row], left[row], right[row]),
        Structure("stack", stack, (row,), (), "avail[0..row]"),
    )


class _Watch(Watch):
    """`bitboard`: a row's free squares worked out (a check), a queen put, the recursion's
    return or `found` (then the loop moves the queen on)."""

    def __init__(self) -> None:
        super().__init__(seeds.bitboard, record_bitboard, masks_legend, "place_row", checks=ROWS)
        self.masks = self.line("avail = full & ~(taken | left | right)")
        self.put, self.found = self.line(_PLACE), self.line("found(cols)")
        self.deeper = self.line(
            "place_row(row + 1, taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1)"
        )

    def finished(self, run: Run, frame: types.FrameType, line: int, following: int) -> None:
        if line == self.masks:
            run.check()
        elif line == self.put:
            v = frame.f_locals
            run.step(Place(v["row"], v["cols"][v["row"]]), frame, line)
        elif line == self.deeper or line == self.found:
            v = frame.f_locals
            row, cols = v["row"], v["cols"]
            if line == self.found:
                run.step(Solution(Placement(tuple(cols))), frame, line)
            run.step(Remove(row, cols[row]), frame, following or line)


class _StackWatch(Watch):
    """`bitboard_stack`: each row's free squares worked out (a check), a queen put,
    `found` (then the queen is moved on), a step back to the row above."""

    def __init__(self) -> None:
        super().__init__(seeds.bitboard_stack, record_bitboard_stack, masks_legend, checks=ROWS)
        self.start, self.masks = (
            self.line("avail[0] = full"),
            self.line("avail[row + 1] = full & ~(taken[row + 1] | left[row + 1] | right[row + 1])"),
        )
        self.put, self.found = self.line(_PLACE), self.line("found(cols)")
        self.back = self.line("row -= 1")

    def finished(self, run: Run, frame: types.FrameType, line: int, following: int) -> None:
        if line == self.masks or line == self.start:
            run.check()
        elif line == self.put:
            v = frame.f_locals
            run.step(Place(v["row"], v["cols"][v["row"]]), frame, line)
        elif line == self.found:
            v = frame.f_locals
            row, cols = v["row"], v["cols"]
            run.step(Solution(Placement(tuple(cols))), frame, line)
            run.step(Remove(row, cols[row]), frame, line)
        elif line == self.back:
            v = frame.f_locals
            if v["row"] >= 0:
                run.step(Remove(v["row"], v["cols"][v["row"]]), frame, line)


BITBOARD = _Watch()
BITBOARD_STACK = _StackWatch()
