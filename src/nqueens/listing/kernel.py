"""The listing's kernel: every solution of the N x N board in lexicographic order, in
chunks that resume where the last stopped (nqueens.listing drives it)."""

from __future__ import annotations

import numpy as np
from numba import njit

from nqueens.engine.bits import attacks_below, lowest_bit_index, take_lowest
from nqueens.engine.canonical import IMAGES, is_canonical

__all__ = ["enumerate_into"]


@njit(cache=True)
def enumerate_into(n, state, avail, ls, ds, rs, bits, out, unique, floor):  # type: ignore[no-untyped-def]
    """Continue the lexicographic search saved in `state`, writing solutions to `out`.

    state[0] is the current row: -2 before the start, -1 once the search is over. The
    stacks (avail, ls, ds, rs, bits) hold the rest, so the next call resumes exactly
    where this one stopped. Rows below `floor` are fixed (a prefix set up by the
    caller, with state[0] = floor): the search ends when it would move them. With
    `unique`, only canonical solutions are written. Returns the rows of `out` filled.
    """
    mask = (1 << n) - 1
    last = n - 1
    row = state[0]
    if row == -2:
        row = 0
        ls[0] = 0
        ds[0] = 0
        rs[0] = 0
        avail[0] = mask
    cols = np.zeros(n, np.int64)
    inv = np.zeros(n, np.int64)
    images = IMAGES
    filled = 0
    capacity = out.shape[0]
    while row >= floor and filled < capacity:
        bit = take_lowest(avail, row)
        if bit == 0:
            row -= 1
            continue
        bits[row] = bit
        if row == last:
            for r in range(n):
                cols[r] = lowest_bit_index(bits[r])
            if unique and not is_canonical(cols, inv, n, images):
                continue
            for r in range(n):
                out[filled, r] = cols[r]
            filled += 1
            continue
        left, down, right = attacks_below(ls, ds, rs, row, bit, mask)
        row += 1
        ls[row] = left
        ds[row] = down
        rs[row] = right
        avail[row] = mask & ~(left | down | right)
    state[0] = row if row >= floor else -1
    return filled
