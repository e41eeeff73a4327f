"""The board's colours and glyphs, shared by every picture: SVG, matplotlib, Tk.

A module of its own with no imports, so the Tk viewer and the SVG code need not load
matplotlib to draw the same board.
"""

from __future__ import annotations

__all__ = [
    "ATTACKED_DARK",
    "ATTACKED_LIGHT",
    "DARK",
    "LIGHT",
    "QUEEN",
    "QUEEN_GLYPH",
    "REJECT",
    "SOLUTION_DARK",
    "SOLUTION_LIGHT",
    "square_colour",
]

LIGHT, DARK, QUEEN = "#f0d9b5", "#b58863", "#1a1a1a"
ATTACKED_LIGHT, ATTACKED_DARK = "#f4b9a4", "#c98a6e"
SOLUTION_LIGHT, SOLUTION_DARK = "#c8e6a0", "#8fb86a"
REJECT = "#c62828"
QUEEN_GLYPH = "\u265b"  # ♛, in DejaVu Sans (matplotlib ships it; Debian's fonts-dejavu)


def square_colour(row: int, col: int, *, attacked: bool = False, solved: bool = False) -> str:
    """The colour of a square: light or dark (a1 dark), shaded when attacked, green when solved."""
    dark = (row + col) % 2 == 1
    if attacked:
        return ATTACKED_DARK if dark else ATTACKED_LIGHT
    if solved:
        return SOLUTION_DARK if dark else SOLUTION_LIGHT
    return DARK if dark else LIGHT
