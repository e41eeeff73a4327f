"""Benchmark of completion at the edges: huge free parts, big board files, time limits.

Runs the real command (`python -m nqueens complete ...`, start-up included) on the cases
of issue 27 and prints one table row each: the answer, the exit status, the wall time,
and whether the printed columns are a valid completion (checked in O(N)).

    uv run python benchmarks/huge_completion.py              # the issue's sizes
    uv run python benchmarks/huge_completion.py --scale 0.01 # a quick try

Board files are written under a temporary folder and removed afterwards.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from nqueens.completion import Partial
from nqueens.large import check_array, construct


def board_file(folder: Path, n: int, blocked: float, seed: int) -> tuple[Path, Partial]:
    """An n x n board of dots with a share of its squares blocked, as a text file."""
    rng = np.random.default_rng(seed)
    rows = np.full((n, n + 1), ord("."), dtype=np.uint8)
    rows[:, n] = ord("\n")
    k = int(blocked * n * n)
    r, c = rng.integers(0, n, k), rng.integers(0, n, k)
    rows[r, c] = ord("x")
    path = folder / f"board-{n}-{blocked:g}.txt"
    path.write_bytes(rows.tobytes())
    squares = frozenset(zip(r.tolist(), c.tolist(), strict=True))
    return path, Partial(n, {}, squares)


def run(args: list[str], partial: Partial | None) -> tuple[str, int, float, str]:
    """The answer's first words, exit status, wall seconds, and the check of its columns."""
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "complete", *args], capture_output=True, text=True
    )
    took = time.perf_counter() - began
    lines = done.stdout.splitlines() or done.stderr.splitlines() or ["(nothing)"]
    answer = next((x for x in lines if not x.startswith(("columns:", "Q", "q", ".", "x"))), "")
    valid = "-"
    columns = next((x for x in lines if x.startswith("columns: ")), None)
    if columns is not None and partial is not None:
        cols = np.array(columns.split()[1:], dtype=np.int64)
        ok = check_array(cols).is_valid and all(cols[r] == c for r, c in partial.fixed.items())
        ok = ok and not any(cols[r] == c for r, c in partial.blocked)
        valid = "valid" if ok else "INVALID"
    return answer.split("(")[0].strip()[:60], done.returncode, took, valid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="shrink every N by this")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()

    def size(n: int) -> int:
        return max(8, int(n * options.scale))

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cases: list[tuple[str, list[str], Partial | None]] = []
        for n in (size(1_000_000), size(10_000_000)):
            cases.append((f"'0:0' --n {n:,}", ["0:0", "--n", str(n)], Partial(n, {0: 0})))
        n = size(1_000_000)
        solution = construct(n)
        assert solution is not None
        rng = random.Random(options.seed)
        fixed = {r: int(solution[r]) for r in rng.sample(range(n), min(n, 300))}
        pairs = " ".join(f"{r}:{c}" for r, c in fixed.items())
        cases.append((f"300 fixed queens, N = {n:,}", [pairs, "--n", str(n)], Partial(n, fixed)))
        path, partial = board_file(folder, size(10_000), 0.001, options.seed)
        cases.append((f"{partial.n:,}^2 file, 0.1% blocked", [str(path)], partial))
        path, partial = board_file(folder, size(3000), 0.0, options.seed)
        cases.append(
            (f"{partial.n:,}^2 dots, --time-limit 3", [str(path), "--time-limit", "3"], partial)
        )
        limited = ["0:0", "--n", str(10**9), "--time-limit", "2"]
        cases.append(("'0:0' --n 10^9 --time-limit 2 (refused)", limited, None))
        print("| case | answer | exit | wall (s) | columns |")
        print("|---|---|---:|---:|---|")
        for name, args, board in cases:
            answer, code, took, valid = run(args, board)
            print(f"| {name} | {answer} | {code} | {took:.2f} | {valid} |", flush=True)


if __name__ == "__main__":
    main()
