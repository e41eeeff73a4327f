"""The join counting method: whole boards counted by matching half-boards instead of
searching (docs/counting.md explains it with a picture).

Cut the board down the middle into a west and an east half of N // 2 columns each (for
odd N the middle column is fixed first: its queen's row m is part of the subproblem).
Every solution puts its east queens in some set E of rows and its west queens in the
other rows. For one E, list every placement of the east queens alone and of the west
queens alone (a *strip*), describe each by the diagonals it occupies (one 64-bit
signature), and count the pairs whose signatures share no bit: each is one solution.
The symmetry of the square removes whole subproblems: only one (m, E) of each orbit
under the upside-down flip and the left-right mirror is counted, times the orbit's size.

Its modules, one concern each:

- split.py: the subproblems, orbit representatives in blocks (listed up front up to
  N = 23, generated inside each task beyond), and the task functions;
- workspace.py: the one `Workspace` of arrays a process lists and joins in, its growth
  within the memory budget, kept between tasks;
- blocks.py: the task's kernel, each representative's strips listed, then joined;
- strips.py: the strips, met in the middle; match.py: the join of two lists (cut bits,
  bit-sliced tables, the matcher);
- bitops.py: the vector instructions numba does not expose; simd.py: the one choice of
  vector instruction set and the compress written for each;
- probe.py: the estimate's probe; confined.py: the independent recount for `--verify`.

Only the total comes out of the join; the unique count follows from Burnside's lemma
(the runtime's `final_tally`, from engine/symmetric.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from nqueens.engine.counter import Counter, Probe, Recount
from nqueens.engine.methods.join import split as subproblems
from nqueens.engine.methods.join.confined import recount
from nqueens.engine.methods.join.probe import JoinProbe
from nqueens.engine.methods.join.split import JoinSplit

__all__ = ["METHOD", "JoinCounter"]


@dataclass(frozen=True)
class JoinCounter:
    """The registry's `join` entry (engine/registry.py): see the package's docstring."""

    probe: Probe | None = field(default_factory=JoinProbe)
    recount: Recount | None = recount  # type: ignore[assignment]

    def split(self, n: int) -> JoinSplit:
        return subproblems.split(n)

    def compiled(self) -> tuple[object, ...]:
        """The kernels a count loads (the registry's warm-up)."""
        from nqueens.engine.methods.join.blocks import count_blocks

        return count_blocks, subproblems.all_representatives, subproblems.block_representatives

    def warm_up(self) -> None:
        """Compile or load the kernels, on a board too small to take any time: both
        splits' tasks."""
        for parts in (subproblems.split(6), subproblems.streamed_split(6, target=2)):
            function, arguments = parts.task(np.arange(len(parts)))
            function(*arguments)

    def ready(self) -> bool:
        return True


METHOD: Counter = JoinCounter()
