"""What a board is stepped through: a teaching algorithm, or a variant's own search.

The film, the player, the window and `trace` follow a search event by event. On the
classic board that is any teaching algorithm (`ALGORITHMS`). The teaching algorithms
follow the classic rules, so a variant's board (toroidal, superqueens) has searches of
its own instead: its check-function search (`nqueens.variants.events`), which is the
teaching `backtracking` under the variant's rules and reports every step, and its
bitboard search (`nqueens.variants.solutions`), which finds the solutions only.
`variant_search` names the one an algorithm stands for, and refuses the others, here and
nowhere else; `nqueens.search.walk` chooses the events, as a `Walk`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from nqueens.errors import IncompatibleOptionsError
from nqueens.i18n import _
from nqueens.messages import steps_on_squares_only, variant_name
from nqueens.search.events import Event, SearchStats
from nqueens.search.shape import shape, steps
from nqueens.variants.rules import Rules

if TYPE_CHECKING:
    from nqueens.search import Algorithm

__all__ = ["CHECK_FUNCTION", "STEPPED", "VARIANT_SEARCHES", "Walk", "variant_search"]

CHECK_FUNCTION = "check-function"
"""A variant's search that reports every step, as pages and titles name it."""

VARIANT_SEARCHES = {"backtracking": CHECK_FUNCTION, "bitboard": "bitboard"}
"""A variant's own searches, by the teaching algorithm each stands for: the check
function is backtracking under the variant's rules; the bitboard finds solutions only."""

STEPPED = "backtracking"
"""The one algorithm a variant's board is stepped through by: its check-function search."""


def variant_search(rules: Rules, algorithm: str, *, steps: bool = False) -> str:
    """The variant's own search that `algorithm` stands for on `rules`' board, refusing
    an algorithm the variant does not have; with `steps`, one that reports each step.

    >>> variant_search(Rules.of("toroidal", 7), "backtracking")
    'check-function'
    """
    if not rules.square:  # its bitboard search alone: the check function's are square
        if steps:
            raise IncompatibleOptionsError(steps_on_squares_only(rules.rows, rules.cols))
        if algorithm == "bitboard":
            return "bitboard"
        raise IncompatibleOptionsError(
            _(
                "a {rows}x{cols} board is searched by its bitboard search alone (the "
                "step-by-step search runs on square boards): use bitboard, not {algorithm}"
            ).format(rows=rules.rows, cols=rules.cols, algorithm=algorithm),
            option="algorithm",
        )
    if algorithm == STEPPED or (algorithm in VARIANT_SEARCHES and not steps):
        return VARIANT_SEARCHES[algorithm]
    if steps:
        message = _(
            "a {variant} board is searched by its own check-function search, step by step "
            "(the teaching algorithms follow the classic rules): use backtracking, not "
            "{algorithm}"
        ).format(variant=variant_name(rules.variant), algorithm=algorithm)
    else:
        message = _(
            "the {variant} {rows}x{cols} board has its own searches: bitboard, or "
            "backtracking (its check function), not {algorithm}"
        ).format(
            variant=variant_name(rules.variant),
            rows=rules.rows,
            cols=rules.cols,
            algorithm=algorithm,
        )
    raise IncompatibleOptionsError(message, option="algorithm")


@dataclass(frozen=True)
class Walk:
    """A search to step through, as `nqueens.search.walk` chose it: each iteration is a
    fresh run of it.

    `algorithm` is the teaching algorithm asked (on a variant's board, `backtracking`,
    which its check-function search stands for); `state` says whether each event
    carries the algorithm's `State` (a variant's own search keeps none); `search` is the
    search's name as pages and titles show it.
    """

    rules: Rules
    algorithm: Algorithm
    state: bool

    @property
    def n(self) -> int:
        return self.rules.rows

    @property
    def variant_rules(self) -> Rules | None:
        """The rules where they are a variant's; None on the classic board."""
        return None if self.rules.classic else self.rules

    @property
    def search(self) -> str:
        return self.algorithm.name if self.rules.classic else CHECK_FUNCTION

    def events(self, stats: SearchStats | None = None) -> Iterator[Event]:
        """A fresh run of the search, lazily, filling `stats`."""
        if self.rules.classic:
            return self.algorithm.events(self.n, stats, state=self.state)
        from nqueens.variants.search import events

        return events(self.rules, stats)

    def __iter__(self) -> Iterator[Event]:
        return self.events()

    def bare(self) -> Iterator[Event]:
        """The same steps with no state: a faster run, for counting them."""
        return replace(self, state=False).events()

    def whole(self) -> tuple[int, int] | None:
        """The steps and the solutions of the whole search, from its tree's shape without
        running it; None for a variant's own search, whose tree has no shape here."""
        if not self.rules.classic:
            return None
        watch = self.algorithm.watch
        return steps(watch.tree, watch.checks, self.n), shape(watch.tree, self.n).solutions

    def source(self) -> list[tuple[int, str]] | None:
        """The code a student reads beside the steps (`Algorithm.source`); None for a
        variant's own search, which has no state to tie to its lines."""
        return self.algorithm.source() if self.rules.classic else None
