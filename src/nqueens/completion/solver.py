"""`complete()`: reduce the board, then run three searches in slices against the clock.

The exact search (completion/kernel.py) branches on the most constrained row or column
and sees a dead line before searching below it. Three searches share the time, a slice
of a few milliseconds each, each given its share of the seconds spent so far (`shares`),
and the first to answer wins:
- a proof search, never restarted. It finishes the unsatisfiable boards (its
  "impossible" is exact) at little over its own cost;
- a lucky search that restarts with other random tie-breaks after `FIRST_BUDGET` nodes,
  then `GROWTH` times as many each time, which cuts off the long unlucky descents
  backtracking is prone to on big satisfiable boards;
- local search (completion/local.py): min-conflicts over the free rows and columns,
  which completes free parts of millions of lines that the exact searches, whose set-up
  alone is O(m^2) there, never reach. It cannot prove "impossible".
Measured on prob079's n = 21 boards near the phase transition, restarts alone cost 2.2x
the nodes of one search (mostly unsatisfiable there); on 1,000-square boards with three
fixed queens, one search alone left 3 of 4 unanswered after 20 s. The clock counts from
the call, reduction and warm-up included; boards too big for this machine's memory are
refused before any work (`COMPLETE_BYTES_PER_QUEEN`).
"""

from __future__ import annotations

import math
import time
from typing import Any

from nqueens.completion.model import Completion, Partial, Status
from nqueens.errors import InvalidPlacementError, InvalidSizeError, shorten
from nqueens.i18n import N_, _
from nqueens.validate import flag_given, is_number, seed_given

__all__ = ["FIRST_BUDGET", "complete"]

COMPLETE_BYTES_PER_QUEEN = 256
"""Peak working memory of `complete` per row of the board (the reduced board, the two
exact searches' stacks and counts, the local search's tallies): 229 measured at
N = 10^6, with a margin."""

FIRST_BUDGET = 2000
"""Nodes the lucky search's first attempt may visit."""

GROWTH = 2
"""Each restart's budget is this many times the last one's."""

PROOF_SHARE = 3
"""Seconds the proof search runs for each second of the lucky search."""

LOCAL_ALONE_M = 100_000
"""From this many free lines up, counting the free squares (m^2 checks) takes the exact
searches minutes: local search gets most of the time."""

SLICE_WORK = 4_000_000
"""Square checks in the first block of the count kernel's set-up (then as many as take
about `SLICE_SECONDS`)."""

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

    The exact searches and local search share the time (see the module's notes); only
    the exact search proves ``impossible``, and only it counts.

    Parameters
    ----------
    partial : Partial
        The board: its size, fixed queens, blocked squares and excluded diagonals.
    count : bool
        Count every completion (`Completion.count`), not only find one.
    time_limit : float, optional
        Seconds, set-up included, before answering `unknown`.
    seed : int
        Makes each search's random draws reproducible (which search answers first can
        still depend on the clock, on boards where several nearly tie). Seeds that
        differ by a multiple of 2,147,483,646 (the generator's states) run alike.

    Returns
    -------
    Completion
        `status` is ``solved`` (with `columns` and a `placement`), ``impossible`` (the
        search finished: a proof) or ``unknown`` (time ran out first); `nodes`, `swaps`
        and `time` say what it cost.

    Raises
    ------
    InvalidPlacementError
        Fixed queens that attack each other or lie off the board.
    InvalidSizeError
        A time limit that is not a finite number of seconds >= 0.
    SizeTooLargeError
        The board's arrays would not fit in this machine's memory (checked first).

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
    from nqueens.large import check_memory

    if not isinstance(partial, Partial):
        raise InvalidPlacementError(
            _(
                "complete takes a Partial (such as Partial(8, {{0: 0}}), or read_instance's), "
                "not {value}"
            ).format(value=shorten(partial))
        )
    seed = seed_given(seed)
    count = flag_given(count, "count")  # "yes" was taken for True, "no" too
    if time_limit is not None and (
        not is_number(time_limit) or not 0 <= time_limit < math.inf
    ):  # nan too
        raise InvalidSizeError(
            _("a time limit is a finite number of seconds >= 0, not {value}").format(
                value=repr(time_limit)
            )
        )
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    check_memory(partial.n, COMPLETE_BYTES_PER_QUEEN, N_("complete a board"))
    if deadline is not None and time.perf_counter() >= deadline:  # spent reading the
        return Completion("unknown", None, None, 0, time.perf_counter() - start)  # board
    board = _Board(partial)
    proof_share, lucky_share, local_share = shares(board.reduced.m)
    proof = _Runner(board, seed, count, restarts=False)
    runners: list[tuple[_Runner | _Local, float]] = [(proof, proof_share)]
    if not count:
        runners.append((_Runner(board, seed + 1, False, restarts=True), lucky_share))
        local = (_Local(board, seed + 2), local_share)
        # the first turn (and its kernels' loading) goes to the likeliest to answer
        runners.insert(0 if local_share >= proof_share else len(runners), local)
    spent = [0.0] * len(runners)
    status: Status | None = None
    while status is None:
        began = time.perf_counter()
        if deadline is not None and began > deadline:
            status = "unknown"
            break
        turn = min(
            (i for i, (_, share) in enumerate(runners) if share > 0),
            key=lambda i: spent[i] / runners[i][1],
        )
        status = runners[turn][0].advance()
        spent[turn] += time.perf_counter() - began
    columns = next((r.first for r, _ in runners if r.first is not None), None)
    nodes = sum(r.nodes for r, _ in runners)
    swaps = sum(r.swaps for r, _ in runners)
    total = proof.total if status != "unknown" and count else None
    if status == "unknown" and columns is not None and not count:
        status = "solved"
    return Completion(status, columns, total, nodes, time.perf_counter() - start, swaps)


def shares(m: int) -> tuple[float, float, float]:
    """The shares of time of the proof, lucky and local searches on a free part of m
    lines. Up to `BITS_MAX_M` the exact searches answer alone: a third share would cut
    the proof search's time from 3/4 to 3/5 on unsatisfiable boards (prob079's).
    Beyond, local search is the likelier to complete a board; on huge ones, the only
    hope."""
    if m <= BITS_MAX_M:
        return (PROOF_SHARE, 1, 0)
    if m < LOCAL_ALONE_M:
        return (PROOF_SHARE, 1, PROOF_SHARE)
    return (1, 1, 8)


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
        self.block = max(1, SLICE_WORK // max(m, 1))  # rows counted per slice
        self.row_count = np.zeros(m, dtype=np.int64)
        self.col_count = np.zeros(m, dtype=np.int64)
        self.free_bits: Any = None
        self.counted = 0  # rows whose free squares are counted
        self.done = False

    def ready(self) -> bool:
        """True once every line's free squares are counted; else count one more block of
        rows (O(m^2) in all: a huge free part takes many slices, or never gets there)."""
        if self.done:
            return True
        b = self.reduced
        m = b.m
        if self.bits:
            self._bitsets()
            self.done = True
            return True
        stop = min(m, self.counted + self.block)
        began = time.perf_counter()
        self.kernel.count_free(
            b.n, b.rows, b.cols, b.used_sum, b.used_diff, b.blocked,
            self.row_count, self.col_count, self.counted, stop,
        )  # fmt: skip
        took = time.perf_counter() - began
        if took > 2 * SLICE_SECONDS:
            self.block = max(1, self.block // 2)
        elif took < SLICE_SECONDS / 2:
            self.block *= 2
        self.counted = stop
        self.done = stop >= m
        return False

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

    def columns(self, placed_row: Any, placed_col: Any) -> Any:
        """The whole board's `cols[row]`: fixed queens and the kernel's, back in place."""
        import numpy as np

        b = self.reduced
        cols = np.full(b.n, -1, dtype=np.int64)
        fixed = self.partial.fixed
        if fixed:
            rows = np.fromiter(fixed.keys(), np.int64, len(fixed))
            cols[rows] = np.fromiter(fixed.values(), np.int64, len(fixed))
        cols[b.rows[placed_row[: b.m]]] = b.cols[placed_col[: b.m]]
        return cols


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
        self.swaps = 0
        self.total = 0
        self.first: Any = None  # cols[row] of the first completion found

    def advance(self) -> Status | None:
        """One slice of search: `solved` or `impossible` when it ends, else None."""
        if not self.board.ready():
            return None
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
                self.first = self.board.columns(self.stack[4], self.stack[5])
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


class _Local:
    """Local search (completion/local.py) as a runner: it answers only `solved`."""

    def __init__(self, board: _Board, seed: int) -> None:
        from nqueens.completion.local import LocalSearch

        self.search = LocalSearch(board.reduced, board.partial.fixed, seed)
        self.nodes = 0
        self.first: Any = None

    @property
    def swaps(self) -> int:
        return self.search.swaps

    def advance(self) -> Status | None:
        if self.search.advance(SLICE_SECONDS):
            self.first = self.search.columns
            return "solved"
        return None


def _mix(seed: int, attempt: int) -> int:
    """A nonzero 63-bit generator state from the seed and the attempt (splitmix64)."""
    x = (seed * 0x9E3779B97F4A7C15 + attempt * 0xBF58476D1CE4E5B9 + 1) % (1 << 64)
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) % (1 << 64)
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) % (1 << 64)
    return (x ^ (x >> 31)) & 0x7FFFFFFFFFFFFFFF or 1
