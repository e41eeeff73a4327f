"""The join's probe for `--estimate`: the seconds one orbit representative takes, timed
whole where that is quick, or from samples of its strips where it is not (N = 24-27: one
representative's join takes seconds at N = 24 and minutes at N = 26, nearly all of it
matching).

A representative's cost is listing its two strips, then joining them: sorting and
building a table of the longer list, then matching every query (a signature of the
shorter list) against it. Listing is timed whole. The join is sampled: a random sample of
the longer list (`SAMPLED_TABLE` signatures) is joined with two random samples of the
queries, q and 4q long, and each is timed. Everything the join does grows in step with
the queries except the table's own sorting and building, so the two times give the cost
per query and the fixed cost, and since the table's cost and the matching grow in step
with the table's length, both scale by the longer list's length over the sample's; where
the budget makes the count join the lists in pieces (`join.join_in_pieces`), each pair of
pieces pays for its own table, and so does the estimate.
"""

from __future__ import annotations

import math
import time

import numpy as np
import numpy.typing as npt

from nqueens.engine import halves, join

__all__ = ["SAMPLED_PAIRS", "SAMPLED_TABLE", "orbit_seconds"]

SAMPLED_TABLE = 1 << 20
"""Signatures of the longer list in the sample: its table has enough blocks per key (32)
that the part-filled last block of each costs little."""
SAMPLED_PAIRS = 10**12
"""A representative whose lists make more pairs than this (about half a second of
matching) has its join sampled rather than timed whole."""

Signatures = npt.NDArray[np.uint64]
sampled = 0
"""Representatives whose join a probe sampled (`halves.probe_sampled` reads it)."""
_tables: dict[int, halves._Buffers] = {}


def orbit_seconds(n: int, m: int, east: int, rng: np.random.Generator) -> tuple[float, bool]:
    """The seconds representative (m, east) takes to count in this process, and whether
    its join was sampled (else timed whole)."""
    if not _tables:  # the kernels' first calls from here load them: not timed
        _timed(6, *_lists(6, -1, 0b000111)[1:3])
    listed, east_list, west_list, piece = _lists(n, m, east)
    if len(east_list) == 0 or len(west_list) == 0:
        return listed, False
    if len(east_list) * len(west_list) <= SAMPLED_PAIRS:
        return listed + _timed(n, east_list, west_list), False
    stored, queries = sorted((east_list, west_list), key=len, reverse=True)
    table = min(len(stored), SAMPLED_TABLE)
    sample = stored[rng.integers(0, len(stored), table)] if table < len(stored) else stored
    long = min(len(queries), table // 4)
    drawn = queries[rng.integers(0, len(queries), long)]
    short = long // 4
    once, four = _timed(n, sample, drawn[:short]), _timed(n, sample, drawn)
    per_query = max(0.0, (four - once) / (long - short))
    fixed = max(0.0, once - per_query * short)
    pieces = [math.ceil(len(side) / piece) for side in (east_list, west_list)]
    longest = max(len(east_list) / pieces[0], len(west_list) / pieces[1])
    tables = pieces[0] * pieces[1] * longest  # signatures sorted into tables, over all pairs
    pairs = float(len(stored)) * float(len(queries))
    return listed + (fixed * tables + per_query * pairs) / table, True


def _lists(n: int, m: int, east: int) -> tuple[float, Signatures, Signatures, int]:
    """Representative (m, east)'s strips listed in this process's buffers, grown within
    the budget as a count would: the seconds it took, the two lists (east, west) and the
    length of the pieces the count would join them in."""
    buffers = halves._buffers.pop(n, None) or halves._Buffers(n)
    halves._buffers.clear()  # one size kept, as a count keeps it
    east_rows = np.empty(n, np.int64)
    west_rows = np.empty(n, np.int64)
    stack = np.empty((4, n), np.uint64)
    found = np.zeros(2, np.int64)
    grown = False
    while True:
        started = time.perf_counter()
        ne, nw, d1_0, d2_0 = join._representative(n, m, east, east_rows, west_rows)
        side = join._strips(
            *(n, m, np.uint64(d1_0), np.uint64(d2_0), east_rows, ne, west_rows, nw),
            *(buffers.sigs, buffers.upper, buffers.lower, buffers.starts, stack),
            *(buffers.keys, found),
        )
        listed = time.perf_counter() - started
        if found[side] >= 0 and not grown:
            break
        if found[side] >= 0:  # again: the first listing into new buffers touched their pages
            grown = False
            buffers.keys[:] = -1
            continue
        buffers = buffers.grown(int(-found[side]))
        grown = True
    halves._buffers[n] = buffers
    if found[side] == 0:
        return listed, buffers.sigs[0, :0], buffers.sigs[1, :0], 1
    return (
        listed,
        buffers.sigs[0, : found[0]],
        buffers.sigs[1, : found[1]],
        buffers.table_signatures if buffers.work.size else max(found[0], found[1]),
    )


def _timed(n: int, east: Signatures, west: Signatures) -> float:
    """Seconds of the join of copies of `east` and `west` (it sorts its lists in place)."""
    longer = max(len(east), len(west), 16)
    held = _tables.get(n)
    if held is None or held.signatures < longer:
        _tables.clear()
        held = _tables[n] = halves._Buffers(n, 16, longer)
        held.table.fill(0)  # its pages touched now, not in the first timing
        held.spare.fill(0)
    a, b = east.copy(), west.copy()
    counters = np.empty((4, join.KEYS + 1), np.int64)
    square = np.empty(64, np.uint64)
    started = time.perf_counter()
    join._join(
        *(a, len(a), b, len(b), n, held.table, held.valid, held.slices, square),
        *(held.spare, counters),
    )
    return time.perf_counter() - started
