"""Fast enumeration: the engine lists exactly the teaching algorithms' solutions, fast."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

import nqueens
from nqueens.errors import IncompatibleOptionsError, SizeTooLargeError
from nqueens.known import known_counts
from nqueens.listing import solution_arrays
from nqueens.render.arrays import write_arrays, write_npy_header
from nqueens.render.text import write_solutions
from tests.naive import naive_solutions
from tests.processes import invoke

compiled = pytest.mark.compiled


def _rows(n: int, **kw: object) -> list[tuple[int, ...]]:
    return [tuple(r) for chunk in solution_arrays(n, **kw) for r in chunk.tolist()]  # type: ignore[arg-type]


@pytest.mark.parametrize("n", range(1, 9))
def test_same_solutions_in_the_same_order_as_the_naive_solver(n: int) -> None:
    assert _rows(n) == naive_solutions(n)


@pytest.mark.parametrize("n", range(1, 10))
def test_unique_rows_are_the_canonical_solutions(n: int) -> None:
    assert _rows(n, unique=True) == [p.cols for p in nqueens.solutions(n, unique=True)]


def test_tiny_chunks_resume_exactly_where_they_stopped() -> None:
    assert _rows(8, chunk=7) == _rows(8)
    assert all(len(c) <= 7 for c in solution_arrays(8, chunk=7))
    assert _rows(9, unique=True, chunk=5) == _rows(9, unique=True)


@compiled
@pytest.mark.parametrize("n", [11, 12, 13])
def test_counts_of_larger_boards(n: int) -> None:
    assert sum(len(c) for c in solution_arrays(n)) == known_counts()[n].total
    assert sum(len(c) for c in solution_arrays(n, unique=True)) == known_counts()[n].unique


def test_engine_through_the_api() -> None:
    assert nqueens.first(8, algorithm="engine") == nqueens.first(8)
    assert len(list(nqueens.solutions(10, algorithm="engine", unique=True))) == 92
    found = list(nqueens.solutions(16, algorithm="engine", limit=3))
    assert len(found) == 3 and all(p.is_valid for p in found)
    stats = nqueens.SearchStats()
    assert sum(1 for _ in nqueens.solutions(9, algorithm="engine", stats=stats)) == 352
    assert stats.solutions == 352
    with pytest.raises(IncompatibleOptionsError, match="no search events"):
        list(nqueens.solutions(8, algorithm="engine", observer=print))
    with pytest.raises(SizeTooLargeError, match="too many solutions"):
        nqueens.solutions(18, algorithm="engine")


@pytest.mark.parametrize(("fmt", "base"), [("list", 0), ("list", 1), ("csv", 0), ("csv", 1)])
def test_array_text_is_the_same_as_the_python_formatting(fmt: str, base: int) -> None:
    fast = io.BytesIO()
    written = write_arrays(solution_arrays(11, chunk=1000), fast, fmt, n=11, base=base)
    slow = io.StringIO()
    write_solutions(nqueens.solutions(11), slow, fmt, base=base)
    assert written == 2680
    assert fast.getvalue().decode() == slow.getvalue()


def test_npy_header_and_rows_load_back() -> None:
    out = io.BytesIO()
    write_npy_header(out, 92, 8)
    write_arrays(solution_arrays(8), out, "npy", n=8)
    array = np.load(io.BytesIO(out.getvalue()))
    assert array.shape == (92, 8) and array.dtype == np.int8
    assert [tuple(r) for r in array.tolist()] == naive_solutions(8)


@compiled
def test_cli_lists_with_the_engine() -> None:
    code, out, _ = invoke("solve", "11", "--all", "-f", "list", "-A", "engine")
    assert code == 0
    assert out.splitlines() == [p.to_string() for p in nqueens.solutions(11)]
    code, out, _ = invoke("solve", "13", "--unique", "-f", "csv", "-w", "2")  # auto: engine
    assert code == 0 and len(out.splitlines()) == 1 + 9233


@pytest.mark.parametrize(
    ("args", "rows"), [([], 1), (["--all"], 724), (["--unique"], 92), (["-l", "10"], 10)]
)
def test_cli_writes_npy_files(tmp_path: Path, args: list[str], rows: int) -> None:
    path = tmp_path / "s.npy"
    code, _, err = invoke("solve", "10", "-f", "npy", "-o", str(path), *args)
    assert code == 0, err
    array = np.load(path)
    assert array.shape == (rows, 10)
    assert all(nqueens.Placement(tuple(r)).is_valid for r in array.tolist())


def test_cli_writes_text_to_a_file(tmp_path: Path) -> None:
    path = tmp_path / "s.txt"
    assert invoke("solve", "6", "-a", "-f", "grid", "-o", str(path))[0] == 0
    assert path.read_text().startswith("1\n 1 3 5 0 2 4\n+-+")


def test_cli_refuses_listings_that_would_not_end() -> None:
    code, _, err = invoke("solve", "18", "--all", "-f", "list")
    assert code == 2 and "too many solutions to list" in err


@compiled
@pytest.mark.parametrize("unique", [False, True])
def test_parallel_listing_gives_the_same_rows_in_the_same_order(unique: bool) -> None:
    one = np.concatenate(list(solution_arrays(13, unique=unique)))
    two = np.concatenate(list(solution_arrays(13, unique=unique, workers=2, chunk=1000)))
    assert one.shape == two.shape and (one == two).all()
    assert all(len(c) <= 1000 for c in solution_arrays(13, workers=2, chunk=1000))


def test_parallel_listing_refuses_bad_worker_counts() -> None:
    with pytest.raises(nqueens.InvalidSizeError, match="workers"):
        solution_arrays(13, workers=0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"chunk": 0}, "chunk must be at least 1, not 0"),  # it searched for ever
        ({"chunk": 2.5}, "chunk must be a whole number"),
        ({"limit": -1}, "limit must be at least 0, not -1"),
    ],
)
def test_chunks_and_limits_that_list_nothing_are_refused(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(nqueens.InvalidSizeError, match=message):
        solution_arrays(8, **options)  # type: ignore[arg-type]
    assert [len(a) for a in solution_arrays(8, limit=0)] == []
