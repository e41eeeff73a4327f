"""Benchmark of the GPU methods: whole commands beside a published GPU counter on the
same card, the CPU's share of a launch, and the expected idle share of a launch's tail.

Three measurements, one a run:

- (default) For each N, the whole command `nqueens count N --method gpu --json` (what a
  user waits: Python's start, the CUDA context, the kernel loaded from numba-cuda's
  cache, the count, the unique count by Burnside's lemma) and the peer's binary, in
  turns in the same run, each checked against the published totals; the least of
  --repeats runs is kept and a Markdown table printed with the card named (`nqueens
  info`'s GPU line) and the ratio. The peer is a command template in which {n} stands
  for N, e.g. ygch/n_queens (totals only) built with `-gencode arch=compute_90,code=sm_90`
  for an H100, never in this repository:

      uv run python benchmarks/gpu.py --sizes 16-21 --peer "/tmp/n_queens/src/n_queens {n} 6"

- `--cpu-share`: no GPU needed. The CPU's work for each launch of a count (its prefixes
  made, as `count_on_gpu` makes them, launch by launch), timed on this machine, beside
  ygch/n_queens's whole time on an H100 (--reference). Run it on a quiet machine.

- `--tail`: no GPU, no timing: arithmetic on counts. Each task's steps (a task: one
  free square of a prefix's next row; its steps, the kernel's loop turns: one a queen
  placed, that square's and those below it) counted on the CPU, exactly or for a random
  sample of --sample prefixes a depth; then the launch's lanes (an H100's, at the
  kernel's occupancy) take tasks in order, each as soon as it is free, as the kernel's
  lanes do, a step and a task's taking (an empty one's too) costing one turn everywhere;
  the idle share of each launch is 1 - its turns / (lanes x its longest lane's). Fewer
  warps at the end each run faster on a real GPU, so this is an upper bound.

`--dry-run` runs the default measurement under numba's CUDA simulator at small N, to
check the script itself where no GPU is (CI does).
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import re
import shlex
import subprocess
import sys
import time

import numpy as np
from numba import njit

from nqueens.known import known_counts

YGCH_H100 = {18: 0.29, 19: 0.73, 20: 3.73, 21: 28.7}
"""ygch/n_queens's whole times on an H100 80GB, 6 rows placed (an earlier measurement)."""
H100_PROCESSORS = 132


def _sizes(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def _user_env(simulated: bool) -> dict[str, str]:
    """The environment a user has (this one may set PYTHONDONTWRITEBYTECODE, which users
    do not: every start would compile the package's bytecode again); the simulator's
    switch as asked."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["NUMBA_ENABLE_CUDASIM"] = "1" if simulated else env.get("NUMBA_ENABLE_CUDASIM", "0")
    return env


def ours(n: int, method: str, simulated: bool) -> float:
    """Seconds of the whole command, its counts checked."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", str(n), "--method", method, "--json"],
        capture_output=True,
        text=True,
        env=_user_env(simulated),
        timeout=600,
    )
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"count {n} --method {method} failed: {done.stderr.strip()[-500:]}")
    record = json.loads(done.stdout)
    if (record["total"], record["unique"]) != known_counts()[n]:
        raise SystemExit(f"count {n} --method {method} is wrong: {record}")
    return seconds


def peer(n: int, template: str) -> float:
    """Seconds of the peer's whole command; its last number printed must be the total."""
    started = time.perf_counter()
    done = subprocess.run(
        shlex.split(template.format(n=n)), capture_output=True, text=True, check=True, timeout=600
    )
    seconds = time.perf_counter() - started
    said = re.findall(r"result (\d+)", done.stdout) or re.findall(r"\b(\d{2,})\b", done.stdout)
    if not said or int(said[-1]) != known_counts()[n].total:
        raise SystemExit(f"the peer at N = {n} said: {done.stdout[-500:]}")
    return seconds


def _card(simulated: bool) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "info", "--json"],
        capture_output=True,
        text=True,
        check=True,
        env=_user_env(simulated),
    )
    return str(json.loads(done.stdout)["gpu"])


def whole_commands(args: argparse.Namespace) -> None:
    simulated = args.dry_run
    ours(6, args.method, simulated)  # numba's cache written (the kernel compiled) first
    print(f"GPU: {_card(simulated)}\n")
    if simulated:
        print("(numba's CUDA simulator: the script checked, the times mean nothing)\n")
    print(f"| N | `count N --method {args.method}` (total and unique) | peer (total) | ratio |")
    print("|---:|---:|---:|---:|")
    for n in _sizes(args.sizes):
        mine = theirs = float("inf")
        for _ in range(args.repeats):  # in turns, so that both see the same machine
            mine = min(mine, ours(n, args.method, simulated))
            if args.peer:
                theirs = min(theirs, peer(n, args.peer))
        if args.peer:
            print(f"| {n} | {mine:.2f} s | {theirs:.2f} s | {mine / theirs:.2f} |", flush=True)
        else:
            print(f"| {n} | {mine:.2f} s | | |", flush=True)


def _tasks(n: int, tasks: int | None = None) -> list[np.ndarray]:
    """The subproblems of each task of a whole count, as the runner cuts them (into the
    registry's tasks_per_worker, or `tasks`)."""
    from nqueens.engine.registry import METHODS
    from nqueens.engine.runtime.pool import batches

    gpu = METHODS["gpu"]
    parts = gpu.split(n)
    tasks = tasks or gpu.tasks_per_worker
    cut = batches(np.arange(len(parts)), 1, None, gpu.batch_limit, tasks)
    return [parts.rows[indices] for indices in cut]  # type: ignore[attr-defined]


def cpu_share(args: argparse.Namespace) -> None:
    """The CPU's time for each launch's prefixes, on this machine (no GPU): the least
    of `--repeats` runs, after a small count's prefixes are made (the first made in a
    process took 0.1-0.3 s more on the VM: numpy's first large allocations)."""
    from nqueens.engine.methods.gpu import split

    for rows in _tasks(12):
        for _ in split.task_launches(12, rows):
            pass
    print("| N | launches | prefixes a launch | CPU a launch (s) | all (s) | ygch on an H100 (s) "
          "| share |")  # fmt: skip
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n in _sizes(args.sizes):
        seconds: list[float] = []
        sizes: list[int] = []
        for repeat in range(max(1, args.repeats)):
            launch = 0
            for rows in _tasks(n):
                began = time.perf_counter()
                for words in split.task_launches(n, rows):
                    took = time.perf_counter() - began
                    if repeat == 0:
                        seconds.append(took)
                        sizes.append(len(words))
                    else:
                        seconds[launch] = min(seconds[launch], took)
                    launch += 1
                    began = time.perf_counter()
        reference = YGCH_H100.get(n)
        share = f"{sum(seconds) / reference:.1%}" if reference else ""
        print(
            f"| {n} | {len(sizes)} | {min(sizes):,}-{max(sizes):,} | {max(seconds):.3f} "
            f"| {sum(seconds):.3f} | {reference or ''} | {share} |",
            flush=True,
        )


@njit  # not cached: a test loads this file as a module numba cannot import again
def task_steps(n, words, per_prefix):  # type: ignore[no-untyped-def]
    """The kernel's loop turns for each task, `per_prefix` of them a prefix (one for each
    free square of its next row, in order; none left for the last ones): one a queen
    placed, its own square's and those below it but in the last row (counted, not
    placed), by the same search on the CPU."""
    full = (1 << n) - 1
    out = np.zeros(words.shape[0] * per_prefix, np.int64)
    cols = np.zeros(n, np.int64)
    left = np.zeros(n, np.int64)
    right = np.zeros(n, np.int64)
    free = np.zeros(n, np.int64)
    for p in range(words.shape[0]):
        c, lw, rw = np.int64(words[p, 0]), np.int64(words[p, 1]), np.int64(words[p, 2])
        placed = 0
        for i in range(n):
            placed += (c >> i) & 1
        squares = full & ~(c | lw | rw)
        for k in range(per_prefix):
            if squares == 0:
                break
            square = squares & -squares
            squares ^= square
            top = 0
            cols[0], left[0], right[0], free[0] = c, lw, rw, square
            turns = 0
            while top >= 0:
                f = free[top]
                if f == 0:
                    top -= 1
                    continue
                bit = f & -f
                free[top] = f ^ bit
                turns += 1
                if placed + top + 1 == n - 1:
                    continue  # the last row: counted by a popcount, no turn of its own
                top += 1
                cols[top] = cols[top - 1] | bit
                left[top] = ((left[top - 1] | bit) << 1) & full
                right[top] = (right[top - 1] | bit) >> 1
                free[top] = full & ~(cols[top] | left[top] | right[top])
            out[p * per_prefix + k] = turns
    return out


def _placed_rows(words: np.ndarray) -> np.ndarray:
    """The rows each prefix has placed (its columns word's bits)."""
    from nqueens.engine.methods.gpu.split import _popcount

    return _popcount(words[:, 0].astype(np.int64))


def _idle_share(durations: np.ndarray, lanes: int) -> float:
    """1 - work / (lanes x makespan) when lanes take the tasks in order, each as soon as
    it is free."""
    finish = [0] * min(lanes, len(durations))
    heapq.heapify(finish)
    for d in durations.tolist():
        heapq.heappush(finish, heapq.heappop(finish) + d + 1)  # the refill: one turn
    makespan = max(finish)
    work = float(durations.sum() + len(durations))
    return 1.0 - work / (lanes * makespan) if makespan else 0.0


def tail(args: argparse.Namespace) -> None:
    """The expected idle share of each launch of a whole count on an H100 (arithmetic on
    counts: see the module's docstring)."""
    from nqueens.engine import device
    from nqueens.engine.methods.gpu import shape, split

    per_sm = device.resident_blocks((9, 0), shape.BLOCK, shape.REGISTERS, shape.STACK_BYTES)
    lanes = per_sm * shape.BLOCK * H100_PROCESSORS
    rng = np.random.default_rng(args.seed)
    print(f"H100: {H100_PROCESSORS} processors x {per_sm} blocks of {shape.BLOCK}: {lanes:,} "
          "lanes\n")  # fmt: skip
    print("| N | rows placed (the last quarter: one more) | prefixes | tasks "
          "| steps (exact or sampled) | launches | idle share of each launch | of the last "
          "| of the count |")  # fmt: skip
    print("|---:|---:|---:|---:|---|---:|---|---:|---:|")
    for n in _sizes(args.sizes):
        depth, per = split.pre_placed(n), split.tasks_a_prefix(n)
        launches = [
            words for rows in _tasks(n, args.tasks) for words in split.task_launches(n, rows)
        ]
        total = sum(len(w) for w in launches)
        exact = args.sample is None or args.sample >= total
        if exact:
            steps = [task_steps(n, words, per) for words in launches]
            said = "exact"
        else:  # each prefix's tasks drawn from a sample of prefixes with as many rows placed
            every = np.concatenate(launches)
            rows = _placed_rows(every)
            drawn = {}
            for placed in np.unique(rows).tolist():
                mine = np.flatnonzero(rows == placed)
                chosen = rng.choice(mine, min(len(mine), args.sample), replace=False)
                drawn[placed] = task_steps(n, every[chosen], per).reshape(len(chosen), per)
            steps = []
            for words in launches:
                placed = _placed_rows(words)
                out = np.empty((len(words), per), np.int64)
                for k, sample in drawn.items():
                    where = np.flatnonzero(placed == k)
                    out[where] = sample[rng.integers(0, len(sample), len(where))]
                steps.append(out.ravel())
            said = f"{args.sample:,} drawn a depth"
        shares = [_idle_share(s, lanes) for s in steps]
        work = [float(s.sum() + len(s)) for s in steps]
        whole = sum(w * (1 / (1 - x)) for w, x in zip(work, shares, strict=True))
        print(
            f"| {n} | {depth} | {total:,} | {total * per:,} "
            f"| {said}, {sum(int(s.sum()) for s in steps):,} "
            f"| {len(launches)} | {', '.join(f'{x:.1%}' for x in shares)} | {shares[-1]:.1%} "
            f"| {1 - sum(work) / whole:.1%} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", help="N range, e.g. 16-21 (default: 16-21; 6-8 dry)")
    parser.add_argument("--peer", help="the peer's command, {n} standing for N")
    parser.add_argument("--repeats", type=int, default=1, help="runs each; the least is kept")
    parser.add_argument("--method", default="gpu", help="gpu (the search) or gpu-join")
    parser.add_argument("--dry-run", action="store_true", help="on the CUDA simulator")
    parser.add_argument("--cpu-share", action="store_true", help="the CPU's time a launch")
    parser.add_argument("--tail", action="store_true", help="the idle share of each launch")
    parser.add_argument("--sample", type=int, help="--tail: prefixes drawn (default: all)")
    parser.add_argument("--seed", type=int, default=1, help="--tail: the draw's seed")
    parser.add_argument("--tasks", type=int, help="--tail: tasks a count (default: the registry's)")
    args = parser.parse_args()
    args.sizes = args.sizes or ("6-8" if args.dry_run else "16-21")
    if args.cpu_share:
        cpu_share(args)
    elif args.tail:
        tail(args)
    else:
        whole_commands(args)


if __name__ == "__main__":
    main()
