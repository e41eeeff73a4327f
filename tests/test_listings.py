"""`check` reads back what `solve --all` writes: every format, checked placement by
placement, against naive checks and the published counts."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens.checking import check_listing
from nqueens.errors import InvalidPlacementError
from nqueens.i18n import set_language
from nqueens.known import known_counts
from nqueens.listings import Listing, listing_of_text
from nqueens.variants import KNOWN_VARIANT_COUNTS, Rules
from tests.naive import naive_attacks, naive_classes, naive_images, naive_solutions
from tests.processes import assert_one_line, invoke, nqueens

FORMATS = ["board", "compact", "grid", "unicode", "list", "json", "jsonl", "csv"]


def _solved(*args: str) -> str:
    """What `solve ARGS` writes (in its --lang, which is then undone for the next)."""
    try:
        result = invoke("solve", *args)
    finally:
        set_language(None)
    assert result.status == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_solve_writes_is_checked_whole(fmt: str, lang: str) -> None:
    listing = _solved("6", "--all", "-f", fmt, "--lang", lang)
    result = invoke("check", "-", input=listing)
    assert result.status == 0, result.output
    assert result.stdout.splitlines() == [
        "valid: all 4 placements for N = 6, no two queens attack in any",
        "4 distinct placements, 1 symmetry class",
        "every solution for N = 6",
    ]


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_unique_solutions_are_one_of_each_class(fmt: str) -> None:
    total, unique = known_counts()[8]
    result = invoke("check", "-", input=_solved("8", "--unique", "-f", fmt))
    assert result.status == 0, result.output
    assert result.stdout.splitlines()[1:] == [
        f"{unique} distinct placements, {unique} symmetry classes",
        "one solution of each symmetry class for N = 8",
    ]
    assert f"all {unique} placements" in result.stdout and total != unique


def test_an_npy_array_of_solutions_is_a_listing(tmp_path: Path) -> None:
    path = tmp_path / "all.npy"
    assert invoke("solve", "9", "--all", "-f", "npy", "--out", str(path)).status == 0
    result = invoke("check", str(path))
    total, unique = known_counts()[9]
    assert result.status == 0, result.output
    assert f"{total} distinct placements, {unique} symmetry classes" in result.stdout


def test_a_listing_of_a_subset_stands_beside_the_published_counts() -> None:
    some = _solved("8", "--limit", "5", "-f", "list")
    result = invoke("check", "-", input=some)
    assert result.status == 0
    assert result.stdout.splitlines()[-1] == "N = 8 has 92 solutions, 12 unique"


def test_invalid_placements_are_named_by_their_numbers() -> None:
    solution, diagonal = [0, 4, 7, 5, 2, 6, 1, 3], list(range(8))
    entries = [{"solution": 7, "cols": solution}, {"solution": 9, "cols": diagonal}]
    entries += [{"solution": 11, "cols": solution}]
    result = invoke("check", "-", input=json.dumps(entries))
    assert result.status == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "placement 9: invalid: 28 pairs of queens attack"
    assert lines[-3:] == [
        "invalid: 1 of 3 placements for N = 8 has queens that attack",
        "1 distinct placement, 1 symmetry class, 1 repeated",
        "N = 8 has 92 solutions, 12 unique",
    ]


def test_past_ten_invalid_placements_the_rest_are_counted() -> None:
    rows = "\n".join(["0 1 2 3"] * 14 + ["1 3 0 2"])
    result = invoke("check", "-", input=rows)
    assert result.status == 1
    named = [line for line in result.stdout.splitlines() if line.startswith("placement ")]
    assert named == [f"placement {k}: invalid: 6 pairs of queens attack" for k in range(1, 11)]
    assert "... and 4 more invalid placements" in result.stdout
    assert "invalid: 14 of 15 placements for N = 4 have queens that attack" in result.stdout


def test_a_rectangle_and_a_variant_are_checked_on_their_boards() -> None:
    rectangle = invoke("check", "-", "--board", "4x6", input=_solved("4x6", "--all"))
    assert rectangle.status == 0, rectangle.output
    assert rectangle.stdout.splitlines()[:2] == [
        "valid: all 46 placements for the 4x6 board, no two queens attack in any",
        f"46 distinct placements, {_rectangle_classes(4, 6)} symmetry classes",
    ]
    published = invoke("check", "-", "--board", "5x6", input=_solved("5x6", "--limit", "3"))
    assert published.stdout.splitlines()[-1] == "the 5x6 board has 40 solutions"
    toroidal = _solved("7", "-V", "toroidal", "--all", "-f", "list")
    total = KNOWN_VARIANT_COUNTS["toroidal"][7][0]
    assert invoke("check", "-", "-V", "toroidal", input=toroidal).stdout.splitlines()[0] == (
        f"valid: all {total} placements for N = 7, toroidal, no two queens attack in any"
    )
    superqueens = invoke("check", "-", "-V", "superqueens", input=toroidal)
    assert superqueens.status == 1
    assert f"invalid: {total} of {total} placements" in superqueens.stdout


@pytest.mark.parametrize("form", ["json", "jsonl"])
def test_a_rectangles_json_says_its_width(form: str) -> None:
    """A rectangle's JSON records its "width": checked on its board with no --board
    (it was read as a square board, its wider columns off it), one placement drawn; a
    --board of another width, or entries that disagree, are refused."""
    listed = _solved("4x6", "--all", "-f", form)
    found = invoke("check", "-", input=listed)
    assert found.status == 0, found.output
    assert found.stdout.splitlines()[0] == (
        "valid: all 46 placements for the 4x6 board, no two queens attack in any"
    )
    one = invoke("check", "-", input=_solved("4x6", "--limit", "1", "-f", form))
    assert one.status == 0 and one.stdout.splitlines()[0] == "Q . . . . ."
    assert one.stdout.splitlines()[-1] == "valid: 4 queens, no two attack each other"
    other = invoke("check", "-", "--board", "4x7", input=listed)
    assert other.status == 2
    assert other.stderr.strip().endswith("the listing's placements are on a board 6 wide, not 7")
    for board, listing in (("4", listed), ("4", _solved("4x6", "--limit", "1", "-f", form))):
        square = invoke("check", "-", "--board", board, input=listing)
        assert square.status == 2, square.output  # the one placement fitted, and was judged
        assert square.stderr.strip().endswith("on a board 6 wide, not 4")
    mixed = '[{"cols": [0, 2], "width": 5}, {"cols": [0, 3], "width": 4}]'
    for text in (mixed, '[{"cols": [0, 2], "width": true}]', '[{"cols": [0, 2], "width": []}]'):
        refused = invoke("check", "-", input=text)
        assert refused.status == 2 and "not the same whole number of columns" in refused.stderr


def _rectangle_classes(rows: int, cols: int) -> int:
    solutions = [
        p
        for p in itertools.permutations(range(cols), rows)
        if not any(abs(p[i] - p[j]) == j - i for i in range(rows) for j in range(i + 1, rows))
    ]
    return naive_classes(solutions, rows, cols)


def test_a_placement_written_over_lines_is_still_one_placement() -> None:
    """Two lines of 4 columns, one as large as 7: one placement of 8 queens, as before."""
    result = invoke("check", "-", input="0 4 7 5\n2 6 1 3\n")
    assert result.status == 0 and "valid: 8 queens" in result.stdout
    assert listing_of_text("0 4 7 5\n2 6 1 3") is None


def test_a_rectangles_listing_with_no_board_is_refused_not_judged(tmp_path: Path) -> None:
    """Lines of one length, some beyond their square, that would repeat a column read as
    one placement: a rectangle's listing, whose width they do not say. They were read as
    one placement and said to be invalid (exit 1): 568 placements of 5x8 as one of 2,840
    queens, 120,104 of 7x12 (1.8 MB, the long path) as one of 840,728."""
    said = "2 lines of 4 columns, up to column 6: the placements of a rectangle? give its"
    result = invoke("check", "-", input="0 2 4 1\n0 2 4 6\n")
    assert result.status == 2 and said in result.stderr and "--board 4x7 (or" in result.stderr
    for board, lines in (("5x8", "568"), ("7x12", "120,104")):
        listing = tmp_path / f"{board}.txt"
        assert invoke("solve", board, "--all", "-f", "list", "--out", str(listing)).status == 0
        result = invoke("check", str(listing))
        assert result.status == 2 and f"{lines} lines of {board[0]} columns" in result.stderr
        assert f"--board {board} (or wider)" in result.stderr
        result = invoke("check", "--board", board, str(listing))
        assert result.status == 0 and f"all {lines} placements for the {board}" in result.stdout
    wrapped = tmp_path / "wrapped.txt"  # one placement of 2,400, 20 columns a line
    cols = [int(c) for c in invoke("construct", "2400", "-f", "list").stdout.split()]
    wrapped.write_text("\n".join(" ".join(map(str, cols[k : k + 20])) for k in range(0, 2400, 20)))
    assert invoke("check", str(wrapped)).stdout == "valid: 2,400 queens, no two attack each other\n"


def test_an_npy_array_is_read_by_its_header_wherever_it_comes_from(tmp_path: Path) -> None:
    """From standard input, or a file of another name: "not text (byte 0x93...)"."""
    path = tmp_path / "six.npy"
    assert invoke("solve", "6", "--all", "-f", "npy", "--out", str(path)).status == 0
    other = tmp_path / "six.dat"
    other.write_bytes(path.read_bytes())
    for result in (
        nqueens("check", "-", cwd=tmp_path, stdin=path.read_bytes()),
        nqueens("check", str(other), cwd=tmp_path),
    ):
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith(b"valid: all 4 placements for N = 6")
    cut = nqueens("check", "-", cwd=tmp_path, stdin=path.read_bytes()[:40])
    assert "standard input is not a NumPy array file" in assert_one_line(cut)


def test_a_board_with_a_blank_line_inside_is_still_one_placement() -> None:
    result = invoke("check", "-", input="Q...\n..Q.\n\n.Q..\n...Q\n")
    assert result.status == 1 and "invalid: 2 pairs of queens attack" in result.stdout


def test_one_board_with_its_heading_and_closing_line_is_one_placement() -> None:
    for lang in ("en", "ja"):
        result = invoke("check", "-", input=_solved("5", "--limit", "1", "--lang", lang))
        assert result.status == 0 and "valid: 5 queens" in result.stdout, result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 3 0 2\n0 2 4 1 3\n", "lines of 4 to 5 columns"),
        ('[{"cols": [1, 3, 0, 2]}, {"x": 1}]', "JSON entry 2 holds no placement"),
        ("solution,row0,row1\n1,0,x\n", "invalid CSV line"),
        ('[{"cols": [1, 3, 0, 2]}, {"cols": [0, 1]}]', "placement 2 of the listing has 2"),
        ('[{"cols": [1, 3, 0, 2]}, {"cols": [0, 1, 2, 4]}]', "column 4 in row 3 is off"),
        ("Solution 1: 1 3 0 2\n.Q..\n...Q\nQ...\n..Q.\n\nSolution 2:\n..Q\n", "board 2 of"),
        ("[[1, 3, 0, 2], [2, 0, 3, " + "9" * 30 + "]]", "a column is larger than any board"),
    ],
)
def test_a_listing_that_is_not_one_is_one_line(text: str, message: str) -> None:
    result = invoke("check", "-", input=text)
    assert result.status == 2 and message in result.stderr, result.output
    assert len(result.stderr.splitlines()) == 1


def test_a_long_listing_is_read_a_slice_at_a_time(tmp_path: Path) -> None:
    """Past the first slice read (1 MiB), a list listing is read slice by slice and its
    lines counted; a line of another length is named, as is a byte that is no number."""
    rows = _solved("12", "--all", "-f", "list").splitlines()
    path = tmp_path / "long.txt"
    path.write_text("\n".join(rows * 3) + "\n")
    assert path.stat().st_size > 1 << 20
    total, unique = known_counts()[12]
    result = nqueens("check", str(path), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().splitlines() == [
        f"valid: all {3 * total:,} placements for N = 12, no two queens attack in any",
        f"{total:,} distinct placements, {unique:,} symmetry classes, {2 * total:,} repeated",
        "every solution for N = 12",
    ]
    lines = rows * 3
    lines[30_000] += " 5"
    path.write_text("\n".join(lines) + "\n")
    said = assert_one_line(nqueens("check", str(path), cwd=tmp_path))
    assert "line 30,001 holds 13 columns, the first 12" in said
    for at in (30_000, 40_000):  # in the first slice (read as text), and past it
        lines = rows * 3
        lines[at] += " x"
        path.write_text("\n".join(lines) + "\n")
        said = assert_one_line(nqueens("check", str(path), cwd=tmp_path))
        assert f"line {at + 1:,} " in said and "is not a column list" in said


# ------------------------------------------------------------------------------- the API
def _naive_verdict(rows: list[tuple[int, ...]]) -> tuple[tuple[int, ...], int, int]:
    valid = [row for row in rows if not naive_attacks(row)]
    invalid = tuple(k for k, row in enumerate(rows) if naive_attacks(row))
    return invalid, len(set(valid)), len({min(naive_images(row)) for row in valid})


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 8).flatmap(lambda n: st.lists(_placements(n), min_size=1, max_size=30)))
def test_check_listing_agrees_with_the_naive_checks(rows: list[tuple[int, ...]]) -> None:
    found = check_listing(Listing(np.array(rows, np.int8)))
    assert (found.invalid, found.distinct, found.classes) == _naive_verdict(rows)
    assert found.count == len(rows) and found.valid == (not found.invalid)


def _placements(n: int) -> st.SearchStrategy[tuple[int, ...]]:
    solutions = naive_solutions(n)
    permutations = st.permutations(range(n)).map(tuple)
    return st.sampled_from(solutions) | permutations if solutions else permutations


def test_large_boards_take_the_sorted_path_and_agree() -> None:
    """Past 29 queens the lines no longer fit a word: sorted instead, the same verdict."""
    from nqueens.large import construct

    rng = np.random.default_rng(7)
    for n in (30, 41):
        solution = tuple(construct(n).tolist())
        images = sorted(naive_images(solution))
        broken = [tuple(rng.permutation(n).tolist()) for _ in range(3)]
        rows = [*images, images[0], *broken]
        found = check_listing(Listing(np.array(rows, np.int16)))
        assert (found.invalid, found.distinct, found.classes) == _naive_verdict(rows)


def test_a_listing_of_the_wrong_board_is_refused() -> None:
    with pytest.raises(InvalidPlacementError, match="one per row, but the board is 5x8"):
        check_listing(Listing(np.array([[0, 2, 4, 1, 3, 7]], np.int8)), Rules(5, 8))
