"""The state panel of the film, in its pixels: set cells filled, the cells the step reads
outlined, the cell whose test failed in red, as worked out from the queens on the board
(tests/naive.py); the code under it, the step's line marked. The Tk window's panel is
tested in test_gui.py, under its Xvfb."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.colors import to_rgb

from nqueens.render.animation import FramePainter
from nqueens.render.colours import REJECT, STATE_FILLED, STATE_READ
from nqueens.render.frames import FrameLimits, Frames
from nqueens.render.state_panel import CURRENT_LINE
from nqueens.search import ALGORITHMS
from nqueens.search.events import Event, Solution
from tests.naive import naive_first_test
from tests.teaching_steps import FLAGS, REJECTING, expected_cells, said

FILLED = np.array(to_rgb(STATE_FILLED)) * 255
READ = np.array(to_rgb(STATE_READ)) * 255
HIT = np.array(to_rgb(REJECT)) * 255
MARKED = np.array(to_rgb(CURRENT_LINE)) * 255


def _close(pixel: np.ndarray, colour: np.ndarray) -> bool:
    return bool(np.abs(pixel[:3].astype(int) - colour).max() < 40)


@settings(max_examples=25, deadline=None)
@given(
    algorithm=st.sampled_from(sorted(ALGORITHMS)), n=st.integers(4, 8), steps=st.integers(1, 150)
)
def test_the_films_panel_shows_the_state_in_its_pixels(algorithm: str, n: int, steps: int) -> None:
    events: list[Event] = []
    for event in ALGORITHMS[algorithm].events(n, state=True):
        events.append(event)
        if len(events) == steps:
            break
    frames = Frames(lambda: events, n, FrameLimits(max_frames=None, hold=1), stateful=True)
    *_, frame = iter(frames)
    assert frame.state is events[-1].state  # the frame carries the event's own state
    listing = ALGORITHMS[algorithm].source()
    painter = FramePainter(n, 480, "test", panel=True, code=listing)
    pixels = painter.render(frame)
    assert pixels.shape == (480, painter.width, 3) and painter.width > 480
    want, reads, hit = expected_cells(algorithm, n, events, list(frame.cols))
    names = {name for name, _index in painter.panel.boxes}  # type: ignore[union-attr]
    assert names == {name for name, cells in want.items() if cells}
    structures = {s.name: s for s in frame.state.structures}  # type: ignore[union-attr]
    for (name, index), (x0, y0, x1, _y1) in painter.panel.boxes.items():  # type: ignore[union-attr]
        inside = pixels[y0 + 2, x0 + 2]  # a corner inside the cell, clear of its text
        position = list(structures[name].indices or range(1000)).index(index)
        if name in FLAGS:
            assert _close(inside, FILLED) == (want[name][position] == "1"), (name, index)
        above = pixels[y0 - 2, (x0 + x1) // 2]  # the outline, over the cell
        if (name, index) == hit:
            assert _close(pixels[y0 - 3, (x0 + x1) // 2], HIT), (name, index)
        elif name in reads:
            assert _close(above, READ) == (index in reads[name]), (name, index)
    # The row the step works on, outlined (none for a solution).
    event = events[-1]
    row = None if isinstance(event, Solution) else event.row
    assert frame.row == row and painter.board.row_mark.get_visible() == (row is not None)
    if row is not None:
        assert painter.board.row_mark.get_y() == row - 0.5
    # The code under the state, the line that produced the step marked.
    assert frame.state is not None and frame.state.line in dict(listing)
    x0, y0, x1, y1 = painter.panel.code_lines[frame.state.line]  # type: ignore[union-attr]
    assert _close(pixels[(y0 + y1) // 2, x1 - 3], MARKED)


@settings(max_examples=25, deadline=None)
@given(algorithm=st.sampled_from(REJECTING), n=st.integers(4, 7), data=st.data())
def test_the_films_caption_and_red_line_name_the_first_test(
    algorithm: str, n: int, data: st.DataObject
) -> None:
    """At a random rejection, the film's caption says the test the code made first that
    failed, and its red line starts at the queen on that test's line."""
    frames = list(Frames(lambda: ALGORITHMS[algorithm].events(n), n, FrameLimits(600, None, 1)))
    rejected = [f for f in frames if f.reject is not None]
    frame = data.draw(st.sampled_from(rejected))
    reject = frame.reject
    assert reject is not None
    queens = list(frame.cols)
    above = queens if len(queens) == n else queens[: reject.row]
    queen, test = naive_first_test(algorithm, n, above, (reject.row, reject.col))
    assert frame.caption == said(reject, queen, test)
    (start, end), *_rest = frame.reject_path()
    assert start == (queen[1], queen[0]) and end == (reject.col, reject.row)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [200, 480])
def test_the_films_heading_legend_and_state_are_readable(lang: str, size: int) -> None:
    """The title, the legend of the board's marks (and a variant's shadings) and the
    board's column labels each keep their own room, on the smallest film too and in
    Japanese; the state panel's text is 12 px or more, its indices 10 px or more."""
    from matplotlib.text import Text

    from nqueens.i18n import use_language
    from nqueens.render.state_panel import SMALL_PIXELS, TEXT_PIXELS
    from nqueens.variants import Rules
    from nqueens.visual.common import variant_title

    with use_language(lang):
        title = variant_title(6, Rules.of("superqueens", 6))
        painter = FramePainter(6, size, title, legend=["line", "knight"])
        painter.canvas.draw()
        renderer = painter.canvas.get_renderer()
        title = painter.title.get_window_extent(renderer)
        legend = painter.legend.get_window_extent(renderer)
        labels = [
            t.get_window_extent(renderer)
            for t in painter.board.ax.findobj(Text)
            if t.get_text().strip().isdigit() and t.get_visible()
        ]
        top_labels = max(box.y1 for box in labels)  # the column numbers over the board
        assert title.y0 >= legend.y1 - 0.5, (title, legend)  # pixels count up from the bottom
        assert legend.y0 >= top_labels - 0.5, (legend, top_labels)
        assert legend.x0 >= 0 and legend.x1 <= size and title.y1 <= size
        texts = [t.get_text() for t in painter.legend.get_texts()]
        assert len(texts) == 6  # dot, cross, ring, frame; line, knight
    events = list(ALGORITHMS["flags"].events(6, state=True))[:40]
    frames = Frames(lambda: events, 6, FrameLimits(max_frames=None, hold=1), stateful=True)
    *_, frame = iter(frames)
    panel = FramePainter(6, size, "t", panel=True, code=ALGORITHMS["flags"].source())
    panel.render(frame)
    assert panel.panel is not None and panel.panel.unit >= TEXT_PIXELS
    boxes = panel.panel.boxes.values()
    assert boxes and min(y1 - y0 for _x0, y0, _x1, y1 in boxes) >= TEXT_PIXELS
    assert SMALL_PIXELS >= 10


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [400, 480])
def test_a_long_caption_takes_two_readable_lines(lang: str, size: int) -> None:
    """A rejection's caption, longer than the board is wide, was shrunk on one line down
    to 9 px with room under the board for two lines of 12. It now keeps one line only
    down to 12 px, then takes two, as large as they fit the width, between the board and
    the counters under it."""
    from PIL import Image, ImageDraw

    from nqueens.i18n import use_language
    from nqueens.render.animation import READABLE_PIXELS

    events = list(ALGORITHMS["backtracking"].events(6, state=True))[:20]
    with use_language(lang):
        frames = Frames(lambda: events, 6, FrameLimits(max_frames=None, hold=1), stateful=True)
        *_, frame = iter(frames)
        painter = FramePainter(6, size, "t", panel=True, code=ALGORITHMS["backtracking"].source())
        pen = ImageDraw.Draw(Image.new("RGB", (painter.width, size)))
        font, lines = painter._fitting(pen, frame.caption)
        counters, _one = painter._fitting(pen, frame.counters(), split=False)
    assert len(lines) == 2 and "".join(lines).replace(" ", "") == frame.caption.replace(" ", "")
    assert font.size >= READABLE_PIXELS
    assert all(pen.textlength(line, font) <= 0.97 * size for line in lines)
    spacing = font.size * 1.15  # as render draws them
    first = 0.915 * size - spacing / 2
    top = pen.textbbox((size / 2, first), lines[0], font, "mm")[1]
    bottom = pen.textbbox((size / 2, first + spacing), lines[1], font, "mm")[3]
    below = pen.textbbox((size / 2, 0.965 * size), frame.counters(), counters, "mm")[1]
    assert top >= 0.86 * size  # under the board (its axes end 14% above the bottom)
    assert bottom <= below + 1, (bottom, below)
