"""The `nqueens` command: outputs, exit statuses and every error path."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens import ALGORITHMS
from nqueens.compare import compare
from nqueens.errors import UnknownAlgorithmError
from tests.processes import NQUEENS, invoke, like_a_terminal, nqueens_after, run_nqueens

COMPILING = (
    "compiling the counting kernels (once per machine; later runs load them from the cache)...\n"
)

FIRST_8 = """\
Q . . . . . . .
. . . . Q . . .
. . . . . . . Q
. . . . . Q . .
. . Q . . . . .
. . . . . . Q .
. Q . . . . . .
. . . Q . . . .
"""


def test_solve_prints_the_first_solution_like_seed_000() -> None:
    assert invoke("solve", "8") == (0, FIRST_8, "")


def test_solve_all_lists_92_numbered_solutions() -> None:
    code, out, _ = invoke("solve", "8", "--all")
    assert code == 0
    assert out.count("Solution ") == 92
    assert out.startswith("Solution 1: 0 4 7 5 2 6 1 3\n")
    assert out.rstrip().endswith("92 solutions for N = 8")


def test_solve_unique_lists_the_12() -> None:
    code, out, _ = invoke("solve", "8", "--unique", "--format", "list")
    assert code == 0 and len(out.splitlines()) == 12
    code, out, _ = invoke("solve", "8", "-u")
    assert code == 0
    assert out.rstrip().endswith("12 unique solutions for N = 8")


def test_solve_limit_and_one_based() -> None:
    code, out, _ = invoke("solve", "8", "--limit", "3", "-f", "list", "--one-based")
    assert (code, out.splitlines()) == (
        0,
        ["1 5 8 6 3 7 2 4", "1 6 8 3 7 4 2 5", "1 7 4 6 8 2 5 3"],
    )
    assert invoke("solve", "8", "-l", "2")[1].rstrip().endswith("first 2 solutions for N = 8")


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "6", "--all", "-f", "npy", "--out", "{folder}/a.npy"),
        ("construct", "10", "--out", "{folder}/b.NPY"),
        ("check", "{folder}/c.npy"),
    ],
    ids=lambda args: args[0],
)
def test_one_based_is_refused_beside_an_array(tmp_path: object, args: tuple[str, ...]) -> None:
    """An array's columns count from 0: --one-based was silently dropped when one was
    written, and shifted every column by one when one was read."""
    assert invoke("construct", "10", "--out", f"{tmp_path}/c.npy")[0] == 0
    code, _, err = invoke(*(a.format(folder=tmp_path) for a in args), "--one-based")
    assert code == 2 and "a .npy array holds columns from 0" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.npy"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("fmt", ["board", "compact", "grid", "unicode", "list", "jsonl", "csv"])
def test_every_format_from_the_command(fmt: str) -> None:
    code, out, _ = invoke("solve", "6", "--all", "--format", fmt)
    assert code == 0 and out


def test_json_from_the_command_parses() -> None:
    code, out, _ = invoke("solve", "6", "-a", "-f", "json")
    assert code == 0
    assert next(r["cols"] for r in json.loads(out)) == [1, 3, 5, 0, 2, 4]


@pytest.mark.parametrize("n", ["2", "3"])
def test_no_solution_is_said_clearly(n: str) -> None:
    code, out, _ = invoke("solve", n)
    assert code == 1 and out.startswith("No solution:")  # the answer "no": exit 1
    code, out, err = invoke("solve", n, "--all", "-f", "json")
    assert code == 1
    assert json.loads(out) == [] and "No solution" in err


def test_no_solution_keeps_an_existing_file_and_still_says_its_stats(tmp_path: Path) -> None:
    """`solve 2 --out notes.txt` emptied the file, with no board to write; --stats said
    nothing when there was no solution."""
    kept = tmp_path / "notes.txt"
    kept.write_text("keep\n")
    code, out, err = invoke("solve", "2", "--out", str(kept), "--stats")
    assert code == 1 and kept.read_text() == "keep\n"
    assert err.startswith("bitboard: 2 nodes, 3 checks, 2 backtracks, ") and "No solution" in err
    assert out == "" and sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    code, out, err = invoke("solve", "3", "--stats")
    assert code == 1 and out.startswith("No solution:") and err.startswith("bitboard: 5 nodes")
    written = tmp_path / "none.json"  # a machine format writes its empty list
    assert invoke("solve", "2", "-f", "json", "--out", str(written)).status == 1
    assert json.loads(written.read_text()) == []


def test_a_limit_that_takes_them_all_does_not_say_first() -> None:
    """`solve 4 --all --limit 2` said "first 2 solutions" of the 2 there are."""
    assert invoke("solve", "4", "-a", "-l", "2").stdout.endswith("\n2 solutions for N = 4\n")
    assert invoke("solve", "4", "-a", "-l", "1").stdout.endswith("\nfirst 1 solution for N = 4\n")
    assert invoke("solve", "6", "-u", "-l", "1").stdout.endswith("\n1 unique solution for N = 6\n")


def test_a_rectangles_json_records_its_width() -> None:
    """`solve 4x6 -f json` recorded "n": 4 and columns up to 5, and no width."""
    records = [
        json.loads(line)
        for line in invoke("solve", "4x6", "-l", "2", "-f", "jsonl").stdout.splitlines()
    ]
    assert [r["width"] for r in records] == [6, 6] and records[0]["n"] == 4
    assert "width" not in json.loads(invoke("solve", "6", "-f", "json").stdout)[0]


def test_an_empty_csv_listing_keeps_its_header() -> None:
    """The text path wrote nothing at all where the engine's wrote the header."""
    assert invoke("solve", "8", "-l", "0", "-f", "csv").stdout == (
        "solution,row0,row1,row2,row3,row4,row5,row6,row7\n"
    )
    code, out, _ = invoke("solve", "3", "--all", "-f", "csv", "--one-based")
    assert code == 1 and out == "solution,row1,row2,row3\n"


def test_the_trees_picture_options_need_a_picture(tmp_path: Path) -> None:
    """`tree 8 --levels --depth 3` printed every depth, --depth dropped."""
    code, _, err = invoke("tree", "8", "--levels", "--depth", "3")
    assert code == 2 and "--depth shapes the picture: name it with --out FILE" in err
    code, _, err = invoke("tree", "8", "--levels", "--rejected", "--layout", "radial")
    assert code == 2 and "--rejected, --layout shape the picture" in err
    out = tmp_path / "root.svg"
    code, said, _ = invoke("tree", "8", "--depth", "0", "--out", str(out))
    assert code == 0 and said == f"wrote {out}: the root alone (the empty board)\n"


def test_one_frame_is_one(tmp_path: Path) -> None:
    out = tmp_path / "one.gif"
    code, said, err = invoke(
        "animate", "4", "--max-frames", "1", "--no-state", "--size", "100", "--out", str(out)
    )
    assert code == 0 and said.startswith(f"wrote {out}: 1 frame at 8 fps")
    assert err.startswith("stopped at 1 frame before the search ended")


def test_algorithm_choice_and_stats() -> None:
    code, out, err = invoke("solve", "6", "-A", "flags-stack", "--stats")
    assert code == 0 and out.startswith(". Q . . . .")
    assert "flags-stack: 31 nodes" in err
    code, _, err = invoke("solve", "1", "-A", "backtracking", "--stats")
    assert code == 0 and err.startswith("backtracking: 1 node, 1 check, 0 backtracks, ")


TEACHING = ("brute-force", "permutations", "backtracking", "flags", "flags-stack", "bitboard",
            "bitboard-stack")  # fmt: skip


@pytest.mark.parametrize("algorithm", TEACHING)
def test_a_whole_listings_stats_are_the_watched_searchs(algorithm: str) -> None:
    """A whole listing's --stats come from the tree's shape beside the plain search (the
    watched one took 28 s for brute force's N = 7, the plain 2 s): the same numbers as
    the watched run counts, step by step."""
    import nqueens

    assert set(TEACHING) == set(nqueens.ALGORITHMS)
    watched = nqueens.SearchStats()
    assert len(list(nqueens.solutions(6, algorithm=algorithm, stats=watched))) == 4
    for asked in ("--all", "--unique"):
        code, _, err = invoke("solve", "6", "-A", algorithm, asked, "-f", "list", "--stats")
        nodes, checks, backtracks = (f"{watched.nodes:,}", f"{watched.checks:,}",
                                     f"{watched.backtracks:,}")  # fmt: skip
        said = f"{algorithm}: {nodes} nodes, {checks} checks, {backtracks} backtracks, "
        assert code == 0 and err.startswith(said), err


def test_the_engines_stats_say_what_it_counts_not_zeros(tmp_path: object) -> None:
    """The engine's kernel counts no nodes: --stats printed "0 nodes, 0 checks"."""
    out = f"{tmp_path}/all.npy"
    code, _, err = invoke("solve", "8", "--all", "-f", "npy", "--out", out, "--stats")
    assert code == 0 and "engine: 92 solutions, " in err and "0 nodes" not in err
    assert "(the engine counts no nodes, checks or backtracks)" in err


def test_count() -> None:
    code, out, err = invoke("count", "8")
    assert (code, out) == (0, "N = 8: 92 solutions, 12 unique\n")
    assert err in ("", COMPILING)  # the notice shows on a machine's first count
    code, out, _ = invoke("count", "10", "--json")
    assert code == 0
    record = json.loads(out)
    assert (record["n"], record["total"], record["unique"]) == (10, 724, 92)


def test_count_options_and_json_fields(tmp_path: object) -> None:
    from pathlib import Path

    journal = Path(str(tmp_path)) / "n9.sqlite"
    code, out, _ = invoke("count", "9", "--workers", "1", "--journal", str(journal), "--json")
    record = json.loads(out)
    assert code == 0 and (record["total"], record["unique"]) == (352, 46)
    assert record["workers"] == 1 and record["subproblems"] > 0 and record["resumed"] == 0
    code, out, _ = invoke("count", "9", "-w", "1", "-j", str(journal), "--json")
    assert json.loads(out)["resumed"] == record["subproblems"]
    code, out, err = invoke("count", "10", "-j", str(journal))
    assert code == 2 and "was made for other work (n 9 here, 10 now" in err
    assert len(err.strip().splitlines()) == 1
    assert invoke("count", "8", "--method", "python") == (0, "N = 8: 92 solutions, 12 unique\n", "")


def test_compare_shows_each_algorithm_and_the_spaces() -> None:
    code, out, _ = invoke("compare", "6")
    assert code == 0
    for name in ("brute-force", "permutations", "backtracking", "flags", "bitboard"):
        assert name in out
    assert "46,656 (N^N)" in out and "720 (N!)" in out and "1,947,792" in out


def test_compare_json_rows_and_skips() -> None:
    code, out, _ = invoke("compare", "9", "--json", "--algorithms", "brute-force,bitboard")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows[0]["algorithm"] == "brute-force"
    assert rows[0]["skipped"] == "lists every solution only up to N = 8"
    assert rows[0]["space"] == 9**9 and rows[0]["space_log10"] == pytest.approx(8.588, abs=1e-3)
    assert rows[1]["solutions"] == 352 and rows[1]["nodes"] == 8393
    code, out, _ = invoke("compare", "6", "--json", "--algorithms", "flags,bitboard,flags")
    names = [json.loads(line)["algorithm"] for line in out.splitlines()]
    assert (code, names) == (0, ["flags", "bitboard"])  # a name given twice is one row


@pytest.mark.parametrize("named", [",", "", " , ,"])
def test_compare_refuses_algorithms_that_name_none(named: str) -> None:
    """`--algorithms ,` ran every algorithm, as if the option were not given."""
    code, out, err = invoke("compare", "6", "--algorithms", named)
    assert (code, out) == (2, "")
    assert err.startswith("nqueens: error: no algorithm named; choose one or more of: brute-force")
    assert err.endswith("(--algorithms)\n") and err.count("\n") == 1
    with pytest.raises(UnknownAlgorithmError, match="no algorithm named"):
        compare(6, [])
    assert len(list(compare(6, None))) == len(ALGORITHMS)
    assert [row.algorithm for row in compare(6, (a for a in ["flags"]))] == ["flags"]  # read once


def test_trace_reads_step_by_step() -> None:
    code, out, _ = invoke("trace", "4", "--limit", "0")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 79
    assert lines[0].split() == ["1", "place", "row", "0,", "col", "0"]
    assert (
        lines[1].strip()
        == "2  attacked row 1, col 0 by the queen on row 0, col 0 (same column, board[0] = 0)"
    )
    assert "found solution 1: 1 3 0 2" in out
    assert lines[-1] == ("end of search: 78 steps, 16 queens placed, 16 taken back, 2 solutions")
    last = invoke("trace", "1")[1].splitlines()[-1]
    assert last == "end of search: 3 steps, 1 queen placed, 1 taken back, 1 solution"


def test_the_last_square_of_a_row_is_said_so() -> None:
    """`trace 1` said "(try the next square)" where there is none; brute force said it
    on the last square of every last row (and then stepped back)."""
    lines = invoke("trace", "1").stdout.splitlines()
    assert lines[2] == "     3  remove row 0, col 0 (the row's last square)"
    lines = invoke("trace", "2", "-A", "brute-force", "--limit", "0").stdout.splitlines()
    assert lines[3] == "     4  remove row 1, col 0 (try the next square)"
    assert lines[6] == "     7  remove row 1, col 1 (the row's last square)"
    assert lines[7] == "     8  remove row 0, col 0 (every square of row 1 tried: step back)"


def test_trace_limits_and_boards() -> None:
    code, out, _ = invoke("trace", "8", "--limit", "5", "-A", "bitboard", "--boards")
    assert "... stopped after 5 steps" in out
    assert out.splitlines()[1] == "        Q . . . . . . ."
    code, out, _ = invoke("trace", "6", "--solutions", "1", "--limit", "0")
    assert code == 0
    assert "found solution 1: 1 3 5 0 2 4" in out and "stopped after 1 solution" in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("14",), "N = 14 is too large for backtracking to list every solution: use N <= 13"),
        (("9", "-A", "brute-force"), "N = 9 is too large for brute-force to list every solution"),
    ],
)
def test_trace_of_every_step_is_bounded_by_the_algorithms_n(
    args: tuple[str, ...], said: str
) -> None:
    """`trace 14 --limit 0` streamed for ever, where docs/index.md says it is refused as
    `animate --max-frames 0` is; with --solutions it stops by itself, and is let run."""
    code, _, err = invoke("trace", *args, "--limit", "0")
    assert code == 2 and said in err and err.count("\n") == 1
    if args == ("14",):  # (brute force's first solution of 9 is 12 million boards away)
        code, out, _ = invoke("trace", *args, "--limit", "0", "--solutions", "1")
        assert code == 0 and out.endswith("... stopped after 1 solution\n")


def test_check_valid_and_invalid() -> None:
    code, out, _ = invoke("check", "0 4 7 5 2 6 1 3")
    assert code == 0 and "valid: 8 queens" in out and "8 distinct images" in out
    code, out, _ = invoke("check", "Q.../..Q./.Q../...Q")
    assert code == 1
    assert "row 0 col 0  and  row 3 col 3  (same diagonal, falling to the right)" in out
    assert "row 1 col 2  and  row 2 col 1  (same diagonal, rising to the right)" in out
    assert "invalid: 2 pairs" in out


def test_check_reads_files_and_stdin(tmp_path: object) -> None:
    from pathlib import Path

    board = Path(str(tmp_path)) / "board.txt"
    board.write_text(".Q..\n...Q\nQ...\n..Q.\n")
    assert invoke("check", str(board))[0] == 0
    assert invoke("check", "-", input="1 3 0 2\n")[0] == 0
    assert invoke("check", "--one-based", "2 4 1 3")[0] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "0"], "board size must be at least 1, not 0"),
        (["solve", "-3"], "board size must be at least 1, not -3"),
        (["solve", "eight"], "whole number N or MxN, not 'eight'"),
        (["solve", "9", "-A", "brute-force", "--all"], "too large for brute-force"),
        (["solve", "8", "-A", "nope"], "unknown algorithm 'nope'"),
        (["solve", "8", "--limit", "-1"], "-1 is not in the range"),
        (["solve", "8", "--format", "xml"], "'xml' is not one of"),
        (["count", "-1"], "at least 1"),
        (["count", "99"], "too large for 64-bit boards"),
        (["count", "8", "--workers", "0"], "0 is not in the range x>=1"),
        (["count", "8", "--method", "guess"], "unknown method 'guess'"),
        (["count", "16", "--method", "python"], "too large for the pure-Python counter"),
        (["compare", "0"], "at least 1"),
        (["trace", "0"], "at least 1"),
        (["trace", "40"], "too large"),
        (["check", "0 4 9"], "off the board"),
        (["check", "Q.Z/.Q./..Q"], "unknown mark"),
        (["check", ""], "or board rows such as 'Q.../....'\n"),  # no row:col pairs: refused
        (["frobnicate"], "No such command"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(args: list[str], message: str) -> None:
    code, out, err = invoke(*args)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and err.startswith("nqueens: error: ")
    assert "Traceback" not in out + err


def test_help_everywhere_with_examples() -> None:
    code, out, _ = invoke("--help")
    assert code == 0 and "nqueens solve 8 --unique" in out
    for command in ("solve", "count", "compare", "trace", "check", "algorithms"):
        code, out, _ = invoke(command, "--help")
        assert code == 0 and "Usage: " in out and ("Example" in out or command == "algorithms")


def test_solve_8_imports_nothing_heavy() -> None:
    probe = (
        "heavy = [m for m in ('numba','matplotlib','dask','numpy','tkinter') if m in sys.modules]\n"
        "print('HEAVY', heavy)"
    )
    out = subprocess.run(
        [*nqueens_after(after=probe), "solve", "8"], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip().endswith("HEAVY []")


@pytest.mark.parametrize(
    ("args", "lines"),
    [
        (("solve", "12", "--all", "-f", "list"), 1),  # 14,200 lines, past any pipe's buffer
        (("trace", "4", "--lang", "ja"), 0),  # closed before the first line is written
        (("--help",), 0),  # while click prints, before any command
        (("compare", "7"), 0),  # rich's table: its own broken-pipe exit was status 1
    ],
    ids=["solve after a line", "trace before a line", "help", "compare's table"],
)
def test_a_closed_pipe_ends_quietly_with_status_0(args: tuple[str, ...], lines: int) -> None:
    """`| head -N`: the reader has what it wanted, so the command ends with no word and
    status 0 (1 means "the answer is no"), whether its last write came before the reader
    closed or after. Each case here closes before the command has written all."""
    proc = subprocess.Popen([*NQUEENS, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    for _ in range(lines):
        proc.stdout.readline()
    proc.stdout.close()  # like `| head -1`
    assert proc.wait(timeout=60) == 0
    assert proc.stderr.read() == b""


def test_ctrl_c_ends_a_long_listing_quietly() -> None:
    proc = subprocess.Popen(
        [*NQUEENS, "solve", "15", "--all", "-f", "list"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=like_a_terminal,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()  # it is running
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    proc.stdout.read()
    assert proc.wait(timeout=60) == 130
    assert b"Traceback" not in proc.stderr.read()


def test_entry_point_runs_as_a_module() -> None:
    out = run_nqueens("solve", "4").stdout
    assert out == ". Q . .\n. . . Q\nQ . . .\n. . Q .\n"


@given(
    st.lists(st.sampled_from(["n", "17", "here,", "split", "e1c5b36ebb961e45"]), max_size=90),
    st.integers(0, 40),
    st.integers(0, 3),
)
def test_a_shortened_message_closes_the_brackets_it_cut(
    words: list[str], padding: int, depth: int
) -> None:
    """A message cut to one line kept its advice after the last colon, but not the
    bracket that closed before it: "(n 17 here, 16 now; ... split e1c5...: use a new
    --journal file". What a message opens and closes, its shortened line does too."""
    from nqueens.cli._app import MESSAGE_LIMIT, one_line

    inner = " ".join(words + ["split e1c5b36ebb961e45"] * padding)
    message = "journal x.db " + "(" * depth + inner + " " + ")" * depth + ": use a new file"
    said = one_line("nqueens: error: ", message)
    assert len(said) < MESSAGE_LIMIT and said.endswith(": use a new file")
    opened = 0
    for char in said:
        opened += {"(": 1, ")": -1}.get(char, 0)
        assert opened >= 0, said
    assert opened == 0, said
