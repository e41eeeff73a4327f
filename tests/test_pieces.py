"""The join within its memory budget: lists joined in pieces when a whole table would not
fit (`join.join_in_pieces`), exact against the known counts, the buffers never past it."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens import limits
from nqueens.engine.methods.join import match as join
from nqueens.engine.methods.join.split import count_listed_blocks, listed_split
from nqueens.engine.methods.join.workspace import Workspace
from nqueens.errors import SizeTooLargeError
from nqueens.known import known_counts

compiled = pytest.mark.compiled


def _count(n: int) -> int:
    parts = listed_split(n)
    return int(count_listed_blocks(*parts.task(np.arange(len(parts)))[1])[:, 0].sum())


@compiled
@pytest.mark.parametrize("n", [12, 13, 14, 15, 16])
def test_a_short_budget_joins_in_pieces_and_the_count_stays_exact(
    monkeypatch: pytest.MonkeyPatch, n: int
) -> None:
    """Buffers that start tiny must grow; under a budget short of a table for the whole
    lists, they join in pieces instead, and none made is past the budget."""
    monkeypatch.setattr(Workspace.__init__, "__defaults__", (2, 2, 0))
    Workspace.drop_held()
    made: list[tuple[int, int, int, int, int]] = []  # each array set a workspace made
    make = Workspace._make

    def recorded(self: Workspace, *args: int) -> None:
        make(self, *args)
        shape = (self.partials, self.signatures, self.table_signatures)
        made.append((*shape, self.arrays.work.size, self.nbytes()))

    try:
        assert _count(n) == known_counts()[n][0]
        free = Workspace.of(n)
        Workspace.drop_held()
        budget = Workspace.bytes_for(n, free.partials, free.signatures, free.signatures // 4)
        monkeypatch.setattr(Workspace, "_make", recorded)
        for _ in range(8):  # the budget's own growth rules may leave room: tighten it
            monkeypatch.setattr(limits, "JOIN_WORKER_BYTES", budget)
            made.clear()
            assert _count(n) == known_counts()[n][0]
            Workspace.drop_held()
            if any(work for *_, work, _ in made):
                break
            budget = budget * 7 // 8
        assert any(table < signatures and work for _, signatures, table, work, _ in made)
        assert max(nbytes for *_, nbytes in made) <= budget
        assert all(
            Workspace.bytes_for(n, partials, signatures, table) == nbytes
            for partials, signatures, table, _, nbytes in made
        )
    finally:
        Workspace.drop_held()


def test_a_budget_too_short_for_the_lists_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Workspace.__init__, "__defaults__", (2, 2, 0))
    monkeypatch.setattr(limits, "JOIN_WORKER_BYTES", Workspace.bytes_for(12, 2, 2))
    Workspace.drop_held()
    try:
        with pytest.raises(SizeTooLargeError, match=r"memory budget of .* a worker"):
            _count(12)
    finally:
        Workspace.drop_held()


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
    expected = Workspace(18, signatures=max(16, *sizes)).join(a.copy(), b.copy())
    cut = Workspace(18, signatures=max(16, *sizes), table=piece).arrays
    counters = np.empty((join.COUNTER_ROWS, join.KEYS + 1), np.int64)
    kept = a.copy(), b.copy()
    found = join.join_in_pieces(
        *(a, len(a), b, len(b), 18, cut.table, cut.valid, cut.slices, np.empty(64, np.uint64)),
        *(cut.spare, counters, np.empty((2, piece), np.uint64)),
    )
    assert found == expected
    if max(sizes) > piece:  # cut: the lists themselves are not sorted in place
        assert a.tolist() == kept[0].tolist() and b.tolist() == kept[1].tolist()
