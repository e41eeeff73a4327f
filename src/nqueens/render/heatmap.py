"""The heat map drawn: each square coloured by how many solutions put a queen there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from nqueens.i18n import _
from nqueens.render.fonts import text_fonts

if TYPE_CHECKING:
    from nqueens.heat import HeatMap

__all__ = ["heatmap_figure"]

COLOURMAP = "YlOrRd"


def heatmap_figure(heat: HeatMap, *, base: int = 0) -> Figure:
    """A board whose squares are shaded by their counts, each count written in its square."""
    n, counts = heat.n, heat.counts
    side = max(5.0, min(12.0, n * 0.62))
    figure = Figure(figsize=(side + 1.2, side + 0.6), dpi=100)
    FigureCanvasAgg(figure)
    figure.patch.set_facecolor("white")
    ax = figure.add_axes((0.07, 0.04, 0.78, 0.86))
    image = ax.imshow(counts, cmap=COLOURMAP, vmin=int(counts.min()), interpolation="nearest")
    ax.set_title(
        _("{n} queens: how many of the {total} solutions put a queen on each square").format(
            n=n, total=f"{heat.total:,}"
        ),
        fontsize=11,
        fontfamily=text_fonts(),
        pad=22,
    )
    ticks = list(range(n))
    ax.set_xticks(ticks, labels=[str(t + base) for t in ticks])
    ax.set_yticks(ticks, labels=[str(t + base) for t in ticks])
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    peak = int(counts.max()) or 1
    digits = len(f"{peak:,}")
    size = max(4.0, min(12.0, side * 72 / n / (digits * 0.75 + 1)))
    for row in range(n):
        for col in range(n):
            value = int(counts[row, col])
            ink = "white" if value > 0.6 * peak else "#1a1a1a"
            ax.text(col, row, f"{value:,}", ha="center", va="center", fontsize=size, color=ink)
    figure.colorbar(image, ax=ax, fraction=0.046, pad=0.03)
    return figure
