"""The join's working memory: one `Workspace` per process and board, which owns the
arrays the kernels list and join in, grows them when a representative does not fit
(within `limits.JOIN_WORKER_BYTES`, joining the lists in pieces when a whole table would
pass it), and is kept between tasks, so a worker allocates its tables once.

Its public `count`, `list_strips` and `join` serve both the count's task
(split.py) and the estimate's probe (probe.py), so neither reaches into the other's
buffers. The bytes it holds are what a count reports as its table memory.
"""

from __future__ import annotations

import math
from typing import ClassVar, NamedTuple

import numpy as np
import numpy.typing as npt

from nqueens.engine.arrays import Array, Counts
from nqueens.engine.methods.join.bitops import BLOCK_WORDS, CHUNK_BITS
from nqueens.engine.methods.join.blocks import OVERFLOWED, STOPPED_AT, count_blocks
from nqueens.engine.methods.join.match import (
    COMBOS,
    COUNTER_ROWS,
    KEYS,
    PIECE,
    join_in_pieces,
)
from nqueens.engine.methods.join.strips import OVERFLOW_PARTIALS, list_strips, representative
from nqueens.errors import SizeTooLargeError
from nqueens.limits import JOIN_MAX_N

__all__ = ["JoinArrays", "Strips", "Workspace"]

Signatures = npt.NDArray[np.uint64]
Shape = tuple[tuple[int, ...], type]


class JoinArrays(NamedTuple):
    """The arrays the kernels work in, passed to them as one value (blocks.count_blocks)."""

    sigs: Signatures  # the two strips' signatures: east, west
    spare: Signatures  # the table's list sorted by key; the keys
    upper: Signatures  # a strip's upper placements (strips.COLS, D1, D2)
    lower: Signatures  # each side's lower placements, kept (strips.LOWER_COLS, ...)
    keys: Array  # which lower placements `lower` holds, by side (-1: none)
    starts: Array  # each side's lower placements by the columns they use
    table: Signatures  # the match tables: blocks x rows x words
    valid: Signatures  # which patterns of each block are real
    slices: Signatures  # one block's bit slices, as it is built
    work: Signatures  # a piece of each list, when they are joined in pieces (else empty)


class Strips(NamedTuple):
    """A representative's two strips as listed in a workspace (views of its arrays, valid
    until its next use), and the length of the pieces a count would join them in."""

    east: Signatures
    west: Signatures
    piece: int


class Workspace:
    """The join kernels' arrays for boards of N, grown when a board needs more.

    `partials` placements of a strip's upper or lower rows, `signatures` of each strip,
    and a match table of `table_signatures`: the lists' length unless the budget is
    short, and then the lists are joined in pieces of that length through `work`."""

    _held: ClassVar[dict[int, Workspace]] = {}

    def __init__(
        self, n: int, partials: int = 1 << 14, signatures: int = 1 << 14, table: int = 0
    ) -> None:
        self.n = n
        self._make(partials, signatures, table)

    def _make(self, partials: int, signatures: int, table: int = 0) -> None:
        self.partials = partials
        self.signatures = signatures
        self.table_signatures = table or signatures
        shapes = self.shapes(self.n, partials, signatures, table)
        self.arrays = JoinArrays(**{name: np.empty(*shape) for name, shape in shapes.items()})
        self.arrays.keys[:] = -1  # no side's lower placements held yet

    @classmethod
    def of(cls, n: int) -> Workspace:
        """This process's workspace for N, kept between tasks: one board's at a time, as
        large as the largest representative it has counted needed."""
        held = cls._held.get(n)
        if held is None:
            cls._held.clear()
            held = cls._held[n] = cls(n)
        return held

    @classmethod
    def drop_held(cls) -> None:
        """Keep no workspace in this process: the next task makes a fresh one (its
        memory freed now)."""
        cls._held.clear()

    @classmethod
    def held_bytes(cls) -> int:
        """The bytes this process's kept workspace holds (after probes: what a worker
        counting the probed representatives holds at least, `--estimate`'s memory)."""
        return sum(held.nbytes() for held in cls._held.values())

    @staticmethod
    def shapes(n: int, partials: int, signatures: int, table: int = 0) -> dict[str, Shape]:
        """Each array's shape and type: the one place that sizes them (`bytes_for` sums
        them without making them)."""
        table = table or signatures
        chunks = -(-2 * (n - 1) // CHUNK_BITS)
        blocks = table // PIECE + KEYS  # every key's bucket may end part-filled
        words = BLOCK_WORDS
        return {
            "sigs": ((2, signatures), np.uint64),
            "spare": ((2, table), np.uint64),
            "upper": ((3, partials), np.uint64),
            "lower": ((2, 5, partials), np.uint64),
            "keys": ((2,), np.int64),
            "starts": ((2, (1 << (n // 2 + 1)) + 1), np.int64),
            # a wide chunk (bitops.layout) has 32 rows more than the 5-bit chunks' count
            "table": ((blocks, (chunks + 1) * COMBOS, words), np.uint64),
            "valid": ((blocks, words), np.uint64),
            "slices": ((chunks * CHUNK_BITS, words), np.uint64),
            "work": ((2, table if table < signatures else 0), np.uint64),
        }

    @staticmethod
    def bytes_for(n: int, partials: int, signatures: int, table: int = 0) -> int:
        """`nbytes()` of `Workspace(n, partials, signatures, table)`, without making it."""
        return sum(
            math.prod(shape) * np.dtype(kind).itemsize
            for shape, kind in Workspace.shapes(n, partials, signatures, table).values()
        )

    def nbytes(self) -> int:
        return sum(array.nbytes for array in self.arrays)

    @property
    def piece(self) -> int:
        """The length of the pieces the lists are joined in; 0 when whole tables fit."""
        return self.table_signatures if self.arrays.work.size else 0

    def grow(self, which: int) -> None:
        """The buffer that overflowed four times as long, or half as long again once it
        would pass a quarter of the budget; the table then as long as the lists if that
        fits the budget, else as long as fits (the lists joined in pieces)."""
        from nqueens import limits

        budget = limits.JOIN_WORKER_BYTES
        partials, signatures = self.partials, self.signatures
        for factor in (4, 1.5):
            if which == OVERFLOW_PARTIALS:
                partials = max(self.partials + 1, int(self.partials * factor))
                own = self.bytes_for(self.n, partials, 0, 1) - self.bytes_for(self.n, 0, 0, 1)
            else:
                signatures = max(self.signatures + 1, int(self.signatures * factor))
                own = 16 * signatures
            if own <= budget // 4:
                break
        if self.bytes_for(self.n, partials, signatures) <= budget:
            self._make(partials, signatures)
            return
        low, high = 0, signatures - 1
        while low < high:  # the longest table within the budget
            middle = (low + high + 1) // 2
            if self.bytes_for(self.n, partials, signatures, middle) <= budget:
                low = middle
            else:
                high = middle - 1
        if low == 0:  # an NQueensError: the command says this, not a generic line
            raise SizeTooLargeError(
                f"the join at N = {self.n} needs more than its memory budget of "
                f"{budget / 2**30:.3g} GiB a worker (limits.JOIN_WORKER_BYTES)"
            )
        self._make(partials, signatures, low)

    def count(self, middles: Array, easts: Array, weights: Array, bounds: Array) -> Counts:
        """For each block of representatives (block b: bounds[b] .. bounds[b+1]-1) the
        registry's join fields: its weighted solutions, and the bytes this workspace
        holds once all are counted. The task's kernel (`blocks.count_blocks`), run here
        and again from the block it stopped at after the workspace grew."""
        assert self.n <= JOIN_MAX_N, "the matchers (bitops.MAX_ROWS) stop at the join's range"
        blocks = len(bounds) - 1
        out = np.zeros((blocks, 2), np.int64)
        status = np.zeros(2, np.int64)
        done = 0
        while done < blocks:
            start = int(bounds[done])
            count_blocks(
                *(self.n, middles[start:], easts[start:], weights[start:]),
                *(bounds[done:] - start, out[done:], status, self.arrays),
            )
            if status[STOPPED_AT] < 0:
                break
            done += int(status[STOPPED_AT])
            self.grow(int(status[OVERFLOWED]))
        out[:, 1] = self.nbytes()
        return out

    def list_strips(self, m: int, east: int) -> Strips:
        """Representative (m, east)'s two strips, listed here (grown until they fit)."""
        n = self.n
        east_rows = np.empty(n, np.int64)
        west_rows = np.empty(n, np.int64)
        stack = np.empty((4, n), np.uint64)
        found = np.zeros(2, np.int64)
        while True:
            ne, nw, d1_0, d2_0 = representative(n, m, east, east_rows, west_rows)
            arrays = self.arrays
            side = list_strips(
                *(n, m, np.uint64(d1_0), np.uint64(d2_0), east_rows, ne, west_rows, nw),
                *(arrays.sigs, arrays.upper, arrays.lower, arrays.starts, stack),
                *(arrays.keys, found),
            )
            if found[side] >= 0:
                break
            self.grow(int(-found[side]))
        if found[side] == 0:
            return Strips(self.arrays.sigs[0, :0], self.arrays.sigs[1, :0], 1)
        return Strips(
            self.arrays.sigs[0, : found[0]],
            self.arrays.sigs[1, : found[1]],
            self.piece or int(max(found[0], found[1])),
        )

    def forget_lower(self) -> None:
        """List the next strips' lower placements afresh, not from the last ones kept."""
        self.arrays.keys[:] = -1

    def touch(self) -> None:
        """Write every page of the tables now (a timing that follows pays for none)."""
        self.arrays.table.fill(0)
        self.arrays.spare.fill(0)

    def join(self, east: Signatures, west: Signatures) -> int:
        """The weighted disjoint pairs of two lists (the join's count of one
        representative), in pieces where the budget needs them; both lists are sorted
        in place, and neither may be longer than `signatures`."""
        arrays = self.arrays
        counters = np.empty((COUNTER_ROWS, KEYS + 1), np.int64)
        square = np.empty(64, np.uint64)
        return int(
            join_in_pieces(
                *(east, len(east), west, len(west), self.n, arrays.table, arrays.valid),
                *(arrays.slices, square, arrays.spare, counters, arrays.work),
            )
        )
