"""Run the teaching algorithms side by side on one board size.

This is how a teacher shows why backtracking and bitboards win: the same solutions,
found with very different amounts of work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from nqueens.i18n import _
from nqueens.search import ALGORITHMS, SearchStats, get_algorithm
from nqueens.search.spaces import SpaceSize, all_squares, factorial, power
from nqueens.validate import board_size

__all__ = ["ComparisonRow", "compare", "expected_nodes", "search_spaces"]


@dataclass(frozen=True)
class ComparisonRow:
    """One algorithm's run: its search space, its work, or why it was skipped."""

    algorithm: str
    space_label: str
    space: SpaceSize | None
    stats: SearchStats | None
    skipped: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain values for JSON output."""
        space = self.space
        record: dict[str, Any] = {
            "algorithm": self.algorithm,
            "space": space.exact if space else None,
            "space_log10": round(space.log10, 3) if space else None,
        }
        if self.stats is not None:
            record |= {k: getattr(self.stats, k) for k in self.stats.__slots__}
        record["skipped"] = self.skipped
        return record


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
    if algorithm not in ("brute-force", "permutations"):
        return None
    total, boards = 0, 1  # boards: those of k queens, for k = 1 .. N
    for k in range(n):
        boards *= n if algorithm == "brute-force" else n - k
        total += boards
    return total


def compare(
    n: int,
    algorithms: Sequence[str] | None = None,
    *,
    on_start: Callable[[str, SearchStats], None] | None = None,
) -> Iterator[ComparisonRow]:
    """Enumerate every solution with each algorithm in turn and yield what each cost.

    Algorithms too slow for this N are skipped, with the largest N they take, rather
    than run. `on_start(name, stats)` is told of each algorithm as it starts, with the
    counters the search fills while it runs (a progress bar reads them).
    """
    n = board_size(n)
    names = list(algorithms) if algorithms else list(ALGORITHMS)
    chosen = [get_algorithm(name) for name in names]
    for algorithm in chosen:
        space = algorithm.space(n) if algorithm.space else None
        if n > algorithm.largest_n():
            reason = _("lists every solution only up to N = {n}").format(n=algorithm.largest_n())
            yield ComparisonRow(algorithm.name, algorithm.space_label, space, None, reason)
            continue
        stats = SearchStats()
        if on_start is not None:
            on_start(algorithm.name, stats)
        for _solution in algorithm.search(n, stats=stats):
            pass
        yield ComparisonRow(algorithm.name, algorithm.space_label, space, stats)
