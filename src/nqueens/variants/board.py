"""A variant's solution as a board: the column of each row's queen on a board `width` wide.

`Placement` is the classic square board; a rectangle's rows are shorter than its width,
so its solutions are these. Both print through the same text styles (render/text.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from nqueens.boardtext import base_given
from nqueens.placement import QueenPerRow, checked_columns
from nqueens.validate import board_size

__all__ = ["VariantBoard"]


@dataclass(frozen=True)
class VariantBoard(QueenPerRow):
    """One queen per row at `cols[row]`, on a board of len(cols) rows and `width` columns.

    Checked as a `Placement` is (a column per row, each on the board) and read as one:
    `len`, iteration and indexing give the columns, `str` the board's rows.
    """

    cols: tuple[int, ...]
    width: int

    def __post_init__(self) -> None:
        width = board_size(self.width)
        cols = checked_columns(self.cols, width)
        if cols is not self.cols or width is not self.width:  # in Python's own ints
            object.__setattr__(self, "cols", cols)
            object.__setattr__(self, "width", width)

    @property
    def board_width(self) -> int:
        return self.width

    @property
    def n(self) -> int:
        """The number of queens (and rows)."""
        return len(self.cols)

    def to_string(self, *, base: int = 0) -> str:
        """The column list, space separated, numbered from `base` (0 or 1)."""
        base = base_given(base)
        return " ".join(str(c + base) for c in self.cols)
