"""Many placements read back, to be checked at once: what `nqueens solve --all` (or
`--limit`, `--unique`) writes, in each of its formats: boards under their headings with
the closing summary line, a column list a line (`list`), JSON, JSON lines, CSV, or a .npy
array of a row per solution.

`columns.read_placements` asks here first whether its input lists several placements; a
list of one line, one board or one column per line is a single placement, as before. A
long list (a line per solution of N = 16: 14.7 million lines) is read a slice at a time
into a narrow array, its lines counted by NumPy, never held whole as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, BinaryIO

from nqueens.boardtext import quoted
from nqueens.errors import InvalidPlacementError, shorten
from nqueens.i18n import _
from nqueens.limits import NUMBER_MAX_DIGITS

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "Listing",
    "attack_free",
    "blocks_of",
    "canonical_rows",
    "distinct_rows",
    "line_length",
    "listing_of_array",
    "listing_of_text",
    "lists_lines",
    "on_board",
    "other_width",
    "read_lines",
    "rectangle_unsaid",
]

_LIST_LINE = re.compile(r"[ \t]*+\d++(?:[ \t,]++\d++)*+[ \t,]*+")
"""A line of a `list` listing: column numbers, apart by spaces or commas."""
_CSV_HEADER = re.compile(r"solution(?:,row\d++)++", re.IGNORECASE)
"""The first line of a `csv` listing: `solution,row0,row1,...` (row1,... one-based)."""
_BLANK_LINE = re.compile(r"\n[ \t]*+\r?+\n")
"""What parts the boards of a listing: a blank line."""
_LONG_NUMBER = re.compile(rb"\d{%d}" % (NUMBER_MAX_DIGITS + 1))
"""More digits than any column has (a number NumPy would wrap round)."""


@dataclass(frozen=True, eq=False)
class Listing:
    """Placements of one size: `rows[k]` the columns (0-based) of the k-th, whose label
    is `labels[k]`, the solution number its listing gave it (None: 1, 2, ... in order);
    `width` the columns of their board where the listing says it (a rectangle's JSON
    records its "width"), None where it is as wide as it is long or the reader says."""

    rows: npt.NDArray[np.integer[Any]]
    labels: tuple[int, ...] | None = None
    width: int | None = None

    def __post_init__(self) -> None:
        """The rows as a NumPy array of two dimensions and whole numbers (a list of lists
        taken), refused in one line where they are not one."""
        import numpy as np

        rows = self.rows
        if not isinstance(rows, np.ndarray):
            try:
                rows = np.asarray(rows)
            except (ValueError, TypeError):  # rows of several lengths
                raise InvalidPlacementError(
                    _("a listing is a row of whole column numbers per placement, all of one "
                      "length, not {value}").format(value=shorten(self.rows))
                ) from None  # fmt: skip
        _check_shape(rows, "")
        object.__setattr__(self, "rows", rows)

    def __len__(self) -> int:
        return int(self.rows.shape[0])

    @property
    def n(self) -> int:
        """Queens in each placement (the rows of its board)."""
        return int(self.rows.shape[1])

    def label(self, k: int) -> int:
        """How the listing names the k-th placement (counted from 0 here)."""
        return k + 1 if self.labels is None else self.labels[k]


def listing_of_text(text: str, *, base: int = 0, width: int | None = None) -> Listing | None:
    """The placements `text` lists, or None where it holds one placement (or is no
    listing at all: the single placement's reader then says what is wrong). `base` is the
    number of the first column in column lists; `width` the columns of a rectangle's
    rows (default: as many as each placement has queens).

    Examples
    --------
    >>> listing_of_text("1 3 0 2\\n2 0 3 1").rows.tolist()
    [[1, 3, 0, 2], [2, 0, 3, 1]]
    >>> listing_of_text("1 3 0 2") is None
    True
    """
    stripped = text.strip().removeprefix("\ufeff")
    if stripped[:1] in ("[", "{"):
        return _json_listing(stripped, base, width)
    numbered = [(k, line) for k, line in enumerate(stripped.splitlines(), 1) if line.strip()]
    lines = [line for _k, line in numbered]
    if not lines:
        return None
    if _CSV_HEADER.fullmatch(lines[0].strip()):
        return _csv_listing(lines, base, width)
    if len(lines) > 1 and all(_LIST_LINE.fullmatch(line) for line in lines[:2]):
        odd = next(((k, line) for k, line in numbered if not _LIST_LINE.fullmatch(line)), None)
        if odd is None:
            return _list_listing([_numbers(line) for line in lines], base, width)
        if lists_lines("\n".join(lines[:3]).encode(), base=base, width=width):
            raise InvalidPlacementError(
                _("line {line} of the listing is not a column list: {text}").format(
                    line=f"{odd[0]:,}", text=quoted(odd[1])
                )
            )
    return _board_listing(stripped, base, width)


def _list_listing(rows: list[list[int]], base: int, width: int | None) -> Listing | None:
    """Lines of column lists: a listing where each line could be a placement on its own
    (more than one column, each on a board as wide as the line is long); None for one
    placement written over several lines (a column too large for its line's board)."""
    if not all(len(row) > 1 and _fits(row, base, width) for row in rows):
        if width is None and _wider_than_long(rows, base):
            raise rectangle_unsaid(len(rows), len(rows[0]), max(max(row) for row in rows), base)
        return None
    if any(len(row) != len(rows[0]) for row in rows):
        sizes = [len(row) for row in rows]
        raise InvalidPlacementError(
            _("lines of {least} to {most} columns: the placements of a listing are all of one "
              "size").format(least=min(sizes), most=max(sizes))
        )  # fmt: skip
    return _listing(rows, None, base, width)


def _wider_than_long(rows: list[list[int]], base: int) -> bool:
    """Whether lines of one length, more than one and some beyond their square, are a
    rectangle's placements rather than one placement written over several lines: read
    as one, they would repeat a column (one placement's columns are each used once)."""
    if len(rows) < 2 or len({len(row) for row in rows}) != 1 or len(rows[0]) < 2:
        return False
    columns = [c for row in rows for c in row]
    return len(set(columns)) < len(columns)


def rectangle_unsaid(lines: int, rows: int, most: int, base: int) -> InvalidPlacementError:
    """The refusal of lines that list a rectangle's placements, read with no board: the
    board's width is not theirs to tell (any wider than their largest column)."""
    return InvalidPlacementError(
        _(
            "{lines} lines of {rows} columns, up to column {most}: the placements of a "
            "rectangle? give its board with --board {rows}x{width} (or wider)"
        ).format(lines=f"{lines:,}", rows=rows, most=most, width=most - base + 1)
    )


def _fits(row: list[int], base: int, width: int | None) -> bool:
    """Every column of the line on a board as wide as the line is long (or `width`)."""
    return all(base <= c < (width or len(row)) + base for c in row)


def listing_of_array(array: npt.NDArray[Any], name: str) -> Listing:
    """A .npy array of a row per placement (what `solve --format npy` writes)."""
    rows = _in_range(array, array.shape[1], name)
    return Listing(rows)


def line_length(head: bytes) -> int:
    """The columns on each of the first two lines of a long column list, where they hold
    as many, more than one; else 0 (one line, or lines of several lengths)."""
    lines = _first_two_lines(head)
    if lines is None:
        return 0
    first, second = (len(line.split()) for line in lines)
    return first if first == second > 1 else 0


def lists_lines(head: bytes, *, base: int = 0, width: int | None = None) -> bool:
    """Whether the first bytes of a long column list are a `list` listing: its first two
    lines hold the same number of columns, more than one, each on a board that wide."""
    lines = _first_two_lines(head)
    if lines is None:
        return False
    first, second = ([int(t) for t in line.split()] for line in lines)
    return (
        len(first) == len(second) > 1 and _fits(first, base, width) and _fits(second, base, width)
    )


def _first_two_lines(head: bytes) -> tuple[bytes, bytes] | None:
    """The first two lines of a long column list's first bytes, commas read as spaces;
    None unless a third begins (the slice may cut the second short otherwise)."""
    lines = [line for line in head.split(b"\n")[:3] if line.strip()]
    if len(lines) < 3:
        return None
    return lines[0].replace(b",", b" "), lines[1].replace(b",", b" ")


def read_lines(
    stream: BinaryIO, name: str, head: bytes, *, base: int = 0, width: int | None = None
) -> Listing:
    """A long `list` listing read a slice at a time (`head` already read): each slice
    cut at its last line's end, its numbers parsed by NumPy and its lines' numbers
    counted, so that a line of another length is named, not folded into the rows."""
    import numpy as np

    from nqueens.large.text import slices

    chunks: list[npt.NDArray[np.integer[Any]]] = []
    carry = b""
    lines_before = 0
    n = 0
    for data in slices(stream, name, head):
        text = carry + data
        cut = len(text) if not data else text.rfind(b"\n") + 1
        text, carry = text[:cut], text[cut:]
        if text:
            if _LONG_NUMBER.search(text):
                raise InvalidPlacementError(
                    _("{name}: a column is larger than any board").format(name=name)
                )
            counts = _numbers_per_line(text, name, lines_before)
            n = n or next((int(c) for c in counts if c), 0)
            wrong = np.flatnonzero((counts != 0) & (counts != n))
            if len(wrong):
                raise InvalidPlacementError(
                    _("{name}: line {line} holds {count} columns, the first {first}").format(
                        name=name, line=f"{lines_before + int(wrong[0]) + 1:,}",
                        count=int(counts[wrong[0]]), first=n,
                    )
                )  # fmt: skip
            values = np.fromstring(text.replace(b",", b" "), dtype=np.int64, sep=" ")
            chunks.append(_narrow(values.reshape(-1, n) - base))
            lines_before += len(counts)
    rows = np.concatenate(chunks) if chunks else np.zeros((0, max(n, 1)), np.int8)
    return Listing(_in_range(rows, width or n, name))


def _numbers_per_line(text: bytes, name: str, lines_before: int) -> npt.NDArray[np.intp]:
    """How many numbers each line of `text` (whole lines) holds, counted by NumPy; bytes
    that are no digit, space or comma are refused with their line."""
    import numpy as np

    data = np.frombuffer(text, np.uint8)
    digit = (data >= ord("0")) & (data <= ord("9"))
    newline = data == ord("\n")
    other = ~(digit | newline | np.isin(data, np.frombuffer(b" \t\r,", np.uint8)))
    line = np.cumsum(newline) - newline  # each byte's line, its newline included
    if other.any():
        at = int(np.argmax(other))
        raise InvalidPlacementError(
            _("{name}: line {line} is not a column list (byte {byte})").format(
                name=name,
                line=f"{lines_before + int(line[at]) + 1:,}",
                byte=repr(text[at : at + 1]),
            )
        )
    starts = digit.copy()
    starts[1:] &= ~digit[:-1]
    lines = int(newline.sum()) + (0 if text.endswith(b"\n") else 1)
    return np.bincount(line[starts], minlength=lines)


def _json_listing(text: str, base: int, width: int | None) -> Listing | None:
    """JSON (`--format json`, a list) or JSON lines (`jsonl`, an object a line): each
    entry a solution's object with its "cols" (and "solution", its number), or a list."""
    try:
        data = json.loads(text)
    except ValueError:
        try:
            data = [json.loads(line) for line in text.splitlines() if line.strip()]
        except ValueError:
            return None  # not JSON: the single placement's reader says what it is
    entries = data if isinstance(data, list) else [data]
    if entries and all(isinstance(e, int) and not isinstance(e, bool) for e in entries):
        return None  # one column list in brackets: "[1, 3, 0, 2]"
    rows: list[list[int]] = []
    labels: list[int] = []
    for k, entry in enumerate(entries):
        cols = entry.get("cols") if isinstance(entry, dict) else entry
        if not isinstance(cols, list) or not all(
            isinstance(c, int) and not isinstance(c, bool) for c in cols
        ):
            raise InvalidPlacementError(
                _("JSON entry {k} holds no placement: a list of columns, or an object "
                  "with one as its \"cols\"").format(k=k + 1)
            )  # fmt: skip
        number = entry.get("solution") if isinstance(entry, dict) else None
        labels.append(number if type(number) is int else k + 1)  # a bool is no number
        rows.append(cols)
    recorded = _json_width(entries, width)
    found = _listing(rows, tuple(labels), base, recorded or width)
    return replace(found, width=recorded) if recorded is not None else found


def _json_width(entries: list[Any], width: int | None) -> int | None:
    """The board's width the entries record (`solve MxN --format json`), the same in
    each; one that contradicts `width`, the width the reader was given, is refused."""
    widths = [e["width"] for e in entries if isinstance(e, dict) and "width" in e]
    if not widths:
        return None
    recorded = widths[0]
    if any(type(w) is not int or w != recorded or w < 1 for w in widths):
        raise InvalidPlacementError(
            _('the JSON entries\' "width" is not the same whole number of columns in each')
        )
    if width is not None and width != recorded:
        raise other_width(recorded, width)
    return int(recorded)


def other_width(recorded: int, width: int) -> InvalidPlacementError:
    """The refusal of a listing read on a board of another width than it records."""
    return InvalidPlacementError(
        _("the listing's placements are on a board {recorded} wide, not {width}").format(
            recorded=recorded, width=width
        )
    )


def _csv_listing(lines: list[str], base: int, width: int | None) -> Listing:
    """CSV (`--format csv`): a header, then a solution's number and its columns a line."""
    rows: list[list[int]] = []
    labels: list[int] = []
    for line in lines[1:]:
        fields = [field.strip() for field in line.split(",")]
        if not all(field.isdigit() for field in fields) or len(fields) < 2:
            raise InvalidPlacementError(
                _("invalid CSV line {line}: a solution's number and its columns").format(
                    line=repr(line[:40])
                )
            )
        labels.append(int(fields[0]))
        rows.append([int(field) for field in fields[1:]])
    return _listing(rows, tuple(labels), base, width)


def _board_listing(text: str, base: int, width: int | None) -> Listing | None:
    """Boards apart by blank lines, each under its heading (`Solution 3: ...`, or its
    number above a grid), and the closing summary line, which is no board: None for
    one block of text (a board, or no listing)."""
    from nqueens.placement import columns_of

    blocks = [block for block in _BLANK_LINE.split(text) if block.strip()]
    if len(blocks) < 2:
        return None
    if "\n" not in blocks[-1].strip():  # the closing line: "92 solutions for N = 8"
        try:
            columns_of(blocks[-1], base=base, width=width)
        except InvalidPlacementError:
            blocks = blocks[:-1]  # (one board and its closing line: a listing of one)
    rows: list[list[int]] = []
    for k, block in enumerate(blocks):
        try:
            rows.append(list(columns_of(block, base=base, width=width)))
        except InvalidPlacementError as error:
            if not rows:  # no board first: one placement's text, blank lines and all
                return None
            raise InvalidPlacementError(
                _("board {k} of the listing: {reason}").format(k=k + 1, reason=error)
            ) from None
    return _listing(rows, None, 0, width)  # the boards' columns are 0-based already


def _numbers(line: str) -> list[int]:
    return [int(t) for t in line.replace(",", " ").split()]


def _listing(
    rows: list[list[int]], labels: tuple[int, ...] | None, base: int, width: int | None
) -> Listing:
    """The listing of `rows` (numbered from `base`), each as long as the first."""
    import numpy as np

    if not rows:
        raise InvalidPlacementError(_("the listing holds no placement"))
    n = len(rows[0])
    for k, row in enumerate(rows):
        if len(row) != n:
            raise InvalidPlacementError(
                _("placement {k} of the listing has {count} queens, the first {first}").format(
                    k=k + 1, count=len(row), first=n
                )
            )
    try:
        array = np.array(rows, dtype=np.int64) - base
    except OverflowError:
        raise InvalidPlacementError(
            _("{name}: a column is larger than any board").format(name=_("the listing"))
        ) from None
    return Listing(_in_range(array, width or n, ""), labels)


def _in_range(rows: npt.NDArray[Any], width: int, name: str) -> npt.NDArray[np.integer[Any]]:
    """The rows as a narrow signed array, every column on a board `width` wide."""
    _check_shape(rows, name)
    on_board(rows, width, name)
    return _narrow(rows)


def _check_shape(rows: npt.NDArray[Any], name: str) -> None:
    """Refuse an array that is no listing: one not of two dimensions, or not of ints."""
    import numpy as np

    if rows.ndim != 2 or not np.issubdtype(rows.dtype, np.integer):
        raise InvalidPlacementError(
            _("{name} holds an array of {dtype}, shape {shape}: a listing is a row of "
              "whole column numbers per placement").format(
                name=name or _("the listing"), dtype=rows.dtype, shape=rows.shape
            )
        )  # fmt: skip


def on_board(rows: npt.NDArray[Any], width: int, name: str = "") -> None:
    """Refuse rows with a column off a board `width` wide (below 0 too), naming the first;
    two passes over the rows (their least and greatest) where none is."""
    import numpy as np

    if not rows.size or (int(rows.min()) >= 0 and int(rows.max()) < width):
        return
    off = (rows < 0) | (rows >= width)
    if off.any():
        k, row = (int(i) for i in np.argwhere(off)[0])
        raise InvalidPlacementError(
            _("placement {k} of {name}: column {col} in row {row} is off a board "
              "{width} wide").format(
                k=k + 1, name=name or _("the listing"), col=int(rows[k, row]), row=row,
                width=width,
            )
        )  # fmt: skip


def _narrow(rows: npt.NDArray[Any]) -> npt.NDArray[np.integer[Any]]:
    """The rows in the narrowest signed type that holds their columns."""
    import numpy as np

    top = int(rows.max()) if rows.size else 0
    low = int(rows.min()) if rows.size else 0
    for kind in (np.int8, np.int16, np.int32):
        info = np.iinfo(kind)
        if info.min <= low and top <= info.max:
            return rows.astype(kind, copy=False)
    return rows.astype(np.int64, copy=False)


def blocks_of(
    rows: npt.NDArray[Any], size: int = 1 << 18
) -> Iterator[tuple[int, npt.NDArray[Any]]]:
    """The rows a block at a time, each with its first row's place, so that work on
    them holds one block's copies."""
    for start in range(0, rows.shape[0], size):
        yield start, rows[start : start + size]


def attack_free(rows: npt.NDArray[Any], width: int) -> npt.NDArray[np.bool_]:
    """For each row of classic queens (a column per row, on a board `width` wide),
    whether no two share a column or a diagonal. Each line's queens are bits of a word
    where the lines fit in 58 bits (a square up to 29): no two share a line when their
    sum is their union (a shared bit carries); else the row's lines are sorted and no
    two neighbours may be equal."""
    import numpy as np

    n = rows.shape[1]
    wide = rows.astype(np.int64)
    index = np.arange(n, dtype=np.int64)
    free = np.ones(rows.shape[0], bool)
    for line in (wide, wide + index, wide - index + n - 1):  # each from 0
        if width + n - 1 <= 58:  # n bits below 2**58 sum below 2**64: no wrap
            bits = np.left_shift(np.uint64(1), line.astype(np.uint64))
            free &= np.bitwise_or.reduce(bits, axis=1) == bits.sum(axis=1, dtype=np.uint64)
        else:
            ordered = np.sort(line, axis=1)
            free &= (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
    return free


def distinct_rows(rows: npt.NDArray[Any], width: int) -> int:
    """How many different rows: each packed into one 64-bit word where its columns fit
    (a board up to 16 wide: every listing a file can hold), else compared whole."""
    import numpy as np

    if not len(rows):
        return 0
    bits = max(1, (width - 1).bit_length())
    if bits * rows.shape[1] > 64:
        return int(np.unique(rows, axis=0).shape[0])
    keys = np.zeros(len(rows), np.uint64)
    for column in range(rows.shape[1]):
        keys = (keys << np.uint64(bits)) | rows[:, column].astype(np.uint64)
    keys.sort()
    return 1 + int(np.count_nonzero(keys[1:] != keys[:-1]))


def canonical_rows(
    rows: npt.NDArray[Any], views: Iterable[tuple[int, int, int]], width: int
) -> npt.NDArray[Any]:
    """Each row's least image under the board's symmetries, given as `symmetry_view`
    switches (use the inverse, reverse the rows, reverse the values): the one member
    of its class that `unique` keeps, as `Placement.canonical` finds it one at a time."""
    import numpy as np

    inverse: npt.NDArray[Any] | None = None
    least = rows
    for use_inverse, reverse_rows, reverse_values in views:
        image = rows
        if use_inverse:  # a square's: the row of each column
            if inverse is None:
                inverse = np.argsort(rows, axis=1).astype(rows.dtype)
            image = inverse
        if reverse_rows:
            image = image[:, ::-1]
        if reverse_values:
            image = (width - 1) - image
        least = _lexically_least(least, image)
    return least


def _lexically_least(a: npt.NDArray[Any], b: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """Row by row, the lexicographically smaller of `a` and `b`."""
    import numpy as np

    differ = a != b
    first = differ.argmax(axis=1)
    at = np.arange(a.shape[0])
    smaller = differ[at, first] & (b[at, first] < a[at, first])
    return np.where(smaller[:, None], b, a)
