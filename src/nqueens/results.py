"""What a count returns and what it reports on its way: the values `count()`, the engine's
runners and the progress bar share. A leaf module: it imports nothing of the package."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["CountResult", "Progress"]


@dataclass(frozen=True)
class CountResult:
    """Total and unique solution counts for one board size, and how they were found.

    `subproblems` is how many pieces the search was split into, `resumed` how many of
    them came from a journal rather than from this run, `nodes` how many queens the
    search placed (0 where a method does not count them). `half_turn` and `quarter_turn`
    (P and R, OEIS A032522 and A033148) count the solutions that a half turn or a quarter
    turn of the board leaves unchanged, where the method finds them (None otherwise).
    `memory` is the most bytes of working tables one worker held (the join method's
    half-board lists and match tables; None where a method keeps no tables). `variant`
    is the board counted, and `cols` its columns where it is a rectangle of `n` rows
    (None for the square). `part` is "K/M" for a count of the K-th of M shares of the
    subproblems (`--part`): its `total` and `unique` are then the share's (unique 0 where
    only the whole count gives it, by Burnside), and its journal merges with the others.
    `published` says the count matches the published counts for N (False: N is past
    their table, or the count is a part's share, so the count is new; a count that
    differs is an error, never a result).
    """

    n: int
    total: int
    unique: int
    time: float
    method: str
    workers: int = 1
    subproblems: int = 1
    resumed: int = 0
    nodes: int = 0
    half_turn: int | None = None
    quarter_turn: int | None = None
    memory: int | None = None
    variant: str = "classic"
    cols: int | None = None
    part: str | None = None
    published: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Plain values for JSON output."""
        return asdict(self)


@dataclass(frozen=True)
class Progress:
    """Where a count stands: subproblems done of all, and the solutions found so far
    (`unique` is None for a method that finds it only at the end, by Burnside)."""

    done: int
    total: int
    solutions: int
    unique: int | None
    resumed: int
