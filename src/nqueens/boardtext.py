"""The one parser of board text, read by `Placement` and `Partial` alike.

It reads every text form the toolkit prints (`board`, `compact`, `unicode`, and `grid`
with its column line above), column lists, `row:col` pairs, and board rows whose squares
are `Q` (a queen), `.` (free) or `x` (blocked). It returns what the text says, checked
only as far as the text alone allows; the value types check the rest. Every error quotes
the offending text cut short, so a message stays one short line for any input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from nqueens.errors import InvalidPlacementError, shorten
from nqueens.messages import plural

__all__ = ["BLOCKED_MARKS", "EMPTY_MARKS", "QUEEN_MARKS", "BoardText", "parse_board", "quoted"]

QUEEN_MARKS = frozenset("QqOo♛♕")
"""Marks read as a queen: the toolkit prints Q, q (an added queen), O (grid) and ♛."""
EMPTY_MARKS = frozenset(".·・_-")
"""Marks read as a free square."""
BLOCKED_MARKS = frozenset("xX")
"""Marks read as a blocked square (no queen may stand there)."""

_COLUMNS = re.compile(r"[\[\(]?\s*-?\d+(\s*[,\s]\s*-?\d+)*\s*,?\s*[\]\)]?")
_PAIRS = re.compile(r"(\s*-?\d+\s*:\s*-?\d+\s*[,;]?)+")
_PAIR = re.compile(r"(-?\d+)\s*:\s*(-?\d+)")
_GRID_RULE = re.compile(r"^\s*\+(-+\+)+\s*$")
_HEADING = re.compile(r"^\s*(?:Solution\s+\d+:\s*(?P<cols>[\d\s,]*)|\d+)\s*$")
_NUMBERS = re.compile(r"^\s*\d+(\s+\d+)*\s*$")

Square = tuple[int, int]


def quoted(value: str, limit: int = 0) -> str:
    """The value quoted for a one-line error message, cut to `limit` characters (boards
    quote less than other values: the rest of the message says where the fault lies)."""
    return shorten(value, limit or BOARD_QUOTE_LIMIT)


BOARD_QUOTE_LIMIT = 40


@dataclass(frozen=True)
class BoardText:
    """What a board text says: its size when the text fixes it, queens and blocked squares.

    `form` is `columns` (a column per row), `pairs` (`row:col`, size unknown) or `rows`
    (board rows). Squares are 0-based (row, col); queens keep the text's order.
    """

    form: Literal["columns", "pairs", "rows"]
    n: int | None
    queens: tuple[Square, ...]
    blocked: tuple[Square, ...] = ()


def parse_board(text: str, *, base: int = 0) -> BoardText:
    """Read board text; `base` is the first row and column number of lists and pairs.

    >>> parse_board("1 3 0 2").queens
    ((0, 1), (1, 3), (2, 0), (3, 2))
    >>> parse_board("Q.x./..../..../....").blocked
    ((0, 2),)
    >>> parse_board("0:1, 3:2").queens
    ((0, 1), (3, 2))
    """
    if base not in (0, 1):
        raise InvalidPlacementError(f"base must be 0 or 1, not {base!r}")
    stripped = text.lstrip("\ufeff").strip()
    if not stripped:
        raise InvalidPlacementError(
            "empty placement: give a column list such as '1 3 0 2', board rows such as "
            "'Q.../....', or row:col pairs"
        )
    if _COLUMNS.fullmatch(stripped):
        return _columns([int(t) for t in re.findall(r"-?\d+", stripped)], base, stripped)
    if _PAIRS.fullmatch(stripped):
        pairs = [(int(r) - base, int(c) - base) for r, c in _PAIR.findall(stripped)]
        return BoardText("pairs", None, tuple(pairs))
    return _rows(stripped, base)


def _columns(numbers: list[int], base: int, text: str) -> BoardText:
    n = len(numbers)
    for row, value in enumerate(numbers):
        if not base <= value < n + base:
            raise InvalidPlacementError(
                f"invalid placement {quoted(text)}: column {value} in row {row + base} "
                f"is off the board (columns run {base}..{n - 1 + base})"
            )
    return BoardText("columns", n, tuple((r, v - base) for r, v in enumerate(numbers)))


def _rows(text: str, base: int) -> BoardText:
    lines = [line for line in re.split(r"[\n/;]", text) if line.strip()]
    caption: list[int] | None = None
    heading = _HEADING.match(lines[0]) if len(lines) > 1 else None
    if heading:  # `solve --all`: a number, or "Solution K: cols", above each board
        lines = lines[1:]
        if heading.group("cols"):
            caption = [int(t) for t in re.findall(r"\d+", heading.group("cols"))]
    grid = any(_GRID_RULE.match(line) for line in lines)
    if grid and lines and _NUMBERS.match(lines[0]):  # the grid's column line
        caption = [int(t) for t in lines[0].split()]
        lines = lines[1:]
    rows = [_marks(line) for line in lines if not (grid and _GRID_RULE.match(line))]
    n = len(rows)
    queens: list[Square] = []
    blocked: list[Square] = []
    for row, marks in enumerate(rows):
        if len(marks) != n:
            squares = plural(len(marks), "{count} square", "{count} squares")
            rows_said = plural(n, "{count} row", "{count} rows")
            raise InvalidPlacementError(
                f"invalid board {quoted(text)}: row {row} has {squares}, "
                f"but the board has {rows_said}"
            )
        for col, mark in enumerate(marks):
            if mark in QUEEN_MARKS:
                queens.append((row, col))
            elif mark in BLOCKED_MARKS:
                blocked.append((row, col))
            elif mark not in EMPTY_MARKS:
                raise InvalidPlacementError(
                    f"invalid board {quoted(text)}: unknown mark {quoted(mark, 12)} in row "
                    f"{row} (use Q for a queen, . for a free square, x for a blocked one)"
                )
    if caption is not None:
        _check_caption(caption, queens, n, text)
    return BoardText("rows", n, tuple(queens), tuple(blocked))


def _marks(line: str) -> list[str]:
    """The squares of one row: `|O| |` grid cells (blank is free) or one mark each."""
    if line.strip().startswith("|"):
        cells = line.strip().strip("|").split("|")
        return [cell.strip() or "." for cell in cells]
    return [mark for mark in line if not mark.isspace()]


def _check_caption(caption: list[int], queens: list[Square], n: int, text: str) -> None:
    """The column line printed above a board must name the board's own columns."""
    columns = [c for _, c in sorted(queens)]
    if not any(caption == [c + b for c in columns] for b in (0, 1)) or len(queens) != n:
        raise InvalidPlacementError(
            f"invalid board {quoted(text)}: the column line {quoted(' '.join(map(str, caption)))}"
            " above it does not match the queens drawn"
        )
