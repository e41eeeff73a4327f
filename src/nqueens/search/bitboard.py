"""Bitboards: the taken columns and diagonals of a row as the bits of three integers.

The series of seed 004 moves from flag arrays to bitmaps: `cols | left | right` marks
every attacked square of the next row at once, and `avail & -avail` picks the lowest free
column, so the search never even visits an attacked square. Bit i is column i, so the
solutions come out in the same lexicographic order as the other algorithms.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from nqueens.i18n import _
from nqueens.placement import Placement
from nqueens.search.common import Step, run
from nqueens.search.events import Event, Observer, Place, Remove, SearchStats, Solution
from nqueens.search.recording import mask_row
from nqueens.search.state import Structure

__all__ = ["bitboard", "bitboard_stack"]


def bitboard(
    n: int, *, stats: SearchStats | None = None, observer: Observer | None = None
) -> Iterator[Placement]:
    """All solutions by recursive bitboard backtracking."""
    return run(raw_bitboard, n, stats, observer)


def bitboard_stack(
    n: int, *, stats: SearchStats | None = None, observer: Observer | None = None
) -> Iterator[Placement]:
    """All solutions by bitboard backtracking with an explicit stack of free-square masks."""
    return run(raw_bitboard_stack, n, stats, observer)


def raw_bitboard(n: int, stats: SearchStats, observe: bool) -> Iterator[Step]:
    full = (1 << n) - 1
    cols = [0] * n

    def place_row(row: int, taken: int, left: int, right: int) -> Iterator[Step]:
        stats.checks += 1
        avail = full & ~(taken | left | right)
        while avail:
            bit = avail & -avail
            avail ^= bit
            col = bit.bit_length() - 1
            cols[row] = col
            stats.nodes += 1
            if observe:
                yield Place(row, col)
            if row + 1 < n:
                yield from place_row(
                    row + 1, taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1
                )
            else:
                yield tuple(cols)
            stats.backtracks += 1
            if observe:
                yield Remove(row, col)

    return place_row(0, 0, 0, 0)


def raw_bitboard_stack(n: int, stats: SearchStats, observe: bool) -> Iterator[Step]:
    full = (1 << n) - 1
    cols = [0] * n
    taken, left, right, avail = [0] * n, [0] * n, [0] * n, [0] * n
    row = 0
    stats.checks += 1
    avail[0] = full
    while row >= 0:
        free = avail[row]
        if not free:  # no square left to try in this row: step back
            row -= 1
            stats.backtracks += row >= 0
            if observe and row >= 0:
                yield Remove(row, cols[row])
            continue
        bit = free & -free
        avail[row] = free ^ bit
        col = bit.bit_length() - 1
        cols[row] = col
        stats.nodes += 1
        if observe:
            yield Place(row, col)
        if row + 1 < n:
            nxt = row + 1
            taken[nxt] = taken[row] | bit
            left[nxt] = ((left[row] | bit) << 1) & full
            right[nxt] = (right[row] | bit) >> 1
            stats.checks += 1
            avail[nxt] = full & ~(taken[nxt] | left[nxt] | right[nxt])
            row = nxt
        else:
            yield tuple(cols)
            stats.backtracks += 1
            if observe:
                yield Remove(row, col)


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
    """Which row the masks are of, and that they are from before its queen."""
    row = n - 1 if isinstance(event, Solution) else event.row
    return _(
        "the masks of row {row}, before its queen: bit i under column i, as on the board; "
        "<< 1 moves a bit one column to the right"
    ).format(row=row)


def record_bitboard(event: Event, variables: Mapping[str, Any], n: int) -> tuple[Structure, ...]:
    """The row's three masks and its free squares, bit i under column i."""
    return _masks(event, n, variables["taken"], variables["left"], variables["right"])


def record_bitboard_stack(
    event: Event, variables: Mapping[str, Any], n: int
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
