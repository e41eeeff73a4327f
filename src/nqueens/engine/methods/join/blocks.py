"""The join's task kernel: for each block of orbit representatives, list each one's two
strips (strips.py) and join them (match.py), within the arrays of one `Workspace`
(workspace.py), which grows them when a representative does not fit and calls again."""

from __future__ import annotations

import numpy as np
from numba import njit

from nqueens.engine.methods.join.match import COUNTER_ROWS, KEYS, join_in_pieces
from nqueens.engine.methods.join.strips import list_strips, representative

__all__ = ["OVERFLOWED", "STOPPED_AT", "count_blocks"]

STOPPED_AT, OVERFLOWED = range(2)
"""The words of `status`: the block `count_blocks` stopped at (-1: all done), and which
buffer was full there (strips.OVERFLOW_PARTIALS or OVERFLOW_SIGNATURES)."""


@njit(cache=True)
def count_blocks(n, middles, easts, weights, bounds, out, status, arrays):  # type: ignore[no-untyped-def]
    """Count subproblems bounds[b]..bounds[b+1] of the representatives into out[b, 0].

    Representative i: the middle column's queen in row middles[i] (-1 for even N), the
    east queens in the rows of the bit set easts[i], counted weights[i] times. `arrays`
    is a workspace's `JoinArrays`: `upper` holds a strip's upper placements, `lower[side]`
    each side's cached lower ones (0 east, 1 west, under keys[side]; see `strips.strip`),
    `work` the pieces' room when the lists are joined in pieces (`join_in_pieces`).
    Stops at the first subproblem whose lists do not fit: status[STOPPED_AT] is that
    block, status[OVERFLOWED] the buffer; status[STOPPED_AT] is -1 when all are done.
    """
    east_rows = np.empty(n, np.int64)
    west_rows = np.empty(n, np.int64)
    stack = np.empty((4, n), np.uint64)
    square = np.empty(64, np.uint64)
    counters = np.empty((COUNTER_ROWS, KEYS + 1), np.int64)
    found = np.zeros(2, np.int64)  # strip placements, east and west
    status[STOPPED_AT] = -1
    status[OVERFLOWED] = 0
    sigs = arrays.sigs
    for b in range(bounds.shape[0] - 1):
        total = 0
        for i in range(bounds[b], bounds[b + 1]):
            m = middles[i]
            ne, nw, d1_0, d2_0 = representative(n, m, easts[i], east_rows, west_rows)
            side = list_strips(
                *(n, m, d1_0, d2_0, east_rows, ne, west_rows, nw, sigs, arrays.upper),
                *(arrays.lower, arrays.starts, stack, arrays.keys, found),
            )
            if found[side] < 0:
                status[STOPPED_AT] = b
                status[OVERFLOWED] = -found[side]
                return
            if found[side] == 0:
                continue
            total += weights[i] * join_in_pieces(
                *(sigs[0], found[0], sigs[1], found[1], n, arrays.table, arrays.valid),
                *(arrays.slices, square, arrays.spare, counters, arrays.work),
            )
        out[b, 0] = total
