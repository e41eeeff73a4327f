"""The backtrack counting method: the symmetric bitboard search with an explicit stack
(kernels.py), split by pre-placing the first rows (split.py). (P and R, the solutions
the half and quarter turns leave unchanged, from which any method that finds the total
alone gets its unique count by Burnside's lemma, are engine/symmetric.py's.)

Only canonical first-row cases are searched (a corner queen, or an edge queen in the
left half), and each solution found is tested against its rotations and counted by the
size of its orbit (2, 4 or 8): total and unique in one pass.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from nqueens.engine.counter import Counter, Parts, Probe, Probed, ProbeUnit, Recount, knuth_nodes
from nqueens.engine.methods.backtrack import kernels
from nqueens.engine.methods.backtrack import split as subproblems
from nqueens.engine.methods.backtrack.split import Split

__all__ = ["METHOD", "BacktrackCounter", "KnuthProbe"]


@dataclass(frozen=True)
class KnuthProbe:
    """Knuth's estimate (mean, standard error) of the queens the kernel places below a
    subproblem (its `nodes` field), with the kernel's symmetry rules
    (engine/counter.py)."""

    unit: ProbeUnit = ProbeUnit.NODES

    def __call__(self, parts: Parts, index: int, rng: np.random.Generator, probes: int) -> Probed:
        assert isinstance(parts, Split)
        n, start = parts.n, int(parts.starts[index])
        kind, bound1 = int(parts.kinds[index]), int(parts.bound1s[index])
        bound2, sidemask = n - 1 - bound1, (1 << (n - 1)) | 1
        constrain = getattr(kernels.constrain, "py_func", kernels.constrain)  # plain Python

        def allowed(row: int, free: int, down: int) -> int:
            return int(constrain(kind, row, free, down, bound1, bound2, sidemask))

        fixed = [int(b) for b in parts.boards[index, :start]]
        return Probed(*knuth_nodes(n, fixed, rng, probes, allowed, stop=n - 1))

    def held_bytes(self) -> int:
        return 0


@dataclass(frozen=True)
class BacktrackCounter:
    """The registry's `backtrack` entry (engine/registry.py)."""

    probe: Probe | None = field(default_factory=KnuthProbe)
    recount: Recount | None = None

    def split(self, n: int) -> Split:
        return subproblems.split(n)

    def compiled(self) -> tuple[object, ...]:
        """The kernels a count loads (the registry's warm-up)."""
        return kernels.count_batch, kernels.walk

    def warm_up(self) -> None:
        """Compile or load the kernels, on a board too small to take any time."""
        subproblems.split(6, 4)
        empty = np.zeros(0, np.int64)
        subproblems.count_subproblems(4, empty, empty, empty, np.zeros((0, 4), np.int64))

    def ready(self) -> bool:
        return True


METHOD: Counter = BacktrackCounter()
