"""Local search for completion: every answer checked against the board it completes.

Boards are planted: a random solution, some of its queens fixed, squares and diagonals it
does not use ruled out, so a completion exists and local search must find one (not
necessarily the planted one). The command is run for boards far beyond the exact
search, and every answer it prints is checked in O(N) with `check_array`.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens.completion import Partial
from nqueens.completion.local import LocalSearch
from nqueens.completion.reduce import reduce_board
from nqueens.large import check_array, construct, min_conflicts, transform_array
from nqueens.placement import SYMMETRIES
from tests.processes import run_nqueens

MAX_SLICES = 100_000
"""Far more slices than any board here needs: running out is a failure, not slowness."""


def _local(partial: Partial, seed: int) -> Any:
    search = LocalSearch(reduce_board(partial), partial.fixed, seed)
    for _ in range(MAX_SLICES):
        if search.advance(0.01):
            return search.columns
    raise AssertionError(f"no completion found for {partial}")


def _assert_completes(partial: Partial, cols: Any) -> None:
    """A valid placement that keeps the fixed queens and uses no ruled-out square."""
    cols = np.asarray(cols)
    assert cols.shape == (partial.n,)
    assert check_array(cols).is_valid
    fixed_rows = np.fromiter(partial.fixed, np.int64, len(partial.fixed))
    assert (cols[fixed_rows] == [partial.fixed[r] for r in fixed_rows.tolist()]).all()
    rows = np.arange(partial.n)
    assert not np.isin(rows + cols, list(partial.excluded_sums)).any()
    assert not np.isin(rows - cols, list(partial.excluded_diffs)).any()
    assert not any(cols[r] == c for r, c in partial.blocked)


@st.composite
def planted_boards(draw: st.DrawFn) -> Partial:
    """A board with a completion: a random solution's queens, some fixed, the rest free,
    with squares and diagonals blocked that the solution does not use."""
    n = draw(st.integers(min_value=4, max_value=60))
    rng = random.Random(draw(st.integers(0, 2**32)))
    if n >= 8 and rng.random() < 0.5:
        solution = min_conflicts(n, seed=rng.randrange(1000)).cols
    else:
        solution = transform_array(construct(n), rng.choice(SYMMETRIES))
    sol = [int(c) for c in solution]
    fixed_rows = rng.sample(range(n), draw(st.integers(0, n // 3)))
    fixed = {r: sol[r] for r in fixed_rows}
    used_sums = {r + c for r, c in enumerate(sol)}
    used_diffs = {r - c for r, c in enumerate(sol)}
    free_sums = [s for s in range(2 * n - 1) if s not in used_sums]
    free_diffs = [d for d in range(1 - n, n) if d not in used_diffs]
    sums = rng.sample(free_sums, draw(st.integers(0, min(len(free_sums), n // 4))))
    diffs = rng.sample(free_diffs, draw(st.integers(0, min(len(free_diffs), n // 4))))
    squares = [(r, c) for r in range(n) for c in range(n) if sol[r] != c]
    blocked = rng.sample(squares, draw(st.integers(0, min(len(squares), 2 * n))))
    return Partial(n, fixed, frozenset(blocked), frozenset(sums), frozenset(diffs))


@settings(max_examples=80, deadline=None)
@given(board=planted_boards(), seed=st.integers(0, 1000))
def test_local_search_keeps_the_fixed_queens_and_every_ruled_out_square(
    board: Partial, seed: int
) -> None:
    _assert_completes(board, _local(board, seed))


def test_local_search_completes_a_board_with_every_queen_fixed_or_none() -> None:
    full = {r: int(c) for r, c in enumerate(construct(50))}
    _assert_completes(Partial(50, full), _local(Partial(50, full), 1))
    _assert_completes(Partial(1, {}), _local(Partial(1, {}), 1))


def _columns(stdout: str) -> Any:
    line = next(x for x in stdout.splitlines() if x.startswith("columns: "))
    return np.array(line.split()[1:], dtype=np.int64)


def _solved(partial: Partial, *args: str) -> None:
    done = run_nqueens("complete", *args)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.splitlines()[-2].startswith("completed: "), done.stdout[:300]
    _assert_completes(partial, _columns(done.stdout))


@pytest.mark.compiled
def test_a_huge_empty_board_with_one_fixed_queen_is_completed() -> None:
    n = 200_000
    _solved(Partial(n, {0: 0}), "0:0", "--n", str(n))


@pytest.mark.compiled
def test_hundreds_of_fixed_queens_scattered_at_random_are_kept() -> None:
    n = 50_000
    rng = random.Random(3)
    solution = construct(n)
    assert solution is not None
    fixed = {r: int(solution[r]) for r in rng.sample(range(n), 300)}
    pairs = " ".join(f"{r}:{c}" for r, c in fixed.items())
    _solved(Partial(n, fixed), pairs, "--n", str(n), "--exclude-sum", "7", "--exclude-diff", "-5")


@pytest.mark.compiled
def test_a_big_board_file_with_blocked_squares_is_completed(tmp_path: Path) -> None:
    n = 1500
    rng = np.random.default_rng(5)
    board = np.full((n, n), ".", dtype="<U1")
    board[rng.integers(0, n, 20 * n), rng.integers(0, n, 20 * n)] = "x"
    board[0, :] = "."
    board[0, 7] = "Q"
    path = tmp_path / "board.txt"
    path.write_text("\n".join("".join(row) for row in board) + "\n")
    blocked = frozenset((int(r), int(c)) for r, c in zip(*np.nonzero(board == "x"), strict=True))
    _solved(Partial(n, {0: 7}, blocked), str(path), "--time-limit", "120")


def test_a_board_too_big_for_memory_is_refused_up_front() -> None:
    done = run_nqueens("complete", "0:0", "--n", "1000000000", "--time-limit", "2")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("nqueens: error: N = 1,000,000,000 needs about ")
    assert len(done.stderr.splitlines()) == 1


def test_a_time_limit_spent_on_reading_the_board_answers_unknown_at_once(tmp_path: Path) -> None:
    path = tmp_path / "dots.txt"
    path.write_text("\n".join("." * 1200 for _ in range(1200)) + "\n")
    done = run_nqueens("complete", str(path), "--time-limit", "0")
    assert done.returncode == 3 and done.stderr == ""
    assert done.stdout.startswith("unknown: no answer within 0 s (0 nodes, ")
    assert len(done.stdout.splitlines()) == 1
