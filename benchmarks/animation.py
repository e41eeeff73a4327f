"""How fast films are drawn: frames per second and file size, by board and picture size.

    uv run python benchmarks/animation.py          # the table
    uv run python benchmarks/animation.py --tiny   # one short film of each kind, to try it

Prints a table; docs/seeing.md quotes it with the machine it ran on. `state` says whether
the film has the panel of the algorithm's state beside the board (the default).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import nqueens

CASES = [  # (N, solutions to stop after, frame size in pixels, format, state panel)
    (4, None, 480, "gif", True),
    (8, 1, 480, "gif", True),
    (8, 1, 480, "gif", False),
    (8, 1, 320, "gif", True),
    (8, 1, 480, "mp4", True),
    (8, 1, 480, "html", True),
]
TINY = [(4, 1, 200, fmt, state) for fmt in ("gif", "mp4", "html") for state in (True, False)]


def main() -> None:
    print(
        f"{'N':>3} {'until':>12} {'size':>5} {'format':>6} {'state':>5} {'frames':>7} "
        f"{'seconds':>8} {'frames/s':>9} {'MB':>6}"
    )
    cases = TINY if "--tiny" in sys.argv[1:] else CASES
    with tempfile.TemporaryDirectory() as folder:
        for n, solutions, size, fmt, state in cases:
            film = nqueens.animate(n, solutions=solutions, size=size, max_frames=None, state=state)
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
                f"{n:>3} {until:>12} {size:>5} {fmt:>6} {'yes' if state else 'no':>5} "
                f"{frames:>7} {seconds:>8.2f} {frames / seconds:>9.0f} "
                f"{os.path.getsize(path) / 1e6:>6.2f}"
            )


if __name__ == "__main__":
    main()
