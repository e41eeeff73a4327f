"""An independent count of the GPU method's subproblems, on the CPU: each subproblem's
rows placed, then the rest searched row by row by a plain recursive bitboard search
(sharing nothing with the kernel but the definition of a subproblem), for `--verify`."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from nqueens.engine.methods.gpu.split import MIRRORS, GPUSplit

__all__ = ["completions", "recount"]


@njit(cache=True)
def completions(n: int, cols: int, left: int, right: int) -> int:  # pragma: no cover - numba
    """The ways to finish a board of N whose placed rows leave these masks (the
    diagonal masks already shifted to the next row)."""
    full = (1 << n) - 1
    if cols == full:
        return 1
    found = 0
    free = full & ~(cols | left | right)
    while free:
        bit = free & -free
        free ^= bit
        found += completions(n, cols | bit, (left | bit) << 1, (right | bit) >> 1)
    return found


def recount(parts: GPUSplit, indices: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    """The subproblems `indices` counted on the CPU: the gpu method's fields (the GPU's
    memory, a peak, is not recounted)."""
    out = np.zeros((len(indices), 2), np.int64)
    for row, index in enumerate(indices.tolist()):
        cols = left = right = 0
        for column in parts.rows[index].tolist():
            bit = 1 << column
            cols |= bit
            left = (left | bit) << 1
            right = (right | bit) >> 1
        out[row, 0] = MIRRORS * completions(parts.n, cols, left, right)
    return out
