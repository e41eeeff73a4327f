"""Counting solutions: total and unique, and the result type every counter returns."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any

from nqueens.errors import SizeTooLargeError
from nqueens.search.bitboard import count_bitboard
from nqueens.validate import board_size

__all__ = ["PURE_PYTHON_MAX_N", "CountResult", "count"]

PURE_PYTHON_MAX_N = 15
"""The largest N the pure-Python counter finishes in about a minute."""


@dataclass(frozen=True)
class CountResult:
    """Total and unique solution counts for one board size, and how they were found."""

    n: int
    total: int
    unique: int
    time: float
    method: str
    workers: int = 1
    subproblems: int = 1

    def to_dict(self) -> dict[str, Any]:
        """Plain values for JSON output."""
        return asdict(self)


def count(n: int) -> CountResult:
    """Count all solutions and the unique ones (one per symmetry class).

    Examples
    --------
    >>> r = count(8)
    >>> r.total, r.unique
    (92, 12)
    """
    n = board_size(n)
    if n > PURE_PYTHON_MAX_N:
        raise SizeTooLargeError(
            f"N = {n} is too large for the pure-Python counter: use N <= {PURE_PYTHON_MAX_N}"
        )
    start = time.perf_counter()
    total, unique = count_bitboard(n)
    return CountResult(n, total, unique, time.perf_counter() - start, method="python-bitboard")
