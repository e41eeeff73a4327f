"""The superqueens counting method: variants/counting on the superqueens board."""

from __future__ import annotations

from nqueens.variants.counting import FirstColumns, compiled, split_for, warm_up
from nqueens.variants.rules import Rules

__all__ = ["compiled", "split", "warm_up"]


def split(n: int) -> FirstColumns:
    """The subproblems of the superqueens N x N board."""
    return split_for(Rules.of("superqueens", n))
