"""Variants on screen: the animation, the player page, the viewer and the pictures follow
each variant's rules, and shade its wrapped and knight attacks apart from the lines."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from nqueens.render.colours import ATTACK_COLOURS
from nqueens.render.frames import Frame, FrameLimits, Frames
from nqueens.search.events import Reject
from nqueens.variants import Rules, events, solutions
from tests.naive import naive_attack, naive_queen_attack, naive_shading
from tests.processes import invoke

VARIANT_BOARDS = [("toroidal", 5), ("toroidal", 7), ("superqueens", 6), ("superqueens", 10)]


def variant_frames(variant: str, n: int, max_frames: int | None = 600) -> list[Frame]:
    rules = Rules.of(variant, n)
    return list(Frames(lambda: events(rules), n, FrameLimits(max_frames, None, 1), rules=rules))


@pytest.mark.parametrize(("variant", "n"), VARIANT_BOARDS)
def test_frames_shade_what_the_variants_queens_attack_and_how(variant: str, n: int) -> None:
    frames = variant_frames(variant, n)
    special = 0
    for frame in frames:
        expected = naive_shading(variant, n, frame.cols)
        assert frame.attacked == frozenset(expected), frame.step
        assert {square: frame.kind(square) for square in frame.attacked} == expected
        special += sum(kind != "line" for kind in expected.values())
    assert special > 0  # the variant's own attacks are really shown


@pytest.mark.parametrize(("variant", "n"), VARIANT_BOARDS)
def test_rejections_are_tied_to_their_attacker_by_the_attacks_path(variant: str, n: int) -> None:
    kinds = set()
    attack = naive_attack(variant, n)
    for frame in variant_frames(variant, n):
        if frame.reject is None:
            continue
        reject = frame.reject
        square, attacker = (reject.row, reject.col), reject.attacker
        assert attack(attacker, square)
        classic = naive_queen_attack(attacker, square)
        assert (frame.reject_kind == "line") == classic
        kinds.add(frame.reject_kind)
        path = frame.reject_path()
        assert path[0][0] == (attacker[1], attacker[0]) and path[-1][1] == (reject.col, reject.row)
        for (x1, y1), (x2, y2) in path:
            if frame.reject_kind != "knight":
                assert abs(x2 - x1) == abs(y2 - y1) or x1 == x2  # a straight queen's line
        if frame.reject_kind == "wrap":  # leaves by one side, comes back by the other
            (_, (x_out, y_out)), ((x_in, y_in), _) = path
            assert {x_out, x_in} == {-0.5, n - 0.5} and y_out == y_in
    assert kinds == {"line", "wrap" if variant == "toroidal" else "knight"}


def test_classic_frames_are_unchanged_by_the_rules() -> None:
    rules = Rules.of("classic", 6)
    plain = Frames(lambda: events(rules), 6, FrameLimits(300, None, 1))
    ruled = Frames(lambda: events(rules), 6, FrameLimits(300, None, 1), rules=rules)
    for a, b in zip(plain, ruled, strict=True):
        assert a.attacked == b.attacked and b.kinds == {} and a.caption == b.caption


def _shade_at(pixels: np.ndarray, ax: object, size: int, square: tuple[int, int]) -> tuple:
    x, y = ax.transData.transform((square[1], square[0]))  # type: ignore[attr-defined]
    x1, _y1 = ax.transData.transform((square[1] + 1, square[0]))  # type: ignore[attr-defined]
    inset = round(0.3 * abs(x1 - x))  # between the dot and the row's frame, on any board size
    row, col = round(size - y), round(x)
    return tuple(int(v) for v in pixels[row - inset, col - inset])


@pytest.mark.parametrize(("variant", "n"), [("toroidal", 7), ("superqueens", 10)])
def test_the_film_paints_each_kind_of_attack_in_its_own_colour(variant: str, n: int) -> None:
    from matplotlib.colors import to_rgb

    from nqueens.render.animation import FramePainter
    from nqueens.render.colours import square_colour

    painter = FramePainter(n, 480, "t", legend=["line", variant_kind(variant)])
    checked: set[str] = set()
    for frame in variant_frames(variant, n, 80)[::7]:
        pixels = painter.render(frame)
        for square in frame.attacked:
            if square == (frame.reject and (frame.reject.row, frame.reject.col)):
                continue
            kind = frame.kind(square)
            expected = tuple(round(255 * v) for v in to_rgb(square_colour(*square, attacked=kind)))
            assert np.allclose(_shade_at(pixels, painter.board.ax, 480, square), expected, atol=3)
            checked.add(kind)
    assert checked == {"line", variant_kind(variant)}
    light, _dark = ATTACK_COLOURS[variant_kind(variant)]
    assert light not in ATTACK_COLOURS["line"]


def variant_kind(variant: str) -> str:
    return "wrap" if variant == "toroidal" else "knight"


def test_animate_films_the_variants_search(tmp_path: Path) -> None:
    out = tmp_path / "film.gif"
    code, said, _ = invoke("animate", "5", "-V", "toroidal", "--solutions", "1", "-o", str(out))
    steps = 0
    for event in events(Rules.of("toroidal", 5)):
        steps += 1
        if type(event).__name__ == "Solution":
            break
    frames = 1 + steps - 1 + 8  # the empty board, each step, the solution held 8 frames
    assert code == 0 and said.startswith(f"wrote {out}: {frames} frames")
    with Image.open(out) as gif:
        assert gif.n_frames == frames
    out = tmp_path / "super.gif"
    code, said, err = invoke(
        "animate", "10", "-V", "superqueens", "--max-frames", "60", "-o", str(out)
    )
    assert code == 0 and said.startswith(f"wrote {out}: 60 frames") and "stopped at 60" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["animate", "5", "-V", "toroidal", "-A", "flags"],
            "use backtracking, not flags (--algorithm)",
        ),
    ],
)
def test_animate_refuses_what_a_variant_cannot_film(
    args: list[str], message: str, tmp_path: Path
) -> None:
    out = tmp_path / "film.gif"
    code, _, err = invoke(*args, "-o", str(out))
    assert code == 2 and message in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_variant_events_reject_only_attacked_squares() -> None:
    rules = Rules.of("superqueens", 10)
    first = next(solutions(rules))
    for event in events(rules):
        if isinstance(event, Reject):
            assert rules.attack(event.attacker, (event.row, event.col))
        if type(event).__name__ == "Solution":
            assert event.placement.cols == first  # type: ignore[attr-defined]
            break


@pytest.mark.parametrize("variant", ["toroidal", "superqueens"])
def test_the_pages_table_is_the_rules(variant: str) -> None:
    from nqueens.render.player import rules_table

    n = 6
    rules = Rules.of(variant, n)
    table = rules_table(rules)
    words, kinds, attacks = table["words"], table["kinds"], table["attacks"]
    squares = [(r, c) for r in range(n) for c in range(n)]
    for a in squares:
        for b in squares:
            found = attacks[(a[0] * n + a[1]) * n * n + b[0] * n + b[1]]  # type: ignore[index]
            if a == b or found == 0:
                assert a == b or not naive_attack(variant, n)(a, b)
                continue
            assert words[found - 1] == rules.attack(a, b)  # type: ignore[index]
            assert kinds[found - 1] == rules.attack_kind(a, b)  # type: ignore[index]


def test_play_records_the_variants_search(tmp_path: Path) -> None:
    import json

    from nqueens.render.player import unseal

    out = tmp_path / "torus.html"
    code, said, err = invoke("play", "7", "--variant", "toroidal", "--out", str(out))
    rules = Rules.of("toroidal", 7)
    steps = sum(1 for _ in events(rules))
    assert code == 0 and said == f"wrote {out}: {steps:,} steps, 28 solutions\n" and err == ""
    page = out.read_text()
    data = json.loads(page.split('type="application/json">')[1].split("</script>")[0])
    sealed = unseal(page.split('type="application/octet-stream">')[1].split("</script>")[0])
    assert [s["cols"] for s in sealed["solutions"]] == [list(c) for c in solutions(rules)]
    assert data["rules"]["variant"] == "toroidal" and 'id="legend"' in page


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "7", "-V", "toroidal", "--learn"], "search (--learn)"),
        (["play", "7", "-V", "toroidal", "-A", "bitboard"], "not bitboard (--algorithm)"),
        (["play", "13", "-V", "superqueens"], "N <= 12"),
    ],
)
def test_play_refuses_what_a_variant_cannot_record(
    args: list[str], message: str, tmp_path: Path
) -> None:
    code, _, err = invoke(*args, "--out", str(tmp_path / "page.html"))
    assert code == 2 and message in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
