"""Slow, obvious reference solvers: what every fast function is compared with."""

from __future__ import annotations

import functools
import itertools


def naive_solutions(n: int) -> list[tuple[int, ...]]:
    """Every permutation, kept when no two queens share a diagonal (lexicographic)."""
    return [
        p
        for p in itertools.permutations(range(n))
        if all(abs(p[i] - p[j]) != j - i for i in range(n) for j in range(i + 1, n))
    ]


def naive_images(cols: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The 8 images of a permutation, by moving each queen's square directly."""
    n = len(cols)
    squares = [(r, c) for r, c in enumerate(cols)]
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (c, n - 1 - r),
        lambda r, c: (n - 1 - r, n - 1 - c),
        lambda r, c: (n - 1 - c, r),
        lambda r, c: (r, n - 1 - c),
        lambda r, c: (n - 1 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (n - 1 - c, n - 1 - r),
    ]
    images = set()
    for f in maps:
        moved = sorted(f(r, c) for r, c in squares)
        images.add(tuple(c for _, c in moved))
    return images


def naive_unique(n: int) -> int:
    """The number of symmetry classes among the solutions."""
    return len({min(naive_images(s)) for s in naive_solutions(n)})


def naive_attacks(cols: tuple[int, ...]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every attacking pair, by looking at every pair of squares."""
    pairs = []
    for r1, r2 in itertools.combinations(range(len(cols)), 2):
        c1, c2 = cols[r1], cols[r2]
        if c1 == c2 or r1 + c1 == r2 + c2 or r1 - c1 == r2 - c2:
            pairs.append(((r1, c1), (r2, c2)))
    return pairs


_all_solutions = functools.cache(naive_solutions)


def naive_completions(
    n: int,
    fixed: dict[int, int],
    blocked: frozenset[tuple[int, int]] = frozenset(),
    sums: frozenset[int] = frozenset(),
    diffs: frozenset[int] = frozenset(),
) -> list[tuple[int, ...]]:
    """Every solution keeping the fixed queens and avoiding blocked squares and the
    excluded diagonals (row + col in sums, row - col in diffs): all solutions, filtered."""
    return [
        cols
        for cols in _all_solutions(n)
        if all(cols[r] == c for r, c in fixed.items())
        and all(
            (r, c) not in blocked and r + c not in sums and r - c not in diffs
            for r, c in enumerate(cols)
        )
    ]


def naive_satisfiable(clauses: list[list[int]], variables: int) -> bool:
    """Whether a CNF formula has a model, by trying every assignment (tiny formulas only)."""
    for bits in range(1 << variables):
        if all(any((bits >> (abs(x) - 1) & 1) == (x > 0) for x in clause) for clause in clauses):
            return True
    return False
