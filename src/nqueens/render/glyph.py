"""The queen glyph as an SVG path, taken from the DejaVu Sans font that matplotlib ships.

Pages that draw queens carry this path instead of the ♛ character, so they look the same
on a machine whose fonts lack the chess symbols.
"""

from __future__ import annotations

import functools

__all__ = ["queen_path"]


@functools.cache
def queen_path() -> str:
    """The ♛ outline scaled to the unit square (y pointing down), as SVG path data."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.path import Path
    from matplotlib.textpath import TextPath

    glyph = TextPath((0, 0), "\u265b", size=1, prop=FontProperties(family="DejaVu Sans"))
    (x0, y0), (x1, y1) = glyph.get_extents().get_points()
    scale = max(x1 - x0, y1 - y0)
    dx, dy = (scale - (x1 - x0)) / 2, (scale - (y1 - y0)) / 2

    def point(x: float, y: float) -> str:
        return f"{(x - x0 + dx) / scale:.4f} {(y1 - y + dy) / scale:.4f}"

    letters = {Path.MOVETO: "M", Path.LINETO: "L", Path.CURVE3: "Q", Path.CURVE4: "C"}
    commands = []
    for vertices, code in glyph.iter_segments(simplify=False, curves=True):
        if code == Path.CLOSEPOLY:
            commands.append("Z")
            continue
        pairs = vertices.reshape(-1, 2)
        commands.append(letters[code] + " ".join(point(x, y) for x, y in pairs))
    return "".join(commands)
