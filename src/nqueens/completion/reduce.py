"""A board reduced at once to its free part: what the search kernels see.

A board of 5,000 squares a side with 4,900 fixed queens (the authors' transformation of
an Excluded Diagonals instance) is, to the search, a 100 x 100 board whose diagonals
are partly used. The fixed queens' lines and the excluded diagonals are marked used in
arrays indexed by the original diagonals; blocked squares on the free part are kept as
sorted keys. Building this costs O(N + fixed queens + blocked squares).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from nqueens.completion.model import Partial

__all__ = ["Reduced", "reduce_board"]


@dataclass(frozen=True)
class Reduced:
    """The free rows and columns of a board (original numbers), and what is used.

    `colindex[col]` is the free column's number on the reduced board, or -1. `blocked`
    holds `k * m + c` for each blocked square (k, c) of the reduced board, sorted.
    """

    n: int
    rows: Any  # int64[m]
    cols: Any  # int64[m]
    colindex: Any  # int64[n]
    used_sum: Any  # uint8[2n - 1], by row + col
    used_diff: Any  # uint8[2n - 1], by row - col + n - 1
    blocked: Any  # int64[b]

    @property
    def m(self) -> int:
        return int(self.rows.size)


def reduce_board(partial: Partial) -> Reduced:
    """The free part of `partial`, with every fixed queen's line and excluded diagonal used."""
    n = partial.n
    fixed_rows = np.zeros(n, dtype=bool)
    fixed_cols = np.zeros(n, dtype=bool)
    used_sum = np.zeros(2 * n - 1, dtype=np.uint8)
    used_diff = np.zeros(2 * n - 1, dtype=np.uint8)
    if partial.fixed:
        rows = np.fromiter(partial.fixed.keys(), dtype=np.int64, count=len(partial.fixed))
        cols = np.fromiter(partial.fixed.values(), dtype=np.int64, count=len(partial.fixed))
        fixed_rows[rows] = True
        fixed_cols[cols] = True
        used_sum[rows + cols] = 1
        used_diff[rows - cols + n - 1] = 1
    for line in partial.excluded_sums:
        used_sum[line] = 1
    for line in partial.excluded_diffs:
        used_diff[line + n - 1] = 1
    free_rows = np.flatnonzero(~fixed_rows).astype(np.int64, copy=False)
    free_cols = np.flatnonzero(~fixed_cols).astype(np.int64, copy=False)
    colindex = np.full(n, -1, dtype=np.int64)
    colindex[free_cols] = np.arange(free_cols.size, dtype=np.int64)
    rowindex = np.full(n, -1, dtype=np.int64)
    rowindex[free_rows] = np.arange(free_rows.size, dtype=np.int64)
    m = free_rows.size
    squares = np.array(list(partial.blocked), dtype=np.int64).reshape(-1, 2)
    k, c = rowindex[squares[:, 0]], colindex[squares[:, 1]]
    blocked = np.sort(k[(k >= 0) & (c >= 0)] * m + c[(k >= 0) & (c >= 0)])
    return Reduced(n, free_rows, free_cols, colindex, used_sum, used_diff, blocked)
