"""Exact totals and uniques of the GPU methods for small N on a real card, each count in
this one process (benchmarks/device/gpu-check.sh runs it; the whole commands time the
large N): one line a count, and a last line saying whether every count was exact.

    PYTHONPATH=src python3 benchmarks/device/small.py gpu:4-15 gpu-join:4-15
"""

from __future__ import annotations

import sys
import time

import nqueens
from nqueens.known import known_counts


def main() -> int:
    wrong = 0
    for spec in sys.argv[1:]:
        method, _, span = spec.partition(":")
        low, _, high = span.partition("-")
        for n in range(int(low), int(high or low) + 1):
            began = time.perf_counter()
            result = nqueens.count(n, method=method)
            took = time.perf_counter() - began
            wanted = tuple(known_counts()[n])
            exact = (result.total, result.unique) == wanted
            wrong += not exact
            verdict = "OK" if exact else f"WRONG (published {wanted})"
            print(f"{method} N={n}: {result.total:,} {result.unique:,} {verdict} {took:.2f} s")
    print("all exact" if not wrong else f"{wrong} WRONG", flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
