"""numba kernel of the heat map: how many solutions put a queen on each square.

A bitboard search with an explicit stack, first row fixed to one column. Each queen
carries the number of solutions found below it; when the search moves it, that number
is added to its square and to its parent's. So the work is one step per node, not one
per square of every solution. The caller searches the left half of the first row and
mirrors it (the solutions are symmetric under the left-right reflection).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from nqueens.engine.bits import lowest_bit_index, take_lowest


@njit(cache=True)
def heat_below(n, first, counts):  # type: ignore[no-untyped-def]
    """Add to `counts` (n x n, int64) every solution with its row-0 queen on `first`."""
    full = (1 << n) - 1
    cols = np.full(n, -1, dtype=np.int64)
    below = np.zeros(n, dtype=np.int64)  # solutions under the queen now on each row
    taken = np.zeros(n, dtype=np.int64)
    left = np.zeros(n, dtype=np.int64)
    right = np.zeros(n, dtype=np.int64)
    avail = np.zeros(n, dtype=np.int64)
    cols[0] = first
    if n == 1:
        counts[0, 0] += 1
        return
    bit = 1 << first
    taken[1] = bit
    left[1] = (bit << 1) & full
    right[1] = bit >> 1
    avail[1] = full & ~(taken[1] | left[1] | right[1])
    row = 1
    while row >= 1:
        if cols[row] >= 0:  # the queen on this row moves on: hand its count up
            counts[row, cols[row]] += below[row]
            below[row - 1] += below[row]
            cols[row] = -1
        bit = take_lowest(avail, row)
        if bit == 0:
            row -= 1
            continue
        cols[row] = lowest_bit_index(bit)
        if row == n - 1:
            below[row] = 1
            continue
        below[row] = 0
        nxt = row + 1
        taken[nxt] = taken[row] | bit
        left[nxt] = ((left[row] | bit) << 1) & full
        right[nxt] = (right[row] | bit) >> 1
        avail[nxt] = full & ~(taken[nxt] | left[nxt] | right[nxt])
        cols[nxt] = -1
        row = nxt
    counts[0, first] += below[0]
