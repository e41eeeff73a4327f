"""A placement of any size in and out: read from what a user typed, written in a format.

`check` and `construct` take boards from 4 queens to tens of millions, where a `Placement`
(a tuple) and its text stop being the right tool. Here the input is sniffed once (a .npy
array file, a long list of column numbers, or board text) and a column array is written as
a board, a one-line list, one column per line, or .npy. NumPy loads only on the large path.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from nqueens.boardtext import base_given
from nqueens.errors import InvalidPlacementError, OutputFormatError, SizeTooLargeError, shorten
from nqueens.files import (
    BOM,
    READ_SLICE,
    board_source,
    contents_of,
    output_file,
    read_text,
    system_reason,
)
from nqueens.i18n import _
from nqueens.limits import BOARD_DRAWN_UP_TO, BOARD_TEXT_MAX_N, COLUMN_LIST_MIN_CHARS
from nqueens.messages import byte_size, too_large
from nqueens.placement import Placement
from nqueens.validate import kind_given

if TYPE_CHECKING:
    from nqueens.large import Columns
    from nqueens.listings import Listing

__all__ = [
    "COLUMN_FORMATS",
    "check_column_format",
    "column_format",
    "parse_placement",
    "read_placements",
    "save_columns",
    "sniff_column_list",
    "write_columns",
]

COLUMN_FORMATS = ("board", "list", "lines", "npy")
"""board: the picture in text; list: the columns on one line; lines: one column per line;
npy: a NumPy array file of int64."""


def read_placements(
    argument: str | os.PathLike[str], *, base: int = 0, narrow: bool = False
) -> Placement | Columns | Listing:
    """The placement `argument` stands for: a `Placement` for board text or a short column
    list, a column array (0-based, int64) for a .npy file or a list of more than 2,000
    columns, which the O(N) `nqueens.large.check_array` checks; or a `Listing` where it
    lists several, as `solve --all` writes them (`nqueens.listings`: boards under their
    headings, a column list a line, JSON, CSV, a .npy array of a row per placement).

    `argument` is read as `files.read_board_input` reads it: text, a file's name, or `-`.
    A long column list is read a slice at a time into its array, never whole as text:
    the memory it takes is the array's, about that of the input. With `narrow`, the
    array is of the narrowest signed type that holds its numbers (as `nqueens check`
    reads a file: a byte a queen for single digits), for a caller that only checks it:
    arithmetic on it may overflow that type.

    Examples
    --------
    >>> read_placements("1 3 0 2")
    Placement.from_string('1 3 0 2')
    >>> read_placements(" ".join(map(str, range(3000))), base=0).shape
    (3000,)
    >>> len(read_placements("1 3 0 2\\n2 0 3 1"))
    2
    """
    from nqueens.listings import line_length, listing_of_text, lists_lines, read_lines

    if isinstance(argument, os.PathLike):
        argument = os.fspath(argument)
    kind_given(argument, str, "argument", _("text, a file's name or '-'"), InvalidPlacementError)
    base = base_given(base)  # a long list and an array are shifted by it, unchecked
    if argument.lower().endswith(".npy") and Path(argument).is_file():
        return _placements_of_array(_load_npy(argument), shorten(argument), base)
    name: str | None = None  # the input's, for refusals of its text (`contents_of`)
    with board_source(argument) as source:  # read once: it may be standard input
        if source is None:
            text = argument
        else:
            stream, name = source
            head = stream.read(READ_SLICE)
            if head.startswith(NPY_MAGIC):  # an array piped, or a file of another name
                array = _npy_of(io.BytesIO(head + stream.read()), name)
                return _placements_of_array(array, name, base)
            head = head.removeprefix(BOM.encode())
            if _column_bytes_only(head) and lists_lines(head, base=base):
                return read_lines(stream, name, head, base=base)
            length = line_length(head) if _column_bytes_only(head) else 0
            cols, head = sniff_column_list(stream, name, head)
            if cols is not None:
                if length:  # lines of one length, too wide for their own square
                    _refuse_unsaid_rectangle(cols, length, base)
                return _widened(_from_base(cols, base), narrow)
            text = read_text(stream, name, head=head)
    with contents_of(name):
        listing = listing_of_text(text, base=base)
        if listing is not None:
            return listing
        placement = parse_placement(text, base=base)
    return placement if isinstance(placement, Placement) else _widened(placement, narrow)


def _refuse_unsaid_rectangle(cols: Columns, length: int, base: int) -> None:
    """Refuse lines of `length` columns read as one long placement where, so read, it
    repeats a column: they list a rectangle's placements, whose board was not given
    (`listings.rectangle_unsaid`)."""
    import numpy as np

    if len(cols) % length == 0 and len(np.unique(cols)) < len(cols):
        from nqueens.listings import rectangle_unsaid

        raise rectangle_unsaid(len(cols) // length, length, int(cols.max()), base)


def _widened(cols: Columns, narrow: bool) -> Columns:
    return cols if narrow else cols.astype("int64", copy=False)


def sniff_column_list(
    stream: BinaryIO, name: str, head: bytes | None = None
) -> tuple[Columns | None, bytes]:
    """A long column list read from `stream` a slice at a time into its array (as
    `read_placements` reads one), or None and the first slice already read (`head`,
    where the caller read it), for the caller to read the rest as text."""
    if head is None:
        head = stream.read(READ_SLICE).removeprefix(BOM.encode())
    if _column_bytes_only(head):
        from nqueens.large.text import read_column_list  # NumPy: the large path

        return read_column_list(stream, name, head), b""
    return None, head


def _column_bytes_only(head: bytes) -> bool:
    """Whether a whole first slice holds nothing but column numbers and separators."""
    from nqueens.large.text import COLUMN_BYTES

    return len(head) == READ_SLICE and not head.translate(None, COLUMN_BYTES)


def parse_placement(text: str, *, base: int = 0) -> Placement | Columns:
    """The placement `text` describes: a column array for a list of more than 2,000
    columns (`nqueens.large.check_array` checks it in O(N); of the narrowest signed type
    that holds its numbers), else a `Placement` (a column list or board rows).

    >>> parse_placement("Q.../..Q./.Q../...Q")
    Placement.from_string('0 2 1 3')
    """
    if len(text) < COLUMN_LIST_MIN_CHARS:  # no NumPy to load
        return Placement.from_string(text, base=base)
    from nqueens.large.text import long_column_list

    large = long_column_list(text)
    if large is not None:
        return _from_base(large, base)
    return Placement.from_string(text, base=base)


def column_format(n: int, path: str | Path | None = None) -> str:
    """The format a placement of N queens is written in when none is named: npy for a
    .npy file, the board up to `BOARD_DRAWN_UP_TO` queens, one column per line beyond.

    Examples
    --------
    >>> column_format(8), column_format(1000), column_format(8, "q.npy")
    ('board', 'lines', 'npy')
    """
    if path is not None and str(path).lower().endswith(".npy"):  # Q.NPY too
        return "npy"
    return "board" if n <= BOARD_DRAWN_UP_TO else "lines"


def check_column_format(n: int, fmt: str) -> None:
    """Refuse a format that is none of `COLUMN_FORMATS`, and a board in text past
    `limits.BOARD_TEXT_MAX_N` (its N^2 squares), before a long search makes the columns."""
    if fmt not in COLUMN_FORMATS:
        raise OutputFormatError(
            _("unknown format {name}; choose one of {names}").format(
                name=repr(fmt), names=", ".join(COLUMN_FORMATS)
            ),
            option="fmt",
        )
    if fmt == "board" and n > BOARD_TEXT_MAX_N:
        raise SizeTooLargeError(
            too_large(
                n,
                _("a board in text"),
                BOARD_TEXT_MAX_N,
                instead=_("its columns (list, lines or npy)"),
                why=_("{size} of text").format(size=byte_size(2 * n * n)),
            ),
            option="fmt",
        )


def write_columns(cols: Columns, out: BinaryIO, fmt: str, *, base: int = 0) -> None:
    """Write the placement `cols` (`cols[row]`, 0-based) to `out` in `fmt`
    (`COLUMN_FORMATS`), numbering from `base` in the text formats."""
    import numpy as np

    from nqueens.render.arrays import text_rows, write_npy_header

    check_column_format(len(cols), fmt)
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


def _from_base(cols: Columns, base: int) -> Columns:
    """0-based columns, in place (the array is ours): no second copy of a huge one; an
    unsigned array is made signed first, or its 0 would wrap round to its largest."""
    if base:
        if cols.dtype.kind == "u":
            cols = cols.astype("int64")
        cols -= base
    return cols


NPY_MAGIC = b"\x93NUMPY"
"""How every .npy file begins."""


def _not_an_array(error: Exception, start: bytes) -> str:
    """Why NumPy could not load a .npy file, in our words and the reader's language
    (NumPy's own say "EOF: reading array header", or advise unpickling)."""
    if isinstance(error, OSError):
        return system_reason(error)
    if isinstance(error, EOFError) or not start:
        return _("it is empty")
    if not start.startswith(NPY_MAGIC):
        if start.startswith(b"\x80"):  # pickle's protocol mark: never loaded
            return _("it holds pickled Python objects, which are never loaded")
        return _("it does not begin as a .npy file does")
    return _("it ends before its array does: the file was cut short")


def _holds_objects(stream: BinaryIO) -> bool:
    """Whether a .npy stream's header says its array holds Python objects (`np.save` of
    an object array, which NumPy writes pickled): its header read, never its data."""
    import numpy as np

    try:
        stream.seek(0)
        version = np.lib.format.read_magic(stream)
        if version == (1, 0):
            header = np.lib.format.read_array_header_1_0(stream)
        elif version == (2, 0):
            header = np.lib.format.read_array_header_2_0(stream)
        else:
            return False
    except (ValueError, EOFError, OSError):
        return False
    return bool(header[2].hasobject)


def _placements_of_array(array: Columns, name: str, base: int) -> Columns | Listing:
    """A .npy array's placement (one dimension) or listing (two), from 0."""
    from nqueens.listings import listing_of_array

    if array.ndim == 2:
        return listing_of_array(_from_base(array, base), name)
    return _from_base(array, base)


def _load_npy(path: str) -> Columns:
    """A .npy file's column array (one-dimensional), or its rows of a placement each
    (two, as `solve --format npy` writes them, kept in their type): of whole numbers,
    else one line."""
    name = shorten(path)
    try:
        with open(path, "rb") as stream:
            return _npy_of(stream, name)
    except OSError as error:  # opening it (a read's own is said by _npy_of)
        raise InvalidPlacementError(
            _("{name} is not a NumPy array file: {reason}").format(
                name=name, reason=_not_an_array(error, b"")
            )
        ) from None


def _npy_of(stream: BinaryIO, name: str) -> Columns:
    """The array a .npy stream holds (seekable, at its start), checked as `_load_npy`
    says."""
    import numpy as np

    start = b""
    try:
        start = stream.read(len(NPY_MAGIC))
        stream.seek(0)
        array = np.load(stream, allow_pickle=False)
    except (ValueError, EOFError, OSError) as error:
        if isinstance(error, ValueError) and _holds_objects(stream):
            raise InvalidPlacementError(
                _(
                    "{name} holds an array of Python objects (dtype object), not a plain "
                    "integer array: reading it would mean unpickling, which nqueens never does"
                ).format(name=name)
            ) from None
        raise InvalidPlacementError(
            _("{name} is not a NumPy array file: {reason}").format(
                name=name, reason=_not_an_array(error, start)
            )
        ) from None
    if not isinstance(array, np.ndarray):  # an .npz archive under a .npy name
        raise InvalidPlacementError(
            _("{name} is a NumPy archive (.npz), not an array file").format(name=name)
        )
    if array.ndim not in (1, 2) or not np.issubdtype(array.dtype, np.integer):
        raise InvalidPlacementError(
            _(
                "{name} holds an array of {dtype}, shape {shape}: a placement is one "
                "dimension of whole column numbers (a listing, two: a row per placement)"
            ).format(name=name, dtype=array.dtype, shape=array.shape)
        )
    if array.dtype.kind == "u" and array.size and int(array.max()) > np.iinfo(np.int64).max:
        raise InvalidPlacementError(
            _("{name}: a column is larger than any board").format(name=name)
        )
    return array if array.ndim == 2 else array.astype(np.int64, copy=False)
