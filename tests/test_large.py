"""Huge boards: the explicit construction and the O(N) check."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens import InvalidPlacementError, Placement
from nqueens.large import check_array, construct, transform_array
from nqueens.placement import SYMMETRIES
from tests.naive import naive_attacks
from tests.processes import invoke


def test_construction_is_valid_for_every_n_up_to_2000() -> None:
    for n in range(4, 2001):
        cols = construct(n)
        assert cols is not None and cols.shape == (n,)
        assert check_array(cols).is_valid, n
        assert sorted(cols.tolist()) == list(range(n))


@pytest.mark.parametrize("n", [1, 4, 5, 6, 7, 8, 9, 14, 15])
def test_small_constructions_are_real_solutions(n: int) -> None:
    cols = construct(n)
    assert cols is not None and Placement(tuple(cols.tolist())).is_valid


@pytest.mark.parametrize("n", [2, 3])
def test_no_construction_where_there_is_no_solution(n: int) -> None:
    assert construct(n) is None


@pytest.mark.parametrize("n", [10**5, 10**6 + 2, 10**6 + 3, 3 * 10**6])
def test_large_constructions_and_their_images_are_valid(n: int) -> None:
    cols = construct(n)
    assert cols is not None and check_array(cols).is_valid
    for symmetry in ("rot90", "antitranspose"):
        assert check_array(construct(n, symmetry=symmetry)).is_valid


permutations = st.integers(1, 30).flatmap(lambda n: st.permutations(list(range(n))))
placements = st.integers(1, 30).flatmap(
    lambda n: st.lists(st.integers(0, n - 1), min_size=n, max_size=n)
)


@given(permutations, st.sampled_from(SYMMETRIES))
def test_numpy_symmetries_are_the_placement_symmetries(cols: list[int], symmetry: str) -> None:
    image = transform_array(np.array(cols, np.int64), symmetry)
    assert tuple(image.tolist()) == Placement.from_cols(cols).transform(symmetry).cols  # type: ignore[arg-type]


@given(placements)
def test_the_fast_check_agrees_with_the_pairwise_one(cols: list[int]) -> None:
    result = check_array(cols)
    pairs = naive_attacks(tuple(cols))
    assert result.is_valid == (not pairs)
    assert set(result.examples) <= set(pairs)
    assert bool(result.examples) == bool(pairs)


def test_the_fast_check_names_the_conflicts() -> None:
    cols = construct(1000)
    assert cols is not None
    cols[10] = cols[11]
    result = check_array(cols)
    assert result.columns == 1 and not result.is_valid
    assert ((10, int(cols[10])), (11, int(cols[11]))) in result.examples


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ([], "non-empty"),
        ([0, 3], "column 3 in row 1 is off the board"),
        ([[0]], "non-empty"),
        ([0.5, 1.0], "whole"),
    ],
)
def test_the_fast_check_refuses_what_is_not_a_placement(bad: object, message: str) -> None:
    with pytest.raises(InvalidPlacementError, match=message):
        check_array(bad)  # type: ignore[arg-type]


def test_the_fast_check_takes_one_variants_rules_as_flags() -> None:
    """`wrap` and `knight` are the board's rules as `Rules` holds them: one or the other,
    each True or False (a string was read by its truth)."""
    from nqueens.errors import IncompatibleOptionsError, InvalidSizeError

    assert check_array([0, 2, 4, 1, 3], wrap=True).is_valid
    assert check_array([0, 2, 4, 1, 3], knight=True).knights == 5
    with pytest.raises(IncompatibleOptionsError, match=r"wraps \(toroidal\) or adds"):
        check_array([0, 2, 4, 1, 3], wrap=True, knight=True)
    with pytest.raises(InvalidSizeError, match="wrap must be True or False, not 'no'"):
        check_array([0, 2, 4, 1, 3], wrap="no")  # type: ignore[arg-type]


def test_construct_command_formats(tmp_path: Path) -> None:
    code, out, _ = invoke("construct", "8")
    assert code == 0 and Placement.from_string(out).is_valid
    assert invoke("construct", "12", "-f", "list", "--one-based")[1] == (
        "2 4 6 8 10 12 1 3 5 7 9 11\n"
    )
    code, out, _ = invoke("construct", "100")
    assert code == 0 and len(out.splitlines()) == 100  # one column per line beyond 30
    path = tmp_path / "q.npy"
    assert invoke("construct", "5000", "--symmetry", "rot90", "-o", str(path))[0] == 0
    assert check_array(np.load(path)).is_valid and np.load(path).shape == (5000,)
    assert invoke("check", str(path)) == (0, "valid: 5,000 queens, no two attack each other\n", "")
    code, out, _ = invoke("construct", "3")
    assert code == 1 and out.startswith("No solution")  # an answer, on stdout
    for fmt in ("list", "lines"):  # data on stdout: the answer beside it, not in it
        code, out, err = invoke("construct", "2", "-f", fmt)
        assert (code, out) == (1, "") and err.startswith("No solution")
    code, _, err = invoke("construct", "8", "--symmetry", "spin")
    assert code == 2 and "unknown symmetry 'spin'" in err
    # --seed and --max-sweeps steer min-conflicts: beside the construction they went unused
    for unused, flags in ((["--seed", "5"], "(--seed)"), (["--max-sweeps", "9"], "(--max-sweeps)")):
        code, _, err = invoke("construct", "8", *unused)
        assert code == 2 and err.count("\n") == 1 and err.rstrip().endswith(flags), err
    assert invoke("construct", "8", "--method", "min-conflicts", "--seed", "5")[0] == 0


def test_a_board_in_text_is_bounded(tmp_path: Path) -> None:
    """`construct 20000 --format board` wrote 800 MB of text, built whole in memory
    first (N = 1,000,000: two terabytes); the bound is said before any search."""
    from nqueens.columns import save_columns
    from nqueens.errors import SizeTooLargeError
    from nqueens.limits import BOARD_TEXT_MAX_N

    out = tmp_path / "board.txt"
    code, _, err = invoke("construct", "20000", "--format", "board", "-o", str(out))
    assert code == 2 and "N <= 1000" in err and "800.0 MB of text" in err
    assert err.rstrip().endswith("(--format)") and not out.exists()
    code, _, err = invoke("construct", "10000000", "--method", "min-conflicts", "-f", "board")
    assert code == 2 and "N = 10000000 is too large for a board in text" in err
    with pytest.raises(SizeTooLargeError, match="its columns"):
        save_columns(np.arange(BOARD_TEXT_MAX_N + 1), out, fmt="board")
    save_columns(construct(BOARD_TEXT_MAX_N), out, fmt="board")  # type: ignore[arg-type]
    board = out.read_text()
    assert Placement.from_string(board).is_valid and len(board) == 2 * BOARD_TEXT_MAX_N**2


def test_check_command_on_a_large_text_file(tmp_path: Path) -> None:
    path = tmp_path / "q.txt"
    assert invoke("construct", "3000", "-o", str(path), "-f", "lines")[0] == 0
    assert invoke("check", str(path))[0] == 0
    lines = path.read_text().splitlines()
    lines[7] = lines[8]
    path.write_text("\n".join(lines))
    code, out, _ = invoke("check", str(path))
    assert code == 1 and "row 7" in out and "(same column)" in out
    assert "columns 1, diagonals rising to the right 0, falling to the right 1;" in out
    path.write_text("\n".join(str(2999 - row) for row in range(3000)))  # one rising line
    code, out, _ = invoke("check", str(path))
    assert code == 1 and "columns 0, diagonals rising to the right 1, falling to" in out
    assert "(same diagonal, rising to the right)" in out
    bad = tmp_path / "bad.npy"
    bad.write_bytes(b"not an array")
    code, _, err = invoke("check", str(bad))
    assert code == 2 and "not a NumPy array file" in err


def test_min_conflicts_solves_every_small_board_and_is_reproducible() -> None:
    from nqueens.large import min_conflicts

    for n in [1, *range(4, 80)]:
        found = min_conflicts(n, seed=n)
        assert found.solved and check_array(found.cols).is_valid, n
        assert sorted(found.cols.tolist()) == list(range(n))
    a, b, c = (min_conflicts(3000, seed=s).cols for s in (9, 9, 10))
    assert (a == b).all() and (a != c).any()


@pytest.mark.compiled
def test_min_conflicts_on_a_million_queens() -> None:
    from nqueens.large import min_conflicts

    seen: list[tuple[int, int]] = []
    found = min_conflicts(10**6, seed=1, on_progress=lambda s, left: seen.append((s, left)))
    assert found.solved and check_array(found.cols).is_valid
    assert seen[-1] == (found.sweeps, 0)


def test_min_conflicts_step_limit_and_bad_input() -> None:
    from nqueens.errors import InvalidSizeError, NoSolutionError
    from nqueens.large import min_conflicts

    with pytest.raises(NoSolutionError, match="No solution"):
        min_conflicts(3)
    with pytest.raises(InvalidSizeError, match="max_sweeps must be at least 1, not 0"):
        min_conflicts(8, max_sweeps=0)
    limited = min_conflicts(200_000, seed=2, max_sweeps=1)
    assert limited.sweeps == 1
    assert limited.solved == (limited.conflicts == 0) == check_array(limited.cols).is_valid


def test_construct_command_with_min_conflicts(tmp_path: Path) -> None:
    path = tmp_path / "r.npy"
    code, _, _ = invoke(
        "construct", "5000", "--method", "min-conflicts", "--seed", "3", "-o", str(path)
    )
    assert code == 0 and check_array(np.load(path)).is_valid
    first = np.load(path)
    invoke("construct", "5000", "--method", "min-conflicts", "--seed", "3", "-o", str(path))
    assert (np.load(path) == first).all()
    code, out, _ = invoke("construct", "10", "--method", "min-conflicts", "-f", "list")
    assert code == 0 and Placement.from_string(out).is_valid
    code, out, err = invoke(
        "construct", "2000", "--method", "min-conflicts", "--max-sweeps", "1", "-o", str(path)
    )
    assert code == 3 and out == "" and err.startswith("unknown: no solution within 1 sweep (")
    assert (np.load(path) == first).all()  # nothing written over the placement kept


def test_the_package_exports_the_huge_board_functions_lazily() -> None:
    import subprocess
    import sys

    probe = (
        "import sys, nqueens; before = 'numpy' in sys.modules; "
        "ok = nqueens.check_array(nqueens.construct(100)).is_valid; "
        "print(before, ok, 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert out.stdout.split() == ["False", "True", "True"]


def test_check_reads_a_large_placement_from_standard_input() -> None:
    cols = construct(4000)
    assert cols is not None
    text = "\n".join(str(c + 1) for c in cols.tolist())
    result = invoke("check", "--one-based", "-", input=text)
    assert (result.status, result.stdout) == (
        0,
        "valid: 4,000 queens, no two attack each other\n",
    )
