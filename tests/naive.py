"""Slow, obvious reference solvers: what every fast function is compared with."""

from __future__ import annotations

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
