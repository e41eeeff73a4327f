"""The registry of counting methods: every method declares what the runners read, every
method counts exactly over its whole range (up to N = 17), and sizes outside a range
are refused in one line."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import nqueens
from nqueens.counting import best_method
from nqueens.engine.counter import ProbeUnit
from nqueens.engine.registry import METHODS, Method, choose
from nqueens.engine.runtime.totals import final_tally
from nqueens.errors import SizeTooLargeError
from nqueens.limits import BITBOARD_MAX_N
from tests.journals import forget
from tests.naive import expected_counts
from tests.processes import NQUEENS
from tests.simulated import affordable

UP_TO = 17
TESTED_UP_TO = {"python": 13}  # the same loop at every N; N = 15 takes half a minute
VARIANT_UP_TO = 13  # the variants' published counts beyond are checked in test_variants


def _cases() -> list[object]:
    cases: list[object] = []
    for method in METHODS.values():
        top = affordable(method.name, UP_TO if method.variant == "classic" else VARIANT_UP_TO)
        top = min(top, TESTED_UP_TO.get(method.name, top))
        for n in range(1, min(method.largest, top) + 1):
            marks = [pytest.mark.slow] if n >= method.slow_from else []
            if method.name not in ("python", "numpy") and n >= 11:
                marks.append(pytest.mark.compiled)
            cases.append(pytest.param(method.name, n, marks=marks, id=f"{method.name}-{n}"))
    return cases


@pytest.mark.parametrize(("name", "n"), _cases())
def test_every_method_counts_exactly_over_its_range(name: str, n: int) -> None:
    result = nqueens.count(n, method=name, workers=2 if n >= 12 else 1)
    assert (result.total, result.unique) == expected_counts(name, n)
    assert result.method == name


@pytest.mark.parametrize("method", METHODS.values(), ids=lambda m: m.name)
def test_every_method_declares_what_the_runners_read(method: Method) -> None:
    names = [f.name for f in method.fields]
    assert names and len(set(names)) == len(names)
    assert all(name.isidentifier() and name != "idx" for name in names)
    assert all(f.meaning for f in method.fields)
    # its tally takes exactly its fields
    assert list(inspect.signature(method.tally).parameters) == names
    assert method.smallest == 1 <= method.largest <= BITBOARD_MAX_N
    assert method.version and method.summary and method.too_large
    counter = method.implementation()
    for provided in ("split", "compiled", "warm_up", "ready"):
        assert callable(getattr(counter, provided))
    for kernel in counter.compiled():  # numba dispatchers, whose cache the warm-up finds
        assert hasattr(kernel, "py_func")
    assert (method.recounted_by is None) == (counter.recount is None)  # said where it is
    assert counter.probe is None or counter.probe.unit in ProbeUnit
    # a split's task gives one row of the method's fields per subproblem
    parts = method.split(8)
    function, arguments = parts.task(np.arange(len(parts)))
    rows = function(*arguments)
    assert rows.shape == (len(parts), len(method.fields))
    assert final_tally(method, 8, method.sum_rows(rows)).total == expected_counts(method.name, 8)[0]


@pytest.mark.parametrize("method", METHODS.values(), ids=lambda m: m.name)
def test_count_refuses_n_outside_each_range_in_one_line(method: Method) -> None:
    with pytest.raises(SizeTooLargeError) as refused:
        nqueens.count(method.largest + 1, method=method.name)
    message = str(refused.value)
    assert "\n" not in message and len(message) < 200
    what = method.too_large.format(method=method.name)  # marked for the catalog, {method} its name
    assert f"too large for {what}" in message and method.name in message
    assert f"use N <= {method.largest}" in message
    done = subprocess.run(
        [*NQUEENS, "count", str(method.largest + 1), "-m", method.name],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def test_auto_picks_a_method_that_takes_n_everywhere() -> None:
    for n in range(1, BITBOARD_MAX_N + 1):
        assert choose(n, "auto").takes(n)
    assert best_method(BITBOARD_MAX_N + 1) == "backtrack"  # whose error says how far
    with pytest.raises(SizeTooLargeError, match="64-bit"):
        nqueens.count(BITBOARD_MAX_N + 1)


def test_the_python_method_loads_no_numba() -> None:
    code = (
        "import sys, nqueens\n"
        "r = nqueens.count(9, method='python', workers=2)\n"
        "assert (r.total, r.unique) == (352, 46), r\n"
        "print('numba' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "False\n"


@pytest.mark.parametrize("name", list(METHODS))
def test_every_method_resumes_from_its_journal(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.sqlite"
    n = affordable(name, 11)
    first = nqueens.count(n, method=name, workers=1, journal=path)
    assert (first.total, first.unique, first.resumed) == (*expected_counts(name, n), 0)
    again = nqueens.count(n, method=name, workers=2, journal=path)
    assert again.resumed == again.subproblems and again.total == first.total
    forget(path, range(0, first.subproblems, 3))
    resumed = nqueens.count(n, method=name, workers=2, journal=path)
    assert 0 < resumed.resumed < resumed.subproblems
    assert (resumed.total, resumed.unique) == expected_counts(name, n)
    assert resumed.nodes == first.nodes and resumed.memory == first.memory


def test_a_method_whose_kernels_do_not_survive_a_fork_counts_in_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A GPU-like method: one flag in its entry, and the runner never forks for it."""
    from dataclasses import replace

    from nqueens.engine.runtime import run

    in_process_only = replace(METHODS["backtrack"], name="gpu-like", survives_fork=False)
    monkeypatch.setitem(METHODS, "gpu-like", in_process_only)

    def no_fork(*args: object) -> None:
        raise AssertionError("the process pool was used")

    monkeypatch.setitem(run.BACKENDS, "process", no_fork)
    result = nqueens.count(11, method="gpu-like", workers=2)
    assert (result.total, result.unique, result.workers) == (2680, 341, 1)


@pytest.mark.parametrize("method", METHODS.values(), ids=lambda m: m.name)
def test_the_registry_says_where_each_method_is_slow(method: Method) -> None:
    assert 1 < method.slow_from <= method.largest + 1 and isinstance(method.survives_fork, bool)
