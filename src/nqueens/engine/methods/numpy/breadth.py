"""The numpy counting method: a breadth-first bitboard search, one row at a time for
every partial board at once, in NumPy arrays. No numba.

For small N a count takes less time than numba's start-up (importing it and loading its
code generator: docs/benchmarks.md), so `auto` picks this method there. The row-0 queen stands
in the left half of the board or its middle column; the mirror images of the left-half
solutions give the rest. Every solution of a subproblem (a column of row 0) is listed,
N = 13 at most, and the canonical ones, the least of their 8 images
(`placement.symmetry_view`), are counted. Without --workers it counts in the calling
process: it is done before a pool of workers could start.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from nqueens.engine.arrays import Array
from nqueens.engine.counter import digest
from nqueens.placement import SYMMETRIES, symmetry_view

__all__ = ["FirstColumns", "count_first_columns", "split"]


@dataclass(frozen=True, eq=False)
class FirstColumns:
    """Subproblem i: the solutions with the row-0 queen in column firsts[i], the left
    half of the board and its middle column."""

    n: int
    firsts: Array

    def __len__(self) -> int:
        return int(self.firsts.shape[0])

    def fingerprint(self) -> str:
        """A digest of every subproblem: two splits with equal digests are the same work."""
        return digest(self.firsts)

    def task(self, indices: npt.NDArray[np.intp]) -> tuple[Callable[..., Array], tuple[Any, ...]]:
        """A picklable function and its arguments that count the subproblems `indices`."""
        return count_first_columns, (self.n, self.firsts[indices])


def split(n: int) -> FirstColumns:
    """One subproblem per column of row 0 in the left half or the middle."""
    return FirstColumns(n, np.arange((n + 1) // 2, dtype=np.int64))


def count_first_columns(n: int, firsts: Array) -> Array:
    """For each subproblem the registry's numpy fields: solutions, the canonical ones,
    those the half turn and the quarter turn leave unchanged (mirror images included
    in all but the canonical count). A class's least image has its row-0 queen in the
    left half or the middle (else its mirror image is less), so every class is counted."""
    found = _search(n, firsts)
    kinds = _symmetry(found, n)
    out = np.zeros((len(firsts), 4), np.int64)
    for i, first in enumerate(firsts.tolist()):
        mine = kinds[found[:, 0] == first]
        mirrors = 1 if 2 * first == n - 1 else 2
        out[i] = (mirrors * len(mine), *(mine.sum(axis=0) * (1, mirrors, mirrors)))
    return out


def _search(n: int, firsts: Array) -> npt.NDArray[np.int8]:
    """The solutions whose row-0 queen is in one of the columns `firsts`: row by row,
    every partial board's free squares at once; then each solution's columns, read back
    through the parent of each queen."""
    full = (1 << n) - 1
    column = firsts.astype(np.int64)
    bit = np.int64(1) << column
    taken, left, right = bit, (bit << 1) & full, bit >> 1
    columns, parents = [column], []
    for _ in range(1, n):
        free = full & ~(taken | left | right)
        chosen = [np.flatnonzero((free >> c) & 1) for c in range(n)]  # by column: n passes,
        parent = np.concatenate(chosen)  # twice as fast as one pass over an n-wide array
        column = np.repeat(np.arange(n, dtype=np.int64), [len(c) for c in chosen])
        bit = np.int64(1) << column
        taken = taken[parent] | bit
        left = ((left[parent] | bit) << 1) & full
        right = (right[parent] | bit) >> 1
        columns.append(column)
        parents.append(parent)
    found = np.empty((len(column), n), np.int8)
    at = np.arange(len(column))
    for row in range(n - 1, 0, -1):
        found[:, row] = columns[row][at]
        at = parents[row - 1][at]
    found[:, 0] = columns[0][at]
    return found


def _symmetry(found: npt.NDArray[np.int8], n: int) -> npt.NDArray[np.int64]:
    """Per solution: whether it is its class's representative (no image lexicographically
    smaller; compared as numbers in base N, which orders them the same way), whether the
    half turn leaves it unchanged, whether the quarter turn does (0 or 1 each)."""
    cols = found.astype(np.int64)
    inverse = np.empty_like(cols)
    inverse[np.arange(len(cols))[:, None], cols] = np.arange(n)
    weights = n ** np.arange(n - 1, -1, -1, dtype=np.int64)
    own = cols @ weights
    kinds = np.zeros((len(cols), 3), np.int64)
    kinds[:, 0] = 1
    for symmetry in SYMMETRIES:
        inverted, rows, values = symmetry_view(symmetry)
        image = inverse if inverted else cols
        image = image[:, ::-1] if rows else image
        key = (n - 1 - image if values else image) @ weights
        kinds[:, 0] &= own <= key
        if symmetry in ("rot180", "rot90"):
            kinds[:, 1 if symmetry == "rot180" else 2] = own == key
    return kinds
