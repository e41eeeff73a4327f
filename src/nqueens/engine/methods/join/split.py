"""Split a join count into subproblems: one east-row set per symmetry orbit, in blocks;
listed up front up to N = 23 (`listed_split`), generated inside each task beyond
(`streamed_split`), so that a worker's memory does not grow with the list.

The join counter counts the solutions whose east-half queens stand in a given set E of
rows (and, for odd N, whose middle-column queen stands in row m). Two symmetries of the
square act on (m, E) without changing that count: the upside-down flip (row r to
N-1-r) and the left-right mirror (east and west swap, so E becomes the other rows).
Each orbit under them is counted once, for its representative (the least m, E), times
its size (1, 2 or 4): `orbit_size`. Representatives are grouped into blocks of similar
count; a block is one subproblem for the runners, the journal and Dask, and the whole
split is a pure function of N.

The listed split holds every representative: 4 million at N = 23, 17 million at N = 25
and 70 million at N = 27, three int64 arrays each, in the parent and in every forked
worker. The streamed split's subproblem is instead a range of ranks of the E sets of
one middle row m, in the order Gosper's hack visits them (colexicographic): it holds
three numbers a block, and a task unranks its first set, walks the range and keeps the
least member of each orbit, so a worker holds only its batch's representatives. Its
ranges are cut to about a listed block's worth of orbits each, so the counts, the
journal and Dask see subproblems of similar size.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt
from numba import njit

from nqueens.engine.arrays import Array, Counts
from nqueens.engine.counter import digest
from nqueens.engine.methods.join.workspace import Workspace

__all__ = [
    "LISTED_UP_TO",
    "STREAMED_TARGETS",
    "JoinSplit",
    "ListedSplit",
    "StreamedSplit",
    "block_representatives",
    "count_listed_blocks",
    "count_streamed_blocks",
    "listed_split",
    "orbit_size",
    "split",
    "streamed_split",
]

BlockCounter = Callable[[int, Array, Array, Array, Array], Counts]
"""Counts blocks of representatives: (n, middles, easts, weights, bounds) -> one row of
the method's fields a block (a module-level function, so that a task pickles)."""

LISTED_TARGET = 4000
"""Subproblems of the listed split (fewer when there are fewer orbits)."""


@njit(cache=True)
def _bit_reverse(bits: int, n: int) -> int:
    out = 0
    for r in range(n):
        if (bits >> r) & 1:
            out |= 1 << (n - 1 - r)
    return out


@njit(cache=True)
def orbit_size(n: int, m: int, east: int) -> int:  # pragma: no cover - numba
    """The size (1, 2 or 4) of the orbit of (m, east) under the upside-down flip and the
    left-right mirror, if (m, east) is its least member (its representative); else 0."""
    allowed = ((1 << n) - 1) & ~((1 << m) if m >= 0 else 0)
    flipped_m = n - 1 - m if m >= 0 else -1
    west = allowed & ~east
    key = (m + 1) << n | east
    image_0 = (flipped_m + 1) << n | _bit_reverse(east, n)
    image_1 = (m + 1) << n | west
    image_2 = (flipped_m + 1) << n | _bit_reverse(west, n)
    if key > image_0 or key > image_1 or key > image_2:
        return 0
    size = 1
    if image_0 != key:
        size += 1
    if image_1 != key and image_1 != image_0:
        size += 1
    if image_2 != key and image_2 != image_0 and image_2 != image_1:
        size += 1
    return size


@njit(cache=True)
def all_representatives(n: int) -> tuple[Array, Array, Array]:  # pragma: no cover - numba
    """(middle row or -1, east rows, orbit size) for the least member of every orbit."""
    half = n // 2
    odd = n & 1
    free_rows = n - odd
    middles = []
    easts = []
    weights = []
    if half == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64)
    for m in range(0 if odd else -1, n if odd else 0):  # m = -1: no middle column
        low = (1 << m) - 1 if m >= 0 else 0
        packed = (1 << half) - 1  # Gosper's hack over the free rows, then m slotted in
        while packed < (1 << free_rows):
            east = packed if m < 0 else (packed & low) | ((packed & ~low) << 1)
            size = orbit_size(n, m, east)
            if size:
                middles.append(m)
                easts.append(east)
                weights.append(size)
            lowest = packed & -packed
            ripple = packed + lowest
            packed = (((ripple ^ packed) >> 2) // lowest) | ripple
    return np.array(middles, np.int64), np.array(easts, np.int64), np.array(weights, np.int64)


@dataclass(frozen=True, eq=False)
class ListedSplit:
    """Subproblem b covers representatives bounds[b] .. bounds[b+1]-1; `count` counts
    blocks of them (None: this process's CPU join; the GPU join gives its own)."""

    n: int
    middles: Array
    easts: Array
    weights: Array
    bounds: Array
    count: BlockCounter | None = field(default=None, compare=False)

    def __len__(self) -> int:
        return int(self.bounds.shape[0]) - 1

    def fingerprint(self) -> str:
        """A digest of every subproblem: two splits with equal digests are the same work."""
        return digest(self.middles, self.easts, self.weights, self.bounds)

    def representatives(self, b: int) -> tuple[Array, Array, Array]:
        """(middles, easts, weights) of block b, for the independent recount."""
        span = slice(int(self.bounds[b]), int(self.bounds[b + 1]))
        return self.middles[span], self.easts[span], self.weights[span]

    def task(self, indices: npt.NDArray[np.intp]) -> tuple[Callable[..., Counts], tuple[Any, ...]]:
        """A picklable function and its arguments that count the subproblems `indices`."""
        pieces = [np.arange(self.bounds[i], self.bounds[i + 1]) for i in indices]
        sizes = np.array([len(p) for p in pieces], np.int64)
        chosen = np.concatenate(pieces) if pieces else np.zeros(0, np.int64)
        bounds = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
        return self.count or count_listed_blocks, (
            self.n,
            self.middles[chosen],
            self.easts[chosen],
            self.weights[chosen],
            bounds,
        )


def listed_split(
    n: int, target: int = LISTED_TARGET, count: BlockCounter | None = None
) -> ListedSplit:
    """About `target` subproblems (fewer when there are fewer orbits), in a fixed order."""
    middles, easts, weights = all_representatives(n)
    per_block = max(1, -(-len(easts) // target))
    bounds = np.arange(0, len(easts) + per_block, per_block, dtype=np.int64)
    bounds[-1] = len(easts)
    return ListedSplit(n, middles, easts, weights, np.unique(bounds), count)


def count_listed_blocks(
    n: int, middles: Array, easts: Array, weights: Array, bounds: Array
) -> Counts:
    """For each block of representatives the registry's join fields: its weighted
    solutions, and the bytes of working tables this process holds."""
    return Workspace.of(n).count(middles, easts, weights, bounds)


STREAMED_TARGET = 8000
"""Subproblems wanted past the listed split: twice its own, so that a batch stays small."""
STREAMED_TARGETS = {25: 100_000, 26: 1_000_000, 27: 4_000_000}
"""Finer where one subproblem of STREAMED_TARGET would pass an hour on one core, so that
each fits a batch job's time limit and a stopped count loses little: at 8,000 the
longest sampled subproblem took 16 minutes at N = 24, 2.5 days at N = 26 and 15.2 days
at N = 27 by `--estimate` (a journal keeps only finished subproblems); at these sizes
each was planned within the hour on the VM this was sized on, and within 76 minutes on
one half as fast (docs/counting.md)."""


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
            size = orbit_size(n, m, east)
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


def count_streamed_blocks(
    n: int, ms: Array, los: Array, his: Array, count: BlockCounter | None = None
) -> Counts:
    """The method's fields for each block: its representatives generated here, then
    counted as the listed split's are (by `count`: this process's CPU join by default)."""
    binomial = _binomials(n)
    middles, easts, weights, bounds = block_representatives(n, ms, los, his, binomial)
    return (count or count_listed_blocks)(n, middles, easts, weights, bounds)


@dataclass(frozen=True, eq=False)
class StreamedSplit:
    """Subproblem b: the E sets of ranks los[b]..his[b]-1 for the middle row ms[b];
    `count` counts blocks of representatives (None: this process's CPU join)."""

    n: int
    ms: Array
    los: Array
    his: Array
    count: BlockCounter | None = field(default=None, compare=False)

    def __len__(self) -> int:
        return int(self.ms.shape[0])

    def fingerprint(self) -> str:
        """A digest of every subproblem: two splits with equal digests are the same work."""
        return digest(np.array([self.n], np.int64), self.ms, self.los, self.his)

    def task(self, indices: npt.NDArray[np.intp]) -> tuple[Callable[..., Counts], tuple[Any, ...]]:
        """A picklable function and its arguments that count the subproblems `indices`."""
        arguments = (self.n, self.ms[indices], self.los[indices], self.his[indices])
        return count_streamed_blocks, (*arguments, self.count) if self.count else arguments

    def representatives(self, b: int) -> tuple[Array, Array, Array]:
        """(middles, easts, weights) of block b, for the independent recount."""
        one = np.array([b], np.intp)
        found = block_representatives(
            self.n, self.ms[one], self.los[one], self.his[one], _binomials(self.n)
        )
        return found[0], found[1], found[2]


def streamed_split(
    n: int, target: int | None = None, count: BlockCounter | None = None
) -> StreamedSplit:
    """About `target` subproblems (`STREAMED_TARGETS` by N), each a range of one middle
    row's E sets, in a fixed order; three int64 numbers each."""
    target = target or STREAMED_TARGETS.get(n, STREAMED_TARGET)
    half = n // 2
    odd = n & 1
    rows = n - odd
    # The upside-down flip moves the middle queen from row m to N - 1 - m: a representative
    # (the least member of its orbit) has m <= N // 2, so no range is walked past it.
    middles = np.arange(half + 1, dtype=np.int64) if odd else np.array([-1], np.int64)
    # A representative's east half never holds the highest free row (it would be larger
    # than its mirror image, the west half), and in colexicographic order the sets without
    # the top bit come first: only those ranks are walked.
    per_m = math.comb(rows - 1, half)
    cuts = max(1, -(-target // len(middles)))
    step = max(1, -(-per_m // cuts))
    starts = np.arange(0, per_m, step, dtype=np.int64)
    ms = np.repeat(middles, len(starts))
    los = np.tile(starts, len(middles))
    return StreamedSplit(n, ms, los, np.minimum(los + step, per_m), count)


JoinSplit: TypeAlias = ListedSplit | StreamedSplit


LISTED_UP_TO = 23
"""Up to this N the representatives are listed once (`listed_split`; journals made there
keep their identity); past it each task generates its own (`streamed_split`), so that a
worker's memory does not grow with the list (70 million orbits at N = 27)."""


def split(n: int, count: BlockCounter | None = None) -> JoinSplit:
    """The join's split: `listed_split` at its default size up to `LISTED_UP_TO`, the
    streamed split beyond; its blocks counted by `count` (None: the CPU join)."""
    if n <= LISTED_UP_TO:
        return listed_split(n, count=count)
    return streamed_split(n, count=count)
