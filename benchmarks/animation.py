"""How fast films are drawn: frames per second and file size, by board and picture size.

    uv run python benchmarks/animation.py

Prints a table; the README quotes it with the machine it ran on.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import nqueens

CASES = [  # (N, solutions to stop after, frame size in pixels, format)
    (4, None, 480, "gif"),
    (8, 1, 480, "gif"),
    (8, 1, 320, "gif"),
    (8, 1, 480, "mp4"),
    (8, 1, 480, "html"),
]


def main() -> None:
    print(
        f"{'N':>3} {'until':>12} {'size':>5} {'format':>6} {'frames':>7} {'seconds':>8} "
        f"{'frames/s':>9} {'MB':>6}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for n, solutions, size, fmt in CASES:
            film = nqueens.animate(n, solutions=solutions, size=size, max_frames=None)
            path = Path(folder) / f"film.{fmt}"
            start = time.perf_counter()
            try:
                frames = film.save(path)
            except nqueens.BackendUnavailableError as error:
                print(f"{n:>3} {fmt}: skipped ({error})")
                continue
            seconds = time.perf_counter() - start
            until = "whole search" if solutions is None else f"{solutions} solution"
            print(
                f"{n:>3} {until:>12} {size:>5} {fmt:>6} {frames:>7} {seconds:>8.2f} "
                f"{frames / seconds:>9.0f} {os.path.getsize(path) / 1e6:>6.2f}"
            )


if __name__ == "__main__":
    main()
