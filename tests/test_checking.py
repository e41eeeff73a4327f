"""`check`: one `CheckResult` whatever the board and the path, against the naive checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import nqueens
from nqueens import CheckResult, Rules
from nqueens.checking import Attack
from nqueens.errors import InvalidPlacementError, InvalidSizeError
from tests.naive import (
    naive_attack,
    naive_attacks,
    naive_knight_pairs,
    naive_lines,
    naive_queen_attack,
)

placements = st.integers(1, 9).flatmap(
    lambda n: st.lists(st.integers(0, n - 1), min_size=n, max_size=n)
)


@given(placements)
def test_the_classic_check_names_every_attacking_pair(cols: list[int]) -> None:
    result = nqueens.check(cols)
    assert isinstance(result, CheckResult) and result.complete and result.n == len(cols)
    assert [(a.a, a.b) for a in result.attacks] == naive_attacks(tuple(cols))
    assert result.valid == (not naive_attacks(tuple(cols)))
    for attack in result.attacks:  # each line named as the trace names it
        (r1, c1), (r2, c2) = attack.a, attack.b
        falling = "same diagonal, falling to the right"
        rising = "same diagonal, rising to the right"
        said = "same column" if c1 == c2 else falling if (r2 - r1) * (c2 - c1) > 0 else rising
        assert attack.how == said
    assert result.placement == nqueens.Placement(tuple(cols))


@pytest.mark.parametrize("variant", ["toroidal", "superqueens"])
@given(cols=placements)
def test_a_variants_check_names_its_own_attacks(variant: str, cols: list[int]) -> None:
    attack = naive_attack(variant, len(cols))
    expected = [
        ((r1, c1), (r2, c2))
        for r1, c1 in enumerate(cols)
        for r2, c2 in list(enumerate(cols))[r1 + 1 :]
        if attack((r1, c1), (r2, c2))
    ]
    result = nqueens.check(cols, Rules.of(variant, len(cols)))
    assert result.rules == Rules.of(variant, len(cols))
    assert [(a.a, a.b) for a in result.attacks] == expected


@given(placements)
def test_a_short_numpy_array_is_checked_as_its_column_list(cols: list[int]) -> None:
    """Up to 2,000 queens an array (a .npy file) names every pair and keeps the placement
    (its board drawn, its canonical form), as its column list does; it was sent to the
    O(N) check, which counted "columns 0, diagonals 0, anti-diagonals 1" of three queens."""
    import numpy as np

    for dtype in (np.int8, np.int64):
        result = nqueens.check(np.array(cols, dtype=dtype))
        assert result == nqueens.check(cols) and result.complete


def test_a_short_npy_file_is_drawn_and_its_canonical_form_said(tmp_path: Path) -> None:
    import numpy as np

    from tests.processes import invoke

    np.save(tmp_path / "a.npy", np.array([0, 4, 7, 5, 2, 6, 1, 3]))
    np.save(tmp_path / "b.npy", np.array([0, 1, 2], dtype=np.int8))
    found = invoke("check", str(tmp_path / "a.npy"))
    assert found.status == 0 and found.stdout == invoke("check", "0 4 7 5 2 6 1 3").stdout
    assert "canonical form: 0 4 7 5 2 6 1 3" in found.stdout
    crowded = invoke("check", str(tmp_path / "b.npy"))
    assert crowded.status == 1 and crowded.stdout == invoke("check", "0 1 2").stdout


def test_the_text_forms_and_a_rectangle() -> None:
    assert nqueens.check("0 4 7 5 2 6 1 3").valid
    assert (
        nqueens.check("Q.../..Q./.Q../...Q").attacks[0].how == "same diagonal, falling to the right"
    )
    superqueens = nqueens.check("0 4 7 5 2 6 1 3", nqueens.Rules.of("superqueens", 8))
    assert not superqueens.valid and {a.how for a in superqueens.attacks} == {"a knight's move"}
    rectangle = nqueens.check([0, 2, 4, 1], "4x6")
    assert rectangle.valid and rectangle.placement is None and rectangle.rules == Rules(4, 6)
    queens = [(r, c) for r, c in enumerate([0, 5, 1, 3])]
    expected = [
        (a, b) for i, a in enumerate(queens) for b in queens[i + 1 :] if naive_queen_attack(a, b)
    ]
    assert [(a.a, a.b) for a in nqueens.check([0, 5, 1, 3], "4x6").attacks] == expected


def test_a_large_placement_is_checked_in_linear_time() -> None:
    import numpy as np

    cols = nqueens.construct(3000)
    assert nqueens.check(cols).valid and nqueens.check(cols.tolist()).lines == (0, 0, 0)
    crowded = np.arange(3000)  # one diagonal holds every queen
    result = nqueens.check(crowded, examples=3)
    assert not result.valid and not result.complete and result.lines == (0, 0, 1)
    assert [a.how for a in result.attacks] == ["same diagonal, falling to the right"]
    assert result.placement is None


Pair = tuple[tuple[int, int], tuple[int, int]]


def crowded(lines: list[dict[int, list[int]]]) -> tuple[int, ...]:
    """How many lines of each kind hold more than one queen."""
    return tuple(sum(len(rows) > 1 for rows in kind.values()) for kind in lines)


def first_pairs(
    cols: list[int], lines: list[dict[int, list[int]]], knights: list[Pair], most: int
) -> list[Pair]:
    """The pairs the O(N) check names, worked out from every line's rows: the first two
    queens of each crowded column, diagonal, then anti-diagonal (each kind in the order
    of its lines), then the pairs a knight's move apart; no pair twice, `most` at most."""
    found: list[Pair] = []
    for kind in lines:
        for line in sorted(kind):
            if len(rows := kind[line]) > 1:
                pair = ((rows[0], cols[rows[0]]), (rows[1], cols[rows[1]]))
                found += [pair] if pair not in found else []
    return (found + knights)[:most]


linear_boards = st.integers(1, 12).flatmap(
    lambda n: st.lists(st.integers(0, n - 1), min_size=n, max_size=n)
)


@given(
    variant=st.sampled_from(["classic", "toroidal", "superqueens"]),
    cols=linear_boards,
    examples=st.integers(0, 6),
    step=st.integers(1, 4),
)
@example(variant="toroidal", cols=[0, 0, 2, 2], examples=6, step=1)  # a pair on two lines
def test_the_linear_check_agrees_with_the_check_of_every_pair(
    variant: str, cols: list[int], examples: int, step: int
) -> None:
    """The O(N) check, run on small boards with its threshold lowered to 0 (and its step
    of rows cut to a few, so that lines and knight's moves cross steps), says what the
    pair-by-pair check says: valid alike, its pairs among that check's with the same
    words, its crowded lines and knight's moves counted as the naive checks count them.
    A toroidal or superqueens board was refused past the threshold."""
    import numpy as np

    rules = Rules.of(variant, len(cols))
    every = nqueens.check(cols, rules)  # up to 2,000 queens: pair by pair
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("nqueens.checking.CHECK_ARRAY_FROM_N", 0)
        patch.setattr("nqueens.large.ROWS_PER_STEP", step)
        fast = nqueens.check(cols, rules, examples=examples)
        assert nqueens.check(np.array(cols, np.int8), rules, examples=examples) == fast
    assert every.complete and not fast.complete and fast.placement is None
    assert fast.rules == rules and fast.n == len(cols)
    attack = naive_attack(variant, len(cols)) if variant != "classic" else naive_queen_attack
    queens = list(enumerate(cols))
    pairs = [(a, b) for i, a in enumerate(queens) for b in queens[i + 1 :] if attack(a, b)]
    assert [(a.a, a.b) for a in every.attacks] == pairs
    assert fast.valid == every.valid == (not pairs)
    lines = naive_lines(cols, wrap=rules.wrap)
    knights = naive_knight_pairs(cols) if rules.knight else []
    assert fast.lines == crowded(lines)
    assert fast.knights == (len(knights) if rules.knight else None)
    jumps = [(a.a, a.b) for a in every.attacks if a.how == "a knight's move"]
    assert jumps == knights
    assert set(fast.attacks) <= set(every.attacks)  # the same pairs, in the same words
    assert [(a.a, a.b) for a in fast.attacks] == first_pairs(cols, lines, knights, examples)


def test_a_large_variant_board_is_checked_in_linear_time() -> None:
    """Past 2,000 queens a toroidal or superqueens board is checked in O(N), as the
    classic one is: the check of every pair refused it ("N <= 2000")."""
    import numpy as np

    n = 3001  # coprime to 6: a torus holds N queens
    torus = nqueens.construct(n)  # the evens, then the odds: 2 row + 1 mod N
    assert torus is not None and (torus == (2 * np.arange(n) + 1) % n).all()
    for cols in (torus, torus.tolist()):
        result = nqueens.check(cols, Rules.of("toroidal", n))
        assert result.valid and result.lines == (0, 0, 0) and result.knights is None
    amazons = 3 * np.arange(n) % n  # 3 row mod N: no knight's move either, from N = 11
    found = nqueens.check(amazons, Rules.of("superqueens", n))
    assert found.valid and (found.lines, found.knights, found.attacks) == ((0, 0, 0), 0, ())
    jumps = nqueens.check(torus, Rules.of("superqueens", n), examples=2)
    assert not jumps.valid and jumps.lines == (0, 0, 0)
    assert jumps.knights == len(naive_knight_pairs(torus.tolist())) == n - 2
    assert jumps.attacks == (
        Attack((0, 1), (1, 3), "a knight's move"),
        Attack((1, 3), (2, 5), "a knight's move"),
    )
    even = nqueens.construct(3002)  # a classic solution; N even: none on a torus
    assert even is not None and nqueens.check(even).valid
    wrapped = nqueens.check(even, Rules.of("toroidal", 3002), examples=50)
    lines = naive_lines(even.tolist(), wrap=True)
    assert not wrapped.valid and wrapped.lines == crowded(lines) and wrapped.lines[0] == 0
    assert [(a.a, a.b) for a in wrapped.attacks] == first_pairs(even.tolist(), lines, [], 50)
    assert {a.how for a in wrapped.attacks} == {"same diagonal, round the edge"}
    for variant in ("toroidal", "superqueens"):  # one queen moved: a column holds two
        moved = amazons.copy()
        moved[2000] = moved[1000]
        result = nqueens.check(moved.tolist(), Rules.of(variant, n), examples=1)
        assert result.lines is not None and result.lines[0] == 1
        assert result.attacks == (Attack((1000, 3000), (2000, 3000), "same column"),)


def test_the_command_checks_a_large_variant_board(tmp_path: Path) -> None:
    import numpy as np

    from tests.processes import invoke

    n = 3001
    np.save(tmp_path / "torus.npy", 2 * np.arange(n) % n)
    np.save(tmp_path / "line.npy", np.arange(n))
    assert invoke("check", str(tmp_path / "torus.npy"), "-V", "toroidal") == (
        0,
        "valid: 3,001 queens, no two attack each other as toroidal\n",
        "",
    )
    code, out, err = invoke("check", str(tmp_path / "torus.npy"), "-V", "superqueens")
    assert (
        code == 1
        and err == ""
        and out.splitlines()[:2]
        == [
            "invalid as superqueens: lines with more than one queen: columns 0, diagonals "
            "rising to the right 0, falling to the right 0; pairs of queens a knight's move "
            "apart 2,999; for example:",
            "  row 0 col 0  and  row 1 col 2  (a knight's move)",
        ]
    )
    code, out, err = invoke("check", str(tmp_path / "line.npy"), "-V", "toroidal")
    assert (code, err) == (1, "") and out.splitlines() == [
        "invalid as toroidal: lines with more than one queen, the diagonals running round "
        "the edges: columns 0, diagonals rising to the right 0, falling to the right 1; "
        "for example:",
        "  row 0 col 0  and  row 1 col 1  (same diagonal, falling to the right)",
    ]


@pytest.mark.parametrize("form", ["list", "array"])
def test_a_large_check_asked_for_no_examples_still_says_invalid(form: str) -> None:
    """`valid` was read from the examples alone: asking for none made any board valid."""
    import numpy as np

    crowded = np.arange(3000) if form == "array" else list(range(3000))
    result = nqueens.check(crowded, examples=0)
    assert not result.valid and result.attacks == () and result.lines == (0, 0, 1)
    assert nqueens.check(nqueens.construct(3000), examples=0).valid
    with pytest.raises(InvalidSizeError, match="examples must be at least 0, not -3"):
        nqueens.check(crowded, examples=-3)


def test_a_rectangles_solution_reads_back_in_every_form_it_is_given() -> None:
    """solutions("4x6") yields a VariantBoard; its column list and rows are text of a 4x6
    board. Each was refused: the text read as a square's, the board as no placement."""
    solution = next(nqueens.solutions("4x6"))
    rows = "/".join(solution.to_rows())  # type: ignore[union-attr]
    for text, board in [(solution, None), (solution, "4x6"), ("0 2 4 1", "4x6"),
                        (rows, nqueens.Rules(4, 6))]:  # fmt: skip
        result = nqueens.check(text, board)
        assert result.valid and result.rules == nqueens.Rules(4, 6), (text, board)
    assert nqueens.check("0 1 4 2", "4x6").attacks[0].a == (0, 0)
    with pytest.raises(InvalidPlacementError, match=r"column 6 in row 3 is off.*0\.\.5"):
        nqueens.check("0 2 4 6", "4x6")
    with pytest.raises(InvalidPlacementError, match="row 0 has 5 squares, but the board is 6"):
        nqueens.check("Q..../..Q...", "2x6")


def test_what_is_not_a_placement_on_the_board_is_refused() -> None:
    with pytest.raises(InvalidPlacementError, match="8 queens, one per row, but the board has 7"):
        nqueens.check("0 4 7 5 2 6 1 3", 7)
    with pytest.raises(InvalidPlacementError, match="off the board"):
        nqueens.check([0, 6, 1], "3x6")
    with pytest.raises(InvalidPlacementError, match="off the board"):
        nqueens.check([0, 3, 1])


def test_the_command_checks_a_rectangle_given_its_board(tmp_path: object) -> None:
    """`solve 4x6` prints a board `check` refused (its rows are 6 wide, it has 4): with
    --board 4x6 it reads the rows or the column list, draws it and gives the verdict."""
    from pathlib import Path

    from tests.processes import invoke

    drawn = Path(str(tmp_path)) / "four.txt"
    code, out, _ = invoke("solve", "4x6")
    drawn.write_text(out)
    for args in ((str(drawn),), ("0 2 4 1",), ("1 3 5 2", "--one-based")):
        code, out, err = invoke("check", *args, "--board", "4x6")
        assert code == 0 and out.endswith("valid: 4 queens, no two attack each other\n"), err
        assert out.startswith("Q . . . . .\n. . Q . . .\n"), out
    code, out, _ = invoke("check", "0 1 4 2", "--board", "4x6")
    assert code == 1 and "row 0 col 0  and  row 1 col 1" in out
    for args, message in [
        (("0 2 4 1", "--board", "4x6", "--variant", "toroidal"), "toroidal board is square"),
        (("0 2 4 6", "--board", "4x6"), "column 6 in row 3 is off the board"),
        (("1 3 0 2", "--board", "5"), "4 queens, one per row, but the board has 5 rows"),
    ]:
        code, _, err = invoke("check", *args)
        assert code == 2 and message in err, err
