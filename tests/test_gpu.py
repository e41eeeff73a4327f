"""The gpu counting method, its kernel run by numba's CUDA simulator (tests/conftest.py
sets NUMBA_ENABLE_CUDASIM=1; `NUMBA_ENABLE_CUDASIM=0 uv run pytest tests/test_gpu.py`
runs the same tests on a real GPU): exact counts, the split against a naive one, the
whole command (journal, kill -9 and resume, --verify, parts), the one line where no GPU
is, `nqueens info`'s GPU line, and `auto`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import nqueens
from nqueens.cli import cli
from nqueens.engine.methods.gpu import device
from nqueens.engine.methods.gpu import split as gpu_split
from nqueens.engine.methods.gpu.recount import recount
from nqueens.engine.registry import METHODS, best_method
from nqueens.engine.runtime.warm import warm_up
from nqueens.known import known_counts
from tests.processes import journal_rows, like_a_terminal, wait_for_rows

NQUEENS = [sys.executable, "-m", "nqueens"]
ON_GPU = not device.simulated()


def _continuations(n: int, rows: tuple[int, ...], depth: int) -> set[tuple[int, ...]]:
    """By brute force: every placement of the first `depth` rows that starts with `rows`
    and in which no two queens attack each other."""
    if len(rows) == depth:
        return {rows}
    r = len(rows)
    found: set[tuple[int, ...]] = set()
    for c in range(n):
        if all(c != q and abs(c - q) != r - s for s, q in enumerate(rows)):
            found |= _continuations(n, (*rows, c), depth)
    return found


def _placements(n: int, depth: int) -> set[tuple[int, ...]]:
    """Every such placement of `depth` rows with the row-0 queen in the left half, or in
    the middle column with the row-1 queen in the left half (the mirror images give the
    rest)."""
    half = n // 2
    found: set[tuple[int, ...]] = set()
    for first in range(half + (n & 1)):
        for second in range(half if first == half else n):
            if abs(first - second) > 1:
                found |= _continuations(n, (first, second), depth)
    return found


@pytest.mark.parametrize("n", range(1, 10))
def test_exact_totals_and_uniques_through_the_kernel(n: int) -> None:
    result = nqueens.count(n, method="gpu")
    assert (result.total, result.unique) == known_counts()[n]
    assert result.method == "gpu" and result.workers == 1  # in this process: a CUDA context


@given(n=st.integers(4, 21), data=st.data())
@settings(max_examples=20)
def test_the_split_and_the_prefixes_cover_every_placement_once(n: int, data: st.DataObject) -> None:
    """The subproblems are exactly the canonical placements of their rows, each once;
    the prefixes a task launches are exactly those that continue its subproblems."""
    parts = gpu_split.split(n)
    depth = gpu_split.split_depth(n)
    listed = [tuple(row) for row in parts.rows.tolist()]
    assert len(set(listed)) == len(listed) == len(parts)
    assert set(listed) == _placements(n, depth)
    chosen = data.draw(st.lists(st.integers(0, len(parts) - 1), min_size=1, max_size=3))
    rows = parts.rows[np.array(sorted(set(chosen)))]
    prefixes, starts = gpu_split.prefixes(n, rows, gpu_split.pre_placed(n))
    assert starts[0] == 0 and starts[-1] == len(prefixes)
    for i, row in enumerate(rows.tolist()):
        mine = {tuple(p) for p in prefixes[starts[i] : starts[i + 1]].tolist()}
        wanted = _continuations(n, tuple(row), gpu_split.pre_placed(n))
        assert mine == wanted and starts[i + 1] - starts[i] == len(wanted)
    *words, own = gpu_split.prefix_masks(n, rows, gpu_split.pre_placed(n))  # made in one pass
    assert own.tolist() == starts.tolist()
    assert all((a == b).all() for a, b in zip(words, gpu_split.masks(n, prefixes), strict=True))


def test_the_prefixes_leave_the_kernel_the_rows_its_stack_holds() -> None:
    for n in range(4, METHODS["gpu"].largest + 1):
        below = n - gpu_split.pre_placed(n) - 1  # rows the kernel searches; the last counted
        assert 0 <= below <= device.LEVELS
        assert gpu_split.split_depth(n) <= gpu_split.pre_placed(n) <= n - 2


@pytest.mark.parametrize("n", [8, 10])
def test_each_subproblem_agrees_with_the_independent_recount(n: int) -> None:
    parts = METHODS["gpu"].split(n)
    indices = np.arange(len(parts))
    function, arguments = parts.task(indices)
    on_gpu = function(*arguments)
    assert on_gpu[:, 0].tolist() == recount(parts, indices)[:, 0].tolist()
    assert int(on_gpu[:, 0].sum()) == known_counts()[n][0]
    largest = int(on_gpu[0, 1])  # the GPU memory of the largest launch, on every row
    assert (on_gpu[:, 1] == largest).all() and largest % gpu_split.PREFIX_BYTES == 0 < largest


def test_the_count_keeps_a_journal_resumes_after_kill_9_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "gpu.db"
    proc = subprocess.Popen(
        [*NQUEENS, "count", "11", "--method", "gpu", "--journal", str(path), "-q"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=like_a_terminal,
    )
    wait_for_rows(path, proc, minimum=1)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    kept = journal_rows(path)
    assert kept >= 1
    done = subprocess.run(
        [*NQUEENS, "count", "11", "--method", "gpu", "--journal", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert (record["total"], record["unique"], record["published"]) == (2680, 341, True)
    assert kept <= record["resumed"] < record["subproblems"]
    checked = subprocess.run(
        [*NQUEENS, "count", "11", "--method", "gpu", "--journal", str(path), "--verify", "3"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checked.returncode == 0, checked.stderr
    assert "recounted by a recursive bitboard search on the CPU" in checked.stdout


def test_parts_counted_apart_merge_to_the_whole(tmp_path: Path) -> None:
    parts = [tmp_path / f"part-{k}.db" for k in (1, 2)]
    for k, path in enumerate(parts, start=1):
        done = subprocess.run(
            [*NQUEENS, "count", "9", "--method", "gpu", "--part", f"{k}/2", "--journal", str(path)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
    merged = tmp_path / "all.db"
    done = subprocess.run(
        [*NQUEENS, "journal", "merge", *map(str, parts), "--out", str(merged)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    whole = nqueens.count(9, method="gpu", journal=merged)
    assert (whole.total, whole.unique, whole.resumed) == (352, 46, whole.subproblems)


@pytest.mark.skipif(ON_GPU, reason="a GPU is here")
def test_without_a_gpu_the_method_is_one_line() -> None:
    done = subprocess.run(
        [*NQUEENS, "count", "8", "--method", "gpu"],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ | {"NUMBA_ENABLE_CUDASIM": "0"},
    )
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("nqueens: error: the gpu method needs a CUDA GPU: no CUDA GPU or driver")
    assert "CUDA driver library cannot be found" in line and len(line) < 200


def test_without_the_extra_the_line_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NUMBA_ENABLE_CUDASIM", "0")
    monkeypatch.setattr(device, "_installed", lambda: False)
    device._found.cache_clear()
    try:
        done = CliRunner().invoke(cli, ["count", "8", "--method", "gpu"])
        assert done.exit_code == 2
        assert "numba-cuda is not installed: install the gpu extra: uv sync --extra gpu" in (
            done.output
        )
        assert len(done.output.strip().splitlines()) == 1
        assert best_method(20) == "join"  # auto quietly stays on the CPU
    finally:
        device._found.cache_clear()


def test_info_names_the_gpu_or_why_none_is_usable(monkeypatch: pytest.MonkeyPatch) -> None:
    done = subprocess.run(
        [*NQUEENS, "info", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ | {"NUMBA_ENABLE_CUDASIM": "0"},
    )
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)["gpu"]
    if ON_GPU:
        assert "compute capability" in said and "driver" in said and "CUDA runtime" in said
    else:
        assert said.startswith("none usable: no CUDA GPU or driver found")
    found = device.GPUInfo("NVIDIA H100 80GB HBM3", 85 * 2**30, (9, 0), 132, "13.0", "13.0")
    monkeypatch.setattr(device, "_probe", lambda: found)
    assert device.describe() == (
        "NVIDIA H100 80GB HBM3, 85 GiB, compute capability 9.0, 132 multiprocessors; "
        "driver 13.0, CUDA runtime 13.0"
    )
    assert device.launch_shape() == (device.BLOCKS_PER_SM * 132, device.BLOCK)


def test_auto_picks_the_gpu_only_where_one_is(monkeypatch: pytest.MonkeyPatch) -> None:
    assert best_method(20) == "join"  # the simulator is never picked
    monkeypatch.setattr(device, "usable", lambda: True)
    assert [best_method(n) for n in (12, 16, 17, 20, 27, 28)] == [
        "numpy", "join", "gpu", "gpu", "gpu", "gpu",
    ]  # fmt: skip


def test_a_count_imports_no_cuda_unless_the_gpu_counts() -> None:
    code = (
        "import sys, nqueens\n"
        "from nqueens.engine.registry import best_method\n"
        "r = nqueens.count(14, workers=1)\n"
        "print(best_method(20), r.total, 'numba.cuda' in sys.modules)"
    )
    for simulated in ("0", "1"):
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=120,
            env=os.environ | {"NUMBA_ENABLE_CUDASIM": simulated},
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["join", "365596", "False"]


def test_a_failure_of_the_gpu_mid_count_is_one_line_and_keeps_what_finished(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from nqueens.engine.methods.gpu import kernel

    launched = kernel.count_below
    launches = []

    class FailingThirdTime:  # the warm-up's launch, the first task's, then the failure
        def __getitem__(self, shape: object) -> object:
            launches.append(shape)
            if len(launches) == 3:
                error = device.cuda().cudadrv.driver.CudaAPIError
                raise error(700, "CUDA_ERROR_ILLEGAL_ADDRESS")
            return launched[shape]

    warm_up(METHODS["gpu"])
    monkeypatch.setattr(kernel, "count_below", FailingThirdTime())
    path = tmp_path / "gpu.db"
    done = CliRunner().invoke(cli, ["count", "9", "--method", "gpu", "--journal", str(path)])
    assert done.exit_code == 2
    (line,) = done.output.strip().splitlines()
    assert "the GPU failed" in line and "CUDA_ERROR_ILLEGAL_ADDRESS" in line
    assert journal_rows(path) > 0  # the first launch's subproblems were kept


def test_the_estimate_plans_a_gpu_count(monkeypatch: pytest.MonkeyPatch) -> None:
    plan = nqueens.estimate(9, method="gpu", seed=1)
    assert (
        plan.method == "gpu"
        and plan.workers == 1
        and plan.subproblems == len(METHODS["gpu"].split(9))
    )
    assert 0 < plan.seconds_low <= plan.seconds <= plan.seconds_high
    probe = METHODS["gpu"].implementation().probe
    assert probe is not None
    parts = METHODS["gpu"].split(12)
    probed = probe(parts, 0, np.random.default_rng(1), 64)
    assert probed.mean > 0 and probed.error >= 0


PTX_CHECK = """
from numba import cuda, types
from nqueens.engine.methods.gpu import kernel
words = types.uint32[::1]
signature = (words, words, words, types.uint32, types.uint32, types.uint64[::1], types.uint64[::1])
ptx, _ = cuda.compile_ptx(kernel.count_below.py_func, signature, cc=(9, 0))
print(ptx)
"""


def test_the_kernel_compiles_for_a_real_gpu_with_32_bit_words_and_vector_stacks() -> None:
    """numba-cuda's own compiler (NVVM, no driver needed) for an H100: the search keeps
    its words 32 bits wide (numba widens integers to 64 unless told), reads and writes a
    stack level as one 16-byte vector, and spills nothing to local memory."""
    done = subprocess.run(
        [sys.executable, "-c", PTX_CHECK],
        capture_output=True,
        text=True,
        timeout=300,
        env=os.environ | {"NUMBA_ENABLE_CUDASIM": "0"},
    )
    if done.returncode != 0 and "nvvm" in done.stderr.lower() and not os.environ.get("CI"):
        pytest.skip("NVVM is not installed here (the dev group brings it on Linux)")
    assert done.returncode == 0, done.stderr[-2000:]
    ptx = done.stdout
    assert "ld.shared.v4.u32" in ptx and "st.shared.v4.u32" in ptx
    assert ".local" not in ptx
    for wide in ("and.b64", "or.b64", "xor.b64", "not.b64", "popc.b64", "shr.s64", ".f64"):
        assert wide not in ptx, wide
