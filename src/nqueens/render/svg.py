"""A board as a small SVG document, for Jupyter (`Placement._repr_svg_`) and the web."""

from __future__ import annotations

from nqueens.placement import Placement
from nqueens.render.colours import QUEEN, square_colour

__all__ = ["SvgBoard", "board_svg"]


class SvgBoard(str):
    """SVG text that notebooks display as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def board_svg(placement: Placement, size: int = 320) -> SvgBoard:
    """A chessboard with light and dark squares, the queens as ♛, labels on two sides."""
    n = placement.n
    margin = 18
    square = (size - margin) / n
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" font-family="sans-serif">',
        f'<rect width="{size}" height="{size}" fill="white"/>',
    ]
    label = max(8.0, min(12.0, square * 0.4))
    for i in range(n):
        centre = margin + (i + 0.5) * square
        parts.append(
            f'<text x="{centre:.1f}" y="{margin - 5}" font-size="{label:.1f}" '
            f'text-anchor="middle" class="col-label">{i}</text>'
        )
        parts.append(
            f'<text x="{margin - 5}" y="{centre:.1f}" font-size="{label:.1f}" '
            f'text-anchor="end" dominant-baseline="central" class="row-label">{i}</text>'
        )
    for row in range(n):
        for col in range(n):
            colour = square_colour(row, col)
            parts.append(
                f'<rect x="{margin + col * square:.2f}" y="{margin + row * square:.2f}" '
                f'width="{square:.2f}" height="{square:.2f}" fill="{colour}"/>'
            )
    for row, col in enumerate(placement.cols):
        parts.append(
            f'<text class="queen" data-row="{row}" data-col="{col}" '
            f'x="{margin + (col + 0.5) * square:.2f}" y="{margin + (row + 0.5) * square:.2f}" '
            f'font-size="{square * 0.8:.2f}" text-anchor="middle" '
            f'dominant-baseline="central" fill="{QUEEN}">♛</text>'
        )
    parts.append("</svg>")
    return SvgBoard("".join(parts))
