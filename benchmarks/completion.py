"""Benchmark of n-Queens completion on CSPLib prob079, beside the authors' own solver.

Takes a sample of the Excluded Diagonals instances of one size around the phase
transition, answers each with `nqueens.complete` in two forms (the excluded diagonals
as given; the authors' transformation into a completion board of thousands of squares
a side with almost every queen fixed), and, when given, with the authors' C++ solver
(shiftqueensdiags, built from prob079's models/). Reports agreement with the published
answers and total, median and slowest time per instance for each.

    uv run python benchmarks/completion.py --prob079 PATH/Problems/prob079 \
        --peer /tmp/shiftqueensdiags --n 21 --diagonals 18,19,20 --sample 20

Nothing of prob079 is stored here: the folder and the peer are paths you give.
"""

from __future__ import annotations

import argparse
import gzip
import random
import re
import statistics
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass
from pathlib import Path

from nqueens.completion import complete
from nqueens.completion.formats import from_diagonals, read_instance


@dataclass
class Row:
    name: str
    d: int
    published: bool  # satisfiable, by the published run
    times: dict[str, float]
    answers: dict[str, str]


def published_answers(folder: Path, n: int) -> dict[tuple[int, int], bool]:
    """(instance id, d) -> satisfiable, from results/run-diags-shiftqueens-processed.txt.gz."""
    answers = {}
    with gzip.open(folder / "results/run-diags-shiftqueens-processed.txt.gz", "rt") as lines:
        for line in lines:
            f = line.split()
            if len(f) >= 12 and f[0] == str(n) and f[9] == "0":  # finished, not timed out
                answers[(int(f[3]), int(f[1]))] = f[5] != "0"
    return answers


def instances(folder: Path, n: int) -> dict[int, str]:
    """instance id -> the text of diag-N-4-ID.param, read from data/diag-N.tar.gz."""
    found = {}
    with tarfile.open(folder / f"data/diag-{n}.tar.gz") as archive:
        for member in archive.getmembers():
            match = re.search(r"diag-\d+-\d+-(\d+)\.param$", member.name)
            handle = archive.extractfile(member) if match else None
            if match and handle is not None:
                found[int(match.group(1))] = handle.read().decode()
    return found


def run_peer(peer: Path, text: str, d: int, limit: float) -> tuple[str, float]:
    """The authors' solver on one instance: its answer and wall time (process included)."""
    numbers = " ".join(re.findall(r"\d+", text))
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [str(peer), str(d)], input=numbers, capture_output=True, text=True, timeout=limit
        )
    except subprocess.TimeoutExpired:
        return "unknown", time.perf_counter() - start
    seconds = time.perf_counter() - start
    if "Solution Found" in done.stdout:
        return "solved", seconds
    return ("impossible" if "No solution" in done.stdout else "unknown"), seconds


def transformed(folder: Path, text: str, d: int) -> str:
    """The authors' transformation of the first d diagonals into an Essence' completion file."""
    script = folder / "models/queens-diag-transform.py"
    done = subprocess.run(
        [sys.executable, str(script), str(d)],
        input=text,
        capture_output=True,
        text=True,
        cwd=script.parent,
        check=True,
    )
    return done.stdout


def ours(text: str, d: int | None, limit: float) -> tuple[str, float]:
    start = time.perf_counter()
    board = read_instance(text, diagonals=d)
    result = complete(board, time_limit=limit)
    return result.status, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prob079", type=Path, required=True, help="CSPLib's Problems/prob079")
    parser.add_argument("--peer", type=Path, help="the authors' shiftqueensdiags binary")
    parser.add_argument("--n", type=int, default=21)
    parser.add_argument("--diagonals", default="18,19,20", help="values of d, comma separated")
    parser.add_argument("--sample", type=int, default=20, help="instances per value of d")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--no-transform", action="store_true", help="skip the big-board form")
    args = parser.parse_args()

    answers = published_answers(args.prob079, args.n)
    texts = instances(args.prob079, args.n)
    draw = random.Random(args.seed)
    complete(from_diagonals(texts[min(texts)], 1))  # compile or load the kernels first
    rows: list[Row] = []
    for d in (int(x) for x in args.diagonals.split(",")):
        ids = sorted(i for i in texts if (i, d) in answers)
        for i in sorted(draw.sample(ids, min(args.sample, len(ids)))):
            row = Row(f"diag-{args.n}-4-{i}", d, answers[(i, d)], {}, {})
            row.answers["diagonals"], row.times["diagonals"] = ours(texts[i], d, args.time_limit)
            if not args.no_transform:
                big = transformed(args.prob079, texts[i], d)
                row.answers["big board"], row.times["big board"] = ours(big, None, args.time_limit)
            if args.peer:
                row.answers["peer"], row.times["peer"] = run_peer(
                    args.peer, texts[i], d, args.time_limit
                )
            rows.append(row)
            print(
                f"{row.name} d={d} published={'sat' if row.published else 'unsat'} "
                + " ".join(f"{k}={row.answers[k]}:{row.times[k]:.3f}s" for k in row.times),
                file=sys.stderr,
            )
    print(f"\nn = {args.n}, d in {args.diagonals}, {len(rows)} instances")
    sat = sum(r.published for r in rows)
    print(f"published: {sat} satisfiable, {len(rows) - sat} not\n")
    print("| solver | agree | unknown | total (s) | median (s) | slowest (s) | slowest instance |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for form in rows[0].times if rows else ():
        times = [r.times[form] for r in rows]
        agree = sum(r.answers[form] == ("solved" if r.published else "impossible") for r in rows)
        unknown = sum(r.answers[form] == "unknown" for r in rows)
        worst = max(rows, key=lambda r: r.times[form])
        print(
            f"| {form} | {agree}/{len(rows)} | {unknown} | {sum(times):.2f} | "
            f"{statistics.median(times):.3f} | {max(times):.2f} | {worst.name} d={worst.d} |"
        )


if __name__ == "__main__":
    main()
