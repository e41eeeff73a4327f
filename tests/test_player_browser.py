"""The HTML player in a real headless Chromium (Debian's), driven by Playwright."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tests.pages import counters, queens
from tests.pixels import dark_pixels

pytestmark = pytest.mark.browser


def test_step_forward_and_back_updates_board_and_counters(open_player: object) -> None:
    page = open_player(4)  # type: ignore[operator]
    assert counters(page) == {"step": "0", "nodes": "0", "backtracks": "0", "found": "0"}
    assert page.inner_text("#caption") == "empty board"
    page.click("#forward")
    assert counters(page)["step"] == "1" and queens(page) == "0"
    assert page.inner_text("#caption") == "place row 0, col 0"
    assert page.locator("use.queen[visibility=visible]").count() == 1
    page.click("#forward")  # (1, 0) is attacked by the queen on (0, 0)
    assert page.inner_text("#caption") == (
        "attacked row 1, col 0 by the queen on row 0, col 0 (same column, board[0] = 0)"
    )
    assert page.get_attribute("g.cross", "visibility") == "visible"
    assert page.locator("rect.attacked").count() == 6  # 2 in each row below: column, diagonal
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert counters(page)["step"] == "4"
    page.keyboard.press("ArrowLeft")
    assert counters(page)["step"] == "3"
    page.click("#back")
    page.click("#back")
    assert counters(page)["step"] == "1" and queens(page) == "0"


def test_next_solution_and_the_solution_list(open_player: object, tmp_path: Path) -> None:
    page = open_player(4)  # type: ignore[operator]
    assert page.locator("#solutions li").count() == 2
    page.click("#next-solution")
    assert counters(page) == {"step": "31", "nodes": "8", "backtracks": "4", "found": "1"}
    assert queens(page) == "1 3 0 2"
    assert page.inner_text("#caption") == "found solution 1: 1 3 0 2"
    assert "solved" in page.get_attribute("#board", "class")
    page.keyboard.press("n")
    assert counters(page)["step"] == "48" and queens(page) == "2 0 3 1"
    page.locator("#solutions li button").nth(0).click()
    assert counters(page)["step"] == "31" and queens(page) == "1 3 0 2"
    page.keyboard.press("Home")
    assert counters(page)["step"] == "0" and queens(page) == ""
    page.keyboard.press("End")
    assert counters(page)["step"] == "78" and "end of the recording" in page.inner_text("#caption")
    shot = tmp_path / "player.png"
    page.locator("#board").screenshot(path=str(shot))
    with Image.open(shot) as image:
        assert min(image.size) > 200


def test_play_pause_and_speed(open_player: object) -> None:
    page = open_player(6)  # type: ignore[operator]
    page.fill("#speed", "60")
    page.dispatch_event("#speed", "input")
    assert page.inner_text("#speed-value") == "60"
    page.keyboard.press(" ")
    page.wait_for_function("Number(document.getElementById('step').textContent) >= 10")
    page.keyboard.press(" ")
    paused = counters(page)["step"]
    page.wait_for_timeout(300)
    assert counters(page)["step"] == paused and int(paused) >= 10
    page.click("#play")
    page.wait_for_function(f"Number(document.getElementById('step').textContent) > {paused}")
    page.click("#play")
    assert "play" in page.inner_text("#play")


def test_screenshot_shows_the_first_8_queens_solution(open_player: object, tmp_path: Path) -> None:
    page = open_player(8)  # type: ignore[operator]
    page.click("#next-solution")
    assert queens(page) == "0 4 7 5 2 6 1 3" and counters(page)["step"] == "982"
    shot = tmp_path / "eight.png"
    page.screenshot(path=str(shot))
    board = page.locator("#board").bounding_box()
    first = page.locator("rect[data-row='0'][data-col='0']").bounding_box()
    square = first["width"]
    with Image.open(shot) as image:
        pixels = np.asarray(image.convert("RGB")).astype(int)
    for row in range(8):
        for col in range(8):
            x = int(first["x"] + (col + 0.5) * square)
            y = int(first["y"] + (row + 0.5) * square)
            dark = dark_pixels(pixels, (y, x))
            on_queen = col == (0, 4, 7, 5, 2, 6, 1, 3)[row]
            assert (dark > 10) if on_queen else (dark == 0), (row, col)
    assert board["width"] > 300


def test_capped_recording_says_so(open_player: object) -> None:
    page = open_player(12, max_steps=500)  # type: ignore[operator]
    note = page.locator("#capped")
    assert note.is_visible() and "capped at 500 steps" in note.inner_text()
    page.keyboard.press("End")
    assert counters(page)["step"] == "500"
    page.keyboard.press("ArrowRight")
    assert counters(page)["step"] == "500"


@pytest.mark.parametrize(("variant", "n"), [("toroidal", 7), ("superqueens", 10)])
def test_a_variants_page_shades_and_names_its_own_attacks(
    open_player: object, variant: str, n: int
) -> None:
    """Every few steps, the page's shading and caption are the Python frames' (whose
    shading tests/test_variants_visual.py checks against naive rules)."""
    from matplotlib.colors import to_rgb

    from nqueens.render.colours import ATTACK_COLOURS, ATTACK_LEGEND
    from nqueens.render.frames import FrameLimits, Frames
    from nqueens.variants import Rules, events

    kind = "wrap" if variant == "toroidal" else "knight"
    rules = Rules.of(variant, n)
    page = open_player(rules, max_steps=400)  # type: ignore[operator]
    assert page.inner_text("#title") == f"{n} queens, {variant}: check-function search"
    legend = page.inner_text("#legend")
    assert ATTACK_LEGEND["line"] in legend and ATTACK_LEGEND[kind] in legend
    assert not page.is_visible("#learn") and not page.is_visible("#learn-key")
    assert not page.is_visible("#predict") and not page.is_visible("#fill")
    frames = list(Frames(lambda: events(rules), n, FrameLimits(401, None, 1), rules=rules))
    seen = set()
    dashed = coloured = False
    for frame in frames[1::9]:
        page.evaluate(
            """step => { const s = document.getElementById("scrubber");
                         s.value = step; s.dispatchEvent(new Event("input")); }""",
            frame.step,
        )
        assert page.inner_text("#caption").split(" \u2014 ")[0] == frame.caption
        shown = page.eval_on_selector_all(
            "#board rect[data-row]",
            "els => els.map(e => [+e.dataset.row, +e.dataset.col, e.getAttribute('class')])",
        )
        for row, col, classes in shown:
            words = set(classes.split())
            expected = frame.kind((row, col)) if (row, col) in frame.attacked else None
            assert ("attacked" in words) == (expected is not None), (frame.step, row, col)
            assert ({"wrap", "knight"} & words) == ({expected} - {"line", None}), (row, col)
            seen |= {expected} - {None}
            if expected == kind and not coloured:
                fill = page.eval_on_selector(
                    f'#board rect[data-row="{row}"][data-col="{col}"]',
                    "e => getComputedStyle(e).fill",
                )
                light, dark = ATTACK_COLOURS[kind]
                tone = "dark" if (row + col) % 2 else "light"
                assert fill == f'url("#attacked-{kind}-{tone}")'  # the shade, with a dot on it
                shade = page.eval_on_selector(
                    f"#attacked-{kind}-{tone} rect.shade", "e => getComputedStyle(e).fill"
                )
                want = [round(255 * v) for v in to_rgb(dark if tone == "dark" else light)]
                assert shade == "rgb({}, {}, {})".format(*want)
                coloured = True
        if frame.reject is not None and frame.reject_kind != "line":
            lines = page.eval_on_selector_all(
                "#board line.attack-line[visibility=visible]",
                "els => els.map(e => e.classList.contains('dashed'))",
            )
            assert lines and all(lines) and len(lines) == len(frame.reject_path())
            dashed = True
    assert seen == {"line", kind} and dashed and coloured
