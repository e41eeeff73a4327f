"""Kernels loaded from numba's cache without its whole refresh (engine/cache_load.py): the
counts stay exact, the refresh is really left out, and numba still compiles what is new."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from nqueens.known import known_counts

pytestmark = pytest.mark.compiled

CHILD = """
import json, sys
import numpy as np
import nqueens
from numba import njit, typed, types

counts = {m: nqueens.count(13, method=m, workers=1).total for m in ("backtrack", "join")}
# load_additional_registries imports numba.typed.typeddict: only a refresh does
refreshed = "numba.typed.typeddict" in sys.modules

@njit
def keyed(values):  # new code needing the registries the loads left out: numba compiles it
    d = typed.Dict.empty(types.int64, types.int64)
    for v in values:
        d[v] = d.get(v, 0) + 1
    return len(d)

print(json.dumps({"counts": counts, "refreshed": refreshed,
                  "compiled": keyed(np.array([3, 1, 3, 2]))}))
"""


def test_cached_kernels_load_without_the_refresh_and_count_exactly() -> None:
    subprocess.run([sys.executable, "-c", CHILD], check=True, capture_output=True)  # cached
    done = subprocess.run([sys.executable, "-c", CHILD], check=True, capture_output=True)
    report = json.loads(done.stdout)
    assert report["counts"] == {m: known_counts()[13][0] for m in ("backtrack", "join")}
    assert report["refreshed"] is False
    assert report["compiled"] == 3


CUDA_CHILD = """
import contextlib
from nqueens.engine.runtime import cache_load
from numba.cuda import dispatcher

class Context:
    def refresh(self):
        raise AssertionError("refreshed")

class Cache:
    _guard_against_spurious_io_errors = staticmethod(contextlib.nullcontext)
    def _load_overload(self, sig, target_context):
        return ("kernel", sig)

cache_load.install_cuda()
print(dispatcher.CUDACache.load_overload(Cache(), "sig", Context()))
"""


def test_a_gpu_kernel_loads_from_numba_cudas_cache_without_the_refresh() -> None:
    """numba-cuda's real cache class, patched (no GPU needed to import it): a load goes
    straight to the cached kernel; the stand-in context fails the load if refreshed."""
    env = os.environ | {"NUMBA_ENABLE_CUDASIM": "0"}
    done = subprocess.run(
        [sys.executable, "-c", CUDA_CHILD], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "('kernel', 'sig')"
