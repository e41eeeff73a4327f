"""Benchmark of the counting engine: prints a Markdown table, one row per N.

For each N: the wall time of the whole command `nqueens count N` (what a user waits,
start-up included, the method `auto` picks), then each method on 1 worker and on every
core: the join counter (with the most table memory one worker held) and the symmetric
backtracking search (run up to --backtrack-max; it grows about 7x per N), beside the
pure-Python bitboard counter (run only where it takes under a minute). Then a memory
probe: an N = 20 count runs for a while with its resident memory sampled (the parent and
every worker), and is interrupted.

    uv run python benchmarks/engine.py               # N = 12..18
    uv run python benchmarks/engine.py --sizes 19-20 --backtrack-max 0 --memory-seconds 0
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import signal
import subprocess
import sys
import time
from pathlib import Path

import nqueens
from nqueens.known import known_counts

PYTHON_LIMIT = 14  # the pure-Python counter beyond this takes minutes


def _sizes(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def _timed(n: int, **options: object) -> nqueens.CountResult:
    result = nqueens.count(n, **options)  # type: ignore[arg-type]
    assert (result.total, result.unique) == known_counts()[n], f"wrong count for N = {n}"
    return result


def _command_seconds(n: int) -> float:
    """The whole command as a user runs it: Python may cache bytecode (some sandboxes
    forbid it through PYTHONDONTWRITEBYTECODE, adding a second of compiling to every
    start), and a first run has already written the caches."""
    command = [sys.executable, "-m", "nqueens", "count", str(n), "-q"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    warm = [*command[:4], "12", "-q"]  # leaves the bytecode and numba caches a first run does
    subprocess.run(warm, check=True, stdout=subprocess.DEVNULL, env=env)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def _machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    cpu = model or platform.processor()
    return f"{cpu} ({os.cpu_count()} cores), Python {platform.python_version()}"


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):  # the task ended while we looked
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def memory_probe(n: int, seconds: float) -> str:
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "count", str(n), "--quiet"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    peak_parent = peak_worker = peak_total = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end and proc.poll() is None:
        parent = _rss_kib(proc.pid)
        workers = [_rss_kib(c) for c in _children(proc.pid)]
        peak_parent = max(peak_parent, parent)
        peak_worker = max([peak_worker, *workers])
        peak_total = max(peak_total, parent + sum(workers))
        time.sleep(0.25)
    os.killpg(proc.pid, signal.SIGINT)
    proc.wait(timeout=60)
    return (
        f"N = {n}, sampled for {seconds:.0f} s: peak resident memory {peak_parent / 1024:.0f} MB "
        f"(parent), {peak_worker / 1024:.0f} MB (largest worker), {peak_total / 1024:.0f} MB "
        "(all processes together, shared pages counted in each)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="12-18", help="N range, e.g. 12-18")
    parser.add_argument("--backtrack-max", type=int, default=18, help="largest N to backtrack")
    parser.add_argument("--memory-n", type=int, default=20)
    parser.add_argument("--memory-seconds", type=float, default=30.0)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    for method in ("backtrack", "join"):  # compile or load the kernels outside the timings
        _timed(12, method=method)
    print(f"Machine: {_machine()}\n")
    print(
        f"| N | `nqueens count N`, wall (s) | join, 1 worker (s) | join, {cores} workers (s) "
        f"| join tables | backtrack, 1 worker (s) | backtrack, {cores} workers (s) "
        "| pure-Python bitboard (s) |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in _sizes(args.sizes):
        wall = _command_seconds(n)
        joined = [_timed(n, method="join", workers=w) for w in (1, cores)]
        memory = max(r.memory or 0 for r in joined) / 2**20
        backtracked = (
            [f"{_timed(n, method='backtrack', workers=w).time:.2f}" for w in (1, cores)]
            if n <= args.backtrack_max
            else ["-", "-"]
        )
        python = f"{_timed(n, method='python').time:.2f}" if n <= PYTHON_LIMIT else "-"
        print(
            f"| {n} | {wall:.2f} | {joined[0].time:.2f} | {joined[1].time:.2f} | {memory:.1f} MB "
            f"| {backtracked[0]} | {backtracked[1]} | {python} |",
            flush=True,
        )
    if args.memory_seconds > 0:
        print()
        print(memory_probe(args.memory_n, args.memory_seconds))


if __name__ == "__main__":
    main()
