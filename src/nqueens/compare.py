"""Run the teaching algorithms side by side on one board size.

This is how a teacher shows why backtracking and bitboards win: the same solutions,
found with very different amounts of work. A variant's board sets its own two searches
side by side instead (`nqueens.variants.compare`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from nqueens.errors import IncompatibleOptionsError, UnknownAlgorithmError
from nqueens.i18n import _
from nqueens.messages import variant_name
from nqueens.results import ComparisonRow
from nqueens.search import ALGORITHMS, Algorithm, SearchStats, get_algorithm
from nqueens.search.shape import every_node
from nqueens.search.spaces import SpaceSize, all_squares, factorial, power
from nqueens.validate import board_size
from nqueens.variants.rules import BoardLike, Rules

# ComparisonRow lives in results.py (a value type), importable from here too
__all__ = ["ComparisonRow", "compare", "expected_nodes", "search_spaces"]


def search_spaces(n: int) -> dict[str, SpaceSize]:
    """The sizes of the spaces the seeds discuss, for an N x N board.

    Any N of the N^2 squares; one queen per row (N^N); one per row and column (N!).
    """
    n = board_size(n)
    return {"C(N^2, N)": all_squares(n), "N^N": power(n), "N!": factorial(n)}


def expected_nodes(algorithm: str, n: int) -> int | None:
    """How many queens `algorithm` places on the whole search of N (None: only the pruned
    search itself can tell). Brute force fills every board of every length, N^1 + N^2
    + ... + N^N; the permutations every arrangement of distinct columns, N!/(N-k)! of
    each length k.

    >>> expected_nodes("brute-force", 5), expected_nodes("permutations", 5)
    (3905, 325)
    """
    nodes = every_node(get_algorithm(algorithm).watch.tree, n)
    return None if nodes is None else sum(nodes) - 1  # every node but the root


def compare(
    board: BoardLike,
    algorithms: Sequence[str] | None = None,
    *,
    on_start: Callable[[str, SearchStats], None] | None = None,
) -> Iterator[ComparisonRow]:
    """Enumerate every solution with each algorithm in turn and yield what each cost.

    Algorithms too slow for this N are skipped, with the largest N they take, rather
    than run. A variant's board (`Rules`) runs its own two searches instead, the check
    function and the bitboard (`nqueens.variants.compare.compare`): the teaching
    algorithms follow the classic rules. `on_start(name, stats)` is told of each algorithm
    as it starts, with the counters the search fills while it runs (a progress bar reads
    them).

    Examples
    --------
    >>> [row.stats.solutions for row in compare(6, ["backtracking", "bitboard"])]
    [4, 4]
    >>> [row.algorithm for row in compare(Rules.of("toroidal", 5))]
    ['check function', 'bitboard']
    """
    rules = Rules.given(board)
    named = None if algorithms is None else list(algorithms)  # read once: it may be a stream
    if not rules.classic:
        from nqueens.variants.compare import compare as compare_variant

        if named is not None:  # [] too: a variant's board takes none
            raise IncompatibleOptionsError(
                _(
                    "the {variant} board has its own two searches, check function and "
                    "bitboard (the teaching algorithms follow the classic rules): name "
                    "no algorithms"
                ).format(variant=variant_name(rules.variant)),
                option="algorithms",
            )
        return compare_variant(rules, on_start=on_start)
    if named == []:  # None is every one; [] is none
        raise UnknownAlgorithmError(
            _("no algorithm named; choose one or more of: {names}").format(
                names=", ".join(ALGORITHMS)
            ),
            option="algorithms",
        )
    chosen = [get_algorithm(name) for name in named or ALGORITHMS]
    return _compare(rules.rows, chosen, on_start)


def _compare(
    n: int, chosen: list[Algorithm], on_start: Callable[[str, SearchStats], None] | None
) -> Iterator[ComparisonRow]:
    for algorithm in chosen:
        space = algorithm.space(n) if algorithm.space else None
        if n > algorithm.largest_n():
            reason = _("lists every solution only up to N = {n}").format(n=algorithm.largest_n())
            yield ComparisonRow(algorithm.name, algorithm.space_label, space, None, reason)
            continue
        stats = SearchStats()
        if on_start is not None:
            on_start(algorithm.name, stats)
        algorithm.count(n, stats)
        yield ComparisonRow(algorithm.name, algorithm.space_label, space, stats)
