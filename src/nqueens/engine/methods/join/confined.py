"""An independent counter of the join's subproblems: a plain backtracking search, row by
row, with each row's queen confined to the half the subproblem gives it.

The join (match.py) counts, for a middle row m and a set E of east rows, the
solutions whose east-half queens stand in the rows of E, weighing each by which half
holds the queens on the two longest diagonals. This search finds the same number the
obvious way, sharing no code with the join (only its definition of the weights,
`match.PAIR_WEIGHT`): `--verify` recounts a journal's join
subproblems with it (`recount`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from nqueens.engine.bits import take_lowest
from nqueens.engine.methods.join.match import PAIR_WEIGHT  # the definition of what the join counts

if TYPE_CHECKING:
    import numpy.typing as npt

    from nqueens.engine.methods.join.split import JoinSplit

__all__ = ["confined_count", "recount"]


@njit(cache=True)
def confined_count(n: int, middle: int, east: int) -> int:  # pragma: no cover - numba
    """Solutions with the middle column's queen in row `middle` (-1: even N, none), the
    east queens in the rows of the bit set `east` and the west queens in the others,
    each weighted by its longest diagonals as the join weighs it."""
    half = n // 2
    odd = n & 1
    full = (1 << n) - 1
    west_cols = (1 << half) - 1
    east_cols = full & ~((1 << (half + odd)) - 1)
    allowed = np.empty(n, np.int64)
    for r in range(n):
        if r == middle:
            allowed[r] = 1 << half
        elif (east >> r) & 1:
            allowed[r] = east_cols
        else:
            allowed[r] = west_cols
    cols = np.zeros(n + 1, np.int64)
    left = np.zeros(n + 1, np.int64)
    right = np.zeros(n + 1, np.int64)
    avail = np.zeros(n + 1, np.int64)
    held = np.zeros((n + 1, 2), np.int64)  # long diagonals held so far: east, west
    total = 0
    row = 0
    avail[0] = allowed[0]
    while row >= 0:
        bit = take_lowest(avail, row)
        if bit == 0:
            row -= 1
            continue
        c = 0  # its own loop, not bitops.lowest_bit_index: nothing shared with the join
        while (bit >> c) != 1:
            c += 1
        on_long = (c == row) + (c == n - 1 - row)
        held_east = held[row, 0] + (on_long if bit & east_cols else 0)
        held_west = held[row, 1] + (on_long if bit & west_cols else 0)
        if row == n - 1:
            total += PAIR_WEIGHT[held_east, held_west]
            continue
        nxt = row + 1
        cols[nxt] = cols[row] | bit
        left[nxt] = ((left[row] | bit) << 1) & full
        right[nxt] = (right[row] | bit) >> 1
        held[nxt, 0] = held_east
        held[nxt, 1] = held_west
        avail[nxt] = allowed[nxt] & ~(cols[nxt] | left[nxt] | right[nxt])
        row = nxt
    return total


def recount(parts: JoinSplit, indices: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    """The same subproblems counted independently (the registry's `recounted_by`): each
    representative by the backtracking search confined to its rows' halves."""
    out = np.zeros((len(indices), 2), np.int64)
    for row, b in enumerate(indices.tolist()):
        middles, easts, weights = parts.representatives(b)
        for m, east, weight in zip(middles.tolist(), easts.tolist(), weights.tolist(), strict=True):
            out[row, 0] += weight * int(confined_count(parts.n, m, east))
    return out
