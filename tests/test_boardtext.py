"""The one board-text parser: every form the toolkit prints reads back, errors stay short."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens.boardtext import parse_board, quoted
from nqueens.completion import Partial
from nqueens.errors import InvalidPlacementError, InvalidSizeError
from nqueens.placement import Placement
from nqueens.render.text import STYLES, write_solutions
from tests.processes import run_nqueens

P6 = Placement.from_string("1 3 5 0 2 4")


def _printed(style: str, *, base: int = 0, numbered: bool = False, count: int = 1) -> str:
    import io

    out = io.StringIO()
    write_solutions([P6] * count, out, style, base=base, numbered=numbered)
    return out.getvalue()


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("base", [0, 1])
@pytest.mark.parametrize("numbered", [False, True])
def test_every_printed_style_reads_back(style: str, base: int, numbered: bool) -> None:
    text = _printed(style, base=base, numbered=numbered)
    assert Placement.from_string(text) == P6
    assert Partial.from_string(text) == Partial(6, dict(enumerate(P6.cols)))
    assert Placement.from_string("\ufeff" + text) == P6  # a BOM at the start is fine


@pytest.mark.parametrize("style", ["grid", "board", "compact", "unicode"])
def test_check_reads_what_solve_prints(style: str) -> None:
    printed = run_nqueens("solve", "8", "--format", style, stdin="").stdout
    done = run_nqueens("check", "-", stdin=printed)
    assert done.returncode == 0 and "valid: 8 queens" in done.stdout, done.stderr


def test_check_and_complete_give_the_same_error_for_the_same_text() -> None:
    for text in ["Q.Z\n...\n...", "Q..\n..\n...", "\x00\x01\x02" * 30]:
        check = run_nqueens("check", "-", stdin=text)
        complete = run_nqueens("complete", "-", stdin=text)
        assert check.returncode == complete.returncode == 2
        assert check.stderr == complete.stderr
        assert len(check.stderr.splitlines()) == 1 and len(check.stderr) < 200


MISTYPED_LISTS = {
    "1 3 abc 2": "invalid placement '1 3 abc 2': 'abc' is not a column number",
    "[1, 3, 0, 2x]": "invalid placement '[1, 3, 0, 2x]': '2x' is not a column number",
    "0:1 1:zz": "invalid board '0:1 1:zz': '1:zz' is not a row:col pair",
}


def test_a_list_with_a_word_in_it_is_refused_as_a_board_not_a_missing_file() -> None:
    """`complete "1 3 abc 2"` said "there is no such file": a letter no board uses made
    the argument a file's name; and read as board text it was "row 0 has 9 squares".
    What reads as a file's name is still refused as a missing file."""
    for text, said in MISTYPED_LISTS.items():
        check = run_nqueens("check", text)
        complete = run_nqueens("complete", text, "--n", "4")
        assert check.returncode == complete.returncode == 2
        assert check.stderr == complete.stderr and check.stderr.count("\n") == 1
        assert check.stderr.startswith(f"nqueens: error: {said}"), check.stderr
    for name in ["notes", "missing.txt", "boards/my board.txt", "abc 2.txt", "week 2 boards"]:
        done = run_nqueens("complete", name)
        assert done.returncode == 2 and "there is no such file" in done.stderr, done.stderr
    # more words than numbers: a name ("notes (2)"); a heading is no row:col pair
    assert "there is no such file" in run_nqueens("check", "notes (2)").stderr
    said = run_nqueens("check", "Solution 1: 1 3 0 2").stderr
    assert "'Solution' is not a column number" in said, said


def test_rows_parted_by_semicolons_are_read_as_rows() -> None:
    """A board's rows may be parted by ';' (as by '/' or a newline), after a heading
    too: the refusal of a list with a word in it took them for one line of numbers."""
    for text in ["1;.Q..;...Q;Q...;..Q.", "Solution 1: 1 3 0 2; .Q..;...Q;Q...;..Q."]:
        done = run_nqueens("check", text)
        assert done.returncode == 0 and "canonical form: 1 3 0 2" in done.stdout, done.stderr


def test_a_refusal_of_what_a_file_holds_names_the_file(tmp_path: Path) -> None:
    """A small file's board was refused without its name ("invalid board 'Q.Z...'"),
    where a long column list's refusal named it: whose board is wrong was left to guess."""
    for name, text in [("typo.txt", "1 3 abc 2\n"), ("mark.txt", "Q.Z\n...\n...\n")]:
        (tmp_path / name).write_text(text)
        check = run_nqueens("check", name, cwd=tmp_path)
        complete = run_nqueens("complete", name, cwd=tmp_path)
        assert check.returncode == complete.returncode == 2
        assert check.stderr == complete.stderr
        assert check.stderr.startswith(f"nqueens: error: '{name}': invalid "), check.stderr
    (tmp_path / "pairs.txt").write_text("0:1 1:3")
    sized = run_nqueens("complete", "pairs.txt", cwd=tmp_path)
    assert sized.stderr.startswith("nqueens: error: 'pairs.txt': row:col pairs need"), sized
    typed = run_nqueens("check", "Q.Z/.../...")  # the text itself: no name to give
    assert typed.stderr.startswith("nqueens: error: invalid board 'Q.Z/.../...'"), typed


def test_blocked_squares_are_for_partial_boards_only() -> None:
    assert parse_board("Q.x./..../x.../....").blocked == ((0, 2), (2, 0))
    assert Partial.from_string("Q.x./..../x.../....").blocked == {(0, 2), (2, 0)}
    with pytest.raises(InvalidPlacementError, match="no blocked squares"):
        Placement.from_string(".Qx/Q../..Q")


def test_the_column_line_above_a_grid_must_match_it() -> None:
    grid = _printed("grid")
    assert Placement.from_string(grid.replace(" 1 3 5 0 2 4", " 2 4 6 1 3 5")) == P6
    with pytest.raises(InvalidPlacementError, match="does not match the queens drawn"):
        Placement.from_string(grid.replace(" 1 3 5 0 2 4", " 1 3 5 0 4 2"))


def test_pairs_are_no_placement_and_need_a_size_for_a_partial() -> None:
    with pytest.raises(InvalidPlacementError, match="partial board"):
        Placement.from_string("0:1 1:3")
    with pytest.raises(InvalidSizeError, match="--n"):
        Partial.from_string("0:1 1:3")


def test_quoted_values_are_cut_short() -> None:
    assert quoted("abc") == "'abc'"
    assert len(quoted("x" * 10_000)) == 40 and quoted("x" * 10_000).endswith("...'")


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=3000) | st.binary(max_size=3000).map(lambda b: b.decode("latin-1")))
def test_any_text_is_read_or_refused_in_one_short_line(text: str) -> None:
    for parse in (Placement.from_string, lambda t: Partial.from_string(t, n=5)):
        try:
            parse(text)
        except (InvalidPlacementError, InvalidSizeError) as error:
            message = f"nqueens: error: {error}"
            assert "\n" not in message and len(message) < 200


@settings(deadline=None)
@given(
    st.integers(1, 12).flatmap(
        lambda n: st.lists(
            st.text(alphabet="..Qx·_-oX", min_size=n, max_size=n), min_size=n, max_size=n
        )
    ),
    st.sampled_from(["\n", "/", " \n"]),
)
def test_big_boards_read_with_numpy_say_what_the_loop_says(rows: list[str], sep: str) -> None:
    import nqueens.boardtext as boardtext

    text = sep.join(rows)
    try:
        expected: object = parse_board(text)
    except InvalidPlacementError as error:
        expected = str(error)
    saved = boardtext.ARRAY_FROM_SQUARES
    boardtext.ARRAY_FROM_SQUARES = 0  # every board takes the NumPy path where it can
    try:
        got: object = parse_board(text)
    except InvalidPlacementError as error:
        got = str(error)
    finally:
        boardtext.ARRAY_FROM_SQUARES = saved
    assert got == expected
