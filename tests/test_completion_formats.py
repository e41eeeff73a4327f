"""CSPLib prob079's formats, DIMACS output and the batch form, through the real command."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from nqueens.completion import Partial, complete
from nqueens.completion.formats import from_diagonals, read_instance, to_dimacs
from nqueens.errors import InvalidPlacementError
from tests.naive import naive_completions, naive_satisfiable
from tests.processes import run_nqueens

# Published prob079 instances (data/diag-N.tar.gz), their pairs written out, with the
# published answers of the authors' solver (results/run-diags-shiftqueens-processed):
# satisfiable with the first `sat` pairs, unsatisfiable with one more.
PUBLISHED = [
    (
        # diag-10-4-1.param, the example of AA-Excluded-Diagonals-Info.md
        "n =  10\nnumdiags =  14\ndiags =  [[4, 1], [2, 1], [14, 0], [8, 1], [8, 0], [7, 0], "
        "[3, 1], [12, 1], [18, 0], [5, 0], [14, 1], [0, 0], [15, 1], [17, 1]]\n",
        6,
    ),
    (
        # diag-14-4-7.param
        "n =  14\nnumdiags =  26\ndiags =  [[10, 1], [4, 1], [12, 1], [20, 1], [1, 1], [2, 1], "
        "[17, 1], [18, 0], [26, 0], [12, 0], [1, 0], [3, 1], [11, 1], [22, 1], [16, 1], "
        "[6, 1], [7, 0], [23, 0], [17, 0], [23, 1], [4, 0], [24, 1], [26, 1], [3, 0], "
        "[25, 0], [0, 0]]\n",
        9,
    ),
]


@pytest.mark.parametrize(("text", "sat"), PUBLISHED)
def test_published_instances_get_their_published_answers(text: str, sat: int) -> None:
    for d in range(0, len(from_diagonals(text).excluded_sums) + 20):
        try:
            board = from_diagonals(text, d)
        except InvalidPlacementError:
            break
        result = complete(board)
        assert result.status == ("solved" if d <= sat else "impossible"), d
        assert result.placement is None or board.is_completed_by(result.placement)


def test_the_index_convention_of_the_diagonal_files() -> None:
    # AA-Excluded-Diagonals-Info.md: with n = 10, [4, 1] excludes (0,4), (1,3), (2,2), ...
    # and [5, 0] excludes (0,4), (1,5), (2,6), ...: row - col = 5 - 9.
    board = from_diagonals("n = 10\nnumdiags = 2\ndiags = [[4, 1], [5, 0]]")
    assert board.excluded_sums == {4} and board.excluded_diffs == {-4}
    assert not board.allows(2, 2) and not board.allows(1, 5) and board.allows(1, 4)


def test_essence_files_read_as_fixed_queens_from_zero() -> None:
    text = "language ESSENCE' 1.0\n$ a comment\nletting n =  8\nletting init =  [[0, 0], [1, 4]]\n"
    board = read_instance(text)
    assert board == Partial(8, {0: 0, 1: 4})
    assert complete(board, count=True).count == 1
    assert read_instance("letting n be 4\nletting init be [[0, 1]]") == Partial(4, {0: 1})


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("n = 8\nnumdiags = 2\ndiags = [[1, 1]]\n", "numdiags = 2 but diags has 1"),
        ("n = 8\nnumdiags = 1\ndiags = [[15, 1]]\n", "no diagonal"),
        ("n = 8\nnumdiags = 1\ndiags = [[3, 2]]\n", "no diagonal"),
        ("n = 8\nnumdiags = 1\ndiags = [[3, 1\n", "not a number or list"),
        ("numdiags = 1\ndiags = [[3, 1]]\n", "no 'n = ...' line"),
        ("n = x\nnumdiags = 0\ndiags = []\n", "not a number or list"),
        ("n = 0\nnumdiags = 0\ndiags = []\n", "not a board size"),
        ("letting n = 8\nletting init = [[0, 0], [1, 1]]\n", "attack each other"),
        ("letting n = 8\nletting init = [[0, 9]]\n", "off the 8x8 board"),
        ("letting n = 8\nletting init = [[0]]\n", "init must be a list of"),
        ("letting n = 8\n", "no 'init = ...' line"),
        ("letting n = 8\nletting init = [" + "[" * 5000 + "\n", "not a number or list"),
    ],
)
def test_malformed_csplib_files_are_one_line_and_exit_2(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "instance.param"
    path.write_text(content)
    done = run_nqueens("complete", str(path))
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.splitlines()) == 1 and len(done.stderr) < 200
    assert message in done.stderr and "Traceback" not in done.stderr


def test_diagonals_option_takes_the_first_pairs(tmp_path: Path) -> None:
    path = tmp_path / "diag-10-4-1.param"
    path.write_text(PUBLISHED[0][0])
    assert run_nqueens("complete", str(path), "--diagonals", "6").returncode == 0
    assert run_nqueens("complete", str(path), "--diagonals", "7").stdout.startswith("impossible")
    done = run_nqueens("complete", str(path), "--diagonals", "15")
    assert done.returncode == 2 and "give 0..14" in done.stderr
    done = run_nqueens("complete", "0:0", "--n", "8", "--diagonals", "3")
    assert done.returncode == 2 and "excluded-diagonals file" in done.stderr
    one = tmp_path / "one.param"
    one.write_text("n = 5\nnumdiags = 1\ndiags = [[0, 1]]\n")
    done = run_nqueens("complete", str(one), "--diagonals", "5")
    assert "the file has 1 diagonal; give 0..1" in done.stderr  # was "1 diagonals"


def _clauses(lines: list[str]) -> tuple[list[list[int]], int]:
    header = next(line for line in lines if line.startswith("p cnf"))
    variables = int(header.split()[2])
    body = [line for line in lines if line and line[0] not in "cp"]
    clauses = [[int(x) for x in line.split()[:-1]] for line in body]
    assert all(line.endswith(" 0") for line in body)
    assert len(clauses) == int(header.split()[3])
    return clauses, variables


def test_dimacs_is_satisfiable_exactly_when_a_completion_exists() -> None:
    rng = random.Random(3)
    seen = {True: 0, False: 0}
    tried = 0
    while tried < 60:
        n = rng.randint(1, 6)
        blocked = frozenset((rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, n)))
        sums = frozenset(rng.sample(range(2 * n - 1), rng.randint(0, min(2, 2 * n - 1))))
        r, c = rng.randrange(n), rng.randrange(n)
        fixed = {r: c} if (r, c) not in blocked and r + c not in sums else {}
        board = Partial(n, fixed, blocked, sums)
        clauses, variables = _clauses(list(to_dimacs(board)))
        if variables > 14:
            continue  # brute force stays tiny
        tried += 1
        expected = bool(naive_completions(n, fixed, blocked, sums))
        assert naive_satisfiable(clauses, variables) == expected, (n, fixed, blocked, sums)
        seen[expected] += 1
    assert seen[True] > 5 and seen[False] > 5


def test_dimacs_from_the_command() -> None:
    done = run_nqueens("complete", "0:0", "--n", "4", "--format", "dimacs")
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and lines[0] == "c n-queens completion, n = 4, 1 fixed queen"
    clauses, variables = _clauses(lines)
    assert variables == 6 and not naive_satisfiable(clauses, variables)  # 4x4, corner fixed
    comments = [line.split() for line in lines if line.startswith("c q ")]
    assert all(int(r) != 0 and int(c) != 0 for _, _, _, r, c in comments)  # row/col 0 used


def test_dimacs_of_a_huge_free_board_is_refused_up_front() -> None:
    done = run_nqueens("complete", "0:0", "--n", "100000", "--format", "dimacs")
    assert done.returncode == 2 and "99,999 free rows" in done.stderr
    assert len(done.stderr.splitlines()) == 1 and len(done.stderr) < 200


def test_a_batch_answers_every_file_as_a_json_line(tmp_path: Path) -> None:
    files = []
    for name, text in [
        ("sat.param", PUBLISHED[0][0].replace("numdiags =  14", "numdiags =  14")),
        ("board.txt", "Q.../..../..../...."),
        ("essence.param", "letting n = 8\nletting init = [[0, 0], [1, 4]]\n"),
        ("bad.param", "letting n = 8\nletting init = [[0, 0], [1, 1]]\n"),
    ]:
        path = tmp_path / name
        path.write_text(text)
        files.append(str(path))
    done = run_nqueens("complete", *files, "--jsonl", "--workers", "2", "--diagonals", "6")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [Path(a["file"]).name for a in answers] == [Path(f).name for f in files]
    assert [a["status"] for a in answers] == ["solved", "error", "error", "error"]
    assert answers[0]["n"] == 10 and answers[0]["nodes"] >= 1 and answers[0]["seconds"] >= 0
    assert "--diagonals" in answers[1]["error"]
    assert done.returncode == 2
    assert done.stderr.startswith("4 instances: 1 solved, 0 impossible, 0 unknown, 3 failed")
    done = run_nqueens("complete", *files[1:3], "--jsonl", "--workers", "1", "--count")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(a["status"], a.get("count")) for a in answers] == [("impossible", 0), ("solved", 1)]
    assert done.returncode == 0


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_batch_answers_the_files_after_one_that_cannot_be_read(
    tmp_path: Path, workers: str
) -> None:
    """Issue 38, F8: the batch stopped at a missing file ("cannot read ...", exit 2), and
    the files after it were never answered."""
    essence = "letting n = 8\nletting init = [[0, 0]]\n"
    for name in ("d3.param", "e1.param", "after.param"):
        (tmp_path / name).write_text(essence)
    (tmp_path / "garbage.bin").write_bytes(bytes(range(256)))
    names = ["d3.param", "e1.param", "nonexist.param", "garbage.bin", "after.param"]
    done = run_nqueens("complete", *(str(tmp_path / n) for n in names), "--workers", workers)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [Path(a["file"]).name for a in answers] == names
    assert [a["status"] for a in answers] == ["solved", "solved", "error", "error", "solved"]
    assert "there is no such file" in answers[2]["error"] and "not text" in answers[3]["error"]
    assert done.returncode == 2
    assert done.stderr.startswith("5 instances: 3 solved, 0 impossible, 0 unknown, 2 failed")


def test_the_time_limit_counts_from_the_start_on_huge_boards() -> None:
    done = run_nqueens("complete", "0:0", "--n", "100000", "--time-limit", "2")
    assert done.returncode in (0, 3) and done.stderr == ""
    assert done.stdout.startswith(("unknown: no answer within 2 s", "completed"))
