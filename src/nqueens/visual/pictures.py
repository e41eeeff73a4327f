"""Pictures of solutions: the API of `nqueens show`."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from nqueens.errors import InvalidSizeError
from nqueens.i18n import _
from nqueens.messages import no_solution, plural
from nqueens.placement import Placement
from nqueens.render.formats import picture_output
from nqueens.validate import board_size

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from nqueens.variants.board import VariantBoard

__all__ = ["show", "show_variant"]


def _placements(
    n: int, *, all: bool, unique: bool, limit: int | None, algorithm: str
) -> list[Placement]:
    from nqueens.solving import solutions

    if not (all or unique or limit):
        limit = 1
    found = list(solutions(n, unique=unique, limit=limit, algorithm=algorithm))
    if not found:
        raise no_solution(n)
    return found


def show(
    what: int | Placement | Iterable[Placement | VariantBoard],
    *,
    all: bool = False,
    unique: bool = False,
    limit: int | None = None,
    out: str | Path | None = None,
    one_based: bool = False,
    title: str | None = None,
) -> Figure:
    """A picture of solutions: the first (default), `all`, the `unique` ones, or `limit` of them.

    Parameters
    ----------
    what : int, Placement or iterable of Placement
        A board size (its solutions are found), or the placements to draw (or a
        rectangle's boards, `VariantBoard`s of one width).
    all, unique : bool
        Every solution, or one per symmetry class, in a numbered grid.
    limit : int, optional
        At most this many solutions.
    out : str or Path, optional
        Also write the picture: PNG, SVG or PDF by the extension, whole or not at all.
    one_based : bool
        Number rows and columns from 1.
    title : str, optional
        The picture's title (default: the size and what is shown).

    Returns
    -------
    matplotlib.figure.Figure
        The picture; notebooks display it.

    Raises
    ------
    NoSolutionError
        N = 2 or 3: nothing to draw.
    OutputFormatError, OutputPlaceError
        `out` names no picture format, or a place that cannot be written.
    SizeTooLargeError
        Too many boards for one picture, or an N the search cannot reach.

    Examples
    --------
    >>> figure = show(8, unique=True)
    >>> len(figure.axes)
    12
    """
    from nqueens.solving import auto_algorithm

    if out is not None:
        picture_output(out)  # a bad name or place fails before the search
    from nqueens.render.image import picture, save_picture

    placements: list[Placement | VariantBoard]
    if isinstance(what, Placement):
        placements = [what]
    elif isinstance(what, int):
        n = board_size(what)
        if limit is not None and limit < 1:
            raise InvalidSizeError(_("limit must be 1 or more, not {limit}").format(limit=limit))
        algorithm = auto_algorithm(n, listing=all or unique)
        placements = [*_placements(n, all=all, unique=unique, limit=limit, algorithm=algorithm)]
        if title is None:
            subject = _("{n} queens").format(n=n)
            title = _show_title(subject, len(placements), unique, all or bool(limit))
    else:
        placements = list(what)
    figure = picture(placements, title=title, base=int(one_based))
    if out is not None:
        save_picture(figure, str(out))
    return figure


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
    """A picture of a variant's solutions (toroidal, superqueens), or of a rectangle's
    (`size` "MxN"), as `show` draws the classic ones: the first, `all`, the `unique` ones,
    or `limit` of them.

    Examples
    --------
    >>> len(show_variant("4x6", all=True).axes)
    46
    """
    import itertools

    from nqueens.variants import Rules, VariantBoard, solutions

    rules = Rules.of(variant, size)
    if out is not None:
        picture_output(out)
    if limit is not None and limit < 1:
        raise InvalidSizeError(_("limit must be 1 or more, not {limit}").format(limit=limit))
    wanted = limit if (all or unique or limit) else 1
    found = list(itertools.islice(solutions(rules, unique=unique), wanted))
    if not found:
        raise rules.no_solution()
    boards = [Placement(c) if rules.square else VariantBoard(c, rules.cols) for c in found]
    if rules.square:
        board = _("{n} queens, {variant}").format(n=rules.size, variant=variant)
    elif variant != "classic":
        board = _("{size} board, {variant}").format(size=rules.size, variant=variant)
    else:
        board = _("{size} board").format(size=rules.size)
    title = _show_title(board, len(found), unique, bool(all or limit))
    return show(boards, out=out, one_based=one_based, title=title)


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
