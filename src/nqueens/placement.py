"""`Placement`: queens on a board, one per row, as an immutable value.

`cols[row] = column` (0-based), the representation of the classic programs
(`board[row] = col`). This module is the one home of symmetry, parsing, printing and
validation; searches and renderers only use it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Literal, cast, overload

from nqueens.boardtext import base_given, parse_board, quoted
from nqueens.errors import InvalidPlacementError, shorten
from nqueens.i18n import _
from nqueens.messages import off_the_board, plural, unknown_symmetry
from nqueens.validate import as_whole

__all__ = [
    "SYMMETRIES",
    "SYMMETRY_STEPS",
    "Placement",
    "QueenPerRow",
    "Square",
    "Symmetry",
    "canonical_cols",
    "checked_columns",
    "column_list",
    "columns_of",
    "is_canonical_cols",
    "symmetry_view",
    "whole_column",
]

Square = tuple[int, int]
"""A square as (row, column), both 0-based."""

Symmetry = Literal[
    "identity", "rot90", "rot180", "rot270", "mirror", "flip", "transpose", "antitranspose"
]
SYMMETRIES: tuple[Symmetry, ...] = (
    "identity",
    "rot90",
    "rot180",
    "rot270",
    "mirror",
    "flip",
    "transpose",
    "antitranspose",
)
"""The 8 symmetries of the square (the dihedral group D4), in a fixed order."""


def columns_of(text: str, *, base: int = 0, width: int | None = None) -> tuple[int, ...]:
    """The column of each row's queen in board text (a column list or board rows; see
    `Placement.from_string`), on a board `width` columns wide (default: square)."""
    board = parse_board(text, base=base, width=width)
    if board.form == "pairs":
        raise InvalidPlacementError(
            _(
                "invalid placement {placement}: row:col pairs describe a partial board "
                "(see `nqueens complete`); give a column per row"
            ).format(placement=quoted(text.strip()))
        )
    if board.blocked:
        row, col = board.blocked[0]
        raise InvalidPlacementError(
            _(
                "invalid placement {placement}: a placement has no blocked squares (x on "
                "row {row}, col {col})"
            ).format(placement=quoted(text.strip()), row=row, col=col)
        )
    cols: list[list[int]] = [[] for _ in range(board.n or 0)]
    for row, col in board.queens:
        cols[row].append(col)
    for row, queens in enumerate(cols):
        if len(queens) != 1:
            how_many = plural(len(queens), "{count} queen", "{count} queens")
            raise InvalidPlacementError(
                _(
                    "invalid board {board}: row {row} has {count}; a placement has "
                    "exactly one queen in each row"
                ).format(board=quoted(text.strip()), row=row, count=how_many)
            )
    return tuple(queens[0] for queens in cols)


def whole_column(col: object, row: int) -> int:
    """`col` as a Python int (a NumPy integer read from an array too; `as_whole`), or the
    one refusal of a column that is no whole number (a bool, 1.5, text)."""
    number = as_whole(col)
    if number is None:
        raise InvalidPlacementError(
            _("column {col} in row {row} is not a whole number").format(col=repr(col), row=row)
        )
    return number


def column_list(cols: object) -> tuple[object, ...]:
    """`cols` as a tuple, where it lists a column per row in order (a tuple, a list, an
    array, a range): text would be read a character a row, a dict by its keys and a set
    in no order, and a number or None would fail in Python's words."""
    if type(cols) is tuple:  # the common case, at once (searches make millions)
        return cols
    unordered = isinstance(cols, str | bytes | Mapping | AbstractSet)
    if unordered or not isinstance(cols, Iterable):
        raise InvalidPlacementError(
            _(
                "a placement lists a column per row (a tuple or list of whole numbers), "
                "not {value}; Placement.from_string reads text"
            ).format(value=shorten(cols))
        )
    return tuple(cols)


def checked_columns(cols: object, width: int | None = None) -> tuple[int, ...]:
    """`cols` as a placement's columns, each a Python int on a board `width` wide (None:
    as wide as it is long, the square's): a column per row in order, at least one row,
    each a whole number within the board; refused in one line otherwise. A tuple of
    ints on the board, as the searches make them (millions), is taken at once."""
    if type(cols) is tuple and cols and all(type(col) is int for col in cols):
        across = len(cols) if width is None else width
        if len(cols) <= across and min(cols) >= 0 and max(cols) < across:
            return cols
    given = column_list(cols)
    if not given:
        raise InvalidPlacementError(_("a placement needs at least one row"))
    if all(type(col) is int for col in given):
        checked = cast("tuple[int, ...]", given)
    else:  # a NumPy integer becomes a Python int; anything else is refused
        checked = tuple(whole_column(col, row) for row, col in enumerate(given))
    across = len(checked) if width is None else width
    if len(checked) > across:
        raise InvalidPlacementError(
            _("{rows} queens, one per row, do not fit a board {width} wide").format(
                rows=len(checked), width=across
            )
        )
    for row, col in enumerate(checked):
        if not 0 <= col < across:
            raise InvalidPlacementError(off_the_board(col, row, across))
    return checked


class QueenPerRow:
    """A board read as its column list, `cols[row]`: its length, its columns in row
    order, a row's column (a slice's, a tuple), its rows drawn as text. `Placement` and
    a rectangle's `VariantBoard` read alike."""

    __slots__ = ()
    cols: tuple[int, ...]

    @property
    def board_width(self) -> int:
        """The board's columns: as many as rows on the square (a rectangle's its own)."""
        return len(self.cols)

    def to_rows(self, queen: str = "Q", empty: str = ".") -> list[str]:
        """The board as strings, one per row, one character per square."""
        width = self.board_width
        return [empty * c + queen + empty * (width - c - 1) for c in self.cols]

    def __str__(self) -> str:
        return "\n".join(" ".join(row) for row in self.to_rows())

    def __len__(self) -> int:
        return len(self.cols)

    def __iter__(self) -> Iterator[int]:
        return iter(self.cols)

    @overload
    def __getitem__(self, row: int) -> int: ...
    @overload
    def __getitem__(self, row: slice) -> tuple[int, ...]: ...
    def __getitem__(self, row: int | slice) -> int | tuple[int, ...]:
        """A row's column, or a slice's columns (a tuple, as `cols[2:4]` is)."""
        return self.cols[row]


@dataclass(frozen=True, slots=True)
class Placement(QueenPerRow):
    """N queens on an N x N board, one per row: `cols[row]` is the queen's column.

    A placement may be invalid (queens attacking each other); `is_valid` and `attacks`
    say so. Columns must lie on the board.

    Examples
    --------
    >>> p = Placement.from_string("0 4 7 5 2 6 1 3")
    >>> p.n, p.is_valid
    (8, True)
    >>> p.to_string(base=1)
    '1 5 8 6 3 7 2 4'
    >>> p.canonical() == p, p.orbit_size()
    (True, 8)
    """

    cols: tuple[int, ...]

    def __post_init__(self) -> None:
        cols = checked_columns(self.cols)
        if cols is not self.cols:  # as given, but in Python's own ints
            object.__setattr__(self, "cols", cols)

    # ----------------------------------------------------------------- construction
    @classmethod
    def from_cols(cls, cols: Iterable[int]) -> Placement:
        """Build from a sequence of 0-based columns, one per row."""
        return cls(tuple(cols))

    @classmethod
    def from_string(cls, text: str, *, base: int = 0) -> Placement:
        """Parse a column list (`"0 4 7 5 2 6 1 3"`, commas allowed) or board rows.

        Board rows are lines (or `/`-separated rows) of `Q`/`.` cells, with or without
        spaces between cells, or the `+-+` grid with `O` marks (its column line above
        included): every form `nqueens solve` prints. `base` is the number of the first
        column in a column list (0 or 1); board rows need no base. The one board-text
        parser (`nqueens.boardtext`) reads the text; this checks it is a placement.
        """
        return cls(columns_of(text, base=base))

    # ----------------------------------------------------------------- printing
    @property
    def n(self) -> int:
        """The board size (number of rows, columns and queens)."""
        return len(self.cols)

    def to_string(self, *, base: int = 0) -> str:
        """The column list, space separated, that `from_string` reads back."""
        base = base_given(base)
        return " ".join(str(c + base) for c in self.cols)

    def __repr__(self) -> str:
        return f"Placement.from_string({self.to_string()!r})"

    def _repr_svg_(self) -> str | None:
        """The board, for a notebook; None past `limits.PICTURE_MAX_N` queens (N^2
        squares), where the notebook shows the column list instead."""
        from nqueens.limits import PICTURE_MAX_N
        from nqueens.render.svg import board_svg

        return str(board_svg(self)) if self.n <= PICTURE_MAX_N else None

    # ----------------------------------------------------------------- validity
    def attacks(self) -> list[tuple[Square, Square]]:
        """Every pair of queens that attack each other, earlier row first."""
        pairs: list[tuple[Square, Square]] = []
        for r1, c1 in enumerate(self.cols):
            for r2 in range(r1 + 1, self.n):
                c2 = self.cols[r2]
                if c1 == c2 or abs(c1 - c2) == r2 - r1:
                    pairs.append(((r1, c1), (r2, c2)))
        return pairs

    @property
    def is_valid(self) -> bool:
        """True when no two queens attack each other."""
        n = self.n
        return (
            len(set(self.cols)) == n
            and len({r + c for r, c in enumerate(self.cols)}) == n
            and len({r - c for r, c in enumerate(self.cols)}) == n
        )

    # ----------------------------------------------------------------- symmetry
    @property
    def is_permutation(self) -> bool:
        """True when every column holds exactly one queen (needed for the 8 symmetries)."""
        return len(set(self.cols)) == self.n

    def transform(self, symmetry: Symmetry) -> Placement:
        """The image of this placement under one of the 8 symmetries of the square."""
        self._require_permutation()
        try:
            return Placement(_TRANSFORMS[symmetry](self.cols))
        except (KeyError, TypeError):  # TypeError: a list or a dict, which no key hashes
            raise InvalidPlacementError(unknown_symmetry(symmetry, SYMMETRIES)) from None

    def images(self) -> tuple[Placement, ...]:
        """The 8 images under `SYMMETRIES`, in that order (repeats included)."""
        return tuple(self.transform(s) for s in SYMMETRIES)

    def canonical(self) -> Placement:
        """The representative of the symmetry class: the lexicographically least image."""
        self._require_permutation()
        return Placement(canonical_cols(self.cols))

    def is_canonical(self) -> bool:
        """True when this placement is its class's representative."""
        self._require_permutation()
        return is_canonical_cols(self.cols)

    def _require_permutation(self) -> None:
        if not self.is_permutation:
            raise InvalidPlacementError(
                _(
                    "{placement} has two queens in one column; rotations and diagonal "
                    "reflections need one queen per row and per column"
                ).format(placement=repr(self.to_string()))
            )

    def orbit_size(self) -> int:
        """How many distinct placements the 8 symmetries make of this one (1, 2, 4 or 8)."""
        return len(set(self.images()))

    def symmetries(self) -> tuple[Symmetry, ...]:
        """The symmetries that leave this placement unchanged (always includes identity)."""
        return tuple(s for s in SYMMETRIES if self.transform(s) == self)


def _inverse(cols: tuple[int, ...]) -> tuple[int, ...]:
    inverse = [0] * len(cols)
    for row, col in enumerate(cols):
        inverse[col] = row
    return tuple(inverse)


def _mirror(cols: tuple[int, ...]) -> tuple[int, ...]:
    last = len(cols) - 1
    return tuple(last - c for c in cols)


def _flip(cols: tuple[int, ...]) -> tuple[int, ...]:
    return cols[::-1]


SYMMETRY_STEPS: dict[str, tuple[str, ...]] = {
    "identity": (),
    "rot90": ("inverse", "mirror"),
    "rot180": ("flip", "mirror"),
    "rot270": ("mirror", "inverse"),
    "mirror": ("mirror",),
    "flip": ("flip",),
    "transpose": ("inverse",),
    "antitranspose": ("inverse", "flip", "mirror"),
}
"""Each symmetry as primitives applied in order to the column list: `inverse` (queen
(r, c) -> (c, r), the transpose), `mirror` (c -> N-1-c) and `flip` (r -> N-1-r). So
rot90, (r, c) -> (c, N-1-r), is the mirror of the transpose. The one description of the
group: these tuple functions and the NumPy ones for huge boards both follow it."""

_PRIMITIVES: dict[str, Callable[[tuple[int, ...]], tuple[int, ...]]] = {
    "inverse": _inverse,
    "mirror": _mirror,
    "flip": _flip,
}


def _compose(steps: tuple[str, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    # Chained directly rather than looped: the canonical test runs these in hot loops.
    fs = [_PRIMITIVES[step] for step in steps]
    if not fs:
        return lambda c: c
    if len(fs) == 1:
        return fs[0]
    if len(fs) == 2:
        f, g = fs
        return lambda c: g(f(c))
    f, g, h = fs
    return lambda c: h(g(f(c)))


_TRANSFORMS = {name: _compose(steps) for name, steps in SYMMETRY_STEPS.items()}


def symmetry_view(symmetry: str) -> tuple[int, int, int]:
    """The symmetry as three switches (use the inverse, reverse the rows, reverse the
    values): its image of `cols` is row r -> X[r'] with X the column list or its inverse,
    r' = N-1-r when rows reverse, and the value v -> N-1-v when values reverse.

    The form for kernels that cannot call Python functions, derived from
    `SYMMETRY_STEPS`: `mirror` reverses the values, `flip` the rows, and `inverse` swaps
    the two switches as it inverts.
    """
    inverse, rows, values = 0, 0, 0
    for step in SYMMETRY_STEPS[symmetry]:
        if step == "mirror":
            values ^= 1
        elif step == "flip":
            rows ^= 1
        else:
            inverse, rows, values = inverse ^ 1, values, rows
    return inverse, rows, values


def canonical_cols(cols: tuple[int, ...]) -> tuple[int, ...]:
    """The least of the 8 images of a permutation, on bare tuples (for hot loops)."""
    return min(transform(cols) for transform in _TRANSFORMS.values())


def is_canonical_cols(cols: tuple[int, ...]) -> bool:
    """True when no image of the permutation `cols` is lexicographically smaller."""
    return all(transform(cols) >= cols for transform in _TRANSFORMS.values())
