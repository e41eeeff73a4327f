"""Published counts of the variants, with the OEIS sequences they come from.

The variants' one table of known answers, as known.py is the classic board's: tests
check every variant counter against it.
"""

from __future__ import annotations

__all__ = ["KNOWN_VARIANT_COUNTS", "known_variant_count"]

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
