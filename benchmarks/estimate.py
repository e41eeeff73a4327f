"""Benchmark of `nqueens count N --estimate`: the model against measured runs, one exact
run at the frontier, and the plan for N = 22-27 here and on a cluster.

Three Markdown tables:

1. For each N of --check: the estimate (on this machine's cores), then the count itself,
   timed and checked against the known counts, and the estimate's error. The target is
   within 30%.
2. For each N of --exact: a count checked against the known counts (N = 21: the join's
   frontier on one machine), with its time and the table memory one worker held. With
   --streamed the join runs on the streamed split of N >= 24 (engine/methods/join/split.py) instead.
3. For each N of --plan: the estimate on this machine's cores and on --cluster workers,
   its bounds, the peak memory per worker, and how the sample was measured.
4. For each N of --versus: the join's plan and the backtracking counter's on this
   machine's cores, and how many times longer backtrack would take: where `auto` should
   pick which (registry.best_method).

Run on a quiet machine; it takes about as long as the counts it checks:

    uv run python benchmarks/estimate.py                     # 16-20, 21, 22-27, 14-27
    uv run python benchmarks/estimate.py --check 12-14 --exact 15 --plan 22 --versus 14
                                                             # a short try
"""

from __future__ import annotations

import argparse
import os
import time

import nqueens
from nqueens.engine.methods.join import split as join_split
from nqueens.known import known_counts
from nqueens.render.plan import duration


def _sizes(text: str) -> list[int]:
    if not text:
        return []
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def check_table(sizes: list[int], workers: int, budget: float) -> None:
    print(f"| N | method | estimate on {workers} workers (s) | bounds (s) | measured (s) | error |")
    print("|---:|---|---:|---|---:|---:|")
    for n in sizes:
        plan = nqueens.estimate(n, workers=workers, budget=budget, seed=n)
        result = nqueens.count(n, workers=workers)
        assert (result.total, result.unique) == known_counts()[n], f"wrong count for N = {n}"
        error = (plan.seconds - result.time) / result.time
        print(
            f"| {n} | {plan.method} | {plan.seconds:.2f} | {plan.seconds_low:.2f}-"
            f"{plan.seconds_high:.2f} | {result.time:.2f} | {error:+.0%} |",
            flush=True,
        )


def exact_table(sizes: list[int], workers: int) -> None:
    print("| N | method | total | unique | exact | time | tables per worker |")
    print("|---:|---|---:|---:|---|---:|---:|")
    for n in sizes:
        started = time.perf_counter()
        result = nqueens.count(n, workers=workers)
        seconds = time.perf_counter() - started
        exact = (result.total, result.unique) == known_counts()[n]
        memory = f"{(result.memory or 0) / 2**20:.0f} MB"
        print(
            f"| {n} | {result.method} | {result.total:,} | {result.unique:,} | "
            f"{'yes' if exact else 'NO'} | {duration(seconds)} | {memory} |",
            flush=True,
        )
        assert exact, f"wrong count for N = {n}"


def plan_table(sizes: list[int], workers: int, cluster: int, budget: float) -> None:
    print(
        f"| N | method | subproblems | on {workers} workers | on {cluster} workers "
        "| peak memory per worker | sampled |"
    )
    print("|---:|---|---:|---|---|---:|---|")
    for n in sizes:
        plan = nqueens.estimate(n, workers=cluster, budget=budget, seed=n)

        def span(w: int) -> str:
            seconds, low, high = plan.on(w)  # noqa: B023 - used at once
            return f"{duration(seconds)} ({duration(low)} to {duration(high)})"

        print(
            f"| {n} | {plan.method} | {plan.subproblems:,} | {span(workers)} | {span(cluster)} "
            f"| {plan.peak_bytes_per_worker / 1e6:,.0f} MB "
            f"| {plan.sampled} ({plan.sampling.value}) |",
            flush=True,
        )


def versus_table(sizes: list[int], workers: int, budget: float) -> None:
    from nqueens.counting import best_method

    print(f"| N | join on {workers} workers | backtrack | backtrack / join | auto picks |")
    print("|---:|---:|---:|---:|---|")
    for n in sizes:
        joined = nqueens.estimate(n, method="join", workers=workers, budget=budget, seed=n)
        searched = nqueens.estimate(n, method="backtrack", workers=workers, budget=budget, seed=n)
        print(
            f"| {n} | {duration(joined.seconds)} | {duration(searched.seconds)} | "
            f"{searched.seconds / joined.seconds:.0f} | {best_method(n)} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", default="16-20", help="N to estimate and count")
    parser.add_argument("--exact", default="21", help="N to count exactly (may be empty)")
    parser.add_argument("--plan", default="22-27", help="N to estimate only")
    parser.add_argument("--versus", default="14-27", help="N to plan with both methods")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cluster", type=int, default=100, help="workers of a cluster")
    parser.add_argument("--budget", type=float, default=30.0, help="seconds per estimate")
    parser.add_argument(
        "--streamed", action="store_true", help="the join's streamed split at every N"
    )
    args = parser.parse_args()
    if args.streamed:
        join_split.LISTED_UP_TO = 3
    print(f"{args.workers} workers here; streamed split: {args.streamed}\n")
    if args.check:
        check_table(_sizes(args.check), args.workers, args.budget)
        print()
    if args.exact:
        exact_table(_sizes(args.exact), args.workers)
        print()
    if args.plan:
        plan_table(_sizes(args.plan), args.workers, args.cluster, args.budget)
        print()
    if args.versus:
        versus_table(_sizes(args.versus), args.workers, args.budget)


if __name__ == "__main__":
    main()
