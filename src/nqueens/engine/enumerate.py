"""Fast enumeration: every solution (or every unique one) as chunks of a NumPy array.

The numba kernel fills a fixed-size array and saves its stack between calls, so a
stream of any length uses the same small memory; rows come in lexicographic order, the
same order as the teaching algorithms.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from nqueens.engine import kernels
from nqueens.engine.run import MAX_N
from nqueens.errors import SizeTooLargeError
from nqueens.validate import board_size

__all__ = ["CHUNK", "solution_arrays"]

CHUNK = 65536
"""Solutions per chunk: big enough that Python's share of the time is small."""


def solution_arrays(
    n: int, *, unique: bool = False, chunk: int = CHUNK
) -> Iterator[npt.NDArray[np.int8]]:
    """Chunks of solutions, each an (k, n) int8 array of columns by row; k <= chunk.

    Examples
    --------
    >>> sum(len(a) for a in solution_arrays(8))
    92
    >>> next(solution_arrays(8, unique=True))[0].tolist()
    [0, 4, 7, 5, 2, 6, 1, 3]
    """
    n = board_size(n)
    if n > MAX_N:
        raise SizeTooLargeError(f"N = {n} is too large for 64-bit boards: use N <= {MAX_N}")
    state = np.array([-2], np.int64)
    avail, left, down, right, bits = (np.zeros(n + 1, np.int64) for _ in range(5))
    out = np.zeros((chunk, n), np.int8)
    while state[0] != -1:
        filled = kernels.enumerate_into(n, state, avail, left, down, right, bits, out, unique)
        if filled:
            yield out[:filled].copy()
