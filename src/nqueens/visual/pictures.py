"""Pictures of solutions: the API of `nqueens show`."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from nqueens.errors import (
    IncompatibleOptionsError,
    InvalidPlacementError,
    InvalidSizeError,
    SizeTooLargeError,
    shorten,
)
from nqueens.i18n import _
from nqueens.messages import plural, variant_name
from nqueens.placement import Placement
from nqueens.render.formats import picture_output
from nqueens.solving import chosen_algorithm, solutions
from nqueens.validate import as_whole, flag_given, whole_given
from nqueens.variants.board import VariantBoard
from nqueens.variants.rules import BoardLike, Rules, with_variant

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["show", "show_variant"]


def show(
    what: BoardLike | Placement | Iterable[int] | Iterable[Placement | VariantBoard],
    *,
    all: bool = False,
    unique: bool = False,
    limit: int | None = None,
    out: str | Path | None = None,
    one_based: bool = False,
    title: str | None = None,
    variant: str | None = None,
) -> Figure:
    """A picture of solutions: the first (default), `all`, the `unique` ones, or `limit` of them.

    Parameters
    ----------
    what : int, str, Rules, Placement, column list or iterable of Placement
        A board, whose solutions are found: N, ``"MxN"`` (a rectangle), or a variant's
        `Rules` (toroidal, superqueens); or the placement to draw (a `Placement`, or its
        columns as a list or an array); or the placements to draw, of one size (or a
        rectangle's boards, `VariantBoard`s of one width).
    all, unique : bool
        Every solution, or one per symmetry class, in a numbered grid.
    limit : int, optional
        At most this many solutions. (`all`, `unique`, `limit` and `variant` choose a
        board's solutions: given placements, they are refused, as nothing is chosen.)
    out : str or Path, optional
        Also write the picture: PNG, SVG or PDF by the extension, whole or not at all.
    one_based : bool
        Number rows and columns from 1.
    title : str, optional
        The picture's title (default: the board and what is shown).
    variant : str, optional
        Deprecated (it warns): the variant's name, for a board given as N or MxN; give
        the board's `Rules` instead (``Rules.of("toroidal", n)``).

    Returns
    -------
    matplotlib.figure.Figure
        The picture; notebooks display it.

    Raises
    ------
    NoSolutionError
        The board has no solution (N = 2 or 3; a toroidal N not coprime to 6): nothing to
        draw.
    OutputFormatError, OutputPlaceError
        `out` names no picture format, or a place that cannot be written.
    SizeTooLargeError
        Too many boards for one picture, or an N the search cannot reach.
    IncompatibleOptionsError
        `all`, `unique`, `limit` or `variant` beside placements to draw.

    Examples
    --------
    >>> figure = show(8, unique=True)
    >>> len(figure.axes)
    12
    >>> len(show("4x6", all=True).axes)
    46
    """
    if out is not None:
        picture_output(out)  # a bad name or place fails before the search
    all, unique = flag_given(all, "all"), flag_given(unique, "unique")
    one_based = flag_given(one_based, "one_based")
    from nqueens.render.image import picture, save_picture

    placements: list[Placement | VariantBoard]
    whole = None if isinstance(what, int | str) else as_whole(what)
    if whole is not None:  # a NumPy integer: N
        what = whole
    if not isinstance(what, int | str | Rules):  # before a stream of boards is read
        _nothing_chosen(all=all, unique=unique, limit=limit, variant=variant)
    if isinstance(what, Placement | VariantBoard):  # one board (a rectangle's iterates)
        placements = [what]
    elif isinstance(what, int | str | Rules):
        rules = Rules.given(with_variant(what, variant, "show"))
        limit = whole_given(limit, "limit")
        if limit is not None and limit < 1:
            raise InvalidSizeError(_("limit must be 1 or more, not {limit}").format(limit=limit))
        listing = all or unique or bool(limit)
        algorithm = chosen_algorithm(rules, listing=all or unique)
        found = solutions(rules, algorithm=algorithm, unique=unique, limit=limit if listing else 1)
        placements = _at_most_a_picture(found)
        if not placements:
            raise rules.no_solution()
        if title is None:
            title = _show_title(_board_title(rules), len(placements), unique, all or bool(limit))
    elif _is_column_list(what):  # [1, 3, 0, 2], or construct's array: one placement
        placements = [Placement(tuple(what))]  # type: ignore[arg-type]
    elif isinstance(what, Iterable):
        placements = _at_most_a_picture(what)  # type: ignore[arg-type]
    else:
        raise InvalidPlacementError(
            _("show draws a board (N, 'MxN', Rules) or placements, not {value}").format(
                value=shorten(what)
            )
        )
    figure = picture(placements, title=title, base=int(one_based))
    if out is not None:
        save_picture(figure, str(out))
    return figure


def _nothing_chosen(**choices: object) -> None:
    """Refuse what chooses a board's solutions beside placements given to draw: they
    were drawn as given, `unique=True` or `limit=-3` unsaid and unchecked."""
    chosen = tuple(
        name for name, value in choices.items() if value is not None and value is not False
    )
    if chosen:
        raise IncompatibleOptionsError(
            _(
                "all, unique, limit and variant choose which of a board's solutions to "
                "draw, and the placements given are drawn as they are: drop {options}"
            ).format(options=", ".join(chosen)),
            option=chosen,
        )


def _is_column_list(what: object) -> bool:
    """Whether `what` is one placement's columns (a list, a tuple or an array of whole
    numbers), not placements to draw."""
    if isinstance(what, list | tuple) or getattr(what, "ndim", None) == 1:  # an array
        items = list(what)  # type: ignore[call-overload]
        return bool(items) and all(as_whole(item) is not None for item in items)
    return False


def _at_most_a_picture(
    boards: Iterable[Placement | VariantBoard],
) -> list[Placement | VariantBoard]:
    """The boards, read no further than one more than a picture holds (a stream of
    solutions may not end), refused when there are more."""
    from nqueens.render.image import MAX_PICTURE_BOARDS

    placements = list(itertools.islice(boards, MAX_PICTURE_BOARDS + 1))
    if len(placements) > MAX_PICTURE_BOARDS:
        raise SizeTooLargeError(
            _("more than {limit} boards, too many for one picture: use --limit").format(
                limit=MAX_PICTURE_BOARDS
            )
        )
    return placements


def show_variant(
    size: int | str,
    variant: str = "classic",
    *,
    all: bool = False,
    unique: bool = False,
    limit: int | None = None,
    out: str | Path | None = None,
    one_based: bool = False,
) -> Figure:
    """Deprecated alias of `show`, which takes any board itself: `show(Rules.of(variant,
    size), ...)`. It draws the same picture, and warns (`DeprecationWarning`); it will go
    in a later version.
    """
    import warnings

    warnings.warn(
        "show_variant(size, variant) is show(Rules.of(variant, size)): show takes any board",
        DeprecationWarning,
        stacklevel=2,
    )
    board = Rules.of(variant, size)
    return show(board, all=all, unique=unique, limit=limit, out=out, one_based=one_based)


def _board_title(rules: Rules) -> str:
    """The board as a picture's title names it: "8 queens", "7 queens, toroidal", "4x6
    board"."""
    if rules.classic:
        return _("{n} queens").format(n=rules.rows)
    if rules.square:
        return _("{n} queens, {variant}").format(n=rules.size, variant=variant_name(rules.variant))
    if rules.variant != "classic":
        return _("{size} board, {variant}").format(
            size=rules.size, variant=variant_name(rules.variant)
        )
    return _("{size} board").format(size=rules.size)


def _show_title(board: str, count: int, unique: bool, listing: bool) -> str:
    """The title of a picture of solutions: "8 queens: 12 unique solutions"."""
    if unique:
        return plural(
            count,
            "{board}: {count} unique solution",
            "{board}: {count} unique solutions",
            board=board,
        )
    if listing:
        return plural(count, "{board}: {count} solution", "{board}: {count} solutions", board=board)
    return board
