"""The numpy method: exact counts without numba, the symmetric solutions it finds agree
with the symmetric searches, and `auto` picks it for small boards."""

from __future__ import annotations

import subprocess
import sys

import pytest

import nqueens
from nqueens.counting import best_method
from nqueens.engine.registry import NUMPY
from nqueens.engine.symmetric import symmetric_counts
from nqueens.known import known_counts


@pytest.mark.parametrize("n", range(2, NUMPY.largest + 1))
def test_counts_and_symmetric_solutions_match(n: int) -> None:
    result = nqueens.count(n, method="numpy")
    assert (result.total, result.unique) == known_counts()[n]
    assert (result.half_turn, result.quarter_turn) == symmetric_counts(n)
    assert result.workers == 1  # in this process unless told otherwise


def test_auto_counts_small_boards_without_numba() -> None:
    code = (
        "import sys, nqueens\n"
        f"r = nqueens.count({NUMPY.largest})\n"
        "print(r.method, r.total, 'numba' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["numpy", str(known_counts()[NUMPY.largest][0]), "False"]
    assert best_method(NUMPY.largest + 1) == "join"


def test_two_workers_count_the_same() -> None:
    result = nqueens.count(11, method="numpy", workers=2)
    assert (result.total, result.unique, result.workers) == (*known_counts()[11], 2)
