"""Completing boards with fixed queens, against brute force on every small case."""

from __future__ import annotations

import functools
import itertools
import random

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from nqueens import InvalidPlacementError, InvalidSizeError, Placement
from nqueens.cli import cli
from nqueens.completion import Partial, complete
from tests.naive import naive_solutions


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
    import nqueens.completion

    monkeypatch.setattr(nqueens.completion, "FIRST_BUDGET", 1)  # every search must restart
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


@pytest.mark.parametrize("n", [64, 65, 100, 300, 1000])
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
        ("Q../....", None, InvalidPlacementError, "rows need 2 squares"),
        ("Q.../..../..../....", 5, InvalidSizeError, "--n says 5"),
        ("", None, InvalidPlacementError, "empty board"),
    ],
)
def test_bad_boards_are_refused_with_the_reason(
    text: str, n: int | None, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Partial.from_string(text, n=n)


def _cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_complete_command_outcomes() -> None:
    code, out, _ = _cli(
        "complete", "Q......./......../......../......../......../......../......../........"
    )
    assert code == 0 and out.startswith("Q . . . . . . .\n")
    assert out.count("q") == 7 and out.count("Q") == 1
    columns = out.split("columns: ")[1].splitlines()[0]
    assert Placement.from_string(columns).is_valid
    code, out, _ = _cli("complete", "0:0 1:4", "--n", "8", "--count")
    assert code == 0 and "1 completion in all" in out
    code, out, _ = _cli("complete", "Q.../..../..../....")
    assert code == 1 and out.startswith("impossible: no completion of the 1 fixed queen ")
    code, out, _ = _cli("complete", "0:0", "--n", "28", "--count", "--time-limit", "0.2")
    assert code == 3 and out.startswith("unknown: no answer within 0.2 s")
    code, _, err = _cli("complete", "0:0 1:1", "--n", "8")
    assert code == 2 and "attack each other" in err and len(err.splitlines()) == 1
    code, out, _ = _cli("complete", "1:2 2:4", "--n", "4", "--one-based")
    assert code == 0 and "columns: 2 4 1 3" in out  # the only completion
