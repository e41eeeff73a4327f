"""The board's colours and glyphs, shared by every picture: SVG, matplotlib, Tk.

A module of its own with no imports, so the Tk viewer and the SVG code need not load
matplotlib to draw the same board.
"""

from __future__ import annotations

from nqueens.i18n import N_

__all__ = [
    "ATTACKED_DARK",
    "ATTACKED_LIGHT",
    "ATTACK_COLOURS",
    "ATTACK_LEGEND",
    "ATTACK_MARK",
    "ATTACK_MARK_RADIUS",
    "CURRENT_ROW",
    "DARK",
    "LABEL",
    "LIGHT",
    "QUEEN",
    "QUEEN_GLYPH",
    "REJECT",
    "SOLUTION_DARK",
    "SOLUTION_LIGHT",
    "STATE_CELL",
    "STATE_FILLED",
    "STATE_READ",
    "attack_legend",
    "contrast",
    "square_colour",
]

LIGHT, DARK, QUEEN = "#f0d9b5", "#b58863", "#1a1a1a"
ATTACKED_LIGHT, ATTACKED_DARK = "#f4b9a4", "#c98a6e"
SOLUTION_LIGHT, SOLUTION_DARK = "#c8e6a0", "#8fb86a"
REJECT = "#c62828"
# An attacked square carries a dot as well as its shade: the shades alone stand too close
# to the plain squares (1.1:1), the dot stands out from every shade (4.4:1 at least).
ATTACK_MARK, ATTACK_MARK_RADIUS = "#4a1010", 0.12  # the radius as a share of a square
CURRENT_ROW = "#1565c0"  # the outline of the row the step works on
LABEL = "#555555"  # index digits: 7.5:1 on white
# The algorithm's state beside the board: a cell's border, a set cell, a cell the step reads.
STATE_CELL, STATE_FILLED, STATE_READ = "#bbbbbb", "#5a3d28", "#1565c0"
QUEEN_GLYPH = "\u265b"  # ♛, in DejaVu Sans (matplotlib ships it; Debian's fonts-dejavu)

# A variant's attacks that a classic queen would not make: round the edge (a torus), by a
# knight's move (superqueens). Keyed by the kinds of nqueens.variants.rules (LINE, WRAP,
# KNIGHT); a square attacked both ways takes the first: line, then wrap, then knight.
ATTACK_COLOURS = {
    "line": (ATTACKED_LIGHT, ATTACKED_DARK),
    "wrap": ("#b3c8f0", "#7f98c4"),
    "knight": ("#e0b8f0", "#a47fbd"),
}
ATTACK_LEGEND = {
    "line": N_("attacked along a line"),
    "wrap": N_("only round the edge"),
    "knight": N_("only by a knight's move"),
}
"""What each shading means, for the legend beside a variant's board (with a swatch);
marked for the catalog, said with `_`."""


def attack_legend(wrap: bool, knight: bool) -> list[str]:
    """The kinds of shading a board with these rules shows, for its legend (none on a
    classic board, whose one shading needs no legend)."""
    kinds = ["line"] + ["wrap"] * wrap + ["knight"] * knight
    return kinds if len(kinds) > 1 else []


def square_colour(row: int, col: int, *, attacked: bool | str = False, solved: bool = False) -> str:
    """The colour of a square: light or dark (a1 dark), shaded when attacked (`attacked`
    may name the kind of attack: "line", "wrap", "knight"), green when solved."""
    dark = (row + col) % 2 == 1
    if attacked:
        light_shade, dark_shade = ATTACK_COLOURS["line" if attacked is True else attacked]
        return dark_shade if dark else light_shade
    if solved:
        return SOLUTION_DARK if dark else SOLUTION_LIGHT
    return DARK if dark else LIGHT


def _luminance(colour: str) -> float:
    red, green, blue = (int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4))

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(one: str, other: str) -> float:
    """The contrast ratio of two colours (#rrggbb), as WCAG 2 defines it: 1 to 21."""
    high, low = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)
