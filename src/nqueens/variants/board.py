"""A variant's solution as a board: the column of each row's queen on a board `width` wide.

`Placement` is the classic square board; a rectangle's rows are shorter than its width,
so its solutions are these. Both print through the same text styles (render/text.py).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["VariantBoard"]


@dataclass(frozen=True)
class VariantBoard:
    """One queen per row at `cols[row]`, on a board of len(cols) rows and `width` columns."""

    cols: tuple[int, ...]
    width: int

    @property
    def n(self) -> int:
        """The number of queens (and rows)."""
        return len(self.cols)

    def to_rows(self, queen: str = "Q", empty: str = ".") -> list[str]:
        """The board as strings, one per row, one character per square."""
        return [empty * c + queen + empty * (self.width - c - 1) for c in self.cols]

    def to_string(self, *, base: int = 0) -> str:
        """The column list, space separated."""
        return " ".join(str(c + base) for c in self.cols)
