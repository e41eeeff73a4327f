"""Kernels loaded from numba's cache without its whole refresh (engine/cache_load.py): the
counts stay exact, the refresh is really left out, and numba still compiles what is new."""

from __future__ import annotations

import json
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
