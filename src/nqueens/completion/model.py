"""The completion problem as a value: fixed queens, blocked squares, excluded diagonals.

Gent, Jefferson and Nightingale ("Complexity of n-Queens Completion", JAIR 59, 2017)
study both forms this type holds: n-Queens Completion (queens fixed in advance) and the
Excluded Diagonals problem (whole diagonals no queen may use). Blocked squares are the
general case of both. A diagonal is named by `row + col` (a sum diagonal, 0..2N-2) or
`row - col` (a difference diagonal, -(N-1)..N-1).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from nqueens.boardtext import parse_board, quoted
from nqueens.errors import InvalidPlacementError, InvalidSizeError, shorten
from nqueens.i18n import N_, _
from nqueens.messages import fixed_queens_attack, plural
from nqueens.placement import Placement, Square
from nqueens.validate import as_whole, board_size

__all__ = ["Completion", "Partial", "Status"]

Status = Literal["solved", "impossible", "unknown"]


def _whole(value: object, field: str) -> int:
    """`value` as a Python int (`as_whole`): a row, a column or a diagonal of the field
    named."""
    number = as_whole(value)
    if number is None:
        raise InvalidPlacementError(
            _("{value} in {field} is not a whole number").format(value=shorten(value), field=field)
        )
    return number


_COLLECTIONS = {
    "blocked": "{(0, 1), (2, 3)}",
    "excluded_sums": "{0, 14}",
    "excluded_diffs": "{-7, 7}",
}
"""Partial's fields that hold several squares or lines, each with an example."""


def _check_collection(value: object, field: str, example: str) -> None:
    """Refuse a `field` that holds no squares or lines (a number, None, text, a dict),
    which would fail as "not iterable" or be read a character or a key at a time."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise InvalidPlacementError(
            _("{field} must be a collection such as {example}, not {value}").format(
                field=field, example=example, value=shorten(value)
            )
        )


def _squares(given: Iterable[object], n: int, base: int = 0) -> frozenset[Square]:
    """The blocked squares as (row, col) pairs of whole numbers on the N x N board: in
    one pass over pairs of Python ints (a board read from text may block millions), in a
    second that converts each where one is not."""
    items = given if isinstance(given, Collection) else list(given)  # passed over twice
    plain = True
    for square in items:
        if type(square) is not tuple or len(square) != 2:
            plain = False
            break
        row, col = square
        if type(row) is not int or type(col) is not int:
            plain = False
            break
        if not (0 <= row < n and 0 <= col < n):
            raise _off_the_board(row, col, n, base)
    if plain:
        return frozenset(items)  # a frozenset: itself, no copy
    squares: set[Square] = set()
    for square in items:
        try:
            pair: tuple[object, ...] = tuple(square)  # type: ignore[arg-type]
        except TypeError:
            pair = ()
        if len(pair) != 2:
            raise InvalidPlacementError(
                _("{value} in blocked is not a square (row, col)").format(value=shorten(square))
            )
        row, col = _whole(pair[0], "blocked"), _whole(pair[1], "blocked")
        if not (0 <= row < n and 0 <= col < n):
            raise _off_the_board(row, col, n, base)
        squares.add((row, col))
    return frozenset(squares)


def _off_the_board(row: int, col: int, n: int, base: int) -> InvalidPlacementError:
    return InvalidPlacementError(
        _("the blocked square row {row}, col {col} is off the {n}x{n} board").format(
            row=row + base, col=col + base, n=n
        )
    )


class FixedQueens(dict[int, int]):
    """A board's fixed queens, `{row: column}`, read-only: a frozen board's queens
    changed after they were checked made `complete` answer "solved" with queens that
    attack each other. A dict still (it prints and compares as one) that refuses every
    change, and pickles as its items."""

    def _refuse(self, *_args: object, **_kwargs: object) -> Any:
        raise TypeError("a Partial's fixed queens cannot change: make a new Partial")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __reduce__(self) -> tuple[type[FixedQueens], tuple[dict[int, int]]]:
        return FixedQueens, (dict(self),)


@dataclass(frozen=True)
class Partial:
    """An N x N board with queens fixed (`fixed[row] = column`) and squares ruled out.

    `blocked` squares take no queen; no queen may stand on an excluded sum diagonal
    (`row + col` in `excluded_sums`) or difference diagonal (`row - col` in
    `excluded_diffs`). Fixed queens that attack each other, or stand where no queen may,
    are an error: the board contradicts itself.

    Examples
    --------
    >>> Partial.from_string("Q.../..../..../....").fixed
    {0: 0}
    >>> Partial.from_string("0:1 3:2", n=4).fixed
    {0: 1, 3: 2}
    >>> sorted(Partial.from_string(".x../..../..../..x.").blocked)
    [(0, 1), (3, 2)]
    """

    n: int
    fixed: dict[int, int]
    blocked: frozenset[Square] = field(default_factory=frozenset)
    excluded_sums: frozenset[int] = field(default_factory=frozenset)
    excluded_diffs: frozenset[int] = field(default_factory=frozenset)
    numbered_from: int = field(default=0, compare=False, repr=False)
    """The first row and column number its refusals name squares by (1 for a board
    given one-based); its own rows and columns count from 0 whatever it says."""

    def __post_init__(self) -> None:
        n = board_size(self.n)
        if not isinstance(self.fixed, Mapping):
            raise InvalidPlacementError(
                _("fixed maps each row to its queen's column ({example}), not {value}").format(
                    example="{0: 1, 3: 2}", value=shorten(self.fixed)
                )
            )
        # A read-only copy, always: the caller's dict, changed after the board was
        # checked, made `complete` answer "solved" with queens that attack each other.
        fixed = FixedQueens(self.fixed)
        if not all(type(row) is int and type(col) is int for row, col in fixed.items()):
            fixed = FixedQueens(
                {_whole(row, "fixed"): _whole(col, "fixed") for row, col in fixed.items()}
            )
        for name, example in _COLLECTIONS.items():
            _check_collection(getattr(self, name), name, example)
        excluded = {
            name: frozenset(_whole(line, name) for line in getattr(self, name))
            for name in ("excluded_sums", "excluded_diffs")
        }
        if self.numbered_from not in (0, 1):
            raise InvalidPlacementError(
                _("numbered_from must be 0 or 1, not {base}").format(base=repr(self.numbered_from))
            )
        blocked = _squares(self.blocked, n, self.numbered_from)
        values = {"n": n, "fixed": fixed, "blocked": blocked, **excluded}
        for name, value in values.items():  # as given, but in Python's own ints
            object.__setattr__(self, name, value)
        ranges = (
            (N_("there is no sum diagonal {line} on the {n}x{n} board (they run {low}..{high})"),
             self.excluded_sums, 0),
            (N_("there is no difference diagonal {line} on the {n}x{n} board (they run "
                "{low}..{high})"), self.excluded_diffs, 1 - n),
        )  # fmt: skip
        for message, lines, low in ranges:
            for line in lines:
                if not low <= line <= low + 2 * n - 2:
                    raise InvalidPlacementError(
                        _(message).format(line=line, n=n, low=low, high=low + 2 * n - 2)
                    )
        self._check_fixed()

    def __hash__(self) -> int:
        """By value, as equality is (the fixed queens are a dict, which has no hash);
        worked out once."""
        known: int | None = self.__dict__.get("_hash")
        if known is None:
            sides = (self.blocked, self.excluded_sums, self.excluded_diffs)
            known = hash((self.n, frozenset(self.fixed.items()), *sides))
            object.__setattr__(self, "_hash", known)
        return known

    def _check_fixed(self) -> None:
        """Fixed queens on the board, not attacking, not on ruled-out squares: O(queens)."""
        n, b = self.n, self.numbered_from
        seen: dict[tuple[str, int], tuple[int, int]] = {}
        for row, col in self.fixed.items():
            if not (0 <= row < n and 0 <= col < n):
                raise InvalidPlacementError(
                    _("the queen on row {row}, col {col} is off the {n}x{n} board").format(
                        row=row + b, col=col + b, n=n
                    )
                )
            if (row, col) in self.blocked:
                raise InvalidPlacementError(
                    _("the queen on row {row}, col {col} stands on a blocked square").format(
                        row=row + b, col=col + b
                    )
                )
            if row + col in self.excluded_sums or row - col in self.excluded_diffs:
                raise InvalidPlacementError(
                    _("the queen on row {row}, col {col} stands on an excluded diagonal").format(
                        row=row + b, col=col + b
                    )
                )
            for key in (("column", col), ("diagonal", row + col), ("diagonal", row - col - 2 * n)):
                if key in seen:
                    (r1, c1), (r2, c2) = sorted([seen[key], (row, col)])
                    said = fixed_queens_attack(r1 + b, c1 + b, r2 + b, c2 + b, key[0])
                    raise InvalidPlacementError(said)
                seen[key] = (row, col)

    @classmethod
    def from_string(cls, text: str, *, n: int | None = None, base: int = 0) -> Partial:
        """Board rows of `Q` (fixed queen), `.` (free) and `x` (blocked), `row:col` pairs
        with `n`, or a column list (every queen fixed). One parser reads all board text."""
        if isinstance(text, str) and not text.lstrip("\ufeff").strip():
            raise InvalidPlacementError(
                _(
                    "empty board: give board rows such as 'Q.../....', row:col pairs with "
                    "the size, or a column list"
                )
            )
        board = parse_board(text, base=base)
        if board.n is None:
            if n is None:
                raise InvalidSizeError(_("row:col pairs need the board size: give --n N"))
            size = board_size(n)
        else:
            size = board.n
            if n is not None and board_size(n) != size:  # n="4" is read as N is
                rows = plural(size, "{count} row", "{count} rows")
                raise InvalidSizeError(
                    _("the board has {rows} but --n says {n}").format(rows=rows, n=n)
                )
        fixed: dict[int, int] = {}
        for row, col in board.queens:
            if row in fixed:
                message = (
                    _("invalid board {board}: row {row} is given twice")
                    if board.form == "pairs"
                    else _("invalid board {board}: row {row} has 2 queens")
                )
                raise InvalidPlacementError(
                    message.format(board=quoted(text.strip()), row=row + base)
                )
            fixed[row] = col
        return cls(size, fixed, frozenset(board.blocked), numbered_from=base)

    def restricted(
        self,
        *,
        blocked: Iterable[Square] = (),
        sums: Iterable[int] = (),
        diffs: Iterable[int] = (),
    ) -> Partial:
        """This board with more squares blocked and more diagonals excluded."""
        return Partial(
            self.n,
            dict(self.fixed),
            self.blocked | frozenset(blocked),
            self.excluded_sums | frozenset(sums),
            self.excluded_diffs | frozenset(diffs),
            numbered_from=self.numbered_from,
        )

    def allows(self, row: int, col: int) -> bool:
        """True when a queen may stand on (row, col), fixed queens aside."""
        return (
            (row, col) not in self.blocked
            and row + col not in self.excluded_sums
            and row - col not in self.excluded_diffs
        )

    def is_completed_by(self, placement: Placement) -> bool:
        """True when `placement` is a valid completion of this board."""
        return (
            placement.n == self.n
            and placement.is_valid
            and all(placement.cols[r] == c for r, c in self.fixed.items())
            and all(self.allows(r, c) for r, c in enumerate(placement.cols))
        )


@dataclass(frozen=True, eq=False)
class Completion:
    """The answer: `solved` with a placement, `impossible`, or `unknown` (time ran out).

    `columns` is the placement as a NumPy array (`cols[row]`, fixed queens included; None
    unless solved), cheap for boards of millions of rows; `placement` is the same as a
    `Placement`, built when first asked for. With counting, `count` is the number of
    completions (None when unknown). `nodes` are the exact search's branch points,
    `swaps` the local search's moves, `time` the seconds taken, set-up included.
    """

    status: Status
    columns: Any = field(repr=False)
    count: int | None
    nodes: int
    time: float
    swaps: int = 0

    @cached_property
    def placement(self) -> Placement | None:
        """The completed board as a `Placement` (None unless solved)."""
        if self.columns is None:
            return None
        return Placement(tuple(self.columns.tolist()))
