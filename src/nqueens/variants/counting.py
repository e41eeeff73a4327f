"""Counting a variant's board in this process: the total and the unique count in one
search, split on the first two rows' columns (counters.py's `count_rows`): by the Python
search on boards narrower than `VARIANT_KERNEL_FROM_N`, where it answers before numba
would have loaded, and by the numba kernel (kernel.py) from there.
"""

from __future__ import annotations

from nqueens.validate import flag_given
from nqueens.variants.rules import Rules
from nqueens.variants.search import rules_given

__all__ = ["count", "count_both", "count_totals"]


def count(rules: Rules, *, unique: bool = False, fast: bool | None = None) -> int:
    """How many solutions `rules` has (all, or one per symmetry class).

    Parameters
    ----------
    rules : Rules
        The board and how queens attack on it; rectangles included.
    unique : bool
        Count symmetry classes instead of solutions.
    fast : bool, optional
        Count with the numba kernel (variants/kernel.py), or with the Python search;
        None chooses the kernel from width `VARIANT_KERNEL_FROM_N`, where it repays
        loading numba.

    Returns
    -------
    int
        The number of solutions, or of classes.

    Examples
    --------
    >>> count(Rules.of("toroidal", 13))
    4524
    >>> count(Rules(5, 8)), count(Rules(5, 8), unique=True)
    (568, 142)
    """
    rules_given(rules)
    unique = flag_given(unique, "unique")
    if fast is not None:
        fast = flag_given(fast, "fast")  # "no" was taken for True
    total, least = count_both(rules, unique=unique, fast=fast)
    return least if unique else total


def count_both(rules: Rules, *, unique: bool = True, fast: bool | None = None) -> tuple[int, int]:
    """(total, unique) in one search (unique 0 when not asked), by the kernel when `fast`
    (None: from width `VARIANT_KERNEL_FROM_N`), else by the Python search.

    The search is split on the first two rows' columns, and uses the mirror: a mirror
    image has its first queen in the mirrored column, so only the left half of the
    columns (and the middle one) is searched, the left half counting twice. Every
    class's least member is found there too, since the mirror of a first column past the
    middle is smaller. On a torus, where every column shift of a solution is one too,
    the first column alone is searched, each solution counting its N shifts, and the
    least of each class are counted among those shifts.
    """
    from nqueens.variants.counters import count_rows, split_for

    board = (rules.rows, rules.cols, rules.wrap, rules.knight)
    split = split_for(rules)
    rows = count_rows(*board, split.firsts, split.seconds, split.leads, unique, fast)
    return int(rows[:, 0].sum()), int(rows[:, 1].sum())


def count_totals(rules: Rules) -> tuple[int, int]:
    """(total, unique) in one search, as `count_both` counts them with `unique`.

    Examples
    --------
    >>> count_totals(Rules(5, 8))
    (568, 142)
    """
    return count_both(rules, unique=True)
