"""Every number a user types is finite and in range, or one line and exit status 2.

The class of issue 38's F7, F12, F13 and F18: `nan`, `inf` and numbers too large to hold
reached NumPy, Pillow or a kernel (a traceback), or were taken at their word
(`--time-limit nan`, a film of a million frames a second). Every numeric option of
every command is walked here, and each takes the shared types of `nqueens.cli._types`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from nqueens.cli import cli
from nqueens.cli._types import WHOLE_MAX, Real, Samples, Whole
from nqueens.errors import InvalidSizeError, SizeTooLargeError
from tests.processes import assert_one_line, invoke, nqueens

BAD_NUMBERS = ("nan", "NaN", "inf", "-inf", "infinity", "1e400", "-1e400", "9" * 30, "9" * 5000)
"""Not finite, or too large for any option."""

PLACEHOLDERS = {
    "placement": "0",
    "n": "4",
    "size": "4",
    "boards": "0:0",
    "file": "j.db",
    "parts": "p.db",
    "address": "tcp://127.0.0.1:9",
}
"""A value for each required argument, so that the option under test is what fails."""


def _commands(group: click.Group, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            yield from _commands(command, (*path, name))
        else:
            yield (*path, name)


def _command(path: tuple[str, ...]) -> click.Command:
    command: click.Command = cli
    for name in path:
        assert isinstance(command, click.Group)
        command = command.commands[name]
    return command


def _numeric_options() -> Iterator[tuple[tuple[str, ...], click.Option]]:
    for path in _commands(cli):
        for param in _command(path).params:
            if isinstance(param, click.Option) and isinstance(
                param.type, click.types._NumberParamTypeBase
            ):
                yield path, param


NUMERIC = [(" ".join(path), option.opts[0]) for path, option in _numeric_options()]


def test_there_are_numeric_options_to_check() -> None:
    assert ("animate", "--fps") in NUMERIC and ("complete", "--time-limit") in NUMERIC
    assert len(NUMERIC) > 20


@pytest.mark.parametrize(("command", "option"), NUMERIC)
def test_every_numeric_option_takes_the_shared_type(command: str, option: str) -> None:
    param = next(p for p in _command(tuple(command.split())).params if p.opts[0] == option)
    assert isinstance(param.type, Real | Whole), (command, option, param.type)


@pytest.mark.parametrize(("command", "option"), NUMERIC)
def test_every_numeric_option_refuses_what_is_not_a_finite_number_in_range(
    command: str, option: str
) -> None:
    path = tuple(command.split())
    required = [
        PLACEHOLDERS[p.name]
        for p in _command(path).params
        if isinstance(p, click.Argument) and p.required and p.name is not None
    ]
    for value in BAD_NUMBERS:
        status, _, err = invoke(*path, *required, option, value)
        assert status == 2, (command, option, value, err)
        lines = err.strip().splitlines()
        assert len(lines) == 1 and len(lines[0]) < 200, (command, option, value, err)
        assert "Invalid value for" in lines[0] and option in lines[0], lines[0]


SIZE_COMMANDS = [
    path
    for path in _commands(cli)
    if any(isinstance(p, click.Argument) and p.name in ("n", "size") for p in _command(path).params)
]


@pytest.mark.parametrize("path", SIZE_COMMANDS, ids=" ".join)
def test_every_board_size_refuses_what_is_not_a_whole_number(path: tuple[str, ...]) -> None:
    for value in (*BAD_NUMBERS, "\u00b2", "4x" + "9" * 5000):
        status, _, err = invoke(*path, value)
        assert status == 2, (path, value, err)
        assert len(err.strip().splitlines()) == 1, (path, value, err)
        assert "Traceback" not in err


def test_the_types_say_their_bounds() -> None:
    whole = Whole(min=1)
    assert whole.convert("12", None, None) == 12
    assert whole._describe_range() == "x>=1" and Whole()._describe_range() == ""
    assert Whole(0, 9)._describe_range() == "0<=x<=9"
    assert whole.convert(str(WHOLE_MAX), None, None) == WHOLE_MAX
    with pytest.raises(click.BadParameter, match="is more than 9,223,372,036,854,775,807"):
        whole.convert(str(WHOLE_MAX + 1), None, None)  # not "not in the range x>=1"
    real = Real(min=0)
    assert real.convert("1.5", None, None) == 1.5
    with pytest.raises(click.BadParameter, match=r"1e10 is more than 1,000,000,000\.$"):
        real.convert("1e10", None, None)  # the help leaves the bound unsaid: the error says it
    for value in ("nan", "inf", "1e400"):
        with pytest.raises(click.BadParameter, match=r"not a finite number|not in the range"):
            real.convert(value, None, None)


def test_a_count_of_subproblems_to_verify_is_a_whole_number() -> None:
    for value in ("nan", "\u00b2", "9" * 5000, "0", "-1"):
        status, _, err = invoke("count", "8", "--journal", "j.db", "--verify", value)
        assert status == 2 and len(err.strip().splitlines()) == 1, (value, err)


RECOUNTS = [
    ("count", "--verify", ("8", "--journal", "j.db")),
    ("journal merge", "--recount", ("p.db", "--out", "m.db")),
]
"""The options that say how many subproblems a recount takes, K or all, and what else
their command needs (never reached: the value is refused first)."""


@pytest.mark.parametrize(("command", "option", "needed"), RECOUNTS)
def test_a_recount_of_k_subproblems_has_one_set_of_bounds_said_in_the_help(
    command: str, option: str, needed: tuple[str, ...]
) -> None:
    """`--verify 100000` recounted all where fewer exist, but 20 digits were "too large";
    `journal merge --recount 0` was taken where `--verify 0` was refused. Both take one
    type now: 1 up to a whole option's 64-bit bound, past the journal's subproblems all."""
    path = tuple(command.split())
    param = next(p for p in _command(path).params if p.opts[0] == option)
    assert isinstance(param.type, Samples)
    assert param.type.convert("all", None, None) == "all"
    assert param.type.convert("3", None, None) == 3
    assert param.type.convert(str(WHOLE_MAX), None, None) == WHOLE_MAX
    for value, said in [
        ("0", "'0' is neither a number of subproblems >= 1 nor 'all'"),
        ("-2", "'-2' is neither a number of subproblems >= 1 nor 'all'"),
        ("some", "'some' is neither a number of subproblems >= 1 nor 'all'"),
        (str(WHOLE_MAX + 1), "is more than 9,223,372,036,854,775,807."),
        ("1" + "0" * 19, "is too large."),
    ]:
        status, _, err = invoke(*path, *needed, option, value)
        assert status == 2 and f"Invalid value for '{option}': " in err and said in err, err
    help_text = " ".join(invoke(*path, "--help", width=200).stdout.split())
    assert "K >= 1" in help_text and "recounts them all" in help_text


def test_the_library_refuses_a_time_limit_or_a_frame_rate_that_is_not_finite() -> None:
    from nqueens.completion import Partial, complete
    from nqueens.visual import animate

    for value in (math.nan, math.inf, -1.0):
        with pytest.raises(InvalidSizeError, match="time limit"):
            complete(Partial(8, {}), time_limit=value)
    for fps in (math.nan, math.inf, 1e-300, 1000.0):
        with pytest.raises(InvalidSizeError, match="fps"):
            animate(4, fps=fps)


def test_a_film_longer_than_the_bound_is_refused_before_any_frame_is_drawn() -> None:
    from nqueens.visual import animate

    for algorithm in ("backtracking", "bitboard"):  # 14: not "use --algorithm bitboard",
        with pytest.raises(SizeTooLargeError, match="film would be more than 1,000,000"):
            animate(14, algorithm, max_frames=None)  # which then counted for 15 s, refused
    assert animate(11, "bitboard", max_frames=None).frame_count() < 1_000_000

    film = animate(4, max_frames=None, hold=10**9)  # two solutions, each held so long
    with pytest.raises(SizeTooLargeError, match="1,000,000"):
        film.frame_count()
    with pytest.raises(SizeTooLargeError, match="1,000,000"):
        film.save("never.gif")


# Issue 38's own cases, as real commands: one line, status 2, nothing written.


@pytest.mark.parametrize(
    "args",
    [
        ("animate", "4", "--fps", "1000", "--max-frames", "0", "--out", "x.gif"),  # F7
        ("animate", "4", "--fps", "inf", "--out", "x.gif"),  # F13
        ("animate", "4", "--fps", "1e-300", "--out", "x.gif"),
        ("animate", "4", "--fps", "0.001", "--out", "x.gif"),
        ("complete", "0:0", "--n", "8", "--time-limit", "nan"),  # F18
        ("count", "8", "--connect-timeout", "nan", "--scheduler", "local"),
        ("solve", "2x100000000000", "--all"),  # F2: a rectangle's width
        ("solve", "2x100000000000"),
        ("show", "2x100000000000", "--out", "x.png"),
        ("count", "2x100"),
    ],
    ids=" ".join,
)
def test_issue_38_numbers_are_one_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    assert_one_line(nqueens(*args, cwd=tmp_path))
    assert list(tmp_path.iterdir()) == []


def test_a_long_column_list_with_one_huge_number_is_one_line(tmp_path: Path) -> None:  # F12
    columns = [str(c) for c in range(3000)]
    columns[1500] = "9" * 40
    (tmp_path / "huge.txt").write_text(" ".join(columns))
    line = assert_one_line(nqueens("check", "huge.txt", cwd=tmp_path))
    assert "larger than any column" in line
    columns[1500] = str(2**63)  # fits no 64-bit integer, yet has only 19 digits
    (tmp_path / "huge.txt").write_text(" ".join(columns))
    assert_one_line(nqueens("check", "huge.txt", cwd=tmp_path))
