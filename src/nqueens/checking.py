"""Checking a placement: which queens attack which, and how, under a board's rules.

One answer, `CheckResult`, whatever the path: a placement up to 2,000 queens names
every attacking pair (on the classic board, or under a variant's rules, each attack in
its own words), whether it comes as text, a sequence or a NumPy array; a larger one on
a square board (classic, toroidal or superqueens) is checked in O(N) by
`nqueens.large.check_array`, which counts the crowded lines (and the pairs a knight's
move apart) and names a few pairs. NumPy loads only on that path.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from nqueens.errors import InvalidPlacementError
from nqueens.i18n import _
from nqueens.limits import CHECK_ARRAY_FROM_N
from nqueens.messages import off_the_board
from nqueens.placement import Placement, Square, columns_of, whole_column
from nqueens.validate import kind_given
from nqueens.variants.board import VariantBoard
from nqueens.variants.rules import BoardLike, Rules, with_variant

if TYPE_CHECKING:
    from nqueens.large import Columns
    from nqueens.listings import Listing

__all__ = ["Attack", "CheckResult", "ListingCheck", "check", "check_listing"]


class Attack(NamedTuple):
    """Two queens that attack each other, the earlier row first, and how, in the words of
    the rules (`Rules.attack`: "same column", "a knight's move", ...; English, each marked
    for the catalog: `_(how)` says it translated)."""

    a: Square
    b: Square
    how: str


@dataclass(frozen=True)
class CheckResult:
    """What `check` found on a placement of `n` queens under `rules`.

    `attacks` lists every pair of queens that attack each other, or, where the O(N)
    check ran (`lines` given: how many columns, diagonals and anti-diagonals hold more
    than one queen, each diagonal running round the edges on a toroidal board), a few
    pairs as examples; there, on a superqueens board, `knights` counts the pairs a
    knight's move apart (None elsewhere: the pairs are in `attacks`). `placement` is the
    placement checked, where it is a `Placement` (a square board up to 2,000 queens).

    Examples
    --------
    >>> r = check("1 3 0 2")
    >>> r.valid, r.n, r.placement.orbit_size()
    (True, 4, 2)
    """

    n: int
    rules: Rules
    attacks: tuple[Attack, ...]
    lines: tuple[int, int, int] | None = None
    placement: Placement | None = None
    knights: int | None = None

    @property
    def valid(self) -> bool:
        """No two queens attack each other (read from the crowded lines, and the pairs a
        knight's move apart, where the O(N) check ran: its `attacks` are only examples,
        none when none were asked for)."""
        if self.lines is None:
            return not self.attacks
        return not any(self.lines) and not self.knights

    @property
    def complete(self) -> bool:
        """`attacks` names every attacking pair (not a few examples)."""
        return self.lines is None


def check(
    placement: Placement | VariantBoard | str | Sequence[int] | Columns,
    board: BoardLike | None = None,
    *,
    variant: str | None = None,
    examples: int = 5,
) -> CheckResult:
    """Check a placement: which queens attack which, and how.

    Parameters
    ----------
    placement : Placement, VariantBoard, str, sequence of int or NumPy array
        The column of each row's queen, or text (a column list, board rows; a
        rectangle's rows as wide as its `board`), or a rectangle's solution as
        `solutions` yields it. More than 2,000 columns (a list or a NumPy array) are
        checked in O(N), under any square board's rules.
    board : int, str or Rules, optional
        The board the placement is on: its `Rules` (a variant's, or a rectangle's), or
        N / "MxN"; default the classic board of the placement's size.
    variant : str, optional
        Deprecated (it warns): the variant's name, for a board given as N or not given;
        give the board's `Rules` instead (``Rules.of("superqueens", 8)``).
    examples : int
        How many attacking pairs the O(N) check names at most.

    Returns
    -------
    CheckResult
        `valid`, and the attacking pairs with how each attacks.

    Raises
    ------
    InvalidPlacementError
        Not one queen per row on the board.

    Examples
    --------
    >>> check("0 4 7 5 2 6 1 3").valid
    True
    >>> check("0 4 7 5 2 6 1 3", Rules.of("superqueens", 8)).attacks[0]
    Attack(a=(1, 4), b=(3, 5), how="a knight's move")
    >>> check([0, 2, 1]).attacks
    (Attack(a=(1, 2), b=(2, 1), how='same diagonal, rising to the right'),)
    """
    from nqueens.columns import parse_placement
    from nqueens.validate import placement_given, whole_count

    if isinstance(placement, VariantBoard):  # a rectangle's solution, as solutions() yields
        board = Rules(placement.n, placement.width) if board is None else board
        placement = placement.cols
    placement_given(placement)
    examples = whole_count(examples, "examples", least=0)
    named = None if board is None else Rules.given(with_variant(board, variant, "check"))
    given: Placement | Sequence[int] | Columns
    if not isinstance(placement, str):
        given = placement
    elif named is not None and not named.square:  # its rows are wider than it is tall
        given = columns_of(placement, width=named.cols)
    else:
        given = parse_placement(placement)
    size = len(given)
    rules = named or Rules.given(with_variant(size, variant, "check"))
    if rules.rows != size:
        raise InvalidPlacementError(
            _(
                "the placement has {count} queens, one per row, but the board has {rows} rows"
            ).format(count=f"{size:,}", rows=f"{rules.rows:,}")
        )
    if isinstance(given, Placement | list | tuple):
        cols: Sequence[int] = tuple(given)
        if size > CHECK_ARRAY_FROM_N:  # NumPy would read True as 1; 1.5 it refuses
            for row, col in enumerate(cols):
                if type(col) is bool:
                    whole_column(col, row)
    elif rules.square and size > CHECK_ARRAY_FROM_N:  # a long column array
        return _check_array(given, rules, examples)
    else:  # a short one is checked, and drawn, as its column list would be
        cols = _whole_columns(given)
    if rules.square and size > CHECK_ARRAY_FROM_N:  # a rectangle is at most 63 wide
        return _check_array(cols, rules, examples)
    if not rules.square:
        pairs = rules.attacking_pairs(_on_the_board(cols, rules))
        return CheckResult(size, rules, tuple(Attack(*pair) for pair in pairs))
    shown = Placement(tuple(cols))
    if rules.classic:
        attacks = tuple(Attack(a, b, _how(rules, a, b)) for a, b in shown.attacks())
    else:
        attacks = tuple(Attack(*pair) for pair in rules.attacking_pairs(shown.cols))
    return CheckResult(size, rules, attacks, placement=shown)


def _whole_columns(given: Sequence[int] | Columns) -> list[int]:
    """The columns of an array or another sequence as ints: what holds anything but whole
    numbers is refused, as the O(N) check refuses it."""
    cols = []
    for value in given:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise InvalidPlacementError(
                _("a placement is a non-empty list of whole column numbers")
            )
        cols.append(int(value))
    return cols


def _how(rules: Rules, a: Square, b: Square) -> str:
    how = rules.attack(a, b)
    assert how is not None
    return how


def _on_the_board(cols: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """A rectangle's placement: one whole column number per row, on the board."""
    on_board: list[int] = []
    for row, col in enumerate(cols):  # a NumPy integer is a column too, a bool is not
        number = whole_column(col, row)
        if not 0 <= number < rules.cols:
            raise InvalidPlacementError(off_the_board(col, row, rules.cols))
        on_board.append(number)
    return tuple(on_board)


def _check_array(cols: Columns | Sequence[int], rules: Rules, examples: int) -> CheckResult:
    """The O(N) check of a column array on a square board, under its rules."""
    from nqueens.large import check_array

    found = check_array(cols, examples=examples, wrap=rules.wrap, knight=rules.knight)
    attacks = tuple(Attack(a, b, _how(rules, a, b)) for a, b in found.examples)
    lines = (found.columns, found.diagonals, found.antidiagonals)
    knights = found.knights if rules.knight else None
    return CheckResult(found.n, rules, attacks, lines, knights=knights)


@dataclass(frozen=True)
class ListingCheck:
    """What `check_listing` found on many placements of one board (`rules`).

    `invalid` holds the places (from 0) of the placements in which queens attack;
    `distinct` counts the different placements among the valid ones, and `classes` the
    symmetry classes they fall into (under the board's symmetries, as `unique` counts).
    """

    rules: Rules
    count: int
    invalid: tuple[int, ...]
    distinct: int
    classes: int

    @property
    def valid(self) -> bool:
        """Every placement is valid."""
        return not self.invalid


def check_listing(listing: Listing, board: BoardLike | None = None) -> ListingCheck:
    """Check many placements at once: what `solve --all` writes, read back by
    `nqueens.listings` (or `Listing(rows)` of a NumPy array with a row per placement).

    The classic rules' (a square's or a rectangle's) are checked by NumPy a block of rows
    at a time (14.7 million placements of 16 queens in seconds); a toroidal or
    superqueens board's one by one, as `check` does.

    Examples
    --------
    >>> from nqueens.listings import listing_of_text
    >>> found = check_listing(listing_of_text("1 3 0 2\\n2 0 3 1\\n0 1 2 3"))
    >>> found.invalid, found.distinct, found.classes
    ((2,), 2, 1)
    """
    import numpy as np

    from nqueens.listings import (
        Listing,
        attack_free,
        blocks_of,
        canonical_rows,
        distinct_rows,
        on_board,
        other_width,
    )
    from nqueens.placement import symmetry_view
    from nqueens.variants.symmetry import symmetries

    kind_given(
        listing, Listing, "listing", _("a Listing (nqueens.listings)"), InvalidPlacementError
    )
    rows = listing.rows
    width = listing.width  # a rectangle's JSON records its width, as the command reads it
    if board is not None:
        rules = Rules.given(board)
        if width is not None and width != rules.cols:
            raise other_width(width, rules.cols)
    else:
        rules = Rules.given(listing.n if width in (None, listing.n) else f"{listing.n}x{width}")
    if rules.rows != listing.n or int(rows.max(initial=0)) >= rules.cols:
        raise InvalidPlacementError(
            _("the placements have {count} queens, one per row, but the board is {size}").format(
                count=listing.n, size=rules.size
            )
        )
    on_board(rows, rules.cols)  # a column below 0, in a Listing made by hand
    free = np.ones(len(listing), bool)
    queens_only = not (rules.wrap or rules.knight)  # a rectangle's lines are the square's
    for start, block in blocks_of(rows):
        if queens_only:
            free[start : start + len(block)] = attack_free(block, rules.cols)
        else:
            free[start : start + len(block)] = [check(r.tolist(), rules).valid for r in block]
    good = rows[free]
    views = [symmetry_view(name) for name in symmetries(rules)]
    least = [canonical_rows(block, views, rules.cols) for _start, block in blocks_of(good)]
    return ListingCheck(
        rules,
        len(listing),
        tuple(int(k) for k in np.flatnonzero(~free)),
        distinct_rows(good, rules.cols),
        distinct_rows(np.concatenate(least), rules.cols) if least else 0,
    )
