"""What a counting method is, as the runtime sees it: a `Counter` that cuts a count into
`Parts` and counts them, with optional typed parts (a `Probe` for `--estimate`, a
`Recount` for `--verify`). The registry (registry.py) names one object per method; the
runtime (runtime/) reads only these types, never a method's module.

Importing this module costs nothing: no numba, no numpy at run time.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Indices = npt.NDArray[np.intp]
    Counts = npt.NDArray[np.int64]

__all__ = ["Counter", "Parts", "Probe", "ProbeUnit", "Probed", "Recount", "Uncompiled"]


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
    """A counting method's implementation: what the registry's entry names."""

    probe: Probe | None
    """Knuth's random probes or timed samples, for `--estimate` (None: every sampled
    subproblem is counted and timed)."""

    recount: Recount | None
    """An independent counter of the same subproblems, for `--verify` (None: the
    method's own task recounts, in this process)."""

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
