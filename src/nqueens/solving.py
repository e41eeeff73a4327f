"""Finding solutions: every one (streamed), the unique ones, or the first, on any board.

The classic board is searched by a teaching algorithm or the engine; a variant's board
(toroidal, superqueens, a rectangle) by its own searches (`nqueens.search.stepping`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict, Unpack, overload

from nqueens.errors import IncompatibleOptionsError, SizeTooLargeError, shorten
from nqueens.i18n import _
from nqueens.limits import (
    FIRST_ENGINE_FROM_N,
    LISTING_ENGINE_FROM_N,
    LISTING_FIRST_MAX_N,
    LISTING_MAX_N,
    VARIANT_CHECK_LIST_MAX_N,
    VARIANT_FIRST_MAX_N,
    VARIANT_LIST_MAX_N,
    VARIANT_STEPS_FIRST_MAX_N,
    check_n,
)
from nqueens.messages import too_large, variant_name
from nqueens.placement import Placement
from nqueens.search import DEFAULT_ALGORITHM, Observer, SearchStats, get_algorithm
from nqueens.search.events import Event, Solution, timed
from nqueens.search.stepping import CHECK_FUNCTION, variant_search
from nqueens.validate import flag_given, kind_given, whole_count, worker_count
from nqueens.variants.board import VariantBoard
from nqueens.variants.rules import BoardLike, Rules, with_variant

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "AUTO",
    "ENGINE",
    "auto_algorithm",
    "chosen_algorithm",
    "engine_chunks",
    "first",
    "solutions",
]

ENGINE = "engine"
"""The numba enumeration: no events, but millions of solutions per second."""

AUTO = "auto"
"""The algorithm chosen for the board: see `chosen_algorithm`."""


def auto_algorithm(n: int, *, listing: bool) -> str:
    """The teaching bitboard for small boards (instant, no numba), the engine for long
    listings and for a first solution that lies deep. Both give the same solutions in
    the same (lexicographic) order."""
    from_n = LISTING_ENGINE_FROM_N if listing else FIRST_ENGINE_FROM_N
    return ENGINE if n >= from_n else DEFAULT_ALGORITHM


def chosen_algorithm(board: BoardLike, algorithm: str = AUTO, *, listing: bool = True) -> str:
    """The algorithm that searches `board`, ``"auto"`` resolved: on the classic board the
    teaching bitboard or the engine (`auto_algorithm`), on a variant's the bitboard;
    an algorithm a variant does not have is refused.

    >>> chosen_algorithm(8), chosen_algorithm(20), chosen_algorithm("5x8")
    ('bitboard', 'engine', 'bitboard')
    """
    rules = Rules.given(board)
    if rules.classic:
        return auto_algorithm(rules.rows, listing=listing) if algorithm == AUTO else algorithm
    chosen = DEFAULT_ALGORITHM if algorithm == AUTO else algorithm
    variant_search(rules, chosen)
    return chosen


class _FirstOptions(TypedDict, total=False):
    """The keywords of `first` (and `solutions`) but the variant, for the overloads that
    tell a classic board's placements from another board's."""

    algorithm: str
    stats: SearchStats | None
    observer: Observer | None


class _SolutionsOptions(_FirstOptions, total=False):
    unique: bool
    limit: int | None
    workers: int | None


@overload
def solutions(
    n: int, *, variant: None = None, **options: Unpack[_SolutionsOptions]
) -> Iterator[Placement]: ...


@overload
def solutions(
    n: BoardLike, *, variant: str | None = None, **options: Unpack[_SolutionsOptions]
) -> Iterator[Placement | VariantBoard]: ...


def solutions(
    n: BoardLike,
    *,
    algorithm: str = DEFAULT_ALGORITHM,
    unique: bool = False,
    stats: SearchStats | None = None,
    observer: Observer | None = None,
    limit: int | None = None,
    workers: int | None = 1,
    variant: str | None = None,
) -> Iterator[Placement | VariantBoard]:
    """Every solution on a board, lazily, in lexicographic order.

    Parameters
    ----------
    n : int, str or Rules
        The board: its size N >= 1, ``"MxN"`` (a rectangle of M rows and N columns, M
        queens), or a variant's `Rules` (toroidal, superqueens).
    algorithm : str
        A teaching algorithm (`nqueens.ALGORITHMS`, default the bitboard search),
        ``"engine"``, the numba enumeration (no events, millions of solutions a second),
        or ``"auto"`` (`chosen_algorithm`). A variant's board has its own two searches:
        ``"bitboard"`` and ``"backtracking"`` (its check function, which reports events);
        a rectangle its bitboard search alone.
    unique : bool
        Keep one solution per symmetry class: the least of its 8 rotations and
        reflections (4 on a rectangle).
    stats : SearchStats, optional
        Filled as the search runs.
    observer : callable, optional
        Called with each event of a teaching search.
    limit : int, optional
        Stop after this many solutions; a limited listing may take larger boards.
    workers : int or None
        Processes for the engine's listing (None: every core), in the same order.
    variant : str, optional
        Deprecated (it warns): the variant's name, for a board given as N; give the
        board's `Rules` instead (``Rules.of("toroidal", n)``).

    Yields
    ------
    Placement or VariantBoard
        Each solution as it is found (a rectangle's as `VariantBoard`s).

    Raises
    ------
    InvalidSizeError
        N (or `limit`) is not a usable number.
    SizeTooLargeError
        The listing would not end in reasonable time (`nqueens.count` counts instead).
    IncompatibleOptionsError
        An observer was given to a search that reports no events, or a variant's board
        an algorithm it does not have.

    Examples
    --------
    >>> sum(1 for _ in solutions(8))
    92
    >>> next(solutions(8, unique=True))
    Placement.from_string('0 4 7 5 2 6 1 3')
    >>> from nqueens import Rules
    >>> sum(1 for _ in solutions(Rules.of("toroidal", 7)))
    28
    >>> next(solutions("4x6")).to_string()
    '0 2 4 1'
    """
    rules = Rules.given(with_variant(n, variant, "solutions"))
    unique = flag_given(unique, "unique")  # "no" was taken for True
    _observing(stats, observer)
    if limit is not None:
        limit = whole_count(limit, "limit", least=0)
    if workers is not None:
        worker_count(workers)  # a bound broken is refused even where no worker would start
    if not rules.classic:
        return _variant_solutions(rules, algorithm, unique, stats, observer, limit)
    n = rules.rows
    if algorithm == AUTO:
        algorithm = auto_algorithm(n, listing=True)
    found: Iterator[Placement]
    if algorithm == ENGINE:
        found = _engine_solutions(n, unique, limit, stats, observer, workers)
    else:
        chosen = get_algorithm(algorithm)
        chosen.check_size(n, first_only=limit is not None)
        bound = None if unique else limit  # the search stops there (unique ones: filtered)
        found = chosen.search(n, stats=stats, observer=observer, limit=bound)
        if unique:
            found = (p for p in found if p.is_canonical())
    if limit is not None:
        found = itertools.islice(found, limit)
    return found


@overload
def first(
    n: int, *, variant: None = None, **options: Unpack[_FirstOptions]
) -> Placement | None: ...


@overload
def first(
    n: BoardLike, *, variant: str | None = None, **options: Unpack[_FirstOptions]
) -> Placement | VariantBoard | None: ...


def first(
    n: BoardLike,
    *,
    algorithm: str = DEFAULT_ALGORITHM,
    stats: SearchStats | None = None,
    observer: Observer | None = None,
    variant: str | None = None,
) -> Placement | VariantBoard | None:
    """The first solution in lexicographic order, or None when there is none (N = 2, 3).

    Parameters
    ----------
    n : int, str or Rules
        The board: its size N >= 1, ``"MxN"`` (a rectangle), or a variant's `Rules`.
    algorithm : str
        A teaching algorithm (`nqueens.ALGORITHMS`), ``"engine"`` (numba, N <= 32) or
        ``"auto"`` (`chosen_algorithm`); on a variant's board, ``"bitboard"`` or
        ``"backtracking"``, its own two searches (a rectangle: ``"bitboard"`` alone).
    stats : SearchStats, optional
        Filled with the nodes, checks, backtracks and time of the search.
    observer : callable, optional
        Called with each event of the search (`Place`, `Reject`, `Remove`, `Solution`).
    variant : str, optional
        Deprecated (it warns): the variant's name, for a board given as N; give the
        board's `Rules` instead (``Rules.of("toroidal", n)``).

    Returns
    -------
    Placement, VariantBoard or None
        The lexicographically first solution (a rectangle's as a `VariantBoard`), or
        None where there is none.

    Raises
    ------
    InvalidSizeError
        N is not a whole number of at least 1.
    SizeTooLargeError
        N is beyond what the algorithm finds in reasonable time (`nqueens construct`
        places queens on any board; a variant's search finds a first solution in
        seconds up to `nqueens.limits.VARIANT_FIRST_MAX_N` queens).
    UnknownAlgorithmError
        No algorithm has that name.
    IncompatibleOptionsError
        A variant's board with an algorithm it does not have.

    Examples
    --------
    >>> first(8)
    Placement.from_string('0 4 7 5 2 6 1 3')
    >>> first(3) is None
    True
    >>> from nqueens import Rules
    >>> first(Rules.of("superqueens", 10))
    Placement.from_string('2 5 8 0 3 6 9 1 4 7')
    """
    rules = Rules.given(with_variant(n, variant, "first"))
    _observing(stats, observer)
    if not rules.classic:
        return next(_variant_solutions(rules, algorithm, False, stats, observer, 1), None)
    n = rules.rows
    if algorithm == AUTO:
        algorithm = auto_algorithm(n, listing=False)
    if algorithm == ENGINE:
        return next(solutions(n, algorithm=ENGINE, stats=stats, observer=observer, limit=1), None)
    chosen = get_algorithm(algorithm)
    chosen.check_size(n, first_only=True)
    return next(chosen.search(n, stats=stats, observer=observer, limit=1), None)


def _observing(stats: object, observer: object) -> None:
    """Refuse a `stats` that is no SearchStats and an `observer` that cannot be called
    (either failed at the first node, far from the argument); start the stats at zero."""
    if stats is not None:
        kind_given(stats, SearchStats, "stats", _("a SearchStats"))
        assert isinstance(stats, SearchStats)  # as kind_given checked
        stats.reset()  # this search's work alone, whatever it held
    if observer is not None and not callable(observer):
        raise IncompatibleOptionsError(
            _("observer must be a function of one event, not {value}").format(
                value=shorten(observer)
            ),
            option="observer",
        )


def _variant_solutions(
    rules: Rules,
    algorithm: str,
    unique: bool,
    stats: SearchStats | None,
    observer: Observer | None,
    limit: int | None,
) -> Iterator[Placement | VariantBoard]:
    """A variant's solutions by its own search: the bitboard, or with an observer (or
    asked for) the check function, whose events it reports."""
    from nqueens.variants.search import events, proved_empty
    from nqueens.variants.search import solutions as bitboard
    from nqueens.variants.symmetry import is_canonical

    wanted = DEFAULT_ALGORITHM if algorithm == AUTO else algorithm
    search = variant_search(rules, wanted, steps=observer is not None)
    unwatched_steps = search == CHECK_FUNCTION and observer is None
    if unwatched_steps and proved_empty(rules):  # none to find: no tree to walk for it
        return iter(())
    if unwatched_steps and rules.rows > VARIANT_STEPS_FIRST_MAX_N:
        raise SizeTooLargeError(
            _(
                "{n} queens are too many for the {variant} board's step-by-step search "
                "({search}) to find a first solution in seconds: use at most {limit}, or "
                "the default search (up to {most})"
            ).format(
                n=rules.rows,
                variant=variant_name(rules.variant),
                search=wanted,
                limit=VARIANT_STEPS_FIRST_MAX_N,
                most=VARIANT_FIRST_MAX_N,
            )
        )
    if rules.rows > VARIANT_FIRST_MAX_N and not proved_empty(rules):
        message = (
            _(
                "{n} queens are too many for the toroidal {rows}x{cols} board's search to "
                "find a first solution in seconds: use at most {limit}"
            )
            if rules.wrap
            else _(
                "{n} queens are too many for the superqueens {rows}x{cols} board's search to "
                "find a first solution in seconds: use at most {limit}"
            )
            if rules.knight
            else _(
                "{n} queens are too many for the classic {rows}x{cols} board's search to find a "
                "first solution in seconds: use at most {limit}"
            )
        )
        raise SizeTooLargeError(
            message.format(
                n=rules.rows, rows=rules.rows, cols=rules.cols, limit=VARIANT_FIRST_MAX_N
            )
        )
    most = VARIANT_CHECK_LIST_MAX_N if search == CHECK_FUNCTION else VARIANT_LIST_MAX_N
    if limit is None and rules.rows > most and not proved_empty(rules):
        what = _("the {variant} search ({search}) to list every solution").format(
            variant=variant_name(rules.variant), search=search
        )
        raise SizeTooLargeError(
            too_large(rules.rows, what, most, instead=_("a limit (--limit K), or `nqueens count`"))
        )
    stats = stats if stats is not None else SearchStats()
    found: Iterator[tuple[int, ...]]
    if search == CHECK_FUNCTION:
        found = _observed(timed(events(rules, stats), stats), observer)
        if unique:
            found = (cols for cols in found if is_canonical(cols, rules))
    else:
        found = bitboard(rules, unique=unique, stats=stats)
    boards = (Placement(c) if rules.square else VariantBoard(c, rules.cols) for c in found)
    return itertools.islice(boards, limit)


def _observed(steps: Iterator[Event], observer: Observer | None) -> Iterator[tuple[int, ...]]:
    """The solutions of a stream of events, each event told to `observer` first."""
    for event in steps:
        if observer is not None:
            observer(event)
        if isinstance(event, Solution):
            yield event.placement.cols


def _engine_solutions(
    n: int,
    unique: bool,
    limit: int | None,
    stats: SearchStats | None,
    observer: Observer | None,
    workers: int | None,
) -> Iterator[Placement]:
    if observer is not None:
        raise IncompatibleOptionsError(
            _("the engine reports no search events; pick a teaching algorithm to observe")
        )
    return _placements_from_arrays(
        engine_chunks(n, unique=unique, limit=limit, workers=workers), stats
    )


def engine_chunks(
    n: int, *, unique: bool = False, limit: int | None = None, workers: int | None = 1
) -> Iterator[npt.NDArray[np.int8]]:
    """The engine's solutions as NumPy chunks, refusing listings that would not end."""
    if limit is None and n > LISTING_MAX_N:
        raise SizeTooLargeError(
            _(
                "N = {n} has too many solutions to list: use N <= {limit}, --limit, "
                "or `nqueens count N`"
            ).format(n=n, limit=LISTING_MAX_N)
        )
    check_n(
        n,
        LISTING_FIRST_MAX_N,
        _("the engine to find the first solutions in order"),
        instead=_("`nqueens construct N` for one placement"),
    )
    from nqueens.listing import solution_arrays

    return solution_arrays(n, unique=unique, workers=workers, limit=limit)


def _placements_from_arrays(
    chunks: Iterator[npt.NDArray[np.int8]], stats: SearchStats | None
) -> Iterator[Placement]:
    stats = stats if stats is not None else SearchStats()
    for chunk in timed(chunks, stats):
        for row in chunk.tolist():
            stats.solutions += 1
            yield Placement(tuple(row))
