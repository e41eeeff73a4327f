# mypy: ignore-errors
"""The completion search as numba kernels over the reduced board.

The board reaching these kernels is only its free part: the rows and columns with no
fixed queen, renumbered 0..m-1, and the diagonals still open. A square is free when its
row and column are open, its two diagonals unused (`used_sum`, `used_diff`, indexed in
the original board so fixed queens and excluded diagonals are simply marked used), and
it is not blocked. Each open row and column keeps a count of its free squares, updated
in O(m) per queen placed and restored in the same way when it is taken back, so memory
is O(N) whatever the board size. Every node branches on the row OR column with the
fewest free squares (exact cover: each must receive exactly one queen, so either choice
is complete); a count of 0 is a dead end seen before any search below it.

The search is resumable: its whole state lives in the arrays passed in, so the caller
runs it a slice of nodes at a time, checks the clock and restarts between slices. Kernels
take ints and arrays only and run unchanged with NUMBA_DISABLE_JIT=1.
"""

from __future__ import annotations

import numpy as np
from numba import njit

PAUSED = 0
FOUND = 1
DONE = 2

# state[] slots
DEPTH, PHASE, NODES, COUNT, RNG = 0, 1, 2, 3, 4

BIG = 1 << 40
"""Added to the count of a closed line: never the fewest."""


@njit(cache=True, inline="always")
def _next_random(state):
    """xorshift64 on state[RNG]: a local generator, no global state."""
    x = state[RNG]
    x ^= (x << 13) & 0x7FFFFFFFFFFFFFFF
    x ^= x >> 7
    x ^= (x << 17) & 0x7FFFFFFFFFFFFFFF
    x &= 0x7FFFFFFFFFFFFFFF
    if x == 0:
        x = 88172645463325252
    state[RNG] = x
    return x


@njit(cache=True, inline="always")
def _fewest(row_count, col_count, state, shuffle):
    """The open row or column with the fewest free squares: (count, 0 row / 1 column,
    index). Closed lines count BIG or more; with `shuffle`, ties are drawn at random."""
    m = row_count.size
    best = BIG
    best_kind = 0
    best_line = -1
    ties = 0
    for which in range(2):
        counts = row_count if which == 0 else col_count
        for x in range(m):
            size = counts[x]
            if size < best:
                best = size
                best_kind = which
                best_line = x
                ties = 1
            elif size == best and shuffle and size < BIG:
                ties += 1
                if _next_random(state) % ties == 0:
                    best_kind = which
                    best_line = x
        if best == 0:
            break
    return best, best_kind, best_line


@njit(cache=True, inline="always")
def _branch(kind, line, scan, offset, depth, best_kind, best_line, state, shuffle, m):
    """Branch at `depth` on a line: its squares are tried from a random start."""
    kind[depth] = best_kind
    line[depth] = best_line
    scan[depth] = 0
    offset[depth] = _next_random(state) % m if shuffle else 0


@njit(cache=True, inline="always")
def _next_square(kind, line, scan, offset, depth, m):
    """The next square to try on the line branched on at `depth`: (row, column)."""
    x = (offset[depth] + scan[depth]) % m
    scan[depth] += 1
    if kind[depth] == 0:
        return line[depth], x
    return x, line[depth]


@njit(cache=True, inline="always")
def _blocked(blocked, m, k, c):
    if blocked.size == 0:
        return False
    key = k * m + c
    at = np.searchsorted(blocked, key)
    return at < blocked.size and blocked[at] == key


@njit(cache=True, inline="always")
def _free(n, m, rows, cols, used_sum, used_diff, blocked, k, c):
    """True when square (k, c) of the reduced board takes a queen (lines open assumed)."""
    r = rows[k]
    q = cols[c]
    return used_sum[r + q] == 0 and used_diff[r - q + n - 1] == 0 and not _blocked(blocked, m, k, c)


@njit(cache=True)
def count_free(n, rows, cols, used_sum, used_diff, blocked, row_count, col_count, start, stop):
    """Count the free squares of rows start..stop-1 into the row and column counts."""
    m = rows.size
    for k in range(start, stop):
        for c in range(m):
            if _free(n, m, rows, cols, used_sum, used_diff, blocked, k, c):
                row_count[k] += 1
                col_count[c] += 1


@njit(cache=True)
def _diagonal_squares(n, m, rows, colindex, k, s, d):
    """The reduced columns where the sum diagonal s and difference diagonal d cross row k."""
    r = rows[k]
    c1 = s - r
    c2 = r - d
    a = colindex[c1] if 0 <= c1 < n else -1
    b = colindex[c2] if 0 <= c2 < n else -1
    return a, b


@njit(cache=True)
def _place(
    n, rows, cols, colindex, used_sum, used_diff, blocked, row_open, col_open, row_count,
    col_count, i, j, sign,
):  # fmt: skip
    """Put a queen on (i, j) (sign -1) or take it back (sign +1), keeping counts exact."""
    m = rows.size
    s = rows[i] + cols[j]
    d = rows[i] - cols[j]
    if sign > 0:  # taking back: undo in the reverse order of placing
        used_sum[s] = 0
        used_diff[d + n - 1] = 0
    else:
        # close row i: its free squares leave their columns' counts
        for c in range(m):
            if col_open[c] and _free(n, m, rows, cols, used_sum, used_diff, blocked, i, c):
                col_count[c] -= 1
        row_open[i] = 0
        row_count[i] += BIG
        # close column j: its free squares leave their rows' counts
        for k in range(m):
            if row_open[k] and _free(n, m, rows, cols, used_sum, used_diff, blocked, k, j):
                row_count[k] -= 1
        col_open[j] = 0
        col_count[j] += BIG
    # the two diagonals through (i, j), on every open row
    for k in range(m):
        if not row_open[k]:
            continue
        a, b = _diagonal_squares(n, m, rows, colindex, k, s, d)
        if a >= 0 and col_open[a] and _free(n, m, rows, cols, used_sum, used_diff, blocked, k, a):
            row_count[k] += sign
            col_count[a] += sign
        if b >= 0 and col_open[b] and _free(n, m, rows, cols, used_sum, used_diff, blocked, k, b):
            row_count[k] += sign
            col_count[b] += sign
    if sign < 0:
        used_sum[s] = 1
        used_diff[d + n - 1] = 1
    else:
        col_open[j] = 1
        col_count[j] -= BIG
        for k in range(m):
            if row_open[k] and _free(n, m, rows, cols, used_sum, used_diff, blocked, k, j):
                row_count[k] += 1
        row_open[i] = 1
        row_count[i] -= BIG
        for c in range(m):
            if col_open[c] and _free(n, m, rows, cols, used_sum, used_diff, blocked, i, c):
                col_count[c] += 1


@njit(cache=True)
def search(
    n, rows, cols, colindex, used_sum, used_diff, blocked, row_open, col_open, row_count,
    col_count, kind, line, scan, offset, placed_row, placed_col, state, budget, counting,
    shuffle,
):  # fmt: skip
    """Run the search for at most `budget` nodes; PAUSED, FOUND (placed_*) or DONE.

    `kind[d]`/`line[d]` is the row (0) or column (1) branched on at depth d, `scan[d]`
    how many of its squares were tried, starting at `offset[d]`. With `counting`, every
    completion adds one to state[COUNT] and the search runs to the end (the first one
    is returned as FOUND and the search resumes after it). With `shuffle`,
    ties between equally constrained lines and the first square tried are drawn at
    random, so restarts explore differently.
    """
    m = rows.size
    visited = 0
    while True:
        depth = state[DEPTH]
        if depth < 0:
            return DONE
        if state[PHASE] == 0:  # entering a node
            if depth == m:  # every line has its queen: a completion
                state[DEPTH] = depth - 1
                state[PHASE] = 1
                if counting:
                    state[COUNT] += 1
                if not counting or state[COUNT] == 1:
                    return FOUND  # placed_* hold it until the search resumes
                continue
            if visited >= budget:
                return PAUSED
            visited += 1
            state[NODES] += 1
            best, best_kind, best_line = _fewest(row_count, col_count, state, shuffle)
            if best == 0:  # a row or column with no free square: dead end
                state[DEPTH] = depth - 1
                state[PHASE] = 1
                continue
            _branch(kind, line, scan, offset, depth, best_kind, best_line, state, shuffle, m)
            placed_row[depth] = -1
            state[PHASE] = 1
        # trying the next square of the line at this depth
        if placed_row[depth] >= 0:
            _place(
                n, rows, cols, colindex, used_sum, used_diff, blocked, row_open, col_open,
                row_count, col_count, placed_row[depth], placed_col[depth], 1,
            )  # fmt: skip
            placed_row[depth] = -1
        found_i = -1
        found_j = -1
        while scan[depth] < m:
            i, j = _next_square(kind, line, scan, offset, depth, m)
            if (
                row_open[i]
                and col_open[j]
                and _free(n, m, rows, cols, used_sum, used_diff, blocked, i, j)
            ):
                found_i = i
                found_j = j
                break
        if found_i < 0:  # every square of this line tried: back up
            state[DEPTH] = depth - 1
            continue
        _place(
            n, rows, cols, colindex, used_sum, used_diff, blocked, row_open, col_open,
            row_count, col_count, found_i, found_j, -1,
        )  # fmt: skip
        placed_row[depth] = found_i
        placed_col[depth] = found_j
        state[DEPTH] = depth + 1
        state[PHASE] = 0


@njit(cache=True)
def search_bits(
    n, rows, cols, colindex, cand, row_count, col_count, square_diag, diag_count, diag_value,
    sums, target, kind, line, scan, offset, placed_row, placed_col, state, budget, counting,
    shuffle,
):  # fmt: skip
    """`search` for boards whose free part is at most a few hundred lines: bitsets.

    `cand[d, k]` holds the free columns of row k at depth d as W 64-bit words, with
    `row_count[d]`/`col_count[d]` beside them (BIG for a closed line). Placing a queen
    writes depth d + 1 from depth d, clearing at most three bits per row (its column and
    the two diagonals' crossings); taking it back costs nothing. Same contract as
    `search`.

    Diagonals look ahead too. `square_diag[0 or 1, k, c]` is the id of the sum or
    difference diagonal through (k, c) (ids 0..sums-1 for sums, then differences, each in
    increasing `diag_value`), `diag_count[d]` its free squares at depth d, and
    `target[d]` what the remaining queens' row + col and row - col must add up to (the
    open rows' numbers plus or minus the open columns'). With k queens still to place,
    k diagonals of each kind must still have a free square, and the k smallest and k
    largest of their values must bracket the target. An empty `diag_value` turns this off.
    """
    m = rows.size
    words = cand.shape[2]
    visited = 0
    while True:
        depth = state[DEPTH]
        if depth < 0:
            return DONE
        if state[PHASE] == 0:
            if depth == m:
                state[DEPTH] = depth - 1
                state[PHASE] = 1
                if counting:
                    state[COUNT] += 1
                if not counting or state[COUNT] == 1:
                    return FOUND
                continue
            if visited >= budget:
                return PAUSED
            visited += 1
            state[NODES] += 1
            if diag_value.size and not _diagonals_can_hold(
                diag_count, diag_value, sums, target, depth, m - depth
            ):
                state[DEPTH] = depth - 1
                state[PHASE] = 1
                continue
            best, best_kind, best_line = _fewest(row_count[depth], col_count[depth], state, shuffle)
            if best == 0:  # a row or column with no free square: dead end
                state[DEPTH] = depth - 1
                state[PHASE] = 1
                continue
            _branch(kind, line, scan, offset, depth, best_kind, best_line, state, shuffle, m)
            state[PHASE] = 1
        found_i = -1
        found_j = -1
        while scan[depth] < m:
            i, j = _next_square(kind, line, scan, offset, depth, m)
            if row_count[depth, i] < BIG and (
                cand[depth, i, j >> 6] >> np.uint64(j & 63)
            ) & np.uint64(1):
                found_i = i
                found_j = j
                break
        if found_i < 0:
            state[DEPTH] = depth - 1
            continue
        placed_row[depth] = found_i
        placed_col[depth] = found_j
        _place_bits(
            n, rows, cols, colindex, cand, row_count, col_count, square_diag, diag_count,
            target, diag_value.size > 0, depth, found_i, found_j, words,
        )  # fmt: skip
        state[DEPTH] = depth + 1
        state[PHASE] = 0


@njit(cache=True)
def _place_bits(
    n, rows, cols, colindex, cand, row_count, col_count, square_diag, diag_count, target,
    diagonals, d, i, j, words,
):  # fmt: skip
    """Depth d + 1 = depth d with a queen on (i, j); every square it takes away leaves
    its row's, column's and (with `diagonals`) its two diagonals' counts."""
    m = rows.size
    e = d + 1
    for c in range(m):
        col_count[e, c] = col_count[d, c]
    col_count[e, j] = BIG
    if diagonals:
        for x in range(diag_count.shape[1]):
            diag_count[e, x] = diag_count[d, x]
        target[e, 0] = target[d, 0] - (rows[i] + cols[j])
        target[e, 1] = target[d, 1] - (rows[i] - cols[j])
    s = rows[i] + cols[j]
    dd = rows[i] - cols[j]
    for c in range(m):  # row i closes: its free squares leave their columns
        if (cand[d, i, c >> 6] >> np.uint64(c & 63)) & np.uint64(1):
            if c != j:
                col_count[e, c] -= 1
            if diagonals:
                diag_count[e, square_diag[0, i, c]] -= 1
                diag_count[e, square_diag[1, i, c]] -= 1
    for w in range(words):
        cand[e, i, w] = 0
    row_count[e, i] = BIG
    for k in range(m):
        if k == i:
            continue
        if row_count[d, k] >= BIG:
            row_count[e, k] = BIG
            continue
        count = row_count[d, k]
        for w in range(words):
            cand[e, k, w] = cand[d, k, w]
        r = rows[k]
        c1 = s - r
        c2 = r - dd
        a = colindex[c1] if 0 <= c1 < n else -1
        b = colindex[c2] if 0 <= c2 < n else -1
        for which in range(3):
            c = j if which == 0 else (a if which == 1 else b)
            if c < 0:
                continue
            bit = np.uint64(1) << np.uint64(c & 63)
            if cand[e, k, c >> 6] & bit:
                cand[e, k, c >> 6] &= ~bit
                count -= 1
                if which:
                    col_count[e, c] -= 1
                if diagonals:
                    diag_count[e, square_diag[0, k, c]] -= 1
                    diag_count[e, square_diag[1, k, c]] -= 1
        row_count[e, k] = count


@njit(cache=True)
def _diagonals_can_hold(diag_count, diag_value, sums, target, d, k):
    """Whether k more queens can still take k distinct diagonals of each kind, adding up
    to the targets: a necessary condition (Hall's, for all the rows at once)."""
    for which in range(2):
        first = 0 if which == 0 else sums
        last = sums if which == 0 else diag_value.size
        low = 0
        taken = 0
        for x in range(first, last):
            if diag_count[d, x] > 0:
                low += diag_value[x]
                taken += 1
                if taken == k:
                    break
        if taken < k or target[d, which] < low:
            return False
        high = 0
        taken = 0
        for x in range(last - 1, first - 1, -1):
            if diag_count[d, x] > 0:
                high += diag_value[x]
                taken += 1
                if taken == k:
                    break
        if target[d, which] > high:
            return False
    return True
