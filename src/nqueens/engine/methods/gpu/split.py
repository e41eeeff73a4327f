"""The GPU method's subproblems and its task: the first rows placed on the CPU, the rest
searched on the GPU.

A subproblem is a placement of the first `split_depth(n)` rows (a few thousand of them,
so that the journal, `--part` and Dask see work of similar size), with the row-0 queen
in the left half of the board, or in the middle column with the row-1 queen in the left
half: the mirror image gives every other solution, so each subproblem counts twice. A
task extends its subproblems to `pre_placed(n)` rows on the CPU (the prefixes, the last
FINE_SHARE of the subproblems' one row deeper: 0.95 million at N = 20), in numpy, a row
at a time for all of them at once, written as the kernel reads them. The kernel
(kernel.py) takes each free square of a prefix's next row as a task of its own (7.5
million at N = 20: placements of 6 rows, as ygch/n_queens makes on its CPU, and of 7 for
the last FINE_SHARE) and adds each task's completions to its subproblem's sum. Like
every split, a pure function of N.

Nothing here is compiled: no numba kernel to load or compile on the CPU before a GPU
count's first launch.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from nqueens.engine.counter import digest
from nqueens.engine.methods.gpu.shape import LEVELS

__all__ = [
    "FINE_SHARE",
    "MIRRORS",
    "PREFIX_BYTES",
    "PREFIX_ROWS",
    "SPLIT_TARGET",
    "GPUSplit",
    "count_on_gpu",
    "launches",
    "masks",
    "pre_placed",
    "prefix_words",
    "prefixes",
    "split",
    "split_depth",
    "task_launches",
    "tasks_a_prefix",
]

Array = npt.NDArray[np.int64]
Words = npt.NDArray[np.uint32]

SPLIT_TARGET = 2000
"""Subproblems wanted: many more than a launch, so a journal row is a small loss."""
MIRRORS = 2
"""Each subproblem stands for itself and its mirror image."""
PREFIX_ROWS = 5
"""Rows placed on the CPU from N = 16, the kernel's tasks one row deeper: 6, as
ygch/n_queens places for its timings of N = 18-21 (its README: 5 are best up to N = 22).
0.15 to 1.4 million prefixes a count at N = 16 to 21, each of its next row's free squares
a task on the GPU: 5 to 9 times fewer prefixes to make on the CPU and to copy than
placing the sixth row there too (benchmarks/gpu.py --cpu-share)."""
CHUNK = 1 << 24
"""The most prefixes one launch takes (PREFIX_BYTES each: 256 MB on the GPU, and as much
on the host while they are made), fewer where the GPU's budget is smaller
(device.budget: a share of its free memory)."""
PREFIX_BYTES = 4 * 4
"""GPU memory a prefix takes: its four 32-bit words (kernel.py)."""
FINE_SHARE = 4
"""The last quarter of a task's subproblems is placed one row deeper: 6 to 9 times as many
prefixes for it (N = 18-22), each that much less work, taken last, so that the lanes run
out of work nearly together (benchmarks/gpu.py --tail; at N = 17 the whole count one row
deeper did no better, with 2.8 times the prefixes)."""


def pre_placed(n: int) -> int:
    """Rows placed on the CPU before the kernel: from N = 16, PREFIX_ROWS; never fewer
    than the subproblem's own rows, nor than the kernel's stack needs (N - 1 -
    shape.LEVELS: 7 rows at N = 27, 8 at N = 28; a task's square takes the first level)."""
    rows = PREFIX_ROWS if n >= 16 else 2
    return max(rows, n - 1 - LEVELS, split_depth(n) if n >= 2 else 0)


@functools.cache
def split_depth(n: int) -> int:
    """Rows a subproblem fixes: the fewest, from two, that give SPLIT_TARGET of them
    (never all but the last row, which the kernel counts)."""
    depth = 2
    while depth < n - 2 and _count_at(n, depth) < SPLIT_TARGET:
        depth += 1
    return depth


def _popcount(x: Array) -> Array:
    """The set bits of each (non-negative) word."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@dataclass
class _Placed:
    """Placements of the first `rows` rows: their masks after those rows (the diagonals
    shifted to the next row), the subproblem each continues, and (for the split only)
    their columns."""

    cols: Array
    left: Array
    right: Array
    owner: Array
    rows: int
    columns: Array | None = None

    def __len__(self) -> int:
        return len(self.cols)

    def free(self, n: int) -> Array:
        return ((1 << n) - 1) & ~(self.cols | self.left | self.right)

    def part(self, lo: int, hi: int) -> _Placed:
        columns = None if self.columns is None else self.columns[lo:hi]
        return _Placed(
            self.cols[lo:hi], self.left[lo:hi], self.right[lo:hi], self.owner[lo:hi],
            self.rows, columns,
        )  # fmt: skip

    def grown(self, n: int) -> _Placed:
        """Every placement of one row more that continues these, in order: each one's
        children together, lowest column first (so the placements stay in the order a
        depth-first search reaches them, each subproblem's together)."""
        free = self.free(n)
        counts = _popcount(free)
        size = int(counts.sum())
        at = np.cumsum(counts) - counts
        cols, left, right = (np.empty(size, np.int64) for _ in range(3))
        owner = np.empty(size, np.int64)
        columns = None
        if self.columns is not None:
            columns = np.empty((size, self.rows + 1), np.int64)
        active = np.flatnonzero(counts)
        rest, at = free[active], at[active]
        while len(active):
            bit = rest & -rest
            cols[at] = self.cols[active] | bit
            left[at] = (self.left[active] | bit) << 1
            right[at] = (self.right[active] | bit) >> 1
            owner[at] = self.owner[active]
            if columns is not None and self.columns is not None:
                columns[at, :-1] = self.columns[active]
                columns[at, -1] = _popcount(bit - 1)
            rest = rest ^ bit
            at = at + 1
            left_over = rest != 0
            active, rest, at = active[left_over], rest[left_over], at[left_over]
        return _Placed(cols, left, right, owner, self.rows + 1, columns)


def _placed(rows: Array, keep_columns: bool = False) -> _Placed:
    """The placements `rows` (one a row of column numbers), each its own owner."""
    cols = np.zeros(len(rows), np.int64)
    left = np.zeros(len(rows), np.int64)
    right = np.zeros(len(rows), np.int64)
    for r in range(rows.shape[1]):
        bit = np.left_shift(1, rows[:, r].astype(np.int64))
        cols |= bit
        left = (left | bit) << 1
        right = (right | bit) >> 1
    columns = rows.astype(np.int64) if keep_columns else None
    return _Placed(cols, left, right, np.arange(len(rows)), rows.shape[1], columns)


def masks(n: int, rows: Array) -> tuple[Words, Words, Words]:
    """(columns, left diagonals, right diagonals) after each placement of `rows`, shifted
    to the next row as the kernel reads them."""
    placed = _placed(rows)
    return _word(placed.cols), _word(placed.left), _word(placed.right)


def _word(masks: Array) -> Words:
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


def prefixes(n: int, rows: Array, depth: int) -> tuple[Array, Array]:
    """The placements of the first `depth` rows that continue each of `rows` (column
    numbers, in the order a depth-first search reaches them), and where each of `rows`'
    own begin (one more entry: the end)."""
    if rows.shape[1] >= depth:
        return rows[:, :depth], np.arange(len(rows) + 1, dtype=np.int64)
    placed = _placed(rows, keep_columns=True)
    while placed.rows < depth:
        placed = placed.grown(n)
    assert placed.columns is not None
    starts = np.searchsorted(placed.owner, np.arange(len(rows) + 1))
    return placed.columns, starts.astype(np.int64)


def prefix_words(placed: _Placed) -> Words:
    """Placements as the kernel reads them: four words each (columns, left, right, its
    subproblem), one pass."""
    words = np.empty((len(placed), 4), np.uint32)
    for k, mask in enumerate((placed.cols, placed.left, placed.right)):
        words[:, k] = mask & 0xFFFFFFFF
    words[:, 3] = placed.owner
    return words


def tasks_a_prefix(n: int) -> int:
    """The kernel's tasks for each prefix: one for each column its next row may have free
    (the N - pre_placed(n) columns no queen holds; a prefix of the finer share, a row
    deeper, leaves one task more empty). The most a launch's prefixes have, counted,
    would cost the CPU a pass over them (a fifth of their making) to spare the GPU a
    sixth of its atomic adds (11 tasks a prefix, not 13, at N = 18)."""
    return n - pre_placed(n)


def launches(n: int, rows: Array, depth: int, limit: int, first_owner: int = 0) -> Iterator[Words]:
    """The prefixes of `rows` (placements of `depth` rows that continue them, row i's
    owned by subproblem first_owner + i), in launches of at most `limit` prefixes each,
    a subproblem's in one launch or several. Made a row at a time for many placements at
    once, never holding more than a launch's worth and the few rows above it."""
    start = _placed(rows)
    start.owner += first_owner
    pending = [start]
    while pending:
        placed = pending.pop()
        if placed.rows >= depth:  # a subproblem given whole: its rows are its prefix
            words = prefix_words(placed)
            yield from (words[lo : lo + limit] for lo in range(0, len(words), limit))
            continue
        ends = np.cumsum(_popcount(placed.free(n)))
        if len(placed) > 1 and len(ends) and ends[-1] > limit:
            head = max(1, int(np.searchsorted(ends, limit, side="right")))
            pending.append(placed.part(head, len(placed)))  # cut again when its turn comes
            placed = placed.part(0, head)
        pending.append(placed.grown(n))


def _count_at(n: int, depth: int) -> int:
    placed = _placed(_first_two(n))
    while placed.rows < depth:
        placed = placed.grown(n)
    return len(placed)


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


def task_launches(n: int, rows: Array, limit: int = CHUNK) -> Iterator[Words]:
    """A task's launches, as `count_on_gpu` makes them: the prefixes of `rows` at
    `pre_placed(n)` rows, the last FINE_SHARE of the subproblems' one row deeper (taken
    last), at most `limit` a launch."""
    depth = pre_placed(n)
    fine = len(rows) - len(rows) // FINE_SHARE if depth < n - 2 else len(rows)
    made = itertools.chain(
        launches(n, rows[:fine], depth, limit),
        launches(n, rows[fine:], depth + 1, limit, first_owner=fine),
    )
    held: list[Words] = []  # packed: the coarse part's last and the fine part in one launch
    for words in made:
        if held and sum(map(len, held)) + len(words) > limit:
            yield np.concatenate(held) if len(held) > 1 else held[0]
            held = []
        held.append(words)
    if held:
        yield np.concatenate(held) if len(held) > 1 else held[0]


def count_on_gpu(n: int, rows: Array) -> Array:
    """The registry's gpu fields for each subproblem: its solutions, mirror images
    included, counted on the GPU, and the GPU memory the task took at most. Its prefixes
    go in launches of at most CHUNK, within the GPU's budget (one launch a count through
    N = 21), each made while the one before runs, the last FINE_SHARE of the subproblems
    one row deeper. Each prefix's count is added to its subproblem's sum on the GPU;
    only the sums come back."""
    from nqueens.engine import device
    from nqueens.engine.methods.gpu import kernel

    out = np.zeros((len(rows), 2), np.int64)
    if len(rows) == 0:
        return out
    cuda = device.cuda()
    per_launch = max(1, min(CHUNK, device.budget() // PREFIX_BYTES))
    largest = 0
    with device.reported():
        sums = cuda.to_device(np.zeros(len(rows), np.uint64))
        running: object = None  # the launch under way: its GPU memory kept until it is done
        for words in task_launches(n, rows, per_launch):
            running = kernel.launch(n, words, tasks_a_prefix(n), sums)  # after the one before
            largest = max(largest, len(words) * PREFIX_BYTES)
        device.wait()  # a stop comes at once, not when the last launch ends
        found = sums.copy_to_host()
        del running
    out[:, 0] = found.astype(np.int64) * MIRRORS
    out[:, 1] = largest + len(rows) * 8
    return out
