"""The join within a memory budget: a representative's two lists joined piece by piece
when a table for the longer one would not fit (`limits.JOIN_WORKER_BYTES`).

The join's count for one representative is a sum over pairs of signatures, one from each
strip's list. Cut both lists into pieces no longer than the table holds, and that sum is
the sum, over every pair of pieces, of the join of the two pieces: the same count, with
tables as small as the budget needs (at N = 26 a list of 37 million signatures would
need a table of 1.6 GB). Each pair pays for its own table, a few per cent of the
matching it then does, which grows with the product of the lists, not their lengths.

`count_blocks` is `join.count_blocks` with its join so cut: the same arguments, plus
`work`, the buffer a pair of pieces is copied into (the join sorts its lists in place).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from nqueens.engine import join

__all__ = ["count_blocks", "join_in_pieces"]


@njit(cache=True)
def join_in_pieces(east, ne, west, nw, n, table, valid, slices, square, spare, counters, work):  # type: ignore[no-untyped-def]
    """`join._join` of east[:ne] and west[:nw], by pieces of at most `work.shape[1]`
    signatures on each side; east and west are left unchanged when cut."""
    piece = work.shape[1]
    if ne <= piece and nw <= piece:
        return join._join(east, ne, west, nw, n, table, valid, slices, square, spare, counters)
    east_pieces = (ne + piece - 1) // piece  # pieces of equal length, so no sliver
    west_pieces = (nw + piece - 1) // piece
    total = 0
    for a in range(east_pieces):
        a_lo = ne * a // east_pieces
        a_count = ne * (a + 1) // east_pieces - a_lo
        for b in range(west_pieces):
            b_lo = nw * b // west_pieces
            b_count = nw * (b + 1) // west_pieces - b_lo
            work[0, :a_count] = east[a_lo : a_lo + a_count]
            work[1, :b_count] = west[b_lo : b_lo + b_count]
            total += join._join(
                *(work[0], a_count, work[1], b_count, n, table, valid, slices),
                *(square, spare, counters),
            )
    return total


@njit(cache=True)
def count_blocks(  # type: ignore[no-untyped-def]
    n,
    middles,
    easts,
    weights,
    bounds,
    out,
    status,
    sigs,
    spare,
    upper,
    lower,
    keys,
    starts,
    table,
    valid,
    slices,
    work,
):
    """`join.count_blocks`, each representative's lists joined by `join_in_pieces`."""
    east_rows = np.empty(n, np.int64)
    west_rows = np.empty(n, np.int64)
    stack = np.empty((4, n), np.uint64)
    square = np.empty(64, np.uint64)
    counters = np.empty((4, join.KEYS + 1), np.int64)
    found = np.zeros(2, np.int64)
    status[0] = -1
    status[1] = 0
    for b in range(bounds.shape[0] - 1):
        total = 0
        for i in range(bounds[b], bounds[b + 1]):
            m = middles[i]
            ne, nw, d1_0, d2_0 = join._representative(n, m, easts[i], east_rows, west_rows)
            side = join._strips(
                *(n, m, d1_0, d2_0, east_rows, ne, west_rows, nw, sigs, upper, lower),
                *(starts, stack, keys, found),
            )
            if found[side] < 0:
                status[0] = b
                status[1] = -found[side]
                return
            if found[side] == 0:
                continue
            total += weights[i] * join_in_pieces(
                *(sigs[0], found[0], sigs[1], found[1], n, table, valid, slices),
                *(square, spare, counters, work),
            )
        out[b, 0] = total
