"""The join's subproblems past N = 23, with memory bounded per worker: orbit
representatives generated inside each task instead of held in one list.

`halves.half_split` lists every representative (m, E) up front: 4 million at N = 23,
17 million at N = 25 and 70 million at N = 27, three int64 arrays each, plus numba's
growing lists while they are built, in the parent and in every forked worker. Here a
subproblem is instead a range of ranks of the E sets of one middle row m, in the order
Gosper's hack visits them (colexicographic): the split holds three numbers a block, and a
task unranks its first set, walks the range and keeps the least member of each orbit
(`halves._orbit_size`, the same test), so a worker holds only its batch's
representatives. The ranges are cut to about `halves` blocks' worth of orbits each, so
the counts, the journal and Dask see subproblems of similar size, as before.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from nqueens.engine.halves import _orbit_size, count_half_blocks
from nqueens.engine.registry import digest

__all__ = ["StreamedSplit", "block_representatives", "count_streamed_blocks", "streamed_split"]

Array = npt.NDArray[np.int64]
Counts = npt.NDArray[np.int64]

TARGET = 8000
"""Subproblems wanted: twice the listed split's, so that a batch of them stays small."""


@njit(cache=True)
def _unrank(rank: int, ones: int, binomial: Array) -> int:  # pragma: no cover - numba
    """The set of `ones` bits with colexicographic rank `rank` (Gosper's order)."""
    bits = 0
    for i in range(ones, 0, -1):
        c = i - 1
        while binomial[c + 1, i] <= rank:
            c += 1
        bits |= 1 << c
        rank -= binomial[c, i]
    return bits


@njit(cache=True)
def block_representatives(
    n: int, ms: Array, los: Array, his: Array, binomial: Array
) -> tuple[Array, Array, Array, Array]:  # pragma: no cover - numba
    """(middles, easts, weights, bounds) of the blocks: block b's representatives are
    those among E sets of ranks los[b]..his[b]-1 for the middle row ms[b]."""
    half = n // 2
    total = 0
    for b in range(ms.shape[0]):
        total += his[b] - los[b]
    middles = np.empty(total, np.int64)  # an upper bound: about a quarter are kept
    easts = np.empty(total, np.int64)
    weights = np.empty(total, np.int64)
    bounds = np.zeros(ms.shape[0] + 1, np.int64)
    kept = 0
    for b in range(ms.shape[0]):
        m = ms[b]
        low = (1 << m) - 1 if m >= 0 else 0
        packed = _unrank(los[b], half, binomial)
        for _ in range(his[b] - los[b]):
            east = packed if m < 0 else (packed & low) | ((packed & ~low) << 1)
            size = _orbit_size(n, m, east)
            if size:
                middles[kept] = m
                easts[kept] = east
                weights[kept] = size
                kept += 1
            lowest = packed & -packed
            ripple = packed + lowest
            packed = (((ripple ^ packed) >> 2) // lowest) | ripple
        bounds[b + 1] = kept
    return middles[:kept], easts[:kept], weights[:kept], bounds


def _binomials(rows: int) -> Array:
    table = np.zeros((rows + 2, rows + 2), np.int64)
    for a in range(rows + 2):
        for b in range(a + 1):
            table[a, b] = math.comb(a, b)
    return table


def count_streamed_blocks(n: int, ms: Array, los: Array, his: Array) -> Counts:
    """The registry's join fields for each block: its representatives generated here,
    then counted as the listed split's are (`halves.count_half_blocks`)."""
    binomial = _binomials(n)
    middles, easts, weights, bounds = block_representatives(n, ms, los, his, binomial)
    return count_half_blocks(n, middles, easts, weights, bounds)


@dataclass(frozen=True, eq=False)
class StreamedSplit:
    """Subproblem b: the E sets of ranks los[b]..his[b]-1 for the middle row ms[b]."""

    n: int
    ms: Array
    los: Array
    his: Array

    def __len__(self) -> int:
        return int(self.ms.shape[0])

    def fingerprint(self) -> str:
        """A digest of every subproblem: two splits with equal digests are the same work."""
        return digest(np.array([self.n], np.int64), self.ms, self.los, self.his)

    def task(self, indices: npt.NDArray[np.intp]) -> tuple[Callable[..., Counts], tuple[Any, ...]]:
        """A picklable function and its arguments that count the subproblems `indices`."""
        return count_streamed_blocks, (
            self.n,
            self.ms[indices],
            self.los[indices],
            self.his[indices],
        )

    def representatives(self, b: int) -> tuple[Array, Array, Array]:
        """(middles, easts, weights) of block b, for the independent recount."""
        one = np.array([b], np.intp)
        found = block_representatives(
            self.n, self.ms[one], self.los[one], self.his[one], _binomials(self.n)
        )
        return found[0], found[1], found[2]


def streamed_split(n: int, target: int = TARGET) -> StreamedSplit:
    """About `target` subproblems, each a range of one middle row's E sets, in a fixed
    order; three int64 numbers each, whatever N."""
    half = n // 2
    odd = n & 1
    rows = n - odd
    # The upside-down flip moves the middle queen from row m to N - 1 - m: a representative
    # (the least member of its orbit) has m <= N // 2, so no range is walked past it.
    middles = list(range(half + 1)) if odd else [-1]
    # A representative's east half never holds the highest free row (it would be larger
    # than its mirror image, the west half), and in colexicographic order the sets without
    # the top bit come first: only those ranks are walked.
    per_m = math.comb(rows - 1, half)
    cuts = max(1, -(-target // len(middles)))
    step = max(1, -(-per_m // cuts))
    ms, los, his = [], [], []
    for m in middles:
        for lo in range(0, per_m, step):
            ms.append(m)
            los.append(lo)
            his.append(min(per_m, lo + step))
    return StreamedSplit(
        n, np.array(ms, np.int64), np.array(los, np.int64), np.array(his, np.int64)
    )
