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
