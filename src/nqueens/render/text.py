"""Boards as text, in the styles of the source documents, and machine formats for scripts.

Human styles draw one board: `board` (`Q . .` rows, seed 000), `compact` (`Q..`,
seed 002), `grid` (the `+-+` grid with `O` marks under the column list, seed 004) and
`unicode`. Machine formats (`list`, `json`, `jsonl`, `csv`) write one record per
solution. `write_solutions` streams either kind: nothing is held in memory.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Protocol, TextIO

from nqueens.i18n import _

__all__ = [
    "ARRAY_FORMATS",
    "FORMATS",
    "MACHINE_FORMATS",
    "STYLES",
    "csv_header",
    "render",
    "write_solutions",
]


class Board(Protocol):
    """What the text styles need of a board: a `Placement`, or a variant's board."""

    @property
    def n(self) -> int: ...

    @property
    def cols(self) -> tuple[int, ...]: ...

    def to_rows(self, queen: str = "Q", empty: str = ".") -> list[str]: ...

    def to_string(self, *, base: int = 0) -> str: ...


def _board(p: Board, base: int) -> str:
    return "\n".join(" ".join(row) for row in p.to_rows())


def _compact(p: Board, base: int) -> str:
    return "\n".join(p.to_rows())


def _unicode(p: Board, base: int) -> str:
    return "\n".join(" ".join(row) for row in p.to_rows("♛", "·"))


def _grid(p: Board, base: int) -> str:
    rows = p.to_rows("O", " ")
    rule = "+-" * len(rows[0]) + "+"
    lines = [" " + p.to_string(base=base), rule]
    for row in rows:
        lines += ["|" + "|".join(row) + "|", rule]
    return "\n".join(lines)


STYLES: dict[str, Callable[[Board, int], str]] = {
    "board": _board,
    "compact": _compact,
    "grid": _grid,
    "unicode": _unicode,
}
"""Human styles: a function from (placement, first column number) to a picture."""

FORMATS = ("list", "json", "jsonl", "csv")
"""Machine formats written from placements: one record per solution, for scripts."""

MACHINE_FORMATS = (*FORMATS, "npy")
"""Every machine format: `npy` (a NumPy int8 array) is written only from the engine's
arrays (render/arrays.py)."""

ARRAY_FORMATS = ("list", "csv", "npy")
"""The formats written straight from the engine's arrays, with no Placement made."""


def csv_header(n: int, base: int = 0) -> str:
    """The first line of the csv format: the solution number, then one column per row."""
    return "solution," + ",".join(f"row{r + base}" for r in range(n))


def render(placement: Board, style: str = "board", *, base: int = 0) -> str:
    """One board in a human style."""
    return STYLES[style](placement, base)


def _heading(index: int, placement: Board, style: str, base: int) -> str:
    if style == "grid":
        return str(index)  # seed 004: the number, then the column list above the grid
    return _("Solution {index}: {cols}").format(index=index, cols=placement.to_string(base=base))


def write_solutions(
    placements: Iterable[Board],
    out: TextIO,
    style: str = "board",
    *,
    base: int = 0,
    numbered: bool = True,
    rows: int | None = None,
) -> int:
    """Write each placement as it comes, in a style or format; return how many.

    Human styles are separated by blank lines and, when `numbered`, headed by their
    number. `json` writes one array whose items appear as they are found. `csv` starts
    with its header, written before any row where the board's `rows` are given (so that
    a listing of none is a header alone, as the engine's is), else with the first row.
    """
    written = 0
    if style == "csv":
        if rows is not None:
            out.write(csv_header(rows, base) + "\n")
        for written, p in enumerate(placements, 1):
            if written == 1 and rows is None:
                out.write(csv_header(p.n, base) + "\n")
            out.write(f"{written},{','.join(str(c + base) for c in p.cols)}\n")
        return written
    for written, p in enumerate(placements, 1):
        if style == "list":
            out.write(p.to_string(base=base) + "\n")
        elif style in ("json", "jsonl"):
            fields = {"solution": written, "n": p.n, "cols": [c + base for c in p.cols]}
            width = getattr(p, "width", p.n)  # a rectangle's columns: more than its rows
            record = json.dumps(fields if width == p.n else {**fields, "width": width})
            if style == "jsonl":
                out.write(record + "\n")
            else:
                out.write(("[\n  " if written == 1 else ",\n  ") + record)
        else:
            if written > 1:
                out.write("\n")
            if numbered:
                out.write(_heading(written, p, style, base) + "\n")
            out.write(render(p, style, base=base) + "\n")
    if style == "json":
        out.write("\n]\n" if written else "[]\n")
    return written
