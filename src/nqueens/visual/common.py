"""What the film, the player and the window share: the search a board is stepped
through (`nqueens.search.walk`), checked for stepping through by hand, and a variant's
title."""

from __future__ import annotations

from nqueens.i18n import _
from nqueens.limits import PLAYER_MAX_N, check_n
from nqueens.messages import variant_name
from nqueens.search import Walk, walk
from nqueens.variants.rules import BoardLike, Rules

__all__ = [
    "ANIMATION_ALGORITHM",
    "PLAYER_STEPS",
    "steppable",
    "variant_title",
]

ANIMATION_ALGORITHM = "backtracking"  # the one with a check function: it shows rejections
PLAYER_STEPS = 20_000
"""The steps a player page records unless told otherwise (`play --max-steps`)."""


def variant_title(n: int, rules: Rules) -> str:
    return _("{n} queens, {variant}: check-function search").format(
        n=n, variant=variant_name(rules.variant)
    )


def steppable(board: BoardLike, algorithm: str, tool: str) -> Walk:
    """The search on `board` to step through by hand (player, viewer), refusing boards
    too large to step through."""
    rules = Rules.given(board)
    check_n(rules.rows, PLAYER_MAX_N, tool)
    return walk(rules, algorithm, state=True)
