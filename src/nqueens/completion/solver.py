"""`complete()`: reduce the board, then run the numba search in slices against the clock.

The search (completion/kernel.py) branches on the most constrained row or column and
sees a dead line before searching below it. Around it: restarts. A first attempt may
visit `FIRST_BUDGET` nodes, each further one twice as many, with other random tie-breaks:
this cuts off the long unlucky searches backtracking is prone to on satisfiable boards,
while an attempt that ends within its budget is a proof, so "impossible" stays exact.
The clock is read between slices of a few milliseconds, and the time limit counts from
the call, reduction and warm-up included.
"""

from __future__ import annotations

import time
from typing import Any

from nqueens.completion.model import Completion, Partial, Status
from nqueens.placement import Placement

__all__ = ["FIRST_BUDGET", "complete"]

FIRST_BUDGET = 2000
"""Nodes the first attempt may visit; each restart doubles it."""

SLICE_WORK = 4_000_000
"""Square checks per kernel call, about a few milliseconds: the clock's resolution."""


def complete(
    partial: Partial, *, count: bool = False, time_limit: float | None = None, seed: int = 0
) -> Completion:
    """Find a completion of `partial` (or count them all), within `time_limit` seconds.

    The answer is `solved` (with a placement), `impossible` (the search finished: a
    proof), or `unknown` (time ran out first). With `count`, `count` is the number of
    completions and `placement` the first one found. `seed` makes the answer
    reproducible.

    Examples
    --------
    >>> done = complete(Partial(8, {0: 0}))
    >>> done.status, done.placement.is_valid, done.placement.cols[0]
    ('solved', True, 0)
    >>> complete(Partial(4, {0: 0})).status
    'impossible'
    >>> complete(Partial(6, {}), count=True).count
    4
    >>> complete(Partial(8, {}, excluded_sums=frozenset(range(0, 15, 2)))).status
    'impossible'
    """
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    search = _Search(partial, seed, count)
    status: Status = "unknown"
    if search.count_squares(deadline):
        status = search.run(deadline)
    elapsed = time.perf_counter() - start
    placement = search.first
    total = search.total if status != "unknown" and count else None
    if status == "unknown" and placement is not None and not count:
        status = "solved"
    return Completion(status, placement, total, search.nodes, elapsed)


BITS_MAX_M = 256
"""Free parts up to this many lines take the bitset kernel (its depth copies cost
m^2 words); larger ones the count kernel, whose memory is O(N)."""


class _Search:
    """One search: the reduced board, the kernel's arrays, and what it found so far."""

    def __init__(self, partial: Partial, seed: int, counting: bool) -> None:
        import numpy as np

        from nqueens.completion import kernel
        from nqueens.completion.reduce import reduce_board

        self.kernel: Any = kernel
        self.partial = partial
        self.board = reduce_board(partial)
        m = self.board.m
        self.bits = m <= BITS_MAX_M
        self.counting = counting
        self.seed = seed
        self.row_count = np.zeros(m, dtype=np.int64)
        self.col_count = np.zeros(m, dtype=np.int64)
        self.stack = [np.zeros(max(m, 1), dtype=np.int64) for _ in range(6)]
        self.state = np.zeros(5, dtype=np.int64)
        self.nodes = 0
        self.total = 0
        self.first: Placement | None = None
        self.slice = max(16, SLICE_WORK // (8 * m + 1))
        self.arrays: list[Any] = []

    def count_squares(self, deadline: float | None) -> bool:
        """Count every line's free squares, a block of rows at a time; False if out of time."""
        b = self.board
        m = b.m
        if self.bits:
            self._bitsets()
            return True
        block = max(1, SLICE_WORK // max(m, 1))
        for top in range(0, m, block):
            if deadline is not None and time.perf_counter() > deadline:
                return False
            self.kernel.count_free(
                b.n, b.rows, b.cols, b.used_sum, b.used_diff, b.blocked,
                self.row_count, self.col_count, top, min(m, top + block),
            )  # fmt: skip
        return True

    def _bitsets(self) -> None:
        """The free squares of a small free part as bitsets, W words a row, with NumPy."""
        import numpy as np

        b = self.board
        m = b.m
        r = b.rows[:, None]
        c = b.cols[None, :]
        free = (b.used_sum[r + c] == 0) & (b.used_diff[r - c + b.n - 1] == 0)
        free.reshape(-1)[b.blocked] = False
        self.row_count[:] = free.sum(axis=1)
        self.col_count[:] = free.sum(axis=0)
        words = max(1, (m + 63) // 64)
        padded = np.zeros((m, words * 64), dtype=bool)
        padded[:, :m] = free
        packed = np.packbits(padded, axis=1, bitorder="little")
        self.free_bits = packed.view("<u8").astype(np.uint64).reshape(m, words)

    def reset(self, attempt: int) -> None:
        """Fresh arrays for an attempt: nothing placed yet."""
        import numpy as np

        b = self.board
        m = b.m
        if self.bits:
            cand = np.zeros((m + 1, m, self.free_bits.shape[1]), dtype=np.uint64)
            cand[0] = self.free_bits
            rows = np.zeros((m + 1, m), dtype=np.int64)
            cols = np.zeros((m + 1, m), dtype=np.int64)
            rows[0] = self.row_count
            cols[0] = self.col_count
            self.arrays = [cand, rows, cols]
        else:
            self.arrays = [
                b.used_sum.copy(),
                b.used_diff.copy(),
                np.ones(m, dtype=np.uint8),
                np.ones(m, dtype=np.uint8),
                self.row_count.copy(),
                self.col_count.copy(),
            ]
        self.state[:] = 0
        self.state[4] = _mix(self.seed, attempt)

    def step(self, budget: int) -> int:
        """Run the kernel for at most `budget` nodes; its code (PAUSED, FOUND, DONE)."""
        b = self.board
        shuffle = not self.counting
        if self.bits:
            return int(
                self.kernel.search_bits(
                    b.n, b.rows, b.cols, b.colindex, *self.arrays, *self.stack, self.state,
                    budget, self.counting, shuffle,
                )
            )  # fmt: skip
        used_sum, used_diff, *rest = self.arrays
        return int(
            self.kernel.search(
                b.n, b.rows, b.cols, b.colindex, used_sum, used_diff, b.blocked, *rest,
                *self.stack, self.state, budget, self.counting, shuffle,
            )
        )  # fmt: skip

    def run(self, deadline: float | None) -> Status:
        attempt = 0
        while True:
            budget = None if self.counting else FIRST_BUDGET * 2**attempt
            self.reset(attempt)
            spent = 0
            while True:
                if deadline is not None and time.perf_counter() > deadline:
                    return "unknown"
                before = int(self.state[2])
                code = self.step(self.slice if budget is None else min(self.slice, budget - spent))
                spent += int(self.state[2]) - before
                self.nodes += int(self.state[2]) - before
                if code == self.kernel.FOUND:
                    if self.first is None:
                        self.first = self._placement()
                    if not self.counting:
                        return "solved"
                elif code == self.kernel.DONE:
                    self.total = int(self.state[3])
                    return "solved" if self.first is not None else "impossible"
                elif budget is not None and spent >= budget:
                    break  # restart: another draw, twice the budget
            attempt += 1

    def _placement(self) -> Placement:
        b = self.board
        cols = [-1] * b.n
        for row, col in self.partial.fixed.items():
            cols[row] = col
        placed_row, placed_col = self.stack[4], self.stack[5]
        for depth in range(b.m):
            cols[int(b.rows[placed_row[depth]])] = int(b.cols[placed_col[depth]])
        return Placement(tuple(cols))


def _mix(seed: int, attempt: int) -> int:
    """A nonzero 63-bit generator state from the seed and the attempt (splitmix64)."""
    x = (seed * 0x9E3779B97F4A7C15 + attempt * 0xBF58476D1CE4E5B9 + 1) % (1 << 64)
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) % (1 << 64)
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) % (1 << 64)
    return (x ^ (x >> 31)) & 0x7FFFFFFFFFFFFFFF or 1
