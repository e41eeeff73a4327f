"""The heat map: on how many of the solutions each square holds a queen.

Counted by a numba kernel (heat/kernel.py) over the left half of the first row and
mirrored: N = 16 (14,772,512 solutions) takes a few seconds. Drawn by
`nqueens.render.heatmap`; `nqueens show N --heatmap` is the command.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from nqueens.i18n import _
from nqueens.limits import HEATMAP_MAX_N, check_n
from nqueens.validate import board_size

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from matplotlib.figure import Figure

__all__ = ["HeatMap", "heatmap"]


@dataclass(frozen=True)
class HeatMap:
    """`counts[row, col]`: the solutions with a queen on (row, col); `total` solutions."""

    n: int
    counts: npt.NDArray[np.int64]
    total: int

    def figure(self, *, one_based: bool = False) -> Figure:
        """The heat map drawn as a matplotlib Figure, counts written in the squares."""
        from nqueens.render.heatmap import heatmap_figure

        return heatmap_figure(self, base=int(one_based))

    def save(self, path: str | Path, *, one_based: bool = False) -> None:
        """Write the picture as PNG, SVG or PDF, chosen by the file's extension."""
        from nqueens.render.image import save_picture

        save_picture(self.figure(one_based=one_based), path)

    def _repr_png_(self) -> bytes:
        import io

        buffer = io.BytesIO()
        self.figure().savefig(buffer, format="png", facecolor="white")
        return buffer.getvalue()


def heatmap(n: int, *, out: str | Path | None = None, one_based: bool = False) -> HeatMap:
    """Count, for every square, the solutions that put a queen there.

    Parameters
    ----------
    n : int
        The board size, N <= 17.
    out : str or Path, optional
        Also draw it, counts written in the squares: PNG, SVG or PDF by the extension.
    one_based : bool
        Number rows and columns from 1 in the picture.

    Returns
    -------
    HeatMap
        `counts[row, col]` and the `total` number of solutions.

    Raises
    ------
    SizeTooLargeError
        N is beyond 17.
    OutputFormatError, OutputPlaceError
        `out` names no picture format, or a place that cannot be written.

    Examples
    --------
    >>> heatmap(4).counts.tolist()
    [[0, 1, 1, 0], [1, 0, 0, 1], [1, 0, 0, 1], [0, 1, 1, 0]]
    """
    import numpy as np

    from nqueens.heat.kernel import heat_below

    n = board_size(n)
    check_n(n, HEATMAP_MAX_N, _("a heat map"), why=_("each N more takes about 7 times as long"))
    if out is not None:
        from nqueens.render.formats import picture_output

        picture_output(out)  # a bad name or place fails before the count
    half = np.zeros((n, n), dtype=np.int64)
    for first in range(n // 2):
        heat_below(n, first, half)
    counts = half + half[:, ::-1]
    if n % 2:
        heat_below(n, n // 2, counts)
    found = HeatMap(n, counts, int(counts[0].sum()))
    if out is not None:
        found.save(out, one_based=one_based)
    return found
