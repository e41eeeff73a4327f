"""A long list of column numbers read into an array, a slice at a time: the text is never
held whole, and the array is of the narrowest signed type that holds the numbers. Here,
below the library, so that `columns` (a user's placement) and the completion's batch (an
instance's text) read a column list one way.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, BinaryIO

from nqueens.errors import InvalidPlacementError
from nqueens.files import READ_SLICE
from nqueens.i18n import _
from nqueens.limits import (
    BOARD_TEXT_MAX_BYTES,
    CHECK_ARRAY_FROM_N,
    COLUMN_LIST_MIN_CHARS,
    NUMBER_MAX_DIGITS,
)

if TYPE_CHECKING:
    from nqueens.large import Columns

__all__ = ["COLUMN_BYTES", "long_column_list", "read_column_list", "slices"]

_SEPARATORS = b" \t\n\r\f\v,"
COLUMN_BYTES = b"0123456789" + _SEPARATORS
"""The bytes a column list is made of: a first slice of nothing else is read as one."""
_COLUMN_LIST = re.compile(r"[0-9 \t\n\r\f\v,]*+")
_LONG_NUMBER = re.compile(rb"\d{%d}" % (NUMBER_MAX_DIGITS + 1))


def long_column_list(text: str) -> Columns | None:
    """A long column list as an array (for the O(N) check); None for anything else."""
    if len(text) < COLUMN_LIST_MIN_CHARS or not _COLUMN_LIST.fullmatch(text):
        return None
    import io

    values = read_column_list(io.BytesIO(text.encode()), "")
    return values if values.size > CHECK_ARRAY_FROM_N else None


def read_column_list(stream: BinaryIO, name: str, head: bytes = b"") -> Columns:
    """The numbers of a column list read a slice at a time (`head` already read), each
    slice parsed by NumPy into a chunk of the array: the text is never held whole.
    `name` is the file's, for messages ("" for text given as such)."""
    import numpy as np

    said = _("invalid column list {name}").format(name=name) if name else _("invalid column list")
    columns = _Growing()
    carry = b""  # the digits of a number cut by the end of a slice
    offset = 0
    for data in slices(stream, name, head):
        offset += len(data)
        junk = data.translate(None, COLUMN_BYTES)
        if junk:
            at = offset - len(data) + data.index(junk[:1])
            raise InvalidPlacementError(
                _("{name}: byte {byte} at offset {at} is no column number, comma or space").format(
                    name=said, byte=repr(junk[:1]), at=at
                )
            )
        text = carry + data
        cut = len(text) if not data else max(text.rfind(c) for c in _SEPARATORS) + 1
        text, carry = text[:cut], text[cut:]
        long_number = _LONG_NUMBER.search(text) or _LONG_NUMBER.search(carry)
        if long_number is not None:
            raise InvalidPlacementError(
                _("{name}: the number {digits}... is larger than any column").format(
                    name=said, digits=long_number.group().decode()
                )
            )
        if text.translate(None, _SEPARATORS):  # some digits (NumPy reads none as a 0)
            columns.extend(np.fromstring(text.replace(b",", b" "), dtype=np.int64, sep=" "))
    return columns.array()


def slices(stream: BinaryIO, name: str, head: bytes = b"") -> Iterator[bytes]:
    """The stream's bytes a slice at a time (`head` first: what the caller read of it
    already), then one empty slice at its end; past `BOARD_TEXT_MAX_BYTES`, one line,
    so that an endless stream is refused, not held."""
    read = 0
    while True:
        data, head = head or stream.read(READ_SLICE), b""
        read += len(data)
        if read > BOARD_TEXT_MAX_BYTES:
            raise InvalidPlacementError(
                _("cannot read {name}: it holds more than {size} GiB").format(
                    name=name, size=BOARD_TEXT_MAX_BYTES >> 30
                )
            )
        yield data
        if not data:
            return


class _Growing:
    """An array that grows in place as chunks come (`ndarray.resize`, which the C
    library does without a copy for a large block): never two copies of it at once. It
    is of the narrowest signed type that holds every number so far, widened when a
    larger one comes (a copy, once a type): a byte a queen for a list of single digits
    (2 bytes of text each: 8 bytes in int64 made the array 4 times the file), four for
    the columns of any board a file can hold. Signed, so that `-= base` stays exact."""

    def __init__(self) -> None:
        import numpy as np

        self.data: Any = np.zeros(1 << 16, np.int8)
        self.size = 0

    def extend(self, chunk: Columns) -> None:
        import numpy as np

        if chunk.size:
            top = int(chunk.max())
            if top > np.iinfo(self.data.dtype).max:
                wider = next(t for t in _WIDER if top <= np.iinfo(t).max)
                self.data = self.data.astype(wider)
        end = self.size + chunk.size
        if end > self.data.size:
            self.data.resize(max(end, self.data.size * 3 // 2), refcheck=False)
        self.data[self.size : end] = chunk
        self.size = end

    def array(self) -> Columns:
        self.data.resize(self.size, refcheck=False)
        result: Columns = self.data
        return result


_WIDER = ("int16", "int32", "int64")
