"""The pure-Python counting method: the teaching bitboard search, split like the others.

A subproblem fixes the first two rows: the row-0 queen in the left half of the board (or
in the middle column of an odd board) and a row-1 queen that it does not attack. Mirror
images give the solutions with the row-0 queen in the right half, so a left-half
subproblem counts its solutions twice. Every symmetry class has its least image in the
searched part, so its canonical solutions there add up to the unique count. No numba:
the workers, the journal and Dask run it as they run the compiled methods.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from nqueens.engine.arrays import Array
from nqueens.engine.counter import digest
from nqueens.placement import is_canonical_cols

__all__ = ["FirstRows", "count_first_rows", "split"]


@dataclass(frozen=True, eq=False)
class FirstRows:
    """Subproblem i: the row-0 queen in column firsts[i], the row-1 queen in seconds[i]."""

    n: int
    firsts: Array
    seconds: Array

    def __len__(self) -> int:
        return int(self.firsts.shape[0])

    def fingerprint(self) -> str:
        """A digest of every subproblem: two splits with equal digests are the same work."""
        return digest(self.firsts, self.seconds)

    def task(self, indices: npt.NDArray[np.intp]) -> tuple[Callable[..., Array], tuple[Any, ...]]:
        """A picklable function and its arguments that count the subproblems `indices`."""
        return count_first_rows, (self.n, self.firsts[indices], self.seconds[indices])


def split(n: int) -> FirstRows:
    """Every (row-0, row-1) pair of columns the search starts from, in a fixed order."""
    pairs = [
        (first, second)
        for first in range((n + 1) // 2)
        for second in range(n)
        if abs(second - first) > 1
    ]
    firsts = np.array([p[0] for p in pairs], np.int64)
    seconds = np.array([p[1] for p in pairs], np.int64)
    return FirstRows(n, firsts, seconds)


def count_first_rows(n: int, firsts: Array, seconds: Array) -> Array:
    """For each subproblem the registry's python fields: solutions (mirrors included) and
    canonical solutions."""
    out = np.zeros((len(firsts), 2), np.int64)
    full = (1 << n) - 1
    for i, (first, second) in enumerate(zip(firsts.tolist(), seconds.tolist(), strict=True)):
        cols = [first, second] + [0] * (n - 2)
        taken = (1 << first) | (1 << second)
        left = ((((1 << first) << 1) | (1 << second)) << 1) & full
        right = (((1 << first) >> 1) | (1 << second)) >> 1
        found = unique = 0
        for solution in _solutions_below(n, full, cols, 2, taken, left, right):
            found += 1
            unique += is_canonical_cols(solution)
        mirrors = 1 if 2 * first == n - 1 else 2
        out[i] = (mirrors * found, unique)
    return out


def _solutions_below(
    n: int, full: int, cols: list[int], row: int, taken: int, left: int, right: int
) -> Iterator[tuple[int, ...]]:
    """The solutions that complete rows 0..row-1 of `cols`, by the teaching bitboard
    search's recursion (search/bitboard.py), without its events."""
    if row == n:
        yield tuple(cols)
        return
    avail = full & ~(taken | left | right)
    while avail:
        bit = avail & -avail
        avail ^= bit
        cols[row] = bit.bit_length() - 1
        yield from _solutions_below(
            n, full, cols, row + 1, taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1
        )
