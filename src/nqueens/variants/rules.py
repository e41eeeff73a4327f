"""The rules of a board: its shape and how a queen attacks on it.

The classic board is `Rules(n, n)`. `wrap` makes the diagonals run round the edges (the
toroidal board, where rows and columns wrap too, though one queen per row and column
already keeps those apart); `knight` adds the knight's moves (superqueens, also called
amazons); a board takes one of the two, never both. A rectangular board of M rows and N
columns (M <= N) takes M queens, one per row, so the number of its solutions is the
number of nodes at depth M of the N-board's search tree; its rows are 64-bit words, so
N is at most `limits.BITBOARD_MAX_N` (63).
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from typing import TypeAlias

from nqueens.errors import (
    IncompatibleOptionsError,
    InvalidSizeError,
    NoSolutionError,
    SizeTooLargeError,
    UnknownAlgorithmError,
    shorten,
)
from nqueens.i18n import N_, _
from nqueens.limits import BITBOARD_MAX_N
from nqueens.messages import unknown_variant, wraps_or_jumps
from nqueens.validate import board_size, flag_given, given_name, whole_number

__all__ = [
    "KNIGHT",
    "LINE",
    "VARIANTS",
    "WRAP",
    "BoardLike",
    "Rules",
    "parse_board_size",
    "with_variant",
]

LINE, WRAP, KNIGHT = "line", "wrap", "knight"
"""How one queen attacks a square, as pictures tell them apart: along a row, column or
diagonal on the board; along a diagonal round the edge (a torus); by a knight's move."""

VARIANTS = {
    "classic": "queens attack along rows, columns and diagonals",
    "toroidal": "diagonals wrap round the edges of the board (solutions only for N coprime to 6)",
    "superqueens": "queens also move as knights (amazons; solutions from N = 10)",
}
"""The variants by name, as `--variant` takes them."""

_SIZE = re.compile(r"\s*+(\d++)\s*+[xX\u00d7]\s*+(\d++)\s*+")  # possessive: one pass


@dataclass(frozen=True)
class Rules:
    """A board of `rows` x `cols` squares, and whether diagonals wrap and knights attack."""

    rows: int
    cols: int
    wrap: bool = False
    knight: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", board_size(self.rows))  # a NumPy integer: an int
        object.__setattr__(self, "cols", board_size(self.cols))
        for name in ("wrap", "knight"):  # 'yes' or 2: a kernel's own reading, not ours
            object.__setattr__(self, name, flag_given(getattr(self, name), name))
        if self.rows > self.cols:
            raise InvalidSizeError(
                _(
                    "the {rows}x{cols} board is the {cols}x{rows} board turned a quarter: "
                    "give the shorter side first ({cols}x{rows})"
                ).format(rows=self.rows, cols=self.cols)
            )
        if self.wrap and not self.square:
            raise InvalidSizeError(_("a toroidal board is square: give one size N"))
        if self.wrap and self.knight:  # no variant of ours: every surface would name it wrongly
            raise wraps_or_jumps()
        if not self.square and self.cols > BITBOARD_MAX_N:
            raise self.too_wide()

    def too_wide(self) -> SizeTooLargeError:
        """The one bound of a board searched row by row in 64-bit words: every rectangle,
        and a variant's square board when it is counted."""
        return SizeTooLargeError(
            _("the {rows}x{cols} board is too wide for 64-bit rows: use N <= {limit}").format(
                rows=self.rows, cols=self.cols, limit=BITBOARD_MAX_N
            )
        )

    @classmethod
    def of(cls, variant: str = "classic", size: int | str = 8) -> Rules:
        """The rules of a named variant on a board of `size` (N, or "MxN")."""
        rows, cols = parse_board_size(size)
        given_name(variant, "variant")  # a list was "unhashable type"
        if variant not in VARIANTS:
            raise UnknownAlgorithmError(unknown_variant(variant, VARIANTS))
        return cls(rows, cols, wrap=variant == "toroidal", knight=variant == "superqueens")

    @classmethod
    def given(cls, board: BoardLike, variant: str | None = None) -> Rules:
        """The rules a board argument stands for: `Rules` as they are, N or "MxN" under
        `variant` (default classic). A `variant` that contradicts the rules given is
        refused, not ignored.

        >>> Rules.given(8)
        Rules(rows=8, cols=8, wrap=False, knight=False)
        >>> Rules.given("5x8").size, Rules.given(7, "toroidal").variant
        ('5x8', 'toroidal')
        """
        if not isinstance(board, Rules):
            return cls.of(variant or "classic", board)
        if variant is not None and variant != board.variant:
            raise IncompatibleOptionsError(
                _("the rules given are the {given} board's, not {asked}: give one of them").format(
                    given=board.variant, asked=shorten(variant)
                )
            )
        return board

    @property
    def square(self) -> bool:
        return self.rows == self.cols

    @property
    def classic(self) -> bool:
        """True for the classic N x N board, which the classic code paths serve."""
        return self.square and not (self.wrap or self.knight)

    @property
    def variant(self) -> str:
        """The variant's name, as `--variant` takes it."""
        return "toroidal" if self.wrap else "superqueens" if self.knight else "classic"

    @property
    def size(self) -> str:
        """The board's size as the commands print it: "8", or "5x8"."""
        return str(self.rows) if self.square else f"{self.rows}x{self.cols}"

    def no_solution(self) -> NoSolutionError:
        """The answer "no solution" for this board, in the one wording every command uses."""
        if self.classic:
            from nqueens.messages import no_solution

            return no_solution(self.rows)
        message = (
            _("No solution: no {n} queens fit on the toroidal {rows}x{cols} board.")
            if self.wrap
            else _("No solution: no {n} queens fit on the superqueens {rows}x{cols} board.")
            if self.knight
            else _("No solution: no {n} queens fit on the classic {rows}x{cols} board.")
        )
        return NoSolutionError(message.format(n=self.rows, rows=self.rows, cols=self.cols))

    def attacks(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """True when queens on squares `a` and `b` attack each other under these rules."""
        return self.attack(a, b) is not None

    def attack(self, a: tuple[int, int], b: tuple[int, int]) -> str | None:
        """How queens on squares `a` and `b` attack each other, in words, or None (in
        English; each is marked for the catalog, and said translated with `_`)."""
        found = self._attack(a, b)
        return found[1] if found else None

    def attack_kind(self, a: tuple[int, int], b: tuple[int, int]) -> str | None:
        """LINE, WRAP or KNIGHT: how a queen on `a` attacks `b`, as pictures shade it."""
        found = self._attack(a, b)
        return found[0] if found else None

    def _attack(self, a: tuple[int, int], b: tuple[int, int]) -> tuple[str, str] | None:
        """The one statement of the rules: (kind, words) of the attack, or None."""
        (r1, c1), (r2, c2) = a, b
        dr, dc = r2 - r1, c2 - c1
        if dr == 0:
            return LINE, N_("same row")
        if dc == 0:
            return LINE, N_("same column")
        if abs(dr) == abs(dc):  # as every surface names it (render/trace.line_words)
            if dr * dc > 0:
                return LINE, N_("same diagonal, falling to the right")
            return LINE, N_("same diagonal, rising to the right")
        if (self.wrap and (dr - dc) % self.rows == 0) or (self.wrap and (dr + dc) % self.rows == 0):
            return WRAP, N_("same diagonal, round the edge")
        if self.knight and {abs(dr), abs(dc)} == {1, 2}:  # superqueens never wrap
            return KNIGHT, N_("a knight's move")
        return None

    def attacked(self, cols: tuple[int, ...] | list[int]) -> dict[tuple[int, int], str]:
        """The squares of the rows below the queens (one per row at `cols[row]`) that some
        queen attacks, and how: LINE when any queen attacks along a line on the board,
        else WRAP (only round the edge), else KNIGHT (only by a knight's move)."""
        order = (LINE, WRAP, KNIGHT)
        squares: dict[tuple[int, int], str] = {}
        queens = list(enumerate(cols))
        for row in range(len(queens), self.rows):
            for col in range(self.cols):
                kinds = [k for q in queens if (k := self.attack_kind(q, (row, col)))]
                if kinds:
                    squares[row, col] = min(kinds, key=order.index)
        return squares

    def attacking_pairs(
        self, cols: tuple[int, ...]
    ) -> list[tuple[tuple[int, int], tuple[int, int], str]]:
        """Every pair of queens (one per row at `cols[row]`) that attack, and how."""
        squares = list(enumerate(cols))
        found = []
        for i, a in enumerate(squares):
            for b in squares[i + 1 :]:
                how = self.attack(a, b)
                if how is not None:
                    found.append((a, b, how))
        return found


BoardLike: TypeAlias = int | str | Rules
"""What every function that takes a board takes: N, "MxN" (a rectangle), or `Rules`."""


def parse_board_size(size: int | str) -> tuple[int, int]:
    """(rows, columns) from N or "MxN", with the errors every command gives."""
    if isinstance(size, str):
        match = _SIZE.fullmatch(size)
        if match:
            rows, cols = (whole_number(side, N_("board size")) for side in match.groups())
            return board_size(rows), board_size(cols)
        whole = whole_number(size, N_("board size"))
        if whole is None:
            raise InvalidSizeError(
                _("board size must be a whole number N or MxN, not {size}").format(
                    size=shorten(size)
                )
            )
        size = whole
    n = board_size(size)
    return n, n


def with_variant(board: BoardLike, variant: str | None, function: str) -> BoardLike:
    """The board a function's deprecated `variant=` keyword named: `board` itself without
    one; else its `Rules` under that variant, and a `DeprecationWarning` (the board's
    `Rules` are the one board argument: `function(Rules.of(variant, n))`)."""
    if variant is None:
        return board
    warnings.warn(
        f"{function}(board, variant={variant!r}) is deprecated: give the board's rules, "
        f"{function}(Rules.of({variant!r}, board))",
        DeprecationWarning,
        stacklevel=3,
    )
    return Rules.given(board, variant)
