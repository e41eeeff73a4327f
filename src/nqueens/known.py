"""The published solution counts (OEIS A000170 total, A002562 unique) for N = 1..27, and
the variants' (with the OEIS sequences they come from).

The one table of known answers: tests and benchmarks check every counter against it,
and a count checks itself against it (`published_count`).
"""

from __future__ import annotations

import csv
import functools
from importlib import resources
from typing import NamedTuple

from nqueens.i18n import N_, _

__all__ = [
    "KNOWN_VARIANT_COUNTS",
    "RECORDS",
    "RECTANGLE_TOTALS",
    "KnownCount",
    "known_counts",
    "known_variant_count",
    "listing_length",
    "published_count",
    "record_beside",
]


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
    """The published attempt a count of N stands beside (OEIS A000170's history), as a
    noun phrase: the warning before a long count says "it stands beside" it.

    >>> record_beside(30)
    'the unknown a(30) (the largest known count is N = 27): this count would be a new record'
    """
    if n in RECORDS:
        return _(RECORDS[n])
    top = max(known_counts())
    if n > top:
        return _(
            "the unknown a({n}) (the largest known count is N = {top}): this count would be "
            "a new record"
        ).format(n=n, top=top)
    return _("the published N = {n} (OEIS A000170), short of the frontier, {record}").format(
        n=n, record=_(RECORDS[top])
    )


KNOWN_VARIANT_COUNTS: dict[str, dict[int, tuple[int, int | None]]] = {
    # A051906 (toroidal totals, N = 1..19; nonzero only for N coprime to 6); unique
    # counts (classes under the square's 8 symmetries) are not in the OEIS: None.
    "toroidal": {
        **{n: (0, 0) for n in range(2, 20) if n % 2 == 0 or n % 3 == 0},
        1: (1, 1),
        5: (10, None),
        7: (28, None),
        11: (88, None),
        13: (4524, None),
        17: (140692, None),
        19: (820496, None),
    },
    # A051223 (totals) and A051224 (unique), N = 1..17.
    "superqueens": {
        **{n: (0, 0) for n in range(2, 10)},
        1: (1, 1),
        10: (4, 1),
        11: (44, 6),
        12: (156, 22),
        13: (1876, 239),
        14: (5180, 653),
        15: (32516, 4089),
        16: (202900, 25411),
        17: (1330622, 166463),
    },
}
"""{variant: {N: (total, unique or None)}} for the square boards."""

RECTANGLE_TOTALS: dict[tuple[int, int], int] = {
    (5, 5): 10,
    (5, 6): 40,
    (5, 7): 164,
    (5, 8): 568,
    (5, 9): 1614,
}
"""Classic queens on M x N boards (M queens, M <= N), from the issue's table: the
nodes at depth M of the N-board's search tree."""


def known_variant_count(variant: str, n: int) -> tuple[int, int | None] | None:
    """(total, unique) as published for a square board, or None when not in the table."""
    return KNOWN_VARIANT_COUNTS.get(variant, {}).get(n)


def published_count(n: int, variant: str = "classic") -> tuple[int, int | None] | None:
    """(total, unique or None) as published for N on the variant's square board, or None
    when N is past the table (the classic one is OEIS A000170 and A002562)."""
    if variant == "classic":
        known = known_counts().get(n)
        return (known.total, known.unique) if known is not None else None
    return known_variant_count(variant, n)
