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
    """A bitboard mask drawn as the board's columns are: bit i (column i) under column i,
    bit 0 on the left, so that a student maps a bit to its square without a mirror;
    `read` holds bit numbers."""
    columns = range(n)
    return Structure(
        name,
        tuple(str((bits >> i) & 1) for i in columns),
        tuple(read),
        tuple(i for i in columns if (bits >> i) & 1),
        note,
    )
