"""The rows of cells a recorder draws the algorithms' structures with: a flag array, a
bitboard mask."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from nqueens.search.state import Structure

__all__ = ["flag_row", "mask_row"]


def flag_row(
    name: str,
    values: Iterable[object],
    read: Sequence[int] = (),
    note: str = "",
    *,
    hit: Sequence[int] = (),
) -> Structure:
    """A flag array: 1 where set (drawn filled), 0 where clear."""
    flags = list(values)
    return Structure(
        name,
        tuple("1" if v else "0" for v in flags),
        tuple(read),
        tuple(i for i, v in enumerate(flags) if v),
        note,
        tuple(hit),
    )


def mask_row(name: str, bits: int, n: int, read: Sequence[int] = (), note: str = "") -> Structure:
    """A bitboard mask written as a binary number: the highest bit, N-1, on the left, and
    bit i (column i) indexed i; `read` holds bit numbers."""
    highest_first = tuple(range(n - 1, -1, -1))
    return Structure(
        name,
        tuple(str((bits >> i) & 1) for i in highest_first),
        tuple(read),
        tuple(i for i in highest_first if (bits >> i) & 1),
        note,
        indices=highest_first,
    )
