"""The player page as a class uses it, in Debian's headless Chromium: the two exercises
(predict the next step, fill in col/up/down) in English and Japanese, the projector's
1280 x 720, the row each step works on, and the contrast of the colours the page
really draws (read back from the page, not from the Python constants)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import nqueens
from nqueens.i18n import use_language
from nqueens.render.colours import contrast
from tests.english import leftovers
from tests.pages import Opened

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page_of(browser: object, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """A fresh page for (N, algorithm, language, viewport); the files written once."""
    folder = tmp_path_factory.mktemp("class")
    opened = Opened(browser)

    def load(
        n: int, algorithm: str = "flags", lang: str = "en", viewport: tuple[int, int] = (1480, 1000)
    ) -> object:
        path = folder / f"{algorithm}-{n}-{lang}.html"
        if not path.exists():
            with use_language(lang):
                nqueens.play(n, algorithm, out=path)
        return opened(path, viewport=viewport)

    yield load
    opened.close()


def go_to(page: object, step: int) -> None:
    page.evaluate(  # type: ignore[attr-defined]
        """(step) => { const s = document.getElementById("scrubber");
        s.value = step; s.dispatchEvent(new Event("input")); }""",
        step,
    )


def rgb(css: str) -> str:
    """A computed colour, rgb(r, g, b), as #rrggbb."""
    r, g, b = (int(x) for x in re.findall(r"\d+", css)[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def over_white(css: str, opacity: float) -> str:
    """A fill drawn at `opacity` over the white page, as the eye sees it."""
    r, g, b = (int(x) for x in re.findall(r"\d+", css)[:3])
    return "#" + "".join(f"{round(c * opacity + 255 * (1 - opacity)):02x}" for c in (r, g, b))


def next_place(recording: object, step: int) -> tuple[int, int]:
    """Where the recorded search puts its next queen after `step`, from its events."""
    for kind, row, col, *_rest in recording.events[step:]:  # type: ignore[attr-defined]
        if kind == 0:
            return int(row), int(col)
    raise AssertionError("no further queen")


# -- predict the next step --------------------------------------------------------------

PREDICT = {
    "en": ("Right: the search puts its next queen on row {r}, col {c}.", "Not this time"),
    "ja": ("正解です。探索は次のクイーンを{r} 行目 {c} 列目に置きます。", "残念。"),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_predict_the_next_step(page_of: object, lang: str) -> None:
    page = page_of(6, "flags", lang)  # type: ignore[operator]
    recording = nqueens.play(6, "flags").recording
    go_to(page, 14)
    page.click("#predict")
    assert page.get_attribute("body", "data-mode") == "predict"
    row, col = next_place(recording, 14)
    page.click(f"rect[data-row='{row}'][data-col='{col}']")  # the right square
    right, wrong = PREDICT[lang]
    assert page.inner_text("#predict-status") == right.format(r=row, c=col)
    assert page.get_attribute("#board", "data-score") == "1/1"
    step = int(page.inner_text("#step"))
    assert recording.events[step - 1][:3] == [0, row, col]  # the board went on to it
    answer = next_place(recording, step)
    guess = (answer[0], (answer[1] + 1) % 6)
    page.click(f"rect[data-row='{guess[0]}'][data-col='{guess[1]}']")
    status = page.inner_text("#predict-status")
    assert status.startswith(wrong)
    said = "row {}, col {}" if lang == "en" else "{} 行目 {} 列目"
    assert said.format(*answer) in status  # the square the search chose
    assert page.get_attribute("#board", "data-score") == "1/2"
    assert page.locator("rect.guess.wrong").count() == 1
    if lang == "ja":
        text = page.inner_text("#predictor") + page.inner_text("header")
        assert leftovers(text) == []


# -- fill in col, up, down -------------------------------------------------------------


def flags_of(n: int, queens: list[tuple[int, int]]) -> dict[str, list[int]]:
    """The three flag arrays of a board, worked out here."""
    return {
        "col": [int(any(c == i for _r, c in queens)) for i in range(n)],
        "up": [int(any(r + c == i for r, c in queens)) for i in range(2 * n - 1)],
        "down": [int(any(r - c + n - 1 == i for r, c in queens)) for i in range(2 * n - 1)],
    }


def board_to_fill(page: object) -> list[tuple[int, int]]:
    text = page.get_attribute("#board", "data-fill-queens") or ""  # type: ignore[attr-defined]
    return [(int(r), int(c)) for r, c in (item.split(":") for item in text.split())]


def set_cells(page: object, arrays: dict[str, list[int]]) -> None:
    for name, values in arrays.items():
        for index, value in enumerate(values):
            cell = page.locator(f"#fill-arrays [data-name='{name}'] button[data-index='{index}']")  # type: ignore[attr-defined]
            if cell.inner_text() != str(value):
                cell.click()


FILL = {
    "en": ("All three arrays are right.", "1 cell is wrong: it is outlined in red."),
    "ja": ("3 つの配列はすべて正しいです。", "1 個の要素が違います。赤い枠で囲んであります。"),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_fill_in_col_up_down_and_check(page_of: object, lang: str) -> None:
    page = page_of(6, "flags", lang)  # type: ignore[operator]
    go_to(page, 20)
    shown = page.get_attribute("#board", "data-cols")
    page.click("#fill")
    queens = board_to_fill(page)
    assert queens == list(enumerate(int(c) for c in shown.split()))  # the board on screen
    assert page.locator("#fill-arrays button.cell").count() == 6 + 2 * 11
    truth = flags_of(6, queens)
    set_cells(page, truth)
    page.click("#fill-check")
    right, one_wrong = FILL[lang]
    assert page.inner_text("#fill-status") == right
    wrong = {**truth, "down": [1 - truth["down"][0], *truth["down"][1:]]}
    set_cells(page, wrong)
    page.click("#fill-check")
    assert page.inner_text("#fill-status") == one_wrong
    outlined = page.locator("#fill-arrays button.cell.wrong")
    assert outlined.count() == 1
    assert outlined.get_attribute("aria-label") == "down[0]"
    page.click("#fill-new")  # another board: the check follows it
    queens = board_to_fill(page)
    assert len(queens) >= 2 and len({r for r, _c in queens}) == len(queens)
    for i, (r1, c1) in enumerate(queens):  # rows of one solution: no two attack
        assert all(c1 != c2 and abs(r1 - r2) != abs(c1 - c2) for r2, c2 in queens[i + 1 :])
    set_cells(page, flags_of(6, queens))
    page.click("#fill-check")
    assert page.inner_text("#fill-status") == right
    page.click("#fill-answer")
    shown_answer = {
        name: [
            int(x)
            for x in page.locator(f"#fill-arrays [data-name='{name}'] button").all_inner_texts()
        ]
        for name in ("col", "up", "down")
    }
    assert shown_answer == flags_of(6, queens)
    if lang == "ja":
        assert leftovers(page.inner_text("#filler")) == []


# -- the projector, the row, the colours -----------------------------------------------


@pytest.mark.parametrize("algorithm", ["flags", "backtracking", "bitboard-stack"])
def test_a_projectors_720_lines_show_the_controls_and_the_marked_line(
    page_of: object, algorithm: str
) -> None:
    page = page_of(8, algorithm, "en", (1280, 720))  # type: ignore[operator]
    for step in (1, 40, 300, 900):
        go_to(page, step)
        for control in ("#back", "#forward", "#play", "#next-solution", "#caption"):
            box = page.locator(control).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 720, control
        line = page.locator("#code .line.current").bounding_box()
        code = page.locator("#code").bounding_box()
        assert line is not None and code is not None
        assert line["y"] >= 0 and line["y"] + line["height"] <= 720
        assert code["y"] <= line["y"] and line["y"] + line["height"] <= code["y"] + code["height"]
    digits = page.evaluate(
        """() => { const s = getComputedStyle(document.querySelector("#state .cell"), "::after");
        return [parseFloat(s.fontSize), s.color]; }"""
    )
    assert digits[0] >= 12 and contrast(rgb(digits[1]), "#ffffff") >= 4.5


def test_the_row_each_step_works_on_is_outlined(page_of: object) -> None:
    page = page_of(6, "flags")  # type: ignore[operator]
    recording = nqueens.play(6, "flags").recording
    for step in (1, 2, 7, 60, 100, 176):
        go_to(page, step)
        kind, row = recording.events[step - 1][:2]
        mark = page.locator("rect.current-row")
        if kind == 3:  # a solution: no row is being filled
            assert mark.get_attribute("visibility") == "hidden"
            continue
        assert mark.get_attribute("visibility") == "visible"
        assert float(mark.get_attribute("y")) == row
        assert "current" in page.get_attribute(f"text.label[data-row='{row}']", "class")


def test_the_pages_colours_stand_apart(page_of: object) -> None:
    """Computed from the colours the page draws: each attacked square's dot against its
    shade (3:1 at least), each tree label against its node as drawn (4.5:1), the nodes
    not reached yet included."""
    page = page_of(6, "flags")  # type: ignore[operator]
    go_to(page, 30)
    patterns = page.evaluate(
        """() => Array.from(document.querySelectorAll("pattern.attack-pattern"), (p) =>
        [p.id, getComputedStyle(p.querySelector(".shade")).fill,
         getComputedStyle(p.querySelector(".mark")).fill])"""
    )
    assert len(patterns) == 6  # line, wrap, knight; light and dark
    for name, shade, mark in patterns:
        assert contrast(rgb(shade), rgb(mark)) >= 3, name
    attacked = page.evaluate(
        """() => Array.from(document.querySelectorAll("#board rect.attacked"),
        (r) => getComputedStyle(r).fill)"""
    )
    assert attacked and all(fill.startswith('url("#attacked-line-') for fill in attacked)
    labels = page.evaluate(
        """() => Array.from(document.querySelectorAll("svg.search-tree g.labels text"), (t) => {
        const node = document.getElementById(t.dataset.for), style = getComputedStyle(node);
        return [t.dataset.for, getComputedStyle(t).fill, style.fill,
                parseFloat(style.fillOpacity), node.classList.contains("ahead")]; })"""
    )
    assert any(ahead for *_rest, ahead in labels) and not all(ahead for *_rest, ahead in labels)
    for node, ink, fill, opacity, _ahead in labels:
        assert contrast(rgb(ink), over_white(fill, opacity)) >= 4.5, node
    legend = page.evaluate(
        """() => Array.from(document.querySelectorAll("#tree-legend .legend-item"),
        (item) => item.dataset.kind)"""
    )
    drawn = page.evaluate(
        """() => [...new Set(Array.from(document.querySelectorAll("svg.search-tree .node"),
        (n) => n.classList[1]))]"""
    )
    assert "cut" not in legend and set(legend) == {k.replace("-", " ") for k in drawn} - {"root"}


def test_the_tree_picture_and_the_film_use_the_same_standards(tmp_path: Path) -> None:
    """The PNG tree's labels against their nodes, and the film's dot against its square,
    read from the drawn artists and pixels."""
    from matplotlib.colors import to_hex
    from matplotlib.patches import Rectangle
    from matplotlib.text import Text

    from nqueens.render.animation import FramePainter
    from nqueens.render.frames import FrameLimits, Frames
    from nqueens.render.tree import tree_figure

    figure = tree_figure(nqueens.tree(5))
    inks = {to_hex(t.get_color()) for t in figure.findobj(Text) if t.get_text().strip().isdigit()}
    fills = {
        to_hex(p.get_facecolor())
        for p in figure.axes[0].patches
        if isinstance(p, Rectangle) and p.get_width() < 200
    }
    for ink in inks:
        for fill in fills - {"#5a3d28", "#ffffff"}:  # the root keeps its white label
            assert contrast(ink, fill) >= 4.5, (ink, fill)
    film = nqueens.animate(5, max_frames=6)
    frames = list(Frames(film.frames.events, 5, FrameLimits(6, None, 1)))
    frame = frames[1]  # a queen on row 0: its column and diagonals below are attacked
    painter = FramePainter(5, 400, "x")
    pixels = painter.render(frame)
    ax = painter.board.ax
    assert frame.reject is None and frame.attacked
    for row, col in sorted(frame.attacked):
        x, y = ax.transData.transform((col, row))
        height = pixels.shape[0]
        centre = pixels[round(height - y), round(x)]
        x2, y2 = ax.transData.transform((col - 0.35, row - 0.35))
        corner = pixels[round(height - y2), round(x2)]
        to = "#{:02x}{:02x}{:02x}"
        assert contrast(to.format(*centre), to.format(*corner)) >= 3, (row, col)


FITS = {
    "watch": [
        "#board",
        "#caption",
        "#watcher .controls",
        "#scrubber",
        "#counters",
        "#marks",
        "#state-panel",
        "#code",
        "#tree-zoom",
        "#tree-head",
        "#tree-scroll",
        "#recorded-list",
    ],
    "learn": [
        "#board",
        "#learner .controls",
        "#learner-status",
        "#hint-text",
        "#hint-why",
        "#marks",
        "#tree-scroll",
        "#learned-list",
    ],
    "predict": ["#board", "#caption", "#predict-status", "#state-panel", "#code", "#tree-scroll"],
    "fill": ["#board", "#fill-arrays", "#fill-check", "#fill-status", "#tree-scroll"],
}


def boxes(page: object, selectors: list[str]) -> dict[str, tuple[float, float, float, float]]:
    found = {}
    for selector in selectors:
        box = page.locator(selector).first.bounding_box()  # type: ignore[attr-defined]
        assert box is not None, selector  # shown
        found[selector] = (box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])
    return found


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_mode_fits_a_projectors_screen(page_of: object, lang: str) -> None:
    """At 1280 x 720 each mode shows what a step needs on one screen: every part inside
    the window, none over another, nothing below the fold (the page does not scroll);
    the watch mode's tree and solutions and the learner's hint and reasons included."""
    page = page_of(8, "flags", lang, (1280, 720))  # type: ignore[operator]
    go_to(page, 40)
    for mode in ("watch", "learn", "predict", "fill"):
        page.click(f".modes #{mode}")
        page.wait_for_selector(f"body[data-ready='{mode}']")
        if mode == "learn":
            page.click("#clear")
            for row, col in ((0, 0), (1, 2)):  # a deeper dead end: the longest hint
                page.click(f"rect[data-row='{row}'][data-col='{col}']")
            page.click("#hint")
        if mode == "predict":
            page.click("rect[data-row='3'][data-col='3']")
        placed = boxes(page, FITS[mode])
        for name, (left, top, right, bottom) in placed.items():
            assert left >= 0 and top >= 0 and right <= 1280 and bottom <= 720, (mode, name)
        names = list(placed)
        for i, one in enumerate(names):
            for other in names[i + 1 :]:
                a, b = placed[one], placed[other]
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, (mode, one, other)
        height = page.evaluate("() => document.documentElement.scrollHeight")
        assert height <= 720, (mode, height)


def test_the_dark_theme_keeps_its_contrast(page_of: object) -> None:
    """Under prefers-color-scheme: dark the page's text stands 4.5:1 on its ground, as
    the light theme's does; the board keeps its own colours."""
    page = page_of(6, "flags")  # type: ignore[operator]
    read = """() => { const s = (q) => getComputedStyle(document.querySelector(q));
        return [s("body").color, s("body").backgroundColor, s(".note").color,
                s("#board rect.dark").fill]; }"""
    light = page.evaluate(read)
    page.emulate_media(color_scheme="dark")
    dark = page.evaluate(read)
    assert rgb(dark[1]) != rgb(light[1]) and dark[3] == light[3]  # the board stays
    for text, ground, note, _square in (light, dark):
        assert contrast(rgb(text), rgb(ground)) >= 4.5 and contrast(rgb(note), rgb(ground)) >= 4.5


LABELS_UNDER_CELLS = """() => { const met = [];
  for (const panel of document.querySelectorAll('#state, #fill-arrays')) {
    if (!panel.offsetParent) continue;
    const cells = [...panel.querySelectorAll('.cell')].map(c => c.getBoundingClientRect());
    cells.forEach((a, i) => cells.forEach((b, j) => {
      const label = { left: a.left, right: a.right, top: a.bottom, bottom: a.bottom + 14 };
      if (i !== j && label.left < b.right && b.left < label.right && label.top < b.bottom
          && b.top < label.bottom) met.push([panel.id, i, j]);
    }));
  }
  return met; }"""


@pytest.mark.parametrize("viewport", [(1280, 720), (1920, 1080)])
def test_a_wrapped_array_keeps_its_indices_in_sight(
    page_of: object, viewport: tuple[int, int]
) -> None:
    """At N = 12 up and down (23 cells) wrap onto a second line, which began 2 px below
    the first: over the indices under it, in the state panel and in fill mode, even at
    1920 x 1080. No cell now lies over another's index, and the page still fits."""
    page = page_of(12, "flags", "en", viewport)  # type: ignore[operator]
    go_to(page, 60)
    for mode in ("watch", "fill"):
        page.click(f".modes #{mode}")
        page.wait_for_selector(f"body[data-ready='{mode}']")
        tops = page.evaluate(
            "() => new Set([...document.querySelectorAll('#state .cell, #fill-arrays .cell')]"
            ".filter(c => c.offsetParent).map(c => c.getBoundingClientRect().top)).size"
        )
        assert tops >= 4, mode  # col, and up and down on two lines each: wrapped indeed
        assert page.evaluate(LABELS_UNDER_CELLS) == [], mode
        assert page.evaluate("() => document.documentElement.scrollHeight") <= viewport[1]
