"""The algorithm's state and its code as a panel, drawn with Pillow beside a film's board.

Each structure is a row: its name, its cells as boxes (set cells filled, cells the step
reads outlined in blue, the cell whose test failed outlined in red, each cell's index
under it), and its note below; the legend says how to read them. Under the state, the
code that ran (the algorithm's listing), the line that produced the step marked. The
panel draws what the event carries and nothing else.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import ImageDraw, ImageFont

from nqueens.i18n import N_, _
from nqueens.render.colours import (
    LABEL,
    PAGE_THEMES,
    PICTURE_TEXT,
    QUEEN,
    REJECT,
    STATE_CELL,
    STATE_FILLED,
    STATE_READ,
)
from nqueens.search.state import State, Structure

__all__ = ["CODE_HEADING", "CURRENT_LINE", "HEADING", "StatePanel", "depth_text"]

HEADING = N_("The algorithm's state")
CODE_HEADING = N_("The code that ran")
"""Marked for the catalog: said with `_(HEADING)`."""
CURRENT_LINE = PAGE_THEMES["light"]["code-line"]  # the marked line of code, as the player marks it
TEXT_PIXELS = 12  # the least size of the state's text: readable from the back of a room
SMALL_PIXELS = 10  # of a cell's index under it
CODE_PIXELS = 11  # of the code (its lines wrap rather than shrink below)
CODE_LINES = 6  # the code keeps room for this many lines round the marked one


def depth_text(depth: int) -> str:
    return _("recursion depth {depth}").format(depth=depth)


@functools.cache
def _font(path: str, pixels: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, pixels)


class StatePanel:
    """Draws a `State` into the box (left, top, width, height) of a picture; a row of
    cells too long for the width goes on over more lines. With `code` (the listing:
    line number and text per line), the code goes under the state, the step's line
    marked, in the room the state leaves (around the marked line when it is short).

    `boxes` holds, after each drawing, where each cell went: (name, index) -> (x0, y0,
    x1, y1), and `code_lines` where each line of code went: line number -> (x0, y0, x1,
    y1), so that a test can look at the pixels of any of them.
    """

    def __init__(
        self,
        box: tuple[int, int, int, int],
        font_file: str,
        mono_file: str,
        code: Sequence[tuple[int, str]] | None = None,
    ) -> None:
        self.left, self.top, self.width, self.height = box
        self.font_file, self.mono_file = font_file, mono_file
        self.code = list(code) if code else []
        self.boxes: dict[tuple[str, int], tuple[int, int, int, int]] = {}
        self.code_lines: dict[int, tuple[int, int, int, int]] = {}
        self.unit = TEXT_PIXELS  # the state's text size in the last drawing

    def draw(self, pen: ImageDraw.ImageDraw, state: State | None) -> None:
        self.boxes = {}
        self.code_lines = {}
        unit = max(TEXT_PIXELS, self.width // 26)  # the text size, in pixels
        pen.text((self.left, self.top), _(HEADING), QUEEN, _font(self.font_file, unit + 2))
        if state is None:
            return
        # The state takes what it needs, down to TEXT_PIXELS, leaving the code the room
        # for a few lines round the marked one (the whole height with no code).
        code_room = round((CODE_PIXELS + 3) * (CODE_LINES + 2)) if self.code else 0
        bottom = self.top + self.height - code_room
        while unit > TEXT_PIXELS and self._rows(pen, state, unit, None) > bottom:
            unit -= 1
        self.unit = unit
        end = self._rows(pen, state, unit, pen)
        if self.code:
            self._listing(pen, state.line, end + unit // 2, max(unit, CODE_PIXELS))

    def _rows(
        self, measure: ImageDraw.ImageDraw, state: State, unit: int, pen: ImageDraw.ImageDraw | None
    ) -> int:
        """Lay the structures out at text size `unit`, drawing them with `pen` (None: only
        measure); returns the bottom of the drawing."""
        y = self.top + round(unit * 2.0)
        font = _font(self.font_file, unit)
        right = self.left + self.width
        if state.legend:
            for line in _wrapped(measure, state.legend, font, self.width):
                if pen:
                    pen.text((self.left, y), line, PICTURE_TEXT, font)
                y += unit + 2
            y += unit // 3
        mono = _font(self.mono_file, unit)
        name_width = unit + max(round(measure.textlength(s.name, mono)) for s in state.structures)
        small = _font(self.mono_file, max(SMALL_PIXELS, unit * 3 // 4))
        height = unit + unit // 2
        for s in state.structures:
            if pen:
                pen.text((self.left, y), s.name, QUEEN, mono)
            x = self.left + name_width
            for position, cell in enumerate(s.cells):
                w = round(measure.textlength(cell, mono)) + unit // 2
                if x + w > right and x > self.left + name_width:  # wrap to the next line
                    x, y = self.left + name_width, y + height + unit
                if pen:
                    box = (x, y, x + w, y + height)
                    self._cell(pen, box, cell, s.index(position), s, mono, small)
                x += w + 4
            y += height + unit
            if s.note:
                if pen:
                    note = self._fit(pen, s.note, unit, right - self.left - name_width)
                    pen.text((self.left + name_width, y), s.note, STATE_READ, note)
                y += unit + unit // 2
            y += unit // 3
        if pen:
            pen.text((self.left, y), depth_text(state.depth), PICTURE_TEXT, font)
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
        if index in structure.hit:
            pen.rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), outline=REJECT, width=3)
        elif index in structure.read:
            pen.rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), outline=STATE_READ, width=2)
        middle = (x0 + x1) / 2
        pen.text((middle, (y0 + y1) / 2), text, "white" if filled else QUEEN, font, "mm")
        pen.text((middle, y1 + 3), str(index), LABEL, small, "mt")
        self.boxes[structure.name, index] = box

    def _listing(self, pen: ImageDraw.ImageDraw, current: int, top: int, unit: int) -> None:
        """The code under the state: the largest text that fits the width (lines longer
        than that wrap), the lines around the marked one when they do not all fit."""
        pen.text((self.left, top), _(CODE_HEADING), QUEEN, _font(self.font_file, unit + 1))
        top += round(unit * 1.8)
        numbers = max(len(str(number)) for number, _text in self.code) + 1
        room = self.width - 4
        pixels = unit
        while pixels > CODE_PIXELS:
            mono = _font(self.mono_file, pixels)
            widest = max(pen.textlength(" " * numbers + text, mono) for _n, text in self.code)
            if widest <= room * 1.3:  # a few long lines may wrap
                break
            pixels -= 1
        mono = _font(self.mono_file, pixels)
        step = pixels + 3
        indent = round(pen.textlength(" " * numbers, mono))
        rows = [
            (number, part, first)
            for number, text in self.code
            for first, part in enumerate(_wrapped(pen, text, mono, room - indent) or [""])
        ]
        fit = max(1, (self.top + self.height - top) // step)
        marked = next((i for i, row in enumerate(rows) if row[0] == current and row[2] == 0), 0)
        start = min(max(0, marked - fit // 2), max(0, len(rows) - fit))
        y = top
        for number, part, continued in rows[start : start + fit]:
            x1 = self.left + self.width
            if number == current:
                pen.rectangle((self.left, y - 1, x1, y + step - 2), fill=CURRENT_LINE)
                box = self.code_lines.get(number)
                self.code_lines[number] = (self.left, box[1] if box else y - 1, x1, y + step - 2)
            if not continued:
                pen.text((self.left, y), str(number), LABEL, mono)
            pen.text((self.left + indent, y), part, QUEEN, mono)
            y += step

    def _fit(
        self, pen: ImageDraw.ImageDraw, text: str, pixels: int, room: int
    ) -> ImageFont.FreeTypeFont:
        """The monospace font at `pixels`, or smaller until `text` fits in `room` (down to
        SMALL_PIXELS)."""
        while pixels > SMALL_PIXELS and pen.textlength(text, _font(self.mono_file, pixels)) > room:
            pixels -= 1
        return _font(self.mono_file, pixels)


def _wrapped(
    pen: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, room: float
) -> list[str]:
    """`text` in lines no wider than `room`: broken at spaces (each character of a
    language written without them may end a line), a code line's indent kept."""
    if not text or pen.textlength(text, font) <= room:
        return [text] if text else []
    indent = text[: len(text) - len(text.lstrip())]
    lines: list[str] = []
    line = ""
    for piece in _pieces(text.strip()):
        candidate = (line or indent) + piece
        if line and pen.textlength(candidate.rstrip(), font) > room:
            lines.append(line.rstrip())
            line = indent + "  " + piece.lstrip()
        else:
            line = candidate
    return [*lines, line.rstrip()]


def _pieces(text: str) -> list[str]:
    """Where a line may break: after each space, or between two characters of Japanese."""
    pieces: list[str] = []
    for char in text:
        wide = ord(char) >= 0x2E80
        if not pieces or wide or pieces[-1].endswith(" ") or ord(pieces[-1][-1]) >= 0x2E80:
            pieces.append(char)
        else:
            pieces[-1] += char
    return pieces
