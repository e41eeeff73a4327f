"""The gpu counting method, its kernel run by numba's CUDA simulator (the root conftest.py
sets NUMBA_ENABLE_CUDASIM=1; `NUMBA_ENABLE_CUDASIM=0 uv run pytest tests/test_gpu.py`
runs the same tests on a real GPU): exact counts, the split against a naive one, the
whole command (journal, kill -9 and resume, --verify, parts), the one line where no GPU
is, `nqueens info`'s GPU line, and `auto`."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nqueens
from nqueens.engine import device, registry
from nqueens.engine.methods.gpu import kernel, shape
from nqueens.engine.methods.gpu import split as gpu_split
from nqueens.engine.methods.gpu.recount import recount
from nqueens.engine.registry import METHODS, best_method
from nqueens.engine.runtime.pool import batches
from nqueens.engine.runtime.warm import warm_up
from nqueens.known import known_counts
from tests.processes import NQUEENS, invoke, journal_rows, like_a_terminal, wait_for_rows

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
    limit = data.draw(st.integers(1, max(1, len(prefixes))))
    launched = list(gpu_split.launches(n, rows, gpu_split.pre_placed(n), limit, first_owner=5))
    assert all(0 < len(words) <= limit for words in launched)
    words = np.concatenate(launched) if launched else np.zeros((0, 4), np.uint32)
    owners = np.repeat(np.arange(len(rows)), np.diff(starts)) + 5
    assert words[:, 3].tolist() == owners.tolist()  # in order, each subproblem's together
    for k, masks in enumerate(gpu_split.masks(n, prefixes)):
        assert words[:, k].tolist() == masks.tolist()
    free = ((1 << n) - 1) & ~(words[:, 0] | words[:, 1] | words[:, 2]).astype(np.int64)
    squares = [bin(f).count("1") for f in free.tolist()]  # a task each on the GPU
    assert max(squares, default=0) <= gpu_split.tasks_a_prefix(n)


def test_the_prefixes_leave_the_kernel_the_rows_its_stack_holds() -> None:
    for n in range(4, METHODS["gpu"].largest + 1):
        below = n - gpu_split.pre_placed(n) - 1  # rows the kernel searches; the last counted
        assert 0 <= below <= shape.LEVELS
        assert gpu_split.split_depth(n) <= gpu_split.pre_placed(n) <= n - 2
        # a launch's tasks, and its lanes' one last look each, counted in 32 bits
        assert gpu_split.CHUNK * gpu_split.tasks_a_prefix(n) + (1 << 24) < 1 << 32


@pytest.mark.parametrize("n", [8, 10])
def test_each_subproblem_agrees_with_the_independent_recount(n: int) -> None:
    parts = METHODS["gpu"].split(n)
    indices = np.arange(len(parts))
    function, arguments = parts.task(indices)
    on_gpu = function(*arguments)
    assert on_gpu[:, 0].tolist() == recount(parts, indices)[:, 0].tolist()
    assert int(on_gpu[:, 0].sum()) == known_counts()[n][0]
    largest = int(on_gpu[0, 1])  # the GPU memory the task took, on every row
    sums = 8 * len(parts)
    assert (on_gpu[:, 1] == largest).all() and (largest - sums) % gpu_split.PREFIX_BYTES == 0
    assert largest > sums


def test_subproblems_cut_across_many_launches_count_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Launches of a few prefixes each (a GPU's budget far smaller than the count), and
    prefixes rows below the subproblems' (as from N = 16): most subproblems' prefixes fall
    in several launches, their sums added on the GPU."""
    parts = METHODS["gpu"].split(12)
    indices = np.arange(0, len(parts), 50)
    wanted = recount(parts, indices)[:, 0].tolist()
    monkeypatch.setattr(gpu_split, "CHUNK", 7)
    monkeypatch.setattr(gpu_split, "pre_placed", lambda n: 8)
    launched: list[np.ndarray] = []
    launch = kernel.launch
    monkeypatch.setattr(kernel, "launch", lambda *a: launched.append(a[1].copy()) or launch(*a))
    function, arguments = parts.task(indices)
    assert function(*arguments)[:, 0].tolist() == wanted
    fine = len(indices) - len(indices) // gpu_split.FINE_SHARE  # the last quarter: 9 rows
    coarse, _ = gpu_split.prefixes(12, parts.rows[indices[:fine]], 8)
    finer, _ = gpu_split.prefixes(12, parts.rows[indices[fine:]], 9)
    assert max(map(len, launched)) <= 7 and sum(map(len, launched)) == len(coarse) + len(finer)
    words = np.concatenate(launched)
    rows = [bin(int(c)).count("1") for c in words[:, 0]]
    assert rows == [8] * len(coarse) + [9] * len(finer)  # taken last: the smaller ones
    assert len(coarse) > 4 * fine


def test_a_gpu_task_is_counted_whole_in_one_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry's rule for a GPU (batch_limit None): the count cut into
    tasks_per_worker tasks (one: the whole count, so the GPU drains once), each one call
    of the task function (its own launches), not the in-process runner's short pieces
    growing from one subproblem; --batch-size cuts it finer."""
    calls: list[int] = []
    task = gpu_split.count_on_gpu

    def counted(n: int, rows: np.ndarray) -> np.ndarray:
        calls.append(len(rows))
        return task(n, rows)

    monkeypatch.setattr(gpu_split, "count_on_gpu", counted)
    result = nqueens.count(9, method="gpu")
    assert (result.total, result.unique) == (352, 46)
    gpu = METHODS["gpu"]
    cut = batches(np.arange(len(gpu.split(9))), 1, None, gpu.batch_limit, gpu.tasks_per_worker)
    assert calls == [len(batch) for batch in cut] and len(cut) == gpu.tasks_per_worker == 1
    calls.clear()
    nqueens.count(9, method="gpu", batch_size=100)
    assert calls == [len(batch) for batch in batches(np.arange(len(cut[0])), 1, 100)]


def test_the_count_keeps_a_journal_resumes_after_kill_9_and_verifies(tmp_path: Path) -> None:
    # a count the kill can land in: on a card N = 11 can end before the journal is read
    n, batch = (20, "100") if ON_GPU else (11, "400")
    path = tmp_path / "gpu.db"
    proc = subprocess.Popen(
        [*NQUEENS, "count", str(n), "-m", "gpu", "--batch-size", batch, "-j", str(path), "-q"],
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
        [*NQUEENS, "count", str(n), "--method", "gpu", "--journal", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert (record["total"], record["unique"], record["published"]) == (*known_counts()[n], True)
    assert kept <= record["resumed"] < record["subproblems"]
    checked = subprocess.run(
        [*NQUEENS, "count", str(n), "--method", "gpu", "--journal", str(path), "--verify", "3"],
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
@pytest.mark.parametrize("method", ["gpu", "gpu-join"])
def test_without_a_gpu_the_method_asked_for_is_one_line_before_any_compiling(
    method: str, tmp_path: Path
) -> None:
    """A fresh clone's cold cache: the refusal comes before the "compiling" line, which
    it would otherwise follow, and names the method asked for."""
    done = subprocess.run(
        [*NQUEENS, "count", "8", "--method", method],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ | {"NUMBA_ENABLE_CUDASIM": "0", "NUMBA_CACHE_DIR": str(tmp_path)},
        preexec_fn=like_a_terminal,
    )
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith(
        f"nqueens: error: the {method} method needs a CUDA GPU: no CUDA GPU or driver"
    )
    assert "CUDA driver library cannot be found" in line and len(line) < 200
    assert not [path for path in tmp_path.rglob("*") if path.is_file()]  # nothing compiled


def test_without_the_extra_the_line_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NUMBA_ENABLE_CUDASIM", "0")
    monkeypatch.setattr(device, "_installed", lambda: False)
    device._found.cache_clear()
    try:
        done = invoke("count", "8", "--method", "gpu")
        assert done.status == 2
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
    launched = device.launch_shape(shape.BLOCK, shape.REGISTERS, shape.STACK_BYTES)
    assert launched == (11 * 132, 64)  # 11 blocks of 64 an H100 multiprocessor holds


def test_auto_picks_the_gpu_where_a_card_measured_it_faster_and_only_where_one_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert best_method(20) == "join"  # the simulator is never picked
    monkeypatch.setattr(device, "usable", lambda: True)
    assert registry.GPU_TIMED  # measured on an H200 (issue 46, docs/benchmarks.md)
    assert [best_method(n) for n in (12, 17, 18, 19, 20, 27, 28)] == [
        "numpy", "join", "join", "gpu", "gpu", "gpu", "gpu",
    ]  # fmt: skip
    assert "gpu-join" not in {best_method(n) for n in range(1, 29)}  # the join's on the CPU
    monkeypatch.setattr(registry, "GPU_TIMED", False)  # as before a card had timed them
    assert [best_method(n) for n in (12, 17, 20, 27, 28)] == [
        "numpy", "join", "join", "join", "backtrack",
    ]  # fmt: skip
    monkeypatch.setattr(registry, "GPU_TIMED", True)
    monkeypatch.setattr(device, "usable", lambda: False)
    assert best_method(20) == "join"


PAGES = ("README.md", "docs/counting.md", "docs/benchmarks.md", "docs/cluster.md")


def test_every_page_and_the_flag_agree_on_whether_a_card_has_timed_the_gpu_methods() -> None:
    """One flag (registry.GPU_TIMED) and the pages agree: a page that mentions the GPU
    methods says they are exact under numba's CUDA simulator and not yet timed on a GPU
    exactly while no card's table is in docs/benchmarks.md; with it, each names the card."""
    root = Path(__file__).parent.parent
    for page in PAGES:
        text = " ".join((root / page).read_text(encoding="utf-8").split())
        assert "--method gpu" in text, page
        said = "exact under numba's CUDA simulator and not yet timed on a GPU" in text
        assert said != registry.GPU_TIMED, page
        assert ("H200" in text) == registry.GPU_TIMED, page


def test_our_kernels_keep_at_least_ygchs_occupancy_on_every_architecture() -> None:
    """Warps a multiprocessor runs at once (device.resident_blocks), from each kernel's
    budget, against ygch/n_queens's kernel (160 threads, 20 registers, 48 KB)."""
    from nqueens.engine.methods.gpu_join import kernel as join_kernel

    for capability in device.ARCHITECTURES:
        ygch = device.resident_blocks(capability, 160, 20, 48 * 1024) * 5
        ours = device.resident_blocks(capability, shape.BLOCK, shape.REGISTERS, shape.STACK_BYTES)
        joined = device.resident_blocks(
            capability, join_kernel.THREADS, join_kernel.REGISTERS, join_kernel.SHARED_BYTES
        )
        assert ours * shape.BLOCK // 32 >= ygch, capability
        assert joined * join_kernel.THREADS // 32 >= ygch, capability
    assert device.resident_blocks((9, 0), shape.BLOCK, shape.REGISTERS, shape.STACK_BYTES) == 11


def test_a_count_imports_no_cuda_unless_the_gpu_counts() -> None:
    """Nor does `auto` import the GPU methods' packages to decide (issue 45)."""
    code = (
        "import sys, nqueens\n"
        "from nqueens.engine.registry import best_method\n"
        "picked = best_method(18)\n"
        "gpu = [m for m in sys.modules if 'methods.gpu' in m or m.startswith('numba')]\n"
        "r = nqueens.count(14, workers=1)\n"
        "print(picked, gpu, best_method(20), r.total, 'numba.cuda' in sys.modules)"
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
        assert done.stdout.split() == ["join", "[]", "join", "365596", "False"]


def test_a_failure_of_the_gpu_mid_count_is_one_line_and_keeps_what_finished(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    launched = kernel.count_below
    launches = []

    class FailingThirdTime:  # the first tasks' launches, then the failure
        def __getattr__(self, name: str) -> object:  # the rest is the kernel's (its load)
            return getattr(launched, name)

        def __getitem__(self, shape: object) -> object:
            launches.append(shape)
            if len(launches) == 3:
                error = device.cuda().cudadrv.driver.CudaAPIError
                raise error(700, "CUDA_ERROR_ILLEGAL_ADDRESS")
            return launched[shape]

    warm_up(METHODS["gpu"], 19)
    monkeypatch.setattr(kernel, "count_below", FailingThirdTime())
    path = tmp_path / "gpu.db"
    done = invoke("count", "9", "--method", "gpu", "--batch-size", "50", "--journal", str(path))
    assert done.status == 2
    (line,) = done.output.strip().splitlines()
    assert "the GPU failed" in line and "CUDA_ERROR_ILLEGAL_ADDRESS" in line
    assert journal_rows(path) > 0  # the first task's subproblems were kept


def test_the_estimate_plans_a_gpu_count(monkeypatch: pytest.MonkeyPatch) -> None:
    plan = nqueens.estimate(9, method="gpu", seed=1)
    assert (
        plan.method == "gpu"
        and plan.workers == 1
        and plan.subproblems == len(METHODS["gpu"].split(9))
    )
    assert 0 < plan.seconds_low <= plan.seconds <= plan.seconds_high
    # every subproblem sized by the probe (at the rate of a whole count), none counted
    # alone, which leaves a GPU idle; the GPU's memory then unknown, not "0 MB"
    assert plan.sampled > 0 and plan.timed == 0 and plan.peak_device_bytes is None
    probe = METHODS["gpu"].implementation().probe
    assert probe is not None
    parts = METHODS["gpu"].split(12)
    probed = probe(parts, 0, np.random.default_rng(1), 64)
    assert probed.mean > 0 and probed.error >= 0


def test_a_gpu_count_plans_itself_only_where_its_calibration_is_worth_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The quick plan of a long count times a whole N = 19 on the GPU first: more than a
    count of N <= 23 gains from it, so a GPU count plans itself from N = 24 only."""
    from nqueens.engine.runtime import run

    monkeypatch.setattr(run, "PLAN_FROM", 8)
    plans: list[object] = []
    result = nqueens.count(9, method="gpu", on_plan=plans.append)
    assert (result.total, result.unique) == (352, 46) and plans == []
    monkeypatch.setitem(METHODS, "gpu", dataclasses.replace(METHODS["gpu"], plans_from=9))
    nqueens.count(9, method="gpu", on_plan=plans.append)
    assert len(plans) == 1


def test_the_benchmark_runs_dry_on_the_simulator() -> None:
    """benchmarks/gpu.py as the first run on a card will run it, checked here: its
    counts against the published ones, the peer's line read, the table printed."""
    script = Path(__file__).parent.parent / "benchmarks" / "gpu.py"
    peer = "python3 -c 'print(\"result\", [0, 1, 0, 0, 2, 10, 4][{n}])'"
    done = subprocess.run(
        [sys.executable, str(script), "--dry-run", "--sizes", "5-6", "--peer", peer],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "GPU: none usable: the CUDA simulator" in done.stdout
    rows = [
        line
        for line in done.stdout.splitlines()
        if line.startswith("| 5 ") or line.startswith("| 6 ")
    ]
    assert len(rows) == 2 and all(row.count(" s |") == 2 for row in rows)


def test_the_cpu_share_names_each_launchs_prefixes() -> None:
    """benchmarks/gpu.py --cpu-share, which docs/counting.md quotes: a row for each N,
    its launches holding the task's prefixes (the same as task_launches makes)."""
    script = Path(__file__).parent.parent / "benchmarks" / "gpu.py"
    done = subprocess.run(
        [sys.executable, str(script), "--cpu-share", "--sizes", "10-11", "--repeats", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    for n in (10, 11):
        (row,) = [line for line in done.stdout.splitlines() if line.startswith(f"| {n} |")]
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        made = [len(w) for w in gpu_split.task_launches(n, gpu_split.split(n).rows)]
        assert cells[1] == str(len(made))
        assert cells[2] == f"{min(made):,}-{max(made):,}"
        assert float(cells[3]) == float(cells[4])  # one launch: its time is all


def test_the_tail_arithmetic_counts_the_kernels_steps_and_idles_a_lane_as_it_should() -> None:
    """benchmarks/gpu.py --tail's two parts: a task's steps are the queens the kernel
    places, its square and those below it but in the last row (so a count's are the
    placements of each deeper row but the last, and a prefix's empty tasks take none),
    and lanes taking tasks in order idle as list scheduling says."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "gpu_benchmark", Path(__file__).parent.parent / "benchmarks" / "gpu.py"
    )
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    parts = gpu_split.split(10)
    (words,) = gpu_split.launches(10, parts.rows, 6, 10**6)
    placed = [len(gpu_split.prefixes(10, parts.rows, k)[0]) for k in range(7, 10)]
    steps = bench.task_steps(10, words, 4).reshape(len(words), 4)
    assert int(steps.sum()) == sum(placed)
    free = 1023 & ~(words[:, 0] | words[:, 1] | words[:, 2]).astype(np.int64)
    squares = np.array([bin(f).count("1") for f in free.tolist()])
    assert ((steps > 0).sum(axis=1) == squares).all()  # a task for each square, in turn
    # 2 lanes, prefixes of 3, 1, 1 and 1 steps, a turn more each to take it: one lane
    # 4 then 2, the other 2 then 2: the work is 10 turns, done in 6 by 2 lanes
    assert bench._idle_share(np.array([3, 1, 1, 1]), 2) == pytest.approx(1 - 10 / (2 * 6))


COMPILES = """
import sys
import nqueens
from nqueens.engine.methods.gpu import kernel
result = nqueens.count(12, method="gpu")
stats = kernel.count_below.stats
refreshed = int("numba.cuda.cpython.listobj" in sys.modules)  # imported by the refresh only
print(result.total, sum(stats.cache_misses.values()), sum(stats.cache_hits.values()), refreshed)
"""


@pytest.mark.skipif(not ON_GPU, reason="the simulator compiles nothing")
def test_the_kernel_compiled_once_is_loaded_by_the_next_process(tmp_path: Path) -> None:
    """A machine's first count compiles the kernel into numba-cuda's cache (its warm-up,
    for the one signature every launch uses); a second process compiles nothing: counted
    by the dispatcher's cache misses, not by time; and loads it without refreshing the
    CUDA target's contexts (runtime/cache_load.py's install_cuda)."""
    said = []
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-c", COMPILES],
            capture_output=True,
            text=True,
            timeout=300,
            env=os.environ | {"NUMBA_CACHE_DIR": str(tmp_path)},
        )
        assert done.returncode == 0, done.stderr[-2000:]
        said.append([int(x) for x in done.stdout.split()])
    assert said[0] == [14200, 1, 0, 1]  # compiled once, for the warm-up and every launch
    assert said[1] == [14200, 0, 1, 0]  # loaded: nothing compiled, the contexts not refreshed
