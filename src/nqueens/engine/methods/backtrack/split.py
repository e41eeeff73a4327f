"""Split a count into independent subproblems by pre-placing the first rows.

The symmetry of the square is folded in: the top-level tasks are the canonical first-row
cases of the kernels (a corner queen with each second-row column, or an edge queen in the
left half), and each is expanded by the same kernel, with the same pruning, down to a
common row. A pure function of (n, target): the same split every time, so a journal can
name subproblems by their index.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from nqueens.engine.arrays import Array
from nqueens.engine.counter import digest
from nqueens.engine.methods.backtrack import kernels

__all__ = ["SPLIT_TARGET", "Split", "count_subproblems", "split"]

SPLIT_TARGET = 2000
"""Subproblems wanted: many more than workers, so cores stay busy to the end."""


@dataclass(frozen=True, eq=False)
class Split:
    """Subproblems i = 0..len-1: kind, bound1, first free row, and the rows fixed so far.

    `boards[i, r]` is the bit of the queen in row r (r < starts[i]); 0 below.
    """

    n: int
    depth: int
    kinds: Array
    bound1s: Array
    starts: Array
    boards: Array

    def __len__(self) -> int:
        return int(self.kinds.shape[0])

    def task(self, indices: npt.NDArray[np.intp]) -> tuple[Callable[..., Array], tuple[Any, ...]]:
        """A picklable function and its arguments that count the subproblems `indices`."""
        return count_subproblems, (
            self.n,
            self.kinds[indices],
            self.bound1s[indices],
            self.starts[indices],
            self.boards[indices],
        )

    def fingerprint(self) -> str:
        """A digest of every subproblem: two splits with equal digests are the same work."""
        return digest(self.kinds, self.bound1s, self.starts, self.boards)


def count_subproblems(n: int, kinds: Array, bound1s: Array, starts: Array, boards: Array) -> Array:
    """For each subproblem the registry's backtrack fields (classes of 2, 4 and 8, nodes):
    the task run in workers and on Dask."""
    out = np.zeros((len(kinds), 4), np.int64)
    kernels.count_batch(n, kinds, bound1s, starts, boards, out)
    return out


def _top_level(n: int) -> list[tuple[int, int, int, list[int]]]:
    """The canonical first-row cases: (kind, bound1, start row, fixed rows as bits)."""
    tasks = [(kernels.CORNER, b1, 2, [1, 1 << b1]) for b1 in range(2, n - 1)]
    b1, b2 = 1, n - 2
    while b1 < b2:
        tasks.append((kernels.EDGE, b1, 1, [1 << b1]))
        b1, b2 = b1 + 1, b2 - 1
    return tasks


def _top_split(n: int) -> Split:
    tasks = _top_level(n)
    boards = np.zeros((len(tasks), n), np.int64)
    for i, (_, _, _, fixed) in enumerate(tasks):
        boards[i, : len(fixed)] = fixed
    return Split(
        n,
        1,
        np.array([t[0] for t in tasks], np.int64),
        np.array([t[1] for t in tasks], np.int64),
        np.array([t[2] for t in tasks], np.int64),
        boards,
    )


def _deepen(parts: Split) -> Split:
    """Fix one more row: every subproblem starting above `depth + 1` is expanded to it."""
    n, depth = parts.n, parts.depth + 1
    kinds: list[int] = []
    bound1s: list[int] = []
    rows: list[Array] = []
    counts = np.zeros(4, np.int64)
    children = np.zeros((n, n), np.int64)
    for i in range(len(parts)):
        kind, b1, start = int(parts.kinds[i]), int(parts.bound1s[i]), int(parts.starts[i])
        if start >= depth:
            found, block = 1, parts.boards[i : i + 1]
        else:
            board = parts.boards[i].copy()
            found = kernels.walk(n, kind, b1, board, start, depth, children, counts)
            block = children[:found].copy()
        kinds += [kind] * found
        bound1s += [b1] * found
        rows.append(block)
    boards = np.concatenate(rows) if rows else np.zeros((0, n), np.int64)
    return Split(
        n,
        depth,
        np.asarray(kinds, np.int64),
        np.asarray(bound1s, np.int64),
        np.full(len(kinds), depth, np.int64),  # corner tasks start at 2 <= depth too
        boards,
    )


def split(n: int, target: int = SPLIT_TARGET) -> Split:
    """At least `target` subproblems when the board allows, fixing as few rows as needed.

    Rows are fixed down to n - 2 at most, so that no subproblem is a finished board.
    Boards below 2 rows have no cases; N = 1 is counted apart by the caller.
    """
    result = _top_split(n)
    while result.depth + 1 <= n - 2 and (result.depth < 2 or len(result) < target):
        result = _deepen(result)
    return result
