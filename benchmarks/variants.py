"""Benchmark of the variants' counters beside the classic backtracking counter, same N.

Prints a Markdown table: for each variant and N, the count (checked against the
published totals in nqueens.known), its time on every core, the classic
`backtrack` method's time at the same N in the same run, and their ratio. Every count
goes through `nqueens.count` (the registry, the process pool), after one warm-up count
of each method so compiling is not timed.

    uv run python benchmarks/variants.py
    uv run python benchmarks/variants.py --toroidal 13,17,19 --superqueens 14-17
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import nqueens
from nqueens.known import known_counts
from nqueens.variants import KNOWN_VARIANT_COUNTS


def _sizes(text: str) -> list[int]:
    sizes: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        sizes += range(int(low), int(high or low) + 1)
    return sizes


def _seconds(n: int, method: str, workers: int) -> tuple[float, int]:
    start = time.perf_counter()
    result = nqueens.count(n, method=method, workers=workers)
    return time.perf_counter() - start, result.total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--toroidal", default="13,17,19", help="sizes, e.g. 13,17-19")
    parser.add_argument("--superqueens", default="14-17", help="sizes, e.g. 14-17")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    for method in ("backtrack", "toroidal", "superqueens"):
        nqueens.count(9, method=method, workers=1)  # compile or load the kernels
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"{args.workers} workers\n"
    )
    print("| variant | N | total | seconds | classic backtrack (s) | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    for variant, sizes in (("toroidal", args.toroidal), ("superqueens", args.superqueens)):
        for n in _sizes(sizes):
            seconds, total = _seconds(n, variant, args.workers)
            published = KNOWN_VARIANT_COUNTS[variant].get(n)
            assert published is None or published[0] == total, f"{variant} {n}: {total}"
            classic, classic_total = _seconds(n, "backtrack", args.workers)
            assert classic_total == known_counts()[n].total
            print(
                f"| {variant} | {n} | {total:,} | {seconds:.2f} | {classic:.2f} "
                f"| {seconds / classic:.2g} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
