"""The GPU kernels' compiled code, checked without a GPU: numba-cuda's own compiler
(NVVM, from the dev group's nvidia-nvvm) turns each kernel into PTX for an H100 (sm_90)
and for the oldest architecture the `gpu` extra's CUDA 13 compiles for (Turing, sm_75),
and ptxas (nvidia-cuda-nvcc) assembles it and says what it uses. Each kernel is held to
its budget (methods/gpu/shape.py, methods/gpu_join/kernel.py): no spills, no stack
frame, registers and shared memory within it, and so at least the occupancy of
ygch/n_queens's kernel on the same architecture (docs/counting.md states the budget)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nqueens.engine import device
from nqueens.engine.methods.gpu import shape
from tests.conftest import unavailable

ARCHITECTURES = [(9, 0), (7, 5)]
"""An H100's, and the oldest the gpu extra (CUDA 13) compiles for."""

COMPILE = """
import json, sys
from types import SimpleNamespace
from numba import cuda, types
import numba.cuda.dispatcher as dispatcher
capability = tuple(json.loads(sys.argv[1]))
# numba-cuda compiles a kernel's device functions for the current GPU's compute
# capability; with no GPU here, the one compile_ptx is told
dispatcher.get_current_device = lambda: SimpleNamespace(compute_capability=capability)
from nqueens.engine.methods.gpu import kernel
from nqueens.engine.methods.gpu_join import kernel as join_kernel
join = (types.uint64[::1], types.int64[:, ::1], types.int64[:, ::1], types.int64,
        types.uint64[::1], types.uint64[::1])
print(json.dumps({
    "dfs": cuda.compile_ptx(kernel.count_below.py_func, kernel.SIGNATURE, cc=capability)[0],
    "join": cuda.compile_ptx(join_kernel.join_items.py_func, join, cc=capability)[0],
}))
"""


def _ptxas() -> str:
    """ptxas from NVIDIA's wheel (the dev group's nvidia-cuda-nvcc), else on the PATH."""
    spec = importlib.util.find_spec("nvidia")
    for root in spec.submodule_search_locations if spec is not None else ():
        for found in sorted(Path(root).glob("cu*/bin/ptxas")):
            return str(found)
    found = shutil.which("ptxas")
    if found is None:
        unavailable("ptxas is not installed (the dev group brings nvidia-cuda-nvcc on Linux)")
    return found


def _compiled_without_a_gpu(script: str, *args: str) -> str:
    """What `script` prints, run with numba-cuda's real compiler and no GPU (skipped
    where NVVM is missing)."""
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=os.environ | {"NUMBA_ENABLE_CUDASIM": "0"},
    )
    if done.returncode != 0 and "nvvm" in done.stderr.lower():
        unavailable("NVVM is not installed here (the dev group brings it on Linux)")
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[int, int], dict[str, str]]:
    """Each kernel's PTX for each architecture (one process per architecture)."""
    return {
        capability: json.loads(_compiled_without_a_gpu(COMPILE, json.dumps(capability)))
        for capability in ARCHITECTURES
    }


def _assembled(ptx: str, capability: tuple[int, int], folder: Path) -> dict[str, int]:
    """What ptxas -v says the kernel uses."""
    major, minor = capability
    source = folder / f"kernel_{major}{minor}.ptx"
    source.write_text(ptx)
    done = subprocess.run(
        [_ptxas(), f"-arch=sm_{major}{minor}", "-v", str(source), "-o", os.devnull],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    said = done.stdout + done.stderr
    numbers = {
        name: int(match.group(1))
        for name, pattern in (
            ("registers", r"Used (\d+) registers"),
            ("shared", r"(\d+) bytes smem"),
            ("stack", r"(\d+) bytes stack frame"),
            ("spill_stores", r"(\d+) bytes spill stores"),
            ("spill_loads", r"(\d+) bytes spill loads"),
        )
        if (match := re.search(pattern, said))
    }
    assert len(numbers) == 5, said
    return numbers


def _budgets() -> dict[str, tuple[int, int, int]]:
    """Each kernel's (threads a block, register budget, shared bytes a block)."""
    from nqueens.engine.methods.gpu_join import kernel as join_kernel

    return {
        "dfs": (shape.BLOCK, shape.REGISTERS, shape.STACK_BYTES),
        "join": (join_kernel.THREADS, join_kernel.REGISTERS, join_kernel.SHARED_BYTES),
    }


YGCH = (160, 20, 48 * 1024)
"""ygch/n_queens's kernel (its configuration 2, which its timings use): threads a block,
registers (ptxas on sm_90), shared memory a block."""


@pytest.mark.parametrize("capability", ARCHITECTURES, ids=lambda c: f"sm_{c[0]}{c[1]}")
@pytest.mark.parametrize("name", ["dfs", "join"])
def test_each_kernel_assembles_within_its_budget_and_keeps_ygchs_occupancy(
    compiled: dict[tuple[int, int], dict[str, str]],
    capability: tuple[int, int],
    name: str,
    tmp_path: Path,
) -> None:
    used = _assembled(compiled[capability][name], capability, tmp_path)
    threads, registers, shared = _budgets()[name]
    assert used["spill_stores"] == used["spill_loads"] == used["stack"] == 0, used
    assert used["registers"] <= registers, used
    assert used["shared"] == shared, used  # the budget is exactly what it declares
    blocks = device.resident_blocks(capability, threads, used["registers"], used["shared"])
    theirs = device.resident_blocks(capability, *YGCH) * YGCH[0] // 32
    assert blocks * threads // 32 >= theirs, (blocks, theirs)
    budgeted = device.resident_blocks(capability, threads, registers, shared)
    assert blocks == budgeted  # the launch, sized from the budget, asks for what fits


def test_the_search_keeps_32_bit_words_and_one_vector_access_a_stack_level(
    compiled: dict[tuple[int, int], dict[str, str]],
) -> None:
    """numba widens integer arithmetic to 64 bits unless every mask is cast back: the
    kernel does, and pops a level with one 16-byte load and pushes it with one 16-byte
    store (the refill's push and the step's), nothing in local memory."""
    ptx = compiled[(9, 0)]["dfs"]
    assert ptx.count("ld.shared.v4.u32") == 1 and ptx.count("st.shared.v4.u32") == 2
    assert ".local" not in ptx
    for wide in ("and.b64", "or.b64", "xor.b64", "not.b64", "popc.b64", "shr.s64", ".f64"):
        assert wide not in ptx, wide


def test_the_step_chooses_by_selecting_not_by_jumping(
    compiled: dict[tuple[int, int], dict[str, str]],
) -> None:
    """The step (pop a level, place its lowest square, count or push the next row) jumps
    only round its own loop and over its one predicated push, as ygch's does: the
    level's end and the count are selections (selp), not branches."""
    ptx = compiled[(9, 0)]["dfs"]
    step = ptx[ptx.index("ld.shared.v4.u32") :]
    step = step[: step.index("st.shared.v4.u32")]
    assert step.count("bra") == 1 and step.count("selp") >= 1, step


def test_the_join_kernel_keeps_its_table_within_a_blocks_48_kb(
    compiled: dict[tuple[int, int], dict[str, str]],
) -> None:
    from nqueens.engine.methods.gpu_join import kernel as join_kernel

    ptx = compiled[(9, 0)]["join"]
    assert ".local" not in ptx and ".f64" not in ptx
    shared = [int(size) for size in re.findall(r"\.shared .*?\[(\d+)\];", ptx)]
    assert join_kernel.TABLE_BYTES in shared and sum(shared) <= 48 * 1024


COMPILE_TEST_KERNELS = """
from types import SimpleNamespace
from numba import cuda, types
import numba.cuda.dispatcher as dispatcher
dispatcher.get_current_device = lambda: SimpleNamespace(compute_capability=(9, 0))
from tests import test_gpu_join
built = (types.uint64[::1], types.int64, types.int64, types.uint32[::1], types.uint32[::1])
cuda.compile_ptx(test_gpu_join._built.py_func, built, cc=(9, 0))
print("compiled")
"""


def test_the_tests_own_kernels_compile_for_a_real_gpu() -> None:
    """The simulator runs what a GPU's compiler refuses (a shared array sized by another
    module's attribute, not a constant to the compiler: tests/test_gpu_join.py's
    `_built` failed so on the first card): the kernels the tests define are compiled for
    an H100 too, with no GPU."""
    assert _compiled_without_a_gpu(COMPILE_TEST_KERNELS).split() == ["compiled"]
