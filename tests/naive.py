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


def naive_variant_solutions(rows: int, cols: int, attacks: object) -> list[tuple[int, ...]]:
    """Every way to put one queen in each of `rows` rows on distinct columns of a board
    `cols` wide, kept when no pair `attacks(a, b)` (squares as (row, col)); lexicographic."""
    test = attacks  # a callable on two squares: the rules under test, applied pair by pair
    return [
        p
        for p in itertools.permutations(range(cols), rows)
        if not any(
            test((i, p[i]), (j, p[j]))  # type: ignore[operator]
            for i in range(rows)
            for j in range(i + 1, rows)
        )
    ]


def naive_toroidal_attack(n: int):  # type: ignore[no-untyped-def]
    """Queens on a torus: same row, column, or diagonal counted round the edges."""

    def attack(a: tuple[int, int], b: tuple[int, int]) -> bool:
        (r1, c1), (r2, c2) = a, b
        return (
            r1 == r2 or c1 == c2 or (r1 - c1) % n == (r2 - c2) % n or (r1 + c1) % n == (r2 + c2) % n
        )

    return attack


def naive_superqueen_attack(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """A queen's line or a knight's jump, on an ordinary board."""
    (r1, c1), (r2, c2) = a, b
    dr, dc = abs(r1 - r2), abs(c1 - c2)
    return dr == 0 or dc == 0 or dr == dc or {dr, dc} == {1, 2}


def naive_queen_attack(a: tuple[int, int], b: tuple[int, int]) -> bool:
    (r1, c1), (r2, c2) = a, b
    return r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


def naive_classes(solutions: list[tuple[int, ...]], rows: int, cols: int) -> int:
    """Orbits of the solutions under the board's symmetries, by moving every square."""
    maps = [lambda r, c: (r, c), lambda r, c: (r, cols - 1 - c)]
    maps += [lambda r, c: (rows - 1 - r, c), lambda r, c: (rows - 1 - r, cols - 1 - c)]
    if rows == cols:
        n = rows
        maps += [
            lambda r, c: (c, n - 1 - r),
            lambda r, c: (n - 1 - c, r),
            lambda r, c: (c, r),
            lambda r, c: (n - 1 - c, n - 1 - r),
        ]
    seen: set[tuple[int, ...]] = set()
    classes = 0
    for s in solutions:
        if s in seen:
            continue
        classes += 1
        for f in maps:
            moved = sorted(f(r, c) for r, c in enumerate(s))
            seen.add(tuple(c for _, c in moved))
    return classes
