"""A join subproblem's two strips: every placement of the east queens alone, and of the
west queens alone, each described by the diagonals it occupies (one 64-bit signature).

A strip is found meet in the middle: its upper rows and its lower rows are placed apart
(`partials`) and joined where their columns complete the strip and their diagonals do
not meet, eight candidates at a time (`bitops.join_lower`). The lower rows' placements
are kept for the next subproblem, which nearly always has the same lower rows.
See match.py for how the two lists are then joined, and blocks.py for the loop over
subproblems that calls both.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from nqueens.engine.bits import lowest_bit_index
from nqueens.engine.methods.join.bitops import (
    COMPRESS_LANES,
    LOW_BITS,
    MIDDLE_D1,
    MIDDLE_D2,
    OPEN_D1,
    OPEN_D2,
    SECOND_SHIFT,
    SHIFT,
    UPPER_D1,
    UPPER_D2,
    UPPER_WORDS,
    join_lower,
    rewind,
)

__all__ = [
    "COLS",
    "D1",
    "D2",
    "LOWER_COLS",
    "LOWER_D1",
    "LOWER_D2",
    "OVERFLOW_PARTIALS",
    "OVERFLOW_SIGNATURES",
    "SORTED_D1",
    "SORTED_D2",
    "list_strips",
    "partials",
    "representative",
    "strip",
]

OVERFLOW_PARTIALS = 1
OVERFLOW_SIGNATURES = 2
ONE = np.uint64(1)

COLS, D1, D2 = range(3)
"""The rows of `upper`: a strip's upper placements, their columns and diagonals."""
LOWER_COLS, LOWER_D1, LOWER_D2, SORTED_D1, SORTED_D2 = range(5)
"""The rows of one side's `lower`: its lower placements as found (columns, diagonals),
then their diagonals sorted by the columns used (what the join with the upper rows reads)."""


@njit(cache=True)
def partials(n, rows, lo, hi, colmask, d1_0, d2_0, out_cols, out_d1, out_d2, stack):  # type: ignore[no-untyped-def]
    """Every placement of a queen in each of rows[lo:hi], in distinct columns of `colmask`,
    none sharing a diagonal with another or with the masks d1_0/d2_0: its columns and
    diagonals (d1 bit r+c, d2 bit c-r+N-1). Returns how many, or -1 if `out_*` is full.
    `stack` (4 x N) is the search's scratch space."""
    k = hi - lo
    if k == 0:
        out_cols[0] = 0
        out_d1[0] = d1_0
        out_d2[0] = d2_0
        return 1
    cap = out_cols.shape[0]
    cols = stack[0]
    d1 = stack[1]
    d2 = stack[2]
    avail = stack[3]
    cols[0] = 0
    d1[0] = d1_0
    d2[0] = d2_0
    r = rows[lo]
    avail[0] = colmask & ~((d1_0 >> uint64(r)) | (d2_0 >> uint64(n - 1 - r)))
    level = 0
    found = 0
    while level >= 0:
        free = avail[level]
        if free == 0:
            level -= 1
            continue
        bit = free & (~free + ONE)
        avail[level] = free ^ bit
        r = rows[lo + level]
        nd1 = d1[level] | (bit << uint64(r))
        nd2 = d2[level] | (bit << uint64(n - 1 - r))
        ncols = cols[level] | bit
        if level + 1 == k:
            if found == cap:
                return -1
            out_cols[found] = ncols
            out_d1[found] = nd1
            out_d2[found] = nd2
            found += 1
            continue
        r = rows[lo + level + 1]
        free = colmask & ~(ncols | (nd1 >> uint64(r)) | (nd2 >> uint64(n - 1 - r)))
        if free != 0:
            level += 1
            d1[level] = nd1
            d2[level] = nd2
            cols[level] = ncols
            avail[level] = free
    return found


@njit(cache=True)
def strip(n, rows, k, colmask, d1_0, d2_0, tag, out, upper, lower, starts, stack, keys, side):  # type: ignore[no-untyped-def]
    """Signatures of every placement of one queen per row of rows[:k] in the columns of
    `colmask` (a strip), met in the middle: the upper and lower rows are placed apart
    and joined where their columns complete the strip and their diagonals do not meet.

    The lower placements, sorted by the columns they use, are kept between calls for
    each `side` under keys[side]: consecutive subproblems nearly always share their lower
    rows (88-99% of them, since representatives come in the order of their bit sets),
    so they are placed again only when those rows or the middle queen (`tag`) change.
    Returns how many, -OVERFLOW_PARTIALS or -OVERFLOW_SIGNATURES if a buffer is full."""
    half = n // 2
    low_bits = (ONE << uint64(n - 1)) - ONE
    mid = max(0, k // 2 - 1)
    shift = uint64(lowest_bit_index(colmask))
    width = 0
    while (colmask >> (shift + uint64(width))) & ONE:
        width += 1
    buckets = 1 << width
    key = tag << n
    for i in range(mid, k):
        key |= 1 << rows[i]
    if keys[side] != key:
        keys[side] = -1
        count = partials(
            *(n, rows, mid, k, colmask, d1_0, d2_0),
            *(lower[LOWER_COLS], lower[LOWER_D1], lower[LOWER_D2], stack),
        )
        if count < 0:
            return -OVERFLOW_PARTIALS
        # a counting sort by the columns used, into SORTED_D1 and SORTED_D2
        starts[: buckets + 1] = 0
        for j in range(count):
            starts[np.int64(lower[LOWER_COLS][j] >> shift) + 1] += 1
        for v in range(buckets):
            starts[v + 1] += starts[v]
        for j in range(count):
            v = np.int64(lower[LOWER_COLS][j] >> shift)
            lower[SORTED_D1][starts[v]] = lower[LOWER_D1][j]
            lower[SORTED_D2][starts[v]] = lower[LOWER_D2][j]
            starts[v] += 1
        rewind(starts, buckets)
        keys[side] = key
    if starts[buckets] == 0:
        return 0
    found_upper = partials(
        n, rows, 0, mid, colmask, d1_0, d2_0, upper[COLS], upper[D1], upper[D2], stack
    )
    if found_upper <= 0:
        return -OVERFLOW_PARTIALS if found_upper < 0 else 0
    full = buckets - 1
    room = out.shape[0] - COMPRESS_LANES  # join_lower may write a vector past its count
    joined = np.empty(UPPER_WORDS, np.uint64)  # one upper placement, as join_lower reads it
    joined[MIDDLE_D1] = d1_0
    joined[MIDDLE_D2] = d2_0
    joined[SHIFT] = half
    joined[LOW_BITS] = low_bits
    joined[SECOND_SHIFT] = n - 1
    found = 0
    for i in range(found_upper):
        need = full ^ np.int64(upper[COLS][i] >> shift)
        first = starts[need]
        last = starts[need + 1]
        if found + (last - first) > room:
            return -OVERFLOW_SIGNATURES
        joined[UPPER_D1] = upper[D1][i]
        joined[UPPER_D2] = upper[D2][i]
        joined[OPEN_D1] = upper[D1][i] & ~d1_0
        joined[OPEN_D2] = upper[D2][i] & ~d2_0
        found = join_lower(out, found, lower[SORTED_D1], lower[SORTED_D2], first, last, joined)
    return found


@njit(cache=True)
def representative(n, m, east, east_rows, west_rows):  # type: ignore[no-untyped-def]
    """Representative (m, east): its east rows and west rows (the middle row m left out)
    into the two arrays, and the diagonals of the middle column's queen at (m, N // 2),
    none for even N (m = -1). Returns (east count, west count, d1, d2)."""
    half = n // 2
    d1_0 = uint64(0)
    d2_0 = uint64(0)
    if m >= 0:
        d1_0 = ONE << uint64(m + half)
        d2_0 = ONE << uint64(half - m + n - 1)
    ne = 0
    nw = 0
    for r in range(n):
        if r == m:
            continue
        if (east >> r) & 1:
            east_rows[ne] = r
            ne += 1
        else:
            west_rows[nw] = r
            nw += 1
    return ne, nw, d1_0, d2_0


@njit(cache=True)
def list_strips(n, m, d1_0, d2_0, east_rows, ne, west_rows, nw, sigs, upper, lower, starts, stack, keys, found):  # type: ignore[no-untyped-def]  # noqa: E501  # fmt: skip
    """List a representative's two strips into sigs[1] (west) and sigs[0] (east), their
    sizes into found; west first: if it has no placement, the east is not listed. Returns
    the side listed last (`strip` for what a negative size means)."""
    half = n // 2
    west_cols = uint64((1 << half) - 1)
    east_cols = uint64(((1 << n) - 1) & ~((1 << (half + (n & 1))) - 1))
    side = 1
    for side in (1, 0):
        strip_rows, count, cols = (west_rows, nw, west_cols) if side else (east_rows, ne, east_cols)
        found[side] = strip(
            *(n, strip_rows, count, cols, d1_0, d2_0, m + 1, sigs[side], upper),
            *(lower[side], starts[side], stack, keys, side),
        )
        if found[side] <= 0:
            break
    return side
