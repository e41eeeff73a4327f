"""The algorithm's state as a panel of cells, drawn with Pillow beside a film's board.

Each structure is a row: its name, its cells as boxes (set cells filled, cells the step
reads outlined in blue, the index under each), and its note below. The panel draws what
the event carries and nothing else.
"""

from __future__ import annotations

import functools

from PIL import ImageDraw, ImageFont

from nqueens.render.colours import QUEEN, STATE_CELL, STATE_FILLED, STATE_READ
from nqueens.search.state import State, Structure

__all__ = ["HEADING", "StatePanel", "depth_text"]

HEADING = "The algorithm's state"


def depth_text(depth: int) -> str:
    return f"recursion depth {depth}"


@functools.cache
def _font(path: str, pixels: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, pixels)


class StatePanel:
    """Draws a `State` into the box (left, top, width, height) of a picture; a row of
    cells too long for the width goes on over more lines.

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
        # The largest text that fits the panel's height (a long stack wraps over lines).
        while unit > 8 and self._rows(pen, state, unit, None) > self.top + self.height:
            unit -= 1
        self._rows(pen, state, unit, pen)

    def _rows(
        self, measure: ImageDraw.ImageDraw, state: State, unit: int, pen: ImageDraw.ImageDraw | None
    ) -> int:
        """Lay the structures out at text size `unit`, drawing them with `pen` (None: only
        measure); returns the bottom of the drawing."""
        y = self.top + round(unit * 2.2)
        mono = _font(self.mono_file, unit)
        name_width = unit + max(round(measure.textlength(s.name, mono)) for s in state.structures)
        small = _font(self.mono_file, max(6, unit * 2 // 3))
        right = self.left + self.width
        height = unit + unit // 2
        for s in state.structures:
            if pen:
                pen.text((self.left, y), s.name, QUEEN, mono)
            x = self.left + name_width
            for index, cell in enumerate(s.cells):
                w = round(measure.textlength(cell, mono)) + unit // 2
                if x + w > right and x > self.left + name_width:  # wrap to the next line
                    x, y = self.left + name_width, y + height + unit
                if pen:
                    self._cell(pen, (x, y, x + w, y + height), cell, index, s, mono, small)
                x += w + 4
            y += height + unit
            if s.note:
                if pen:
                    note = self._fit(pen, s.note, unit, right - self.left - name_width)
                    pen.text((self.left + name_width, y), s.note, STATE_READ, note)
                y += unit + unit // 2
            y += unit // 3
        if pen:
            font = _font(self.font_file, unit)
            pen.text((self.left, y), depth_text(state.depth), "#444444", font)
        return y + unit + unit // 2

    def _cell(
        self,
        pen: ImageDraw.ImageDraw,
        box: tuple[int, int, int, int],
        text: str,
        index: int,
        structure: Structure,
        font: ImageFont.FreeTypeFont,
        small: ImageFont.FreeTypeFont,
    ) -> None:
        x0, y0, x1, y1 = box
        filled = index in structure.filled
        pen.rectangle(box, fill=STATE_FILLED if filled else "white", outline=STATE_CELL)
        if index in structure.read:
            pen.rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), outline=STATE_READ, width=2)
        middle = (x0 + x1) / 2
        pen.text((middle, (y0 + y1) / 2), text, "white" if filled else QUEEN, font, "mm")
        pen.text((middle, y1 + 2), str(index), "#888888", small, "mt")
        self.boxes[structure.name, index] = box

    def _fit(
        self, pen: ImageDraw.ImageDraw, text: str, pixels: int, room: int
    ) -> ImageFont.FreeTypeFont:
        """The monospace font at `pixels`, or smaller until `text` fits in `room`."""
        while pixels > 6 and pen.textlength(text, _font(self.mono_file, pixels)) > room:
            pixels -= 1
        return _font(self.mono_file, pixels)
