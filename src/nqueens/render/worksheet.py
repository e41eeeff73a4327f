"""A printable worksheet for class, as a PDF drawn with matplotlib: a blank board to place
N queens on, a board to complete, and a board whose flag arrays `col`, `up` and `down`
the student fills in (boxes with their indices, as the player and the source texts
number them); then, on a page of its own, the answers.

Text is embedded as TrueType (pdf.fonttype 42), so the PDF's words can be searched and
copied, in Japanese as in English.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nqueens.i18n import _
from nqueens.render.colours import LABEL, QUEEN, QUEEN_GLYPH, square_colour
from nqueens.render.fonts import text_fonts

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["PAGE", "Sheet", "flag_arrays", "pages", "save"]

PAGE = (8.27, 11.69)  # A4 portrait, in inches
GLYPH_FONT = "DejaVu Sans"  # the queen glyph's font, in every language


@dataclass(frozen=True)
class Sheet:
    """What a worksheet asks about an N x N board: `given` are the queens of the board to
    complete (rows of `solution`), `flags` the queens whose arrays are to be filled in."""

    n: int
    title: str
    solution: tuple[int, ...]
    given: tuple[tuple[int, int], ...]
    flags: tuple[tuple[int, int], ...]


def flag_arrays(n: int, queens: Sequence[tuple[int, int]]) -> dict[str, list[int]]:
    """The flag arrays of a board, as the flags search keeps them: 1 where a queen stands
    on the line (`col[b]`, `up[a+b]`, `down[a-b+N-1]` for a queen on row a, column b)."""
    arrays = {"col": [0] * n, "up": [0] * (2 * n - 1), "down": [0] * (2 * n - 1)}
    for a, b in queens:
        arrays["col"][b] = arrays["up"][a + b] = arrays["down"][a - b + n - 1] = 1
    return arrays


def _board(ax: Any, n: int, queens: Sequence[tuple[int, int]], *, blank: bool = False) -> None:
    """A board with row and column numbers, light squares left white for pencil marks."""
    from matplotlib.patches import Rectangle

    for row in range(n):
        for col in range(n):
            colour = "white" if blank or (row + col) % 2 == 0 else square_colour(row, col)
            ax.add_patch(
                Rectangle((col, row), 1, 1, facecolor=colour, edgecolor="#5a3d28", linewidth=0.6)
            )
    for i in range(n):
        ax.text(i + 0.5, -0.25, str(i), ha="center", va="bottom", fontsize=9, color=LABEL)
        ax.text(-0.25, i + 0.5, str(i), ha="right", va="center", fontsize=9, color=LABEL)
    size = min(28.0, 180 / n)
    for row, col in queens:
        ax.text(
            col + 0.5, row + 0.52, QUEEN_GLYPH, ha="center", va="center", fontsize=size,
            color=QUEEN, fontfamily=GLYPH_FONT,
        )  # fmt: skip
    ax.set_xlim(-0.8, n + 0.2)
    ax.set_ylim(n + 0.2, -0.9)
    ax.set_aspect("equal")
    ax.set_axis_off()


def _arrays(ax: Any, n: int, filled: dict[str, list[int]] | None) -> None:
    """The three arrays as rows of boxes, each box's index under it; `filled` writes the
    answers in them."""
    from matplotlib.patches import Rectangle

    fonts = text_fonts()
    sizes = {"col": n, "up": 2 * n - 1, "down": 2 * n - 1}
    box = min(0.6, 9.5 / (2 * n - 1))
    for line, (name, size) in enumerate(sizes.items()):
        y = line * 1.6
        ax.text(0, y + box / 2, name, ha="left", va="center", fontsize=12, family="monospace")
        for i in range(size):
            x = 1.4 + i * box
            ax.add_patch(Rectangle((x, y), box, box, fill=False, edgecolor=QUEEN, linewidth=0.8))
            ax.text(x + box / 2, y + box + 0.08, str(i), ha="center", va="top", fontsize=7,
                    color=LABEL)  # fmt: skip
            if filled is not None:
                ax.text(x + box / 2, y + box / 2, str(filled[name][i]), ha="center",
                        va="center", fontsize=10, family="monospace")  # fmt: skip
    ax.text(0, 4.9, _("1: a queen stands on this line; 0: the line is free"), fontsize=9,
            fontfamily=fonts, va="top")  # fmt: skip
    ax.set_xlim(-0.2, 1.6 + (2 * n - 1) * box)
    ax.set_ylim(5.4, -0.4)
    ax.set_axis_off()


def _heading(figure: Figure, y: float, text: str, note: str) -> None:
    fonts = text_fonts()
    figure.text(0.08, y, text, fontsize=13, fontfamily=fonts, va="top")
    figure.text(0.08, y - 0.025, note, fontsize=9.5, fontfamily=fonts, va="top", wrap=True)


def pages(sheet: Sheet, *, answers: bool = True) -> list[Figure]:
    """The worksheet's pages: the blank board and the board to complete, the arrays to
    fill in, and (with `answers`) the answers."""
    from matplotlib.figure import Figure

    n = sheet.n
    fonts = text_fonts()
    first = Figure(figsize=PAGE)
    first.text(0.08, 0.965, sheet.title, fontsize=16, fontfamily=fonts,
               va="top")  # fmt: skip
    name = _("Name: {blank}").format(blank="_" * 30)
    first.text(0.08, 0.935, name, fontsize=10, fontfamily=fonts, va="top")
    _heading(
        first,
        0.9,
        _("1. A blank board"),
        _("Place {n} queens so that no two attack each other.").format(n=n),
    )
    _board(first.add_axes((0.2, 0.5, 0.6, 0.34)), n, [], blank=True)
    _heading(
        first,
        0.46,
        _("2. A board to complete"),
        _("Add the missing queens: one in each empty row, none attacking another."),
    )
    _board(first.add_axes((0.2, 0.06, 0.6, 0.34)), n, sheet.given)
    second = Figure(figsize=PAGE)
    _heading(
        second,
        0.965,
        _("3. The arrays to fill in"),
        _(
            "For the queens on this board, write 1 in each cell whose line holds a queen: "
            "col[b] for column b, up[a+b] and down[a-b+N-1] for the diagonals of row a, "
            "column b."
        ),
    )
    _board(second.add_axes((0.2, 0.5, 0.6, 0.4)), n, sheet.flags)
    _arrays(second.add_axes((0.08, 0.1, 0.84, 0.34)), n, None)
    figures = [first, second]
    if answers:
        third = Figure(figsize=PAGE)
        _heading(third, 0.965, _("Answers"), _("2. One way to complete the board; 3. the arrays."))
        queens = list(enumerate(sheet.solution))
        _board(third.add_axes((0.2, 0.5, 0.6, 0.4)), n, queens)
        _arrays(third.add_axes((0.08, 0.1, 0.84, 0.34)), n, flag_arrays(n, sheet.flags))
        figures.append(third)
    return figures


def save(figures: Sequence[Figure], out: Any) -> None:
    """The pages into one PDF at `out` (a binary file), text as TrueType."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages

    with matplotlib.rc_context({"pdf.fonttype": 42}), PdfPages(out) as pdf:
        for figure in figures:
            pdf.savefig(figure)
