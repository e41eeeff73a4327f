"""The backtracking tree as a picture: an icicle for small trees, a sunburst for large ones.

Every node gets a share of the width (icicle) or of the circle (radial) in proportion to
the leaves below it, so the whole tree of 8 queens (2,057 nodes, 736 leaves) fits one
page. The layout is computed once as shapes; SVG (written here, light enough for the
player page) and matplotlib (PNG, PDF) only draw those shapes.

One module past 450 lines, on purpose: the shapes and their two drawings change together
(a shape's every field is read by both), and each drawing is short beside the layout.
"""

from __future__ import annotations

import dataclasses
import html
import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from nqueens.errors import SizeTooLargeError, UnknownAlgorithmError
from nqueens.files import output_file
from nqueens.i18n import N_, _, pgettext
from nqueens.messages import apart, listed, plural
from nqueens.render.colours import TREE_FILL, TREE_INK, TREE_ROOT_INK
from nqueens.render.fonts import text_fonts
from nqueens.render.formats import picture_format
from nqueens.render.svg import SvgBoard

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from nqueens.search_tree import Level, Node, SearchTree

__all__ = [
    "LAYOUTS",
    "Shape",
    "SvgTree",
    "levels_table",
    "place_tree",
    "save_tree",
    "tree_figure",
    "tree_svg",
]

SvgTree = SvgBoard  # SVG text that notebooks display as a picture
LAYOUTS = ("auto", "icicle", "sideways", "radial")
LABEL_CHAR = 6.5  # the width of a label's character in pixels (11 px DejaVu Sans)
LABEL_SIZE = 11.0  # a label's font size in pixels
MAX_CUT_LABELS = 300  # more cut nodes, and their sizes are left to the tooltips
MIN_WIDTH = 620.0  # room for the legend, and the title on one or two lines
TITLE_CHAR = 8.0  # the most a title's character takes in pixels (14 px; a Japanese one twice)
TITLE_LINE = 18.0  # from a title's line to the next
ICICLE_MAX_LEAVES = 64  # beyond, the icicle grows too wide and the sunburst takes over
SIDEWAYS_LEAF = 18.0  # a leaf's height in the sideways icicle: room for an 11 px label
SIDEWAYS_WIDTH = 460.0  # the sideways icicle's width: about the player's panel (full-size labels)
STUB_WEIGHT = 0.4  # a rejected square's share of its parent's width, against 1 per leaf
MAX_STUBS = 20_000

FILL, INK, ROOT_INK = TREE_FILL, TREE_INK, TREE_ROOT_INK  # the palette's (render/colours.py)
SVG_FONTS = "DejaVu Sans, IPAGothic, Noto Sans CJK JP, sans-serif"
"""A browser takes the first installed family with each glyph (render/fonts.py)."""
KINDS = (N_("inner"), N_("dead end"), N_("solution"), N_("cut"))
STUB_LEGEND = N_("rejected square")


@dataclass(frozen=True)
class Shape:
    """One drawn element: a node (or a rejected square's stub) with its place.

    Icicle: a rectangle (x0, y0)-(x1, y1). Radial: a ring sector between radii `r0`,
    `r1` and angles `a0`, `a1` (radians, clockwise from the top) around (x0, y0).
    """

    kind: str
    path: tuple[int, ...]
    step: int
    label: str
    x0: float = 0.0
    y0: float = 0.0
    x1: float = 0.0
    y1: float = 0.0
    r0: float = 0.0
    r1: float = 0.0
    a0: float = 0.0
    a1: float = 0.0
    below: int = 0  # a cut node's subtree size

    @property
    def radial(self) -> bool:
        return self.r1 > 0

    def label_angle(self) -> float | None:
        """How to turn the label to fit (0: level; degrees clockwise), or None: no room.

        A label runs along the row (or ring) where there is room, else across it, as
        the cut nodes' subtree sizes must in a crowded outer ring.
        """
        need = LABEL_CHAR * len(self.label) + 2
        along, across = self._extent()
        if along >= need and across >= 11:
            return 0.0
        if across < need or along < 11:
            return None
        return self._across()

    def label_fit(self) -> tuple[float, float]:
        """The largest font size (in the picture's units, against 11 for the picture's
        own labels) at which the label fits inside the node, and its turn (as in
        `label_angle`): for a page that magnifies the tree and shows each label once it
        can be read (the player)."""
        per_size = LABEL_CHAR * len(self.label) / LABEL_SIZE  # the label's width per unit of size
        along, across = self._extent()
        level, turned = min((along - 2) / per_size, across), min((across - 2) / per_size, along)
        # Level where it fits at the picture's own size (as `label_angle`), else the larger.
        if level >= min(turned, LABEL_SIZE) or (self.r0 == 0 and self.radial):
            return 0.0, max(level, 0.0)
        return self._across(), max(turned, 0.0)

    def _extent(self) -> tuple[float, float]:
        """The node's room along its row (or ring) and across it."""
        if self.radial:
            return (self.a1 - self.a0) * (self.r0 + self.r1) / 2, self.r1 - self.r0
        return self.x1 - self.x0, self.y1 - self.y0

    def _across(self) -> float:
        """The turn of a label that runs across its row (or ring): never upside down."""
        if not self.radial:
            return -90.0
        middle = math.degrees(self.a0 + self.a1) / 2
        return middle - 90 if middle <= 180 else middle + 90

    def label_point(self) -> tuple[float, float]:
        if self.radial:
            if self.r0 == 0:
                return self.x0, self.y0
            angle, radius = (self.a0 + self.a1) / 2, (self.r0 + self.r1) / 2
            return self.x0 + radius * math.sin(angle), self.y0 - radius * math.cos(angle)
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2


@dataclass(frozen=True)
class Layout:
    shapes: list[Shape]
    width: float
    height: float
    stroke: float  # the white line between nodes, thinner when leaves are thin
    title: tuple[str, ...] = ()  # the title's lines, each within the width

    @property
    def legend_y(self) -> float:
        """The legend's baseline: under the title's last line."""
        return 42.0 + TITLE_LINE * (max(1, len(self.title)) - 1)


def _weights(root: Node, rejected: bool) -> dict[int, float]:
    """Each node's share: its leaves (1 each) and, with `rejected`, its stubs."""
    weight: dict[int, float] = {}
    order = list(root.walk())
    for node in reversed(order):
        inner = sum(weight[id(child)] for child in node.children)
        stubs = STUB_WEIGHT * len(node.rejected) if rejected else 0.0
        weight[id(node)] = max(1.0, inner + stubs)
    return weight


def _label(node: Node, base: int = 0) -> str:
    """The node's column (counted from `base`), and the size of its subtree when the
    tree is cut below it."""
    if not node.cols:
        return pgettext("the tree's root", "start")
    col = node.cols[-1] + base
    return f"{col} +{node.below:,}" if node.below else str(col)


def place_tree(
    tree: SearchTree,
    *,
    rejected: bool = False,
    kind: str = "auto",
    narrow: bool = False,
    base: int = 0,
) -> Layout:
    """Place every node (and stub) of the tree: the geometry both drawings share. `auto`
    picks the icicle for a small tree (turned `sideways` when `narrow`, for a panel
    beside a board), the sunburst for a large one. Labels count columns from `base`
    (1 beside a board numbered from 1); a shape's path keeps the code's, from 0."""
    check_layout(kind)
    root = tree.root
    if rejected:
        stubs = sum(len(node.rejected) for node in root.walk())
        if stubs > MAX_STUBS:
            raise SizeTooLargeError(
                _(
                    "{count} rejected squares are too many to draw: cut the tree with --depth K"
                ).format(count=f"{stubs:,}")
            )
    weight = _weights(root, rejected)
    total = weight[id(root)]
    depth = max(node.depth for node in root.walk()) + 1  # rows of nodes
    if kind == "auto":
        small = "sideways" if narrow else "icicle"
        kind = small if total <= ICICLE_MAX_LEAVES else "radial"
    cut = [len(_label(node, base)) for node in root.walk() if node.below]
    row = max(44.0, LABEL_CHAR * max(cut, default=0) + 10)  # room for a cut node's label
    ring = max(row, total * 2.5 / (2 * math.pi * depth))
    if 0 < len(cut) <= MAX_CUT_LABELS:  # leaves wide enough for their sizes, across
        ring = max(ring, total * 14 / (2 * math.pi * (depth - 1.5)))
    radius = depth * ring
    if kind == "icicle":
        width = max(MIN_WIDTH, min(1600.0, total * (14 if cut else 22)))
    elif kind == "sideways":  # rows of the board left to right, leaves down the page
        width = SIDEWAYS_WIDTH
    else:
        width = max(MIN_WIDTH, 2 * radius + 16)
    title = _title_lines(_title_parts(tree), width - 16)
    top = 56.0 + TITLE_LINE * (len(title) - 1)
    if kind == "icicle":
        place = _icicle(width / total, row, top)
        height = top + depth * row + 8
        stroke = 0.5
    elif kind == "sideways":
        place = _sideways(SIDEWAYS_LEAF, (width - 16) / depth, top)
        height = top + total * SIDEWAYS_LEAF + 8
        stroke = 0.5
    else:
        height = top + 2 * radius + 16
        place = _radial(2 * math.pi / total, ring, width / 2, top + radius + 8)
        stroke = max(0.1, min(0.5, 2 * math.pi * radius / total / 8))
    shapes = list(_shapes(root, weight, rejected, place, base))
    return Layout(shapes, width, height, stroke, title)


Placer = Callable[[str, tuple[int, ...], int, str, float, float, int, bool], Shape]


def _icicle(unit: float, row: float, top: float) -> Placer:
    def place(kind: str, path: tuple[int, ...], step: int, label: str, start: float,
              span: float, depth: int, stub: bool) -> Shape:  # fmt: skip
        y0 = top + depth * row
        y1 = y0 + (row * 0.45 if stub else row - 2)
        return Shape(kind, path, step, label, x0=start * unit, y0=y0,
                     x1=(start + span) * unit, y1=y1)  # fmt: skip

    return place


def _sideways(unit: float, column: float, top: float) -> Placer:
    """The icicle turned a quarter: each row of the board a column of nodes, so that a
    narrow panel keeps every label at full size (the page scrolls down the leaves)."""

    def place(kind: str, path: tuple[int, ...], step: int, label: str, start: float,
              span: float, depth: int, stub: bool) -> Shape:  # fmt: skip
        x0 = 8 + depth * column
        x1 = x0 + (column * 0.45 if stub else column - 2)
        return Shape(kind, path, step, label, x0=x0, y0=top + start * unit,
                     x1=x1, y1=top + (start + span) * unit)  # fmt: skip

    return place


def _radial(unit: float, ring: float, cx: float, cy: float) -> Placer:
    def place(kind: str, path: tuple[int, ...], step: int, label: str, start: float,
              span: float, depth: int, stub: bool) -> Shape:  # fmt: skip
        r0 = 0.0 if depth == 0 else (depth - 0.5) * ring + 1
        r1 = (depth + 0.5) * ring - 1 if depth else ring * 0.5 - 1
        if stub:
            r1 = r0 + ring * 0.45
        return Shape(kind, path, step, label, r0=r0, r1=r1, a0=start * unit,
                     a1=(start + span) * unit, x0=cx, y0=cy)  # fmt: skip

    return place


def _shapes(
    root: Node, weight: dict[int, float], rejected: bool, place: Placer, base: int
) -> Iterator[Shape]:
    starts = {id(root): 0.0}
    for node in root.walk():
        start = starts[id(node)]
        shape = place(node.kind, node.cols, node.step, _label(node, base), start,
                      weight[id(node)], node.depth, False)  # fmt: skip
        yield dataclasses.replace(shape, below=node.below) if node.below else shape
        # Children and stubs share the node's span in column order, as the search met them.
        items: list[tuple[int, Node | None]] = [(c.cols[-1], c) for c in node.children]
        if rejected:
            items += [(col, None) for col in node.rejected]
        for col, child in sorted(items, key=lambda item: item[0]):
            if child is None:
                yield place("stub", (*node.cols, col), node.step, str(col + base), start,
                            STUB_WEIGHT, node.depth + 1, True)  # fmt: skip
                start += STUB_WEIGHT
            else:
                starts[id(child)] = start
                start += weight[id(child)]


def _named(name: str) -> str:
    """The algorithm as the source texts name it, in the current language, then the name
    to type where it differs (as the titles of the player and the film say it); a
    variant's own search by its name."""
    from nqueens.search import ALGORITHMS

    algorithm = ALGORITHMS.get(name)  # a variant's own search is named as given
    title = algorithm.display_name() if algorithm is not None else name
    if title.replace(" ", "-") == name:
        return title
    return _("{title} ({algorithm})").format(title=title, algorithm=name)


def _title_parts(tree: SearchTree) -> list[str]:
    """What the title says, in parts: the search and its work, what the cut hides, and
    whether the search stopped early."""
    levels = tree.levels()
    nodes = sum(level.nodes for level in levels)
    found = sum(level.solutions for level in levels)
    dead = sum(level.dead_ends for level in levels)
    work = [  # each its own plural: N = 1's tree has 1 node and 1 solution
        plural(nodes, "{count} node", "{count} nodes"),
        plural(dead, "{count} dead end", "{count} dead ends"),
        plural(found, "{count} solution", "{count} solutions"),
    ]
    parts = [
        plural(
            tree.n,
            "{count} queen, {algorithm}: {work}",
            "{count} queens, {algorithm}: {work}",
            algorithm=_named(tree.algorithm),
            work=listed(work),
        )
    ]
    if tree.depth is not None:
        below = sum(node.below for node in tree.nodes())
        hidden = sum(node.solutions_below for node in tree.nodes())
        hidden_work = [
            plural(below, "{count} node", "{count} nodes"),
            plural(hidden, "{count} solution", "{count} solutions"),
        ]
        parts.append(
            _("cut at depth {depth}: {work} below").format(
                depth=tree.depth, work=listed(hidden_work)
            )
        )
    if not tree.complete:
        parts.append(_("stopped early"))
    return parts


TITLE_PIECE = re.compile(r".+?(?:; |\uff1b|, |、|: |\uff1a|$)")  # full-width ; and :
"""A piece of a title that a line may end after: up to a separator, which stays at the
line's end (or the title's end)."""


def _title_lines(parts: Sequence[str], room: float) -> tuple[str, ...]:
    """The title's parts (`apart`), broken into lines of at most `room` pixels, each
    line ending after a separator: the picture keeps its width (a panel's, or the
    tree's own) and the title takes a line more, rather than running off the edge."""
    pieces = TITLE_PIECE.findall(apart(parts))
    lines: list[str] = []
    for piece in pieces:
        if lines and _width(lines[-1] + piece.rstrip()) * TITLE_CHAR <= room:
            lines[-1] += piece
        else:
            lines.append(piece)
    return tuple(line.rstrip() for line in lines)


def _sector(shape: Shape) -> str:
    """SVG path data of a ring sector (a full disc at the root)."""
    centre, cy = shape.x0, shape.y0
    if shape.r0 == 0 and shape.a1 - shape.a0 >= 2 * math.pi - 1e-9:
        return (
            f"M{centre - shape.r1:.2f} {cy:.2f}a{shape.r1:.2f} {shape.r1:.2f} 0 1 0 "
            f"{2 * shape.r1:.2f} 0a{shape.r1:.2f} {shape.r1:.2f} 0 1 0 {-2 * shape.r1:.2f} 0Z"
        )
    a1 = min(shape.a1, shape.a0 + 2 * math.pi - 1e-4)

    def point(radius: float, angle: float) -> str:
        return f"{centre + radius * math.sin(angle):.2f} {cy - radius * math.cos(angle):.2f}"

    large = 1 if a1 - shape.a0 > math.pi else 0
    outer = f"A{shape.r1:.2f} {shape.r1:.2f} 0 {large} 1 {point(shape.r1, a1)}"
    inner = f"A{shape.r0:.2f} {shape.r0:.2f} 0 {large} 0 {point(shape.r0, shape.a0)}"
    return (
        f"M{point(shape.r0, shape.a0)}L{point(shape.r1, shape.a0)}{outer}"
        f"L{point(shape.r0, a1)}{inner if shape.r0 else ''}Z"
    )


def _labels(placed: Layout) -> Iterator[tuple[float, float, float, str, str, str]]:
    """(x, y, angle, text, ink, the node's id) of each node label that fits inside its
    node."""
    for shape in placed.shapes:
        angle = shape.label_angle() if shape.kind != "stub" else None
        if angle is None:
            continue
        x, y = shape.label_point()
        yield x, y, angle, shape.label, _ink(shape), _ident(shape)


def _ink(shape: Shape) -> str:
    return ROOT_INK if shape.kind == "root" else INK


def _ident(shape: Shape) -> str:
    return "node-" + "-".join(map(str, shape.path))


def _label_svg(
    x: float,
    y: float,
    angle: float,
    text: str,
    ink: str,
    ident: str,
    size: float = LABEL_SIZE,
    extra: str = "",
) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.3g}"{extra} fill="{ink}" '
        f'data-for="{ident}" '
        + (f'transform="rotate({angle:.1f} {x:.1f} {y:.1f})" ' if angle else "")
        + f'text-anchor="middle" dominant-baseline="central">{text}</text>'
    )


def _fitted_labels(placed: Layout) -> Iterator[str]:
    """Every node's label with the largest size that fits its node (`data-fit`), drawn
    at 11 where that fits and hidden where it does not, for a page that zooms to size."""
    for shape in placed.shapes:
        if shape.kind == "stub" or not shape.label:
            continue
        angle, fit = shape.label_fit()
        x, y = shape.label_point()
        extra = f' data-fit="{fit:.3g}"' + ("" if fit >= LABEL_SIZE else ' visibility="hidden"')
        size = min(fit, LABEL_SIZE)
        yield _label_svg(x, y, angle, shape.label, _ink(shape), _ident(shape), size, extra)


def _describe(shape: Shape, base: int) -> str:
    """A node's tooltip, its rows and columns counted from `base`."""
    if not shape.path:
        return _("the empty board")
    row, col = len(shape.path) - 1 + base, shape.path[-1] + base
    where = _("row {row}, col {col}").format(row=row, col=col)
    if shape.kind == "stub":
        return _("{where}: rejected by the check function").format(where=where)
    kind = _(shape.kind)
    if shape.below:
        kind = _("{kind}, {count} nodes below").format(kind=kind, count=f"{shape.below:,}")
    return _("{where} ({kind}); queens: {queens}").format(
        where=where, kind=kind, queens=" ".join(str(c + base) for c in shape.path)
    )


def tree_svg(
    tree: SearchTree,
    *,
    rejected: bool = False,
    layout: str = "auto",
    narrow: bool = False,
    base: int = 0,
    zoomable: bool = False,
) -> SvgTree:
    """The tree as SVG: one element of class `node` per node (`stub` per rejected square).

    Each node carries `data-path` (its columns), `data-step` (the event that placed it)
    and an id `node-0-4-7`, so a page can highlight the path and jump to the step.
    `narrow` turns a small tree's icicle sideways (see `place_tree`); `base` counts the
    labels' and tooltips' rows and columns from 1 beside a board numbered so (the
    paths and ids keep the code's, from 0). `zoomable` labels every node, each with
    the largest size that fits it, for a page that magnifies the tree (the player's).
    """
    placed = place_tree(tree, rejected=rejected, kind=layout, narrow=narrow, base=base)
    w, h = placed.width, placed.height
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="search-tree" width="{w:.0f}" '
        f'height="{h:.0f}" viewBox="0 0 {w:.0f} {h:.0f}" font-family="{SVG_FONTS}">',
        f'<rect width="{w:.0f}" height="{h:.0f}" fill="white"/>',
        *(
            f'<text class="title" x="8" y="{20 + TITLE_LINE * i:.0f}" font-size="14">'
            f"{html.escape(line)}</text>"
            for i, line in enumerate(placed.title)
        ),
        _legend_svg(placed.legend_y, _kinds(placed)),
    ]
    for shape in placed.shapes:
        css = "stub" if shape.kind == "stub" else f"node {shape.kind.replace(' ', '-')}"
        ident = "-".join(map(str, shape.path))
        geometry = (
            f'd="{_sector(shape)}"'
            if shape.radial
            else f'd="M{shape.x0:.2f} {shape.y0:.2f}H{shape.x1:.2f}V{shape.y1:.2f}H{shape.x0:.2f}Z"'
        )
        node_id = f' id="node-{ident}"' if shape.kind != "stub" else ""
        parts.append(
            f'<path class="{css}"{node_id} data-path="{" ".join(map(str, shape.path))}" '
            f'data-step="{shape.step}" fill="{FILL[shape.kind]}" stroke="white" '
            f'stroke-width="{placed.stroke:.2f}" {geometry}>'
            f"<title>{_describe(shape, base)}</title></path>"
        )
    parts.append('<g class="labels" pointer-events="none">')
    parts.extend(
        _fitted_labels(placed) if zoomable else (_label_svg(*label) for label in _labels(placed))
    )
    parts.append("</g></svg>")
    return SvgTree("".join(parts))


def levels_table(levels: Sequence[Level]) -> list[str]:
    """Nodes, dead ends and solutions per depth, as lines of a plain text table."""
    heads = [_("depth"), _("nodes"), _("dead ends"), _("solutions")]
    lines = [f"{_pad(heads[0], 5)}  " + "  ".join(_pad(h, 12) for h in heads[1:])]
    for level in levels:
        lines.append(
            f"{level.depth:>5}  {level.nodes:>12,}  {level.dead_ends:>12,}  {level.solutions:>12,}"
        )
    total = [
        sum(getattr(level, name) for level in levels)
        for name in ("nodes", "dead_ends", "solutions")
    ]
    every = _pad(_("all"), 5)
    lines.append(f"{every}  {total[0]:>12,}  {total[1]:>12,}  {total[2]:>12,}")
    return lines


def _width(text: str) -> int:
    """Columns `text` takes in a terminal, or twelfths of an em in a picture: Japanese
    characters are twice as wide as Latin ones."""
    return sum(2 if ord(c) >= 0x2E80 else 1 for c in text)


def _pad(text: str, columns: int) -> str:
    return " " * max(0, columns - _width(text)) + text


def _kinds(placed: Layout) -> list[str]:
    """The kinds of node the picture holds, in the legend's order (a kind that does not
    occur, such as "cut" in a whole tree, is not listed)."""
    found = {shape.kind for shape in placed.shapes}
    return [kind for kind in (*KINDS, "stub") if kind in found]


def _said(kind: str) -> str:
    message = STUB_LEGEND if kind == "stub" else kind
    return _(message)


def _legend(kinds: Sequence[str]) -> Iterator[tuple[float, str]]:
    """(x, kind) of each entry of the legend: a swatch at x, the kind's name beside it."""
    x = 8.0
    for kind in kinds:
        yield x, kind
        x += 28 + 8 * _width(_said(kind))


def _legend_svg(y: float, kinds: Sequence[str]) -> str:
    items = (
        f'<rect x="{x:.0f}" y="{y - 9:.0f}" width="11" height="11" fill="{FILL[kind]}" '
        f'data-kind="{kind}"/><text x="{x + 15:.0f}" y="{y:.0f}" font-size="12">'
        f"{html.escape(_said(kind))}</text>"
        for x, kind in _legend(kinds)
    )
    return f'<g class="legend">{"".join(items)}</g>'


def tree_figure(tree: SearchTree, *, rejected: bool = False, layout: str = "auto") -> Figure:
    """The same picture as a matplotlib Figure, for PNG and PDF."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch, Rectangle, Wedge

    placed = place_tree(tree, rejected=rejected, kind=layout)
    w, h = placed.width, placed.height
    figure = Figure(figsize=(w / 100, h / 100), dpi=100)
    FigureCanvasAgg(figure)
    ax = figure.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, w)
    ax.set_ylim(h, 0)
    ax.set_axis_off()
    fonts = text_fonts()
    for i, line in enumerate(placed.title):
        ax.text(8, 20 + TITLE_LINE * i, line, fontsize=10.5, va="baseline", fontfamily=fonts)
    legend_y = placed.legend_y
    for x, kind in _legend(_kinds(placed)):
        ax.add_patch(Rectangle((x, legend_y - 9), 11, 11, facecolor=FILL[kind], linewidth=0))
        ax.text(x + 15, legend_y, _said(kind), fontsize=9, va="baseline", fontfamily=fonts)
    for shape in placed.shapes:
        colour = FILL[shape.kind]
        patch: Patch
        if shape.radial:
            # In y-down coordinates a clockwise-from-top angle a is the standard angle a - 90.
            start, end = math.degrees(shape.a0) - 90, math.degrees(shape.a1) - 90
            patch = Wedge((shape.x0, shape.y0), shape.r1, start, end,
                          width=shape.r1 - shape.r0 if shape.r0 else None)  # fmt: skip
        else:
            patch = Rectangle((shape.x0, shape.y0), shape.x1 - shape.x0, shape.y1 - shape.y0)
        patch.set(facecolor=colour, edgecolor="white", linewidth=placed.stroke * 0.72)
        ax.add_patch(patch)
    for x, y, angle, text, ink, _ident in _labels(placed):
        ax.text(x, y, text, fontsize=8, color=ink, ha="center", va="center", rotation=-angle,
                rotation_mode="anchor", fontfamily=fonts)  # fmt: skip
    return figure


def tree_format(path: str | Path, layout: str = "auto") -> str:
    """The picture format named by the file's extension (svg, png or pdf); checks the layout."""
    check_layout(layout)
    return picture_format(path)


def check_layout(layout: str) -> None:
    if layout not in LAYOUTS:
        raise UnknownAlgorithmError(
            _("unknown layout {name}; choose one of: {names}").format(
                name=repr(layout), names=", ".join(LAYOUTS)
            )
        )


def save_tree(
    tree: SearchTree, path: str | Path, *, rejected: bool = False, layout: str = "auto"
) -> None:
    """Write the tree as SVG (the text above), PNG or PDF (matplotlib) by the extension,
    under a temporary name renamed when complete."""
    if tree_format(path, layout) == "svg":
        with output_file(path) as out:
            out.write(tree_svg(tree, rejected=rejected, layout=layout).encode("utf-8"))
    else:
        from nqueens.render.image import save_picture

        save_picture(tree_figure(tree, rejected=rejected, layout=layout), path)
