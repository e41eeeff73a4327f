"""The tkinter viewer in a real window on a virtual X screen (Xvfb started by the tests)."""

from __future__ import annotations

import contextlib
import itertools
import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from tkinter import ttk

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import ImageGrab

from nqueens.render.colours import REJECT, STATE_FILLED, STATE_READ
from nqueens.search import ALGORITHMS
from tests.conftest import require_program as _require
from tests.pixels import dark_pixels
from tests.processes import NQUEENS, invoke
from tests.teaching_steps import FLAGS, expected_cells

pytestmark = pytest.mark.gui

FIRST_8 = (0, 4, 7, 5, 2, 6, 1, 3)


def _grab(display: str, widget: object) -> np.ndarray:
    x, y = widget.winfo_rootx(), widget.winfo_rooty()  # type: ignore[attr-defined]
    width, height = widget.winfo_width(), widget.winfo_height()  # type: ignore[attr-defined]
    image = ImageGrab.grab(bbox=(x, y, x + width, y + height), xdisplay=display)
    return np.asarray(image.convert("RGB")).astype(int)


def test_window_opens_steps_and_closes(display: str, tmp_path: Path) -> None:
    from nqueens.visual.window import open_window

    root, viewer = open_window(8, "backtracking")
    try:
        root.update()
        assert root.title() == "8 queens: backtracking"
        assert viewer.caption.get() == "empty board"
        for _ in range(5):
            assert viewer.forward()
        assert viewer.counters.get().split() == [
            "step", "5", "nodes", "2", "backtracks", "0", "solutions", "0",
        ]  # fmt: skip
        assert viewer.caption.get().startswith("attacked row 2, col 0")
        assert viewer.canvas.itemcget(viewer.cross, "state") == "normal"
        viewer.back()
        assert viewer.stepper.position == 4
        assert viewer.next_solution()
        assert viewer.stepper.position == 982
        assert viewer.solutions.get(0, "end") == ("  1. 0 4 7 5 2 6 1 3",)
        assert viewer.caption.get() == "found solution 1: 0 4 7 5 2 6 1 3"
        root.update()
        pixels = _grab(display, viewer.canvas)
        from PIL import Image

        Image.fromarray(pixels.astype(np.uint8)).save(tmp_path / "viewer.png")
        for row in range(8):
            for col in range(8):
                x0, y0 = viewer._xy(row, col)
                middle = viewer.square // 2
                dark = dark_pixels(pixels, (y0 + middle, x0 + middle))
                assert (dark > 10) if col == FIRST_8[row] else (dark == 0), (row, col)
        viewer.go_to(0)
        assert viewer.canvas.itemcget(viewer.queens[0], "state") == "hidden"
        viewer.solutions.selection_set(0)
        viewer.solutions.event_generate("<<ListboxSelect>>")
        root.update()
        assert viewer.stepper.position == 982
    finally:
        root.destroy()


def test_play_runs_on_its_own_and_pauses(display: str) -> None:
    from nqueens.visual.window import open_window

    root, viewer = open_window(6, "bitboard")
    try:
        viewer.speed.set(60)
        viewer.toggle()
        assert viewer.playing and viewer.play_button.cget("text") == "\u275a\u275a pause"
        deadline = time.monotonic() + 20
        while viewer.stepper.position < 10:
            assert time.monotonic() < deadline, "playing did not advance"
            root.update()
            time.sleep(0.01)
        viewer.toggle()
        stopped = viewer.stepper.position
        for _ in range(20):
            root.update()
            time.sleep(0.01)
        assert viewer.stepper.position == stopped and not viewer.playing
    finally:
        root.destroy()


def test_keys_drive_the_viewer(display: str) -> None:
    from nqueens.visual.window import open_window

    root, viewer = open_window(4, "backtracking")
    try:
        root.update()
        root.focus_force()
        for key in ("<Right>", "<Right>", "<Right>", "<Left>"):
            root.event_generate(key, when="tail")
        root.update()
        assert viewer.stepper.position == 2
        root.event_generate("<Key-n>", when="tail")
        root.update()
        assert viewer.stepper.position == 31
        root.event_generate("<Home>", when="tail")
        root.update()
        assert viewer.stepper.position == 0
    finally:
        root.destroy()


def test_nqueens_gui_command_opens_a_window_that_keys_drive_and_close(
    display: str, tmp_path: Path
) -> None:
    """The real command in its own process, driven with xdotool like a user would."""
    with _gui_window(display, ["5"], "5 queens") as (window, env):
        before = np.asarray(ImageGrab.grab(xdisplay=display).convert("RGB")).astype(int)
        subprocess.run(
            ["xdotool", "key", "--window", window, "Right", "Right", "Right"], env=env, check=True
        )
        time.sleep(0.5)
        after = ImageGrab.grab(xdisplay=display)
        after.save(tmp_path / "gui.png")
        assert (np.asarray(after.convert("RGB")).astype(int) != before).any()  # queens appeared


@contextlib.contextmanager
def _gui_window(display: str, args: list[str], title: str) -> Iterator[tuple[str, dict[str, str]]]:
    """`nqueens gui ARGS` in its own process: yields its window (found by `title`) and the
    environment, then closes it with the q key and checks it exits cleanly and quietly."""
    _require("xdotool")
    env = {**os.environ, "DISPLAY": display}
    process = subprocess.Popen(
        [*NQUEENS, "gui", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        found = subprocess.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--name", title],
            env=env,
            capture_output=True,
            text=True,
            timeout=30,
        )
        window = found.stdout.split()[0]
        yield window, env
        # Not checked: the window is gone before xdotool sends the key's release.
        subprocess.run(["xdotool", "key", "--window", window, "q"], env=env, capture_output=True)
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()
        _out, err = process.communicate()
    assert err == ""


@pytest.mark.parametrize(
    ("variant", "n", "kind"), [("toroidal", 7, "wrap"), ("superqueens", 10, "knight")]
)
def test_a_variants_window_shades_its_own_attacks_apart(
    display: str, variant: str, n: int, kind: str
) -> None:
    """Each square's colour on screen is the colour of how the variant's queens attack it
    (naive rules in test_variants_visual check the frames themselves)."""
    from tkinter import ttk

    from matplotlib.colors import to_rgb

    from nqueens.render.colours import ATTACK_LEGEND, MARK_LEGEND, square_colour
    from nqueens.render.frames import snapshot
    from nqueens.variants import Rules
    from nqueens.visual.window import open_window

    root, viewer = open_window(Rules.of(variant, n), "backtracking")
    try:
        assert root.title() == f"{n} queens, {variant}: check-function search"
        legend = viewer.grid_slaves(row=4, column=0)[0]
        texts = [w.cget("text") for w in legend.winfo_children() if isinstance(w, ttk.Label)]
        marks = list(MARK_LEGEND.values())  # the board's marks, then the variant's shadings
        assert texts == [*marks, ATTACK_LEGEND["line"], ATTACK_LEGEND[kind]]
        seen = {"line": 0, kind: 0}
        dashed = False
        for _ in range(40):
            viewer.forward()
            root.update()
            shown = snapshot(viewer.stepper.replay, viewer.stepper.event, rules=viewer.rules)
            pixels = _grab(display, viewer.canvas)
            marked = set()  # the squares the rejection's marks may cross
            if shown.reject is not None:
                (r1, _c1), r2 = shown.reject.attacker, shown.reject.row
                marked = {(r, c) for r in range(r1, r2 + 1) for c in range(n)}
            for square in shown.attacked - marked:
                x0, y0 = viewer._xy(*square)
                got = pixels[y0 + viewer.square // 2, x0 + 3]
                want = np.array([round(255 * v) for v in to_rgb(
                    square_colour(*square, attacked=shown.kind(square)))])  # fmt: skip
                assert np.abs(got - want).max() <= 3, (square, shown.kind(square))
                seen[shown.kind(square)] += 1
            if shown.reject is not None and shown.reject_kind != "line":
                line = viewer.lines[0]
                dashed = dashed or viewer.canvas.itemcget(line, "dash") != ""
                if shown.reject_kind == "wrap":
                    assert all(viewer.canvas.itemcget(x, "state") == "normal" for x in viewer.lines)
        assert seen["line"] and seen[kind]
        assert dashed  # a wrapped or knight rejection is tied by a dashed line
    finally:
        root.destroy()


def test_gui_refuses_a_teaching_algorithm_with_a_variant() -> None:
    result = invoke("gui", "7", "--variant", "toroidal", "-A", "bitboard")
    assert result.status == 2 and result.stderr.count("\n") == 1
    assert "use backtracking, not bitboard (--algorithm)" in result.stderr


def test_nqueens_gui_variant_command_opens_the_variants_window(display: str) -> None:
    """`nqueens gui 7 --variant toroidal` in its own process: its window, closed by a key."""
    with _gui_window(display, ["7", "--variant", "toroidal"], "7 queens, toroidal"):
        pass


@pytest.fixture
def viewer(display: str) -> Iterator[object]:
    from nqueens.visual.window import open_window

    opened = []

    def load(n: int, algorithm: str) -> object:
        root, viewer = open_window(n, algorithm)
        opened.append(root)
        return viewer

    yield load
    for root in opened:
        root.destroy()


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    algorithm=st.sampled_from(sorted(ALGORITHMS)), n=st.integers(4, 8), steps=st.integers(1, 120)
)
def test_the_windows_panel_draws_the_state(
    viewer: object, algorithm: str, n: int, steps: int
) -> None:
    window = viewer(n, algorithm)  # type: ignore[operator]
    window.go_to(steps)
    window.update()
    events = window.stepper.history[: window.stepper.position]
    want, reads, hit = expected_cells(algorithm, n, events, list(window.stepper.replay.cols))
    canvas = window.state_canvas
    assert {name for name, _ in window.state_cells} == {k for k, cells in want.items() if cells}
    structures = {s.name: s for s in events[-1].state.structures}
    for (name, index), item in window.state_cells.items():
        fill = canvas.itemcget(item, "fill")
        position = list(structures[name].indices or range(1000)).index(index)
        if name in FLAGS:
            assert (fill == STATE_FILLED) == (want[name][position] == "1"), (name, index)
        outline = canvas.itemcget(item, "outline")
        if (name, index) == hit:
            assert outline == REJECT
        elif name in reads:
            assert (outline == STATE_READ) == (index in reads[name])
    # The code beside it, the step's line marked.
    marked = window.code.tag_ranges("current")
    line = window.code.get(marked[0], marked[1]).split()[0]
    assert int(line) == events[-1].state.line
    texts = {
        canvas.itemcget(i, "text") for i in canvas.find_withtag("state") if canvas.type(i) == "text"
    }
    assert f"recursion depth {events[-1].state.depth}" in texts


def test_the_window_marks_the_row_the_attacked_squares_and_the_test(display: str) -> None:
    """At a rejection of `flags`: the row the step works on outlined, a dot on each
    attacked square that stands out from its shade (read from the canvas), the caption
    naming the test that failed and its cell, the red line from that test's queen."""
    from nqueens.render.colours import contrast
    from nqueens.visual.window import open_window
    from tests.naive import naive_first_test

    root, viewer = open_window(6, "flags")
    try:
        viewer.go_to(60)
        root.update()
        event = viewer.stepper.event
        queens = list(viewer.stepper.replay.cols)
        (by_row, by_col), test = naive_first_test("flags", 6, queens, (event.row, event.col))
        assert (event.row, event.col, test) == (5, 2, "col[2] = 1")  # the step 60
        assert viewer.caption.get() == (
            f"attacked row 5, col 2 by the queen on row {by_row}, col {by_col} "
            f"(same column, {test})"
        )
        canvas = viewer.canvas
        x1, y1, _x2, _y2 = canvas.coords(viewer.lines[0])
        bx, by = viewer._xy(by_row, by_col)
        assert (x1, y1) == (bx + viewer.square / 2, by + viewer.square / 2)
        assert canvas.itemcget(viewer.row_mark, "state") == "normal"
        top = canvas.coords(viewer.row_mark)[1]
        assert viewer._xy(5, 0)[1] <= top < viewer._xy(5, 0)[1] + viewer.square
        for (row, col), dot in viewer.dots.items():
            shown = canvas.itemcget(dot, "state") == "normal"
            attacked = (row, col) in viewer.stepper.replay.attacked()
            assert shown == attacked, (row, col)
            if shown:
                square = canvas.itemcget(viewer.squares[row, col], "fill")
                assert contrast(canvas.itemcget(dot, "fill"), square) >= 3
    finally:
        root.destroy()


@pytest.mark.parametrize(
    ("n", "algorithm", "lang"), [(6, "flags", "en"), (12, "backtracking", "ja")]
)
def test_the_window_keeps_its_size_and_fits_a_projector(
    display: str, n: int, algorithm: str, lang: str
) -> None:
    """Stepping through captions short and long (`gui 6 -A flags` step 3, Japanese), the
    window keeps its size: 1280 x 720 with room for a title bar, the list of solutions
    whole inside it, each caption whole in its box."""
    from nqueens.i18n import use_language
    from nqueens.visual.window import open_window

    with use_language(lang):
        root, viewer = open_window(n, algorithm)
    try:
        root.update()
        sizes, captions = set(), set()
        for _step in range(60):
            viewer.forward()
            root.update()
            sizes.add((root.winfo_width(), root.winfo_height()))
            captions.add(len(viewer.caption.get()))
            label = viewer.caption_label
            assert label.winfo_reqheight() <= label.winfo_height(), viewer.caption.get()
        assert len(sizes) == 1 and max(captions) > 2 * min(captions)
        ((width, height),) = sizes
        assert width <= 1280 and height <= 690
        listing = viewer.solutions
        assert listing.winfo_rootx() + listing.winfo_width() <= root.winfo_rootx() + width
        assert listing.winfo_rooty() + listing.winfo_height() <= root.winfo_rooty() + height
    finally:
        root.destroy()


def test_a_japanese_caption_breaks_where_a_reader_expects(display: str) -> None:
    """Tk breaks a label's lines only at spaces: a Japanese caption split 「2 行目 3 /
    列目」, the number from its counter. The window breaks its lines itself
    (render/linebreak.py): each within the box, never after a number before its counter,
    the caption whole."""
    import tkinter.font

    from nqueens.i18n import use_language
    from nqueens.render.gui import CAPTION_LINES, FONT
    from nqueens.visual.window import open_window

    with use_language("ja"):
        root, viewer = open_window(8, "backtracking")
    try:
        font = tkinter.font.Font(root, font=(FONT, 11))
        room = int(viewer.caption_label.cget("wraplength"))
        broken = 0
        for _step in range(80):
            viewer.forward()
            root.update()
            caption, shown = viewer.caption.get(), viewer.caption_label.cget("text")
            lines = shown.split("\n")
            assert shown.replace("\n", "").replace(" ", "") == caption.replace(" ", "")
            assert len(lines) <= CAPTION_LINES and all(font.measure(x) <= room for x in lines)
            for line, following in itertools.pairwise(lines):
                assert not (line[-1].isdigit() and not following[0].isascii()), shown
            broken += len(lines) > 1
        assert broken > 10  # long captions, broken by the window
    finally:
        root.destroy()


def test_the_window_numbers_from_one_when_asked(display: str) -> None:
    from nqueens.messages import one_based_note
    from nqueens.visual.window import open_window

    root, viewer = open_window(5, "flags", one_based=True)
    try:
        labels = [viewer.canvas.itemcget(label, "text") for label in viewer.row_labels]
        assert labels == ["1", "2", "3", "4", "5"]
        viewer.forward()
        viewer.forward()
        assert viewer.caption.get() == (
            "attacked row 2, col 1 by the queen on row 1, col 1 (same column, col[0] = 1)"
        )
        notes = [w.cget("text") for w in viewer.winfo_children() if isinstance(w, ttk.Label)]
        assert one_based_note() in notes
        viewer.next_solution()
        assert viewer.solutions.get(0) == "  1. 1 3 5 2 4"  # 0 2 4 1 3, from 1
    finally:
        root.destroy()
