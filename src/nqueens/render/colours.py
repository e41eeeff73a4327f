"""The one palette: the board's colours, marks and glyphs, and the page's two themes,
shared by every picture (SVG, matplotlib, Tk, the film, the player).

A module of its own with no imports, so the Tk viewer and the SVG code need not load
matplotlib to draw the same board. Every mark stands out from each square it may stand
on by 3:1 or more (WCAG's contrast for graphics), every text from its ground by 4.5:1,
in the light and the dark theme alike: `CONTRASTS` lists the pairs, and a test measures
each from these values. The squares' own tones (light, dark, attacked, solved) are
grounds, not marks: what a square's state means is carried by a mark (the attack's dot)
or said in words (the caption).
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
    "BOARD_MARKS",
    "CONTRASTS",
    "CURRENT_ROW",
    "DARK",
    "GIVEN_QUEEN",
    "LABEL",
    "LIGHT",
    "MARK_LEGEND",
    "PAGE_THEMES",
    "PICTURE_TEXT",
    "QUEEN",
    "QUEEN_GLYPH",
    "REJECT",
    "SOLUTION_DARK",
    "SOLUTION_LIGHT",
    "SOLUTION_TEXT",
    "SQUARES",
    "STATE_CELL",
    "STATE_FILLED",
    "STATE_READ",
    "TREE_FILL",
    "TREE_INK",
    "attack_legend",
    "contrast",
    "square_colour",
]

LIGHT, DARK, QUEEN = "#f0d9b5", "#b58863", "#1a1a1a"
ATTACKED_LIGHT, ATTACKED_DARK = "#f4b9a4", "#c98a6e"
SOLUTION_LIGHT, SOLUTION_DARK = "#c8e6a0", "#8fb86a"
REJECT = "#7f0000"  # the cross, the ring, the attack's line: dark, to stand out on dark squares
# An attacked square carries a dot as well as its shade: the shades alone stand too close
# to the plain squares (1.1:1), the dot stands out from every shade (4.4:1 at least).
ATTACK_MARK, ATTACK_MARK_RADIUS = "#4a1010", 0.12  # the radius as a share of a square
CURRENT_ROW = "#0d3b8c"  # the outline of the row the step works on
GIVEN_QUEEN = "#0b3d91"  # a queen the learner's page placed, not the student
LABEL = "#555555"  # index digits: 7.5:1 on white
# The algorithm's state beside the board: a cell's border, a set cell, a cell the step reads.
STATE_CELL, STATE_FILLED, STATE_READ = "#767676", "#5a3d28", "#1565c0"
SOLUTION_TEXT = "#1b5e20"  # a caption that says a solution was found
PICTURE_TEXT = "#333333"  # the counters and notes of the pictures, on white
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


SQUARES = (
    LIGHT,
    DARK,
    SOLUTION_LIGHT,
    SOLUTION_DARK,
    *(shade for shades in ATTACK_COLOURS.values() for shade in shades),
)
"""Every colour a square of the board takes: what a mark may stand on."""

BOARD_MARKS = {
    "light": LIGHT,
    "dark": DARK,
    "solved-light": SOLUTION_LIGHT,
    "solved-dark": SOLUTION_DARK,
    "reject": REJECT,
    "ink": QUEEN,
    "given": GIVEN_QUEEN,
    "attack-mark": ATTACK_MARK,
    "current-row": CURRENT_ROW,
    "state-cell": STATE_CELL,
    "state-filled": STATE_FILLED,
    "state-read": STATE_READ,
}
"""The board's own colours, the same in every theme (a board is a picture of its own)."""

MARK_LEGEND = {
    "dot": N_("attacked square"),
    "cross": N_("square refused"),
    "ring": N_("queen attacking it"),
    "frame": N_("row being filled"),
}
"""The board's marks (a dot, a cross, a ring, a frame) in words, beside each drawn, in the
legend of every board that steps through a search: the page, the film, the window."""

PAGE_THEMES = {
    "light": {
        "page": "#fafafa",
        "panel": "#ffffff",
        "text": "#1a1a1a",
        "muted": "#444444",
        "label": "#555555",
        "rule": "#767676",
        "reject-text": "#b71c1c",
        "accent-text": "#0d47a1",
        "solution-text": SOLUTION_TEXT,
        "read": STATE_READ,
        "code-line": "#ffe082",
        "code-text": "#1a1a1a",
    },
    "dark": {
        "page": "#1e1e1e",
        "panel": "#2a2a2a",
        "text": "#e8e8e8",
        "muted": "#c4c4c4",
        "label": "#bdbdbd",
        "rule": "#9e9e9e",
        "reject-text": "#ff8a80",
        "accent-text": "#90caf9",
        "solution-text": "#a5d6a7",
        "read": "#90caf9",
        "code-line": "#ffe082",
        "code-text": "#1a1a1a",
    },
}
"""The page around the board, in its light and dark theme (`prefers-color-scheme`)."""

TREE_FILL = {
    "root": "#5a3d28",
    "inner": DARK,
    "dead end": "#ef9a9a",
    "solution": SOLUTION_DARK,
    "cut": "#7b8fa6",
    "stub": "#bdbdbd",
}
"""The search tree's nodes, each kind its fill; every fill but the root's takes dark labels
(`TREE_INK`) at 4.5:1 or more, and keeps them at 35 % opacity, as the player draws the
nodes it has not reached yet."""
TREE_INK, TREE_ROOT_INK = "#1a1a1a", "#ffffff"

CONTRASTS: tuple[tuple[str, tuple[str, ...], tuple[str, ...], float], ...] = (
    ("marks on squares", (QUEEN, GIVEN_QUEEN, REJECT, ATTACK_MARK, CURRENT_ROW), SQUARES, 3.0),
    ("state cells on white", (STATE_CELL, STATE_READ, REJECT), ("#ffffff",), 3.0),
    ("text in a filled cell", ("#ffffff",), (STATE_FILLED,), 4.5),
    ("text in a cell", (QUEEN,), ("#ffffff",), 4.5),
    ("pictures' text on white", (PICTURE_TEXT, LABEL, SOLUTION_TEXT, QUEEN), ("#ffffff",), 4.5),
    ("tree labels", (TREE_INK,), tuple(v for k, v in TREE_FILL.items() if k != "root"), 4.5),
    ("the tree root's label", (TREE_ROOT_INK,), (TREE_FILL["root"],), 4.5),
    *(
        (
            f"{name} theme: text",
            tuple(
                theme[k]
                for k in ("text", "muted", "label", "reject-text", "accent-text", "solution-text")
            ),
            (theme["page"], theme["panel"]),
            4.5,
        )
        for name, theme in PAGE_THEMES.items()
    ),
    *(
        (
            f"{name} theme: outlines",
            (theme["rule"], theme["read"]),
            (theme["page"], theme["panel"]),
            3.0,
        )
        for name, theme in PAGE_THEMES.items()
    ),
    *(
        (f"{name} theme: the marked line", (theme["code-text"],), (theme["code-line"],), 4.5)
        for name, theme in PAGE_THEMES.items()
    ),
)
"""Each pair the palette promises: (what, foregrounds, grounds, the least ratio)."""


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
