"""One bitboard search for every variant: the free squares of the next row as bits.

As in the classic bitboard search (search/bitboard.py), bit i of a row is column i and
`taken | left | right` marks the attacked squares of the next row. The variants add two
things: on a toroidal board the diagonals rotate round the edge instead of falling off
it, and a superqueen also attacks the squares a knight's move away in the two rows
below (on a torus, rows wrap too, so the last rows also meet the first ones).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from nqueens.errors import IncompatibleOptionsError
from nqueens.i18n import _
from nqueens.messages import steps_on_squares_only
from nqueens.placement import Placement
from nqueens.search.events import Event, Place, Reject, Remove, SearchStats, Solution, timed
from nqueens.validate import kind_given
from nqueens.variants.rules import Rules
from nqueens.variants.symmetry import is_canonical

__all__ = [
    "count_first_rows",
    "events",
    "proved_empty",
    "rules_given",
    "searched",
    "shift_row",
    "solutions",
]

Columns = tuple[int, ...]


def solutions(
    rules: Rules, *, unique: bool = False, stats: SearchStats | None = None
) -> Iterator[Columns]:
    """Every solution under `rules`, in lexicographic order.

    Parameters
    ----------
    rules : Rules
        The board and how queens attack on it (`Rules.of("toroidal", 7)`, `Rules(5, 8)`).
    unique : bool
        Keep only the least solution of each symmetry class (8 symmetries for a square, 4
        for a rectangle).
    stats : SearchStats, optional
        Filled as the search runs.

    Yields
    ------
    tuple of int
        The column of each row's queen.

    Examples
    --------
    >>> next(solutions(Rules.of("superqueens", 10)))
    (2, 5, 8, 0, 3, 6, 9, 1, 4, 7)
    >>> sum(1 for _ in solutions(Rules(4, 6)))
    46
    """
    stats = stats if stats is not None else SearchStats()
    rules_given(rules)
    if proved_empty(rules):
        return
    for cols in searched(rules, stats):
        if unique and not is_canonical(cols, rules):
            continue
        yield cols


def searched(rules: Rules, stats: SearchStats) -> Iterator[Columns]:
    """Every solution, by the bitboard search over its whole tree, even on a board that
    `proved_empty` answers at once: the work `compare` sets beside the check function's."""
    rules_given(rules)
    for cols in timed(_search(rules, stats), stats):
        stats.solutions += 1  # every one the search reached, as SearchStats counts them
        yield cols


def rules_given(rules: object) -> None:
    """Refuse what is no `Rules`: these searches take the board's rules, not N."""
    kind_given(rules, Rules, "rules", _("a board's Rules (such as Rules.of('toroidal', 7))"))


def proved_empty(rules: Rules) -> bool:
    """True for a toroidal N x N board with N > 1 not coprime to 6, which has no solution
    (Polya, 1918): said at once, where the search would walk its whole tree."""
    return rules.wrap and rules.rows > 1 and math.gcd(rules.rows, 6) != 1


def events(rules: Rules, stats: SearchStats | None = None) -> Iterator[Event]:
    """The search step by step on a square variant board, as the teaching `backtracking`
    runs it: each square of a row is checked against the queens above by the rules' own
    check function (`Rules.attack`), so a rejection names its attacker."""
    rules_given(rules)
    if not rules.square:
        raise IncompatibleOptionsError(steps_on_squares_only(rules.rows, rules.cols))
    stats = stats if stats is not None else SearchStats()
    n = rules.rows
    cols: list[int] = []

    def place(row: int) -> Iterator[Event]:
        for col in range(n):
            stats.checks += 1
            attacker = next((q for q in enumerate(cols) if rules.attacks(q, (row, col))), None)
            if attacker is not None:
                yield Reject(row, col, attacker)
                continue
            cols.append(col)
            stats.nodes += 1
            yield Place(row, col)
            if row + 1 < n:
                yield from place(row + 1)
            else:
                stats.solutions += 1
                yield Solution(Placement(tuple(cols)))
            cols.pop()
            stats.backtracks += 1
            yield Remove(row, col)

    return place(0)


def count_first_rows(
    rules: Rules, first: int, second: int, unique: bool, shifts: bool = False
) -> tuple[int, int, int]:
    """The kernel's count of one subproblem (variants/kernel.py) by the Python search,
    for boards narrower than `VARIANT_KERNEL_FROM_N`: the solutions whose first row's
    queen stands in column `first` and second row's in column `second` (any, where
    negative), those of them that are the least of their symmetry class (when `unique`;
    else 0; with `shifts`, among every column shift of each), and the queens placed below
    the first row."""
    stats = SearchStats()
    found = least = 0
    n = rules.cols
    for cols in _search(rules, stats, first, None if second < 0 else second):
        found += 1
        if unique:
            for by in range(n if shifts else 1):
                least += is_canonical(tuple((c + by) % n for c in cols), rules)
    return found, least, stats.nodes - 1


def _search(
    rules: Rules, stats: SearchStats, first: int | None = None, second: int | None = None
) -> Iterator[Columns]:
    """The solutions in lexicographic order; only those with the first row's queen in
    column `first` (and the second row's in column `second`) when one is given."""
    m, n = rules.rows, rules.cols
    full = (1 << n) - 1
    cols = [0] * m
    bits = [0] * m
    wrap, knight = rules.wrap, rules.knight

    def knight_attacks(row: int) -> int:
        """Squares of `row` a knight's move from a queen placed in an earlier row: the two
        rows above, and on a torus also the first rows, one or two rows below it."""
        mask = 0
        for earlier in range(row):
            distance = row - earlier
            if wrap:
                distance = min(distance, m - distance)
            if distance in (1, 2):
                jump = 3 - distance  # two columns from the next row, one from the one after
                b = bits[earlier]
                mask |= shift_row(b, jump, n, wrap) | shift_row(b, -jump, n, wrap)
        return mask

    def place_row(row: int, taken: int, left: int, right: int) -> Iterator[Columns]:
        stats.checks += 1
        avail = full & ~(taken | left | right)
        if row == 0 and first is not None:
            avail &= 1 << first
        if row == 1 and second is not None:
            avail &= 1 << second
        if knight and row:
            avail &= ~knight_attacks(row)
        while avail:
            bit = avail & -avail
            avail ^= bit
            cols[row] = bit.bit_length() - 1
            bits[row] = bit
            stats.nodes += 1
            if row + 1 < m:
                yield from place_row(
                    row + 1,
                    taken | bit,
                    shift_row(left | bit, -1, n, wrap),
                    shift_row(right | bit, 1, n, wrap),
                )
            else:
                yield tuple(cols)
            stats.backtracks += 1

    return place_row(0, 0, 0, 0)


def shift_row(x: int, by: int, width: int, wrap: bool) -> int:
    """The bits of `x` moved `by` columns (up when positive) on a row `width` wide,
    rotating round the edge on a torus and falling off it otherwise."""
    full = (1 << width) - 1
    if wrap:
        by %= width
        return ((x << by) | (x >> (width - by))) & full
    return (x << by) & full if by >= 0 else x >> -by
