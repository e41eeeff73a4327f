"""The join counter: count whole boards by matching half-boards instead of searching.

Cut the board down the middle into a west and an east half of N // 2 columns each (for
odd N the middle column is fixed first: its queen's row m is part of the subproblem).
Every solution puts its east queens in some set E of rows and its west queens in the
other rows. For one E:

1. list every placement of the east queens alone (one per row of E, one per east column,
   no two on a diagonal), and likewise of the west queens (a *strip*); each is found meet
   in the middle, its upper rows joined to its lower rows through the columns they use;
2. describe each by the diagonals it occupies where the two halves overlap: N - 1 bits
   for each diagonal direction, one 64-bit *signature*;
3. count the pairs whose signatures share no bit: each is one solution, since rows and
   columns cannot clash across the halves.

Step 3 is the cost. The larger list is cut into blocks of 512 patterns stored bit-sliced
(one word per bit position per 64 patterns: "this pattern does not use that diagonal"),
with the AND of every combination of 5 neighbouring bits precomputed; a query then ANDs
one row per 5 bits of its signature over a block and counts the survivors: 512 pairs in
about ten vector instructions (`bitops.match_block`). Blocks are the outer loop, so one
block's table (18 KB for N = 18) stays in the L1 cache while every query passes it.

The symmetry of the square divides the work by about 4: turning the board upside down
maps E to its mirror image, and reflecting left to right swaps east and west (E to its
complement); only one E of each orbit is counted, times the orbit's size. See
`engine/halves.py` for the orbits, and "Where the time goes" in the README for what was
measured and tried.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from nqueens.engine.bitops import BLOCK_WORDS, lowest_bit_index, match_block

__all__ = ["CHUNK_BITS", "OVERFLOW_PARTIALS", "OVERFLOW_SIGNATURES", "count_blocks"]

CHUNK_BITS = 5
"""Signature bits per precomputed table: 32 rows of 8 words each."""

COMBOS = 1 << CHUNK_BITS
PIECE = 64 * BLOCK_WORDS
BRUTE_BELOW = 16
"""With fewer queries than this, pairs are tested one by one: no table to build."""

OVERFLOW_PARTIALS = 1
OVERFLOW_SIGNATURES = 2
ONES = ~np.uint64(0)
ONE = np.uint64(1)


@njit(cache=True)
def _partials(n, rows, lo, hi, colmask, d1_0, d2_0, out_cols, out_d1, out_d2):  # type: ignore[no-untyped-def]
    """Every placement of a queen in each of rows[lo:hi], in distinct columns of `colmask`,
    none sharing a diagonal with another or with the masks d1_0/d2_0: its columns and
    diagonals (d1 bit r+c, d2 bit c-r+N-1). Returns how many, or -1 if `out_*` is full."""
    k = hi - lo
    if k == 0:
        out_cols[0] = 0
        out_d1[0] = d1_0
        out_d2[0] = d2_0
        return 1
    cap = out_cols.shape[0]
    cols = np.zeros(k, np.uint64)
    d1 = np.zeros(k, np.uint64)
    d2 = np.zeros(k, np.uint64)
    avail = np.zeros(k, np.uint64)
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
def _strip(n, rows, k, colmask, d1_0, d2_0, out, work, order, starts):  # type: ignore[no-untyped-def]
    """Signatures of every placement of one queen per row of rows[:k] in the columns of
    `colmask` (a strip), met in the middle: the upper and lower rows are placed apart
    and joined where their columns complete the strip and their diagonals do not meet.
    Returns how many, -OVERFLOW_PARTIALS or -OVERFLOW_SIGNATURES if a buffer is full."""
    half = n // 2
    low_bits = (ONE << uint64(n - 1)) - ONE
    mid = k // 2
    upper = _partials(n, rows, 0, mid, colmask, d1_0, d2_0, work[0], work[1], work[2])
    if upper <= 0:
        return -OVERFLOW_PARTIALS if upper < 0 else 0
    lower = _partials(n, rows, mid, k, colmask, d1_0, d2_0, work[3], work[4], work[5])
    if lower <= 0:
        return -OVERFLOW_PARTIALS if lower < 0 else 0
    shift = uint64(lowest_bit_index(colmask))
    width = 0
    while (colmask >> (shift + uint64(width))) & ONE:
        width += 1
    # counting sort of the lower partials by the columns they use
    buckets = 1 << width
    starts[: buckets + 1] = 0
    for j in range(lower):
        starts[np.int64(work[3][j] >> shift) + 1] += 1
    for v in range(buckets):
        starts[v + 1] += starts[v]
    for j in range(lower):
        v = np.int64(work[3][j] >> shift)
        order[starts[v]] = j
        starts[v] += 1
    for v in range(buckets, 0, -1):
        starts[v] = starts[v - 1]
    starts[0] = 0
    full = buckets - 1
    cap = out.shape[0]
    found = 0
    for i in range(upper):
        need = full ^ np.int64(work[0][i] >> shift)
        x1 = work[1][i]
        x2 = work[2][i]
        for q in range(starts[need], starts[need + 1]):
            j = order[q]
            y1 = work[4][j]
            y2 = work[5][j]
            if (x1 & y1 & ~d1_0) == 0 and (x2 & y2 & ~d2_0) == 0:
                if found == cap:
                    return -OVERFLOW_SIGNATURES
                s1 = ((x1 | y1) ^ d1_0) >> uint64(half)
                s2 = ((x2 | y2) ^ d2_0) >> uint64(half)
                out[found] = (s1 & low_bits) | ((s2 & low_bits) << uint64(n - 1))
                found += 1
    return found


@njit(cache=True)
def _build(patterns, count, nbits, table, valid, slices):  # type: ignore[no-untyped-def]
    """Store `patterns[:count]` as blocks of 512, bit-sliced, with every AND of 5
    neighbouring bit slices precomputed: table[block, chunk * 32 + combo, word]."""
    chunks = (nbits + CHUNK_BITS - 1) // CHUNK_BITS
    blocks = (count + PIECE - 1) // PIECE
    for p in range(blocks):
        slices[:, :] = ONES
        valid[p, :] = 0
        base = p * PIECE
        for t in range(min(count - base, PIECE)):
            g = t >> 6
            bit = ONE << uint64(t & 63)
            valid[p, g] |= bit
            rest = patterns[base + t]
            while rest:
                slices[lowest_bit_index(rest), g] &= ~bit
                rest &= rest - ONE
        for c in range(chunks):
            row = c * COMBOS
            table[p, row, :] = ONES
            for combo in range(1, COMBOS):
                j = c * CHUNK_BITS + np.int64(lowest_bit_index(uint64(combo)))
                prev = row + (combo & (combo - 1))
                for g in range(BLOCK_WORDS):  # bits past the signature are never set
                    word = table[p, prev, g]
                    table[p, row + combo, g] = word & slices[j, g] if j < nbits else word
    return blocks


@njit(cache=True)
def _match(queries, count, nbits, table, valid, blocks, rows):  # type: ignore[no-untyped-def]
    """Pairs (query, stored pattern) sharing no bit, block by block."""
    chunks = (nbits + CHUNK_BITS - 1) // CHUNK_BITS
    mask = uint64(COMBOS - 1)
    for i in range(count):
        x = queries[i]
        for c in range(chunks):
            rows[i * chunks + c] = c * COMBOS + np.int64((x >> uint64(c * CHUNK_BITS)) & mask)
    flat = table.reshape(-1)
    flat_valid = valid.reshape(-1)
    step = table.shape[1] * BLOCK_WORDS
    total = 0
    for p in range(blocks):
        base = p * step
        for i in range(count):
            total += match_block(flat, base, rows, i * chunks, chunks, flat_valid, p * BLOCK_WORDS)
    return total


@njit(cache=True)
def _pairs_one_by_one(patterns, count, queries, nqueries):  # type: ignore[no-untyped-def]
    found = 0
    for i in range(nqueries):
        x = queries[i]
        for j in range(count):
            if (x & patterns[j]) == 0:
                found += 1
    return found


@njit(cache=True)
def _join(east, ne, west, nw, nbits, table, valid, slices, rows):  # type: ignore[no-untyped-def]
    """Disjoint pairs of east and west signatures: the larger list becomes the table."""
    if ne >= nw:
        stored, nstored, queries, nqueries = east, ne, west, nw
    else:
        stored, nstored, queries, nqueries = west, nw, east, ne
    if nqueries < BRUTE_BELOW:
        return _pairs_one_by_one(stored, nstored, queries, nqueries)
    blocks = _build(stored, nstored, nbits, table, valid, slices)
    return _match(queries, nqueries, nbits, table, valid, blocks, rows)


@njit(cache=True)
def count_blocks(
    n,
    middles,
    easts,
    weights,
    bounds,
    out,
    status,
    sigs,
    work,
    order,
    starts,
    table,
    valid,
    slices,
    rows,
):  # type: ignore[no-untyped-def]
    """Count subproblems bounds[b]..bounds[b+1] of the representatives into out[b, 0].

    Representative i: the middle column's queen in row middles[i] (-1 for even N), the
    east queens in the rows of the bit set easts[i], counted weights[i] times. Stops at
    the first subproblem whose lists do not fit the buffers: status = (that subproblem,
    which buffer); (-1, 0) when all are done.
    """
    half = n // 2
    odd = n & 1
    nbits = 2 * (n - 1)
    west_cols = uint64((1 << half) - 1)
    east_cols = uint64(((1 << n) - 1) & ~((1 << (half + odd)) - 1))
    east_rows = np.empty(n, np.int64)
    west_rows = np.empty(n, np.int64)
    east_sigs = sigs[0]
    west_sigs = sigs[1]
    status[0] = -1
    status[1] = 0
    for b in range(bounds.shape[0] - 1):
        total = 0
        for i in range(bounds[b], bounds[b + 1]):
            m = middles[i]
            rows_of_east = easts[i]
            d1_0 = uint64(0)
            d2_0 = uint64(0)
            if m >= 0:  # the middle column's queen, at (m, half)
                d1_0 = ONE << uint64(m + half)
                d2_0 = ONE << uint64(half - m + n - 1)
            ne = 0
            nw = 0
            for r in range(n):
                if r == m:
                    continue
                if (rows_of_east >> r) & 1:
                    east_rows[ne] = r
                    ne += 1
                else:
                    west_rows[nw] = r
                    nw += 1
            found_w = _strip(
                n, west_rows, nw, west_cols, d1_0, d2_0, west_sigs, work, order, starts
            )
            if found_w < 0:
                status[0] = b
                status[1] = -found_w
                return
            if found_w == 0:
                continue
            found_e = _strip(
                n, east_rows, ne, east_cols, d1_0, d2_0, east_sigs, work, order, starts
            )
            if found_e < 0:
                status[0] = b
                status[1] = -found_e
                return
            if found_e == 0:
                continue
            total += weights[i] * _join(
                east_sigs, found_e, west_sigs, found_w, nbits, table, valid, slices, rows
            )
        out[b, 0] = total
