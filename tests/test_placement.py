"""Placement: parsing, printing, validation and symmetry, against the naive versions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens import SYMMETRIES, InvalidPlacementError, Placement
from nqueens.placement import canonical_cols, is_canonical_cols
from tests.naive import naive_attacks, naive_images, naive_solutions

FIRST_8 = "0 4 7 5 2 6 1 3"

permutations = st.integers(1, 12).flatmap(lambda n: st.permutations(list(range(n))))
placements = st.integers(1, 12).flatmap(
    lambda n: st.lists(st.integers(0, n - 1), min_size=n, max_size=n)
)


def test_parse_and_print_the_first_8_queens_solution() -> None:
    p = Placement.from_string(FIRST_8)
    assert p.cols == (0, 4, 7, 5, 2, 6, 1, 3)
    assert p.n == 8 and p.is_valid
    assert p.to_string() == FIRST_8
    assert p.to_string(base=1) == "1 5 8 6 3 7 2 4"
    assert repr(p) == "Placement.from_string('0 4 7 5 2 6 1 3')"
    assert eval(repr(p)) == p
    assert str(p).splitlines()[1] == ". . . . Q . . ."


@pytest.mark.parametrize(
    "text",
    [
        "0 4 7 5 2 6 1 3",
        "0,4,7,5,2,6,1,3",
        "[0, 4, 7, 5, 2, 6, 1, 3]",
        "Q.......\n....Q...\n.......Q\n.....Q..\n..Q.....\n......Q.\n.Q......\n...Q....",
        "Q......./....Q.../.......Q/.....Q../..Q...../......Q./.Q....../...Q....",
        "Q . . . . . . .\n. . . . Q . . .\n. . . . . . . Q\n. . . . . Q . .\n"
        ". . Q . . . . .\n. . . . . . Q .\n. Q . . . . . .\n. . . Q . . . .",
    ],
)
def test_every_accepted_spelling_means_the_same_board(text: str) -> None:
    assert Placement.from_string(text).to_string() == FIRST_8


def test_one_based_lists() -> None:
    assert Placement.from_string("1 5 8 6 3 7 2 4", base=1).to_string() == FIRST_8
    with pytest.raises(InvalidPlacementError, match="off the board"):
        Placement.from_string("0 1 2", base=1)


def test_the_grid_style_of_seed_004_parses_back() -> None:
    from nqueens.render.text import render

    p = Placement.from_string("0 2 4 1 3")
    grid = render(p, "grid")
    assert Placement.from_string("\n".join(grid.splitlines()[1:])) == p


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty placement"),
        ("   ", "empty placement"),
        ("0 4 9", "column 4 in row 1 is off the board"),
        ("0 1 9", "column 9 in row 2 is off the board"),
        ("0 -1", "column -1 in row 1 is off the board"),
        ("Q./.Q/..", "row 0 has 2 squares, but the board has 3 rows"),
        ("QQ/..", "row 0 has 2 queens"),
        ("Q.\n..", "row 1 has 0 queens"),
        ("Q.Z\n.Q.\n..Q", "unknown mark 'Z'"),
        ("hello", "unknown mark|squares"),
    ],
)
def test_malformed_input_names_the_problem(text: str, message: str) -> None:
    with pytest.raises(InvalidPlacementError, match=message):
        Placement.from_string(text)


def test_constructor_rejects_bad_columns() -> None:
    with pytest.raises(InvalidPlacementError, match="off the board"):
        Placement((0, 3, 1))
    with pytest.raises(InvalidPlacementError, match="whole number"):
        Placement((0, 1.0, 2))  # type: ignore[arg-type]
    with pytest.raises(InvalidPlacementError, match="at least one row"):
        Placement(())


@given(placements, st.sampled_from([0, 1]))
def test_column_lists_round_trip(cols: list[int], base: int) -> None:
    p = Placement.from_cols(cols)
    assert Placement.from_string(p.to_string(base=base), base=base) == p


@given(placements)
def test_board_rows_round_trip(cols: list[int]) -> None:
    p = Placement.from_cols(cols)
    assert Placement.from_string("\n".join(p.to_rows())) == p
    assert Placement.from_string(str(p)) == p


@given(st.text(max_size=40), st.sampled_from([0, 1]))
def test_parsing_never_fails_with_anything_but_a_placement_error(text: str, base: int) -> None:
    try:
        p = Placement.from_string(text, base=base)
    except InvalidPlacementError:
        return
    assert all(0 <= c < p.n for c in p.cols)


@given(placements)
def test_attacks_match_the_naive_pairs_and_validity(cols: list[int]) -> None:
    p = Placement.from_cols(cols)
    assert p.attacks() == naive_attacks(p.cols)
    assert p.is_valid == (not naive_attacks(p.cols))


@given(permutations)
def test_images_are_the_naive_images(cols: list[int]) -> None:
    p = Placement.from_cols(cols)
    assert {q.cols for q in p.images()} == naive_images(p.cols)


@given(permutations, st.sampled_from(SYMMETRIES))
def test_canonical_form_is_the_same_for_every_image(cols: list[int], symmetry: str) -> None:
    p = Placement.from_cols(cols)
    image = p.transform(symmetry)  # type: ignore[arg-type]
    assert image.canonical() == p.canonical()
    assert image.orbit_size() == p.orbit_size()
    assert p.canonical().cols == min(naive_images(p.cols)) == canonical_cols(p.cols)
    assert p.is_canonical() == is_canonical_cols(p.cols) == (p == p.canonical())


@given(permutations)
def test_symmetries_form_the_group_of_the_square(cols: list[int]) -> None:
    p = Placement.from_cols(cols)
    assert p.transform("rot90").transform("rot90") == p.transform("rot180")
    assert p.transform("rot90").transform("rot180") == p.transform("rot270")
    assert p.transform("rot270").transform("rot90") == p
    for s in ("mirror", "flip", "transpose", "antitranspose", "rot180"):
        assert p.transform(s).transform(s) == p  # type: ignore[arg-type]
    assert p.transform("rot90").transform("mirror") == p.transform("transpose")
    assert p.transform("mirror").transform("rot90") == p.transform("antitranspose")
    stabiliser = len(p.symmetries())
    assert stabiliser * p.orbit_size() == 8
    assert p.is_valid == p.transform("rot90").is_valid


def test_orbit_sizes_of_the_small_boards() -> None:
    assert Placement.from_string("0").orbit_size() == 1
    assert Placement.from_string("1 3 0 2").orbit_size() == 2  # the 4-queens solution
    # N = 6 has a single class of 4 solutions, symmetric under the half turn.
    sizes = {Placement(s).orbit_size() for s in naive_solutions(6)}
    assert sizes == {4}
    assert Placement.from_string(FIRST_8).orbit_size() == 8


def test_symmetry_needs_one_queen_per_column() -> None:
    p = Placement.from_string("0 0 1")
    assert not p.is_permutation
    with pytest.raises(InvalidPlacementError, match="one queen per row and per column"):
        p.canonical()
    with pytest.raises(InvalidPlacementError, match="unknown symmetry"):
        Placement.from_string("1 3 0 2").transform("spin")  # type: ignore[arg-type]


def test_svg_puts_each_queen_on_its_square() -> None:
    svg = Placement.from_string("1 3 0 2")._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for row, col in enumerate((1, 3, 0, 2)):
        assert f'data-row="{row}" data-col="{col}"' in svg
    assert svg.count("♛") == 4
    assert svg.count('class="col-label"') == 4
