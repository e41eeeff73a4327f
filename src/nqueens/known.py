"""The published solution counts (OEIS A000170 total, A002562 unique) for N = 1..27.

The one table of known answers: tests and benchmarks check every counter against it.
"""

from __future__ import annotations

import csv
import functools
from importlib import resources
from typing import NamedTuple

__all__ = ["KnownCount", "known_counts"]


class KnownCount(NamedTuple):
    total: int
    unique: int


@functools.cache
def known_counts() -> dict[int, KnownCount]:
    """{N: (total, unique)} for every N with a published count."""
    text = resources.files("nqueens").joinpath("data/counts.csv").read_text()
    rows = csv.DictReader(text.splitlines())
    return {int(r["n"]): KnownCount(int(r["total"]), int(r["unique"])) for r in rows}
