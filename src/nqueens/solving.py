"""Finding solutions: every one (streamed), the unique ones, or the first."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

from nqueens.errors import IncompatibleOptionsError, InvalidSizeError, SizeTooLargeError
from nqueens.i18n import _
from nqueens.limits import (
    FIRST_ENGINE_FROM_N,
    LISTING_ENGINE_FROM_N,
    LISTING_FIRST_MAX_N,
    LISTING_MAX_N,
)
from nqueens.messages import too_large
from nqueens.placement import Placement
from nqueens.search import DEFAULT_ALGORITHM, Observer, SearchStats, get_algorithm
from nqueens.search.events import timed
from nqueens.validate import board_size

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "ENGINE",
    "auto_algorithm",
    "engine_chunks",
    "first",
    "solutions",
]

ENGINE = "engine"
"""The numba enumeration: no events, but millions of solutions per second."""


def auto_algorithm(n: int, *, listing: bool) -> str:
    """The teaching bitboard for small boards (instant, no numba), the engine for long
    listings and for a first solution that lies deep. Both give the same solutions in
    the same (lexicographic) order."""
    from_n = LISTING_ENGINE_FROM_N if listing else FIRST_ENGINE_FROM_N
    return ENGINE if n >= from_n else DEFAULT_ALGORITHM


def solutions(
    n: int,
    *,
    algorithm: str = DEFAULT_ALGORITHM,
    unique: bool = False,
    stats: SearchStats | None = None,
    observer: Observer | None = None,
    limit: int | None = None,
    workers: int | None = 1,
) -> Iterator[Placement]:
    """Every solution for an N x N board, lazily, in lexicographic order.

    Parameters
    ----------
    n : int
        The board size, N >= 1.
    algorithm : str
        A teaching algorithm (`nqueens.ALGORITHMS`, default the bitboard search) or
        ``"engine"``, the numba enumeration (no events, millions of solutions a second).
    unique : bool
        Keep one solution per symmetry class: the least of its 8 rotations and reflections.
    stats : SearchStats, optional
        Filled as the search runs.
    observer : callable, optional
        Called with each event of a teaching search.
    limit : int, optional
        Stop after this many solutions; a limited listing may take larger boards.
    workers : int or None
        Processes for the engine's listing (None: every core), in the same order.

    Yields
    ------
    Placement
        Each solution as it is found.

    Raises
    ------
    InvalidSizeError
        N (or `limit`) is not a usable number.
    SizeTooLargeError
        The listing would not end in reasonable time (`nqueens.count` counts instead).
    IncompatibleOptionsError
        An observer was given to the engine, which reports no events.

    Examples
    --------
    >>> sum(1 for _ in solutions(8))
    92
    >>> next(solutions(8, unique=True))
    Placement.from_string('0 4 7 5 2 6 1 3')
    """
    n = board_size(n)
    if limit is not None and limit < 0:
        raise InvalidSizeError(f"limit must be 0 or more, not {limit}")
    if algorithm == ENGINE:
        found = _engine_solutions(n, unique, limit, stats, observer, workers)
    else:
        chosen = get_algorithm(algorithm)
        chosen.check_size(n, first_only=limit is not None)
        found = chosen.search(n, stats=stats, observer=observer)
        if unique:
            found = (p for p in found if p.is_canonical())
    if limit is not None:
        found = itertools.islice(found, limit)
    return found


def first(
    n: int,
    *,
    algorithm: str = DEFAULT_ALGORITHM,
    stats: SearchStats | None = None,
    observer: Observer | None = None,
) -> Placement | None:
    """The first solution in lexicographic order, or None when there is none (N = 2, 3).

    Parameters
    ----------
    n : int
        The board size, N >= 1.
    algorithm : str
        A teaching algorithm (`nqueens.ALGORITHMS`) or ``"engine"`` (numba, N <= 32).
    stats : SearchStats, optional
        Filled with the nodes, checks, backtracks and time of the search.
    observer : callable, optional
        Called with each event of the search (`Place`, `Reject`, `Remove`, `Solution`).

    Returns
    -------
    Placement or None
        The lexicographically first solution, or None for N = 2 and 3.

    Raises
    ------
    InvalidSizeError
        N is not a whole number of at least 1.
    SizeTooLargeError
        N is beyond what the algorithm finds in reasonable time (`nqueens construct`
        places queens on any board).
    UnknownAlgorithmError
        No algorithm has that name.

    Examples
    --------
    >>> first(8)
    Placement.from_string('0 4 7 5 2 6 1 3')
    >>> first(3) is None
    True
    """
    if algorithm == ENGINE:
        return next(solutions(n, algorithm=ENGINE, stats=stats, observer=observer, limit=1), None)
    n = board_size(n)
    chosen = get_algorithm(algorithm)
    chosen.check_size(n, first_only=True)
    return next(chosen.search(n, stats=stats, observer=observer), None)


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
            "the engine reports no search events; pick a teaching algorithm to observe"
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
            f"N = {n} has too many solutions to list: use N <= {LISTING_MAX_N}, --limit, "
            "or `nqueens count N`"
        )
    if n > LISTING_FIRST_MAX_N:
        raise SizeTooLargeError(
            too_large(
                n,
                _("the engine to find the first solutions in order"),
                LISTING_FIRST_MAX_N,
                instead=_("`nqueens construct N` for one placement"),
            )
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
