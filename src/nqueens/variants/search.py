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
from nqueens.limits import BITBOARD_MAX_N
from nqueens.messages import steps_on_squares_only
from nqueens.placement import Placement
from nqueens.search.events import Event, Place, Reject, Remove, SearchStats, Solution, timed
from nqueens.validate import kind_given
from nqueens.variants.rules import Rules
from nqueens.variants.symmetry import is_canonical

__all__ = ["count", "count_both", "count_totals", "events", "solutions"]

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
    _rules_given(rules)
    if proved_empty(rules):
        return
    found = timed(_search(rules, stats), stats)
    for cols in found:
        stats.solutions += 1  # every one the search reached, as SearchStats counts them
        if unique and not is_canonical(cols, rules):
            continue
        yield cols


def _rules_given(rules: object) -> None:
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
    _rules_given(rules)
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


def count(rules: Rules, *, unique: bool = False, fast: bool | None = None) -> int:
    """How many solutions `rules` has (all, or one per symmetry class).

    Parameters
    ----------
    rules : Rules
        The board and how queens attack on it; rectangles included.
    unique : bool
        Count symmetry classes instead of solutions.
    fast : bool, optional
        Count with the numba kernel (variants/kernel.py); None chooses it from width
        `FAST_FROM_N`, where it repays loading numba.

    Returns
    -------
    int
        The number of solutions, or of classes.

    Raises
    ------
    SizeTooLargeError
        A board wider than 63 squares for the kernel.

    Examples
    --------
    >>> count(Rules.of("toroidal", 13))
    4524
    >>> count(Rules(5, 8)), count(Rules(5, 8), unique=True)
    (568, 142)
    """
    _rules_given(rules)
    if fast is None:
        fast = rules.cols >= FAST_FROM_N
    if not fast:
        return sum(1 for _ in solutions(rules, unique=unique))
    total, least = count_both(rules, unique=unique)
    return least if unique else total


def count_both(rules: Rules, *, unique: bool = True) -> tuple[int, int]:
    """(total, unique) by the numba kernel, in one search (unique 0 when not asked).

    The search is split on the first row's column, and uses the mirror: a mirror image
    has its first queen in the mirrored column, so only the left half of the columns
    (and the middle one) is searched, the left half counting twice. Every class's least
    member is found there too, since the mirror of a first column past the middle is
    smaller. On a torus, where every column shift of a solution is one too, the total
    needs the first column alone (times the width) when the classes are not asked for.
    """
    if rules.cols > BITBOARD_MAX_N:
        raise rules.too_wide()
    from nqueens.variants.counters import count_columns, split_for
    from nqueens.variants.kernel import count_first_column, symmetry_switches

    if rules.wrap and not unique:
        switches = symmetry_switches(rules.square)
        found, _least, _nodes = count_first_column(
            rules.rows, rules.cols, rules.wrap, rules.knight, 0, False, switches
        )
        return rules.cols * int(found), 0
    board = (rules.rows, rules.cols, rules.wrap, rules.knight)
    rows = count_columns(*board, split_for(rules).firsts, unique)
    return int(rows[:, 0].sum()), int(rows[:, 1].sum())


def count_totals(rules: Rules) -> tuple[int, int]:
    """(total, unique) in one search: the kernel's from width `FAST_FROM_N`, else the
    Python search's, keeping the least member of each class as `unique` does.

    Examples
    --------
    >>> count_totals(Rules(5, 8))
    (568, 142)
    """
    if rules.cols >= FAST_FROM_N:
        return count_both(rules, unique=True)
    total = least = 0
    for cols in solutions(rules):
        total += 1
        least += is_canonical(cols, rules)
    return total, least


FAST_FROM_N = 11
"""`count` uses the numba kernel from this width up; below, the Python search answers
before numba would have loaded."""


def _search(rules: Rules, stats: SearchStats) -> Iterator[Columns]:
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
                mask |= _shift(bits[earlier], jump, n, wrap) | _shift(bits[earlier], -jump, n, wrap)
        return mask

    def place_row(row: int, taken: int, left: int, right: int) -> Iterator[Columns]:
        stats.checks += 1
        avail = full & ~(taken | left | right)
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
                    _shift(left | bit, -1, n, wrap),
                    _shift(right | bit, 1, n, wrap),
                )
            else:
                yield tuple(cols)
            stats.backtracks += 1

    return place_row(0, 0, 0, 0)


def _shift(x: int, by: int, width: int, wrap: bool) -> int:
    """The bits of `x` moved `by` columns (up when positive) on a row `width` wide,
    rotating round the edge on a torus and falling off it otherwise."""
    full = (1 << width) - 1
    if wrap:
        by %= width
        return ((x << by) | (x >> (width - by))) & full
    return (x << by) & full if by >= 0 else x >> -by
