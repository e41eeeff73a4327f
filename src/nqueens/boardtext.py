"""The one parser of board text, read by `Placement` and `Partial` alike.

It reads every text form the toolkit prints (`board`, `compact`, `unicode`, and `grid`
with its column line above), column lists, `row:col` pairs, and board rows whose squares
are `Q` (a queen), `.` (free) or `x` (blocked). It returns what the text says, checked
only as far as the text alone allows; the value types check the rest. Every error quotes
the offending text cut short, so a message stays one short line for any input.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from nqueens.errors import InvalidPlacementError, shorten
from nqueens.i18n import _
from nqueens.limits import NUMBER_MAX_DIGITS
from nqueens.messages import plural
from nqueens.validate import as_whole, kind_given

__all__ = [
    "BLOCKED_MARKS",
    "EMPTY_MARKS",
    "QUEEN_MARKS",
    "BoardText",
    "base_given",
    "parse_board",
    "quoted",
]

QUEEN_MARKS = frozenset("QqOo♛♕")
"""Marks read as a queen: the toolkit prints Q, q (an added queen), O (grid) and ♛."""
EMPTY_MARKS = frozenset(".·・_-")
"""Marks read as a free square."""
BLOCKED_MARKS = frozenset("xX")
"""Marks read as a blocked square (no queen may stand there)."""

# Every expression below reads its input in one pass: each repetition is possessive
# (`*+`, `++`, `?+`) and no two can share a character, so none ever backtracks and the
# time is linear in the text however it ends (tests/test_parsers.py checks each one).
_COLUMNS = re.compile(
    r"[\[(]?+\s*+-?+\d++(?:(?:\s*+,|\s)\s*+-?+\d++)*+\s*+,?+\s*+[\])]?+"
)  # "1 3 0 2", "[1, 3, 0, 2]": one comma or some space between numbers
_PAIRS = re.compile(r"(?:\s*+-?+\d++\s*+:\s*+-?+\d++\s*+[,;]?+)++")
_PAIR = re.compile(r"(-?+\d++)\s*+:\s*+(-?+\d++)")
_NUMBER = re.compile(r"-?+\d++")
_DIGITS = re.compile(r"\d++")
_LINE_BREAK = re.compile(r"[\n/;]")
_LONG_NUMBER = re.compile(rf"\d{{{NUMBER_MAX_DIGITS + 1}}}\d*+")
_GRID_RULE = re.compile(r"\s*+\+(?:-++\+)++\s*+")
_HEADING = re.compile(r"\s*+(?:[^\W\d_]++\s*+\d++\s*+[:\uff1a](?P<cols>[\d\s,]*+)|\d++\s*+)")
"""A board's heading in a listing: its number (above a grid), or "Solution 3: ..." in
any language: a word, the number, a colon (full-width in Japanese), the columns."""
_NUMBERS = re.compile(r"\s*+\d++(?:\s++\d++)*+\s*+")
_WORD_APART = re.compile(r"[\s,;\[\]()]++")
"""What stands between the numbers of a column list or the pairs of a partial board."""

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


def base_given(base: object) -> int:
    """`base`, the number of the first row and column: the int 0 or 1 (not True, not 1.0,
    which a list of columns would take for other numbers)."""
    number = as_whole(base)
    if number not in (0, 1):
        raise InvalidPlacementError(_("base must be 0 or 1, not {base}").format(base=shorten(base)))
    return number


def parse_board(text: str, *, base: int = 0, width: int | None = None) -> BoardText:
    """Read board text; `base` is the first row and column number of lists and pairs;
    `width` the number of columns of a rectangle's rows (default: as many as rows).

    >>> parse_board("1 3 0 2").queens
    ((0, 1), (1, 3), (2, 0), (3, 2))
    >>> parse_board("Q.x./..../..../....").blocked
    ((0, 2),)
    >>> parse_board("0:1, 3:2").queens
    ((0, 1), (3, 2))
    """
    kind_given(text, str, "text", _("a str"), InvalidPlacementError)
    base_given(base)
    stripped = text.lstrip("\ufeff").strip()
    if not stripped:
        raise InvalidPlacementError(
            _(
                "empty placement: give a column list such as '1 3 0 2', or board rows such as "
                "'Q.../....'"
            )
        )  # (row:col pairs are a partial board's, which `complete` says it takes)
    long_number = _LONG_NUMBER.search(stripped)
    if long_number is not None:
        raise InvalidPlacementError(
            _("invalid board {board}: the number {number} is larger than any row or column")
            .format(board=quoted(stripped), number=quoted(long_number.group(), 24))
        )  # fmt: skip
    if _COLUMNS.fullmatch(stripped):
        return _columns([int(t) for t in _NUMBER.findall(stripped)], base, stripped, width)
    if _PAIRS.fullmatch(stripped):
        pairs = [(int(r) - base, int(c) - base) for r, c in _PAIR.findall(stripped)]
        return BoardText("pairs", None, tuple(pairs))
    _refuse_stray_word(stripped)
    return _rows(stripped, base, width)


def _refuse_stray_word(text: str) -> None:
    """Refuse one line of numbers with a word among them ("1 3 abc 2", "0:1 1:z"): a
    column list or row:col pairs with a typo, named, not read as a row of 9 squares."""
    if _LINE_BREAK.search(text):  # board rows (a grid's column line among them)
        return
    stray: str | None = None
    pairs = numbers = 0
    for word in _WORD_APART.split(text):
        if _NUMBER.fullmatch(word):
            numbers += 1
        elif _PAIR.fullmatch(word):
            pairs += 1
        elif word and word != ":" and stray is None:  # ("0 : 1": spaced pairs)
            stray = word
    if stray is None or not numbers + pairs:
        return
    if pairs:
        raise InvalidPlacementError(
            _("invalid board {board}: {word} is not a row:col pair such as '0:1'")
            .format(board=quoted(text), word=quoted(stray, 24))
        )  # fmt: skip
    raise InvalidPlacementError(
        _("invalid placement {placement}: {word} is not a column number (a column list is "
          "whole numbers such as '1 3 0 2')").format(placement=quoted(text), word=quoted(stray, 24))
    )  # fmt: skip


def _columns(numbers: list[int], base: int, text: str, width: int | None) -> BoardText:
    n = len(numbers)
    wide = n if width is None else width
    for row, value in enumerate(numbers):
        if not base <= value < wide + base:
            raise InvalidPlacementError(
                _(
                    "invalid placement {placement}: column {value} in row {row} is off the "
                    "board (columns run {first}..{last})"
                ).format(
                    placement=quoted(text), value=value, row=row + base, first=base,
                    last=wide - 1 + base,
                )
            )  # fmt: skip
    return BoardText("columns", n, tuple((r, v - base) for r, v in enumerate(numbers)))


def _rows(text: str, base: int, width: int | None) -> BoardText:
    lines = [line for line in _LINE_BREAK.split(text) if line.strip()]
    caption: list[int] | None = None
    heading = _HEADING.fullmatch(lines[0]) if len(lines) > 1 else None
    if heading:  # `solve --all`: a number, or "Solution K: cols", above each board
        lines = lines[1:]
        if heading.group("cols"):
            caption = [int(t) for t in _DIGITS.findall(heading.group("cols"))]
    grid = any(_GRID_RULE.fullmatch(line) for line in lines)
    if grid and lines and _NUMBERS.fullmatch(lines[0]):  # the grid's column line
        caption = [int(t) for t in lines[0].split()]
        lines = lines[1:]
    rows = [_marks(line) for line in lines if not (grid and _GRID_RULE.fullmatch(line))]
    n = len(rows)
    for row, marks in enumerate(rows):
        if width is not None and len(marks) != width:
            squares = plural(len(marks), "{count} square", "{count} squares")
            raise InvalidPlacementError(
                _("invalid board {board}: row {row} has {squares}, but the board is {width} wide")
                .format(board=quoted(text), row=row, squares=squares, width=width)
            )  # fmt: skip
        if width is None and len(marks) != n:
            squares = plural(len(marks), "{count} square", "{count} squares")
            rows_said = plural(n, "{count} row", "{count} rows")
            raise InvalidPlacementError(
                _("invalid board {board}: row {row} has {squares}, but the board has {rows}")
                .format(board=quoted(text), row=row, squares=squares, rows=rows_said)
            )  # fmt: skip
    found = _plain_marks(rows) if n * n >= ARRAY_FROM_SQUARES else None
    if found is not None:
        queens, blocked = found
        if caption is not None:
            _check_caption(caption, queens, n, text)
        return BoardText("rows", n, tuple(queens), tuple(blocked))
    queens = []
    blocked = []
    for row, marks in enumerate(rows):
        for col, mark in _marked(marks):
            if mark in QUEEN_MARKS:
                queens.append((row, col))
            elif mark in BLOCKED_MARKS:
                blocked.append((row, col))
            elif mark not in EMPTY_MARKS:
                raise InvalidPlacementError(
                    _(
                        "invalid board {board}: unknown mark {mark} in row {row} (use Q for "
                        "a queen, . for a free square, x for a blocked one)"
                    ).format(board=quoted(text), mark=quoted(mark, 12), row=row)
                )
    if caption is not None:
        _check_caption(caption, queens, n, text)
    return BoardText("rows", n, tuple(queens), tuple(blocked))


def _marks(line: str) -> str | list[str]:
    """The squares of one row: `|O| |` grid cells (blank is free), or the line's marks
    as one string without its spaces."""
    if line.strip().startswith("|"):
        cells = line.strip().strip("|").split("|")
        return [cell.strip() or "." for cell in cells]
    return "".join(line.split())


_MARKED = re.compile(r"[^.]")

ARRAY_FROM_SQUARES = 1_000_000
"""Boards of this many squares and more, in plain ASCII marks, are read with NumPy: a
10,000 x 10,000 board with a million blocked squares in well under a second."""


def _plain_marks(rows: list[Any]) -> tuple[list[Square], list[Square]] | None:
    """Queens and blocked squares of equal-length rows of ASCII marks, found with NumPy;
    None when a row is grid cells or a mark is not plain ASCII (or not a mark: the loop
    then names it)."""
    if not all(isinstance(marks, str) for marks in rows):
        return None
    import numpy as np

    try:
        data = "".join(rows).encode("ascii")
    except UnicodeEncodeError:
        return None
    board = np.frombuffer(data, dtype=np.uint8).reshape(len(rows), -1)
    kinds = np.zeros(256, dtype=np.uint8)  # 0 unknown, 1 free, 2 queen, 3 blocked
    for marks, kind in ((EMPTY_MARKS, 1), (QUEEN_MARKS, 2), (BLOCKED_MARKS, 3)):
        kinds[[ord(m) for m in marks if ord(m) < 128]] = kind
    r, c = np.nonzero(board != ord("."))  # one pass over the board; the rest is marks
    kind_of = kinds[board[r, c]]
    if not kind_of.all():
        return None
    squares = []
    for kind in (2, 3):
        at = kind_of == kind
        squares.append(list(zip(r[at].tolist(), c[at].tolist(), strict=True)))
    return squares[0], squares[1]


def _marked(marks: str | list[str]) -> Iterator[tuple[int, str]]:
    """(column, mark) of each square that is not a plain `.`: a board of millions of
    squares, mostly free, is read at the speed of a regular expression, not a loop."""
    if isinstance(marks, str):
        return ((found.start(), found.group()) for found in _MARKED.finditer(marks))
    return ((col, mark) for col, mark in enumerate(marks) if mark != ".")


def _check_caption(caption: list[int], queens: list[Square], n: int, text: str) -> None:
    """The column line printed above a board must name the board's own columns."""
    columns = [c for _, c in sorted(queens)]
    if not any(caption == [c + b for c in columns] for b in (0, 1)) or len(queens) != n:
        raise InvalidPlacementError(
            _(
                "invalid board {board}: the column line {line} above it does not match the "
                "queens drawn"
            ).format(board=quoted(text), line=quoted(" ".join(map(str, caption))))
        )
