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
def _partials(n, rows, lo, hi, colmask, d1_0, d2_0, out_cols, out_d1, out_d2, stack):  # type: ignore[no-untyped-def]
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
def _strip(n, rows, k, colmask, d1_0, d2_0, out, work, order, starts, stack):  # type: ignore[no-untyped-def]
    """Signatures of every placement of one queen per row of rows[:k] in the columns of
    `colmask` (a strip), met in the middle: the upper and lower rows are placed apart
    and joined where their columns complete the strip and their diagonals do not meet.
    Returns how many, -OVERFLOW_PARTIALS or -OVERFLOW_SIGNATURES if a buffer is full."""
    half = n // 2
    low_bits = (ONE << uint64(n - 1)) - ONE
    mid = k // 2
    upper = _partials(n, rows, 0, mid, colmask, d1_0, d2_0, work[0], work[1], work[2], stack)
    if upper <= 0:
        return -OVERFLOW_PARTIALS if upper < 0 else 0
    lower = _partials(n, rows, mid, k, colmask, d1_0, d2_0, work[3], work[4], work[5], stack)
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


_TRANSPOSE_MASKS = np.array(
    [
        0x00000000FFFFFFFF,
        0x0000FFFF0000FFFF,
        0x00FF00FF00FF00FF,
        0x0F0F0F0F0F0F0F0F,
        0x3333333333333333,
        0x5555555555555555,
    ],
    np.uint64,
)


@njit(cache=True)
def _transpose(square):  # type: ignore[no-untyped-def]
    """Transpose a 64 x 64 bit matrix in place (bit b of word k <-> bit k of word b) by
    swapping off-diagonal blocks of 32, 16, ... 1: 6 x 32 masked swaps, no bit loops."""
    width = 32
    for level in range(6):
        mask = _TRANSPOSE_MASKS[level]
        shift = uint64(width)
        for k in range(64):
            if k & width == 0:
                t = ((square[k] >> shift) ^ square[k + width]) & mask
                square[k + width] ^= t
                square[k] ^= t << shift
        width >>= 1


@njit(cache=True)
def _build(patterns, start, count, nbits, table, valid, slices, first, square):  # type: ignore[no-untyped-def]
    """Store patterns[start:start+count] from block `first` on, 512 a block, bit-sliced,
    with every AND of 5 neighbouring bit slices precomputed: table[block, chunk * 32 +
    combo, word]. Returns the number of blocks written. `square`: 64 words of scratch."""
    chunks = (nbits + CHUNK_BITS - 1) // CHUNK_BITS
    blocks = (count + PIECE - 1) // PIECE
    for b in range(blocks):
        p = first + b
        base = start + b * PIECE
        filled = min(start + count - base, PIECE)
        for g in range(BLOCK_WORDS):
            for t in range(64):  # 64 patterns as rows of a bit matrix; missing ones use all
                at = g * 64 + t
                square[t] = patterns[base + at] if at < filled else ONES
            _transpose(square)
            for j in range(nbits):
                slices[j, g] = ~square[j]  # bit t: pattern t leaves diagonal j free
            top = filled - g * 64
            valid[p, g] = ONES if top >= 64 else ((ONE << uint64(max(top, 0))) - ONE)
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
def _query_rows(queries, count, nbits, rows):  # type: ignore[no-untyped-def]
    """For each query, the table row of each 5-bit chunk of its signature."""
    chunks = (nbits + CHUNK_BITS - 1) // CHUNK_BITS
    mask = uint64(COMBOS - 1)
    for i in range(count):
        x = queries[i]
        for c in range(chunks):
            rows[i * chunks + c] = c * COMBOS + np.int64((x >> uint64(c * CHUNK_BITS)) & mask)


@njit(cache=True)
def _match(rows, first, count, chunks, table, valid, block, blocks):  # type: ignore[no-untyped-def]
    """Pairs of queries first..first+count-1 and the patterns of blocks block..+blocks
    that share no bit; blocks are the outer loop, so one block's table stays in cache."""
    flat = table.reshape(-1)
    flat_valid = valid.reshape(-1)
    step = table.shape[1] * BLOCK_WORDS
    total = 0
    for p in range(block, block + blocks):
        base = p * step
        for i in range(first, first + count):
            total += match_block(flat, base, rows, i * chunks, chunks, flat_valid, p * BLOCK_WORDS)
    return total


@njit(cache=True)
def _group_by_long_diagonals(sigs, count, anti, main):  # type: ignore[no-untyped-def]
    """Reorder sigs[:count] in place: none of the two longest diagonals first, then one,
    then both. Returns how many have none and how many have one."""
    none = 0
    both = count
    i = 0
    while i < both:  # three-way partition
        x = sigs[i]
        k = ((x & anti) != 0) + ((x & main) != 0)
        if k == 0:
            sigs[i], sigs[none] = sigs[none], sigs[i]
            none += 1
            i += 1
        elif k == 2:
            both -= 1
            sigs[i], sigs[both] = sigs[both], sigs[i]
        else:
            i += 1
    return none, both - none


@njit(cache=True)
def _pairs_one_by_one(stored, nstored, queries, nqueries, anti, main):  # type: ignore[no-untyped-def]
    found = 0
    for i in range(nqueries):
        x = queries[i]
        for j in range(nstored):
            y = stored[j]
            if (x & y) == 0:
                found += _PAIR_WEIGHT[((x & anti) != 0) + ((x & main) != 0)][
                    ((y & anti) != 0) + ((y & main) != 0)
                ]
    return found


_PAIR_WEIGHT = np.array([[1, 1, 2], [1, 0, 0], [2, 0, 0]], np.int64)
"""By how many longest diagonals each half holds (0, 1 or 2): how much a pair counts."""


@njit(cache=True)
def _join(east, ne, west, nw, n, table, valid, slices, rows, square):  # type: ignore[no-untyped-def]
    """Weighted disjoint pairs of east and west signatures (see `count_blocks`): the
    larger list becomes the table, grouped by the longest diagonals it holds."""
    half = n // 2
    nbits = 2 * (n - 1)
    anti = ONE << uint64(n - 1 - half)  # r + c = N - 1
    main = ONE << uint64(n - 1 - half + n - 1)  # r = c
    if ne >= nw:
        stored, nstored, queries, nqueries = east, ne, west, nw
    else:
        stored, nstored, queries, nqueries = west, nw, east, ne
    if nqueries < BRUTE_BELOW:
        return _pairs_one_by_one(stored, nstored, queries, nqueries, anti, main)
    s0, s1 = _group_by_long_diagonals(stored, nstored, anti, main)
    q0, q1 = _group_by_long_diagonals(queries, nqueries, anti, main)
    b0 = _build(stored, 0, s0, nbits, table, valid, slices, 0, square)
    b1 = _build(stored, s0, s1, nbits, table, valid, slices, b0, square)
    rest = nstored - s0 - s1
    b2 = _build(stored, s0 + s1, rest, nbits, table, valid, slices, b0 + b1, square)
    _query_rows(queries, nqueries, nbits, rows)
    chunks = (nbits + CHUNK_BITS - 1) // CHUNK_BITS
    free = _match(rows, 0, q0 + q1, chunks, table, valid, 0, b0)  # against none: weight 1
    free += 2 * _match(rows, q0 + q1, nqueries - q0 - q1, chunks, table, valid, 0, b0)
    free += _match(rows, 0, q0, chunks, table, valid, b0, b1)  # one against none: 1
    return free + 2 * _match(rows, 0, q0, chunks, table, valid, b0 + b1, b2)  # both: 2


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
    west_cols = uint64((1 << half) - 1)
    east_cols = uint64(((1 << n) - 1) & ~((1 << (half + odd)) - 1))
    east_rows = np.empty(n, np.int64)
    west_rows = np.empty(n, np.int64)
    stack = np.empty((4, n), np.uint64)
    square = np.empty(64, np.uint64)
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
                n, west_rows, nw, west_cols, d1_0, d2_0, west_sigs, work, order, starts, stack
            )
            if found_w < 0:
                status[0] = b
                status[1] = -found_w
                return
            if found_w == 0:
                continue
            found_e = _strip(
                n, east_rows, ne, east_cols, d1_0, d2_0, east_sigs, work, order, starts, stack
            )
            if found_e < 0:
                status[0] = b
                status[1] = -found_e
                return
            if found_e == 0:
                continue
            total += weights[i] * _join(
                east_sigs, found_e, west_sigs, found_w, n, table, valid, slices, rows, square
            )
        out[b, 0] = total
