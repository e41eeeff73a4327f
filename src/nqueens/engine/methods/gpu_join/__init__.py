"""The gpu-join counting method: the join (methods/join: half-boards listed and matched
on their diagonals) with its matching on a CUDA GPU. The same subproblems as the join
(blocks of orbit representatives, listed or streamed), the same fields, the same
independent recount, all reached through the join's one door for it
(methods/join/shared.py); each representative's strips listed on the CPU by the join's
own kernels and staged (stage.py), their pairs counted on the GPU by bit-sliced tables
in shared memory (kernel.py). The GPU itself is engine/device.py's, as for `gpu`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nqueens.engine import device
from nqueens.engine.counter import Counter, Probe, Recount
from nqueens.engine.methods.join import shared as join
from nqueens.engine.methods.join.shared import JoinSplit, Workspace, recount
from nqueens.errors import SizeTooLargeError

__all__ = ["METHOD", "GPUJoinCounter", "count_joined_on_gpu"]

Array = npt.NDArray[np.int64]
Counts = npt.NDArray[np.int64]

STAGED = 1 << 16
"""The most representatives one launch takes."""
SIGNATURE_BYTES = 8
"""GPU memory a staged signature takes; a representative's offsets and a work item take
80 and 32 bytes beside them."""


def count_joined_on_gpu(
    n: int, middles: Array, easts: Array, weights: Array, bounds: Array
) -> Counts:
    """The registry's gpu-join fields for each block of representatives (block b:
    bounds[b] .. bounds[b+1]-1): its weighted solutions, and the GPU memory of the
    largest launch. Strips are listed in this process's join workspace, staged within
    the GPU's budget, and counted a launch at a time."""
    from nqueens.engine.methods.gpu_join import kernel, stage

    space = Workspace.of(n)
    budget = device.budget()
    capacity = max(1 << 16, budget // (2 * SIGNATURE_BYTES))
    sigs = np.empty(capacity, np.uint64)
    offsets = np.empty((STAGED, stage.OFFSETS), np.int64)
    items = np.empty((capacity // stage.BLOCK + stage.GROUPS * STAGED, 4), np.int64)
    status = np.zeros(3, np.int64)
    found = np.zeros(len(middles), np.uint64)
    largest = 0
    first = 0
    while first < len(middles):
        staged = stage.stage(n, middles, easts, first, space.arrays, sigs, offsets, items, status)
        if status[2] > 0:  # the workspace could not hold a representative's strips
            space.grow(int(status[2]))
            if staged == 0:
                continue
        elif status[2] < 0:  # one representative's lists pass the staging room
            raise SizeTooLargeError(
                f"the GPU join at N = {n} needs more than its share of the GPU's memory "
                f"({budget / 2**30:.3g} GiB) for one representative"
            )
        used, made = int(status[0]), int(status[1])
        found[first : first + staged] = kernel.count_items(
            n, sigs[:used], offsets[:staged], items[:made]
        )
        largest = max(largest, used * SIGNATURE_BYTES + staged * 80 + made * 32)
        first += staged
    weighted = found.astype(np.int64) * weights
    below = np.concatenate(([0], np.cumsum(weighted)))
    out = np.zeros((len(bounds) - 1, 2), np.int64)
    out[:, 0] = below[bounds[1:]] - below[bounds[:-1]]
    out[:, 1] = largest
    return out


@dataclass(frozen=True)
class GPUJoinCounter:
    """The registry's `gpu-join` entry (engine/registry.py)."""

    probe: Probe | None = None
    recount: Recount | None = recount  # type: ignore[assignment]

    def split(self, n: int) -> JoinSplit:
        return join.split(n, count=count_joined_on_gpu)

    def compiled(self) -> tuple[object, ...]:
        """The CPU kernels that list and stage the strips (the GPU's kernel is numba-cuda's
        to cache: it is loaded by the warm-up's launch). Refuses first, in one line, where
        no GPU can count: before anything is compiled, or said to be."""
        device.require("gpu-join")
        from nqueens.engine.methods.gpu_join.stage import stage

        return (stage,)

    def warm_up(self) -> None:
        """Refuse, in one line, where no GPU can count; else load the kernels on a board
        too small to take any time."""
        device.require("gpu-join")
        for parts in (self.split(6), join.streamed_split(6, 2, count_joined_on_gpu)):
            function, arguments = parts.task(np.arange(len(parts)))
            function(*arguments)

    def ready(self) -> bool:
        return device.usable()


METHOD: Counter = GPUJoinCounter()
