"""numba kernels of min-conflicts local search for one placement of a huge board.

A greedy start builds a permutation row by row, probing random unused columns for one
whose two diagonals are free; what conflicts remain are repaired by swapping the columns
of a conflicted row and a random row whenever that lowers the number of attacking pairs
(the placement stays a permutation, so only diagonals can clash). Randomness is a
Park-Miller generator whose state is passed in, so runs are reproducible from a seed and
identical with or without the JIT.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_MODULUS = 2147483647  # 2**31 - 1


@njit(cache=True)
def next_random(state):  # type: ignore[no-untyped-def]
    """Advance the generator; the new state is also the random number (1 .. 2**31-2)."""
    state[0] = (state[0] * 48271) % _MODULUS
    return state[0]


@njit(cache=True)
def greedy_start(n, cols, up, down, state, probes):  # type: ignore[no-untyped-def]
    """Fill `cols` with a permutation, avoiding diagonal clashes where `probes` random
    tries find a free column; count queens per diagonal into `up` and `down`."""
    pool = np.arange(n)
    left = n
    for row in range(n):
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
def repair(n, cols, up, down, state, sweeps, tries):  # type: ignore[no-untyped-def]
    """Up to `sweeps` passes over the conflicted rows, each trying `tries` random swaps
    per conflicted row. Returns (conflicted rows left, swaps made)."""
    swaps = 0
    conflicted = np.empty(n, np.int64)
    for _ in range(sweeps):
        found = 0
        for row in range(n):
            col = cols[row]
            if up[row + col] > 1 or down[row - col + n - 1] > 1:
                conflicted[found] = row
                found += 1
        if found == 0:
            return 0, swaps
        for k in range(found):
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
    found = 0
    for row in range(n):
        col = cols[row]
        if up[row + col] > 1 or down[row - col + n - 1] > 1:
            found += 1
    return found, swaps
