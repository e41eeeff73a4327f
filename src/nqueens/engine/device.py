"""The one module that knows CUDA, shared by the two GPU methods (methods/gpu and
methods/gpu_join): whether a GPU can count here, which one, how many blocks of a kernel
it holds at once, and one line for every failure. numba.cuda is imported only through
`cuda()`, when a GPU count runs, so `import nqueens`, `auto` and every CPU count stay
free of it.

Two paths run the same kernel code:

| path | chosen when | a launch |
|---|---|---|
| `gpu` | numba-cuda (the `gpu` extra) finds a GPU | the blocks all processors hold at once |
| `simulator` | `NUMBA_ENABLE_CUDASIM=1` (Python threads) | one block of `SIMULATOR_BLOCK` threads |

The simulator is how the kernels are tested on machines without a GPU (CI among them):
it runs each thread's code as Python, exactly as written, so a test under it checks the
kernel's own logic; it is far too slow to count anything large, so `auto` never picks it.

numpy 2.5 removed `numpy.row_stack`, which numba-cuda 0.30 still names when it compiles;
`cuda()` puts it back (as `numpy.vstack`, which it always was) until numba-cuda stops
naming it.
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import util
from pathlib import Path
from typing import Any

from nqueens.errors import BackendUnavailableError, DeviceError, NQueensError
from nqueens.i18n import N_, _

__all__ = [
    "ARCHITECTURES",
    "INSTALL",
    "MEMORY_SHARE",
    "SIMULATOR_BLOCK",
    "Architecture",
    "GPUInfo",
    "budget",
    "cuda",
    "describe",
    "launch_shape",
    "reported",
    "require",
    "resident_blocks",
    "simulated",
    "usable",
    "wait",
]

INSTALL = N_("install the gpu extra: uv sync --extra gpu, or pip install 'nqueens-lab[gpu]'")
"""How a user gets numba-cuda with its CUDA runtime (the one remedy every message names)."""

SIMULATOR_BLOCK = 32
"""Threads of the simulator's one block: one warp, each a Python thread."""
MEMORY_SHARE = 0.5
"""The share of a GPU's free memory (when a launch is prepared) a count may take: the
rest is left to the CUDA runtime and to whatever else runs on the GPU."""
SIMULATED_MEMORY = 1 << 30
"""The free memory the simulator is taken to have."""
WAIT_SECONDS = 0.02
"""How often a wait for the GPU looks whether it is done."""


@dataclass(frozen=True)
class Architecture:
    """What one multiprocessor of a compute capability holds at once (NVIDIA's CUDA C
    Programming Guide, "Technical Specifications per Compute Capability"): the limits
    that decide how many blocks of a kernel run on it together (its occupancy)."""

    threads: int  # resident threads
    blocks: int  # resident blocks
    registers: int  # 32-bit registers
    shared: int  # bytes of shared memory blocks may take together
    reserved: int  # bytes of shared memory the system keeps for each block


ARCHITECTURES = {
    (7, 5): Architecture(1024, 16, 65536, 64 * 1024, 0),
    (8, 0): Architecture(2048, 32, 65536, 164 * 1024, 1024),
    (8, 6): Architecture(1536, 16, 65536, 100 * 1024, 1024),
    (8, 7): Architecture(2048, 32, 65536, 164 * 1024, 1024),
    (8, 9): Architecture(1536, 24, 65536, 100 * 1024, 1024),
    (9, 0): Architecture(2048, 32, 65536, 228 * 1024, 1024),
    (10, 0): Architecture(2048, 32, 65536, 228 * 1024, 1024),
    (12, 0): Architecture(1536, 32, 65536, 100 * 1024, 1024),
}
"""The compute capabilities numba-cuda's CUDA 13 runtime (the `gpu` extra) compiles for,
from 7.5 (Turing) up; an unlisted one is taken as 7.5, the smallest."""

REGISTER_UNIT = 256
"""Registers are given to a warp in units of this many (8 a thread)."""


def resident_blocks(capability: tuple[int, int], threads: int, registers: int, shared: int) -> int:
    """How many blocks of `threads` threads, each thread using `registers` registers and
    the block `shared` bytes of shared memory, one multiprocessor of this compute
    capability runs at once: the least that its threads, blocks, registers and shared
    memory allow (0: none fits).

    >>> resident_blocks((9, 0), 160, 20, 48 * 1024)  # ygch/n_queens's kernel on an H100
    4
    """
    limits = ARCHITECTURES.get(capability, ARCHITECTURES[(7, 5)])
    warps = -(-threads // 32)
    per_warp = -(-registers * 32 // REGISTER_UNIT) * REGISTER_UNIT
    by_registers = (limits.registers // per_warp) // warps if per_warp else limits.blocks
    by_shared = limits.shared // (shared + limits.reserved) if shared else limits.blocks
    return min(limits.threads // threads, limits.blocks, by_registers, by_shared)


def simulated() -> bool:
    """Whether numba's CUDA simulator stands in for a GPU (NUMBA_ENABLE_CUDASIM=1)."""
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "0") not in ("", "0")


def _installed() -> bool:
    """numba-cuda's package is here (found without importing it)."""
    return util.find_spec("numba_cuda") is not None


def cuda() -> Any:
    """numba's CUDA module (the simulator's under NUMBA_ENABLE_CUDASIM=1), imported on
    first use, with numpy's `row_stack` restored for it."""
    import numpy

    if not hasattr(numpy, "row_stack"):  # numpy >= 2.5; numba-cuda 0.30 still names it
        numpy.row_stack = numpy.vstack
    from numba import cuda as module

    return module


@dataclass(frozen=True)
class GPUInfo:
    """The GPU a count would use: what `nqueens info` names."""

    name: str
    memory: int  # bytes
    compute_capability: tuple[int, int]
    multiprocessors: int
    driver: str
    runtime: str

    def line(self) -> str:
        major, minor = self.compute_capability
        return _(
            "{name}, {memory} GiB, compute capability {capability}, {processors} "
            "multiprocessors; driver {driver}, CUDA runtime {runtime}"
        ).format(
            name=self.name,
            memory=f"{self.memory / 2**30:.0f}",
            capability=f"{major}.{minor}",
            processors=self.multiprocessors,
            driver=self.driver,
            runtime=self.runtime,
        )


def _probe() -> GPUInfo | str:
    """The GPU here, or why none can count (a sentence naming the remedy, in the
    language asked for now: the cached probe keeps the English message and its values)."""
    found = _found()
    if isinstance(found, GPUInfo):
        return found
    message, values = found
    return _(message).format(**{key: _(value) for key, value in values.items()})


@functools.cache
def _found() -> GPUInfo | tuple[str, dict[str, str]]:
    """Probe once: the GPU, or an untranslated message with its values."""
    if simulated():
        return N_("the CUDA simulator (NUMBA_ENABLE_CUDASIM=1): kernels run as Python, slowly"), {}
    if not _installed():
        return N_("numba-cuda is not installed: {remedy}"), {"remedy": INSTALL}
    try:
        module = cuda()
        if not module.is_available():
            return N_("no CUDA GPU or driver found ({reason})"), {"reason": _reason(module)}
        device = module.get_current_device()
        _free, total = module.current_context().get_memory_info()
        driver = module.cudadrv.driver.driver.get_version()
        runtime = module.runtime.get_version()
    except Exception as error:  # any driver failure is "none usable", said once
        return N_("the CUDA driver failed: {reason}"), {"reason": _first_line(error)}
    return GPUInfo(
        name=_text(device.name),
        memory=int(total),
        compute_capability=tuple(device.compute_capability),
        multiprocessors=int(device.MULTIPROCESSOR_COUNT),
        driver=".".join(str(x) for x in driver),
        runtime=".".join(str(x) for x in runtime),
    )


def _reason(module: Any) -> str:
    try:
        module.detect()
    except Exception as error:
        return _first_line(error)
    return N_("the driver reports none")


def _first_line(error: BaseException) -> str:
    """A driver's error in one line: its first sentence ("Error at driver init:" is
    followed by the reason on the next line, so a line ending in a colon takes the next)."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip(" :")]
    if not lines:
        return type(error).__name__
    said = lines[0]
    if said.endswith(":") and len(lines) > 1:
        said = f"{said} {lines[1]}"
    return said


def _text(name: object) -> str:
    return name.decode() if isinstance(name, bytes) else str(name)


def _driver_present() -> bool:
    """An NVIDIA driver is installed, judged without loading it (so `auto` costs nothing
    on a machine without one)."""
    if Path("/proc/driver/nvidia/version").exists() or Path("/dev/dxg").exists():  # Linux, WSL
        return True
    import ctypes.util

    return any(ctypes.util.find_library(name) for name in ("cuda", "nvcuda"))


def usable() -> bool:
    """A real GPU can count here (never the simulator): what `auto` asks."""
    if simulated() or not _installed() or not _driver_present():
        return False
    return isinstance(_probe(), GPUInfo)


def describe() -> str:
    """`nqueens info`'s GPU line: the GPU, or why none is usable."""
    found = _probe()
    return found.line() if isinstance(found, GPUInfo) else _("none usable: {why}").format(why=found)


def require(method: str) -> None:
    """Refuse, in one line naming the method asked for and the remedy, a count where no
    GPU (nor the simulator) can run the kernels."""
    found = _probe()
    if isinstance(found, GPUInfo) or simulated():
        return
    raise BackendUnavailableError(
        _("the {method} method needs a CUDA GPU: {why}").format(method=method, why=found)
    )


def budget() -> int:
    """The bytes of GPU memory a launch may take now: MEMORY_SHARE of what is free."""
    if simulated():
        return int(MEMORY_SHARE * SIMULATED_MEMORY)
    free, _ = cuda().current_context().get_memory_info()
    return int(MEMORY_SHARE * free)


def launch_shape(threads: int, registers: int, shared: int) -> tuple[int, int]:
    """(blocks, threads per block) of a launch whose kernel uses at most `registers` a
    thread and `shared` bytes a block (its budget, which tests/test_gpu_code.py holds it
    to): as many blocks as every multiprocessor of the GPU runs at once, so that none
    waits for a second wave; one warp on the simulator."""
    found = _probe()
    if isinstance(found, GPUInfo):
        per_sm = resident_blocks(found.compute_capability, threads, registers, shared)
        return max(1, per_sm) * found.multiprocessors, threads
    return 1, SIMULATOR_BLOCK


def wait() -> None:
    """Wait for the GPU's work so far a short sleep at a time, so that Ctrl-C or SIGTERM
    stops the count at once (the process's end stops the GPU); the simulator's work is
    done when launched."""
    if simulated():
        return
    import time

    done = cuda().event()
    done.record()
    while not done.query():
        time.sleep(WAIT_SECONDS)


def _failures() -> tuple[type[BaseException], ...]:
    """The exceptions by which numba's CUDA driver (or the simulator's) reports a failed
    launch, copy, allocation or compilation by the driver."""
    drivers = cuda().cudadrv
    found: list[type[BaseException]] = [MemoryError]
    for module, name in (
        (drivers.driver, "CudaAPIError"),
        (drivers.driver, "LinkerError"),
        (drivers.error, "CudaSupportError"),
        (drivers.error, "CudaDriverError"),
        (drivers.error, "CudaRuntimeError"),
        (drivers.error, "NvvmError"),
        (drivers.error, "NvrtcError"),
    ):
        kind = getattr(module, name, None)
        if isinstance(kind, type) and issubclass(kind, BaseException):
            found.append(kind)
    return tuple(found)


@contextlib.contextmanager
def reported() -> Iterator[None]:
    """A failure of the GPU, its driver or its memory inside the block becomes one line
    (a `DeviceError`); what the count finished before it is kept by the runner."""
    try:
        yield
    except (NQueensError, KeyboardInterrupt):
        raise
    except _failures() as error:
        raise DeviceError(_("the GPU failed: {reason}").format(reason=_first_line(error))) from None
