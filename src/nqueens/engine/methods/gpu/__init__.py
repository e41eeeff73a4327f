"""The gpu counting method: a depth-first search on a CUDA GPU, one thread per prefix of
the board's first rows, in numba-cuda (kernel.py), run unchanged by numba's CUDA
simulator where no GPU is (device.py, the one module that knows CUDA).

Its modules: split.py (the subproblems, the prefixes a launch takes, the task),
kernel.py (the kernel and its launch), shape.py (its block, stack and register budget),
recount.py (the independent count on the CPU, for `--verify`). Which GPU, how many
blocks it holds and one line for every failure are engine/device.py's, shared with
gpu-join.
Only the total comes out of the search; the unique count follows from Burnside's lemma
(the runtime's `final_tally`), from the same P and R as the join's (engine/symmetric.py).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from nqueens.engine import device
from nqueens.engine.counter import Counter, Parts, Probe, Probed, ProbeUnit, Recount
from nqueens.engine.methods.gpu import split as subproblems
from nqueens.engine.methods.gpu.recount import recount
from nqueens.engine.methods.gpu.split import GPUSplit

__all__ = ["METHOD", "GPUCounter", "GPUProbe"]

CALIBRATED_ON = 19
"""The board the probe's seconds per node are measured on: 0.38 s of an H200's kernel
(on the simulator, `SIMULATED_CALIBRATION`). At N = 17 the prefixes made on the CPU
took most of the count, and the plans came out 7 times too long (issue 46); from
N = 18 to 21 the kernel's seconds per node measured on an H200 agree within 12%."""
SIMULATED_CALIBRATION = 6
CALIBRATION_SAMPLE = 128
"""Subproblems of the calibration board whose nodes are estimated by Knuth's probes."""


@dataclass
class GPUProbe:
    """Knuth's estimate of the nodes a subproblem's search visits (its rows fixed, the
    last row counted by the kernel, not visited), turned into seconds at the rate the
    kernel of a whole count of N = CALIBRATED_ON ran on this GPU (the time of its
    prefixes, made on the CPU, taken out): its own launch, as wide as a count's, not one
    subproblem's (whose launch would leave most of the GPU idle)."""

    unit: ProbeUnit = ProbeUnit.SECONDS
    _per_node: float | None = None

    def __call__(self, parts: Parts, index: int, rng: np.random.Generator, probes: int) -> Probed:
        from nqueens.engine.counter import knuth_nodes

        assert isinstance(parts, GPUSplit)
        rate = self._seconds_per_node()
        fixed = [1 << int(c) for c in parts.rows[index]]
        mean, error = knuth_nodes(parts.n, fixed, rng, probes, stop=parts.n - 1)
        return Probed(mean * rate, error * rate)

    def held_bytes(self) -> int:
        return 0

    def _seconds_per_node(self) -> float:
        if self._per_node is None:
            from nqueens.engine.counter import knuth_nodes

            n = SIMULATED_CALIBRATION if device.simulated() else CALIBRATED_ON
            parts = subproblems.split(n)
            subproblems.count_on_gpu(n, parts.rows[:1])  # loads the kernel: not timed
            started = time.perf_counter()
            subproblems.count_on_gpu(n, parts.rows)
            counted = time.perf_counter() - started
            started = time.perf_counter()  # the prefixes alone, made on the CPU again
            for _ in subproblems.task_launches(n, parts.rows):
                pass
            made = time.perf_counter() - started
            seconds = max(counted - made, counted / 2)  # a clock's noise never zeroes it
            rng = np.random.default_rng(n)
            chosen = rng.choice(len(parts), min(CALIBRATION_SAMPLE, len(parts)), replace=False)
            nodes = [
                knuth_nodes(n, [1 << int(c) for c in parts.rows[i]], rng, 64, stop=n - 1)[0]
                for i in chosen.tolist()
            ]
            total = float(np.mean(nodes)) * len(parts)
            self._per_node = seconds / total if total else 0.0
        return self._per_node


@dataclass(frozen=True)
class GPUCounter:
    """The registry's `gpu` entry (engine/registry.py)."""

    probe: Probe | None = field(default_factory=GPUProbe)
    recount: Recount | None = recount  # type: ignore[assignment]

    def split(self, n: int) -> GPUSplit:
        return subproblems.split(n)

    def compiled(self) -> tuple[object, ...]:
        """The GPU's kernel, whose cache numba-cuda keeps (nothing on the CPU: the
        prefixes are made in numpy). Refuses first, in one line, where no GPU can count:
        before anything is compiled, or said to be."""
        device.require("gpu")
        if device.simulated():
            return ()
        from nqueens.engine.methods.gpu import kernel

        return (kernel.count_below,)

    def warm_up(self) -> None:
        """Compile the kernel for this GPU or load it from the cache: no launch, nothing
        made on the CPU (what is left before a count's first launch: docs/counting.md)."""
        device.require("gpu")
        from nqueens.engine.methods.gpu import kernel

        kernel.load()

    def ready(self) -> bool:
        """A real GPU is here (never the simulator)."""
        return device.usable()


METHOD: Counter = GPUCounter()
