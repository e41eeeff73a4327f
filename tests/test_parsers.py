"""Every reader of a user's text is linear in its length, however the text ends.

Two halves make the guarantee. The regular expressions that read input are written so
that they cannot backtrack (every repetition possessive, or of a fixed count), which a
walk of each compiled expression checks; and the Python around them does work
proportional to the text, which counting the lines it executes checks: text twice as
long takes about twice the steps, never four times. Neither is a timing assertion.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import re
import sys
from collections.abc import Callable
from pathlib import Path
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from types import FrameType, ModuleType
from typing import Any

import pytest

import nqueens.boardtext
import nqueens.cli._app
import nqueens.columns
import nqueens.completion.formats
import nqueens.engine.runtime.parts
import nqueens.files
import nqueens.validate
import nqueens.variants.rules
from nqueens.boardtext import parse_board
from nqueens.columns import read_placements
from nqueens.completion.formats import read_instance
from nqueens.completion.model import Partial
from nqueens.engine.runtime.parts import Part
from nqueens.errors import NQueensError
from nqueens.placement import Placement
from nqueens.variants.rules import parse_board_size
from tests.processes import run_nqueens

PARSER_MODULES = (
    nqueens.boardtext,
    nqueens.cli._app,
    nqueens.columns,
    nqueens.completion.formats,
    nqueens.engine.runtime.parts,
    nqueens.files,
    nqueens.validate,
    nqueens.variants.rules,
)
"""The modules that read what a user typed or a file holds."""


def _patterns(module: ModuleType) -> dict[str, re.Pattern[str]]:
    return {name: v for name, v in vars(module).items() if isinstance(v, re.Pattern)}


def _backtracking_repeats(tree: Any, atomic: bool = False) -> list[str]:
    """The repetitions of a parsed expression that may give back what they matched: a
    greedy or lazy repeat with a choice of counts, outside any atomic group."""
    found = []
    for op, argument in tree:
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            low, high, body = argument
            if low != high and not atomic:
                found.append(f"{op} {low}..{high}")
            found += _backtracking_repeats(body, atomic)
        elif op == sre.POSSESSIVE_REPEAT:
            found += _backtracking_repeats(argument[2], True)
        elif op == sre.ATOMIC_GROUP:
            found += _backtracking_repeats(argument, True)
        elif op == sre.SUBPATTERN:
            found += _backtracking_repeats(argument[-1], atomic)
        elif op == sre.BRANCH:
            for branch in argument[1]:
                found += _backtracking_repeats(branch, atomic)
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            found += _backtracking_repeats(argument[1], atomic)
    return found


@pytest.mark.parametrize("module", PARSER_MODULES, ids=lambda m: m.__name__)
def test_no_expression_that_reads_input_can_backtrack(module: ModuleType) -> None:
    patterns = _patterns(module)
    for name, pattern in patterns.items():
        tree = sre_parse.parse(pattern.pattern, pattern.flags)
        assert _backtracking_repeats(tree) == [], f"{module.__name__}.{name} can backtrack"


def test_the_check_finds_the_repeats_that_backtrack() -> None:
    def repeats(text: str) -> list[str]:
        return _backtracking_repeats(sre_parse.parse(text))

    old_column_list = r"[\[\(]?\s*-?\d+(\s*[,\s]\s*-?\d+)*\s*,?\s*[\]\)]?"  # the F1 one
    assert len(repeats(old_column_list)) == 13
    assert repeats(r"(?:a|b)*?x") and repeats(r"(?=a+)b")
    assert repeats(r"\s*+(?>a*)b{3}(?:c++)*+") == []


@pytest.mark.parametrize("module", PARSER_MODULES, ids=lambda m: m.__name__)
def test_every_expression_that_reads_input_is_a_checked_constant(module: ModuleType) -> None:
    """No `re.search(r"...", text)` in a parser: each expression is a module constant,
    which the test above walks."""
    tree = ast.parse(inspect.getsource(module))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "re"
            and node.func.attr != "compile"
        ):
            raise AssertionError(f"{module.__name__} line {node.lineno}: re.{node.func.attr}")


def _steps(function: Callable[[str], object], text: str) -> int:
    """Python lines executed while `function` reads `text` (its errors included)."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        count += 1
        return tracer

    sys.settrace(tracer)
    try:
        function(text)
    except NQueensError:
        pass
    finally:
        sys.settrace(None)
    return count


def _essence(k: int) -> str:
    return "letting n = 8\nletting init = [" + "[0, 0],   " * k + "x"


ADVERSARIAL: dict[str, Callable[[int], str]] = {
    "columns then junk": lambda k: "    ".join(["1"] * k) + "    x",
    "a bracketed list then junk": lambda k: "[" + ", ".join(["1"] * k) + ", x]",
    "pairs then junk": lambda k: "    ".join(["0:0"] * k) + "    x",
    "spaces then junk": lambda k: " " * k + "1 x",
    "a heading then junk": lambda k: "Solution 1:" + " 1" * k + " x\nQ",
    "a grid rule then junk": lambda k: "+" + "---+" * k + " x\n|O|",
    "a column line above a grid": lambda k: " 1" * k + "\n+---+\n| |",
    "rows": lambda k: "\n".join(["." * 40] * k) + "\nx",
    "a long number": lambda k: "1" * k,
    "Essence' pairs then junk": _essence,
    "Essence' blank lines": lambda k: "letting n = 8\n" + " \n" * k + "letting init = x",
    "Essence' brackets": lambda k: "letting n = 8\nletting init = " + "[" * k,
    "diagonals then junk": lambda k: "n = 8\nnumdiags = 1\ndiags = [" + "[1, 1], " * k + "x",
    "statements": lambda k: "letting n = 8\n" + "letting m = 1\n" * k,
}

READERS: dict[str, Callable[[str], object]] = {
    "parse_board": parse_board,
    "Placement.from_string": Placement.from_string,
    "Partial.from_string": lambda text: Partial.from_string(text, n=8),
    "read_instance": read_instance,
    "read_placements": read_placements,
}


@pytest.mark.parametrize("reader", READERS, ids=str)
@pytest.mark.parametrize("shape", ADVERSARIAL, ids=str)
def test_every_reader_takes_steps_in_proportion_to_the_text(reader: str, shape: str) -> None:
    function, make = READERS[reader], ADVERSARIAL[shape]
    steps = [_steps(function, make(k)) for k in (2_000, 4_000, 8_000)]
    for shorter, longer in itertools.pairwise(steps):
        assert longer <= 2.2 * shorter + 200, steps  # quadratic would be 4 times


@pytest.mark.parametrize(
    ("reader", "make"),
    [
        (parse_board_size, lambda k: " " * k + "8 x" + " " * k + "8 y"),
        (parse_board_size, lambda k: "8" * k + "x8"),
        (Part.from_string, lambda k: " " * k + "1 / 2" + " " * k + "x"),
    ],
)
def test_option_readers_take_steps_in_proportion_to_the_text(
    reader: Callable[[str], object], make: Callable[[int], str]
) -> None:
    steps = [_steps(reader, make(k)) for k in (2_000, 4_000, 8_000)]
    for shorter, longer in itertools.pairwise(steps):
        assert longer <= 2.2 * shorter + 200, steps


def test_numbers_past_any_board_are_one_line() -> None:
    with pytest.raises(NQueensError, match="larger than any row or column"):
        parse_board("0 1 " + "9" * 5000)
    with pytest.raises(NQueensError, match="number too large"):
        read_instance("letting n = 8\nletting init = [[0, " + "9" * 5000 + "]]")
    with pytest.raises(NQueensError, match=r"board size '9999.* is too large"):
        parse_board_size("9" * 5000 + "x8")
    with pytest.raises(NQueensError, match="whole number"):
        parse_board_size("\u00b2")  # a digit, but no decimal one
    with pytest.raises(NQueensError):
        Part.from_string("9" * 5000 + "/1")


F1 = 100_000
"""Numbers in the F1 files: exponential backtracking took seconds at 12, and never ended
at 16; read in one pass they take a moment."""


@pytest.mark.parametrize(
    ("name", "text", "args"),
    [
        ("r.txt", "    ".join(["1"] * F1) + "    x\n", ("check",)),
        ("p.txt", "    ".join(["0:0"] * F1) + "    x\n", ("complete", "--n", "8")),
        ("e.param", _essence(F1), ("complete", "--time-limit", "2")),
    ],
)
def test_the_adversarial_files_of_issue_38_are_one_line(
    tmp_path: Path, name: str, text: str, args: tuple[str, ...]
) -> None:
    path = tmp_path / name
    path.write_text(text)
    command, *options = args
    done = run_nqueens(command, str(path), *options)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def test_an_adversarial_essence_file_in_a_batch_is_its_error_line(tmp_path: Path) -> None:
    path = tmp_path / "e.param"
    path.write_text(_essence(F1))
    done = run_nqueens("complete", str(path), "--jsonl", "--time-limit", "2")
    assert done.returncode == 2
    assert '"status": "error"' in done.stdout and "not a number or list" in done.stdout


def test_an_adversarial_block_is_one_line() -> None:
    block = "    ".join(["0:0"] * 10_000) + "    x"
    done = run_nqueens("complete", "0:0", "--n", "8", "--block", block)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "--block takes row:col pairs" in done.stderr
