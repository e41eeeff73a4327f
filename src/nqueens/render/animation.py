"""The search as a film: GIF (Pillow), MP4 (ffmpeg) or an HTML page that plays it.

Frames are drawn one at a time from the lazy `Frames` stream and handed straight to the
writer: the GIF and MP4 writers stream them to the file, so memory stays flat however
long the search. The HTML page is the GIF inlined in an <img>, so it plays in any browser
or notebook with no script and no other file.
"""

from __future__ import annotations

import base64
import functools
import html
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np
from matplotlib import font_manager
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.legend import Legend
from numpy.typing import NDArray
from PIL import GifImagePlugin, Image, ImageDraw, ImageFont

from nqueens.errors import BackendUnavailableError
from nqueens.files import output_path
from nqueens.i18n import _, current_language
from nqueens.messages import one_based_note
from nqueens.render.colours import (
    ATTACK_COLOURS,
    ATTACK_LEGEND,
    ATTACK_MARK,
    CURRENT_ROW,
    MARK_LEGEND,
    PICTURE_TEXT,
    REJECT,
    SOLUTION_TEXT,
    attack_legend,
)
from nqueens.render.fonts import check_glyphs, text_font_file, text_fonts
from nqueens.render.formats import animation_output
from nqueens.render.frames import Frame, Frames
from nqueens.render.image import BoardPainter
from nqueens.render.state_panel import StatePanel
from nqueens.search.events import Reject
from nqueens.search.state import State, Structure

if TYPE_CHECKING:
    from matplotlib.artist import Artist

__all__ = ["FramePainter", "GifSink", "Mp4Sink", "write"]

CLEAR = 255  # the GIF palette index kept for "unchanged" (the palette has 255 colours)
DPI = 100
READABLE_PIXELS = 12  # a caption's least size on one line; smaller, it takes two
PANEL = 0.85  # the state panel's width, as a share of the board's picture
CODE_PANEL = 1.15  # the same with the code under the state


def legend_columns(items: int) -> int:
    """The legend's items in a row, under the title: two, so that each item's words keep
    the legend's size on the smallest film."""
    return min(2, items)


MONO = "DejaVu Sans Mono"


class FrameSink(Protocol):
    """Where drawn frames go, one RGB array at a time."""

    def add(self, rgb: NDArray[np.uint8]) -> None: ...

    def close(self) -> None: ...


class GifSink:
    """An animated GIF written frame by frame, holding only the previous frame.

    Pillow's own GIF writer (and matplotlib's PillowWriter on top of it) keeps every
    frame until the end. This one fixes the palette from a sample picture showing every
    colour the frames use, then appends each frame as the rectangle that changed.
    """

    def __init__(self, path: str | Path, fps: float, palette_sample: Image.Image) -> None:
        self._palette = palette_sample.convert("RGB").quantize(
            colors=255, method=Image.Quantize.MEDIANCUT
        )
        self._fps = fps
        self._frames = 0  # written so far: each frame's delay keeps the film's clock
        self._previous: NDArray[np.uint8] | None = None
        self._file = open(path, "wb")  # noqa: SIM115  (closed in close)

    def add(self, rgb: NDArray[np.uint8]) -> None:
        indexed = Image.fromarray(rgb).quantize(palette=self._palette, dither=Image.Dither.NONE)
        pixels = np.asarray(indexed)
        if self._previous is None:
            header, _ = GifImagePlugin.getheader(indexed, info={"loop": 0, "optimize": False})
            self._file.write(b"".join(header))
            part, offset = indexed, (0, 0)
        else:
            part, offset = self._changes(pixels)
        data = GifImagePlugin.getdata(
            part, offset=offset, duration=self._delay(), disposal=1, transparency=CLEAR
        )
        self._file.write(b"".join(data))
        self._previous = pixels

    def _delay(self) -> int:
        """The next frame's delay in ms, a whole number of the GIF's hundredths of a
        second, chosen so that frame k ends at k / fps to the hundredth: 8 fps alternates
        120 and 130 ms, where 125 ms was stored as 120 and the film ran 4% fast."""
        self._frames += 1
        ends = round(100 * self._frames / self._fps)
        began = round(100 * (self._frames - 1) / self._fps)
        return 10 * (ends - began)

    def _changes(self, pixels: NDArray[np.uint8]) -> tuple[Image.Image, tuple[int, int]]:
        """The rectangle that changed, with unchanged pixels transparent (they compress)."""
        assert self._previous is not None
        changed = pixels != self._previous
        rows, cols = np.nonzero(changed.any(axis=1))[0], np.nonzero(changed.any(axis=0))[0]
        if not len(rows):  # an unchanged frame: one clear pixel, so it still counts
            return Image.fromarray(np.full((1, 1), CLEAR, np.uint8), "P"), (0, 0)
        top, bottom, left, right = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
        window = np.where(changed[top:bottom, left:right], pixels[top:bottom, left:right], CLEAR)
        part = Image.fromarray(window.astype(np.uint8), "P")
        part.putpalette(self._palette.getpalette() or [])
        return part, (int(left), int(top))

    def close(self) -> None:
        if not self._file.closed:
            self._file.write(b";")  # the GIF trailer
            self._file.close()


class Mp4Sink:
    """An H.264 MP4 made by an ffmpeg process that reads the raw frames from a pipe."""

    def __init__(self, path: str | Path, fps: float, width: int, height: int) -> None:
        ffmpeg = shutil.which("ffmpeg")
        if ffmpeg is None:
            raise BackendUnavailableError(
                "MP4 needs ffmpeg, which is not installed (not found on PATH): install it "
                "(e.g. `apt install ffmpeg`) or write a .gif or .html instead"
            )
        raw_frames = ["-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{width}x{height}"]
        h264 = ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p"]
        command = [ffmpeg, "-y", "-loglevel", "error", *raw_frames, "-framerate", str(fps)]
        command += ["-i", "-", *h264, str(path)]
        self._closed = False
        self._process = subprocess.Popen(command, stdin=subprocess.PIPE, stderr=subprocess.PIPE)

    def add(self, rgb: NDArray[np.uint8]) -> None:
        assert self._process.stdin is not None
        try:
            self._process.stdin.write(np.ascontiguousarray(rgb).tobytes())
        except BrokenPipeError:  # ffmpeg stopped: close() raises with its own message
            self.close()
            raise BackendUnavailableError("ffmpeg stopped reading frames") from None

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        _, errors = self._process.communicate()
        if self._process.returncode:
            message = errors.decode(errors="replace").strip().splitlines()
            raise BackendUnavailableError(f"ffmpeg failed: {message[-1] if message else '?'}")


class HtmlSink:
    """A page that plays the animation in any browser or notebook: the GIF, inlined."""

    def __init__(self, path: str | Path, fps: float, palette_sample: Image.Image, title: str):
        self._path, self._title = Path(path), title
        self._folder = tempfile.TemporaryDirectory()
        self._gif_path = Path(self._folder.name) / "animation.gif"
        self._gif = GifSink(self._gif_path, fps, palette_sample)

    def add(self, rgb: NDArray[np.uint8]) -> None:
        self._gif.add(rgb)

    def close(self) -> None:
        self._gif.close()
        try:
            self._path.write_text(html_page(self._gif_path.read_bytes(), self._title))
        finally:
            self._folder.cleanup()


def html_img(gif: bytes, title: str) -> str:
    """An <img> element holding the GIF itself, so it needs no other file."""
    data = base64.b64encode(gif).decode("ascii")
    return f'<img src="data:image/gif;base64,{data}" alt="{html.escape(title)}">'


def html_page(gif: bytes, title: str) -> str:
    """The film as a page of its own, in the language it was made in."""
    return (
        f'<!DOCTYPE html>\n<html lang="{current_language()}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title></head>\n"
        '<body style="margin:2em;font-family:sans-serif;text-align:center">\n'
        f"{html_img(gif, title)}\n</body></html>\n"
    )


@functools.cache
def _font(path: str, pixels: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, pixels)


class FramePainter:
    """A figure of `size` x `size` pixels: a title, the board, the step and the counters;
    with `panel`, `PANEL` times as wide again, the algorithm's state beside the board;
    with `code` as well (the algorithm's listing), `CODE_PANEL` times, the code under it.

    Drawn by blitting: the board's frame, labels and title are drawn once; each frame
    redraws only the squares, the queens, the marks, the two lines of text and the panel.
    """

    def __init__(
        self,
        n: int,
        size: int,
        title: str,
        base: int = 0,
        legend: Sequence[str] = (),
        panel: bool = False,
        code: Sequence[tuple[int, str]] | None = None,
    ) -> None:
        self.size = size
        share = (CODE_PANEL if code else PANEL) if panel else 0
        self.width = size + round(size * share)
        self.figure = Figure(figsize=(self.width / DPI, size / DPI), dpi=DPI)
        self.canvas = FigureCanvasAgg(self.figure)
        self.figure.patch.set_facecolor("white")
        text = max(7.0, min(12.0, size / 48))
        # Top down, in pixels: the title, the legend under it, the column labels, the
        # board; a line of text takes 1.4 times its size (Japanese glyphs run taller).
        line = text * DPI / 72 * 1.4
        title_top = 0.02 * size
        below = title_top + line * (text + 1) / text
        legend_top = below + 2
        items = len(legend) + len(MARK_LEGEND)
        rows = -(-items // legend_columns(items))
        note_top = legend_top + line * 1.15 * rows
        notes = 2 if base else 0  # what --one-based numbers, in two lines
        board_top = note_top + line * notes + line + 2  # the column labels above
        margin = 0.09
        height = 1 - 0.14 - board_top / size
        across = size / self.width  # the board keeps the left `size` pixels
        board = self.figure.add_axes((margin * across, 0.14, (1 - margin - 0.04) * across, height))
        self.board = BoardPainter(board, n, base=base)
        self.title = self.figure.text(
            0.5, 1 - title_top / size, title, ha="center", va="top", fontsize=text + 1,
            fontfamily=text_fonts(),
        )  # fmt: skip
        self.legend = _legend(self.figure, legend, text, 1 - legend_top / size, across)
        if base:
            self.figure.text(
                0.5 * across, 1 - note_top / size, one_based_note(), ha="center", va="top",
                fontsize=text - 1, fontfamily=text_fonts(), wrap=True, color=PICTURE_TEXT,
            )  # fmt: skip
        renderer = self.canvas.get_renderer()
        fontsize = text
        while fontsize > 5 and self.legend.get_window_extent(renderer).width > 0.98 * size:
            self.legend.remove()  # a small film: the legend's words smaller, to fit
            fontsize -= 0.5
            self.legend = _legend(self.figure, legend, fontsize, 1 - legend_top / size, across)
        self._moving = self.board.moving_parts()
        for artist in self._moving:
            artist.set_animated(True)
        self.canvas.draw()
        self._background = self.canvas.copy_from_bbox(self.figure.bbox)
        # The two lines of text change every frame; Pillow draws them ten times faster
        # than matplotlib, in the same font (DejaVu Sans, or in Japanese render/fonts.py's).
        self._font_file = text_font_file()
        self._font_pixels = round(text * DPI / 72)
        self.panel: StatePanel | None = None
        if panel:
            mono = font_manager.findfont(MONO)
            top = round(size * 0.1)
            box = (size + size // 40, top, self.width - size - size // 20, size - top - size // 40)
            self.panel = StatePanel(box, self._font_file, mono, code)

    def render(self, frame: Frame) -> NDArray[np.uint8]:
        """The frame as a size x size x 3 array of pixels."""
        self.board.draw_frame(frame)
        self.canvas.restore_region(self._background)
        for artist in self._moving:
            self.figure.draw_artist(artist)
        picture = Image.fromarray(np.asarray(self.canvas.buffer_rgba())[..., :3])
        pen = ImageDraw.Draw(picture)
        centre = self.size / 2
        caption_colour = SOLUTION_TEXT if frame.solution else "black"
        counters = frame.counters()
        check_glyphs(self._font_file, frame.caption + counters)
        font, lines = self._fitting(pen, frame.caption)
        spacing = font.size * 1.15
        first = 0.915 * self.size - spacing * (len(lines) - 1) / 2
        for index, line in enumerate(lines):
            pen.text((centre, first + index * spacing), line, caption_colour, font, "mm")
        font, _lines = self._fitting(pen, counters, split=False)
        pen.text((centre, 0.965 * self.size), counters, PICTURE_TEXT, font, "mm")
        if self.panel is not None:
            self.panel.draw(pen, frame.state)
        return np.asarray(picture)

    def _fitting(
        self, pen: ImageDraw.ImageDraw, text: str, *, split: bool = True
    ) -> tuple[ImageFont.FreeTypeFont, list[str]]:
        """The default font, or a smaller one down to `READABLE_PIXELS`, on one line; else
        (with `split`) the line in two, broken at the space nearest its middle, as large
        as they fit: two lines of 12 px read better than one of 9, and there is room
        under the board for two. Without `split`, one line however small."""
        room = 0.97 * self.size

        def largest(lines: list[str], least: int) -> ImageFont.FreeTypeFont | None:
            for pixels in range(self._font_pixels, least - 1, -1):
                font = _font(self._font_file, pixels)
                if all(pen.textlength(line, font) <= room for line in lines):
                    return font
            return None

        font = largest([text], READABLE_PIXELS if split else 7)
        if font is not None or not split:
            return font or _font(self._font_file, 6), [text]
        halves = _halves(text)
        return largest(halves, 7) or _font(self._font_file, 6), halves

    def palette_sample(self) -> Image.Image:
        """Pictures with every colour the frames use: shading, a rejection, a solution."""
        n = self.board.n
        cols = tuple(range(0, n, 2))[: max(1, n // 2)]
        attacked = frozenset((r, c) for r in range(len(cols), n) for c in range(n))
        reject = Reject(n - 1, 0, (0, cols[0]))
        samples = [
            Frame(n, cols, attacked, reject, False, 0, 0, 0, 0, "x 0", {}, "wrap"),
            Frame(n, tuple(range(n)), frozenset(), None, True, 0, 0, 0, 0, "found 0"),
        ]
        for kind in ("wrap", "knight"):  # a variant's shadings
            kinds = dict.fromkeys(attacked, kind)
            samples.append(Frame(n, cols, attacked, None, False, 0, 0, 0, 0, "x 0", kinds))
        if self.panel is not None:  # the panel's cells: set, clear, read, hit; the code
            cells = Structure("x", ("1", "0", "1"), (0, 1), (0, 2), "x[0]", (2,))
            line = self.panel.code[0][0] if self.panel.code else 1
            state = State((cells,), line, 1, "x")
            samples.append(Frame(n, cols, attacked, None, False, 0, 0, 0, 0, "x", state=state))
        return Image.fromarray(np.concatenate([self.render(sample) for sample in samples]))


def _halves(text: str) -> list[str]:
    """`text` in two lines, broken at the space (or, in Japanese, after the comma or the
    opening bracket) nearest its middle."""
    opening = "\uff08"  # the full-width bracket: the break goes before it
    breaks = [i + (char != opening) for i, char in enumerate(text) if char in " \u3001" + opening]
    at = min(breaks or [len(text) // 2], key=lambda i: abs(i - len(text) / 2))
    return [text[:at].rstrip(), text[at:].lstrip()]


def _legend(
    figure: Figure, kinds: Sequence[str], fontsize: float, top: float, across: float
) -> Legend:
    """The board's marks (`MARK_LEGEND`) drawn as the board draws them, and a swatch for
    each kind of shading of a variant's board, in rows under the title (its top at
    `top`, a share of the height), centred over the board (`across` of the width)."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    def mark(marker: str, colour: str, face: str, words: str) -> Line2D:
        return Line2D(
            [], [], linestyle="none", marker=marker, markersize=fontsize * 0.9,
            markeredgecolor=colour, markerfacecolor=face, markeredgewidth=1.6, label=_(words),
        )  # fmt: skip

    handles: list[Artist] = [
        mark("o", ATTACK_MARK, ATTACK_MARK, MARK_LEGEND["dot"]),
        mark("x", REJECT, REJECT, MARK_LEGEND["cross"]),
        mark("o", REJECT, "none", MARK_LEGEND["ring"]),
        mark("s", CURRENT_ROW, "none", MARK_LEGEND["frame"]),
    ]
    handles += [
        Patch(facecolor=ATTACK_COLOURS[kind][0], edgecolor="#888888", label=_(ATTACK_LEGEND[kind]))
        for kind in kinds
    ]
    return figure.legend(
        handles=handles,
        loc="upper center",
        bbox_to_anchor=(0.5 * across, top),
        borderaxespad=0,
        borderpad=0,
        ncols=legend_columns(len(handles)),
        prop={"family": text_fonts(), "size": fontsize},
        frameon=False,
        handlelength=1.2,
        handletextpad=0.4,
        columnspacing=1.0,
        labelspacing=0.3,
    )


def _sink(fmt: str, path: str | Path, fps: float, painter: FramePainter, title: str) -> FrameSink:
    if fmt == "mp4":
        return Mp4Sink(path, fps, painter.width, painter.size)
    if fmt == "html":
        return HtmlSink(path, fps, painter.palette_sample(), title)
    return GifSink(path, fps, painter.palette_sample())


def write(
    frames: Frames,
    path: str | Path,
    *,
    fps: float,
    size: int,
    title: str,
    base: int = 0,
    on_frame: Callable[[int], None] | None = None,
    code: Sequence[tuple[int, str]] | None = None,
) -> int:
    """Draw `frames` into `path` (format from its extension); returns the number of frames.
    `code` is the algorithm's listing, drawn under its state when the frames carry one."""
    fmt = animation_output(path)  # a bad name or place fails before anything is drawn
    rules = frames.rules
    legend = attack_legend(rules.wrap, rules.knight) if rules is not None else []
    panel = frames.stateful
    painter = FramePainter(frames.n, size, title, base, legend, panel=panel, code=code)
    written = 0
    with output_path(path, suffix=f".{fmt}") as part:
        sink = _sink(fmt, part, fps, painter, title)
        try:
            for frame in frames:
                sink.add(painter.render(frame))
                written += 1
                if on_frame is not None:
                    on_frame(written)
        finally:
            sink.close()
    return written
