"""A variant's solution as a board: the column of each row's queen on a board `width` wide.

`Placement` is the classic square board; a rectangle's rows are shorter than its width,
so its solutions are these. Both print through the same text styles (render/text.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from nqueens.boardtext import base_given
from nqueens.errors import InvalidPlacementError
from nqueens.i18n import _
from nqueens.messages import off_the_board
from nqueens.placement import QueenPerRow, column_list, whole_column
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
        given, width = self.cols, self.width
        plain = type(given) is tuple and type(width) is int and 0 < len(given) <= width
        if plain and all(type(c) is int for c in given) and 0 <= min(given) <= max(given) < width:
            return  # the searches' own boards, as they make them: at once
        width = board_size(width)
        listed = column_list(given)
        if not listed:
            raise InvalidPlacementError(_("a placement needs at least one row"))
        # a NumPy integer becomes a Python int; anything else is refused
        cols = tuple(whole_column(col, row) for row, col in enumerate(listed))
        if len(cols) > width:
            raise InvalidPlacementError(
                _("{rows} queens, one per row, do not fit a board {width} wide").format(
                    rows=len(cols), width=width
                )
            )
        if min(cols) < 0 or max(cols) >= width:
            row = next(r for r, col in enumerate(cols) if not 0 <= col < width)
            raise InvalidPlacementError(off_the_board(cols[row], row, width))
        object.__setattr__(self, "cols", cols)
        object.__setattr__(self, "width", width)

    def __str__(self) -> str:
        return "\n".join(" ".join(row) for row in self.to_rows())

    @property
    def n(self) -> int:
        """The number of queens (and rows)."""
        return len(self.cols)

    def to_rows(self, queen: str = "Q", empty: str = ".") -> list[str]:
        """The board as strings, one per row, one character per square."""
        return [empty * c + queen + empty * (self.width - c - 1) for c in self.cols]

    def to_string(self, *, base: int = 0) -> str:
        """The column list, space separated, numbered from `base` (0 or 1)."""
        base = base_given(base)
        return " ".join(str(c + base) for c in self.cols)
