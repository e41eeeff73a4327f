"""Benchmark of the gpu counting method beside a published GPU counter, on the same card.

For each N, the whole command `nqueens count N --method gpu --json` (what a user waits:
Python's start, the CUDA context, the kernel loaded from numba's cache, the count, the
unique count by Burnside's lemma) and the peer's binary run in turns, in the same run,
each checked against the published totals; the least of --repeats runs is kept and a
Markdown table printed with the card named (`nqueens info`'s GPU line) and the ratio.

The peer is given as a command template in which {n} stands for N, e.g. ygch/n_queens
(totals only), built under /tmp by its own compile.sh with `-gencode
arch=compute_90,code=sm_90` for an H100, never in this repository:

    uv run python benchmarks/gpu.py --sizes 16-21 --peer "/tmp/n_queens/src/n_queens {n} 6"

Without a GPU it runs under numba's CUDA simulator only where asked
(NUMBA_ENABLE_CUDASIM=1, small N), to check the script itself. On an H100 the default
sizes (16-21) finish within five minutes, the peer included.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time

from nqueens.known import known_counts


def _sizes(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def _user_env() -> dict[str, str]:
    """The environment a user has (this one sets PYTHONDONTWRITEBYTECODE, which users do
    not: every start would compile the package's bytecode again)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def ours(n: int, method: str = "gpu") -> float:
    """Seconds of the whole command, its counts checked."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", str(n), "--method", method, "--json"],
        capture_output=True,
        text=True,
        env=_user_env(),
        check=True,
    )
    seconds = time.perf_counter() - started
    record = json.loads(done.stdout)
    assert (record["total"], record["unique"]) == known_counts()[n], record
    return seconds


def peer(n: int, template: str) -> float:
    """Seconds of the peer's whole command; its last number printed must be the total."""
    started = time.perf_counter()
    done = subprocess.run(
        shlex.split(template.format(n=n)), capture_output=True, text=True, check=True
    )
    seconds = time.perf_counter() - started
    said = re.findall(r"result (\d+)", done.stdout) or re.findall(r"\b(\d{2,})\b", done.stdout)
    assert said and int(said[-1]) == known_counts()[n].total, done.stdout[-500:]
    return seconds


def _card() -> str:
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "info", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    return str(json.loads(done.stdout)["gpu"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="16-21", help="N range, e.g. 16-21")
    parser.add_argument("--peer", help="the peer's command, {n} standing for N")
    parser.add_argument("--repeats", type=int, default=1, help="runs each; the least is kept")
    parser.add_argument("--method", default="gpu", help="gpu (the search) or gpu-join")
    args = parser.parse_args()
    ours(8, args.method)  # numba's cache written (and the kernel compiled) before any timing
    print(f"GPU: {_card()}\n")
    print(f"| N | `count N --method {args.method}` (total and unique) | peer (total) | ratio |")
    print("|---:|---:|---:|---:|")
    for n in _sizes(args.sizes):
        mine = theirs = float("inf")
        for _ in range(args.repeats):  # in turns, so that both see the same machine
            mine = min(mine, ours(n, args.method))
            if args.peer:
                theirs = min(theirs, peer(n, args.peer))
        if args.peer:
            print(f"| {n} | {mine:.2f} s | {theirs:.2f} s | {mine / theirs:.2f} |", flush=True)
        else:
            print(f"| {n} | {mine:.2f} s | | |", flush=True)


if __name__ == "__main__":
    main()
