"""Counting total and unique solutions, and the known-counts table itself."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

import nqueens
from nqueens.errors import InvalidSizeError, SizeTooLargeError
from nqueens.known import known_counts
from tests.naive import naive_solutions, naive_unique

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "counts.csv"


@pytest.mark.parametrize("n", range(1, 13))
def test_count_matches_the_table(n: int) -> None:
    result = nqueens.count(n)
    assert (result.total, result.unique) == known_counts()[n]
    assert result.n == n and result.time >= 0


@pytest.mark.parametrize("n", range(1, 9))
def test_count_matches_the_naive_solver(n: int) -> None:
    result = nqueens.count(n)
    assert result.total == len(naive_solutions(n))
    assert result.unique == naive_unique(n)


def test_count_result_as_json_values() -> None:
    record = nqueens.count(8).to_dict()
    assert record["total"] == 92 and record["unique"] == 12 and record["n"] == 8
    assert (record["half_turn"], record["quarter_turn"]) == (4, 0)


def test_engine_count_reports_the_symmetric_solutions() -> None:
    """P and R from the engine's classes; tests/test_symmetric.py checks them both ways."""
    result = nqueens.count(12)
    assert (result.half_turn, result.quarter_turn) == (80, 8)
    assert nqueens.count(1).quarter_turn == 1


def test_count_refuses_bad_sizes() -> None:
    with pytest.raises(InvalidSizeError):
        nqueens.count(0)
    with pytest.raises(SizeTooLargeError):
        nqueens.count(64)


def test_known_counts_are_the_published_table() -> None:
    table = known_counts()
    assert sorted(table) == list(range(1, 28))
    assert table[8] == (92, 12) and table[27].total == 234907967154122528
    if not REFERENCE.exists():
        pytest.skip("shared/reference is not beside this checkout")
    with REFERENCE.open() as f:
        for row in csv.DictReader(f):
            assert table[int(row["n"])] == (int(row["total"]), int(row["unique"]))


def test_one_options_value_counts_as_the_keywords_do() -> None:
    options = nqueens.CountOptions(method="backtrack", workers=1)
    by_value = nqueens.count(10, options)
    by_keywords = nqueens.count(10, method="backtrack", workers=1)
    assert (by_value.total, by_value.unique) == (by_keywords.total, by_keywords.unique) == (724, 92)
    assert nqueens.count(10, options, method="python").method == "python"  # a keyword wins
    assert options.method == "backtrack"  # frozen: the value itself is unchanged
    with pytest.raises(TypeError, match="wokers"):
        nqueens.count(8, wokers=2)


@pytest.mark.parametrize(("board", "expected"), [("5x8", (568, 142)), ("5x7", (164, 43))])
def test_count_takes_a_rectangle(board: str, expected: tuple[int, int]) -> None:
    from nqueens.variants import RECTANGLE_TOTALS

    result = nqueens.count(board)
    rows, cols = (int(x) for x in board.split("x"))
    assert isinstance(result, nqueens.CountResult)
    assert (result.total, result.unique) == expected
    assert (result.n, result.cols, result.method) == (rows, cols, "rectangle")
    assert RECTANGLE_TOTALS[(rows, cols)] == result.total


def test_a_rectangle_refuses_the_engine_options() -> None:
    from nqueens.errors import IncompatibleOptionsError

    with pytest.raises(IncompatibleOptionsError, match="drop --workers"):
        nqueens.count("5x8", workers=2)
