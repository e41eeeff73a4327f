"""The command line a newcomer meets: help, typos, one name for the output file, what was
written, the same answer in every format. Run as real processes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

import nqueens
from nqueens.limits import FIRST_ENGINE_FROM_N
from nqueens.solving import ENGINE, auto_algorithm
from tests.processes import NQUEENS, invoke, run_nqueens

SIZE_COMMANDS = {
    "solve": (),
    "construct": (),
    "count": (),
    "compare": (),
    "trace": (),
    "tree": ("--levels",),
    "show": ("--out", "x.png"),
    "animate": ("--out", "x.gif"),
    "play": ("--out", "x.html"),
    "gui": (),
}


def test_nqueens_alone_prints_the_help_like_help() -> None:
    alone = run_nqueens()
    helped = run_nqueens("--help")
    assert (alone.returncode, alone.stdout, alone.stderr) == (0, helped.stdout, "")
    assert alone.stdout.startswith("Usage: ") and "COMMAND [ARGS]" in alone.stdout


@pytest.mark.parametrize("command", list(SIZE_COMMANDS))
def test_a_mistyped_option_gets_clicks_suggestion(command: str) -> None:
    result = run_nqueens(command, "4", "--algoritm", "bitboard")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("nqueens: error: No such option '--algoritm'")
    if command not in ("construct", "count", "show"):  # the ones without --algorithm
        assert "Did you mean" in result.stderr and "'--algorithm" in result.stderr
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("command", list(SIZE_COMMANDS))
@pytest.mark.parametrize("size", ["-3", "-3x5"])
def test_negative_sizes_are_still_sizes(tmp_path: Path, command: str, size: str) -> None:
    extra = [str(tmp_path / a) if "." in a else a for a in SIZE_COMMANDS[command]]
    result = run_nqueens(command, size, *extra)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("nqueens: error: ")
    assert size in result.stderr and "No such option" not in result.stderr


@pytest.mark.parametrize(
    ("command", "value"),
    [(("check",), "-1 0"), (("check",), "-1"), (("complete", "--n", "4"), "-1:0")],
    ids=str,
)
def test_a_negative_number_read_as_an_option_is_said_so(
    command: tuple[str, ...], value: str
) -> None:
    """click said only "No such option '-1'" of a placement that starts with a minus."""
    code, _, err = invoke(*command, value)
    assert code == 2 and "starts with '-' and is read as an option" in err, err
    assert "put -- before an argument that starts with '-'" in err
    code, _, err = invoke(*command, "--", value)  # as it says: the placement's own refusal
    assert code == 2 and "is off the" in err, err
    assert invoke("solve", "8", "--bogus")[2].startswith("nqueens: error: No such option")


def test_a_rectangle_and_options_before_the_size_still_parse() -> None:
    result = run_nqueens("solve", "--all", "-f", "list", "4x6")
    assert result.returncode == 0 and len(result.stdout.splitlines()) == 46


WRITERS = {
    "solve": (("solve", "8", "--all"), "txt", "wrote {path}: 92 solutions for N = 8"),
    "construct": (("construct", "100"), "npy", "wrote {path}: 100 queens (npy)"),
    "show": (("show", "4"), "svg", "wrote {path}: 1 board"),
    "tree": (("tree", "4"), "svg", "wrote {path}: 17 nodes"),
    "animate": (("animate", "4", "--solutions", "1"), "html", "wrote {path}: "),
    "play": (("play", "4"), "html", "wrote {path}: 78 steps, 2 solutions"),
}


@pytest.mark.parametrize("name", ["--out", "--output", "-o"])
@pytest.mark.parametrize("command", list(WRITERS))
def test_every_writing_command_takes_one_name_and_says_what_it_wrote(
    tmp_path: Path, command: str, name: str
) -> None:
    args, ext, said = WRITERS[command]
    path = tmp_path / f"out.{ext}"
    result = run_nqueens(*args, name, str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(said.format(path=path)) and result.stderr == ""
    assert len(result.stdout.splitlines()) == 1 and path.stat().st_size > 0


@pytest.mark.parametrize("command", list(WRITERS))
def test_the_help_shows_the_one_name(command: str) -> None:
    result = run_nqueens(command, "--help")
    assert re.search(r"^  -o, --out FILE ", result.stdout, re.MULTILINE)
    assert "--output" not in result.stdout


def test_the_written_line_goes_to_stderr_when_stdout_carries_data(tmp_path: Path) -> None:
    path = tmp_path / "t.svg"
    result = run_nqueens("tree", "4", "--levels", "--out", str(path))
    assert result.returncode == 0 and result.stdout.startswith("depth")
    assert "wrote" not in result.stdout
    said = f"wrote {path}: 17 nodes, the root (the empty board) and 16 queens placed\n"
    assert result.stderr == said


FORMATS = ["board", "compact", "grid", "unicode", "list", "json", "jsonl", "csv"]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("n", [8, 20])
def test_the_engine_gives_the_first_solution_in_every_format(fmt: str, n: int) -> None:
    """Listing is --all's choice, never the format's."""
    first = nqueens.first(n)
    assert first is not None
    result = invoke("solve", str(n), "-A", "engine", "--format", fmt)
    assert result.status == 0, result.stderr  # in this process: numba loads once
    auto = invoke("solve", str(n), "--format", fmt)
    assert result.stdout == auto.stdout
    if fmt == "list":
        assert result.stdout == first.to_string() + "\n"
    if fmt == "json":
        assert [r["cols"] for r in json.loads(result.stdout)] == [list(first.cols)]


def test_an_npy_file_holds_one_solution_unless_all_is_asked(tmp_path: Path) -> None:
    path = tmp_path / "one.npy"
    assert run_nqueens("solve", "8", "-f", "npy", "--out", str(path)).returncode == 0
    assert np.load(path).tolist() == [[0, 4, 7, 5, 2, 6, 1, 3]]


def test_auto_takes_the_engine_where_the_first_solution_lies_deep() -> None:
    assert auto_algorithm(FIRST_ENGINE_FROM_N - 1, listing=False) == "bitboard"
    assert auto_algorithm(FIRST_ENGINE_FROM_N, listing=False) == ENGINE
    assert auto_algorithm(32, listing=False) == ENGINE


@pytest.mark.compiled
def test_solve_finds_the_lexicographically_first_solution_by_the_engine() -> None:
    """The engine and the teaching bitboard agree: the seed's answer, at every N."""
    n = FIRST_ENGINE_FROM_N
    result = run_nqueens("solve", str(n), "--format", "list", "--stats")
    assert result.returncode == 0 and result.stderr.startswith("engine:")
    assert result.stdout == nqueens.first(n, algorithm="bitboard").to_string() + "\n"  # type: ignore[union-attr]


def test_solve_help_ends_with_its_own_examples() -> None:
    lines = run_nqueens("solve", "--help").stdout.rstrip().splitlines()
    examples = lines[lines.index("  Examples:") + 1 :]
    assert examples and all(line.lstrip().startswith("nqueens solve ") for line in examples)
    assert "the first is the lexicographically first" in " ".join(" ".join(lines).split())


def test_play_help_names_home_and_end() -> None:
    assert "Home/End" in run_nqueens("play", "--help").stdout


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d[\d,.]*\d|\d", text))


def test_compare_12_fits_80_columns_and_cuts_no_number() -> None:
    """A default terminal or a pipe: 80 columns. The algorithms with the widest cells."""
    import os
    import subprocess

    names = "brute-force,permutations,flags,bitboard"
    command = [*NQUEENS, "compare", "12", "--algorithms", names]
    env = {**os.environ, "COLUMNS": "80"}
    table = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert table.returncode == 0, table.stderr
    assert "\u2026" not in table.stdout and "..." not in table.stdout
    assert max(len(line.rstrip()) for line in table.stdout.splitlines()) <= 80
    records = [
        json.loads(line) for line in run_nqueens(*command[3:], "--json").stdout.split("\n") if line
    ]
    flags = next(r for r in records if r["algorithm"] == "flags")
    shown = _numbers(table.stdout)
    for key in ("nodes", "checks", "solutions"):
        assert f"{flags[key]:,}" in shown
    assert "8,916,100,448,256" in shown  # N^N, brute-force's candidates


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_notes_under_the_table_fit_the_width_and_cut_no_size(language: str) -> None:
    """The search spaces go on one line where it fits, else one size a line: as the
    table's caption they wrapped mid-size ("N! =" / "39,916,800") and left a closing
    bracket alone."""
    from rich.cells import cell_len

    from nqueens.compare import search_spaces
    from nqueens.i18n import use_language
    from nqueens.render.tables import comparison_notes

    sizes = [f"{k} = {v}" for k, v in search_spaces(12).items()]
    with use_language(language):
        for width in (64, 80, 200):
            notes = comparison_notes(search_spaces(12), width)
            assert all(cell_len(line) <= width for line in notes), notes
            assert all(any(size in line for line in notes) for size in sizes)
            assert len(notes) == (2 if width == 200 else 4)
            assert notes[-1].endswith("root" if language == "en" else "\uff09")


def test_a_table_too_wide_for_the_terminal_is_printed_wider_not_cut() -> None:
    import io

    from rich.console import Console

    from nqueens.compare import ComparisonRow
    from nqueens.render.tables import comparison_table, print_uncut
    from nqueens.search import SearchStats

    stats = SearchStats(nodes=123_456_789_012, checks=987_654_321_098, solutions=14_200)
    rows = [ComparisonRow("bitboard-stack", "", None, stats)]
    out = io.StringIO()
    print_uncut(Console(file=out, width=40), comparison_table(16, rows))
    assert "\u2026" not in out.getvalue()
    assert {"123,456,789,012", "987,654,321,098", "14,200"} <= _numbers(out.getvalue())


def test_a_toroidal_board_not_coprime_to_6_has_no_solution_as_the_counts_say() -> None:
    from nqueens.known import KNOWN_VARIANT_COUNTS
    from nqueens.variants.rules import Rules
    from nqueens.variants.search import proved_empty

    totals = KNOWN_VARIANT_COUNTS["toroidal"]
    assert len(totals) >= 19
    for n, (total, _) in totals.items():
        assert proved_empty(Rules.of("toroidal", n)) is (total == 0), n
    assert not proved_empty(Rules.of("superqueens", 12)) and not proved_empty(Rules(4, 6))


def test_every_variant_size_solve_takes_is_answered_or_refused_at_once() -> None:
    from nqueens.limits import VARIANT_FIRST_MAX_N

    none = run_nqueens("solve", "60", "--variant", "toroidal")  # the search would never end
    assert none.returncode == 1
    assert none.stdout == "No solution: no 60 queens fit on the toroidal 60x60 board.\n"
    big = run_nqueens("solve", str(VARIANT_FIRST_MAX_N + 2), "--variant", "superqueens")
    assert big.returncode == 2 and big.stdout == ""
    assert f"use at most {VARIANT_FIRST_MAX_N}" in big.stderr
    rectangle = run_nqueens("solve", "60x63")
    assert rectangle.returncode == 2 and "60 queens are too many for the classic 60x63" in (
        rectangle.stderr
    )
    first = run_nqueens("solve", str(VARIANT_FIRST_MAX_N), "--variant", "toroidal", "-f", "list")
    cols = [int(c) for c in first.stdout.split()]
    n = VARIANT_FIRST_MAX_N
    assert first.returncode == 0 and sorted(cols) == list(range(n))
    assert len({(c - r) % n for r, c in enumerate(cols)}) == n  # no two on a wrapped diagonal
    assert len({(c + r) % n for r, c in enumerate(cols)}) == n


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (("trace", "8", "--limit", "99999999999"), "(--limit)"),
        (("play", "8", "--max-steps", "99999999999", "--out", "x.html"), "(--max-steps)"),
        (("animate", "8", "--max-frames", "99999999999", "--out", "x.gif"), "(--max-frames)"),
        (("count", "8", "--batch-size", "99999999999"), "(--batch-size)"),
        (
            ("construct", "9", "--method", "min-conflicts", "--max-sweeps", "9" * 9),
            "(--max-sweeps)",
        ),
    ],
    ids=lambda value: value[0] if isinstance(value, tuple) else value,
)
def test_a_count_too_large_names_its_option(args: tuple[str, ...], flag: str) -> None:
    """ "steps = 99,999,999,999 is too many" named no option: trace's and play's both
    count steps, under --limit and --max-steps."""
    done = invoke(*args)
    assert done.status == 2 and "is too many" in done.stderr
    assert done.stderr.rstrip().endswith(flag)
