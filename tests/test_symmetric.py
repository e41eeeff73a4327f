"""P and R: solutions fixed by the half turn and the quarter turn, and Burnside's unique count."""

from __future__ import annotations

import pytest

from nqueens import Placement
from nqueens.engine.symmetric import (
    half_turn_count,
    quarter_turn_count,
    symmetric_counts,
    unique_from,
)
from nqueens.known import known_counts
from tests.naive import naive_solutions


@pytest.mark.parametrize("n", range(1, 10))
def test_against_the_naive_solver(n: int) -> None:
    solutions = [Placement(cols) for cols in naive_solutions(n)]
    half = sum(1 for s in solutions if s.transform("rot180") == s)
    quarter = sum(1 for s in solutions if s.transform("rot90") == s)
    assert symmetric_counts(n) == (half, quarter)


@pytest.mark.parametrize("n", range(2, 17))
def test_against_the_engines_symmetry_classes(n: int) -> None:
    """Both ways: the classes give P and R, and P and R with the total give the classes."""
    import nqueens

    # P = 2 c2 + 4 c4 and R = 2 c2 from its classes
    classified = nqueens.count(n, method="backtrack", workers=1)
    half, quarter = symmetric_counts(n)
    assert (classified.half_turn, classified.quarter_turn) == (half, quarter)
    assert unique_from(classified.total, half, quarter) == classified.unique


@pytest.mark.parametrize("n", range(2, 21))
def test_burnside_gives_the_published_unique_counts(n: int) -> None:
    known = known_counts()[n]
    assert unique_from(known.total, *symmetric_counts(n)) == known.unique


def test_boards_without_quarter_turn_solutions() -> None:
    assert [quarter_turn_count(n) for n in (6, 7, 10, 11, 14, 15, 18, 19)] == [0] * 8
    assert half_turn_count(1) == quarter_turn_count(1) == 1


def test_unique_from_refuses_inconsistent_counts() -> None:
    with pytest.raises(ArithmeticError):
        unique_from(92, 4, 1)
