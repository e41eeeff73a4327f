"""The join within its memory budget: lists joined in pieces when a whole table would not
fit (`join.join_in_pieces`), exact against the known counts, the buffers never past it."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens import limits
from nqueens.engine import halves, join
from nqueens.engine.halves import count_half_blocks, half_split
from nqueens.errors import SizeTooLargeError
from nqueens.known import known_counts

compiled = pytest.mark.compiled


def _count(n: int) -> int:
    parts = half_split(n)
    return int(count_half_blocks(*parts.task(np.arange(len(parts)))[1])[:, 0].sum())


@compiled
@pytest.mark.parametrize("n", [12, 13, 14, 15, 16])
def test_a_short_budget_joins_in_pieces_and_the_count_stays_exact(
    monkeypatch: pytest.MonkeyPatch, n: int
) -> None:
    """Buffers that start tiny must grow; under a budget short of a table for the whole
    lists, they join in pieces instead, and none made is past the budget."""
    monkeypatch.setattr(halves._Buffers.__init__, "__defaults__", (2, 2, 0))
    halves._buffers.clear()
    made: list[halves._Buffers] = []
    init = halves._Buffers.__init__

    def recorded(self: halves._Buffers, *args: int) -> None:
        init(self, *args)
        made.append(self)

    try:
        assert _count(n) == known_counts()[n][0]
        free = halves._buffers.pop(n)
        budget = halves._Buffers.bytes_for(n, free.partials, free.signatures, free.signatures // 4)
        monkeypatch.setattr(halves._Buffers, "__init__", recorded)
        for _ in range(8):  # the budget's own growth rules may leave room: tighten it
            monkeypatch.setattr(limits, "JOIN_WORKER_BYTES", budget)
            made.clear()
            assert _count(n) == known_counts()[n][0]
            halves._buffers.clear()
            if any(b.work.size for b in made):
                break
            budget = budget * 7 // 8
        assert any(b.table_signatures < b.signatures and b.work.size for b in made)  # pieces
        assert max(b.nbytes() for b in made) <= budget
        assert all(
            halves._Buffers.bytes_for(n, b.partials, b.signatures, b.table_signatures) == b.nbytes()
            for b in made
        )
    finally:
        halves._buffers.clear()


def test_a_budget_too_short_for_the_lists_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(halves._Buffers.__init__, "__defaults__", (2, 2, 0))
    monkeypatch.setattr(limits, "JOIN_WORKER_BYTES", halves._Buffers.bytes_for(12, 2, 2))
    halves._buffers.clear()
    try:
        with pytest.raises(SizeTooLargeError, match=r"memory budget of .* a worker"):
            _count(12)
    finally:
        halves._buffers.clear()


@compiled
@given(
    seed=st.integers(0, 2**32 - 1),
    sizes=st.tuples(st.integers(0, 3000), st.integers(0, 3000)),
    piece=st.integers(256, 1500),
)
@settings(max_examples=10, deadline=None)
def test_pieces_of_the_lists_sum_to_their_whole_join(
    seed: int, sizes: tuple[int, int], piece: int
) -> None:
    """Random N = 18 signatures: the join by pieces equals the join of the whole lists,
    and, when it cuts them, leaves the lists as they were."""
    rng = np.random.default_rng(seed)
    a, b = (rng.integers(0, 2**34, size, dtype=np.uint64) for size in sizes)
    a |= np.roll(a, 1)
    b |= np.roll(b, 1)
    whole = halves._Buffers(18, signatures=max(16, *sizes))
    counters = np.empty((4, join.KEYS + 1), np.int64)
    square = np.empty(64, np.uint64)
    tables = (whole.table, whole.valid, whole.slices, square)
    expected = join._join(a.copy(), len(a), b.copy(), len(b), 18, *tables, whole.spare, counters)
    cut = halves._Buffers(18, signatures=max(16, *sizes), table=piece)
    kept = a.copy(), b.copy()
    found = join.join_in_pieces(
        *(a, len(a), b, len(b), 18, cut.table, cut.valid, cut.slices, square, cut.spare),
        *(counters, np.empty((2, piece), np.uint64)),
    )
    assert found == expected
    if max(sizes) > piece:  # cut: the lists themselves are not sorted in place
        assert a.tolist() == kept[0].tolist() and b.tolist() == kept[1].tolist()
