"""Completing boards with fixed queens, against brute force on every small case."""

from __future__ import annotations

import functools
import itertools
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens import InvalidPlacementError, InvalidSizeError, Placement
from nqueens.columns import save_columns
from nqueens.completion import Partial, complete
from tests.naive import naive_completions, naive_solutions
from tests.processes import invoke, nqueens_after, run_nqueens


@functools.cache
def _solutions(n: int) -> list[tuple[int, ...]]:
    return naive_solutions(n)


def _completions(n: int, fixed: dict[int, int]) -> list[tuple[int, ...]]:
    return [s for s in _solutions(n) if all(s[r] == c for r, c in fixed.items())]


def _consistent(fixed: dict[int, int]) -> bool:
    return all(
        c1 != c2 and abs(c1 - c2) != abs(r1 - r2)
        for (r1, c1), (r2, c2) in itertools.combinations(fixed.items(), 2)
    )


@pytest.mark.parametrize("n", range(1, 9))
def test_every_one_and_two_queen_board_against_brute_force(n: int) -> None:
    squares = [(r, c) for r in range(n) for c in range(n)]
    boards = [{r: c} for r, c in squares] + [
        {r1: c1, r2: c2}
        for (r1, c1), (r2, c2) in itertools.combinations(squares, 2)
        if r1 != r2 and _consistent({r1: c1, r2: c2})
    ]
    for fixed in boards:
        expected = _completions(n, fixed)
        found = complete(Partial(n, fixed))
        counted = complete(Partial(n, fixed), count=True)
        assert (found.status == "solved") == bool(expected), fixed
        assert found.placement is None or found.placement.cols in expected
        assert counted.count == len(expected)


def test_random_larger_fixed_sets_against_brute_force() -> None:
    rng = random.Random(7)
    impossible = solved = 0
    for _ in range(400):
        n = rng.randint(4, 8)
        fixed = {r: rng.randrange(n) for r in rng.sample(range(n), rng.randint(2, n // 2 + 1))}
        if not _consistent(fixed):
            continue
        expected = _completions(n, fixed)
        result = complete(Partial(n, fixed), count=True)
        assert result.count == len(expected)
        assert (result.status == "solved") == bool(expected)
        impossible += not expected
        solved += bool(expected)
    assert impossible > 20 and solved > 10  # both kinds were really tested


def test_restarts_grow_their_budget_until_a_search_finishes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import nqueens.completion.solver

    monkeypatch.setattr(nqueens.completion.solver, "FIRST_BUDGET", 1)  # every search must restart
    monkeypatch.setattr(nqueens.completion.solver, "shares", lambda m: (0, 1, 0))  # only it runs
    rng = random.Random(11)
    for _ in range(60):
        n = rng.randint(6, 9)
        fixed = {r: rng.randrange(n) for r in rng.sample(range(n), 2)}
        if not _consistent(fixed):
            continue
        result = complete(Partial(n, fixed))
        assert (result.status == "solved") == bool(_completions(n, fixed)), fixed


def test_the_same_seed_gives_the_same_completion() -> None:
    board = Partial(40, {3: 7})
    assert complete(board, seed=5).placement == complete(board, seed=5).placement


@pytest.mark.parametrize("n", [64, 65, 100, 300, pytest.param(1000, marks=pytest.mark.compiled)])
def test_large_boards_complete_beyond_64_bits(n: int) -> None:
    result = complete(Partial(n, {0: n // 3, n - 1: 2, n // 2: n - 1}), time_limit=60)
    assert result.status == "solved" and result.placement is not None
    assert result.placement.is_valid and result.placement.cols[n // 2] == n - 1


def test_the_time_limit_answers_unknown_instead_of_hanging() -> None:
    result = complete(Partial(28, {0: 0}), count=True, time_limit=0.2)
    assert result.status == "unknown" and result.count is None and result.time < 5


@given(st.integers(1, 7).flatmap(lambda n: st.tuples(st.just(n), st.permutations(range(n)))))
def test_board_text_and_pairs_parse_to_the_same_partial(case: tuple[int, list[int]]) -> None:
    n, perm = case
    fixed = {r: perm[r] for r in range(0, n, 2)}
    rows = ["".join("Q" if fixed.get(r) == c else "." for c in range(n)) for r in range(n)]
    pairs = " ".join(f"{r}:{c}" for r, c in fixed.items())
    try:
        from_rows = Partial.from_string("/".join(rows))
    except InvalidPlacementError:
        assert not _consistent(fixed)
        return
    assert from_rows == Partial.from_string(pairs, n=n)
    assert (
        Partial.from_string(" ".join(f"{r + 1}:{c + 1}" for r, c in fixed.items()), n=n, base=1)
        == from_rows
    )


@pytest.mark.parametrize(
    ("text", "n", "error", "message"),
    [
        ("0:0 1:1", 8, InvalidPlacementError, "attack each other \\(same diagonal\\)"),
        ("0:3 5:3", 8, InvalidPlacementError, "same column"),
        ("0:0 9:1", 8, InvalidPlacementError, "off the 8x8 board"),
        ("0:0 0:5", 8, InvalidPlacementError, "given twice"),
        ("0:0", None, InvalidSizeError, "need the board size"),
        ("QQ../..../..../....", None, InvalidPlacementError, "row 0 has 2 queens"),
        ("0:0 2:2", 3, InvalidPlacementError, "same diagonal"),
        ("Q../....", None, InvalidPlacementError, "row 0 has 3 squares, but the board has 2 rows"),
        ("Q.../..../..../....", 5, InvalidSizeError, "--n says 5"),
        ("", None, InvalidPlacementError, "empty board: give board rows such as .*row:col pairs"),
        ("Q.../Q.../..../....", None, InvalidPlacementError, "same column"),
        ("Qx../..../..../....", 4, None, ""),
        ("0:0", 0, InvalidSizeError, "at least 1"),
    ],
)
def test_bad_boards_are_refused_with_the_reason(
    text: str, n: int | None, error: type[Exception] | None, message: str
) -> None:
    if error is None:
        assert Partial.from_string(text, n=n).blocked == {(0, 1)}
        return
    with pytest.raises(error, match=message):
        Partial.from_string(text, n=n)


def test_complete_command_outcomes() -> None:
    code, out, _ = invoke(
        "complete", "Q......./......../......../......../......../......../......../........"
    )
    assert code == 0 and out.startswith("Q . . . . . . .\n")
    drawn = out.split("completed")[0]
    assert drawn.count("q") == 7 and drawn.count("Q") == 1
    columns = out.split("columns: ")[1].splitlines()[0]
    assert Placement.from_string(columns).is_valid
    code, out, _ = invoke("complete", "0:0 1:4", "--n", "8", "--count")
    assert code == 0 and "1 completion in all" in out
    code, out, _ = invoke("complete", "Q.../..../..../....")
    assert code == 1 and out.startswith("impossible: no completion of 1 fixed queen (")
    code, out, _ = invoke("complete", "0:0", "--n", "28", "--count", "--time-limit", "0.2")
    assert code == 3 and out.startswith("unknown: no answer within 0.2 s")
    code, _, err = invoke("complete", "0:0 1:1", "--n", "8")
    assert code == 2 and "attack each other" in err and len(err.splitlines()) == 1
    code, out, _ = invoke("complete", "1:2 2:4", "--n", "4", "--one-based")
    assert code == 0 and "columns: 2 4 1 3" in out  # the only completion
    code, out, _ = invoke(
        "complete",
        "Q......./......../......../......../......../......../......../........",
        "--block",
        "1:2 2:4",
        "--exclude-sum",
        "7",
    )
    assert code == 1 and out.startswith(
        "impossible: no completion of 1 fixed queen, 2 blocked squares, 1 excluded diagonal"
    )
    code, out, _ = invoke("complete", ".x../..../..../....", "--count")
    assert code == 0 and out.startswith(". x q .\n") and "1 completion in all" in out
    code, _, err = invoke("complete", "0:0", "--n", "8", "--block", "abc")
    assert code == 2 and "--block takes row:col pairs such as '0:1 2:3', not 'abc'" in err
    code, out, _ = invoke("complete", "0:2", "--n", "4", "--exclude-diff", "1")
    assert code == 1  # the one completion, 2 0 3 1, has a queen on row - col = 1


# ------------------------------------------------------- blocked squares, excluded diagonals
def _random_instance(
    rng: random.Random, n: int
) -> tuple[dict[int, int], frozenset[tuple[int, int]], frozenset[int], frozenset[int]]:
    """A random consistent instance: a few fixed queens, blocked squares, excluded lines."""
    blocked = frozenset((rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 2 * n)))
    sums = frozenset(rng.sample(range(2 * n - 1), rng.randint(0, n // 2)))
    diffs = frozenset(rng.sample(range(1 - n, n), rng.randint(0, n // 2)))
    fixed: dict[int, int] = {}
    for _ in range(rng.randint(0, 2)):
        r, c = rng.randrange(n), rng.randrange(n)
        if (
            r not in fixed
            and (r, c) not in blocked
            and r + c not in sums
            and r - c not in diffs
            and _consistent({**fixed, r: c})
        ):
            fixed[r] = c
    return fixed, blocked, sums, diffs


@pytest.mark.parametrize("n", range(1, 9))
def test_blocked_squares_and_excluded_diagonals_against_brute_force(n: int) -> None:
    rng = random.Random(n)
    seen = {"solved": 0, "impossible": 0}
    for _ in range(60 if n > 3 else 15):
        fixed, blocked, sums, diffs = _random_instance(rng, n)
        board = Partial(n, fixed, blocked, sums, diffs)
        expected = naive_completions(n, fixed, blocked, sums, diffs)
        found = complete(board)
        counted = complete(board, count=True)
        assert found.status == ("solved" if expected else "impossible")
        assert found.placement is None or found.placement.cols in expected
        assert found.placement is None or board.is_completed_by(found.placement)
        assert counted.count == len(expected)
        seen[found.status] += 1
    if n >= 5:
        assert seen["solved"] > 3 and seen["impossible"] > 3  # both kinds were tested


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 7), st.randoms(use_true_random=False))
def test_any_instance_agrees_with_brute_force(n: int, rng: random.Random) -> None:
    fixed, blocked, sums, diffs = _random_instance(rng, n)
    board = Partial(n, fixed, blocked, sums, diffs)
    expected = naive_completions(n, fixed, blocked, sums, diffs)
    result = complete(board, count=True, seed=rng.randrange(100))
    assert result.count == len(expected)
    assert (result.placement is None) == (not expected)
    assert result.placement is None or result.placement.cols in expected


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("1:9",), "the queen on row 1, col 9 is off the 8x8 board"),
        (("0:0",), "the queen on row 0, col 0 is off the 8x8 board"),  # it said row -1
        (("1:1 2:2",), "the fixed queens on row 1, col 1 and row 2, col 2 attack each other"),
        (("1:1", "--block", "9:1"), "the blocked square row 9, col 1 is off the 8x8 board"),
        (("1:1", "--block", "1:1"), "the queen on row 1, col 1 stands on a blocked square"),
    ],
)
def test_one_based_refusals_name_squares_as_given(args: tuple[str, ...], said: str) -> None:
    """--one-based boards were refused in 0-based words: "1:9" was "row 0, col 8"."""
    code, _, err = invoke("complete", args[0], "--n", "8", *args[1:], "--one-based")
    assert code == 2 and said in err and len(err.splitlines()) == 1, err


def test_a_csplib_file_sets_its_own_size(tmp_path: Path) -> None:
    """`--n 10` beside a file that says n = 8 was dropped: the 8x8 board was answered."""
    instance = tmp_path / "e.param"
    instance.write_text("language ESSENCE' 1.0\nletting n = 8\nletting init = [[0,0],[1,4]]\n")
    code, _, err = invoke("complete", str(instance), "--n", "10")
    assert code == 2 and "the file sets n = 8, not 10" in err and "(--n)" in err
    code, out, _ = invoke("complete", str(instance), "--n", "8")
    assert code == 0 and "columns: 0 4 7 5 2 6 1 3" in out


def test_counts_of_the_open_board_are_the_known_totals() -> None:
    known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
    assert [complete(Partial(n, {}), count=True).count for n in range(1, 11)] == known


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"blocked": frozenset({(0, 9)})}, "blocked square row 0, col 9 is off"),
        ({"excluded_sums": frozenset({15})}, "no sum diagonal 15.*0..14"),
        ({"excluded_diffs": frozenset({-8})}, "no difference diagonal -8.*-7..7"),
        ({"fixed": {0: 0}, "blocked": frozenset({(0, 0)})}, "stands on a blocked square"),
        ({"fixed": {2: 3}, "excluded_diffs": frozenset({-1})}, "excluded diagonal"),
    ],
)
def test_contradictory_boards_are_refused(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"fixed": {}, **kwargs}
    with pytest.raises(InvalidPlacementError, match=message):
        Partial(8, **args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"fixed": {0: 1.5}}, r"1\.5 in fixed is not a whole number"),  # was 'solved'
        ({"fixed": {0: True}}, "True in fixed is not a whole number"),  # was read as 1
        ({"fixed": [0, 4]}, r"fixed maps each row to its queen's column .* not \[0, 4\]"),
        ({"excluded_sums": [1.5]}, r"1\.5 in excluded_sums"),  # an IndexError deep inside
        ({"excluded_diffs": ["1"]}, "'1' in excluded_diffs is not a whole number"),
        ({"blocked": [(0,)]}, r"\(0,\) in blocked is not a square \(row, col\)"),
        ({"blocked": [(0, 1.0)]}, r"1\.0 in blocked is not a whole number"),
    ],
)
def test_what_is_no_row_column_or_diagonal_is_refused(
    kwargs: dict[str, object], message: str
) -> None:
    args: dict[str, object] = {"fixed": {}, **kwargs}
    with pytest.raises(InvalidPlacementError, match=message):
        Partial(8, **args)  # type: ignore[arg-type]


def test_numpy_integers_are_rows_columns_and_diagonals() -> None:
    import numpy as np

    board = Partial(
        np.int64(8),  # type: ignore[arg-type]
        {np.int64(0): np.int32(0)},
        blocked=frozenset({(np.int8(1), 2)}),
        excluded_sums=frozenset({np.int64(1)}),
    )
    assert board == Partial(8, {0: 0}, frozenset({(1, 2)}), frozenset({1}))
    assert type(board.n) is int and all(type(c) is int for c in board.fixed.values())
    found = complete(board)
    assert found.status == "solved" and found.placement is not None
    assert found.placement.is_valid and found.placement.cols[0] == 0


def test_a_huge_board_with_many_fixed_queens_costs_what_its_free_part_costs() -> None:
    from nqueens.large import construct

    n = 5000
    cols = construct(n).tolist()
    free = set(range(0, n, 500))  # 10 rows left open
    board = Partial(n, {r: c for r, c in enumerate(cols) if r not in free})
    result = complete(board, count=True, time_limit=120)
    assert result.status == "solved" and result.count is not None and result.count >= 1
    assert result.placement is not None and board.is_completed_by(result.placement)


@pytest.mark.compiled
def test_the_time_limit_covers_set_up_on_huge_boards() -> None:
    result = complete(Partial(100_000, {0: 0}), time_limit=1)
    assert result.status in ("solved", "unknown") and result.time < 10


@pytest.mark.parametrize("n", range(1, 8))
def test_the_count_kernel_for_big_free_parts_agrees_with_brute_force(
    n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import nqueens.completion.solver

    monkeypatch.setattr(nqueens.completion.solver, "BITS_MAX_M", 0)  # the O(N)-memory kernel
    rng = random.Random(100 + n)
    for _ in range(25):
        fixed, blocked, sums, diffs = _random_instance(rng, n)
        board = Partial(n, fixed, blocked, sums, diffs)
        expected = naive_completions(n, fixed, blocked, sums, diffs)
        found = complete(board)
        assert found.status == ("solved" if expected else "impossible")
        assert found.placement is None or found.placement.cols in expected
        assert complete(board, count=True).count == len(expected)


@pytest.mark.parametrize("m", [63, 64, 65, 130])
def test_bitsets_of_several_words_complete_wide_free_parts(m: int) -> None:
    from nqueens.large import construct

    n = m + 40
    cols = construct(n).tolist()  # a solution exists: the fixed queens are taken from one
    board = Partial(n, {r: cols[r] for r in range(0, 80, 2)})
    result = complete(board, time_limit=60)
    assert result.status == "solved" and result.placement is not None
    assert board.is_completed_by(result.placement)


_PEAK = nqueens_after(
    before="import tracemalloc\ntracemalloc.start()",
    after="print(f'peak {tracemalloc.get_traced_memory()[1]}', file=sys.stderr)",
)
"""The command, printing the peak of Python's and NumPy's allocations (not the resident
memory, whose peak the imports can set, hiding what the input takes)."""


def _peak_bytes(cwd: Path, *args: str) -> tuple[int, str]:
    import subprocess

    done = subprocess.run(
        [*_PEAK, "complete", *args], capture_output=True, text=True, timeout=300, cwd=cwd
    )
    *said, peak = done.stderr.strip().splitlines()
    return int(peak.split()[1]), "\n".join(said)


def test_a_large_column_list_is_streamed_and_its_file_named(tmp_path: Path) -> None:
    """Issue 44 section 6: `complete big50.txt` (one 8-queens line repeated) held about
    90 times its input, only to report the first conflict. Now it is read as `check`
    reads it, a slice at a time into an array of the narrowest type that holds its
    numbers, and checked in O(N) with a byte a line: on this worst case (2 bytes of
    text a queen, 1 in the array, 2 in the diagonals' tally) the peak grows by less
    than twice the input over the same command on a small file (before: about 90 times;
    with int64 columns, about 5 times); on a board of real columns (7 bytes a queen,
    4 in the array) the array is about half the text. The message names the file."""
    big = tmp_path / "big.txt"
    big.write_text("0 4 7 5 2 6 1 3\n" * 1_250_000)  # 20 MB
    small = tmp_path / "small.txt"  # read the same way (past a read's first slice)
    small.write_text("0 4 7 5 2 6 1 3\n" * 70_000)
    baseline, _ = _peak_bytes(tmp_path, "small.txt")
    peak, said = _peak_bytes(tmp_path, "big.txt")
    assert said == (
        "nqueens: error: 'big.txt': the fixed queens on row 0, col 0 and row 8, col 0 attack "
        "each other"
    )
    assert peak - baseline < 2 * big.stat().st_size, (peak, baseline)


def test_a_whole_valid_board_is_its_own_completion_without_a_search(tmp_path: Path) -> None:
    """A column list fixing every row, no two queens attacking, is answered from its
    array: before, a Partial of its queens and the search over it held about 100 times
    the file (10 million queens: 72 s and 6.8 GB for 79 MB). The peak now grows by less
    than twice the file (its columns' array, and the answer's line written a piece at a
    time) over the same command on a small board."""
    from nqueens.large import construct

    big, small = tmp_path / "big.txt", tmp_path / "small.txt"
    save_columns(construct(1_500_000), big)
    save_columns(construct(200_000), small)  # read the same way (past a first slice)
    baseline, _ = _peak_bytes(tmp_path, "small.txt", "--count")
    peak, said = _peak_bytes(tmp_path, "big.txt", "--count")
    assert said == ""
    assert peak - baseline < 2 * big.stat().st_size, (peak, baseline)
    save_columns(construct(1_500_000), tmp_path / "big1.txt", base=1)
    done = run_nqueens("complete", "big1.txt", "--one-based", cwd=tmp_path)
    first, columns = done.stdout.splitlines()
    assert first.startswith("completed: 0 added to 1,500,000 fixed queens (0 nodes, ")
    assert columns.split()[1:] == [str(c + 1) for c in construct(1_500_000).tolist()]


def test_a_batch_answers_long_column_lists_without_a_search(tmp_path: Path) -> None:
    """The batch form read each file's text into a Partial: the 20 MB list of one
    8-queens line repeated took 4.7 GB and 27 s there, after section 6 had fixed the
    single form. A long column list is now checked in O(N) in the batch too: an error
    line naming the attack, or solved with no search; the peak grows by a few times
    the files (each file's text is read whole, as a batch reads every file)."""
    from nqueens.large import construct

    save_columns(construct(1_200_000), tmp_path / "good.txt")
    (tmp_path / "bad.txt").write_text("0 4 7 5 2 6 1 3\n" * 500_000)
    save_columns(construct(200_000), tmp_path / "small.txt")
    baseline, _ = _peak_bytes(tmp_path, "small.txt", "small.txt", "--count", "-w", "1")
    peak, said = _peak_bytes(tmp_path, "good.txt", "bad.txt", "--count", "-w", "1")
    size = sum((tmp_path / name).stat().st_size for name in ("good.txt", "bad.txt"))
    assert peak - baseline < 4 * size, (peak, baseline, size)
    assert said.startswith("2 instances: 1 solved, 0 impossible, 0 unknown, 1 failed;")
    done = run_nqueens("complete", "good.txt", "bad.txt", "--count", "-w", "1", cwd=tmp_path)
    good, bad = (json.loads(line) for line in done.stdout.splitlines())
    assert {k: good[k] for k in ("file", "n", "status", "nodes", "count")} == {
        "file": "good.txt", "n": 1_200_000, "status": "solved", "nodes": 0, "count": 1
    }  # fmt: skip
    assert (bad["status"], bad["error"]) == (
        "error",
        "the fixed queens on row 0, col 0 and row 8, col 0 attack each other",
    )
    for line in (good, bad):  # seconds to the microsecond, as every line says them
        assert line["seconds"] == round(line["seconds"], 6)


def test_a_whole_board_with_squares_ruled_out_is_searched_as_before(tmp_path: Path) -> None:
    """With a square blocked (one no queen stands on), the whole board is still its own
    completion, found by the search over its Partial; a block under a queen is refused."""
    from nqueens.large import construct

    path = tmp_path / "q.txt"
    save_columns(construct(3000), path)
    col = int(construct(3000)[7])
    done = run_nqueens("complete", str(path), "--block", f"7:{(col + 1) % 3000}")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "completed: 0 added to 3,000 fixed queens, 1 blocked square (0 nodes, "
    )
    refused = run_nqueens("complete", str(path), "--block", f"7:{col}")
    assert (refused.returncode, refused.stderr) == (
        2,
        f"nqueens: error: the queen on row 7, col {col} stands on a blocked square\n",
    )
