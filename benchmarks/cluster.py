"""Benchmark of the Dask path: speedup of 2 workers over 1, and overhead against the pool.

Starts a real scheduler and workers on this machine (`dask scheduler`, `dask worker`),
counts each N on the cluster with 1 and 2 workers and on the local process pool with the
same numbers of workers, and prints a Markdown table.

    uv run python benchmarks/cluster.py              # N = 16 and 17
    uv run python benchmarks/cluster.py --sizes 15 16
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.dask_cluster

from tests.dask_cluster import Cluster

import nqueens
from nqueens.known import known_counts


def _seconds(n: int, **options: object) -> float:
    result = nqueens.count(n, **options)  # type: ignore[arg-type]
    assert (result.total, result.unique) == known_counts()[n], f"wrong count for N = {n}"
    return result.time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[16, 17])
    args = parser.parse_args()
    for n in (8, 12):  # both methods' kernels compiled or loaded outside the measurements
        nqueens.count(n)
    times: dict[tuple[int, int], tuple[float, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for workers in (1, 2):
            cluster = Cluster(Path(tmp), workers=workers)
            try:
                _seconds(12, scheduler=cluster.address)  # warm the workers' kernels
                for n in args.sizes:
                    on_cluster = _seconds(n, scheduler=cluster.address)
                    on_pool = _seconds(n, workers=workers)
                    times[(n, workers)] = (on_cluster, on_pool)
            finally:
                cluster.stop()
    print(
        "| N | cluster, 1 worker (s) | cluster, 2 workers (s) | speedup | "
        "pool, 2 workers (s) | cluster overhead |"
    )
    print("|---:|---:|---:|---:|---:|---:|")
    for n in args.sizes:
        one, _ = times[(n, 1)]
        two, pool = times[(n, 2)]
        print(
            f"| {n} | {one:.2f} | {two:.2f} | {one / two:.2f}x | {pool:.2f} | "
            f"{(two - pool) / pool:+.0%} |"
        )


if __name__ == "__main__":
    main()
