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

from nqueens.engine.bits import lowest_bit_index
from nqueens.engine.counter import digest
from nqueens.engine.methods.gpu.device import LEVELS

__all__ = [
    "MIRRORS",
    "SPLIT_TARGET",
    "GPUSplit",
    "count_on_gpu",
    "masks",
    "pre_placed",
    "prefix_kernel",
    "prefix_masks",
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
    """Rows placed on the CPU before the kernel: from N = 16, 7, as ygch/n_queens places
    them at N = 27 (and 5-6 rows for N = 18-22 in one launch): here a count is 4 launches
    (the method's `tasks_per_worker`), and 7 rows give each launch 0.5 to 10 million
    prefixes from N = 16 to 22, several a thread on an H100 (270,336 threads), so that
    the dynamic fetching evens out the tail; never fewer than the kernel's stack needs
    (N - 1 - device.LEVELS)."""
    rows = 2 if n < 16 else 7
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
    placement a row of column numbers), shifted to the next row as the kernel reads them:
    the words `prefix_masks` makes while it places them."""
    cols = np.zeros(len(rows), np.int64)
    left = np.zeros(len(rows), np.int64)
    right = np.zeros(len(rows), np.int64)
    for r in range(rows.shape[1]):
        bit = np.left_shift(1, rows[:, r])
        cols |= bit
        left = (left | bit) << 1
        right = (right | bit) >> 1
    return _words(cols), _words(left), _words(right)


def _words(masks: Array) -> Words:
    """Masks as the kernel's 32-bit words (the left diagonals' bits shifted past the
    board, which no square reads, dropped with the rest past bit 31)."""
    return (masks & 0xFFFFFFFF).astype(np.uint32)


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


COUNTED, ROWS, MASKS = range(-1, 2)
"""What `_extend` writes of each placement it reaches: nothing (counted only), its rows'
columns, or its masks."""


@njit(cache=True)
def _extend(n, rows, depth, out, fill):  # type: ignore[no-untyped-def]
    """The placements of rows 0..depth-1 that continue each of `rows` (placements of its
    first rows.shape[1] rows), in order, into `out` when `fill` is ROWS (their columns,
    out[:, :depth]) or MASKS (their columns, left and right masks, out[:, :3]); how
    many, and for each of `rows` where its own start (out's row index)."""
    starts = np.zeros(rows.shape[0] + 1, np.int64)
    placed = np.zeros(depth, np.int64)
    found = 0
    for i in range(rows.shape[0]):
        starts[i] = found
        cols = left = right = 0
        for r in range(rows.shape[1]):
            bit = 1 << rows[i, r]
            placed[r] = rows[i, r]
            cols |= bit
            left = (left | bit) << 1
            right = (right | bit) >> 1
        found = _below(n, depth, rows.shape[1], cols, left, right, placed, out, found, fill)
    starts[rows.shape[0]] = found
    return found, starts


@njit(cache=True)
def _below(n, depth, row, cols, left, right, placed, out, found, fill):  # type: ignore[no-untyped-def]
    """A plain recursive bitboard search from `row` down to `depth` (a few rows): each
    placement reached written at out[found] as `fill` asks (see `_extend`); the new
    `found`."""
    if row == depth:
        if fill == ROWS:
            out[found, :depth] = placed
        elif fill == MASKS:
            out[found, 0] = cols
            out[found, 1] = left
            out[found, 2] = right
        return found + 1
    free = ((1 << n) - 1) & ~(cols | left | right)
    while free:
        bit = free & -free
        free ^= bit
        placed[row] = lowest_bit_index(bit)
        found = _below(
            n, depth, row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1,
            placed, out, found, fill,
        )  # fmt: skip
    return found


def prefixes(n: int, rows: Array, depth: int) -> tuple[Array, Array]:
    """The placements of the first `depth` rows that continue each of `rows`, and where
    each of `rows`' own begin (one more entry: the end)."""
    if rows.shape[1] >= depth:
        return rows[:, :depth], np.arange(len(rows) + 1, dtype=np.int64)
    count, _ = _extend(n, rows, depth, np.zeros((0, depth), np.int64), COUNTED)
    out = np.zeros((count, depth), np.int64)
    _, starts = _extend(n, rows, depth, out, ROWS)
    return out, starts


def prefix_masks(n: int, rows: Array, depth: int) -> tuple[Words, Words, Words, Array]:
    """The kernel's words of every placement of the first `depth` rows that continue
    each of `rows` (as `masks` of `prefixes` gives them, made in one pass), and where each
    of `rows`' own begin."""
    count, _ = _extend(n, rows, depth, np.zeros((0, 3), np.int64), COUNTED)
    out = np.zeros((count, 3), np.int64)
    _, starts = _extend(n, rows, depth, out, MASKS)
    return _words(out[:, 0]), _words(out[:, 1]), _words(out[:, 2]), starts


def prefix_kernel() -> object:
    """The compiled function that places the first rows (the registry's warm-up)."""
    return _extend


def _count_at(n: int, depth: int) -> int:
    return int(_extend(n, _first_two(n), depth, np.zeros((0, depth), np.int64), COUNTED)[0])


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
    _, starts = _extend(n, rows, depth, np.zeros((0, depth), np.int64), COUNTED)
    out = np.zeros((len(rows), 2), np.int64)
    per_launch = max(1, min(CHUNK, device.budget() // PREFIX_BYTES))
    largest = 0
    first = 0
    while first < len(rows):
        last = int(np.searchsorted(starts, starts[first] + per_launch, side="right")) - 1
        last = min(len(rows), max(last, first + 1))  # one subproblem at least
        *words, own = prefix_masks(n, rows[first:last], depth)
        found = kernel.count_prefixes(n, *words)
        below = np.concatenate(([0], np.cumsum(found, dtype=np.uint64)))
        out[first:last, 0] = (below[own[1:]] - below[own[:-1]]).astype(np.int64) * MIRRORS
        largest = max(largest, len(words[0]) * PREFIX_BYTES)
        first = last
    out[:, 1] = largest
    return out
