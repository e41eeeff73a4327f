"""Finding solutions: every one (streamed), the unique ones, or the first."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from nqueens.errors import InvalidSizeError
from nqueens.placement import Placement
from nqueens.search import DEFAULT_ALGORITHM, Observer, SearchStats, get_algorithm
from nqueens.validate import board_size

__all__ = ["first", "solutions"]


def solutions(
    n: int,
    *,
    algorithm: str = DEFAULT_ALGORITHM,
    unique: bool = False,
    stats: SearchStats | None = None,
    observer: Observer | None = None,
    limit: int | None = None,
) -> Iterator[Placement]:
    """Every solution for an N x N board, lazily, in lexicographic order.

    `unique=True` keeps one solution per symmetry class (the lexicographically least of
    its 8 rotations and reflections). `limit` stops after that many solutions; a
    limited listing may use larger boards, since it need not finish the search.

    Examples
    --------
    >>> sum(1 for _ in solutions(8))
    92
    >>> next(solutions(8, unique=True))
    Placement.from_string('0 4 7 5 2 6 1 3')
    """
    n = board_size(n)
    chosen = get_algorithm(algorithm)
    if limit is not None and limit < 0:
        raise InvalidSizeError(f"limit must be 0 or more, not {limit}")
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

    Examples
    --------
    >>> first(8)
    Placement.from_string('0 4 7 5 2 6 1 3')
    >>> first(3) is None
    True
    """
    n = board_size(n)
    chosen = get_algorithm(algorithm)
    chosen.check_size(n, first_only=True)
    return next(chosen.search(n, stats=stats, observer=observer), None)
