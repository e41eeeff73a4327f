"""Variants of the puzzle: toroidal queens, superqueens, rectangular boards.

They live beside the classic code, not inside it: the teaching algorithms in `search/`
stay as plain as the source documents, and the classic paths never pay for the variants.
A variant is a `Rules` value; `solutions` and `count` take one.
"""

from nqueens.known import KNOWN_VARIANT_COUNTS, RECTANGLE_TOTALS, known_variant_count
from nqueens.variants.board import VariantBoard
from nqueens.variants.counting import count
from nqueens.variants.rules import VARIANTS, Rules, parse_board_size
from nqueens.variants.search import events, solutions
from nqueens.variants.symmetry import canonical, images, symmetries

__all__ = [
    "KNOWN_VARIANT_COUNTS",
    "RECTANGLE_TOTALS",
    "VARIANTS",
    "Rules",
    "VariantBoard",
    "canonical",
    "count",
    "events",
    "images",
    "known_variant_count",
    "parse_board_size",
    "solutions",
    "symmetries",
]
