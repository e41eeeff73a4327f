"""The contract between a counting method and the rest of the engine, whole: what a method
is (a `Counter` that cuts a count into `Parts` and counts them, with optional typed parts,
a `Probe` for `--estimate` and a `Recount` for `--verify`), what its count holds (`Field`s
that add up to a `Tally`), and what a method needs to meet it: `digest`, its split's
fingerprint, and `knuth_nodes`, Knuth's random probe of a backtracking tree. The
registry (registry.py) names one object per method; the runtime (runtime/) reads only
these types, never a method's module; a method imports this module and its own package,
never the registry or the runtime. mypy checks every method against `Counter` (each
package's `METHOD: Counter`).

Importing this module costs nothing: no numba, no numpy at run time.
"""

from __future__ import annotations

import enum
import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from nqueens.engine.arrays import Counts, Indices

__all__ = [
    "Allowed",
    "Counter",
    "Field",
    "Parts",
    "Probe",
    "ProbeUnit",
    "Probed",
    "Recount",
    "Tally",
    "Uncompiled",
    "digest",
    "knuth_nodes",
]


@dataclass(frozen=True)
class Field:
    """One number a subproblem's count holds: a journal column, named for what it holds.
    Fields are summed over subproblems, except a `peak` (the most any one task needed)."""

    name: str
    meaning: str
    peak: bool = False
    device: bool = False  # bytes of a GPU's memory (the estimate's peak per GPU), not the host's


@dataclass(frozen=True)
class Tally:
    """What a method's fields add up to. `unique` is None for a method that finds the total
    only: Burnside's lemma gives it at the end, from P and R (engine/symmetric.py)."""

    total: int
    unique: int | None
    nodes: int = 0
    half_turn: int | None = None
    quarter_turn: int | None = None
    memory: int | None = None


class Parts(Protocol):
    """A count cut into subproblems 0..len-1, a pure function of N."""

    @property
    def n(self) -> int: ...

    def __len__(self) -> int: ...

    def fingerprint(self) -> str:
        """A digest of every subproblem: equal digests, the same work."""
        ...

    def task(self, indices: Indices) -> tuple[Callable[..., Counts], tuple[Any, ...]]:
        """A picklable function and its arguments that count the subproblems `indices`:
        one row of the method's fields per subproblem."""
        ...


class ProbeUnit(enum.Enum):
    """What a probe's numbers measure: nodes of a search (turned into seconds by a
    calibration on a size quick to time), or seconds already (the probe timed a sample
    of the subproblem's inner work itself)."""

    NODES = "nodes"
    SECONDS = "seconds"


@dataclass(frozen=True)
class Probed:
    """One subproblem sized by a probe: its mean (in the probe's unit), that mean's
    standard error, and how many of its inner units the probe sampled rather than
    measured whole (the join: representatives whose join was timed on samples of their
    strips)."""

    mean: float
    error: float
    sampled: int = 0


class Probe(Protocol):
    """Sizes a subproblem too long to count within an estimate's budget."""

    @property
    def unit(self) -> ProbeUnit: ...

    def __call__(
        self, parts: Parts, index: int, rng: np.random.Generator, probes: int
    ) -> Probed: ...

    def held_bytes(self) -> int:
        """The working memory this process holds after probing (what a worker counting
        the probed subproblems holds at least); 0 where the probe holds none."""
        ...


Recount = Callable[["Parts", "Indices"], "Counts"]
"""An independent count of the same subproblems as a method's task (for `--verify`):
the method's fields, one row per index."""


class Counter(Protocol):
    """A counting method's implementation: what the registry's entry names. Its members
    are read-only, so that a frozen dataclass meets it."""

    @property
    def probe(self) -> Probe | None:
        """Knuth's random probes or timed samples, for `--estimate` (None: every sampled
        subproblem is counted and timed)."""
        ...

    @property
    def recount(self) -> Recount | None:
        """An independent counter of the same subproblems, for `--verify` (None: the
        method's own task recounts, in this process)."""
        ...

    def split(self, n: int) -> Parts:
        """The subproblems of a count of N, a pure function of N."""
        ...

    def compiled(self) -> tuple[object, ...]:
        """The compiled functions its warm-up loads (empty for a method without any)."""
        ...

    def warm_up(self) -> None:
        """Compile or load the kernels on a board too small to take any time."""
        ...

    def ready(self) -> bool:
        """Whether it can count here now (a GPU method: whether a GPU is); cheap, and
        quietly False where it cannot: what `auto` asks."""
        ...


@dataclass(frozen=True)
class Uncompiled:
    """A method with nothing to compile or load (numpy, pure Python): its split is all it
    brings, and it is counted and timed whole."""

    splitter: Callable[[int], Parts]
    probe: Probe | None = None
    recount: Recount | None = None

    def split(self, n: int) -> Parts:
        return self.splitter(n)

    def compiled(self) -> tuple[object, ...]:
        return ()

    def warm_up(self) -> None:
        """Nothing to load."""

    def ready(self) -> bool:
        return True


def digest(*arrays: npt.NDArray[Any]) -> str:
    """A short digest of the arrays that define a split's subproblems (its fingerprint)."""
    import numpy as np

    hashed = hashlib.sha256()
    for array in arrays:
        hashed.update(np.ascontiguousarray(array).tobytes())
    return hashed.hexdigest()[:16]


Allowed = Callable[[int, int, int], int]
"""(row, free squares, columns taken) -> the squares a search may try in that row."""


def knuth_nodes(
    n: int,
    fixed: Sequence[int],
    rng: np.random.Generator,
    probes: int,
    allowed: Allowed | None = None,
    stop: int | None = None,
) -> tuple[float, float]:
    """Knuth's random-probe estimate of a backtracking tree's size (Knuth 1975,
    "Estimating the efficiency of backtrack programs"), for subproblems too long to time:
    (mean, standard error) of the nodes (queens placed) in rows len(fixed)..stop-1 below
    the rows `fixed`, one bit per row (bit i is column i), by `probes` random probes of
    the classic board, each row's squares narrowed by `allowed` (a search's own pruning,
    such as the symmetry rules of engine/methods/backtrack/kernels.py).

    One probe walks from the subproblem's fixed rows to a dead end, choosing each row's
    queen at random among the free squares; the product of the choices seen so far,
    summed over the levels, is an unbiased estimate of the nodes below. The mean of many
    probes converges on the true count; its spread says how far to trust it. Plain
    Python: a probe costs N steps, so thousands of them take well under a second.

    >>> import numpy as np
    >>> rng = np.random.default_rng(1)
    >>> mean, error = knuth_nodes(8, [1], rng, 4000)  # 8 queens, corner queen fixed
    >>> abs(mean - 226) < 15  # exactly 226 queens are placed below a corner queen
    True
    """
    import numpy as np

    full = (1 << n) - 1
    start = len(fixed)
    cols = left = right = 0
    for row, bit in enumerate(fixed):
        cols |= bit
        left |= (bit << (start - row)) & full
        right |= bit >> (start - row)
    estimates = np.empty(probes)
    stop = n if stop is None else stop
    draws = rng.random((probes, max(1, stop - start))).tolist()  # one draw a row, in bulk
    for p in range(probes):
        c, ld, rd = cols, left, right
        weight, nodes = 1, 0
        for step in range(stop - start):
            free = full & ~(c | ld | rd)
            if allowed is not None:
                free = allowed(start + step, free, c)
            if not free:
                break
            choices = free.bit_count()
            weight *= choices
            nodes += weight
            pick = int(draws[p][step] * choices)
            bit = free
            for _ in range(pick):
                bit &= bit - 1
            bit &= -bit
            c, ld, rd = c | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1
        estimates[p] = nodes
    mean = float(estimates.mean())
    error = float(estimates.std(ddof=1) / math.sqrt(probes)) if probes > 1 else mean
    return mean, error
