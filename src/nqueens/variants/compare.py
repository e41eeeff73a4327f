"""A variant's two searches side by side, as `compare` sets the classic ones.

The check-function search (`events`, the teaching `backtracking` under the variant's
rules) and the bitboard search (`searched`) walk the same tree, so they place the same
queens; what differs is the work of finding the free squares: one check per square
against the queens above, or one per row with the squares as bits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from nqueens.i18n import _
from nqueens.limits import VARIANT_BITBOARD_MAX_N, VARIANT_CHECK_MAX_N
from nqueens.results import ComparisonRow
from nqueens.search.events import SearchStats, timed
from nqueens.validate import callback_given
from nqueens.variants.rules import BoardLike, Rules
from nqueens.variants.search import events, searched

__all__ = ["VARIANT_SEARCHES", "compare"]

VARIANT_SEARCHES = {
    "check function": VARIANT_CHECK_MAX_N,
    "bitboard": VARIANT_BITBOARD_MAX_N,
}
"""A variant's searches by name, and the largest N whose whole search `compare` runs."""


def _run(name: str, rules: Rules, stats: SearchStats) -> None:
    if name == "bitboard":  # its whole tree, as the check function walks it, even where
        for _ in searched(rules, stats):  # a theorem says at once that it holds nothing
            pass
        return
    for _ in timed(events(rules, stats), stats):
        pass


def compare(
    rules: BoardLike, *, on_start: Callable[[str, SearchStats], None] | None = None
) -> Iterator[ComparisonRow]:
    """Run each of the variant's searches over its whole tree and yield what each cost;
    a search too slow for this N is skipped, with the largest N it takes. The board is
    read (`Rules.given`) when this is called, not when the first row is asked for.

    Examples
    --------
    >>> rows = list(compare(Rules.of("toroidal", 7)))
    >>> [(row.algorithm, row.stats.nodes, row.stats.solutions) for row in rows]
    [('check function', 259, 28), ('bitboard', 259, 28)]
    """
    return _rows(Rules.given(rules), callback_given(on_start, "on_start"))


def _rows(
    rules: Rules, on_start: Callable[[str, SearchStats], None] | None
) -> Iterator[ComparisonRow]:
    for name, largest in VARIANT_SEARCHES.items():
        if rules.rows > largest:
            yield ComparisonRow(
                name,
                "",
                None,
                None,
                _("runs its whole search only up to N = {n}").format(n=largest),
            )
            continue
        stats = SearchStats()
        if on_start is not None:
            on_start(name, stats)
        _run(name, rules, stats)
        yield ComparisonRow(name, "", None, stats)
