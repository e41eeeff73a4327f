"""Benchmark of the counting engine: prints a Markdown table, one row per N.

For each N: the wall time of the whole command `nqueens count N` (what a user waits,
start-up included, the method `auto` picks), then each method on 1 worker and on every
core, every classic method of the registry (engine/registry.py), the one `auto` picks
from the highest N first: the join counter (with the most table memory one worker held),
the symmetric backtracking search (run up to --backtrack-max; it grows about 7x per N),
the pure-Python bitboard counter (run only where it takes under a minute); --max
METHOD=N limits any of them. The vector path of the kernels (engine/methods/join/simd.py)
is printed above the tables: NUMBA_CPU_NAME=haswell NUMBA_CPU_FEATURES="" measures the
AVX2 path on any x86-64 machine that has AVX2, NUMBA_CPU_NAME=generic the portable one.
Then a memory
probe: an N = 20 count runs for a while with its resident memory sampled (the parent and
every worker), and is interrupted.

With `--peer N=PATH` (once per N: the published counter EvgenyKluev/N-Queens-Count-Sol
fixes its board size when it is compiled), the whole command `nqueens count N` and the
peer's binary run in turns in the same run, and a second table gives their times and
ratio. Build the peer under /tmp by its own instructions, never in this repository
(docs/benchmarks.md).

First, the quick start: `nqueens solve 8` and `nqueens count 12` as whole commands,
median of --startup-runs each, and their ratio.

    uv run python benchmarks/engine.py               # N = 12..18
    uv run python benchmarks/engine.py --sizes 19-20 --backtrack-max 0 --memory-seconds 0
    uv run python benchmarks/engine.py --peer 18=/tmp/peer/nq18 --peer 19=/tmp/peer/nq19 \
        --methods none --memory-n 20,21
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import nqueens
from nqueens.counting import best_method
from nqueens.engine.registry import METHODS, Method
from nqueens.known import known_counts
from nqueens.system import info

PYTHON_LIMIT = 14  # the pure-Python counter beyond this takes minutes


def _sizes(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def _timed(n: int, **options: object) -> nqueens.CountResult:
    result = nqueens.count(n, **options)  # type: ignore[arg-type]
    assert (result.total, result.unique) == known_counts()[n], f"wrong count for N = {n}"
    return result


def _user_env() -> dict[str, str]:
    """This environment as a user has it: Python may cache bytecode (some sandboxes forbid
    it through PYTHONDONTWRITEBYTECODE, adding a second of compiling to every start)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _command_seconds(n: int) -> float:
    """The whole command as a user runs it, after a first run of the method `auto` picks
    for N has written the bytecode and numba caches; its printed total is checked
    against the known count."""
    command = [sys.executable, "-m", "nqueens", "count", str(n), "--json"]
    warm = [*command[:4], "12", "-q", "--method", best_method(n)]
    subprocess.run(warm, check=True, stdout=subprocess.DEVNULL, env=_user_env())
    start = time.perf_counter()
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=_user_env())
    seconds = time.perf_counter() - start
    total = json.loads(done.stdout)["total"]
    assert total == known_counts()[n][0], f"nqueens counted {total} for N = {n}"
    return seconds


def _peer_seconds(n: int, binary: Path, threads: int) -> float:
    """The published counter, compiled for board size N, on `threads` threads; its
    "Result:" line is checked against the known count."""
    start = time.perf_counter()
    done = subprocess.run([str(binary), str(threads)], check=True, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    found = re.search(r"Result:\s*(\d+)", done.stdout)
    assert found, f"{binary} printed no 'Result:' line"
    assert int(found[1]) == known_counts()[n][0], f"{binary} counted {found[1]} for N = {n}"
    return seconds


def startup_table(runs: int) -> None:
    """The whole commands `nqueens solve 8` and `nqueens count 12` (bytecode cached, after
    one run of each), in turns: the medians and their ratio."""
    commands = {
        "`nqueens solve 8`": [sys.executable, "-m", "nqueens", "solve", "8"],
        "`nqueens count 12`": [sys.executable, "-m", "nqueens", "count", "12"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for attempt in range(runs + 1):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=_user_env())
            if attempt:  # the first run writes the bytecode
                times[name].append(time.perf_counter() - start)
    solve, count = (statistics.median(t) for t in times.values())
    print(
        "| `nqueens solve 8` (s) | `nqueens count 12` (s) | ratio |\n|---:|---:|---:|\n"
        f"| {solve:.3f} | {count:.3f} | {count / solve:.2f} |",
        flush=True,
    )


def _peers(entries: list[str]) -> dict[int, Path]:
    """`--peer N=PATH` entries, each binary checked to exist before anything runs."""
    peers = {}
    for entry in entries:
        size, separator, path = entry.partition("=")
        if not separator or not size.isdigit():
            raise SystemExit(
                f"--peer takes N=PATH (the binary built for board size N), not {entry!r}"
            )
        binary = Path(path).expanduser()
        if not os.access(binary, os.X_OK):
            raise SystemExit(f"--peer {entry}: no executable file at {binary}")
        peers[int(size)] = binary
    return peers


def peer_table(peers: dict[int, Path], repeats: int, threads: int) -> None:
    """Our command and the peer's in turns, `repeats` times each: the means and ratio."""
    print(
        f"| N | `nqueens count N` (s) | published counter, {threads} threads (s) | ratio |\n"
        "|---:|---:|---:|---:|"
    )
    for n, binary in sorted(peers.items()):
        ours, theirs = [], []
        for _ in range(repeats):
            ours.append(_command_seconds(n))
            theirs.append(_peer_seconds(n, binary, threads))
        mine, peer = statistics.mean(ours), statistics.mean(theirs)
        print(f"| {n} | {mine:.2f} | {peer:.2f} | {mine / peer:.2f} |", flush=True)


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
    found = info()
    return (
        f"{cpu} ({os.cpu_count()} cores), Python {platform.python_version()}\n"
        f"Vector path: {found.vector_path} (numba target {found.target}; bit extraction by "
        f"{found.bit_extract})"
    )


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
    finished = proc.poll() is not None
    if not finished:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=60)
    span = "over the whole count" if finished else f"sampled for {seconds:.0f} s"
    return (
        f"N = {n}, {span}: peak resident memory {peak_parent / 1024:.0f} MB "
        f"(parent), {peak_worker / 1024:.0f} MB (largest worker), {peak_total / 1024:.0f} MB "
        "(all processes together, shared pages counted in each)"
    )


def _classic_methods() -> list[Method]:
    """The registry's methods for the square board, those `auto` picks latest first (the
    join, then backtrack, then the ones it never picks): a new method gets its columns."""
    classic = [m for m in METHODS.values() if m.variant == "classic"]
    return sorted(classic, key=lambda m: -(m.auto_from or 0))


def method_table(sizes: list[int], limits: dict[str, int]) -> None:
    """Per N: the whole command, then every classic method on 1 and every core (and the
    most table memory one worker held, for a method that keeps tables), up to its limit."""
    cores = os.cpu_count() or 1
    methods = _classic_methods()
    for method in methods:  # compile or load the kernels outside the timings
        _timed(min(12, method.largest), method=method.name)
    header = ["N", "`nqueens count N`, wall (s)"]
    for method in methods:
        header += [f"{method.name}, 1 worker (s)", f"{method.name}, {cores} workers (s)"]
        if any(f.peak for f in method.fields):
            header.append(f"{method.name} tables")
    print("| " + " | ".join(header) + " |")
    print("|" + "---:|" * len(header))
    for n in sizes:
        cells = [str(n), f"{_command_seconds(n):.2f}"]
        for method in methods:
            tables = any(f.peak for f in method.fields)
            if n > min(method.largest, limits.get(method.name, method.largest)):
                cells += ["-"] * (3 if tables else 2)
                continue
            runs = [_timed(n, method=method.name, workers=w) for w in (1, cores)]
            cells += [f"{r.time:.2f}" for r in runs]
            if tables:
                cells.append(f"{max(r.memory or 0 for r in runs) / 2**20:.1f} MB")
        print("| " + " | ".join(cells) + " |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="12-18", help="N range, e.g. 12-18")
    parser.add_argument(
        "--methods", choices=("all", "none"), default="all", help="none: skip the per-method table"
    )
    parser.add_argument("--backtrack-max", type=int, default=18, help="largest N to backtrack")
    parser.add_argument(
        "--max",
        action="append",
        default=[],
        metavar="METHOD=N",
        help="largest N to time a method at (repeat; default: its range, python 14)",
    )
    parser.add_argument(
        "--peer",
        action="append",
        default=[],
        metavar="N=PATH",
        help="the published counter's binary built for board size N (repeat per N)",
    )
    parser.add_argument("--repeats", type=int, default=2, help="runs of each side per peer N")
    parser.add_argument(
        "--memory-n", default="20", help="N (or several, comma-separated) for the memory probe"
    )
    parser.add_argument("--memory-seconds", type=float, default=30.0)
    parser.add_argument(
        "--startup-runs", type=int, default=5, help="runs of each quick-start command (0: none)"
    )
    args = parser.parse_args()
    peers = _peers(args.peer)
    cores = os.cpu_count() or 1
    print(f"Machine: {_machine()}\n")
    if args.startup_runs > 0:
        startup_table(args.startup_runs)
        print()
    if peers:
        peer_table(peers, args.repeats, cores)
        print()
    if args.methods == "all":
        limits = {"python": PYTHON_LIMIT, "backtrack": args.backtrack_max}
        limits |= {k: int(v) for k, _, v in (m.partition("=") for m in args.max)}
        method_table(_sizes(args.sizes), limits)
    if args.memory_seconds > 0:
        print()
        for n in (int(part) for part in args.memory_n.split(",")):
            print(memory_probe(n, args.memory_seconds), flush=True)


if __name__ == "__main__":
    main()
