"""The published solution counts (OEIS A000170 total, A002562 unique) for N = 1..27.

The one table of known answers: tests and benchmarks check every counter against it.
"""

from __future__ import annotations

import csv
import functools
from importlib import resources
from typing import NamedTuple

from nqueens.i18n import N_, _

__all__ = ["RECORDS", "KnownCount", "known_counts", "listing_length", "record_beside"]


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


RECORDS: dict[int, str] = {
    24: N_("N = 24, first counted in 2004 (Kise et al., a cluster of PCs)"),
    25: N_("N = 25, first counted in 2005 (the ProActive team at INRIA, on a grid of PCs)"),
    26: N_("N = 26, counted on FPGAs in 2009 and verified on 3 GPUs (NQueensFAF, 2024)"),
    27: N_("N = 27, the largest known count, found on FPGAs (the Q27 project, 2016)"),
}
"""The published counts at the frontier, by who found them: what a count of years stands
beside (marked for the catalog, said with `_`)."""


def record_beside(n: int) -> str:
    """The published attempt a count of N stands beside (OEIS A000170's history).

    >>> record_beside(30)
    'a(30) is unknown (the largest known count is N = 27): this count would be a new record'
    """
    if n in RECORDS:
        return _(RECORDS[n])
    top = max(known_counts())
    if n > top:
        return _(
            "a({n}) is unknown (the largest known count is N = {top}): this count would be a "
            "new record"
        ).format(n=n, top=top)
    return _("N = {n} is published (OEIS A000170); the frontier is {record}").format(
        n=n, record=_(RECORDS[top])
    )
