"""What a count returns and what it reports on its way: the values `count()`, the engine's
runners and the progress bar share; and a comparison's rows. A leaf module: it imports
nothing of the package."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nqueens.engine.runtime.parts import Part
    from nqueens.engine.runtime.verify import Verification
    from nqueens.search.events import SearchStats
    from nqueens.search.spaces import SpaceSize

__all__ = ["ComparisonRow", "CountResult", "Progress"]


@dataclass(frozen=True)
class CountResult:
    """Total and unique solution counts for one board size, and how they were found.

    `method` is the registry's counting method that counted it (None for a rectangle,
    which the variants' own search counts, in this process: no method of the registry).
    `subproblems` is how many pieces the search was split into, `resumed` how many of
    them came from a journal rather than from this run, `nodes` how many queens the
    search placed (0 where a method does not count them). `half_turn` and `quarter_turn`
    (P and R, OEIS A032522 and A033148) count the solutions that a half turn or a quarter
    turn of the board leaves unchanged, where the method finds them (None otherwise).
    `memory` is the most bytes of working tables one worker held (the join method's
    half-board lists and match tables; None where a method keeps no tables). `variant`
    is the board counted, and `cols` its columns where it is a rectangle of `n` rows
    (None for the square). `part` is the `Part` (K, M), "K/M" as text, for a count of
    the K-th of M shares of the subproblems (`--part`): its `total` and `unique` are then
    the share's (unique None where only the whole count gives it, by Burnside), and its
    journal merges with the others. `published` says the count matches the published
    counts for N (False: N is past their table, so the count is new; None for a part's
    share and a rectangle, which have no published count; a count that differs is an
    error, never a result). `verification` is what the count's `verify` recounted of its
    journal (None when it asked for none).
    """

    n: int
    total: int
    unique: int | None
    time: float
    method: str | None
    workers: int = 1
    subproblems: int = 1
    resumed: int = 0
    nodes: int = 0
    half_turn: int | None = None
    quarter_turn: int | None = None
    memory: int | None = None
    variant: str = "classic"
    cols: int | None = None
    part: Part | None = None
    published: bool | None = False
    verification: Verification | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain values for JSON output (what was recounted as `verified`, `verify_seed`
        and `recounted_by`, where the count asked for a recount)."""
        part = None if self.part is None else str(self.part)  # "K/M"
        record = asdict(replace(self, part=None)) | {"part": part}
        checked = record.pop("verification")
        if checked is not None:
            record["verified"] = list(checked["checked"])
            record["verify_seed"] = checked["seed"]
            record["recounted_by"] = checked["recounted_by"]
        return record


@dataclass(frozen=True)
class Progress:
    """Where a count stands: subproblems done of all, and the solutions found so far
    (`unique` is None for a method that finds it only at the end, by Burnside)."""

    done: int
    total: int
    solutions: int
    unique: int | None
    resumed: int


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
