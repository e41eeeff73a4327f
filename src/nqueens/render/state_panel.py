"""The algorithm's state as a panel of cells, drawn with Pillow beside a film's board.

Each structure is a row: its name, its cells as boxes (set cells filled, cells the step
reads outlined in blue, the index under each), and its note below. The panel draws what
the event carries and nothing else.
"""

from __future__ import annotations

import functools

from PIL import ImageDraw, ImageFont

from nqueens.render.colours import QUEEN, STATE_CELL, STATE_FILLED, STATE_READ
from nqueens.search.state import State

__all__ = ["HEADING", "StatePanel", "depth_text"]

HEADING = "The algorithm's state"


def depth_text(depth: int) -> str:
    return f"recursion depth {depth}"


@functools.cache
def _font(path: str, pixels: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, pixels)


class StatePanel:
    """Draws a `State` into the box (left, top, width, height) of a picture.

    `boxes` holds, after each drawing, where each cell went: (name, index) -> (x0, y0,
    x1, y1), so that a test can look at the pixels of any cell.
    """

    def __init__(self, box: tuple[int, int, int, int], font_file: str, mono_file: str) -> None:
        self.left, self.top, self.width, self.height = box
        self.font_file, self.mono_file = font_file, mono_file
        self.boxes: dict[tuple[str, int], tuple[int, int, int, int]] = {}

    def draw(self, pen: ImageDraw.ImageDraw, state: State | None) -> None:
        self.boxes = {}
        unit = max(8, self.width // 24)  # the text size, in pixels
        pen.text((self.left, self.top), HEADING, QUEEN, _font(self.font_file, unit + 2))
        if state is None:
            return
        y = self.top + round(unit * 2.2)
        mono = _font(self.mono_file, unit)
        name_width = unit + max(round(pen.textlength(s.name, mono)) for s in state.structures)
        small = _font(self.mono_file, max(6, unit * 2 // 3))
        right = self.left + self.width
        for s in state.structures:
            pen.text((self.left, y), s.name, QUEEN, mono)
            widths = [max(unit, round(pen.textlength(c, mono)) + unit // 2) for c in s.cells]
            room = right - self.left - name_width
            scale = min(1.0, room / max(1, sum(widths) + 2 * len(widths)))
            x = self.left + name_width
            height = unit + unit // 2
            for index, (cell, w) in enumerate(zip(s.cells, widths, strict=True)):
                w = max(4, int(w * scale))
                box = (x, y, x + w, y + height)
                filled = index in s.filled
                pen.rectangle(box, fill=STATE_FILLED if filled else "white", outline=STATE_CELL)
                if index in s.read:
                    pen.rectangle(
                        (x - 2, y - 2, x + w + 2, y + height + 2), outline=STATE_READ, width=2
                    )
                font = mono if scale >= 0.99 else _font(self.mono_file, max(6, int(unit * scale)))
                colour = "white" if filled else QUEEN
                pen.text((x + w / 2, y + height / 2), cell, colour, font, "mm")
                pen.text((x + w / 2, y + height + 2), str(index), "#888888", small, "mt")
                self.boxes[s.name, index] = box
                x += w + 3
            y += height + unit
            if s.note:
                room = right - self.left - name_width
                pen.text(
                    (self.left + name_width, y),
                    s.note,
                    STATE_READ,
                    self._fit(pen, s.note, unit, room),
                )
                y += unit + unit // 2
            y += unit // 3
        pen.text((self.left, y), depth_text(state.depth), "#444444", _font(self.font_file, unit))

    def _fit(
        self, pen: ImageDraw.ImageDraw, text: str, pixels: int, room: int
    ) -> ImageFont.FreeTypeFont:
        """The monospace font at `pixels`, or smaller until `text` fits in `room`."""
        while pixels > 6 and pen.textlength(text, _font(self.mono_file, pixels)) > room:
            pixels -= 1
        return _font(self.mono_file, pixels)
