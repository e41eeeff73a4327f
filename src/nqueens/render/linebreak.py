"""Lines broken where a reader expects them, in English and in Japanese: Latin text at
its spaces, Japanese between any two characters, never before a closing mark (a comma,
a stop, a closing bracket) nor after an opening bracket, nor inside a `code span`.
Widths are measured per character: on a terminal a Japanese character takes two
columns (`column_width`), on a page about one em against a Latin letter's half
(`em_width`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

__all__ = ["break_lines", "column_width", "columns", "em_width"]

_NO_BREAK_BEFORE = set(
    "\u3001\u3002\uff0c\uff0e\uff09\u300d\u300f\uff1a\uff1b\uff01\uff1f\u30fc\u2026"
)
"""The Japanese marks a line never starts with: commas, stops, closing brackets, colons."""
_NO_BREAK_AFTER = set("\uff08\u300c\u300e")
"""The opening brackets a line never ends with."""


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in "WF"


def column_width(char: str) -> float:
    """The columns a character takes on a terminal."""
    return 2.0 if _wide(char) else 1.0


def em_width(char: str) -> float:
    """A character's width in ems on a page, near enough to break lines by."""
    return 1.0 if _wide(char) else 0.56


def columns(text: str) -> int:
    """The columns `text` takes on a terminal."""
    return int(sum(column_width(c) for c in text))


def _pieces(text: str) -> list[str]:
    """The unbreakable pieces of `text`: a Latin word with the space before it, a
    `code span` whole, or one Japanese character (with the closing marks after it, the
    opening ones before it; a number with the Japanese character after it, its counter:
    「3 列目」 never breaks after the 3)."""
    pieces: list[str] = []
    code = False  # inside `code`, which is never broken
    for char in text:
        if _wide(char) and len(pieces) > 1 and pieces[-1] == " " and pieces[-2][-1].isdigit():
            pieces.pop()
            pieces[-1] += " " + char
            continue
        last = pieces[-1][-1] if pieces else ""
        opening = char == "`" and not code
        code = code != (char == "`")
        joins = bool(last) and (
            (code and not opening)
            or (char == "`" and not opening)
            or char in _NO_BREAK_BEFORE
            or last in _NO_BREAK_AFTER
            or (not _wide(char) and not char.isspace() and not _wide(last))
        )
        if joins:
            pieces[-1] += char
        else:
            pieces.append(char)
    return pieces


def break_lines(text: str, room: float, width: Callable[[str], float] = column_width) -> list[str]:
    """`text` as lines at most `room` wide (a piece wider than a line stands alone)."""
    lines: list[str] = []
    line, used = "", 0.0
    for piece in _pieces(text):
        wide = sum(width(c) for c in piece)
        if line and used + wide > room:
            lines.append(line.rstrip())
            piece = piece.lstrip()
            line, used = "", 0.0
            wide = sum(width(c) for c in piece)
        line += piece
        used += wide
    lines.append(line.rstrip())
    return lines
