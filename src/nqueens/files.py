"""Files in and out: a user's input read as text, outputs written whole or not at all.

Every command and API function that reads or writes a user's file comes through here, so
every failure reads the same (the path and the system's reason, as an `NQueensError`) and
no interrupted run leaves half a file under the name the user asked for: an output is
written to a temporary name beside its target and renamed onto it when complete.
"""

from __future__ import annotations

import errno
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from nqueens.errors import InputFileError, OutputPlaceError, shorten

__all__ = ["check_output_place", "output_file", "output_path", "read_board_input"]

BOM = "\ufeff"


def check_output_place(path: str | Path) -> Path:
    """Refuse, before any work is done, a place where no file can be written.

    The folder must exist and take a new file: a probe file is made and removed, which is
    the only test that holds for read-only mounts, /proc and the like (permission bits
    alone say nothing to root).
    """
    target = Path(path)
    name = shorten(str(path))
    if str(path) == "" or target.is_dir():
        raise OutputPlaceError(f"cannot write {name}: it is a folder, not a file name")
    folder = target.parent
    if not folder.exists():
        raise OutputPlaceError(f"cannot write {name}: there is no folder {shorten(str(folder))}")
    if not folder.is_dir():
        raise OutputPlaceError(f"cannot write {name}: {shorten(str(folder))} is not a folder")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=f".{target.name}.", suffix=".probe"):
            pass
    except OSError as error:
        raise OutputPlaceError(f"cannot write {name}: {_reason(error)}") from None
    return target


@contextmanager
def output_path(path: str | Path) -> Iterator[Path]:
    """A temporary path beside `path` to write to; renamed onto `path` when the block ends
    without error, removed when it fails or is interrupted.

    The temporary name keeps the extension, for writers (ffmpeg) that read the format
    from it.
    """
    target = check_output_place(path)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.stem}.", suffix=f".part{target.suffix}"
    )
    os.close(handle)
    part = Path(temporary)
    part.chmod(_new_file_mode())  # as a plain open() would have made it, not mkstemp's 0600
    try:
        yield part
        os.replace(part, target)
    except OSError as error:
        part.unlink(missing_ok=True)
        raise OutputPlaceError(f"cannot write {shorten(str(path))}: {_reason(error)}") from None
    except BaseException:
        part.unlink(missing_ok=True)
        raise


@contextmanager
def output_file(path: str | Path) -> Iterator[BinaryIO]:
    """`output_path`, opened for bytes: a file that appears under `path` only when complete."""
    with output_path(path) as part, part.open("wb") as out:
        yield out


def read_board_input(argument: str) -> str:
    """The text a board argument stands for: `-` is standard input, the name of an
    existing file is that file's text, anything else is the text itself.

    An argument that can only be a file name (one line holding a letter that no board
    text uses) but names no file is refused as a missing file, rather than parsed as a
    board. A UTF-8 byte order mark is dropped; bytes that are not UTF-8 are refused.
    """
    if argument == "-":
        return _decode(sys.stdin.buffer.read(), "standard input")
    if "\n" in argument or not argument.strip():
        return argument
    path = Path(argument)
    name = shorten(argument)
    try:
        if path.is_dir():
            raise InputFileError(f"cannot read {name}: it is a folder")
        if path.is_file():
            return _decode(path.read_bytes(), name)
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:  # no file has such a name: it is board text
            return argument
        raise InputFileError(f"cannot read {name}: {_reason(error)}") from None
    if _FILE_NAME_ONLY.search(argument) and (
        "." not in argument or _FILE_EXTENSION.search(argument)
    ):
        raise InputFileError(f"cannot read {name}: there is no such file")
    return argument


_FILE_NAME_ONLY = re.compile(r"[^\W\dQqXxOo_]")
"""A letter that no board text holds (boards use Q, q, x and the grid's O). An argument
holding one is a file's name, unless it has dots and no extension ("Q.Z/.Q./..Q" is a
board with a typo, "missing.txt" and "notes" are names)."""

_FILE_EXTENSION = re.compile(r"\.\w*[^\W\dQqXxOo_]\w*$")


def _decode(data: bytes, name: str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputFileError(
            f"cannot read {name}: it is not text (byte {data[error.start]:#04x} at offset "
            f"{error.start} is not UTF-8)"
        ) from None
    if "\0" in text:
        raise InputFileError(f"cannot read {name}: it is not text (it holds NUL bytes)")
    return text.removeprefix(BOM)


def _new_file_mode() -> int:
    """The mode open() gives a new file: 0666 less the umask (read only when a file is
    written, not at import, since reading it means setting it)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _reason(error: OSError) -> str:
    """The system's reason in words, lower-cased to read as part of a sentence."""
    reason = error.strerror or str(error)
    return reason[:1].lower() + reason[1:]
