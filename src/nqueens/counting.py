"""Counting solutions: total and unique, by the method best suited, and the result type.

`count` is the one entry point; the methods it can use are listed in `METHODS`. The fast
engine (numba) is imported only when a count asks for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nqueens.errors import InvalidSizeError, SizeTooLargeError, UnknownAlgorithmError
from nqueens.validate import board_size

if TYPE_CHECKING:
    from nqueens.engine.run import Progress

__all__ = ["METHODS", "PURE_PYTHON_MAX_N", "CountResult", "best_method", "count"]

PURE_PYTHON_MAX_N = 15
"""The largest N the pure-Python counter finishes in about a minute."""


@dataclass(frozen=True)
class CountResult:
    """Total and unique solution counts for one board size, and how they were found.

    `subproblems` is how many pieces the search was split into, `resumed` how many of
    them came from a journal rather than from this run, `nodes` how many queens the
    search placed (0 where a method does not count them). `half_turn` and `quarter_turn`
    (P and R, OEIS A032522 and A033148) count the solutions that a half turn or a quarter
    turn of the board leaves unchanged, where the method finds them (None otherwise).
    `memory` is the most bytes of working tables one worker held (the join method's
    half-board lists and match tables; None where a method keeps no tables).
    """

    n: int
    total: int
    unique: int
    time: float
    method: str
    workers: int = 1
    subproblems: int = 1
    resumed: int = 0
    nodes: int = 0
    half_turn: int | None = None
    quarter_turn: int | None = None
    memory: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain values for JSON output."""
        return asdict(self)


METHODS = {
    "backtrack": "numba bitboard search with the symmetry of the square, split over workers",
    "join": "half-boards listed and matched on their diagonals (numba; N <= 23)",
    "python": "the pure-Python bitboard counter (no numba; N <= 15)",
}
"""Counting methods by name; `auto` picks the fastest available (`best_method`)."""

JOIN_FROM_N = 12
"""`auto` joins from this N up (to the join's limit): measured faster from N = 12 on
(benchmarks/engine.py); below it either method is instant."""

JOIN_MAX_N = 23
"""The join method's largest N. Its signatures would hold 2(N-1) bits up to N = 33, but
its list of orbits (engine/halves.py) outgrows memory first: N = 23 has 4 million
representatives (100 MB), N = 25 would have 67 million."""


def best_method(n: int) -> str:
    """The fastest counting method for an N x N board."""
    return "join" if JOIN_FROM_N <= n <= JOIN_MAX_N else "backtrack"


def count(
    n: int,
    *,
    method: str = "auto",
    workers: int | None = None,
    journal: str | Path | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    on_compile: Callable[[], None] | None = None,
    scheduler: str | None = None,
    batch_size: int | None = None,
    connect_timeout: float = 10.0,
) -> CountResult:
    """Count all solutions and the unique ones (one per symmetry class).

    `method` is `auto` (the fastest for N: `best_method`), `backtrack`, `join` or
    `python` (see `METHODS`). `workers` defaults to every core (1 counts in this
    process); `journal` names a SQLite file that keeps finished work, so rerunning the
    same call resumes it.
    `scheduler` runs the count on a Dask cluster (`tcp://host:8786`, or `local`).

    Examples
    --------
    >>> r = count(8)
    >>> r.total, r.unique
    (92, 12)
    """
    n = board_size(n)
    if method == "auto":
        method = best_method(n)
    if method not in METHODS:
        raise UnknownAlgorithmError(
            f"unknown method {method!r}; choose one of: auto, {', '.join(METHODS)}"
        )
    if method == "python":
        if journal is not None or scheduler is not None or workers not in (None, 1):
            raise InvalidSizeError(
                "the python method runs on one core, without a journal or a cluster"
            )
        return _count_python(n)
    from nqueens.engine.run import count_engine

    return count_engine(
        n,
        method=method,
        workers=workers,
        journal=journal,
        on_progress=on_progress,
        on_compile=on_compile,
        scheduler=scheduler,
        batch_size=batch_size,
        connect_timeout=connect_timeout,
    )


def _count_python(n: int) -> CountResult:
    from nqueens.search.bitboard import count_bitboard

    if n > PURE_PYTHON_MAX_N:
        raise SizeTooLargeError(
            f"N = {n} is too large for the pure-Python counter: use N <= {PURE_PYTHON_MAX_N}"
        )
    start = time.perf_counter()
    total, unique = count_bitboard(n)
    return CountResult(n, total, unique, time.perf_counter() - start, method="python")
