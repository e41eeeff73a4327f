"""The state panel of the film, in its pixels: set cells filled and the cells the step
reads outlined, as worked out from the queens on the board (tests/naive.py). The Tk
window's panel is tested in test_gui.py, under its Xvfb."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.colors import to_rgb

from nqueens.render.animation import FramePainter
from nqueens.render.colours import STATE_FILLED, STATE_READ
from nqueens.render.frames import FrameLimits, Frames
from nqueens.search import ALGORITHMS
from nqueens.search.events import Event, Reject, Solution
from tests.naive import naive_state
from tests.test_search_state import FLAGS, square

FILLED = np.array(to_rgb(STATE_FILLED)) * 255
READ = np.array(to_rgb(STATE_READ)) * 255


def _close(pixel: np.ndarray, colour: np.ndarray) -> bool:
    return bool(np.abs(pixel[:3].astype(int) - colour).max() < 40)


def expected_cells(algorithm: str, n: int, events: list[Event], queens: list[int]):  # type: ignore[no-untyped-def]
    """What the panel must show after the last of `events`: each structure's cells, and for
    the flags the cells the square reads."""
    event = events[-1]
    checks = sum(isinstance(e, Reject | Solution) for e in events)
    want = naive_state(algorithm, n, queens, type(event).__name__, square(event, n), checks)
    reads: dict[str, set[int]] = {}
    if algorithm.startswith("flags") and not isinstance(event, Solution):
        a, b = event.row, event.col
        reads = {"col": {b}, "up": {a + b}, "down": {a - b + n - 1}}
    return want, reads


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
    painter = FramePainter(n, 480, "test", panel=True)
    pixels = painter.render(frame)
    assert pixels.shape == (480, painter.width, 3) and painter.width > 480
    want, reads = expected_cells(algorithm, n, events, list(frame.cols))
    names = {name for name, _index in painter.panel.boxes}  # type: ignore[union-attr]
    assert names == {name for name, cells in want.items() if cells}
    for (name, index), (x0, y0, x1, _y1) in painter.panel.boxes.items():  # type: ignore[union-attr]
        inside = pixels[y0 + 2, x0 + 2]  # a corner inside the cell, clear of its text
        if name in FLAGS:
            assert _close(inside, FILLED) == (want[name][index] == "1"), (name, index)
        if name in reads:
            above = pixels[y0 - 2, (x0 + x1) // 2]  # the outline, over the cell
            assert _close(above, READ) == (index in reads[name]), (name, index)
