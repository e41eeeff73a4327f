"""Fast enumeration: every solution (or every unique one) as chunks of a NumPy array.

The numba kernel fills a fixed-size array and saves its stack between calls, so a
stream of any length uses the same small memory; rows come in lexicographic order, the
same order as the teaching algorithms. On several workers the search is cut into
prefixes (the first rows fixed), taken in lexicographic order; each worker lists one
prefix's solutions and the results are handed on in order, a few prefixes ahead at most.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from nqueens.engine.runtime.pool import start_pool
from nqueens.i18n import _
from nqueens.limits import BITBOARD_MAX_N, check_n
from nqueens.listing import kernel
from nqueens.validate import board_size, whole_count, worker_count

__all__ = ["CHUNK", "solution_arrays"]

CHUNK = 65536
"""Solutions per chunk: big enough that Python's share of the time is small."""

PARALLEL_FROM = 13
"""Smaller boards are listed in this process: starting workers would cost more."""

Rows = npt.NDArray[np.int8]


def solution_arrays(
    n: int,
    *,
    unique: bool = False,
    chunk: int = CHUNK,
    workers: int | None = 1,
    limit: int | None = None,
) -> Iterator[Rows]:
    """Chunks of solutions, each an (k, n) int8 array of columns by row; k <= chunk.

    `workers` > 1 (None: every core) lists prefixes in parallel from N = 13 on; the
    order of the rows is the same either way. `limit` stops after that many rows (in
    this process, searching no further than it must).

    Examples
    --------
    >>> sum(len(a) for a in solution_arrays(8))
    92
    >>> next(solution_arrays(8, unique=True))[0].tolist()
    [0, 4, 7, 5, 2, 6, 1, 3]
    >>> [len(a) for a in solution_arrays(8, limit=3)]
    [3]
    """
    n = engine_board_size(n)
    count = worker_count(workers)
    chunk = whole_count(chunk, "chunk")  # 0 would fill no row, and search for ever
    if limit is not None:
        limit = whole_count(limit, "limit", least=0)
        return _first_rows(_search(n, (), unique, min(chunk, max(limit, 1))), limit)
    if count == 1 or n < PARALLEL_FROM:
        return _search(n, (), unique, chunk)
    return _parallel(n, unique, chunk, count)


def engine_board_size(n: object) -> int:
    """`n` as a board size the 64-bit kernels can take."""
    return check_n(board_size(n), BITBOARD_MAX_N, _("64-bit boards"))


def _first_rows(chunks: Iterator[Rows], limit: int) -> Iterator[Rows]:
    left = limit
    for rows in chunks:
        if left <= 0:
            return
        yield rows[:left]
        left -= len(rows[:left])


def _search(n: int, prefix: tuple[int, ...], unique: bool, chunk: int) -> Iterator[Rows]:
    """The solutions whose first rows are `prefix` (columns), lazily, in chunks."""
    state, avail, left, down, right, bits = _start(n, prefix)
    out = np.zeros((chunk, n), np.int8)
    floor = len(prefix)
    while state[0] != -1:
        filled = kernel.enumerate_into(n, state, avail, left, down, right, bits, out, unique, floor)
        if filled:
            yield out[:filled].copy()


def _start(n: int, prefix: tuple[int, ...]) -> tuple[npt.NDArray[np.int64], ...]:
    """The kernel's state and stacks with the rows of `prefix` already placed."""
    avail, left, down, right, bits = (np.zeros(n + 1, np.int64) for _ in range(5))
    state = np.array([-2], np.int64)
    if prefix:
        mask = (1 << n) - 1
        l_ = d = r = 0
        for row, col in enumerate(prefix):
            bit = 1 << col
            bits[row] = bit
            l_, d, r = ((l_ | bit) << 1) & mask, d | bit, (r | bit) >> 1
        k = len(prefix)
        left[k], down[k], right[k] = l_, d, r
        avail[k] = mask & ~(l_ | d | r)
        state[0] = k
    return state, avail, left, down, right, bits


def _prefixes(n: int, depth: int) -> list[tuple[int, ...]]:
    """Every placement of the first `depth` rows with no attack, in lexicographic order."""
    found: list[tuple[int, ...]] = [()]
    for row in range(depth):
        found = [
            (*p, col)
            for p in found
            for col in range(n)
            if all(c != col and abs(c - col) != row - r for r, c in enumerate(p))
        ]
    return found


def _list_prefix(task: tuple[int, tuple[int, ...], bool]) -> Rows:
    n, prefix, unique = task
    parts = list(_search(n, prefix, unique, CHUNK))
    return np.concatenate(parts) if parts else np.zeros((0, n), np.int8)


def _parallel(n: int, unique: bool, chunk: int, workers: int) -> Iterator[Rows]:
    """Prefixes listed on `workers` processes, a few ahead, handed on in order."""
    depth = 2 if n < 16 else 3
    tasks = [(n, p, unique) for p in _prefixes(n, depth)]
    with start_pool(workers) as pool:
        for rows in pool.imap(_list_prefix, tasks):
            yield from _chunks(rows, chunk)


def _chunks(rows: Rows, chunk: int) -> Iterator[Rows]:
    for start in range(0, len(rows), chunk):
        yield rows[start : start + chunk]
