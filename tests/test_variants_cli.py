"""Variants and rectangles through every command: what each draws or counts, and the
one-line refusals (exit status 2, no traceback, no file left behind) of what it cannot."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import nqueens
from nqueens.variants import Rules, count, solutions
from tests.naive import (
    naive_attack,
    naive_classes,
    naive_queen_attack,
    naive_variant_solutions,
)
from tests.pixels import dark_pixels
from tests.processes import invoke, run_nqueens


@pytest.mark.parametrize(("rows", "cols"), [(2, 5), (3, 6), (4, 7), (5, 8), (4, 6)])
def test_count_counts_a_rectangle_as_the_naive_solver(rows: int, cols: int) -> None:
    found = naive_variant_solutions(rows, cols, naive_queen_attack)
    code, out, err = invoke("count", f"{rows}x{cols}")
    total, unique = len(found), naive_classes(found, rows, cols)
    assert code == 0 and err == ""
    assert out == f"{rows}x{cols} board: {total:,} solutions, {unique:,} unique\n"
    code, out, _ = invoke("count", f"{rows}x{cols}", "--json")
    record = json.loads(out)
    assert code == 0 and (record["rows"], record["cols"]) == (rows, cols)
    assert (record["total"], record["unique"]) == (total, unique)


def test_count_counts_a_wide_rectangle_with_the_kernel_and_superqueens_on_one() -> None:
    code, out, _ = invoke("count", "4x11", "--json")
    assert code == 0 and json.loads(out)["total"] == count(Rules(4, 11), fast=False)
    code, out, _ = invoke("count", "5x9", "--variant", "superqueens")
    rules = Rules.of("superqueens", "5x9")
    total, unique = count(rules), count(rules, unique=True)
    assert code == 0 and out == f"5x9 board, superqueens: {total:,} solutions, {unique:,} unique\n"


def test_show_draws_a_rectangle_queen_for_queen(tmp_path: Path) -> None:

    out = tmp_path / "rectangle.png"
    code, said, _ = invoke("show", "4x6", "--out", str(out))
    assert code == 0 and said == f"wrote {out}: 1 board\n" and out.stat().st_size > 1000
    figure = nqueens.show("4x6")
    figure.canvas.draw()
    pixels = np.asarray(figure.canvas.buffer_rgba())  # type: ignore[attr-defined]
    (ax,) = figure.axes
    first = next(solutions(Rules(4, 6)))
    for row in range(4):
        for col in range(6):
            x, y = ax.transData.transform((col, row))
            dark = dark_pixels(pixels, (round(pixels.shape[0] - y), round(x)), 5)
            assert (dark > 10) == (col == first[row]), (row, col)
    code, said, _ = invoke("show", "4x6", "--unique", "--out", str(tmp_path / "grid.svg"))
    assert code == 0 and said.endswith(f": {count(Rules(4, 6), unique=True)} boards\n")


SQUARE_ONLY = [
    ["animate", "5x8", "--out", "{tmp}/film.gif"],
    ["play", "5x8", "--out", "{tmp}/page.html"],
    ["gui", "5x8"],
    ["trace", "5x8"],
    ["compare", "5x8"],
    ["tree", "5x8"],
    ["construct", "5x8"],
]

REFUSED = [
    *SQUARE_ONLY,
    ["show", "5x8", "--heatmap", "--out", "{tmp}/heat.png"],
    ["show", "5x8", "-V", "toroidal", "--out", "{tmp}/torus.png"],
    ["count", "5x8", "--journal", "{tmp}/j.sqlite"],
    ["count", "5x8", "--method", "backtrack"],
    ["count", "8x5"],
    ["compare", "7", "--variant", "toroidal", "--algorithms", "bitboard"],
    ["animate", "7", "-V", "toroidal", "-A", "bitboard", "--out", "{tmp}/film.gif"],
    ["play", "7", "-V", "superqueens", "--learn", "--out", "{tmp}/page.html"],
    ["gui", "7", "-V", "toroidal", "-A", "flags"],
    ["trace", "7", "-V", "toroidal", "-A", "flags"],
    ["solve", "7", "-V", "toroidal", "-A", "flags"],
]


@pytest.mark.parametrize("args", REFUSED, ids=lambda args: " ".join(args[:4]))
def test_what_a_command_cannot_do_is_refused_in_one_line(args: list[str], tmp_path: Path) -> None:
    """In a real process: one line on stderr, status 2, no traceback, no file written."""
    argv = [a.replace("{tmp}", str(tmp_path)) for a in args]
    done = run_nqueens(*argv)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("nqueens: error: ") and done.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", SQUARE_ONLY, ids=lambda args: args[0])
def test_square_commands_name_the_ones_that_take_a_rectangle(args: list[str]) -> None:
    code, _, err = invoke(*[a.replace("{tmp}", "/nonexistent") for a in args])
    assert code == 2 and "takes a square board N, not '5x8'" in err
    assert "`solve`, `show` and `count`" in err


def test_a_square_given_as_nxn_is_n() -> None:
    code, out, _ = invoke("trace", "4x4", "--limit", "1")
    assert code == 0 and "place row 0, col 0" in out


@pytest.mark.parametrize(
    ("variant", "n"),
    [("toroidal", 7), ("superqueens", 8), ("toroidal", 5), ("toroidal", 6), ("toroidal", 8)],
)
def test_compare_runs_the_variants_own_searches_over_the_naive_tree(variant: str, n: int) -> None:
    """Both searches place a queen on every node of the variant's tree: the partial
    boards whose queens do not attack each other, as the naive solver lists them; on a
    torus proved empty (N = 6, 8) too, where the bitboard's rows said 0 nodes."""
    attack = naive_attack(variant, n)
    nodes = sum(len(naive_variant_solutions(d, n, attack)) for d in range(1, n + 1))
    code, out, _ = invoke("compare", str(n), "--variant", variant, "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [row["algorithm"] for row in rows] == ["check function", "bitboard"]
    solutions_ = len(naive_variant_solutions(n, n, attack))
    for row in rows:
        assert (row["nodes"], row["solutions"], row["skipped"]) == (nodes, solutions_, None)
    check_function, bitboard = rows
    assert check_function["checks"] > bitboard["checks"]  # a check per square, not per row


def test_compare_names_the_variants_searches_and_skips_the_slow_one() -> None:
    code, out, _ = invoke("compare", "7", "--variant", "superqueens")
    assert code == 0 and "N = 7, superqueens: the variant's own searches side by side" in out
    assert "check function" in out and "bitboard" in out
    code, out, _ = invoke("compare", "13", "--variant", "superqueens")
    assert code == 0 and "check function skipped: runs its whole search only up to N = 12" in out
    code, _, err = invoke("compare", "7", "-V", "toroidal", "--algorithms", "backtracking")
    assert code == 2 and "name no algorithms (--algorithms)" in err and err.count("\n") == 1
