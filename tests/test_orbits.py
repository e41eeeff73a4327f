"""The join past N = 23: orbit representatives generated per task (methods/join/split.py),
checked against the listed split and the known counts, with a split of bounded size."""

from __future__ import annotations

import math

import numpy as np
import pytest

import nqueens
from nqueens.engine.methods.join import split as join_split
from nqueens.engine.methods.join.split import StreamedSplit, listed_split, streamed_split
from nqueens.engine.registry import JOIN
from nqueens.known import known_counts


@pytest.mark.parametrize("n", range(2, 16))
def test_the_streamed_split_generates_the_listed_representatives(n: int) -> None:
    listed = listed_split(n)
    for target in (1, 7, 100, 8000):
        parts = streamed_split(n, target)
        found = [parts.representatives(b) for b in range(len(parts))]
        middles = np.concatenate([f[0] for f in found])
        easts = np.concatenate([f[1] for f in found])
        weights = np.concatenate([f[2] for f in found])
        assert middles.tolist() == listed.middles.tolist()
        assert easts.tolist() == listed.easts.tolist()
        assert weights.tolist() == listed.weights.tolist()


@pytest.mark.parametrize(
    "n", [*range(4, 15), *(pytest.param(n, marks=pytest.mark.compiled) for n in (15, 16, 17))]
)
def test_a_streamed_count_is_exact(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    """The whole path, pool and journal included, with the streamed split at every N."""
    monkeypatch.setattr(join_split, "LISTED_UP_TO", 3)
    assert isinstance(JOIN.split(n), StreamedSplit)
    result = nqueens.count(n, method="join", workers=2 if n >= 12 else 1)
    assert (result.total, result.unique) == known_counts()[n]


def test_the_join_takes_n_up_to_27_with_a_split_of_bounded_size() -> None:
    """Subproblems of tens to hundreds of orbits, not 70 million listed orbits; finer from
    N = 25, so that the longest fits an hour (test_estimate checks the plan says so)."""
    assert JOIN.largest == 27
    for n, wanted in ((24, 8000), *join_split.STREAMED_TARGETS.items()):
        parts = JOIN.split(n)
        assert isinstance(parts, StreamedSplit)
        assert wanted // 2 <= len(parts) <= wanted * 1.2
        assert parts.ms.nbytes + parts.los.nbytes + parts.his.nbytes <= 24 * len(parts)
        assert parts.fingerprint() == JOIN.split(n).fingerprint()  # a pure function of N


@pytest.mark.parametrize("n", range(4, 25))
def test_the_streamed_split_is_the_same_work_it_always_was(n: int) -> None:
    """Made by arrays now, by loops before: the same ranges in the same order, so that
    journals of N = 24 made before stay valid (their fingerprint is of these arrays)."""
    parts = streamed_split(n)
    half, odd = n // 2, n & 1
    per_m = math.comb(n - odd - 1, half)
    middles = list(range(half + 1)) if odd else [-1]
    step = max(1, -(-per_m // max(1, -(-join_split.STREAMED_TARGET // len(middles)))))
    ranges = [(m, lo, min(per_m, lo + step)) for m in middles for lo in range(0, per_m, step)]
    found = zip(parts.ms.tolist(), parts.los.tolist(), parts.his.tolist(), strict=True)
    assert list(found) == ranges


@pytest.mark.parametrize("n", [9, 11, 13, 15, 17, pytest.param(25, marks=pytest.mark.compiled)])
def test_an_odd_split_walks_no_middle_row_without_representatives(n: int) -> None:
    """Past the middle row the flip's image is the least member: no such range is cut,
    so every subproblem holds work (and a stratified sample of them means something)."""
    parts = streamed_split(n, 3 * (n // 2 + 1))  # three ranges a middle row
    assert parts.ms.tolist() == sorted(3 * list(range(n // 2 + 1)))
    assert all(len(parts.representatives(b)[1]) for b in range(len(parts)))
