"""Knuth's random-probe estimate of a backtracking tree's size (Knuth 1975, "Estimating
the efficiency of backtrack programs"), for subproblems too long to time.

One probe walks from the subproblem's fixed rows to a dead end, choosing each row's
queen at random among the free squares; the product of the choices seen so far, summed
over the levels, is an unbiased estimate of the nodes below. The mean of many probes
converges on the true count; its spread says how far to trust it. Plain Python: a probe
costs N steps, so thousands of them take well under a second.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

__all__ = ["knuth_nodes"]


Allowed = Callable[[int, int, int], int]
"""(row, free squares, columns taken) -> the squares a search may try in that row."""


def knuth_nodes(
    n: int,
    fixed: Sequence[int],
    rng: np.random.Generator,
    probes: int,
    allowed: Allowed | None = None,
    stop: int | None = None,
) -> tuple[float, float]:
    """(mean, standard error) of the nodes (queens placed) in rows len(fixed)..stop-1
    below the rows `fixed`, one bit per row (bit i is column i), by `probes` random
    probes of the classic board, each row's squares narrowed by `allowed` (a search's
    own pruning, such as the symmetry rules of engine/methods/backtrack/kernels.py).

    >>> rng = np.random.default_rng(1)
    >>> mean, error = knuth_nodes(8, [1], rng, 4000)  # 8 queens, corner queen fixed
    >>> abs(mean - 226) < 15  # exactly 226 queens are placed below a corner queen
    True
    """
    full = (1 << n) - 1
    start = len(fixed)
    cols = left = right = 0
    for row, bit in enumerate(fixed):
        cols |= bit
        left |= (bit << (start - row)) & full
        right |= bit >> (start - row)
    estimates = np.empty(probes)
    stop = n if stop is None else stop
    draws = rng.random((probes, max(1, stop - start))).tolist()  # one draw a row, in bulk
    for p in range(probes):
        c, ld, rd = cols, left, right
        weight, nodes = 1, 0
        for step in range(stop - start):
            free = full & ~(c | ld | rd)
            if allowed is not None:
                free = allowed(start + step, free, c)
            if not free:
                break
            choices = free.bit_count()
            weight *= choices
            nodes += weight
            pick = int(draws[p][step] * choices)
            bit = free
            for _ in range(pick):
                bit &= bit - 1
            bit &= -bit
            c, ld, rd = c | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1
        estimates[p] = nodes
    mean = float(estimates.mean())
    error = float(estimates.std(ddof=1) / math.sqrt(probes)) if probes > 1 else mean
    return mean, error
