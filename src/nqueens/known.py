"""The published solution counts (OEIS A000170 total, A002562 unique) for N = 1..27.

The one table of known answers: tests and benchmarks check every counter against it.
"""

from __future__ import annotations

import csv
import functools
from importlib import resources
from typing import NamedTuple

__all__ = ["KnownCount", "known_counts", "listing_length"]


class KnownCount(NamedTuple):
    total: int
    unique: int


@functools.cache
def known_counts() -> dict[int, KnownCount]:
    """{N: (total, unique)} for every N with a published count."""
    text = resources.files("nqueens").joinpath("data/counts.csv").read_text()
    rows = csv.DictReader(text.splitlines())
    return {int(r["n"]): KnownCount(int(r["total"]), int(r["unique"])) for r in rows}


def listing_length(n: int, *, unique: bool = False, limit: int | None = None) -> int:
    """How many solutions a listing of N will hold, from the table: no search needed.

    Past the table the totals only grow (N = 27 already has 2 x 10^17), so a listing
    there can only be one cut short by `limit`.
    """
    table = known_counts()
    if n not in table:
        if limit is None:
            raise KeyError(f"no published count for N = {n}")
        return limit
    found = table[n].unique if unique else table[n].total
    return found if limit is None else min(found, limit)
