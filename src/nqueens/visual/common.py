"""What the film, the player and the window share: the checks of a board to step through,
and a variant's rules and title."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from nqueens.errors import IncompatibleOptionsError, SizeTooLargeError
from nqueens.limits import PLAYER_MAX_N
from nqueens.search import Algorithm, get_algorithm
from nqueens.search.events import Event
from nqueens.validate import board_size

if TYPE_CHECKING:
    from nqueens.variants.rules import Rules

__all__ = [
    "ANIMATION_ALGORITHM",
    "PLAYER_STEPS",
    "events_of",
    "steppable",
    "variant_rules",
    "variant_title",
]

ANIMATION_ALGORITHM = "backtracking"  # the one with a check function: it shows rejections
PLAYER_STEPS = 20_000


def events_of(n: int, algorithm: str) -> Callable[[], Iterator[Event]]:
    """The search's events, each with the algorithm's state after it."""
    chosen = get_algorithm(algorithm)
    return lambda: chosen.events(n, state=True)


def variant_rules(n: int, variant: str, algorithm: str) -> Rules | None:
    """The rules of a variant to step through (None for the classic board), refusing a
    teaching algorithm: those follow the classic rules; a variant has its own search."""
    from nqueens.variants import Rules

    rules = Rules.of(variant, n)
    if rules.classic:
        return None
    if algorithm != ANIMATION_ALGORITHM:
        raise IncompatibleOptionsError(
            f"a {variant} board is searched by its own check-function search, step by step "
            f"(the teaching algorithms follow the classic rules): drop --algorithm {algorithm}"
        )
    return rules


def variant_title(n: int, rules: Rules) -> str:
    return f"{n} queens, {rules.variant}: check-function search"


def steppable(n: int, algorithm: str, tool: str) -> tuple[int, Algorithm]:
    """The board size and algorithm, checked for stepping through by hand (player, viewer)."""
    n = board_size(n)
    if n > PLAYER_MAX_N:
        raise SizeTooLargeError(f"N = {n} is too large for {tool}: use N <= {PLAYER_MAX_N}")
    chosen = get_algorithm(algorithm)
    chosen.check_size(n, first_only=True)
    return n, chosen
