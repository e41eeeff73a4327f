"""Benchmark of the huge-board tools: construction, min-conflicts and the O(N) check.

Prints a Markdown table of wall times (kernels compiled or loaded beforehand), best of
`--repeat` runs.

    uv run python benchmarks/large.py
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from nqueens.large import check_array, construct, min_conflicts


def _best(job: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    min_conflicts(1000, seed=0)  # compile or load the kernels
    big = construct(10**7)
    assert big is not None
    rows = [
        ("explicit construction", "10,000,000", "5 s", lambda: construct(10**7)),
        (
            "min-conflicts (greedy start + repair)",
            "1,000,000",
            "30 s",
            lambda: min_conflicts(10**6, seed=1),
        ),
        ("O(N) check", "10,000,000", "2 s", lambda: check_array(big)),
    ]
    print("| task | N | target | best time (s) |")
    print("|---|---:|---:|---:|")
    for name, n, target, job in rows:
        print(f"| {name} | {n} | {target} | {_best(job, args.repeat):.2f} |", flush=True)


if __name__ == "__main__":
    main()
