"""The GPU method's subproblems and its task: the first rows placed on the CPU, the rest
searched on the GPU.

A subproblem is a placement of the first `split_depth(n)` rows (a few thousand of them,
so that the journal, `--part` and Dask see work of similar size), with the row-0 queen
in the left half of the board, or in the middle column with the row-1 queen in the left
half: the mirror image gives every other solution, so each subproblem counts twice. A
task expands its subproblems on the CPU to `pre_placed(n)` rows (the prefixes, about a
million a launch at N = 20), hands them to the kernel (kernel.py) in chunks that fit the
GPU's memory budget, and sums each subproblem's prefixes. Like every split, a pure
function of N.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from nqueens.engine.methods.gpu.device import LEVELS
from nqueens.engine.registry import digest

__all__ = [
    "MIRRORS",
    "SPLIT_TARGET",
    "GPUSplit",
    "count_on_gpu",
    "masks",
    "pre_placed",
    "prefix_kernel",
    "prefixes",
    "split",
    "split_depth",
]

Array = npt.NDArray[np.int64]
Words = npt.NDArray[np.uint32]

SPLIT_TARGET = 2000
"""Subproblems wanted: many more than a launch, so a journal row is a small loss."""
MIRRORS = 2
"""Each subproblem stands for itself and its mirror image."""
CHUNK = 1 << 24
"""The most prefixes one launch takes (PREFIX_BYTES each: 320 MB on the GPU, and as much
on the host while they are made), fewer where the GPU's budget is smaller
(device.budget: a share of its free memory)."""
PREFIX_BYTES = 3 * 4 + 8
"""GPU memory a prefix takes: its three 32-bit masks and its 64-bit count."""


def pre_placed(n: int) -> int:
    """Rows placed on the CPU before the kernel: enough prefixes to fill a GPU (a million
    and more from N = 18), each with enough search below it to pay for its fetch, and
    never fewer than the kernel's stack needs (N - 1 - kernel.LEVELS). ygch/n_queens
    measured 5 to 6 rows best for N = 18-22 on one GPU, and 7 at N = 27."""
    if n <= 14:
        rows = 2
    elif n <= 16:
        rows = n - 12
    elif n <= 18:
        rows = 5
    elif n <= 22:
        rows = 6
    else:
        rows = 7
    return max(rows, n - 1 - LEVELS, split_depth(n) if n >= 2 else 0)


@functools.cache
def split_depth(n: int) -> int:
    """Rows a subproblem fixes: the fewest, from two, that give SPLIT_TARGET of them
    (never all but the last row, which the kernel counts)."""
    depth = 2
    while depth < n - 2 and _count_at(n, depth) < SPLIT_TARGET:
        depth += 1
    return depth


def masks(n: int, rows: Array) -> tuple[Words, Words, Words]:
    """(columns, left diagonals, right diagonals) after each placement of `rows` (one
    placement a row of column numbers), shifted to the next row as the kernel reads them."""
    cols = np.zeros(len(rows), np.int64)
    left = np.zeros(len(rows), np.int64)
    right = np.zeros(len(rows), np.int64)
    for r in range(rows.shape[1]):
        bit = np.left_shift(1, rows[:, r])
        cols |= bit
        left = ((left | bit) << 1) & ((1 << 32) - 1)
        right = (right | bit) >> 1
    return cols.astype(np.uint32), left.astype(np.uint32), right.astype(np.uint32)


def _first_two(n: int) -> Array:
    """Every canonical placement of rows 0 and 1 (see the module's docstring)."""
    half = n // 2
    found = [
        (a, b)
        for a in range(half + (n & 1))
        for b in range(half if a == half else n)
        if abs(a - b) > 1
    ]
    return np.array(found, np.int64).reshape(len(found), 2)


@njit(cache=True)
def _extend(n, rows, depth, out, fill):  # type: ignore[no-untyped-def]
    """The placements of rows 0..depth-1 that continue each of `rows` (placements of its
    first rows.shape[1] rows), in order, into out[:, :depth] when `fill`; how many, and
    for each of `rows` where its own start (out's row index). A plain bitboard search."""
    start = rows.shape[1]
    starts = np.zeros(rows.shape[0] + 1, np.int64)
    placed = np.zeros(n + 1, np.int64)
    full = (1 << n) - 1
    cols = np.zeros(n + 1, np.int64)
    left = np.zeros(n + 1, np.int64)
    right = np.zeros(n + 1, np.int64)
    avail = np.zeros(n + 1, np.int64)
    found = 0
    for i in range(rows.shape[0]):
        starts[i] = found
        c = 0
        lw = 0
        rw = 0
        for r in range(start):
            bit = 1 << rows[i, r]
            placed[r] = rows[i, r]
            c |= bit
            lw = (lw | bit) << 1
            rw = (rw | bit) >> 1
        if start == depth:
            if fill:
                for r in range(depth):
                    out[found, r] = placed[r]
            found += 1
            continue
        level = start
        cols[level] = c
        left[level] = lw
        right[level] = rw
        avail[level] = full & ~(c | lw | rw)
        while level >= start:
            free = avail[level]
            if free == 0:
                level -= 1
                continue
            bit = free & -free
            avail[level] = free ^ bit
            column = 0
            while (bit >> column) != 1:
                column += 1
            placed[level] = column
            if level + 1 == depth:
                if fill:
                    for r in range(depth):
                        out[found, r] = placed[r]
                found += 1
                continue
            c = cols[level] | bit
            lw = (left[level] | bit) << 1
            rw = (right[level] | bit) >> 1
            level += 1
            cols[level] = c
            left[level] = lw
            right[level] = rw
            avail[level] = full & ~(c | lw | rw)
    starts[rows.shape[0]] = found
    return found, starts


def prefixes(n: int, rows: Array, depth: int) -> tuple[Array, Array]:
    """The placements of the first `depth` rows that continue each of `rows`, and where
    each of `rows`' own begin (one more entry: the end)."""
    if rows.shape[1] >= depth:
        return rows[:, :depth], np.arange(len(rows) + 1, dtype=np.int64)
    count, _ = _extend(n, rows, depth, np.zeros((0, depth), np.int64), False)
    out = np.zeros((count, depth), np.int64)
    _, starts = _extend(n, rows, depth, out, True)
    return out, starts


def prefix_kernel() -> object:
    """The compiled function that places the first rows (the registry's warm-up)."""
    return _extend


def _count_at(n: int, depth: int) -> int:
    return int(_extend(n, _first_two(n), depth, np.zeros((0, depth), np.int64), False)[0])


@dataclass(frozen=True, eq=False)
class GPUSplit:
    """Subproblem i: the first rows placed at rows[i] (column numbers, row by row)."""

    n: int
    rows: Array

    def __len__(self) -> int:
        return int(self.rows.shape[0])

    def fingerprint(self) -> str:
        """A digest of every subproblem: two splits with equal digests are the same work."""
        return digest(np.array([self.n], np.int64), self.rows)

    def task(self, indices: npt.NDArray[np.intp]) -> tuple[Callable[..., Array], tuple[Any, ...]]:
        """A picklable function and its arguments that count the subproblems `indices`."""
        return count_on_gpu, (self.n, self.rows[indices])


def split(n: int) -> GPUSplit:
    """The subproblems of N (none for N < 4: no placement of two rows leaves a solution
    but for N = 1, which the runner answers itself)."""
    if n < 4:
        return GPUSplit(n, np.zeros((0, 2), np.int64))
    rows, _ = prefixes(n, _first_two(n), split_depth(n))
    return GPUSplit(n, np.ascontiguousarray(rows))


def count_on_gpu(n: int, rows: Array) -> Array:
    """The registry's gpu fields for each subproblem: its solutions, mirror images
    included, counted on the GPU, and the GPU memory of the largest launch. The prefixes
    are made a group of subproblems at a time, at most CHUNK a launch and within the
    GPU's budget (one subproblem's may pass them), so the host holds no more."""
    from nqueens.engine.methods.gpu import device, kernel

    depth = pre_placed(n)
    _, starts = _extend(n, rows, depth, np.zeros((0, depth), np.int64), False)
    out = np.zeros((len(rows), 2), np.int64)
    per_launch = max(1, min(CHUNK, device.budget() // PREFIX_BYTES))
    largest = 0
    first = 0
    while first < len(rows):
        last = int(np.searchsorted(starts, starts[first] + per_launch, side="right")) - 1
        last = min(len(rows), max(last, first + 1))  # one subproblem at least
        expanded, own = prefixes(n, rows[first:last], depth)
        found = kernel.count_prefixes(n, *masks(n, expanded))
        below = np.concatenate(([0], np.cumsum(found, dtype=np.uint64)))
        out[first:last, 0] = (below[own[1:]] - below[own[:-1]]).astype(np.int64) * MIRRORS
        largest = max(largest, len(expanded) * PREFIX_BYTES)
        first = last
    out[:, 1] = largest
    return out
