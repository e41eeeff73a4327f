"""The join's count: the pairs of an east and a west signature that share no bit, each
one solution (rows and columns cannot clash across the halves), weighted by the board's
diagonal reflections.

Three things keep it fast:

- Both lists are sorted on a few *cut* bits: the two longest diagonals, then the bits
  the two lists most often both hold. A pair that shares a cut bit cannot match, so the
  table's bucket for one key meets only the queries whose key shares none of its bits;
  and since no pair that meets can clash on a cut bit, the cut bits are taken out of
  the signatures before the tables are built; where BMI2's `pext` is fast, so are the
  bits one of the two lists never holds (`kept_bits`: about 3.6 of 38 at N = 20),
  which often saves a table row a query.
- The diagonal reflections of the board swap which half holds the queen on each of the
  two longest diagonals. So the pairs whose halves hold one long diagonal each need not
  be counted at all, provided the pairs where one half holds both count twice
  (`PAIR_WEIGHT`; totals over all E are unchanged, as the tests check against brute
  force for every subproblem).
- Within a bucket, the larger list is stored as blocks of 256 patterns, bit-sliced (one
  word per bit position per 64 patterns: "this pattern leaves that diagonal free", built
  by 64 x 64 bit-matrix transposes), with the AND of every combination of 5 neighbouring
  bits precomputed (6 for one or two chunks where that saves a row: `bitops.layout`). A
  query ANDs one row per chunk of its signature over a block, cut from the signature in
  registers, and counts the survivors: 256 pairs in about ten vector instructions
  (`bitops.match_block`). The tables are built in vector registers
  (`bitops.transpose64`, `bitops.combination_rows`). Blocks are the outer loop, so one
  block's table (9 KB at N = 18) stays in the L1 cache while the queries pass it.

The rows of `counters` (4 x KEYS + 1) are named: CUTS (the cut bits), TABLE_STARTS and
QUERY_STARTS (where each key's group begins in the sorted lists), FIRST_BLOCK (each
bucket's first table block). "Where the time goes" in docs/benchmarks.md says what was
measured and tried (benchmarks/join_stages.py times each stage).
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from nqueens.engine.bits import lowest_bit_index
from nqueens.engine.methods.join.bitops import (
    BLOCK_WORDS,
    CHUNK_BITS,
    combination_rows,
    layout,
    match_block,
    pext,
    pext_is_fast,
    rewind,
    transpose64,
)

__all__ = [
    "COMBOS",
    "COUNTER_ROWS",
    "CUTS",
    "EXTRA_CUTS",
    "FIRST_BLOCK",
    "KEYS",
    "PAIR_WEIGHT",
    "PIECE",
    "QUERY_STARTS",
    "TABLE_STARTS",
    "join",
    "join_in_pieces",
]

COMBOS = 1 << CHUNK_BITS
PIECE = 64 * BLOCK_WORDS
BRUTE_BELOW = 16
"""With fewer queries than this, pairs are tested one by one: no table to build."""

EXTRA_CUTS = 5
"""Bits besides the two longest diagonals on which both lists are sorted (`join`)."""

KEYS = 1 << (2 + EXTRA_CUTS)
SAMPLE = 128
"""Signatures of each list looked at to choose the extra cut bits."""

SPARSE_GROUP = 16
"""Groups of fewer patterns are bit-sliced bit by bit rather than by a 64 x 64 transpose."""

MIN_BUCKET = 512
"""Fewer extra cut bits for short lists: a bucket should hold this many on average."""

CUTS, TABLE_STARTS, QUERY_STARTS, FIRST_BLOCK = range(4)
"""The rows of `counters` (see the module's docstring)."""
COUNTER_ROWS = 4
ONES = ~np.uint64(0)
ONE = np.uint64(1)


@njit(cache=True)
def transpose(square):  # type: ignore[no-untyped-def]
    """Transpose a 64 x 64 bit matrix in place (`bitops.transpose64`)."""
    transpose64(square)


@njit(cache=True)
def _build(patterns, start, count, nbits, table, valid, slices, first, square):  # type: ignore[no-untyped-def]
    """Store patterns[start:start+count] from block `first` on, 256 a block, bit-sliced,
    with every AND of a chunk's neighbouring bit slices precomputed: table[block, the
    chunk's first row + combo, word] (`bitops.chunks_of`). Returns the number of blocks
    written. `square`: 64 words of scratch."""
    chunks = (nbits + CHUNK_BITS - 1) // CHUNK_BITS
    assert slices.shape[0] >= chunks * CHUNK_BITS, "a slice row for every bit of each chunk"
    wide = layout(nbits)[1]
    slices[nbits:, :] = ONES  # bits past the signature: their combinations are never read
    flat = table.reshape(-1)
    step = table.shape[1] * BLOCK_WORDS
    blocks = (count + PIECE - 1) // PIECE
    for b in range(blocks):
        p = first + b
        base = start + b * PIECE
        filled = min(start + count - base, PIECE)
        groups = (filled + 63) // 64  # words past them hold stale bits: `valid` masks them
        for g in range(BLOCK_WORDS):
            top = filled - g * 64
            valid[p, g] = ONES if top >= 64 else ((ONE << uint64(max(top, 0))) - ONE)
        for g in range(groups):
            in_group = min(filled - g * 64, 64)
            if in_group < SPARSE_GROUP:  # a few patterns: clear their bits one by one
                slices[:nbits, g] = ONES
                for t in range(in_group):
                    rest = patterns[base + g * 64 + t]
                    while rest:
                        slices[lowest_bit_index(rest), g] &= ~(ONE << uint64(t))
                        rest &= rest - ONE
                continue
            for t in range(64):  # 64 patterns as rows of a bit matrix; missing ones use all
                at = g * 64 + t
                square[t] = patterns[base + at] if at < filled else ONES
            transpose(square)
            for j in range(nbits):
                slices[j, g] = ~square[j]  # bit t: pattern t leaves diagonal j free
        combination_rows(flat, p * step, slices, nbits, wide)
    return blocks


@njit(cache=True)
def _choose_cuts(stored, nstored, queries, nqueries, nbits, cuts):  # type: ignore[no-untyped-def]
    """After the two longest diagonals (cuts[0], cuts[1]), the signature bits that a
    stored pattern and a query most often both hold, judged on a sample: pairs
    that share one are never compatible, so sorting both sides on these bits lets whole
    groups of pairs go untested."""
    if cuts.shape[0] == 2:
        return
    held_s = np.zeros(64, np.int64)  # by bit: how many of the sample hold it
    held_q = np.zeros(64, np.int64)
    for i in range(0, nstored, max(1, nstored // SAMPLE)):
        x = stored[i]
        for j in range(64):  # a fixed loop over the bits: vectorised
            held_s[j] += np.int64((x >> uint64(j)) & ONE)
    for i in range(0, nqueries, max(1, nqueries // SAMPLE)):
        x = queries[i]
        for j in range(64):
            held_q[j] += np.int64((x >> uint64(j)) & ONE)
    score = np.zeros(nbits, np.float64)
    for j in range(nbits):
        score[j] = held_s[j] * held_q[j]
    score[cuts[0]] = -1.0
    score[cuts[1]] = -1.0
    for t in range(2, cuts.shape[0]):
        best = np.int64(np.argmax(score))
        cuts[t] = best
        score[best] = -1.0


@njit(cache=True)
def _count_keys(sigs, count, cuts, keys, starts, drop):  # type: ignore[no-untyped-def]
    """keys[i] = the key of sigs[i], and, without a fast `pext`, sigs[i] loses the bits
    `drop` (in place); starts[v] = where key v's group will begin.

    The keys are one loop of 2 + EXTRA_CUTS shifts each (a missing cut reads bit 63,
    which no signature holds), so the compiler vectorises it; the histogram is a second
    loop."""
    groups = 1 << cuts.shape[0]
    at = np.full(2 + EXTRA_CUTS, 63, np.uint64)
    at[: cuts.shape[0]] = cuts
    fast = pext_is_fast()  # a constant: then the bits go in the scatter (`sort_by_key`)
    for i in range(count):
        x = sigs[i]
        if not fast:
            sigs[i] = drop_bits(x, drop)
        key = uint64(0)
        for t in range(2 + EXTRA_CUTS):  # a constant count: unrolled
            key |= ((x >> at[t]) & ONE) << uint64(t)
        keys[i] = key
    starts[: groups + 1] = 0
    for i in range(count):
        starts[np.int64(keys[i]) + 1] += 1
    for v in range(groups):
        starts[v + 1] += starts[v]


@njit(cache=True)
def sort_by_key(sigs, count, cuts, out, starts, keys, drop, keep):  # type: ignore[no-untyped-def]
    """out[:count] = sigs[:count] ordered by key (bit t of the key: signature bit cuts[t]),
    holding only the bits `keep` (`kept_bits`): with a fast `pext`, each packed from
    those bits as it is placed; else with the cut bits `drop` (see `dropping`) taken
    out, in sigs too. starts[key] .. starts[key + 1] is where each key's signatures
    stand."""
    _count_keys(sigs, count, cuts, keys, starts, drop)
    fast = pext_is_fast()
    for i in range(count):
        v = keys[i]
        out[starts[v]] = pext(sigs[i], keep) if fast else sigs[i]
        starts[v] += 1
    rewind(starts, 1 << cuts.shape[0])


@njit(cache=True)
def kept_bits(stored, nstored, queries, nqueries, nbits, cuts):  # type: ignore[no-untyped-def]
    """The signature bits the tables hold, as a mask: all but the cut bits (no pair that
    meets clashes on them); and with a fast `pext`, which can take out any bits, none
    that one of the lists never holds either (no pair can clash there: at N = 20 about
    3.6 of 38 bits a representative, one table row fewer for many queries)."""
    keep = (ONE << uint64(nbits)) - ONE
    for t in range(cuts.shape[0]):
        keep &= ~(ONE << uint64(cuts[t]))
    if pext_is_fast():
        keep &= _held(stored, nstored) & _held(queries, nqueries)
    return keep if keep else ONE  # a table needs a bit: any one counts the same


@njit(cache=True, inline="always")
def popcount(x):  # type: ignore[no-untyped-def]
    count = 0
    while x:
        x &= x - ONE
        count += 1
    return count


@njit(cache=True, inline="always")
def _held(sigs, count):  # type: ignore[no-untyped-def]
    """The bits any of sigs[:count] holds."""
    held = uint64(0)
    for i in range(count):
        held |= sigs[i]
    return held


@njit(cache=True)
def dropping(cuts, drop):  # type: ignore[no-untyped-def]
    """The cut bits, highest first, padded with bit 62 (which no signature holds) to the
    2 + EXTRA_CUTS that `drop_bits` takes out. Once two lists are sorted by key, only
    groups whose keys share no bit meet: no matched pair can clash on a cut bit, so the
    tables need not hold them, and fewer bits can mean one table row fewer per query."""
    assert drop.shape[0] == 2 + EXTRA_CUTS, "`drop_bits` reads 2 + EXTRA_CUTS positions"
    drop[:] = 62
    for t in range(cuts.shape[0]):
        drop[t] = cuts[t]
    drop[::-1].sort()


@njit(cache=True, inline="always")
def drop_bits(x, drop):  # type: ignore[no-untyped-def]
    """x without the bits at positions drop[0] > drop[1] > ... (the bits above each move
    down one place)."""
    for t in range(2 + EXTRA_CUTS):
        at = drop[t]
        x = (x & ((ONE << at) - ONE)) | ((x >> (at + ONE)) << at)
    return x


@njit(cache=True, inline="always")
def _key(x, cuts):  # type: ignore[no-untyped-def]
    key = 0
    for t in range(cuts.shape[0]):
        key |= np.int64((x >> uint64(cuts[t])) & ONE) << t
    return key


@njit(cache=True)
def pairs_one_by_one(stored, nstored, queries, nqueries, cuts):  # type: ignore[no-untyped-def]
    found = 0
    for i in range(nqueries):
        x = queries[i]
        for j in range(nstored):
            y = stored[j]
            if (x & y) == 0:
                found += _weight(_key(x, cuts), _key(y, cuts))
    return found


PAIR_WEIGHT = np.array([[1, 1, 2], [1, 0, 0], [2, 0, 0]], np.int64)
"""By how many longest diagonals each half holds (0, 1 or 2): how much a pair counts."""


@njit(cache=True, inline="always")
def _weight(key_a, key_b):  # type: ignore[no-untyped-def]
    """A compatible pair's weight from its two keys (bits 0 and 1: the longest diagonals)."""
    return PAIR_WEIGHT[(key_a & 1) + (key_a >> 1 & 1)][(key_b & 1) + (key_b >> 1 & 1)]


@njit(cache=True)
def join(east, ne, west, nw, n, table, valid, slices, square, spare, counters):  # type: ignore[no-untyped-def]
    """Weighted disjoint pairs of east and west signatures (see `blocks.count_blocks`).

    The larger list becomes the table. Both lists are sorted on a key of 2 + EXTRA_CUTS
    bits (the two longest diagonals, then the bits most often held on both sides), the
    table in block-aligned buckets; a bucket is matched only with the query groups whose
    key shares no bit with its own, each pair weighted by its long diagonals."""
    nbits = 2 * (n - 1)
    if ne >= nw:
        stored, nstored, queries, nqueries = east, ne, west, nw
    else:
        stored, nstored, queries, nqueries = west, nw, east, ne
    if nqueries < BRUTE_BELOW:
        return pairs_one_by_one(stored, nstored, queries, nqueries, long_cuts(n, counters))
    cuts = cut_bits(stored, nstored, queries, nqueries, n, counters)
    drop = np.empty(2 + EXTRA_CUTS, np.uint64)
    dropping(cuts, drop)
    keep = kept_bits(stored, nstored, queries, nqueries, nbits, cuts)
    kept = popcount(keep)  # the bits the tables hold
    scratch = spare[1]  # keys, for the two sorts
    sort_by_key(stored, nstored, cuts, spare[0], counters[TABLE_STARTS], scratch, drop, keep)
    build_buckets(spare[0], cuts, kept, table, valid, slices, square, counters)
    sort_by_key(queries, nqueries, cuts, spare[0], counters[QUERY_STARTS], scratch, drop, keep)
    return match_buckets(cuts, kept, table, valid, spare[0], counters)


@njit(cache=True)
def join_in_pieces(east, ne, west, nw, n, table, valid, slices, square, spare, counters, work):  # type: ignore[no-untyped-def]
    """`join` of east[:ne] and west[:nw] within a memory budget (`limits.JOIN_WORKER_BYTES`).

    The count is a sum over pairs of signatures, one from each list; cut both lists into
    pieces no longer than the table holds (`work.shape[1]`: none, 0, when the whole table
    fits) and it is the sum, over every pair of pieces, of their join: the same count,
    with a table as small as the budget needs (at N = 26 a list of 30 million signatures
    would need 1.3 GB). Each pair pays for its own table, a few per cent of the matching
    it then does. The pieces are copied into `work` (the join sorts its lists in place),
    so east and west are left unchanged when cut."""
    piece = work.shape[1]
    if piece == 0 or (ne <= piece and nw <= piece):
        return join(east, ne, west, nw, n, table, valid, slices, square, spare, counters)
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
            total += join(
                *(work[0], a_count, work[1], b_count, n, table, valid, slices),
                *(square, spare, counters),
            )
    return total


@njit(cache=True)
def long_diagonals(n):  # type: ignore[no-untyped-def]
    """The signature bits of the board's two longest diagonals: the anti-diagonal
    r + c = N - 1, then the main diagonal r = c (a pair's weight reads them)."""
    first = n - 1 - n // 2
    return first, first + n - 1


@njit(cache=True)
def long_cuts(n, counters):  # type: ignore[no-untyped-def]
    """The first two cut bits, always the same: the board's two longest diagonals."""
    cuts = counters[CUTS, :2]
    cuts[0], cuts[1] = long_diagonals(n)
    return cuts


@njit(cache=True)
def cut_bits(stored, nstored, queries, nqueries, n, counters):  # type: ignore[no-untyped-def]
    """The cut bits both lists are sorted on (in counters[CUTS]): the long diagonals, then as
    many of the bits most often held on both sides as keep buckets near MIN_BUCKET."""
    long_cuts(n, counters)
    extra = 0  # buckets of a few hundred patterns at least: empty ones cost a block each
    while extra < EXTRA_CUTS and nstored >> (extra + 2) >= MIN_BUCKET:
        extra += 1
    cuts = counters[CUTS, : 2 + extra]
    _choose_cuts(stored, nstored, queries, nqueries, 2 * (n - 1), cuts)
    return cuts


@njit(cache=True)
def build_buckets(stored, cuts, kept, table, valid, slices, square, counters):  # type: ignore[no-untyped-def]
    """The table side, sorted by key (bucket v from counters[TABLE_STARTS][v]), built block
    by block; counters[FIRST_BLOCK][v] is the first block of bucket v."""
    table_starts = counters[TABLE_STARTS]
    first_block = counters[FIRST_BLOCK]
    groups = 1 << cuts.shape[0]
    blocks = 0
    for v in range(groups):
        first_block[v] = blocks
        count = table_starts[v + 1] - table_starts[v]
        blocks += _build(stored, table_starts[v], count, kept, table, valid, slices, blocks, square)
    first_block[groups] = blocks


@njit(cache=True)
def match_buckets(cuts, kept, table, valid, queries, counters):  # type: ignore[no-untyped-def]
    """Each bucket's blocks against the query groups (counters[QUERY_STARTS]) whose keys
    share no bit with its own, weighted by their long diagonals: the join's count."""
    query_starts = counters[QUERY_STARTS]
    first_block = counters[FIRST_BLOCK]
    groups = 1 << cuts.shape[0]
    rows, wide = layout(kept)
    flat = table.reshape(-1)
    step = table.shape[1] * BLOCK_WORDS
    meets = np.empty(groups, np.int64)  # the query groups a bucket meets, found once
    total = 0
    for v in range(groups):
        if first_block[v] == first_block[v + 1]:
            continue
        met = 0
        for u in range(groups):
            if query_starts[u + 1] > query_starts[u] and not u & v and _weight(u, v):
                meets[met] = u
                met += 1
        for p in range(first_block[v], first_block[v + 1]):  # one block's table, in L1
            for m in range(met):
                u = meets[m]
                found = match_block(
                    *(flat, p * step, queries, query_starts[u]),
                    *(query_starts[u + 1] - query_starts[u], rows, wide, valid[p]),
                )
                total += _weight(u, v) * found
    return total
