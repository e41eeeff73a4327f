"""Chessboards drawn with matplotlib: pictures of solutions and the frames of animations.

Only the object-oriented matplotlib API is used (a `Figure` with an Agg canvas, never
pyplot), so nothing depends on a screen or on global state. Imported only by the
commands and functions that draw: matplotlib takes a while to load.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PatchCollection
from matplotlib.colors import to_rgba_array
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from nqueens.errors import InvalidPlacementError, SizeTooLargeError, shorten
from nqueens.files import output_file
from nqueens.i18n import _
from nqueens.limits import PICTURE_MAX_N, check_n
from nqueens.placement import Placement
from nqueens.render.colours import (
    ATTACK_COLOURS,
    ATTACK_MARK,
    ATTACK_MARK_RADIUS,
    CURRENT_ROW,
    QUEEN,
    QUEEN_GLYPH,
    REJECT,
    square_colour,
)
from nqueens.render.fonts import text_fonts
from nqueens.render.formats import BINARY_FORMATS, picture_format
from nqueens.render.frames import Frame
from nqueens.variants.board import VariantBoard

__all__ = ["BoardPainter", "picture", "save_picture"]

FONT = "DejaVu Sans"
MAX_PICTURE_BOARDS = 400


def _label_step(n: int) -> int:
    """Label every square up to 16; beyond, every k-th so the labels stay readable."""
    return 1 if n <= 16 else math.ceil(n / 16)


def _mark(ax: Any, glyph: str, size: float, colour: str, zorder: int) -> Any:
    """A hidden glyph centred on a square, moved and shown frame by frame."""
    return ax.text(
        0, 0, glyph, fontsize=size, fontfamily=FONT, color=colour,
        ha="center", va="center_baseline", visible=False, zorder=zorder,
    )  # fmt: skip


class BoardPainter:
    """One board on a matplotlib Axes, redrawn cheaply from frame to frame.

    The squares are one collection of patches (recoloured per frame, far cheaper to draw
    than an image resampled to the screen), the queens one text
    artist per row, the rejected square a red cross with a line to its attacker (dashed
    when the attack goes round the edge or is a knight's move). An attacked square gets
    a dot besides its shade; the row a step works on, an outline. The board has `n` rows
    and `width` columns (default `n`; more for a rectangle).
    """

    def __init__(
        self, ax: object, n: int, *, base: int = 0, labels: bool = True, width: int | None = None
    ) -> None:
        from matplotlib.axes import Axes

        assert isinstance(ax, Axes)
        self.ax, self.n = ax, n
        self.width = width = width or n
        squares = [(r, c) for r in range(n) for c in range(width)]
        self._plain = to_rgba_array([square_colour(r, c) for r, c in squares])
        self._shaded = {
            kind: to_rgba_array([square_colour(r, c, attacked=kind) for r, c in squares])
            for kind in ATTACK_COLOURS
        }
        self._solved = to_rgba_array([square_colour(r, c, solved=True) for r, c in squares])
        self.squares = PatchCollection(
            [Rectangle((c - 0.5, r - 0.5), 1, 1) for r, c in squares],
            facecolors=self._plain,
            linewidths=0,
            antialiased=False,
            zorder=0,
        )
        ax.add_collection(self.squares)
        ax.set_xlim(-0.5, width - 0.5)
        ax.set_ylim(n - 0.5, -0.5)
        ax.set_aspect("equal")
        for spine in ax.spines.values():
            spine.set_color("#5a3d28")
        if labels:
            self._labels(base)
        else:
            ax.set_xticks([])
            ax.set_yticks([])
        size = self._glyph_points()
        self.queens = [_mark(ax, QUEEN_GLYPH, size, QUEEN, zorder=3) for _ in range(n)]
        self.cross = _mark(ax, "\u2715", size * 0.8, REJECT, zorder=4)
        (self.line,) = ax.plot([], [], color=REJECT, linewidth=2, alpha=0.8, zorder=2)
        (self.ring,) = ax.plot(
            [],
            [],
            marker="o",
            markersize=size * 1.1,
            markerfacecolor="none",
            markeredgecolor=REJECT,
            markeredgewidth=2,
            linestyle="none",
            zorder=4,
        )
        dot = self._square_points() * 2 * ATTACK_MARK_RADIUS
        (self.dots,) = ax.plot(
            [], [], marker="o", markersize=dot, markerfacecolor=ATTACK_MARK,
            markeredgewidth=0, linestyle="none", zorder=1,
        )  # fmt: skip
        self.row_mark = Rectangle(
            (-0.5, -0.5), width, 1, fill=False, edgecolor=CURRENT_ROW, linewidth=2.5,
            visible=False, zorder=2,
        )  # fmt: skip
        ax.add_patch(self.row_mark)

    def moving_parts(self) -> list[Any]:
        """The artists a frame changes, in drawing order (the rest is drawn once)."""
        spines = self.ax.spines.values()
        return [
            self.squares, self.dots, *spines, self.row_mark, self.line, *self.queens,
            self.cross, self.ring,
        ]  # fmt: skip

    def _labels(self, base: int) -> None:
        step = _label_step(self.width)
        fontsize = max(6.0, min(11.0, self._square_points() * 0.35))
        for axis, length in ((self.ax.xaxis, self.width), (self.ax.yaxis, self.n)):
            ticks = list(range(0, length, step))
            axis.set_ticks(ticks, labels=[str(t + base) for t in ticks], fontsize=fontsize)
        self.ax.xaxis.tick_top()
        self.ax.tick_params(length=0, pad=2, colors="#333333")

    def _square_points(self) -> float:
        """The side of one square in points, from the axes' place on the figure."""
        figure = self.ax.get_figure(root=True)
        assert isinstance(figure, Figure)
        box = self.ax.get_position()
        width, height = figure.get_size_inches()
        return float(min(box.width * width / self.width, box.height * height / self.n) * 72)

    def _glyph_points(self) -> float:
        return self._square_points() * 0.85

    def draw(
        self,
        cols: Sequence[int],
        *,
        attacked: Iterable[tuple[int, int]] = (),
        kinds: Mapping[tuple[int, int], str] | None = None,
        reject: tuple[int, int, int, int] | None = None,
        reject_kind: str = "line",
        path: Sequence[tuple[tuple[float, float], tuple[float, float]]] = (),
        solution: bool = False,
        row: int | None = None,
    ) -> None:
        """Queens at `cols[row]`, `attacked` shaded (by `kinds`: "line" unless it says
        "wrap" or "knight") and dotted, `reject` (row, col, by_row, by_col) marked, tied
        to its attacker by `path` (segments; default one straight line), dashed unless
        "line"; `row` outlined."""
        colours = (self._solved if solution else self._plain).copy()
        kinds = kinds or {}
        attacked = list(attacked)
        for r, c in attacked:
            index = r * self.width + c
            colours[index] = self._shaded[kinds.get((r, c), "line")][index]
        self.dots.set_data([c for _r, c in attacked], [r for r, _c in attacked])
        self.row_mark.set_visible(row is not None)
        if row is not None:
            self.row_mark.set_y(row - 0.5)
        # matplotlib's stubs do not admit an N x 3 array of colours, which it accepts.
        self.squares.set_facecolor(colours)  # type: ignore[arg-type]
        for row, queen in enumerate(self.queens):
            if row < len(cols):
                queen.set_position((cols[row], row))
                queen.set_visible(True)
            else:
                queen.set_visible(False)
        if reject is None:
            self.cross.set_visible(False)
            self.line.set_data([], [])
            self.ring.set_data([], [])
            return
        rejected_row, col, by_row, by_col = reject
        self.cross.set_position((col, rejected_row))
        self.cross.set_visible(True)
        xs: list[float] = []
        ys: list[float] = []
        for (x1, y1), (x2, y2) in path or [((by_col, by_row), (col, rejected_row))]:
            xs += [x1, x2, math.nan]  # NaN: the pen lifts between segments
            ys += [y1, y2, math.nan]
        self.line.set_data(xs, ys)
        self.line.set_linestyle("-" if reject_kind == "line" else (0, (2, 1.5)))
        self.ring.set_data([by_col], [by_row])

    def draw_frame(self, frame: Frame) -> None:
        reject = frame.reject
        self.draw(
            frame.cols,
            attacked=frame.attacked,
            kinds=frame.kinds,
            reject=(reject.row, reject.col, *reject.attacker) if reject else None,
            reject_kind=frame.reject_kind,
            path=frame.reject_path(),
            solution=frame.solution,
            row=frame.row,
        )


def _one_size(placements: Sequence[Placement | VariantBoard]) -> tuple[int, int]:
    """The rows and columns the boards share; anything else refused: a board of another
    size in the grid, or what is no board (a bare column list)."""
    sizes: list[tuple[int, int]] = []
    for board in placements:
        if not isinstance(board, Placement | VariantBoard):
            raise InvalidPlacementError(
                _("a picture draws Placements (or a rectangle's VariantBoards), not {value}")
                .format(value=shorten(board))
            )  # fmt: skip
        size = (board.n, board.width if isinstance(board, VariantBoard) else board.n)
        if sizes and size != sizes[0]:
            raise InvalidPlacementError(
                _("the boards of one picture are of one size, not {first} and {other}").format(
                    first="{}x{}".format(*sizes[0]), other="{}x{}".format(*size)
                )
            )
        sizes.append(size)
    return sizes[0]


def picture(
    placements: Sequence[Placement | VariantBoard],
    *,
    title: str | None = None,
    base: int = 0,
    columns: int | None = None,
) -> Figure:
    """One board, or a numbered grid of boards, as a matplotlib Figure (shown inline in Jupyter).

    The boards are square (`Placement`) or all of one rectangle (`VariantBoard`)."""
    if not placements:
        raise InvalidPlacementError(_("nothing to draw: no placements given"))
    if len(placements) > MAX_PICTURE_BOARDS:
        raise SizeTooLargeError(
            _("{count} boards is too many for one picture (at most {limit}): use --limit").format(
                count=len(placements), limit=MAX_PICTURE_BOARDS
            )
        )
    n, width = _one_size(placements)
    check_n(max(n, width), PICTURE_MAX_N, _("a picture of the board"))
    count = len(placements)
    columns = columns or (1 if count == 1 else math.ceil(math.sqrt(count)))
    rows = math.ceil(count / columns)
    side = 5.0 if count == 1 else max(1.8, min(3.0, 12 / columns))
    height = side if n == width else side * max(0.45, n / width) + 0.3  # a rectangle's: less
    header = 0.5 if title else 0.1
    title_room = 0.25 if count > 1 else 0.0
    figure = Figure(figsize=(columns * side, rows * (height + title_room) + header), dpi=100)
    FigureCanvasAgg(figure)
    figure.patch.set_facecolor("white")
    if title:
        figure.suptitle(
            title, fontsize=14, y=1 - 0.18 / figure.get_figheight(), fontfamily=text_fonts()
        )
    labels = count == 1 or n <= 12
    cell_w, cell_h = 1 / columns, (1 - header / figure.get_figheight()) / rows
    for index, placement in enumerate(placements):
        r, c = divmod(index, columns)
        pad_x = 0.09 * cell_w if labels else 0.05 * cell_w
        pad_top = 0.17 * cell_h if count > 1 else 0.06 * cell_h
        ax = figure.add_axes(
            (
                c * cell_w + pad_x,
                1 - header / figure.get_figheight() - (r + 1) * cell_h + 0.04 * cell_h,
                cell_w - pad_x - 0.04 * cell_w,
                cell_h - pad_top - 0.04 * cell_h,
            )
        )
        BoardPainter(ax, n, base=base, labels=labels, width=width).draw(placement.cols)
        if count > 1:
            ax.set_title(f"{index + 1}", fontsize=10, pad=14 if labels else 3)
    return figure


def save_picture(figure: Figure, path: str | Path) -> None:
    """Write the figure as PNG, SVG or PDF, chosen by the file's extension."""
    fmt = picture_format(path)
    with output_file(path, binary=fmt in BINARY_FORMATS) as out:
        figure.savefig(out, format=fmt, facecolor="white")
