"""Journals in a given state, for the tests of resuming, merging and recounting."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from nqueens.engine.runtime.journal import read_summary, rewrite


def forget(path: str | Path, indices: Iterable[int]) -> int:
    """Drop finished subproblems from a journal, its digest written afresh (by the
    journal's own `rewrite`, as a repair writes it), so that it reads as a count that
    has not finished them: the state a crash leaves, made on purpose. Returns how many
    were dropped."""
    before = read_summary(path).done
    rewrite(path, {}, [int(i) for i in indices])
    return before - read_summary(path).done
