"""The symmetries of a variant's board, and one canonical solution per class.

A square board (classic, toroidal, superqueens) has the square's 8 symmetries: each maps
solutions to solutions, since rotations and reflections keep rows, columns, diagonals,
wrapped diagonals and knight's moves. A rectangle keeps only 4 (the identity, the two
reflections and the half turn). A torus also has its translations; `unique` counts
classes under the square's symmetries alone, as the OEIS's unique counts do for the
classic board, and the docs say so.
"""

from __future__ import annotations

from collections.abc import Callable

from nqueens.placement import SYMMETRIES, Placement
from nqueens.variants.rules import Rules

__all__ = ["canonical", "images", "is_canonical", "symmetries"]

Columns = tuple[int, ...]

RECTANGLE_SYMMETRIES = ("identity", "mirror", "flip", "rot180")


def symmetries(rules: Rules) -> tuple[str, ...]:
    """The names of the board's symmetries (from placement.py's 8 for a square)."""
    return SYMMETRIES if rules.square else RECTANGLE_SYMMETRIES


def _rectangle_image(name: str, width: int) -> Callable[[Columns], Columns]:
    def mirror(cols: Columns) -> Columns:
        return tuple(width - 1 - c for c in cols)

    def flip(cols: Columns) -> Columns:
        return cols[::-1]

    return {
        "identity": lambda cols: cols,
        "mirror": mirror,
        "flip": flip,
        "rot180": lambda cols: mirror(flip(cols)),
    }[name]


def images(cols: Columns, rules: Rules) -> list[Columns]:
    """The solution's images under every symmetry of the board (with repeats)."""
    if rules.square:
        placement = Placement(cols)
        return [placement.transform(name).cols for name in SYMMETRIES]
    return [_rectangle_image(name, rules.cols)(cols) for name in RECTANGLE_SYMMETRIES]


def canonical(cols: Columns, rules: Rules) -> Columns:
    """The least image: the one member of the class that `unique` keeps."""
    return min(images(cols, rules))


def is_canonical(cols: Columns, rules: Rules) -> bool:
    return all(image >= cols for image in images(cols, rules))
