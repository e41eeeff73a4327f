"""Each vector path of engine/simd.py counts exactly: the join compiled for a processor of
each path (NUMBA_CPU_NAME), in a process of its own with a numba cache of its own."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from nqueens.engine.methods.join import simd
from nqueens.known import known_counts

LARGEST = 16

TARGETS = {"skylake-avx512": "avx512", "haswell": "avx2", "generic": "portable"}
"""A processor numba can compile for on each path; "generic" is the x86-64 baseline
(SSE2) here and the plain target elsewhere."""

SIMD_IMPORT = "from nqueens.engine.methods.join import simd"
SIGNS = ("vpcompressq", "vpermd", "zmm", r"\spextq\s")
"""Instructions and registers that tell the paths apart in the strip kernel's code (and
the sort's: `pext` where the target runs it fast)."""

_SCRIPT = f"""
import json, re
import nqueens
from nqueens.engine.methods.join import match, simd, strips
counts = {{n: nqueens.count(n, method="join", workers=1) for n in range(1, {LARGEST} + 1)}}
code = "".join(strips.strip.inspect_asm().values())
code += "".join(match.sort_by_key.inspect_asm().values())
print(json.dumps({{"path": simd.vector_path(),
                   "counts": {{n: [r.total, r.unique] for n, r in counts.items()}},
                   "signs": [len(re.findall(sign, code)) for sign in {SIGNS!r}]}}))
"""


def _host_runs(path: str) -> bool:
    """Whether this machine can run code compiled for the path's processor."""
    if path == "portable":
        return True
    if platform.machine() not in ("x86_64", "AMD64"):
        return False
    from llvmlite import binding

    return bool(binding.get_host_cpu_features().get("avx512f" if path == "avx512" else "avx2"))


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, subprocess.Popen[str]]]:
    """One count per runnable path, all started at once (each compiles the join anew)."""
    started = {}
    for cpu, path in TARGETS.items():
        if not _host_runs(path):
            continue
        cache = tmp_path_factory.mktemp(f"numba-{cpu}")
        env = os.environ | {
            "NUMBA_CPU_NAME": cpu,
            "NUMBA_CPU_FEATURES": "",  # the processor's own features, not the host's
            "NUMBA_CACHE_DIR": str(cache),
        }
        env.pop("NUMBA_DISABLE_JIT", None)
        started[cpu] = subprocess.Popen(
            [sys.executable, "-c", _SCRIPT], env=env, stdout=subprocess.PIPE, text=True
        )
    yield started
    for proc in started.values():
        proc.kill()
        proc.wait()


@pytest.mark.compiled
@pytest.mark.parametrize("cpu", TARGETS)
def test_each_vector_path_counts_exactly(cpu: str, runs: dict[str, subprocess.Popen[str]]) -> None:
    path = TARGETS[cpu]
    if cpu not in runs:
        pytest.skip(f"this machine cannot run {path} code ({platform.machine()})")
    out, _ = runs[cpu].communicate(timeout=900)
    assert runs[cpu].returncode == 0
    report = json.loads(out)
    assert report["path"] == path
    table = known_counts()
    assert {int(n): tuple(c) for n, c in report["counts"].items()} == {
        n: table[n] for n in range(1, LARGEST + 1)
    }
    compress, permute, wide, pext = report["signs"]  # the kernels' code took the path
    assert (compress > 0, permute > 0) == (path == "avx512", path == "avx2")
    assert wide == 0 or path == "avx512"
    assert (pext > 0) == (path != "portable")  # these processors run it fast


def test_the_path_is_one_of_the_paths() -> None:
    assert simd.vector_path() in simd.PATHS
    assert set(simd._COMPRESS) == set(simd.PATHS)


def _chosen(what: str, cache: Path, **env: str) -> str:
    """`simd.<what>()` as a process started with `env` (numba's target is read once, at
    the start) prints it."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            f"from nqueens.engine.methods.join import simd; print(simd.{what}())",
        ],
        env=os.environ | env | {"NUMBA_CACHE_DIR": str(cache)},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.split()[-1]


def test_the_path_follows_the_target_numba_compiles_for(tmp_path: Path) -> None:
    """The name alone keeps the host's features (numba's rule); with empty features the
    named processor's own."""

    def path_for(**env: str) -> str:
        return _chosen("vector_path", tmp_path, **env)

    assert path_for(NUMBA_CPU_NAME="generic") == "portable"
    if platform.machine() in ("x86_64", "AMD64"):
        assert path_for(NUMBA_CPU_NAME="haswell", NUMBA_CPU_FEATURES="") == "avx2"
        assert path_for(NUMBA_CPU_NAME="sandybridge", NUMBA_CPU_FEATURES="") == "portable"
        assert path_for(NUMBA_CPU_NAME="znver4", NUMBA_CPU_FEATURES="") == "avx512"


def test_pext_is_taken_where_the_target_runs_it_fast(tmp_path: Path) -> None:
    """BMI2's pext on the x86 paths, but not for AMD before Zen 3 (microcode), nor where
    the features named leave BMI2 out, nor on the portable path."""

    def fast(**env: str) -> bool:
        return _chosen("fast_pext", tmp_path, **env) == "True"

    assert not fast(NUMBA_CPU_NAME="generic", NUMBA_CPU_FEATURES="")
    if platform.machine() in ("x86_64", "AMD64"):
        assert fast(NUMBA_CPU_NAME="haswell", NUMBA_CPU_FEATURES="")
        assert fast(NUMBA_CPU_NAME="skylake-avx512", NUMBA_CPU_FEATURES="")
        assert not fast(NUMBA_CPU_NAME="znver2", NUMBA_CPU_FEATURES="")
        assert not fast(NUMBA_CPU_NAME="haswell", NUMBA_CPU_FEATURES="+avx2,-bmi2")
