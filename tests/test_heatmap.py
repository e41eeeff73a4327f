"""The heat map: counts per square against the naive solver, the known totals, the command."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

import nqueens
from nqueens.known import known_counts
from tests.naive import naive_heatmap
from tests.processes import NQUEENS, invoke


@pytest.mark.parametrize("n", range(1, 9))
def test_counts_match_the_naive_solver(n: int) -> None:
    heat = nqueens.heatmap(n)
    assert heat.counts.tolist() == naive_heatmap(n)
    assert heat.total == known_counts()[n].total


@pytest.mark.parametrize("n", [9, 10, 12])
def test_counts_match_the_teaching_search(n: int) -> None:
    expected = np.zeros((n, n), dtype=np.int64)
    for solution in nqueens.solutions(n, algorithm="bitboard"):
        expected[np.arange(n), solution.cols] += 1
    assert (nqueens.heatmap(n).counts == expected).all()


@pytest.mark.compiled
def test_sixteen_queens_every_row_and_column_sums_to_the_total() -> None:
    heat = nqueens.heatmap(16)
    total = known_counts()[16].total
    assert heat.total == total == 14_772_512
    assert (heat.counts.sum(axis=0) == total).all() and (heat.counts.sum(axis=1) == total).all()
    # The solutions are closed under the symmetries of the square, so is the map.
    assert (heat.counts == heat.counts.T).all() and (heat.counts == heat.counts[::-1]).all()


def test_too_large_is_refused() -> None:
    with pytest.raises(nqueens.SizeTooLargeError, match="use N <= 17"):
        nqueens.heatmap(18)


def test_show_heatmap_writes_the_picture(tmp_path: Path) -> None:
    out = tmp_path / "heat.png"
    command = [*NQUEENS, "show", "6", "--heatmap", "--out", str(out)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"wrote {out}: heat map of 4 solutions"
    assert out.read_bytes().startswith(b"\x89PNG")
    bad = subprocess.run(
        [*command[:-1], str(tmp_path / "heat.gif")], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2 and "name it .png, .svg or .pdf" in bad.stderr


def test_counts_are_written_in_the_squares() -> None:
    figure = nqueens.heatmap(5).figure()
    texts = [t.get_text() for t in figure.axes[0].texts]
    assert texts == ["2"] * 25


@pytest.mark.parametrize("chosen", [["-u"], ["-l", "3"], ["-a", "-l", "3"]])
def test_the_heatmap_refuses_a_choice_of_solutions(tmp_path: Path, chosen: list[str]) -> None:
    """--unique and --limit were ignored: "heat map of 92 solutions", exit 0."""
    out = tmp_path / "heat.png"
    result = invoke("show", "8", "--heatmap", *chosen, "--out", str(out))
    assert result.status == 2 and "--heatmap counts every solution: drop" in result.stderr
    assert not out.exists()


def test_one_solution_is_one(tmp_path: Path) -> None:
    result = invoke("show", "1", "--heatmap", "--out", str(tmp_path / "one.png"))
    assert result.status == 0 and result.stdout.endswith("heat map of 1 solution\n")
