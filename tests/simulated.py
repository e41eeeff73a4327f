"""What numba's CUDA simulator can count in a test's time (the root conftest.py runs the GPU
methods on it): each thread of a GPU is a Python thread there, so a method that needs a
device is tested on smaller boards than the others, unless a real GPU runs the tests."""

from __future__ import annotations

from nqueens.engine import device
from nqueens.engine.registry import METHODS

SIMULATED_UP_TO = {"gpu": 10, "gpu-join": 7}
"""The largest N each is counted at on the simulator (gpu: N = 12 takes 15 s there;
gpu-join builds a 1,024-pattern table a block of threads: N = 8 takes 9 s, N = 9 half a
minute; tests/test_gpu_join.py counts N = 8 once, by the command)."""


def affordable(method: str, n: int) -> int:
    """`n`, or the largest N the simulator counts `method` at, whichever is smaller."""
    if METHODS[method].needs_device and device.simulated():
        return min(n, SIMULATED_UP_TO[method])
    return n
