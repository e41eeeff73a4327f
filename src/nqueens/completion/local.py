"""Local search for completion: min-conflicts over the free rows and columns, in slices.

It keeps the fixed queens in place and gives each free row a free column, starting from
a greedy placement and swapping columns while that lowers the number of attacking pairs
and of queens on forbidden squares (blocked, or on a diagonal that a fixed queen or an
exclusion uses); at a local minimum it starts again from a new greedy placement. Its
memory is O(N): a few arrays over the free rows and the board's diagonals. It settles
boards whose free part is far too large for the exact search (a million free rows in
about a second of its own time), but it can only find completions: "impossible" is the
exact search's to prove. `complete()` runs it a slice at a time beside that search.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from nqueens.completion.reduce import Reduced

__all__ = ["LocalSearch"]

PROBES = 64
"""Random unused columns the greedy start tries per row for a free, allowed square."""

TRIES = 64
"""Random partners a conflicted row tries a swap with, per sweep."""


class LocalSearch:
    """Min-conflicts over one reduced board, run by `advance()` a slice at a time.

    `columns` holds the whole board's placement (`cols[row]`, fixed queens included) once
    `advance()` has answered True; `swaps` and `restarts` say what it cost.
    """

    def __init__(self, reduced: Reduced, fixed: dict[int, int], seed: int) -> None:
        from nqueens.completion import local_kernel

        self.kernel: Any = local_kernel
        self.board = reduced
        self.fixed = fixed
        n, m = reduced.n, reduced.m
        self.place = np.zeros(m, dtype=np.int64)
        self.pool = reduced.cols.copy()
        self.up = np.zeros(2 * n - 1, dtype=np.int32)
        self.down = np.zeros(2 * n - 1, dtype=np.int32)
        self.upx = np.zeros(2 * n - 1, dtype=np.int64)
        self.downx = np.zeros(2 * n - 1, dtype=np.int64)
        self.lists = np.zeros((2, m), dtype=np.int64)
        self.listed = np.zeros(m, dtype=np.uint8)
        self.state = np.zeros(local_kernel.STATE_SIZE, dtype=np.int64)
        self.state[local_kernel.RNG] = seed % 2147483646 + 1  # Park-Miller: 1 .. 2**31 - 2
        self.work = [1024, 65536]  # rows placed, swaps tried: adjusted to take a slice
        self.restarts = 0
        self.columns: Any = None

    @property
    def tallies(self) -> tuple[Any, ...]:
        """The arrays the kernels keep: queens and their rows' XOR per diagonal, the
        lists of rows in conflict and which rows are listed."""
        return (self.up, self.down, self.upx, self.downx, self.lists, self.listed)

    @property
    def swaps(self) -> int:
        return int(self.state[self.kernel.SWAPS])

    def advance(self, slice_seconds: float) -> bool:
        """One slice of greedy placement or repair; True once the board is completed."""
        import time

        k = self.kernel
        b = self.board
        state = self.state
        began = time.perf_counter()
        phase = 0 if state[k.ROW] < b.m else 1
        work = self.work[phase]
        if phase == 0:
            stop = min(b.m, int(state[k.ROW]) + work)
            k.greedy(
                b.n, b.rows, b.colindex, b.used_sum, b.used_diff, b.blocked, self.place,
                self.pool, *self.tallies, state, stop, PROBES,
            )  # fmt: skip
            code = k.WORKING
        else:
            code = k.repair(
                b.n, b.rows, b.colindex, b.used_sum, b.used_diff, b.blocked, self.place,
                *self.tallies, state, work, TRIES,
            )  # fmt: skip
        took = time.perf_counter() - began
        if took > 2 * slice_seconds:
            self.work[phase] = max(1, work // 2)
        elif took < slice_seconds / 2:
            self.work[phase] = min(work * 2, 1 << 40)
        if code == k.SOLVED:
            self.columns = self._whole_board()
            return True
        if code == k.STUCK:
            self._restart()
        return False

    def _restart(self) -> None:
        """Take the free queens off the tallies, for a new greedy start (O(m))."""
        k = self.kernel
        b = self.board
        ups = b.rows + self.place
        downs = b.rows - self.place + b.n - 1
        np.subtract.at(self.up, ups, 1)
        np.subtract.at(self.down, downs, 1)
        self.upx[ups] = 0
        self.downx[downs] = 0
        self.listed[:] = 0
        for slot in (k.ROW, k.FOUND, k.POS, k.MADE, k.SWEEPS, k.TRIES, k.NEXT):
            self.state[slot] = 0
        self.restarts += 1

    def _whole_board(self) -> Any:
        """`cols[row]` of the whole board: the fixed queens and the free rows' queens."""
        b = self.board
        columns = np.empty(b.n, dtype=np.int64)
        if self.fixed:
            columns[np.fromiter(self.fixed.keys(), np.int64, len(self.fixed))] = np.fromiter(
                self.fixed.values(), np.int64, len(self.fixed)
            )
        columns[b.rows] = self.place
        return columns
