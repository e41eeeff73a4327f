"""`complete()`: reduce the board, then run the numba search in slices against the clock.

The search (completion/kernel.py) branches on the most constrained row or column and
sees a dead line before searching below it. Two searches share the time, a slice of a
few milliseconds each in turn, and the first to answer wins:
- a proof search, never restarted, gets `PROOF_SHARE` slices in each round. It finishes
  the unsatisfiable boards (its "impossible" is exact) at little over its own cost;
- a lucky search gets one: it restarts with other random tie-breaks after
  `FIRST_BUDGET` nodes, then `GROWTH` times as many each time, which cuts off the long
  unlucky descents backtracking is prone to on big satisfiable boards.
Measured on prob079's n = 21 boards near the phase transition, restarts alone cost 2.2x
the nodes of one search (mostly unsatisfiable there); on 1,000-square boards with three
fixed queens, one search alone left 3 of 4 unanswered after 20 s. The clock counts from
the call, reduction and warm-up included.
"""

from __future__ import annotations

import time
from typing import Any

from nqueens.completion.model import Completion, Partial, Status
from nqueens.placement import Placement

__all__ = ["FIRST_BUDGET", "complete"]

FIRST_BUDGET = 2000
"""Nodes the lucky search's first attempt may visit."""

GROWTH = 2
"""Each restart's budget is this many times the last one's."""

PROOF_SHARE = 3
"""Slices the proof search runs for each slice of the lucky search."""

SLICE_WORK = 4_000_000
"""Square checks per block of the count kernel's set-up (a time check after each)."""

SLICE_SECONDS = 0.01
"""Each kernel call aims at this long: the clock's resolution for the time limit."""

BITS_MAX_M = 256
"""Free parts up to this many lines take the bitset kernel (its depth copies cost
m^2 words); larger ones the count kernel, whose memory is O(N)."""

DIAGONALS_MAX = 4
"""The diagonal look-ahead runs when the free squares lie on at most this many
diagonals per free line (on an ordinary board they lie on under 4)."""


def complete(
    partial: Partial, *, count: bool = False, time_limit: float | None = None, seed: int = 0
) -> Completion:
    """Find a completion of `partial` (or count them all), within `time_limit` seconds.

    Parameters
    ----------
    partial : Partial
        The board: its size, fixed queens, blocked squares and excluded diagonals.
    count : bool
        Count every completion (`Completion.count`), not only find one.
    time_limit : float, optional
        Seconds, set-up included, before answering `unknown`.
    seed : int
        Makes the randomised restarts, and so the answer, reproducible.

    Returns
    -------
    Completion
        `status` is ``solved`` (with a `placement`), ``impossible`` (the search finished:
        a proof) or ``unknown`` (time ran out first); `nodes` and `time` say what it cost.

    Raises
    ------
    InvalidPlacementError
        Fixed queens that attack each other or lie off the board.

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
    board = _Board(partial)
    runners = [(_Runner(board, seed, count, restarts=False), PROOF_SHARE)]
    if not count:
        runners.append((_Runner(board, seed + 1, False, restarts=True), 1))
    status: Status | None = None if board.count_squares(deadline) else "unknown"
    while status is None:
        for runner, share in runners:
            for _ in range(share):
                if deadline is not None and time.perf_counter() > deadline:
                    status = "unknown"
                status = status or runner.advance()
                if status is not None:
                    break
            if status is not None:
                break
    placement = next((r.first for r, _ in runners if r.first is not None), None)
    nodes = sum(r.nodes for r, _ in runners)
    total = runners[0][0].total if status != "unknown" and count else None
    if status == "unknown" and placement is not None and not count:
        status = "solved"
    return Completion(status, placement, total, nodes, time.perf_counter() - start)


class _Board:
    """The reduced board and its free squares, prepared once for every search."""

    def __init__(self, partial: Partial) -> None:
        import numpy as np

        from nqueens.completion import kernel
        from nqueens.completion.reduce import reduce_board

        self.kernel: Any = kernel
        self.partial = partial
        self.reduced = reduce_board(partial)
        m = self.reduced.m
        self.bits = m <= BITS_MAX_M
        self.row_count = np.zeros(m, dtype=np.int64)
        self.col_count = np.zeros(m, dtype=np.int64)
        self.free_bits: Any = None

    def count_squares(self, deadline: float | None) -> bool:
        """Count every line's free squares, a block of rows at a time; False if out of time."""
        b = self.reduced
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

        b = self.reduced
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
        self._diagonals(r + c, r - c, free)

    def _diagonals(self, sums: Any, diffs: Any, free: Any) -> None:
        """Ids of the diagonals through free squares, in increasing value, for the
        kernel's diagonal look-ahead; off when they are too many to pay their way."""
        import numpy as np

        b = self.reduced
        m = b.m
        sum_values = np.unique(sums[free])
        diff_values = np.unique(diffs[free])
        self.square_diag = np.zeros((2, m, m), dtype=np.int64)
        self.square_diag[0] = np.searchsorted(sum_values, sums)
        self.square_diag[1] = sum_values.size + np.searchsorted(diff_values, diffs)
        values = np.concatenate([sum_values, diff_values]).astype(np.int64)
        self.diag_count = np.zeros(values.size, dtype=np.int64)
        np.add.at(self.diag_count, self.square_diag[0][free], 1)
        np.add.at(self.diag_count, self.square_diag[1][free], 1)
        self.sums = int(sum_values.size)
        self.target = (int(b.rows.sum() + b.cols.sum()), int(b.rows.sum() - b.cols.sum()))
        self.diag_value = values if values.size <= DIAGONALS_MAX * max(m, 1) else values[:0]

    def placement(self, placed_row: Any, placed_col: Any) -> Placement:
        """The whole board's placement: fixed queens and the kernel's, back in place."""
        b = self.reduced
        cols = [-1] * b.n
        for row, col in self.partial.fixed.items():
            cols[row] = col
        for depth in range(b.m):
            cols[int(b.rows[placed_row[depth]])] = int(b.cols[placed_col[depth]])
        return Placement(tuple(cols))


class _Runner:
    """One search over a board, run a slice at a time: its arrays, restarts and findings."""

    def __init__(self, board: _Board, seed: int, counting: bool, *, restarts: bool) -> None:
        import numpy as np

        self.board = board
        self.counting = counting
        self.restarts = restarts
        self.seed = seed
        m = board.reduced.m
        self.stack = [np.zeros(max(m, 1), dtype=np.int64) for _ in range(6)]
        self.state = np.zeros(5, dtype=np.int64)
        self.slice = 64  # nodes; doubled or halved to take about SLICE_SECONDS
        self.arrays: list[Any] = []
        self.attempt = -1
        self.budget: int | None = None
        self.spent = 0
        self.nodes = 0
        self.total = 0
        self.first: Placement | None = None

    def advance(self) -> Status | None:
        """One slice of search: `solved` or `impossible` when it ends, else None."""
        if self.attempt < 0 or (self.budget is not None and self.spent >= self.budget):
            self._restart()  # another draw, GROWTH times the budget
        step = self.slice if self.budget is None else min(self.slice, self.budget - self.spent)
        before = int(self.state[2])
        began = time.perf_counter()
        code = self._step(step)
        took = time.perf_counter() - began
        if took > 2 * SLICE_SECONDS:  # keep each slice near SLICE_SECONDS, whatever the
            self.slice = max(1, self.slice // 2)  # node cost (compiled or not)
        elif took < SLICE_SECONDS / 2 and step == self.slice:
            self.slice *= 2
        self.spent += int(self.state[2]) - before
        self.nodes += int(self.state[2]) - before
        kernel = self.board.kernel
        if code == kernel.FOUND:
            if self.first is None:
                self.first = self.board.placement(self.stack[4], self.stack[5])
            return None if self.counting else "solved"
        if code == kernel.DONE:
            self.total = int(self.state[3])
            return "solved" if self.first is not None else "impossible"
        return None

    def _restart(self) -> None:
        import numpy as np

        self.attempt += 1
        self.spent = 0
        self.budget = FIRST_BUDGET * GROWTH**self.attempt if self.restarts else None
        board = self.board
        b = board.reduced
        m = b.m
        if board.bits:
            cand = np.zeros((m + 1, m, board.free_bits.shape[1]), dtype=np.uint64)
            cand[0] = board.free_bits
            rows = np.zeros((m + 1, m), dtype=np.int64)
            cols = np.zeros((m + 1, m), dtype=np.int64)
            rows[0] = board.row_count
            cols[0] = board.col_count
            diag_count = np.zeros((m + 1, board.diag_count.size), dtype=np.int64)
            diag_count[0] = board.diag_count
            target = np.zeros((m + 1, 2), dtype=np.int64)
            target[0] = board.target
            self.arrays = [
                cand, rows, cols, board.square_diag, diag_count, board.diag_value,
                board.sums, target,
            ]  # fmt: skip
        else:
            self.arrays = [
                b.used_sum.copy(),
                b.used_diff.copy(),
                np.ones(m, dtype=np.uint8),
                np.ones(m, dtype=np.uint8),
                board.row_count.copy(),
                board.col_count.copy(),
            ]
        self.state[:] = 0
        self.state[4] = _mix(self.seed, self.attempt)

    def _step(self, budget: int) -> int:
        """Run the kernel for at most `budget` nodes; its code (PAUSED, FOUND, DONE)."""
        board = self.board
        b = board.reduced
        shuffle = not self.counting
        if board.bits:
            return int(
                board.kernel.search_bits(
                    b.n, b.rows, b.cols, b.colindex, *self.arrays, *self.stack, self.state,
                    budget, self.counting, shuffle,
                )
            )  # fmt: skip
        used_sum, used_diff, *rest = self.arrays
        return int(
            board.kernel.search(
                b.n, b.rows, b.cols, b.colindex, used_sum, used_diff, b.blocked, *rest,
                *self.stack, self.state, budget, self.counting, shuffle,
            )
        )  # fmt: skip


def _mix(seed: int, attempt: int) -> int:
    """A nonzero 63-bit generator state from the seed and the attempt (splitmix64)."""
    x = (seed * 0x9E3779B97F4A7C15 + attempt * 0xBF58476D1CE4E5B9 + 1) % (1 << 64)
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) % (1 << 64)
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) % (1 << 64)
    return (x ^ (x >> 31)) & 0x7FFFFFFFFFFFFFFF or 1
