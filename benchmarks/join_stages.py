"""Where the join counter's time goes: each stage of the join (engine/methods/join/) timed
on one core.

A compiled copy of the loop of `blocks.count_blocks` and `match.join` calls the same stage
kernels and reads the processor's cycle counter between them (no Python in between,
so the timings are the stages' own): listing the strips; the placement searches of their
upper and lower rows (the part quarter-board tables would replace: timed by running
them once more, apart, so not part of the total); then choosing the cut bits, sorting
the table side, building the bit-sliced tables, sorting the queries, and matching.
Cycles become seconds at the rate the counter ran over the whole pass (run it on a quiet
machine). Each count is checked against the known total; the least of --repeats runs
is printed.

    uv run python benchmarks/join_stages.py --sizes 16-19 --repeats 2
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit, types, uint64
from numba.core import cgutils
from numba.extending import intrinsic

from nqueens.engine.methods.join import match, strips
from nqueens.engine.methods.join.split import listed_split
from nqueens.engine.methods.join.workspace import Workspace
from nqueens.known import known_counts

STAGES = ("strips", "cuts", "sort", "build", "queries", "match", "searches")
STRIPS, CUTS, SORT, BUILD, QUERIES, MATCH, SEARCHES = range(len(STAGES))


def _cycle_counter() -> Any:
    """The processor's cycle counter, read inside compiled code."""

    def cycles(typingctx: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            counter = cgutils.get_or_insert_function(  # type: ignore[no-untyped-call]
                builder.module, ir.FunctionType(ir.IntType(64), []), "llvm.readcyclecounter"
            )
            return builder.call(counter, [])

        return types.uint64(), codegen

    return intrinsic(cycles)


_cycles = _cycle_counter()


@njit
def _timed_join(east, ne, west, nw, n, table, valid, slices, square, spare, counters, spent):  # type: ignore[no-untyped-def]  # fmt: skip
    """`match.join`, stage by stage, with the cycles of each added to `spent`."""
    start = _cycles()
    nbits = 2 * (n - 1)
    if ne >= nw:
        stored, nstored, queries, nqueries = east, ne, west, nw
    else:
        stored, nstored, queries, nqueries = west, nw, east, ne
    if nqueries < match.BRUTE_BELOW:
        cuts = match.long_cuts(n, counters)
        found = match.pairs_one_by_one(stored, nstored, queries, nqueries, cuts)
        spent[MATCH] += _cycles() - start
        return found
    cuts = match.cut_bits(stored, nstored, queries, nqueries, n, counters)
    drop = np.empty(2 + match.EXTRA_CUTS, np.uint64)
    match.dropping(cuts, drop)
    keep = match.kept_bits(stored, nstored, queries, nqueries, nbits, cuts)
    kept = match.popcount(keep)
    start = _lap(spent, CUTS, start)
    match.sort_by_key(
        stored, nstored, cuts, spare[0], counters[match.TABLE_STARTS], spare[1], drop, keep
    )
    start = _lap(spent, SORT, start)
    match.build_buckets(spare[0], cuts, kept, table, valid, slices, square, counters)
    start = _lap(spent, BUILD, start)
    match.sort_by_key(
        queries, nqueries, cuts, spare[0], counters[match.QUERY_STARTS], spare[1], drop, keep
    )
    start = _lap(spent, QUERIES, start)
    total = match.match_buckets(cuts, kept, table, valid, spare[0], counters)
    _lap(spent, MATCH, start)
    return total


@njit
def _lap(spent, stage, start):  # type: ignore[no-untyped-def]
    """Add the cycles since `start` to `stage`; the counter now, to time the next."""
    now = _cycles()
    spent[stage] += now - start
    return now


@njit
def _timed_count(n, middles, easts, weights, sigs, spare, upper, lower, keys, starts, table, valid, slices, scratch, spent):  # type: ignore[no-untyped-def]  # noqa: E501  # fmt: skip
    """`blocks.count_blocks` over every representative as one block, timed by stage;
    -1 if a buffer is too small (this benchmark does not grow them)."""
    half = n // 2
    odd = n & 1
    west_cols = uint64((1 << half) - 1)
    east_cols = uint64(((1 << n) - 1) & ~((1 << (half + odd)) - 1))
    east_rows = np.empty(n, np.int64)
    west_rows = np.empty(n, np.int64)
    stack = np.empty((4, n), np.uint64)
    square = np.empty(64, np.uint64)
    counters = np.empty((match.COUNTER_ROWS, match.KEYS + 1), np.int64)
    found = np.zeros(2, np.int64)
    lower_keys = np.full(2, -1, np.int64)
    total = 0
    for i in range(middles.shape[0]):
        m = middles[i]
        ne, nw, d1_0, d2_0 = strips.representative(n, m, easts[i], east_rows, west_rows)
        start = _cycles()
        side = strips.list_strips(
            *(n, m, d1_0, d2_0, east_rows, ne, west_rows, nw, sigs, upper, lower),
            *(starts, stack, keys, found),
        )
        start = _lap(spent, STRIPS, start)
        if found[side] < 0:
            return -1
        for again in (1, 0):  # the same placement searches again, apart, as the strip does them
            strip_rows, count, cols = (
                (west_rows, nw, west_cols) if again else (east_rows, ne, east_cols)
            )
            mid = max(0, count // 2 - 1)
            key = (m + 1) << n
            for r in range(mid, count):
                key |= 1 << strip_rows[r]
            if lower_keys[again] != key:
                lower_keys[again] = key
                strips.partials(
                    *(n, strip_rows, mid, count, cols, d1_0, d2_0),
                    *(scratch[0], scratch[1], scratch[2], stack),
                )
            strips.partials(
                *(n, strip_rows, 0, mid, cols, d1_0, d2_0),
                *(scratch[0], scratch[1], scratch[2], stack),
            )
        spent[SEARCHES] += _cycles() - start
        if found[side] == 0:
            continue
        total += weights[i] * _timed_join(
            *(sigs[0], found[0], sigs[1], found[1], n, table, valid, slices),
            *(square, spare, counters, spent),
        )
    return total


def stage_seconds(n: int) -> tuple[list[float], int]:
    """One pass over every representative: seconds per stage, and signatures listed."""
    parts = listed_split(n)
    buffers = Workspace(n, 1 << 18, 1 << 20).arrays
    scratch = np.empty((3, 1 << 20), np.uint64)
    spent = np.zeros(len(STAGES), np.uint64)
    clock = time.perf_counter()
    cycles = _cycles_now()
    total = _timed_count(
        *(n, parts.middles, parts.easts, parts.weights, buffers.sigs, buffers.spare),
        *(buffers.upper, buffers.lower, buffers.keys, buffers.starts, buffers.table),
        *(buffers.valid, buffers.slices, scratch, spent),
    )
    rate = (_cycles_now() - cycles) / (time.perf_counter() - clock)
    assert total == known_counts()[n][0], f"counted {total} for N = {n}"
    return [float(s) / rate for s in spent], total


def _read_cycles() -> int:
    return int(_cycles())


_cycles_now: Any = njit(_read_cycles)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="16-18", help="N range, e.g. 16-18")
    parser.add_argument("--repeats", type=int, default=3, help="runs per N; the least is kept")
    args = parser.parse_args()
    low, _, high = args.sizes.partition("-")
    stage_seconds(12)  # compile every kernel first
    print("| N | " + " | ".join(f"{s} (s)" for s in STAGES) + " | total, less searches (s) |")
    print("|---:|" + "---:|" * (len(STAGES) + 1))
    for n in range(int(low), int(high or low) + 1):
        runs = [stage_seconds(n)[0] for _ in range(args.repeats)]
        best = [min(run[k] for run in runs) for k in range(len(STAGES))]
        counted = sum(best[:SEARCHES])
        print(
            f"| {n} | " + " | ".join(f"{s:.2f}" for s in best) + f" | {counted:.2f} |", flush=True
        )


if __name__ == "__main__":
    main()
