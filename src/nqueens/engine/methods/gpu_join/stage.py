"""The GPU join's host side: representatives' strips listed on the CPU (the join's own
kernels, join/strips.py) and staged for the GPU, each list grouped by which of the board's
two longest diagonals its signatures hold, with the work items the kernel takes
(kernel.py).

For one representative the longer list is *stored* (the GPU builds bit-sliced tables of
it, `BLOCK` patterns a table) and the shorter is queried. A work item is one block of
one stored group; the kernel matches it with every query group whose key shares no bit
with its own, each pair weighted as the CPU join weighs it (match.PAIR_WEIGHT).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from nqueens.engine.methods.join.shared import (
    PAIR_WEIGHT,
    list_strips,
    long_diagonals,
    representative,
)

__all__ = [
    "BLOCK",
    "GROUPS",
    "ITEM_FIELDS",
    "OFFSETS",
    "stage",
    "weight",
]

BLOCK = 1024
"""Stored signatures a table holds: 32 words of 32 patterns each, one word a lane."""
GROUPS = 4
"""Keys of a signature: bit 0, the anti-diagonal held; bit 1, the main diagonal held."""
OFFSETS = 2 * (GROUPS + 1)
"""A staged representative's offsets into the staged signatures: where each stored group
begins (and the last ends), then each query group."""
ITEM_FIELDS = 4
"""A work item: its stored block's first signature, how many (at most BLOCK), the
representative's slot, the stored group."""
S_LO, S_COUNT, SLOT, GROUP = range(ITEM_FIELDS)
ONE = np.uint64(1)


@njit(cache=True)
def _grouped(source, count, lo_bit, hi_bit, out, at, offsets, first):  # type: ignore[no-untyped-def]
    """source[:count] into out[at:], grouped by key (a counting sort): offsets[first + g]
    is where group g begins, offsets[first + GROUPS] the end. Returns the end."""
    sizes = np.zeros(GROUPS, np.int64)
    for i in range(count):
        x = source[i]
        sizes[((x >> lo_bit) & ONE) | (((x >> hi_bit) & ONE) << ONE)] += 1
    place = np.zeros(GROUPS, np.int64)
    offsets[first] = at
    for g in range(GROUPS):
        place[g] = offsets[first + g]
        offsets[first + g + 1] = offsets[first + g] + sizes[g]
    for i in range(count):
        x = source[i]
        key = ((x >> lo_bit) & ONE) | (((x >> hi_bit) & ONE) << ONE)
        out[place[key]] = x
        place[key] += 1
    return offsets[first + GROUPS]


@njit(cache=True)
def stage(n, middles, easts, first, arrays, sigs, offsets, items, status):  # type: ignore[no-untyped-def]
    """Stage representatives first, first + 1, ... (until one does not fit): list its
    strips in the workspace `arrays` (a join `JoinArrays`), copy both lists grouped into
    `sigs`, its offsets into offsets[slot], its work items into `items`. Returns the
    representatives staged; status = (signatures staged, items, 0), or (., ., overflow)
    when a representative's strips did not fit the workspace (strips.OVERFLOW_*)."""
    east_rows = np.empty(n, np.int64)
    west_rows = np.empty(n, np.int64)
    stack = np.empty((4, n), np.uint64)
    found = np.zeros(2, np.int64)
    lo_bit, hi_bit = long_diagonals(n)
    lo_bit = np.uint64(lo_bit)
    hi_bit = np.uint64(hi_bit)
    used = 0
    made = 0
    status[2] = 0
    slot = 0
    while first + slot < middles.shape[0] and slot < offsets.shape[0]:
        i = first + slot
        m = middles[i]
        ne, nw, d1_0, d2_0 = representative(n, m, easts[i], east_rows, west_rows)
        side = list_strips(
            *(n, m, d1_0, d2_0, east_rows, ne, west_rows, nw, arrays.sigs, arrays.upper),
            *(arrays.lower, arrays.starts, stack, arrays.keys, found),
        )
        if found[side] < 0:
            status[2] = -found[side]
            break
        ne_found = found[0] if found[side] > 0 else 0
        nw_found = found[1] if found[side] > 0 else 0
        stored, nstored, queries, nqueries = arrays.sigs[0], ne_found, arrays.sigs[1], nw_found
        if nw_found > ne_found:
            stored, nstored, queries, nqueries = queries, nqueries, stored, nstored
        blocks = GROUPS + nstored // BLOCK  # at most: each group may end part-filled
        if used + nstored + nqueries > sigs.shape[0] or made + blocks > items.shape[0]:
            if slot == 0:  # one representative alone passes the staging room
                status[2] = -1
            break
        end = _grouped(stored, nstored, lo_bit, hi_bit, sigs, used, offsets[slot], 0)
        used = _grouped(queries, nqueries, lo_bit, hi_bit, sigs, end, offsets[slot], GROUPS + 1)
        row = offsets[slot]
        for g in range(GROUPS):
            if not _meets(g, row):
                continue
            for lo in range(row[g], row[g + 1], BLOCK):
                items[made, S_LO] = lo
                items[made, S_COUNT] = min(BLOCK, row[g + 1] - lo)
                items[made, SLOT] = slot
                items[made, GROUP] = g
                made += 1
        slot += 1
    status[0] = used
    status[1] = made
    return slot


@njit(cache=True, inline="always")
def weight(g, u):  # type: ignore[no-untyped-def]
    """How much a compatible pair of a stored group g and a query group u counts: 0 where
    their keys share a bit (they clash on a long diagonal), else the CPU join's weight."""
    if g & u:
        return 0
    return PAIR_WEIGHT[(g & 1) + (g >> 1)][(u & 1) + (u >> 1)]


@njit(cache=True, inline="always")
def _meets(g, row):  # type: ignore[no-untyped-def]
    """Whether stored group g meets a query of a weight other than 0."""
    for u in range(GROUPS):  # noqa: SIM110 - a loop, not any(...): numba compiles it
        if weight(g, u) and row[GROUPS + 2 + u] > row[GROUPS + 1 + u]:
            return True
    return False
