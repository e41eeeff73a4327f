"""numba kernels of the fast engine: bitboard search with the symmetry of the square.

The classic way to count total and unique solutions in one pass while exploring about an
eighth of the search (Takaki's algorithm, the "symmetry" stage of the seed series):

* CORNER subproblems put the row-0 queen in the corner (column 0). Such a solution can
  only be fixed by the diagonal reflection, which the pruning `row < bound1: not column 1`
  accounts for, so each one found stands for 8 solutions.
* EDGE subproblems put the row-0 queen on column `bound1` of the left half, never in a
  corner, and prune with the side and last-row masks; each solution found is tested
  against its 90, 180 and 270 degree rotations and counted in c2, c4 or c8, the size of
  its orbit.

unique = c2 + c4 + c8 and total = 2 c2 + 4 c4 + 8 c8. Bit i of a row is column i.

Kernels take ints and arrays and return ints (no Python objects cross the numba
boundary), use an explicit stack (no recursion), and stay free of tricks that break
under NUMBA_DISABLE_JIT=1, where they run as plain Python for coverage.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from nqueens.engine.bits import attacks_below

CORNER = 0
EDGE = 1


@njit(cache=True)
def _orbit(board, n, bound1, bound2, topbit, endbit):  # type: ignore[no-untyped-def]
    """2, 4 or 8: the orbit size of the EDGE solution on `board`, or 0 when a rotation
    of it is smaller (so it is counted under another representative)."""
    last = n - 1
    # 90 degrees
    if board[bound2] == 1:
        own = 1
        ptn = 2
        while own <= last:
            bit = 1
            you = last
            while board[you] != ptn and board[own] >= bit:
                bit <<= 1
                you -= 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            ptn <<= 1
        if own > last:
            return 2
    # 180 degrees
    if board[last] == endbit:
        own = 1
        you = last - 1
        while own <= last:
            bit = 1
            ptn = topbit
            while ptn != board[you] and board[own] >= bit:
                bit <<= 1
                ptn >>= 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            you -= 1
        if own > last:
            return 4
    # 270 degrees
    if board[bound1] == topbit:
        own = 1
        ptn = topbit >> 1
        while own <= last:
            bit = 1
            you = 0
            while board[you] != ptn and board[own] >= bit:
                bit <<= 1
                you += 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            ptn >>= 1
    return 8


@njit(cache=True)
def walk(n, kind, bound1, board, start, stop, prefixes, counts):  # type: ignore[no-untyped-def]
    """Search from row `start` with rows 0..start-1 already on `board` (one bit a row).

    When `stop` < n - 1, every placement that fills rows 0..stop-1 is copied into
    `prefixes` (one row each) instead of being searched further, and the number copied
    is returned: this is how the search is split. Otherwise solutions are counted into
    counts[0..2] (c2, c4, c8), the queens placed into counts[3], and 0 is returned.
    """
    mask = (1 << n) - 1
    last = n - 1
    topbit = 1 << last
    sidemask = topbit | 1
    bound2 = last - bound1
    low = (1 << bound1) - 1
    lastmask = low | (low << (n - bound1))
    endbit = topbit >> bound1

    left = 0
    down = 0
    right = 0
    for r in range(start):
        bit = board[r]
        left = ((left | bit) << 1) & mask
        down |= bit
        right = (right | bit) >> 1

    ls = np.zeros(n + 1, np.int64)
    ds = np.zeros(n + 1, np.int64)
    rs = np.zeros(n + 1, np.int64)
    avail = np.zeros(n + 1, np.int64)
    found = 0

    row = start
    ls[row] = left
    ds[row] = down
    rs[row] = right
    bitmap = mask & ~(left | down | right)
    if row == last:
        _count_last_row(kind, bitmap, board, counts, n, bound1, lastmask, topbit, endbit)
        return 0
    avail[row] = constrain(kind, row, bitmap, down, bound1, bound2, sidemask)

    while row >= start:
        bitmap = avail[row]
        if bitmap == 0:
            row -= 1
            continue
        bit = bitmap & -bitmap
        avail[row] = bitmap ^ bit
        board[row] = bit
        counts[3] += 1
        nxt = row + 1
        if nxt == stop:
            for r in range(stop):
                prefixes[found, r] = board[r]
            found += 1
            continue
        left, down, right = attacks_below(ls, ds, rs, row, bit, mask)
        bitmap = mask & ~(left | down | right)
        if nxt == last:
            _count_last_row(kind, bitmap, board, counts, n, bound1, lastmask, topbit, endbit)
            continue
        ls[nxt] = left
        ds[nxt] = down
        rs[nxt] = right
        avail[nxt] = constrain(kind, nxt, bitmap, down, bound1, bound2, sidemask)
        row = nxt
    return found


@njit(cache=True, inline="always")
def _count_last_row(kind, bitmap, board, counts, n, bound1, lastmask, topbit, endbit):  # type: ignore[no-untyped-def]
    """Count the solution `bitmap` completes (the last row has one square at most)."""
    if bitmap == 0:
        return
    if kind == CORNER:
        board[n - 1] = bitmap
        counts[2] += 1
    elif (bitmap & lastmask) == 0:
        board[n - 1] = bitmap
        size = _orbit(board, n, bound1, n - 1 - bound1, topbit, endbit)
        if size != 0:
            counts[size >> 2] += 1


@njit(cache=True)
def constrain(kind, row, bitmap, down, bound1, bound2, sidemask):  # type: ignore[no-untyped-def]
    """The free squares of a middle row, less those the symmetry rules forbid there."""
    if kind == CORNER:
        if row < bound1:
            bitmap &= ~2
        return bitmap
    if row < bound1:
        bitmap &= ~sidemask
    elif row == bound2:
        side = down & sidemask
        if side == 0:
            return 0
        if side != sidemask:
            bitmap &= sidemask
    return bitmap


@njit(cache=True)
def count_batch(n, kinds, bound1s, starts, boards, out):  # type: ignore[no-untyped-def]
    """Count subproblems 0..len(kinds)-1 into out[i] = (c2, c4, c8, nodes)."""
    board = np.zeros(n, np.int64)
    counts = np.zeros(4, np.int64)
    none = np.zeros((1, n), np.int64)
    for i in range(kinds.shape[0]):
        for r in range(n):
            board[r] = boards[i, r]
        counts[:] = 0
        walk(n, kinds[i], bound1s[i], board, starts[i], n, none, counts)
        out[i, 0] = counts[0]
        out[i, 1] = counts[1]
        out[i, 2] = counts[2]
        out[i, 3] = counts[3]
