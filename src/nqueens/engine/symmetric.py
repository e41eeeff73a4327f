"""Count the solutions that a half turn or a quarter turn of the board leaves unchanged.

P(N) (OEIS A032522) counts solutions fixed by the half turn, R(N) (OEIS A033148) those
fixed by the quarter turn. No solution of a board larger than 1 is fixed by a
reflection, so Burnside's lemma gives the unique count from the total alone:

    unique = (total + P + 2R) / 8

which lets a counter that finds only the total (a faster one, without the symmetry
bookkeeping) report unique counts too. Both are tiny and quick to find: a symmetric
solution is fixed by half (or a quarter) of its queens, so these searches place queens
in pairs (or fours) and go half (or a quarter) as deep as a full search.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["half_turn_count", "quarter_turn_count", "symmetric_counts", "unique_from"]


@njit(cache=True)
def half_turn_count(n: int) -> int:
    """Solutions fixed by the half turn: queen (r, c) comes with (N-1-r, N-1-c)."""
    if n == 1:
        return 1
    half = n // 2
    cols = np.zeros(half + 1, np.int64)
    diag1 = np.zeros(half + 1, np.int64)  # r + c
    diag2 = np.zeros(half + 1, np.int64)  # r - c + N - 1
    tried = np.zeros(half + 1, np.int64)
    if n % 2 == 1:  # the middle row's queen is its own partner: the centre square
        m = half
        cols[0] = np.int64(1) << m
        diag1[0] = np.int64(1) << (2 * m)
        diag2[0] = np.int64(1) << (n - 1)
    found = 0
    row = 0
    tried[0] = 0
    while row >= 0:
        c = tried[row]
        if c >= n:
            row -= 1
            continue
        tried[row] = c + 1
        r2, c2 = n - 1 - row, n - 1 - c
        if c == c2 or (cols[row] >> c) & 1 or (cols[row] >> c2) & 1:
            continue
        a1, b1 = row + c, r2 + c2
        a2, b2 = row - c + n - 1, r2 - c2 + n - 1
        if a1 == b1 or a2 == b2:  # the two queens of the pair attack each other
            continue
        m1 = (np.int64(1) << a1) | (np.int64(1) << b1)
        m2 = (np.int64(1) << a2) | (np.int64(1) << b2)
        if diag1[row] & m1 or diag2[row] & m2:
            continue
        if row + 1 == half:
            found += 1
            continue
        cols[row + 1] = cols[row] | (np.int64(1) << c) | (np.int64(1) << c2)
        diag1[row + 1] = diag1[row] | m1
        diag2[row + 1] = diag2[row] | m2
        tried[row + 1] = 0
        row += 1
    return found


@njit(cache=True)
def _place(r: int, c: int, n: int, state: np.ndarray) -> bool:
    """Put a queen on (r, c) if nothing attacks it; state = rows, cols, diag1, diag2."""
    if (state[0] >> r) & 1 or (state[1] >> c) & 1:
        return False
    d1, d2 = r + c, r - c + n - 1
    if (state[2] >> d1) & 1 or (state[3] >> d2) & 1:
        return False
    state[0] |= np.int64(1) << r
    state[1] |= np.int64(1) << c
    state[2] |= np.int64(1) << d1
    state[3] |= np.int64(1) << d2
    return True


@njit(cache=True)
def quarter_turn_count(n: int) -> int:
    """Solutions fixed by the quarter turn: queens come in fours (r, c), (c, N-1-r), ...

    Only boards with N = 0 or 1 (mod 4) have any; on odd boards the centre holds a queen.
    """
    if n == 1:
        return 1
    if n % 4 not in (0, 1):
        return 0
    levels = n // 4
    states = np.zeros((levels + 1, 4), np.int64)
    tried = np.zeros(levels + 1, np.int64)
    if n % 2 == 1:
        _place(n // 2, n // 2, n, states[0])
    full_rows = (np.int64(1) << n) - 1
    found = 0
    level = 0
    while level >= 0:
        if states[level, 0] == full_rows:
            found += 1
            level -= 1
            continue
        row = 0  # the first empty row starts the next orbit
        while (states[level, 0] >> row) & 1:
            row += 1
        c = tried[level]
        if c >= n:
            level -= 1
            continue
        tried[level] = c + 1
        state = states[level].copy()
        if (
            _place(row, c, n, state)
            and _place(c, n - 1 - row, n, state)
            and _place(n - 1 - row, n - 1 - c, n, state)
            and _place(n - 1 - c, row, n, state)
        ):
            states[level + 1] = state
            tried[level + 1] = 0
            level += 1
    return found


def symmetric_counts(n: int) -> tuple[int, int]:
    """(P, R): the solutions fixed by the half turn and by the quarter turn."""
    return int(half_turn_count(n)), int(quarter_turn_count(n))


def unique_from(total: int, half_turn: int, quarter_turn: int) -> int:
    """Burnside: the number of classes under the 8 symmetries of the square (N > 1).

    (On the 1 x 1 board the reflections fix the one solution too; its unique count is 1.)
    """
    classes, remainder = divmod(total + half_turn + 2 * quarter_turn, 8)
    if remainder:
        raise ArithmeticError(
            f"total {total}, P {half_turn}, R {quarter_turn} do not make whole classes"
        )
    return classes
