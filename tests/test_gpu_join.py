"""The gpu-join counting method, its kernel run by numba's CUDA simulator (the root conftest.py;
`NUMBA_ENABLE_CUDASIM=0` runs the same tests on a real GPU): each stage against the CPU
join's on random representatives (the staged lists, a block's table, one
representative's count), exact counts, and the whole command with a journal."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nqueens
from nqueens.engine import device
from nqueens.engine.methods.gpu_join import kernel as join_kernel
from nqueens.engine.methods.gpu_join import stage as join_stage
from nqueens.engine.methods.join.match import PAIR_WEIGHT, long_diagonals
from nqueens.engine.methods.join.split import listed_split
from nqueens.engine.methods.join.workspace import Workspace
from nqueens.known import known_counts
from tests.processes import NQUEENS


def _staged(n: int, b: int) -> tuple[np.ndarray, ...]:
    """Representative b of the listed split of N staged alone, and its two lists as the
    CPU join lists them (east, west)."""
    parts = listed_split(n, target=10**6)
    space = Workspace(n)
    m, east = int(parts.middles[b]), int(parts.easts[b])
    strips = space.list_strips(m, east)
    lists = strips.east.copy(), strips.west.copy()
    sigs = np.empty(1 << 16, np.uint64)
    offsets = np.empty((4, join_stage.OFFSETS), np.int64)
    items = np.empty((1 << 10, join_stage.ITEM_FIELDS), np.int64)
    status = np.zeros(3, np.int64)
    staged = join_stage.stage(
        n, parts.middles[b : b + 1], parts.easts[b : b + 1], 0, Workspace(n).arrays,
        sigs, offsets, items, status,
    )  # fmt: skip
    assert staged == 1 and status[2] == 0
    return sigs[: status[0]], offsets[:1], items[: status[1]], *lists


def _key(x: int, n: int) -> int:
    low, high = long_diagonals(n)
    return (x >> low & 1) | (x >> high & 1) << 1


@given(n=st.integers(6, 15), data=st.data())
@settings(max_examples=30)
def test_a_staged_representative_holds_its_lists_grouped_and_its_items(
    n: int, data: st.DataObject
) -> None:
    parts = listed_split(n, target=10**6)
    b = data.draw(st.integers(0, len(parts) - 1))
    sigs, offsets, items, east, west = _staged(n, b)
    row = offsets[0]
    stored, queries = sorted((east, west), key=len, reverse=True)
    g4 = join_stage.GROUPS
    for listed, first in ((stored, 0), (queries, g4 + 1)):
        staged = sigs[row[first] : row[first + g4]]
        assert sorted(staged.tolist()) == sorted(listed.tolist())
        for g in range(g4):
            assert all(_key(int(x), n) == g for x in sigs[row[first + g] : row[first + g + 1]])
    covered = {(int(i[3]), int(s)) for i in items for s in range(i[0], i[0] + i[1])}
    for g in range(g4):
        meets = any(
            join_stage.weight(g, u) and row[g4 + 2 + u] > row[g4 + 1 + u] for u in range(g4)
        )
        wanted = {(g, s) for s in range(row[g], row[g + 1])} if meets else set()
        assert {c for c in covered if c[0] == g} == wanted
    assert all(0 < i[1] <= join_stage.BLOCK for i in items)


def test_the_weights_are_the_cpu_joins() -> None:
    for g in range(4):
        for u in range(4):
            held = (bin(g).count("1"), bin(u).count("1"))
            assert join_stage.weight(g, u) == (0 if g & u else PAIR_WEIGHT[held])


cuda = device.cuda()
# a shared array's size must be a constant to a GPU's compiler (the simulator takes any
# number): a global of this module is one, an attribute of another module is not
TABLE_WORDS = join_kernel.TABLE_WORDS
SLICE_WORDS = join_kernel.SLICE_WORDS
WORDS = join_kernel.WORDS


@cuda.jit
def _built(stored, count, chunks, out, valid_out):  # type: ignore[no-untyped-def]
    """The kernel's own `build_table` on stored[:count], copied out of shared memory."""
    table = cuda.shared.array(TABLE_WORDS, np.uint32)
    slices = cuda.shared.array(SLICE_WORDS, np.uint32)
    valid = cuda.shared.array(WORDS, np.uint32)
    join_kernel.build_table(stored, 0, count, chunks, table, slices, valid)
    for e in range(cuda.threadIdx.x, join_kernel.TABLE_WORDS, cuda.blockDim.x):
        out[e] = table[e]
    for e in range(cuda.threadIdx.x, join_kernel.WORDS, cuda.blockDim.x):
        valid_out[e] = valid[e]


@given(
    patterns=st.lists(st.integers(0, 2**20 - 1), min_size=1, max_size=join_stage.BLOCK),
    chunks=st.integers(1, 4),
)
@settings(max_examples=8)
def test_a_blocks_table_leaves_free_what_each_pattern_leaves_free(
    patterns: list[int], chunks: int
) -> None:
    """Row v of chunk k, word w, bit t: pattern 32w + t holds none of the bits of v."""
    stored = np.array(patterns, np.uint64)
    out = np.zeros(join_kernel.TABLE_WORDS, np.uint32)
    valid = np.zeros(join_kernel.WORDS, np.uint32)
    _built[1, device.SIMULATOR_BLOCK](stored, len(stored), chunks, out, valid)
    rng = np.random.default_rng(len(patterns))
    for _ in range(64):
        k, v = int(rng.integers(chunks)), int(rng.integers(32))
        i = int(rng.integers(len(stored)))
        w, t = divmod(i, 32)
        free = not (int(stored[i]) >> (5 * k)) & v
        assert bool(int(out[(k * 32 + v) * 32 + w]) >> t & 1) == free
        assert int(valid[w]) >> t & 1
    assert sum(bin(int(x)).count("1") for x in valid) == len(stored)


@given(n=st.integers(10, 13), data=st.data())
@settings(max_examples=4)
def test_one_representatives_count_is_the_cpu_joins(n: int, data: st.DataObject) -> None:
    parts = listed_split(n, target=10**6)
    b = data.draw(st.integers(0, len(parts) - 1))
    sigs, offsets, items, east, west = _staged(n, b)
    (on_gpu,) = join_kernel.count_items(n, sigs, offsets, items)
    assert int(on_gpu) == Workspace(n, signatures=max(16, len(east), len(west))).join(east, west)


@pytest.mark.skipif(device.simulated(), reason="a minute a board on the simulator")
@pytest.mark.parametrize("n", [9, 10, 12, 14])  # 1-8: tests/test_registry.py, each method
def test_exact_on_a_real_gpu_past_the_simulators_reach(n: int) -> None:
    result = nqueens.count(n, method="gpu-join")
    assert (result.total, result.unique, result.method) == (*known_counts()[n], "gpu-join")


def test_the_command_keeps_a_journal_and_verifies_it(tmp_path: Path) -> None:
    path = tmp_path / "gpu-join.db"
    for _ in range(2):  # counted, then resumed whole from the journal
        done = subprocess.run(
            [*NQUEENS, "count", "8", "-m", "gpu-join", "-j", str(path), "--verify", "all"],
            capture_output=True,
            text=True,
            timeout=300,
            env=os.environ,
        )
        assert done.returncode == 0, done.stderr
        assert "N = 8: 92 solutions, 12 unique" in done.stdout
        assert "a row-by-row backtracking search confined to each orbit's rows" in done.stdout
