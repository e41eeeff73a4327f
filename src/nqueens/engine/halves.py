"""Split a join count into subproblems: one east-row set per symmetry orbit, in blocks.

The join counter (engine/join.py) counts the solutions whose east-half queens stand in
a given set E of rows (and, for odd N, whose middle-column queen stands in row m). Two
symmetries of the square act on (m, E) without changing that count: the upside-down
flip (row r to N-1-r) and the left-right mirror (east and west swap, so E becomes the
other rows). Each orbit under them is counted once, for its representative (the least
m, E), times its size (1, 2 or 4). Representatives are grouped into blocks of similar
count; a block is one subproblem for the runners, the journal and Dask, and like
`split.Split` the whole thing is a pure function of N.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from numba import njit

from nqueens.engine import join
from nqueens.engine.bitops import BLOCK_WORDS
from nqueens.engine.registry import JOIN, digest
from nqueens.errors import SizeTooLargeError

if TYPE_CHECKING:
    from nqueens.engine.orbits import StreamedSplit

__all__ = [
    "HalfSplit",
    "compiled",
    "count_half_blocks",
    "half_split",
    "recount",
    "split",
    "warm_up",
]

Array = npt.NDArray[np.int64]
Shape = tuple[tuple[int, ...], type]
Counts = npt.NDArray[np.int64]


@njit(cache=True)
def _bit_reverse(bits: int, n: int) -> int:
    out = 0
    for r in range(n):
        if (bits >> r) & 1:
            out |= 1 << (n - 1 - r)
    return out


@njit(cache=True)
def _orbit_size(n: int, m: int, east: int) -> int:  # pragma: no cover - numba
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
def _representatives(n: int) -> tuple[Array, Array, Array]:  # pragma: no cover - numba
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
            size = _orbit_size(n, m, east)
            if size:
                middles.append(m)
                easts.append(east)
                weights.append(size)
            lowest = packed & -packed
            ripple = packed + lowest
            packed = (((ripple ^ packed) >> 2) // lowest) | ripple
    return np.array(middles, np.int64), np.array(easts, np.int64), np.array(weights, np.int64)


@dataclass(frozen=True, eq=False)
class HalfSplit:
    """Subproblem b covers representatives bounds[b] .. bounds[b+1]-1."""

    n: int
    middles: Array
    easts: Array
    weights: Array
    bounds: Array

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
        return count_half_blocks, (
            self.n,
            self.middles[chosen],
            self.easts[chosen],
            self.weights[chosen],
            bounds,
        )


def half_split(n: int, target: int = 4000) -> HalfSplit:
    """About `target` subproblems (fewer when there are fewer orbits), in a fixed order."""
    middles, easts, weights = _representatives(n)
    per_block = max(1, -(-len(easts) // target))
    bounds = np.arange(0, len(easts) + per_block, per_block, dtype=np.int64)
    bounds[-1] = len(easts)
    return HalfSplit(n, middles, easts, weights, np.unique(bounds))


# ----------------------------------------------------------------------- the task itself
class _Buffers:
    """The join kernels' working memory, kept per process and grown when a board needs
    more, within `limits.JOIN_WORKER_BYTES`; its size in bytes is what a count reports
    as its table memory. `table` is how many signatures a match table holds: the lists'
    length (`signatures`) unless the budget is short, and then the lists are joined in
    pieces of that length (`join.join_in_pieces`) through `work`."""

    def __init__(
        self, n: int, partials: int = 1 << 14, signatures: int = 1 << 14, table: int = 0
    ) -> None:
        self.n = n
        self.partials = partials
        self.signatures = signatures
        self.table_signatures = table or signatures
        made: dict[str, npt.NDArray[Any]] = {
            name: np.empty(shape, kind)
            for name, (shape, kind) in self.shapes(n, partials, signatures, table).items()
        }
        self.sigs = made["sigs"]
        self.spare = made["spare"]
        self.upper = made["upper"]
        self.lower = made["lower"]
        self.keys = made["keys"]
        self.starts = made["starts"]
        self.table = made["table"]
        self.valid = made["valid"]
        self.slices = made["slices"]
        self.work = made["work"]
        self.keys[:] = -1  # no side's lower placements held yet

    @staticmethod
    def shapes(n: int, partials: int, signatures: int, table: int = 0) -> dict[str, Shape]:
        """Each array's shape and type: the one place that sizes them (`nbytes` of buffers
        not yet made is `bytes_for`)."""
        table = table or signatures
        chunks = -(-2 * (n - 1) // join.CHUNK_BITS)
        blocks = table // join.PIECE + join.KEYS  # every key's bucket may end part-filled
        words = BLOCK_WORDS
        return {
            "sigs": ((2, signatures), np.uint64),
            "spare": ((2, table), np.uint64),  # the table's list by key; keys
            "upper": ((3, partials), np.uint64),  # a strip's upper rows: cols, d1, d2
            "lower": ((2, 5, partials), np.uint64),  # each side's lower rows, kept
            "keys": ((2,), np.int64),  # which lower placements `lower` holds, by side
            "starts": ((2, (1 << (n // 2 + 1)) + 1), np.int64),
            # a wide chunk (bitops.layout) has 32 rows more than the 5-bit chunks' count
            "table": ((blocks, (chunks + 1) * join.COMBOS, words), np.uint64),
            "valid": ((blocks, words), np.uint64),
            "slices": ((chunks * join.CHUNK_BITS, words), np.uint64),
            "work": ((2, table if table < signatures else 0), np.uint64),  # a piece each
        }

    def nbytes(self) -> int:
        arrays: tuple[np.ndarray, ...] = (self.sigs, self.spare, self.upper, self.lower)
        arrays += (self.keys,)
        arrays += (self.starts, self.table, self.valid, self.slices, self.work)
        return sum(a.nbytes for a in arrays)

    @staticmethod
    def bytes_for(n: int, partials: int, signatures: int, table: int = 0) -> int:
        """`nbytes()` of `_Buffers(n, partials, signatures, table)`, without making them."""
        return sum(
            math.prod(shape) * np.dtype(kind).itemsize
            for shape, kind in _Buffers.shapes(n, partials, signatures, table).values()
        )

    def grown(self, which: int) -> _Buffers:
        """The buffer that overflowed four times as long, or half as long again once it
        would pass a quarter of the budget; the table then as long as the lists if that
        fits the budget, else as long as fits (the lists joined in pieces)."""
        from nqueens import limits

        budget = limits.JOIN_WORKER_BYTES
        partials, signatures = self.partials, self.signatures
        for factor in (4, 1.5):
            if which == join.OVERFLOW_PARTIALS:
                partials = max(self.partials + 1, int(self.partials * factor))
                own = self.bytes_for(self.n, partials, 0, 1) - self.bytes_for(self.n, 0, 0, 1)
            else:
                signatures = max(self.signatures + 1, int(self.signatures * factor))
                own = 16 * signatures
            if own <= budget // 4:
                break
        if self.bytes_for(self.n, partials, signatures) <= budget:
            return _Buffers(self.n, partials, signatures)
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
        return _Buffers(self.n, partials, signatures, low)


_buffers: dict[int, _Buffers] = {}


def count_half_blocks(
    n: int, middles: Array, easts: Array, weights: Array, bounds: Array
) -> Counts:
    """For each block of representatives the registry's join fields: its weighted
    solutions, and the bytes of working tables this process holds."""
    assert n <= JOIN.largest, "the matcher variants (bitops.MAX_ROWS) stop at the join's range"
    blocks = len(bounds) - 1
    out = np.zeros((blocks, 2), np.int64)
    status = np.zeros(2, np.int64)
    buffers = _buffers.pop(n, None) or _Buffers(n)  # not kept beside those it grows into
    done = 0
    while done < blocks:
        part = bounds[done:] - bounds[done]
        start = int(bounds[done])
        join.count_blocks(
            *(n, middles[start:], easts[start:], weights[start:], part, out[done:], status),
            *(buffers.sigs, buffers.spare, buffers.upper, buffers.lower, buffers.keys),
            *(buffers.starts, buffers.table, buffers.valid, buffers.slices),
            buffers.work,  # empty unless the budget holds no whole table: pieces then
        )
        if status[0] < 0:
            break
        done += int(status[0])
        buffers = buffers.grown(int(status[1]))
    _buffers.clear()  # one size kept: the largest this process needed
    _buffers[n] = buffers
    out[:, 1] = buffers.nbytes()
    return out


LISTED_UP_TO = 23
"""Up to this N the representatives are listed once (`half_split`; journals made there
keep their identity); past it each task generates its own (engine/orbits.py), so that a
worker's memory does not grow with the list (70 million orbits at N = 27)."""


def split(n: int) -> HalfSplit | StreamedSplit:
    """The registry's split: `half_split` at its default size up to `LISTED_UP_TO`, the
    streamed split beyond."""
    if n <= LISTED_UP_TO:
        return half_split(n)
    from nqueens.engine.orbits import streamed_split

    return streamed_split(n)


def recount(parts: HalfSplit | StreamedSplit, indices: npt.NDArray[np.intp]) -> Counts:
    """The same subproblems counted independently (the registry's `recounted_by`): each
    representative by a backtracking search confined to its rows' halves."""
    from nqueens.engine.confined import confined_count

    out = np.zeros((len(indices), 2), np.int64)
    for row, b in enumerate(indices.tolist()):
        middles, easts, weights = parts.representatives(b)
        for m, east, weight in zip(middles.tolist(), easts.tolist(), weights.tolist(), strict=True):
            out[row, 0] += weight * int(confined_count(parts.n, m, east))
    return out


PROBE_UNIT = "seconds"
"""What `probe` measures (engine/estimate.py): seconds, not nodes to calibrate."""
PROBED_ORBITS = 3
PROBE_SECONDS = 0.5  # a probe stops after the orbit that passes this (N >= 24: one orbit)


def probe(
    parts: HalfSplit | StreamedSplit, index: int, rng: np.random.Generator, probes: int
) -> tuple[float, float]:
    """The seconds block `index` would take, and their standard error: a few of its
    representatives, drawn at random, each timed (its join timed on samples of its
    strips where it is long: engine/join_probe.py), times how many it holds. For
    `--estimate` where one block is too long to time (N = 22-27)."""
    import time

    from nqueens.engine import join_probe

    middles, easts, _ = parts.representatives(index)
    size = len(easts)
    if size == 0:
        return 0.0, 0.0
    seconds: list[float] = []
    began = time.perf_counter()
    for i in rng.choice(size, min(PROBED_ORBITS, size), replace=False).tolist():
        spent, sampled = join_probe.orbit_seconds(parts.n, int(middles[i]), int(easts[i]), rng)
        seconds.append(spent)
        join_probe.sampled += sampled
        if time.perf_counter() - began > PROBE_SECONDS:
            break
    mean = float(np.mean(seconds)) * size
    error = (
        float(np.std(seconds, ddof=1)) * size / len(seconds) ** 0.5 if len(seconds) > 1 else mean
    )
    return mean, error


def held_bytes() -> int:
    """The working memory this process's join buffers hold: after probes, what a worker
    counting the probed representatives holds at least (`--estimate`'s memory)."""
    return sum(b.nbytes() for b in _buffers.values())


def probe_sampled() -> int:
    """How many representatives the probes since the last call timed on samples of their
    strips rather than whole (`--estimate` says so), and the count back to 0."""
    from nqueens.engine import join_probe

    done, join_probe.sampled = join_probe.sampled, 0
    return done


def compiled() -> tuple[object, ...]:
    """The kernels a count loads (the registry's warm-up)."""
    from nqueens.engine.orbits import block_representatives

    return join.count_blocks, _representatives, block_representatives


def warm_up() -> None:
    """Compile or load the kernels, on a board too small to take any time."""
    from nqueens.engine.orbits import streamed_split

    parts = half_split(6)
    count_half_blocks(*parts.task(np.arange(len(parts)))[1])
    streamed = streamed_split(6, target=2)
    function, arguments = streamed.task(np.arange(len(streamed)))
    function(*arguments)
