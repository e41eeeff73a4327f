"""A placement of any size in and out: read from what a user typed, written in a format.

`check` and `construct` take boards from 4 queens to tens of millions, where a `Placement`
(a tuple) and its text stop being the right tool. Here the input is sniffed once (a .npy
array file, a long list of column numbers, or board text) and a column array is written as
a board, a one-line list, one column per line, or .npy. NumPy loads only on the large path.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from nqueens.errors import InvalidPlacementError, OutputFormatError, shorten
from nqueens.files import output_file, read_board_input
from nqueens.limits import CHECK_ARRAY_FROM_N
from nqueens.placement import Placement

if TYPE_CHECKING:
    from nqueens.large import Columns

__all__ = [
    "BOARD_DRAWN_UP_TO",
    "COLUMN_FORMATS",
    "column_format",
    "parse_placement",
    "read_placement",
    "save_columns",
    "write_columns",
]

COLUMN_FORMATS = ("board", "list", "lines", "npy")
"""board: the picture in text; list: the columns on one line; lines: one column per line;
npy: a NumPy array file of int64."""

BOARD_DRAWN_UP_TO = 30
"""Up to this N a placement is written as a board by default; beyond, as lines."""

_COLUMN_LIST = re.compile(r"[\s\d,]*")


def read_placement(argument: str, *, base: int = 0) -> Placement | Columns:
    """The placement `argument` stands for: a `Placement` for board text or a short column
    list, a column array (0-based) for a .npy file or a list of more than 2,000 columns,
    which the O(N) `nqueens.large.check_array` checks.

    `argument` is read as `files.read_board_input` reads it: text, a file's name, or `-`.

    Examples
    --------
    >>> read_placement("1 3 0 2")
    Placement.from_string('1 3 0 2')
    >>> read_placement(" ".join(map(str, range(3000))), base=0).shape
    (3000,)
    """
    if argument.endswith(".npy") and Path(argument).is_file():
        return _load_npy(argument) - base
    return parse_placement(read_board_input(argument), base=base)  # read once: maybe stdin


def parse_placement(text: str, *, base: int = 0) -> Placement | Columns:
    """The placement `text` describes: a column array for a list of more than 2,000
    columns (`nqueens.large.check_array` checks it in O(N)), else a `Placement` (a column
    list or board rows).

    >>> parse_placement("Q.../..Q./.Q../...Q")
    Placement.from_string('0 2 1 3')
    """
    large = _large_columns(text)
    if large is not None:
        return large - base
    return Placement.from_string(text, base=base)


def column_format(n: int, path: str | Path | None = None) -> str:
    """The format a placement of N queens is written in when none is named: npy for a
    .npy file, the board up to `BOARD_DRAWN_UP_TO` queens, one column per line beyond.

    Examples
    --------
    >>> column_format(8), column_format(1000), column_format(8, "q.npy")
    ('board', 'lines', 'npy')
    """
    if path is not None and str(path).endswith(".npy"):
        return "npy"
    return "board" if n <= BOARD_DRAWN_UP_TO else "lines"


def write_columns(cols: Columns, out: BinaryIO, fmt: str, *, base: int = 0) -> None:
    """Write the placement `cols` (`cols[row]`, 0-based) to `out` in `fmt`
    (`COLUMN_FORMATS`), numbering from `base` in the text formats."""
    import numpy as np

    from nqueens.render.arrays import text_rows, write_npy_header

    if fmt not in COLUMN_FORMATS:
        raise OutputFormatError(
            f"unknown format {fmt!r}; choose one of {', '.join(COLUMN_FORMATS)}"
        )
    if fmt == "board":
        out.write((str(Placement(tuple(cols.tolist()))) + "\n").encode())
    elif fmt == "npy":
        write_npy_header(out, len(cols), 0, descr="<i8")
        out.write(np.ascontiguousarray(cols, "<i8").tobytes())
    else:
        rows = cols.reshape(-1, 1) if fmt == "lines" else cols.reshape(1, -1)
        out.write(text_rows(rows, base, " "))


def save_columns(cols: Columns, path: str | Path, *, fmt: str | None = None, base: int = 0) -> str:
    """Write `cols` to `path` as `files.output_file` writes (`-` is standard output), in
    `fmt` or the one `column_format` chooses; returns the format written."""
    fmt = fmt or column_format(len(cols), path)
    with output_file(path, binary=fmt == "npy") as out:
        write_columns(cols, out, fmt, base=base)
    return fmt


def _load_npy(path: str) -> Columns:
    import numpy as np

    try:
        return np.load(path, allow_pickle=False)  # type: ignore[no-any-return]
    except ValueError as error:
        raise InvalidPlacementError(f"{shorten(path)} is not a NumPy array file: {error}") from None


def _large_columns(text: str) -> Columns | None:
    """A long column list as an array (for the O(N) check); None for anything else."""
    if len(text) < 2 * CHECK_ARRAY_FROM_N or not _COLUMN_LIST.fullmatch(text):
        return None
    import numpy as np

    values = np.array(text.replace(",", " ").split(), dtype=np.int64)
    return values if values.size > CHECK_ARRAY_FROM_N else None
