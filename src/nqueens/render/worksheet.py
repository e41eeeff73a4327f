"""A printable worksheet for class, as an A4 PDF drawn with matplotlib.

Three pages of questions, each used to its foot: (1) a blank board to place N queens on
and a board to complete, then a drawing of how the two diagonals are numbered (seed
002's a+b and a-b+N-1, the flags' `up` and `down`); (2) the flag arrays `col`, `up` and
`down` of that board to fill in (boxes with their indices, as the player and the source
texts number them); (3) backtracking by hand on a small board: its first steps to write
down and its tree to draw to depth 3, with scratch boards. The answers follow on pages
of their own.

Made to be printed: light squares white, dark ones only lightly tinted, so that pencil
marks stay visible. Text is embedded as TrueType outlines (`pdf_fonts`), so the PDF's
words can be searched and copied, in Japanese as in English.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nqueens.i18n import _
from nqueens.render.colours import LABEL, QUEEN, QUEEN_GLYPH
from nqueens.render.fonts import text_fonts
from nqueens.render.linebreak import break_lines, em_width

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["PAGE", "PRINT_DARK", "Practice", "Sheet", "flag_arrays", "pages", "save"]

PAGE = (8.27, 11.69)  # A4 portrait, in inches
GLYPH_FONT = "DejaVu Sans"  # the queen glyph's font, in every language
PRINT_DARK = "#ebe3d9"
"""The dark squares on paper: a light tint (luminance 0.89), under which pencil shows."""
GRID = "#5a3d28"
RISING, FALLING = "#1f5fa8", "#a83232"  # the two diagonals' lines in the drawing
MARGIN = 0.06  # the page's side margins, as a share of its width


@dataclass(frozen=True)
class Practice:
    """The backtracking exercise: its board's size, its first steps in words (as the
    trace says them) and its tree to depth 3, a node per queen placed (`cols`, the
    columns of rows 0..depth-1) with its kind ("inner", "dead end", "solution")."""

    n: int
    steps: tuple[str, ...]
    tree: tuple[tuple[tuple[int, ...], str], ...]


@dataclass(frozen=True)
class Sheet:
    """What a worksheet asks about an N x N board: `given` are the queens of the board to
    complete (rows of `solution`), `flags` the queens whose arrays are to be filled in;
    `base` numbers the rows and columns (0, or 1 with --one-based; array indices stay
    those of the code), `practice` the backtracking exercise."""

    n: int
    title: str
    solution: tuple[int, ...]
    given: tuple[tuple[int, int], ...]
    flags: tuple[tuple[int, int], ...]
    base: int = 0
    practice: Practice | None = None


def flag_arrays(n: int, queens: Sequence[tuple[int, int]]) -> dict[str, list[int]]:
    """The flag arrays of a board, as the flags search keeps them: 1 where a queen stands
    on the line (`col[b]`, `up[a+b]`, `down[a-b+N-1]` for a queen on row a, column b)."""
    arrays = {"col": [0] * n, "up": [0] * (2 * n - 1), "down": [0] * (2 * n - 1)}
    for a, b in queens:
        arrays["col"][b] = arrays["up"][a + b] = arrays["down"][a - b + n - 1] = 1
    return arrays


def wrap(text: str, inches: float, size: float) -> str:
    """`text` broken into lines `inches` wide at font size `size`."""
    return "\n".join(break_lines(text, inches * 72 / size, em_width))


def _board(
    ax: Any,
    n: int,
    queens: Sequence[tuple[int, int]],
    *,
    base: int = 0,
    blank: bool = False,
    numbers: dict[tuple[int, int], str] | None = None,
) -> None:
    """A board with row and column numbers: light squares white, dark ones lightly
    tinted (`blank`: all white), `numbers` written in the squares."""
    from matplotlib.patches import Rectangle

    for row in range(n):
        for col in range(n):
            colour = "white" if blank or (row + col) % 2 == 0 else PRINT_DARK
            ax.add_patch(
                Rectangle((col, row), 1, 1, facecolor=colour, edgecolor=GRID, linewidth=0.6)
            )
            if numbers is not None:
                ax.text(col + 0.5, row + 0.55, numbers[row, col], ha="center", va="center",
                        fontsize=min(11.0, 90 / n), color=QUEEN)  # fmt: skip
    for i in range(n):
        ax.text(i + 0.5, -0.2, str(i + base), ha="center", va="bottom", fontsize=9, color=LABEL)
        ax.text(-0.2, i + 0.5, str(i + base), ha="right", va="center", fontsize=9, color=LABEL)
    size = min(26.0, 150 / n)
    for row, col in queens:
        ax.text(
            col + 0.5, row + 0.52, QUEEN_GLYPH, ha="center", va="center", fontsize=size,
            color=QUEEN, fontfamily=GLYPH_FONT,
        )  # fmt: skip
    ax.set_xlim(-0.8, n + 0.1)
    ax.set_ylim(n + 0.1, -0.8)
    ax.set_aspect("equal")
    ax.set_axis_off()


def _diagonals(ax: Any, n: int, base: int, rising: bool) -> None:
    """A board whose squares carry the index of their `up` (rising) or `down` diagonal,
    one diagonal of each drawn as a line with its cell's name."""
    if rising:
        numbers = {(a, b): str(a + b) for a in range(n) for b in range(n)}
        index, ends, colour = n - 1, ((0, n), (n, 0)), RISING
    else:
        numbers = {(a, b): str(a - b + n - 1) for a in range(n) for b in range(n)}
        index, ends, colour = n - 1, ((0, 0), (n, n)), FALLING
    _board(ax, n, [], base=base, numbers=numbers)
    (x0, y0), (x1, y1) = ends
    ax.annotate("", xy=(x1, y1), xytext=(x0, y0),
                arrowprops={"arrowstyle": "-|>", "color": colour, "linewidth": 1.6,
                            "alpha": 0.75, "shrinkA": 0, "shrinkB": 0})  # fmt: skip
    name = f"up[{index}]" if rising else f"down[{index}]"
    # the name at the diagonal's end: above the column numbers, or under the board
    ax.text(n + 0.1, -0.75 if rising else n + 0.15, name, ha="right",
            va="bottom" if rising else "top", fontsize=10, color=colour,
            family="monospace")  # fmt: skip
    ax.set_ylim(n + 0.8, -1.4)
    ax.set_anchor("N")


def _arrays(ax: Any, n: int, filled: dict[str, list[int]] | None) -> None:
    """The three arrays as rows of boxes, each box's index under it; `filled` writes the
    answers in them."""
    from matplotlib.patches import Rectangle

    fonts = text_fonts()
    sizes = {"col": n, "up": 2 * n - 1, "down": 2 * n - 1}
    box = min(0.8, 11.0 / (2 * n - 1))
    for line, (name, size) in enumerate(sizes.items()):
        y = line * 1.5
        ax.text(0, y + box / 2, name, ha="left", va="center", fontsize=12, family="monospace")
        for i in range(size):
            x = 1.4 + i * box
            ax.add_patch(Rectangle((x, y), box, box, fill=False, edgecolor=QUEEN, linewidth=0.8))
            ax.text(x + box / 2, y + box + 0.08, str(i), ha="center", va="top", fontsize=7.5,
                    color=LABEL)  # fmt: skip
            if filled is not None:
                ax.text(x + box / 2, y + box / 2, str(filled[name][i]), ha="center",
                        va="center", fontsize=11, family="monospace")  # fmt: skip
    ax.text(0, 4.5, _("1: a queen stands on this line; 0: the line is free"), fontsize=9.5,
            fontfamily=fonts, va="top")  # fmt: skip
    ax.set_xlim(-0.2, 12.6)
    ax.set_ylim(4.9, -0.4)
    ax.set_axis_off()


LINE_SPACING = 1.4


def _text(figure: Figure, x: float, y: float, text: str, size: float, width: float) -> float:
    """`text` at (x, y) of the page, wrapped to `width` (a share of the page's width);
    the height of the page under it."""
    lines = wrap(text, width * PAGE[0], size)
    figure.text(x, y, lines, fontsize=size, fontfamily=text_fonts(), va="top",
                linespacing=LINE_SPACING)  # fmt: skip
    return y - (lines.count("\n") + 1) * size * LINE_SPACING / 72 / PAGE[1]


def _heading(
    figure: Figure, y: float, text: str, note: str = "", x: float = MARGIN, width: float = 0.88
) -> float:
    """A section's heading and its note; the height of the page under them."""
    figure.text(x, y, text, fontsize=13, fontfamily=text_fonts(), va="top")
    return _text(figure, x, y - 0.024, note, 9.5, width) if note else y - 0.024


def _first(sheet: Sheet) -> Figure:
    from matplotlib.figure import Figure

    n, base = sheet.n, sheet.base
    page = Figure(figsize=PAGE)
    page.text(MARGIN, 0.97, sheet.title, fontsize=16, fontfamily=text_fonts(), va="top")
    name = _("Name: {blank}").format(blank="_" * 30)
    page.text(MARGIN, 0.94, name, fontsize=10, fontfamily=text_fonts(), va="top")
    _heading(page, 0.905, _("1. A blank board"),
             _("Place {n} queens so that no two attack each other.").format(n=n),
             width=0.42)  # fmt: skip
    _board(page.add_axes((0.04, 0.5, 0.44, 0.33)), n, [], base=base, blank=True)
    _heading(page, 0.905, _("2. A board to complete"),
             _("Add the missing queens: one in each empty row, none attacking another."),
             x=0.52, width=0.42)  # fmt: skip
    _board(page.add_axes((0.52, 0.5, 0.44, 0.33)), n, sheet.given, base=base)
    below = _heading(
        page,
        0.47,
        _("3. How the diagonals are numbered"),
        _(
            "A square on row a, column b lies on two diagonals. Rising to the right, a+b "
            "is the same all along it: that is its index in up. Falling to the right, "
            "a-b is the same, and a-b+N-1 (from 0 to 2N-2) is its index in down. Each "
            "square below shows its index; write the indices of your own queens."
        ),
    )
    if base:
        below = _text(page, MARGIN, below,
                      _("The indices count rows and columns from 0, as the code does."),
                      9.5, 0.88)  # fmt: skip
    top = min(0.375, below - 0.006)  # the drawings' captions, under the note however long
    for x, words in ((0.1, _("up[a+b]: rising to the right")),
                     (0.58, _("down[a-b+N-1]: falling to the right"))):  # fmt: skip
        page.text(x, top, words, fontsize=10, fontfamily=text_fonts(), va="top")
    height = top - 0.025 - 0.02
    _diagonals(page.add_axes((0.04, 0.02, 0.44, height)), n, base, rising=True)
    _diagonals(page.add_axes((0.52, 0.02, 0.44, height)), n, base, rising=False)
    return page


def _second(sheet: Sheet) -> Figure:
    from matplotlib.figure import Figure

    page = Figure(figsize=PAGE)
    _heading(
        page,
        0.97,
        _("4. The arrays to fill in"),
        _(
            "For the queens on this board, write 1 in each cell whose line holds a queen "
            "and 0 in the others: col[b] for column b, up[a+b] for the diagonal rising to "
            "the right and down[a-b+N-1] for the one falling to the right, through row a, "
            "column b."
        ),
    )
    _board(page.add_axes((0.22, 0.47, 0.56, 0.42)), sheet.n, sheet.flags, base=sheet.base)
    _arrays(page.add_axes((MARGIN, 0.05, 0.88, 0.38)), sheet.n, None)
    return page


def _third(sheet: Sheet, practice: Practice) -> Figure:
    from matplotlib.figure import Figure

    k = practice.n
    page = Figure(figsize=PAGE)
    _heading(
        page,
        0.97,
        _("5. Backtracking by hand, on a {n} x {n} board").format(n=k),
        _(
            "The search places a queen in each row from the top, trying the columns from "
            "the left. It rejects a square that a queen above attacks; when a row has no "
            "square left, it takes back the queen above and tries that queen's next square."
        ),
    )
    _text(page, MARGIN, 0.885,
          _("a) Write down its first {count} steps: the queen it places, the square it "
            "rejects and the queen that attacks it, or the queen it takes back. The first "
            "step is done for you.").format(count=len(practice.steps)),
          10, 0.88)  # fmt: skip
    top, gap = 0.83, 0.028
    for i in range(len(practice.steps)):
        y = top - i * gap
        page.text(MARGIN, y, f"{i + 1:>2}", fontsize=10, va="bottom", family="monospace")
        page.add_artist(_rule(page, MARGIN + 0.03, 0.66, y - 0.004))
        if i == 0:
            page.text(MARGIN + 0.04, y, practice.steps[0], fontsize=9.5,
                      fontfamily=text_fonts(), va="bottom", color=LABEL)  # fmt: skip
    for j in range(2):  # scratch boards beside the steps
        ax = page.add_axes((0.7, top - 0.155 - j * 0.175, 0.25, 0.15))
        _board(ax, k, [], base=sheet.base)
    _text(page, MARGIN, 0.47,
          _("b) Draw the search tree down to depth 3: the root is the empty board, each "
            "node a queen placed in the next row, labelled by its column. Cross out the "
            "dead ends (a node whose next row has no safe square)."),
          10, 0.88)  # fmt: skip
    ax = page.add_axes((MARGIN, 0.03, 0.88, 0.37))
    _tree_frame(ax, blank=True)
    return page


def _rule(page: Figure, x0: float, x1: float, y: float) -> Any:
    from matplotlib.lines import Line2D

    return Line2D([x0, x1], [y, y], transform=page.transFigure, color="#9a9a9a", linewidth=0.6)


def _tree_frame(ax: Any, *, blank: bool) -> None:
    """The root and the depths 1-3 as dashed guides, on which the tree is drawn."""
    for depth in range(4):
        y = 3.4 - depth * 1.1
        if depth:
            ax.plot([0.6, 10], [y, y], linestyle=(0, (2, 4)), color="#b0b0b0", linewidth=0.6)
        ax.text(0, y, _("depth {depth}").format(depth=depth), fontsize=9, va="center",
                fontfamily=text_fonts(), color=LABEL)  # fmt: skip
    if blank:
        _node(ax, 5.3, 3.4, "", "root")
    ax.set_xlim(-0.1, 10.1)
    ax.set_ylim(-0.2, 3.8)
    ax.set_axis_off()


def _node(ax: Any, x: float, y: float, label: str, kind: str) -> None:
    """A node as a round mark (in points, so round whatever the axes' shape), its column
    inside; a dead end crossed out."""
    edge = FALLING if kind == "dead end" else QUEEN
    ax.plot([x], [y], marker="o", markersize=17, markerfacecolor="white",
            markeredgecolor=edge, markeredgewidth=1.0, zorder=3)  # fmt: skip
    ax.text(x, y, label, ha="center", va="center", fontsize=10, zorder=4, color=edge)
    if kind == "dead end":
        ax.plot([x], [y], marker="x", markersize=14, markeredgecolor=edge,
                markeredgewidth=1.0, zorder=5)  # fmt: skip


def _tree(ax: Any, practice: Practice, base: int) -> None:
    """The exercise's tree to depth 3: leaves spread evenly, a parent above the middle
    of its children, dead ends crossed out."""
    _tree_frame(ax, blank=False)
    nodes = dict(practice.tree)
    children: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for cols in nodes:
        children.setdefault(cols[:-1], []).append(cols)
    place: dict[tuple[int, ...], float] = {}
    leaves = [c for c in nodes if not children.get(c)]
    step = 9.0 / max(1, len(leaves))

    def x_of(cols: tuple[int, ...]) -> float:
        if cols not in place:
            below = children.get(cols, [])
            if below:
                place[cols] = sum(x_of(c) for c in below) / len(below)
            else:
                place[cols] = 1.1 + step * (leaves.index(cols) + 0.5)
        return place[cols]

    root = x_of(())
    for cols, kind in [((), "root"), *practice.tree]:
        x, y = x_of(cols), 3.4 - len(cols) * 1.1
        if cols:
            px, py = (x_of(cols[:-1]), y + 1.1) if cols[:-1] else (root, 3.4)
            ax.plot([px, x], [py, y], color="#777777", linewidth=0.8, zorder=1)
        _node(ax, x, y, str(cols[-1] + base) if cols else "", kind)


def _answers(sheet: Sheet) -> list[Figure]:
    from matplotlib.figure import Figure

    n = sheet.n
    first = Figure(figsize=PAGE)
    first.text(MARGIN, 0.97, _("Answers"), fontsize=16, fontfamily=text_fonts(), va="top")
    _heading(first, 0.93, _("2. A board to complete"),
             _("One way to complete the board (the queens of 1 may be any solution)."),
             width=0.42)  # fmt: skip
    queens = list(enumerate(sheet.solution))
    _board(first.add_axes((0.04, 0.5, 0.44, 0.36)), n, queens, base=sheet.base)
    _heading(first, 0.93, _("4. The arrays to fill in"),
             _("The arrays of the board of 4, whose queens are those given in 2."),
             x=0.52, width=0.42)  # fmt: skip
    _board(first.add_axes((0.52, 0.5, 0.44, 0.36)), n, sheet.flags, base=sheet.base)
    _arrays(first.add_axes((MARGIN, 0.05, 0.88, 0.38)), n, flag_arrays(n, sheet.flags))
    pages = [first]
    if sheet.practice is not None:
        practice = sheet.practice
        second = Figure(figsize=PAGE)
        title = _("5. Backtracking by hand, on a {n} x {n} board").format(n=practice.n)
        _heading(second, 0.97, title)
        for i, said in enumerate(practice.steps):
            second.text(MARGIN, 0.925 - i * 0.028, f"{i + 1:>2}  {said}", fontsize=9.5,
                        fontfamily=text_fonts(), va="top")  # fmt: skip
        _tree(second.add_axes((MARGIN, 0.05, 0.88, 0.5)), practice, sheet.base)
        pages.append(second)
    return pages


def pages(sheet: Sheet, *, answers: bool = True) -> list[Figure]:
    """The worksheet's pages: the questions, and (with `answers`) the answers."""
    figures = [_first(sheet), _second(sheet)]
    if sheet.practice is not None:
        figures.append(_third(sheet, sheet.practice))
    if answers:
        figures += _answers(sheet)
    return figures


def save(figures: Sequence[Figure], out: Any) -> None:
    """The pages into one PDF at `out` (a binary file), text as TrueType outlines."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages

    from nqueens.render.pdf_fonts import truetype_families

    fonts = truetype_families(figures)
    with fonts, matplotlib.rc_context({"pdf.fonttype": 42}), PdfPages(out) as pdf:
        for figure in figures:
            pdf.savefig(figure)
