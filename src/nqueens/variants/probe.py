"""Knuth's random-probe estimate of a variant's subproblem (variants/counters.py): the
queens its search places below the first row, with the variant's own attacks (diagonals
round the edge of a torus, a superqueen's knight's moves), for `--estimate` and a long
count's plan (counters.py's `VariantProbe`). engine/counter.py's `knuth_nodes` walks
the classic board; this one walks the variant's as search.py's bitboard search does, one
random square a row, and weighs each level by the product of the choices seen (Knuth
1975).
"""

from __future__ import annotations

import math

import numpy as np

from nqueens.variants.rules import Rules
from nqueens.variants.search import proved_empty, shift_row

__all__ = ["variant_nodes"]


def variant_nodes(
    rules: Rules, first: int, second: int, rng: np.random.Generator, probes: int
) -> tuple[float, float]:
    """(mean, standard error) of the queens placed below the first row by the search of
    the subproblem (first, second) (second -1: the second row free), by `probes` of
    Knuth's random probes; (0, 0) on a board `proved_empty` answers without a search.

    >>> rng = np.random.default_rng(1)
    >>> mean, error = variant_nodes(Rules.of("superqueens", 10), 0, 3, rng, 4000)
    >>> abs(mean - 13) < 1  # the search places exactly 13 queens below (0, 3)
    True
    """
    if proved_empty(rules) or rules.rows == 1:
        return 0.0, 0.0
    m, n, wrap, knight = rules.rows, rules.cols, rules.wrap, rules.knight
    full = (1 << n) - 1
    fixed = [1 << first] + ([1 << second] if second >= 0 else [])
    taken = left = right = 0
    for bit in fixed:
        taken, left, right = (
            taken | bit,
            shift_row(left | bit, -1, n, wrap),
            shift_row(right | bit, 1, n, wrap),
        )
    start = len(fixed)
    draws = rng.random((probes, max(1, m - start))).tolist()  # one draw a row, in bulk
    estimates = np.empty(probes)
    for p in range(probes):
        bits = [*fixed, *([0] * (m - start))]
        t, ld, rd = taken, left, right
        weight, nodes = 1, len(fixed) - 1  # the second row's queen, when fixed, is one
        for row in range(start, m):
            free = full & ~(t | ld | rd)
            if knight:  # superqueens never wrap: the two rows above alone
                for earlier, jump in ((row - 1, 2), (row - 2, 1)):
                    if earlier >= 0:
                        b = bits[earlier]
                        free &= ~(shift_row(b, jump, n, wrap) | shift_row(b, -jump, n, wrap))
            if not free:
                break
            choices = free.bit_count()
            weight *= choices
            nodes += weight
            bit = free
            for _ in range(int(draws[p][row - start] * choices)):
                bit &= bit - 1
            bit &= -bit
            bits[row] = bit
            t, ld, rd = t | bit, shift_row(ld | bit, -1, n, wrap), shift_row(rd | bit, 1, n, wrap)
        estimates[p] = nodes
    mean = float(estimates.mean())
    error = float(estimates.std(ddof=1) / math.sqrt(probes)) if probes > 1 else mean
    return mean, error
