"""numba kernels of min-conflicts local search for one placement of a huge board.

A greedy start builds a permutation row by row, probing random unused columns for one
whose two diagonals are free; what conflicts remain are repaired by swapping the columns
of a conflicted row and a random row whenever that lowers the number of attacking pairs
(the placement stays a permutation, so only diagonals can clash). Each kernel does a
range of rows, so that the caller keeps every call short: a signal waits for the call
under way (`large.min_conflicts`). Randomness is a
Park-Miller generator whose state is passed in, so runs are reproducible from a seed and
identical with or without the JIT.
"""

from __future__ import annotations

from numba import njit

_MODULUS = 2147483647  # 2**31 - 1


@njit(cache=True)
def next_random(state):  # type: ignore[no-untyped-def]
    """Advance the generator; the new state is also the random number (1 .. 2**31-2)."""
    state[0] = (state[0] * 48271) % _MODULUS
    return state[0]


@njit(cache=True)
def greedy_rows(n, cols, up, down, state, probes, pool, first, stop):  # type: ignore[no-untyped-def]
    """Rows `first` to `stop` - 1 of the greedy start, which fills `cols` with a
    permutation row by row, avoiding diagonal clashes where `probes` random tries find a
    free column, and counts queens per diagonal into `up` and `down`. `pool` holds the
    columns not yet used in its first n - `first` places (all of them, 0..n-1, before
    row 0): the start is made in pieces, a call each, as short as the caller wants."""
    left = n - first
    for row in range(first, stop):
        pick = 0
        for _ in range(probes):
            pick = next_random(state) % left
            col = pool[pick]
            if up[row + col] == 0 and down[row - col + n - 1] == 0:
                break
        col = pool[pick]
        pool[pick] = pool[left - 1]
        left -= 1
        cols[row] = col
        up[row + col] += 1
        down[row - col + n - 1] += 1


@njit(cache=True)
def _move(n, row, col, up, down, sign):  # type: ignore[no-untyped-def]
    """Add (sign = 1) or remove (sign = -1) a queen; return the change in attacking pairs."""
    if sign > 0:
        change = up[row + col] + down[row - col + n - 1]
    else:
        change = -(up[row + col] - 1) - (down[row - col + n - 1] - 1)
    up[row + col] += sign
    down[row - col + n - 1] += sign
    return change


@njit(cache=True)
def conflicted_rows(n, cols, up, down, first, stop, out, found):  # type: ignore[no-untyped-def]
    """Append the rows `first` to `stop` - 1 whose queen shares a diagonal to `out`
    (holding `found` rows so far); return how many it holds now."""
    for row in range(first, stop):
        col = cols[row]
        if up[row + col] > 1 or down[row - col + n - 1] > 1:
            out[found] = row
            found += 1
    return found


@njit(cache=True)
def repair_rows(n, cols, up, down, state, conflicted, first, stop, tries):  # type: ignore[no-untyped-def]
    """Repair the conflicted rows `conflicted[first:stop]` in turn, trying `tries` random
    swaps for each that is still conflicted, keeping a swap that lowers the attacking
    pairs. Returns the swaps made."""
    swaps = 0
    for k in range(first, stop):
        i = conflicted[k]
        if up[i + cols[i]] <= 1 and down[i - cols[i] + n - 1] <= 1:
            continue  # fixed by an earlier swap
        for _ in range(tries):
            j = next_random(state) % n
            if j == i:
                continue
            ci = cols[i]
            cj = cols[j]
            delta = _move(n, i, ci, up, down, -1) + _move(n, j, cj, up, down, -1)
            delta += _move(n, i, cj, up, down, 1) + _move(n, j, ci, up, down, 1)
            if delta < 0:
                cols[i] = cj
                cols[j] = ci
                swaps += 1
                break
            _move(n, i, cj, up, down, -1)
            _move(n, j, ci, up, down, -1)
            _move(n, i, ci, up, down, 1)
            _move(n, j, cj, up, down, 1)
    return swaps
