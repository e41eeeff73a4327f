"""The variants' counting kernel (numba): the bitboard search of search.py as a loop over
an explicit stack, on 64-bit words, counting instead of listing.

Work is split on the first two rows' columns (variants/counters.py), so the counts can be
summed over processes.
`unique` counts the solutions that are the least of their symmetry class, with the
board's symmetries given as switches (see `placement.symmetry_view`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from nqueens.engine.bits import lowest_bit_index
from nqueens.engine.canonical import is_least
from nqueens.placement import SYMMETRIES, symmetry_view

__all__ = ["count_first_rows", "symmetry_switches"]


def symmetry_switches(square: bool) -> npt.NDArray[np.int64]:
    """The board's non-trivial symmetries as (use inverse, reverse rows, reverse values)
    rows: the square's 7, or a rectangle's 3 (its reflections and half turn)."""
    names = SYMMETRIES[1:] if square else ("mirror", "flip", "rot180")
    return np.array([symmetry_view(name) for name in names], np.int64)


@njit(cache=True)
def _shift(x, by, width, full, wrap):  # type: ignore[no-untyped-def]
    if wrap:
        by %= width
        if by == 0:
            return x
        return ((x << np.uint64(by)) | (x >> np.uint64(width - by))) & full
    if by >= 0:
        return (x << np.uint64(by)) & full
    return x >> np.uint64(-by)


@njit(cache=True)
def count_first_rows(rows, width, wrap, knight, first, second, unique, switches, shifts):  # type: ignore[no-untyped-def]
    """Solutions whose first row's queen stands in column `first` and second row's in
    column `second` (any, where negative), those of them that are the least of their
    symmetry class (when `unique`; else 0), and the queens placed below the first row.
    With `shifts` (a torus), the least are counted among every column shift of each
    solution found (each a solution too), so that the first column's solutions alone
    give the unique count."""
    full = np.uint64((1 << width) - 1)
    one = np.uint64(1)
    zero = np.uint64(0)
    taken = np.zeros(rows + 1, np.uint64)
    left = np.zeros(rows + 1, np.uint64)
    right = np.zeros(rows + 1, np.uint64)
    avail = np.zeros(rows + 1, np.uint64)
    bits = np.zeros(rows + 1, np.uint64)
    allowed = np.full(rows + 1, full, np.uint64)  # a row may take any square, but the
    if second >= 0:  # second row the subproblem's own where it names one
        allowed[1] = one << np.uint64(second)
    cols = np.zeros(rows, np.int64)
    shifted = np.zeros(rows, np.int64)
    inv = np.zeros(width, np.int64)
    found = 0
    least = 0
    nodes = 0
    bit = one << np.uint64(first)
    bits[0] = bit
    cols[0] = first
    if rows == 1:  # one queen: the least of its class in the left half (or the middle)
        return 1, 1 if unique and 2 * first < width else 0, 0
    taken[1] = bit
    left[1] = _shift(bit, -1, width, full, wrap)
    right[1] = _shift(bit, 1, width, full, wrap)
    row = 1
    avail[1] = zero
    fresh = True
    while row >= 1:
        if fresh:
            free = allowed[row] & ~(taken[row] | left[row] | right[row])
            if knight:
                for earlier in range(row):
                    distance = row - earlier
                    if wrap and rows - distance < distance:
                        distance = rows - distance
                    if distance == 1 or distance == 2:
                        jump = 3 - distance
                        b = bits[earlier]
                        reach = _shift(b, jump, width, full, wrap)
                        free &= ~(reach | _shift(b, -jump, width, full, wrap))
            avail[row] = free
            fresh = False
        free = avail[row]
        if free == zero:
            row -= 1
            continue
        bit = free & (~free + one)
        avail[row] = free ^ bit
        bits[row] = bit
        cols[row] = lowest_bit_index(bit)
        nodes += 1
        if row == rows - 1:
            found += 1
            if unique:
                for by in range(width if shifts else 1):
                    for r in range(rows):
                        shifted[r] = (cols[r] + by) % width
                        if rows == width:
                            inv[shifted[r]] = r
                    if is_least(shifted, inv, rows, width, switches):
                        least += 1
            continue
        taken[row + 1] = taken[row] | bit
        left[row + 1] = _shift(left[row] | bit, -1, width, full, wrap)
        right[row + 1] = _shift(right[row] | bit, 1, width, full, wrap)
        row += 1
        fresh = True
    return found, least, nodes
