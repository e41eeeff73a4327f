"""Files in and out: a user's input read as text, outputs written whole or not at all.

Every command and API function that reads or writes a user's file comes through here, so
every failure reads the same (the path and the system's reason, as an `NQueensError`) and
no interrupted run leaves half a file under the name the user asked for. This module alone
decides how a name is written:

- a regular file, or a new name: to a temporary name beside it, renamed onto it when
  complete;
- a symlink: followed, and its target replaced that way, in the target's folder, but
  only where the kernel's `protected_symlinks` rule would follow it (`followed`): a link
  in a sticky folder that anyone may write to (/tmp), made by another user than you or
  the folder's owner, is refused, and so is another user's file or FIFO there, as
  `protected_regular` and `protected_fifos` refuse them: a name planted in /tmp must not
  turn an output onto another file, nor hand it to its planter;
- anything else (a character device such as /dev/null, a FIFO, a socket), and `-` or
  /dev/stdout: written in place as the output is produced, never replaced.

One module past 450 lines, on purpose: it is the one place that decides how a name is
read and written, and its parts (the checks of a place, the temporary name, the rename,
the input's decoding) apply the same decisions; split, the rule would live in several.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import glob
import os
import re
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

try:  # POSIX: a write in progress holds a lock on its temporary file
    import fcntl
except ImportError:  # pragma: no cover - elsewhere no leftover is cleared
    fcntl = None  # type: ignore[assignment]

from nqueens.errors import (
    IncompatibleOptionsError,
    InputFileError,
    InvalidPlacementError,
    InvalidSizeError,
    OutputPlaceError,
    shorten,
)
from nqueens.i18n import N_, _
from nqueens.limits import BOARD_TEXT_MAX_BYTES
from nqueens.validate import file_name

__all__ = [
    "STDOUT",
    "board_source",
    "check_output_place",
    "contents_of",
    "failure",
    "followed",
    "is_stdout",
    "is_stream",
    "name_max",
    "not_a_file",
    "output_file",
    "output_path",
    "read_board_input",
    "read_text",
    "standard_input",
    "system_reason",
]

BOM = "\ufeff"

STDOUT = "-"
"""The output name that means standard output, for every option that names an output."""

_DESCRIPTOR = re.compile(r"/(?:proc/(?:self|thread-self|(\d++))/fd|dev/fd)/(\d++)")
"""A name for a descriptor this process already holds open (/dev/stdout links to one)."""


def is_stream(path: str | Path) -> bool:
    """Whether `path` is written in place, as it is produced, rather than replaced whole:
    standard output (`-`, /dev/stdout, /dev/fd/N), or an existing thing that is not a
    regular file, reached through any symlinks: a character or block device, a FIFO, a
    socket. Replacing those would destroy them (a device node turned into a file)."""
    if _descriptor(path) is not None:
        return True
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def not_a_file(path: str | Path) -> str | None:
    """What `path` is, in words, when it is neither a regular file nor a new name: a
    standard stream, a FIFO (a named pipe), a device, a socket, a folder. None for a
    regular file (reached through any symlinks) or a name that does not exist yet.

    For what must be a file, as a journal or a TLS key is: told without opening it
    (opening a FIFO waits for a writer, forever if none comes).
    """
    descriptor = _descriptor(path)
    if descriptor is not None:
        names = {0: N_("standard input"), 1: N_("standard output"), 2: N_("standard error")}
        if descriptor in names:
            return _(names[descriptor])
        return _("the open descriptor {descriptor}").format(descriptor=descriptor)
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    kinds = [
        (stat.S_ISDIR, N_("a folder")),
        (stat.S_ISFIFO, N_("a FIFO (a named pipe)")),
        (stat.S_ISCHR, N_("a character device")),
        (stat.S_ISBLK, N_("a block device")),
        (stat.S_ISSOCK, N_("a socket")),
    ]
    if stat.S_ISREG(mode):
        return None
    found = next((kind for test, kind in kinds if test(mode)), None)
    return _(found) if found is not None else _("not a regular file")


def is_stdout(path: str | Path | None) -> bool:
    """Whether `path` names this process's standard output (`-`, /dev/stdout, /dev/fd/1):
    a command then says what it wrote on standard error, not into the data."""
    return path is not None and _descriptor(path) == 1


LINKS_MAX = 40
"""The most symlinks followed in one name, as the kernel's own limit (ELOOP beyond)."""


def followed(path: str | Path) -> Path:
    """`path` with every symlink followed (as `os.path.realpath`), refusing one that the
    kernel's `protected_symlinks` rule would not follow: a link in a sticky folder anyone
    may write to, owned by neither this user nor the folder's owner. Where the name ends
    on an existing file or FIFO there that belongs to such another user, it is refused
    too (`protected_regular`, `protected_fifos`): writing into it, or replacing it, would
    hand our output to its owner. The rule is checked here whatever the system's own
    settings, which may be off, and which root's renames never meet."""
    # joined, not `os.path.abspath`: that folds `link/..` as text, where the kernel
    # follows the link first and then goes up from its target
    pending = os.path.join(os.getcwd(), os.fspath(path)).split(os.sep)
    pending.reverse()
    resolved = os.sep
    links = 0
    while pending:
        name = pending.pop()
        if name in ("", "."):
            continue
        if name == "..":
            resolved = os.path.dirname(resolved)
            continue
        candidate = os.path.join(resolved, name)
        try:
            info = os.lstat(candidate)
        except OSError:  # what does not exist yet is taken as written
            resolved = candidate
            continue
        if not stat.S_ISLNK(info.st_mode):
            resolved = candidate
            if not pending and not stat.S_ISDIR(info.st_mode):
                _refuse_foreign(path, candidate, info, "file")
            continue
        links += 1
        if links > LINKS_MAX:
            raise OutputPlaceError(_cannot_write(shorten(str(path)), errno.ELOOP))
        _refuse_foreign(path, candidate, info, "symlink")
        target = os.readlink(candidate)
        if os.path.isabs(target):
            resolved = os.sep
        pending.extend(reversed(target.split(os.sep)))
    return Path(resolved)


def _refuse_foreign(asked: str | Path, name: str, info: os.stat_result, what: str) -> None:
    """Refuse `name` (a symlink, or the file at the end) when it lies in a sticky folder
    that anyone may write to and belongs to another user than this one and the folder's."""
    folder = os.path.dirname(name)
    try:
        place = os.stat(folder)
    except OSError:
        return
    shared = place.st_mode & stat.S_ISVTX and place.st_mode & stat.S_IWOTH
    if not shared or info.st_uid in (os.geteuid(), place.st_uid):
        return
    if what == "file" and not (stat.S_ISREG(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
        return  # a device or socket there is the system's, as the kernel's rule says
    link = shorten(name)
    said = shorten(str(asked))
    where = f"{said} ({link})" if os.fspath(asked) != name else said
    message = (
        _(
            "cannot write {name}: it is another user's file in {folder}, a shared folder "
            "anyone may write to; replacing it could overwrite another file: give another name"
        )
        if what == "file"
        else _(
            "cannot write {name}: it is another user's symlink in {folder}, a shared folder "
            "anyone may write to; following it could overwrite another file: give another name"
        )
    )
    raise OutputPlaceError(message.format(name=where, folder=shorten(folder)))


def check_output_place(path: str | Path, *, binary: bool = False) -> Path:
    """Refuse, before any work is done, a place where no output can be written.

    A file's folder must exist and take a new file: a probe file is made and removed, which
    is the only test that holds for read-only mounts, /proc and the like (permission bits
    alone say nothing to root). A symlink is judged by its target. A stream (`is_stream`)
    must be writable, and a `binary` output (PNG, GIF, .npy...) does not go to a terminal.
    Returns the path a file is finally written to (the symlink's target).
    """
    file_name(path, "out", OutputPlaceError)  # 5 would be read as descriptor 5
    name = shorten(str(path))
    if str(path) == "":
        raise OutputPlaceError(_("cannot write to an empty file name: name a file, or -"))
    if _descriptor(path) is not None:
        _check_stream(path, name, binary)
        return Path(path)
    target = followed(path)  # before anything is opened through a link
    if is_stream(target):
        _check_stream(target, name, binary)
        return target
    try:
        is_folder = target.is_dir()
    except OSError as error:  # a name too long: pathlib lets that one through
        raise OutputPlaceError(_cannot_write(name, error)) from None
    if is_folder:
        raise _a_folder(name)
    folder = target.parent
    if not folder.exists():
        raise OutputPlaceError(
            _("cannot write {name}: there is no folder {folder}").format(
                name=name, folder=shorten(str(folder))
            )
        )
    if not folder.is_dir():
        raise OutputPlaceError(
            _("cannot write {name}: {folder} is not a folder").format(
                name=name, folder=shorten(str(folder))
            )
        )
    prefix, tail = _temporary_affixes(target, ".probe")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=prefix, suffix=tail):
            pass
    except OSError as error:
        if error.errno == errno.ENOENT:  # the folder is there: it makes no files (/proc)
            raise OutputPlaceError(
                _(
                    "cannot write {name}: the folder {folder} takes no new files (the "
                    "system says: {reason})"
                ).format(name=name, folder=shorten(str(folder)), reason=system_reason(error))
            ) from None
        raise OutputPlaceError(_cannot_write(name, error)) from None
    return target


@contextmanager
def output_path(path: str | Path, *, suffix: str | None = None) -> Iterator[Path]:
    """A temporary path to write to, for writers that take a name (ffmpeg, Pillow).

    For a file: beside its target (a symlink's target), renamed onto it when the block ends
    without error, removed when it fails or is interrupted. For a stream: in a temporary
    folder, copied into the stream when complete. The temporary name keeps the extension
    (or `suffix`), for writers that read the format from it.
    """
    ending = suffix if suffix is not None else Path(path).suffix
    if is_stream(path):
        with tempfile.TemporaryDirectory(prefix="nqueens.") as folder:
            part = Path(folder) / f"part{ending}"
            yield part
            with output_file(path) as out, part.open("rb") as source:
                shutil.copyfileobj(source, out)
        return
    target = check_output_place(path)
    prefix, tail = _temporary_affixes(target, f".part{ending}")
    _clear_stale(target.parent, prefix, tail)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=prefix, suffix=tail)
    part = Path(temporary)
    try:
        if fcntl is not None:  # held while written: not stale (`_clear_stale`)
            fcntl.flock(handle, fcntl.LOCK_EX)
        part.chmod(_new_file_mode())  # as a plain open() would have made it, not mkstemp's 0600
        yield part
        _put_in_place(part, target)
    except OSError as error:
        part.unlink(missing_ok=True)
        raise OutputPlaceError(_cannot_write(shorten(str(path)), error)) from None
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    finally:
        os.close(handle)


RANDOM_LETTERS = 8
"""The letters `tempfile` puts between a temporary name's prefix and its suffix."""


def name_max(folder: str | Path) -> int:
    """The longest name, in bytes, a file in `folder` may have (255 almost everywhere)."""
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError):
        return 255


def _temporary_affixes(target: Path, tail: str) -> tuple[str, str]:
    """The prefix and suffix of a temporary name beside `target` (`.NAME.` and `tail`,
    around the random letters), short enough for the file system however long the
    target's own name (one of 250 characters is legal): the name is cut, never the
    user's, and room is left for SQLite's `-journal` beside a journal written there."""
    room = name_max(target.parent) - RANDOM_LETTERS - len(".." + "-journal") - len(tail.encode())
    stem = os.fsencode(target.stem)[: max(room, 0)].decode(errors="ignore")
    return f".{stem}.", tail


def _clear_stale(folder: Path, prefix: str, tail: str) -> None:
    """Remove what an earlier write to the same name left when it was killed outright
    (kill -9, a power cut): its temporary file, and SQLite's journal beside it. A write
    still running holds a lock on its file (`fcntl.flock`), and is left alone."""
    if fcntl is None:
        return
    pattern = glob.escape(prefix) + "?" * RANDOM_LETTERS + glob.escape(tail)
    for leftover in glob.glob(os.path.join(glob.escape(str(folder)), pattern)):
        try:
            handle = os.open(leftover, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                continue
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # locked: a write in progress
            continue
        finally:
            os.close(handle)
        for stale in (leftover, leftover + "-journal"):
            with contextlib.suppress(OSError):
                os.unlink(stale)
    for companion in glob.glob(os.path.join(glob.escape(str(folder)), pattern + "-journal")):
        if not os.path.lexists(companion.removesuffix("-journal")):
            with contextlib.suppress(OSError):
                os.unlink(companion)


def _put_in_place(part: Path, target: Path) -> None:
    """Put the finished `part` in the place of `target`, keeping an existing file's mode
    and owner, as `install` and editors do: renamed onto it when it can take them (the
    file appears whole or not at all), copied into the very file when it cannot, or when
    the file has other hard links (replacing it would cut them off)."""
    try:
        existing = os.stat(target)
    except FileNotFoundError:
        os.replace(part, target)
        return
    if existing.st_nlink == 1 and _take_owner(part, existing):
        os.chmod(part, stat.S_IMODE(existing.st_mode))
        os.replace(part, target)
        return
    shutil.copyfile(part, target)  # into the same inode: its links, mode and owner stay
    part.unlink()


def _take_owner(part: Path, existing: os.stat_result) -> bool:
    """Give `part` the owner and group of the file it replaces; False when this process
    may not (only root gives a file to another user)."""
    mine = os.stat(part)
    if (mine.st_uid, mine.st_gid) == (existing.st_uid, existing.st_gid):
        return True
    try:
        os.chown(part, existing.st_uid, existing.st_gid)
    except PermissionError:
        return False
    return True


@contextmanager
def output_file(path: str | Path, *, binary: bool = False) -> Iterator[BinaryIO]:
    """`path` opened for bytes: a file that appears under its name only when complete
    (`output_path`), or a stream written as the bytes come (`is_stream`).

    A stream's write error (no space on a full device, a reader gone from a FIFO) is an
    `OutputPlaceError`; standard output's closed pipe stays a BrokenPipeError, which ends
    a listing quietly (`| head`).
    """
    file_name(path, "out", OutputPlaceError)
    if not is_stream(path):
        with output_path(path) as part, part.open("wb") as out:
            yield out
        return
    place = check_output_place(path, binary=binary)
    descriptor = _descriptor(path)
    try:
        if descriptor == 1:
            if sys.stdout is None:  # closed by the shell (`>&-`)
                raise OutputPlaceError(_("cannot write standard output: it is closed"))
            sys.stdout.flush()
            yield sys.stdout.buffer
            sys.stdout.buffer.flush()
            return
        with _open_stream(place, descriptor) as out:
            yield out
    except BrokenPipeError:
        if descriptor == 1:
            raise
        raise OutputPlaceError(
            _("cannot write {name}: the reader went away (broken pipe)").format(
                name=shorten(str(path))
            )
        ) from None
    except OSError as error:
        raise OutputPlaceError(_cannot_write(shorten(str(path)), error)) from None


def _descriptor(path: str | Path) -> int | None:
    """The descriptor `path` names (`-` is 1; /dev/stdout, /dev/fd/N, /proc/self/fd/N and
    links to them), or None. Writing to the open descriptor, not a new open of its name,
    keeps a shell's `>>` appending and a pipe a pipe."""
    if str(path) == STDOUT:
        return 1
    name = os.path.abspath(path)
    for _hop in range(40):  # the kernel's own limit on a chain of links
        match = _DESCRIPTOR.fullmatch(name)
        if match:
            pid = match[1]
            return int(match[2]) if pid is None or int(pid) == os.getpid() else None
        try:
            link = os.readlink(name)
        except (OSError, ValueError):
            return None
        name = os.path.normpath(os.path.join(os.path.dirname(name), link))
    return None


def _check_stream(path: str | Path, name: str, binary: bool) -> None:
    descriptor = _descriptor(path)
    if descriptor is None and not os.access(path, os.W_OK):
        raise OutputPlaceError(_cannot_write(name, errno.EACCES))
    if binary and _is_terminal(path, descriptor):
        where = _("standard output") if descriptor == 1 else name
        raise OutputPlaceError(
            _(
                "cannot write binary data to a terminal ({name}): redirect it (> FILE, "
                "| program) or name a file"
            ).format(name=where)
        )


def _is_terminal(path: str | Path, descriptor: int | None) -> bool:
    if descriptor is not None:
        return os.isatty(descriptor)
    if not stat.S_ISCHR(os.stat(path).st_mode):
        return False
    try:  # only an open descriptor can say it is a terminal
        handle = os.open(path, os.O_WRONLY | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        return os.isatty(handle)
    finally:
        os.close(handle)


@contextmanager
def _open_stream(path: str | Path, descriptor: int | None) -> Iterator[BinaryIO]:
    """The stream `path` names, opened for writing in place (a socket is connected)."""
    if descriptor is not None:
        out: BinaryIO = os.fdopen(os.dup(descriptor), "wb")
    elif stat.S_ISSOCK(os.stat(path).st_mode):
        import socket

        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(str(path))
        out = connection.makefile("wb")
        connection.close()  # the file object holds its own reference
    else:
        out = open(path, "wb")  # noqa: SIM115 - closed below, its error reported
    try:
        yield out
    finally:
        out.close()


def read_board_input(argument: str) -> str:
    """The text a board argument stands for: `-` is standard input, the name of an
    existing file is that file's text, anything else is the text itself.

    A file is any name that exists and is not a folder: a regular file, and also a pipe
    or device (`nqueens check <(make-board)` passes /dev/fd/63, a pipe). An argument that
    reads as a file's name (`_names_a_missing_file`: a letter that no board text uses, in
    one word or before an extension) but names nothing is refused as a missing file,
    rather than parsed as a board ("1 3 abc 2" is board text, refused as one). Input is
    read a slice at a time: bytes that are not UTF-8, a NUL byte or more than
    `limits.BOARD_TEXT_MAX_BYTES` stop the reading with one line, so a binary file or an
    endless stream is refused without being read whole. A UTF-8 byte order mark is
    dropped.
    """
    with board_source(argument) as source:
        return argument if source is None else read_text(*source)


@contextmanager
def board_source(argument: str) -> Iterator[tuple[BinaryIO, str] | None]:
    """The open stream a board argument names and its name for messages (standard input,
    a file, a pipe), or None when the argument is the text itself (`read_board_input`
    tells them apart). For readers that take a large input a slice at a time."""
    if argument == "-":
        yield standard_input(), _("standard input")
        return
    if not argument.strip() or ("\n" in argument and not _names_a_file(argument)):
        yield None  # text, unless a file has that name (a newline is legal in a name)
        return
    path = Path(argument)
    name = shorten(argument)
    try:
        if path.is_dir():
            raise InputFileError(_("cannot read {name}: it is a folder").format(name=name))
        stream = path.open("rb") if path.exists() else None
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:  # no file has such a name: it is board text
            yield None
            return
        raise InputFileError(
            _("cannot read {name}: {reason}").format(name=name, reason=system_reason(error))
        ) from None
    if stream is not None:
        with stream:
            yield stream, name
        return
    if _names_a_missing_file(argument):
        raise InputFileError(_("cannot read {name}: there is no such file").format(name=name))
    yield None


def _names_a_missing_file(argument: str) -> bool:
    """Whether an argument that names nothing is a file's name mistyped, rather than board
    text to parse: it holds a letter no board uses, and it ends in an extension, or it has
    no dots ("Q.Z/.Q./..Q" is a board with a typo) and no more numbers standing apart, as
    a board's columns and rows do, than words ("1 3 abc 2", "0:1 1:z" are lists with a
    typo; "notes", "week 2 boards", "missing.txt" and "boards/my board.txt" are names)."""
    if not _FILE_NAME_ONLY.search(argument):
        return False
    if _has_extension(argument):
        return True
    if "." in argument:
        return False
    numbers = len(_NUMBER_APART.findall(argument))
    words = sum(1 for word in _WORD_APART.findall(argument) if _LETTER.search(word))
    return numbers <= words  # "week 2 boards": a name; "1 3 abc 2": a list with a typo


@contextmanager
def contents_of(name: str | None) -> Iterator[None]:
    """Refusals of what an input holds (a board, a placement, an instance), raised in the
    block, said with the input's name first (`'small.txt': invalid board ...`), as those of
    a long column list read a slice at a time are; as they are where `name` is None (the
    argument was the text itself). `name` is `board_source`'s, quoted."""
    try:
        yield
    except (InvalidPlacementError, InvalidSizeError, IncompatibleOptionsError) as error:
        if name is not None:  # the same error (its type, its options), its message named
            error.args = (_("{name}: {problem}").format(name=name, problem=error),)
        raise


def _names_a_file(argument: str) -> bool:
    """Whether text holding a newline is the name of an existing file (it is short
    enough to be a path, and names one)."""
    try:
        return len(argument) <= 4096 and os.path.isfile(argument)
    except (OSError, ValueError):
        return False


def standard_input() -> BinaryIO:
    """Standard input's bytes; one line when the shell closed it (`<&-`)."""
    stream = sys.stdin  # None when the shell closed it (the CLI puts /dev/null in its place)
    if stream is None:
        raise InputFileError(_("cannot read standard input: it is closed"))
    return stream.buffer


READ_SLICE = 1 << 20
"""Bytes read at a time by `read_text`."""


def read_text(
    stream: BinaryIO, name: str, most: int = BOARD_TEXT_MAX_BYTES, *, head: bytes = b""
) -> str:
    """The stream's text, decoded slice by slice (see `read_board_input`); `head` is what
    a caller already read from it."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    parts: list[str] = []
    offset = 0
    while True:
        data, head = head or stream.read(READ_SLICE), b""
        final = not data
        if offset + len(data) > most:
            raise InputFileError(
                _(
                    "cannot read {name}: it holds more than {size} of text, more than any "
                    "board this reads (give a large instance by its queens: nqueens "
                    "complete '0:0' --n N)"
                ).format(name=name, size=_size(most))
            )
        try:
            text = decoder.decode(data, final=final)
        except UnicodeDecodeError as error:
            pending = len(error.object) - len(data)  # bytes kept from the slice before
            at = offset - pending + error.start
            raise InputFileError(
                _(
                    "cannot read {name}: it is not text (byte {byte} at offset {at} is not UTF-8)"
                ).format(name=name, byte=f"{error.object[error.start]:#04x}", at=at)
            ) from None
        if "\0" in text:
            raise InputFileError(
                _("cannot read {name}: it is not text (it holds NUL bytes)").format(name=name)
            )
        parts.append(text)
        offset += len(data)
        if final:
            return "".join(parts).removeprefix(BOM)


def _size(count: int) -> str:
    """A byte count in words: 1 GiB, 512 MiB, 300 bytes."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if count >= 1 << shift and count % (1 << shift) == 0:
            return f"{count >> shift} {unit}"
    return f"{count:,} bytes"


_FILE_NAME_ONLY = re.compile(r"[^\W\dQqXxOo_]")
"""A letter that no board text holds (boards use Q, q, x and the grid's O). An argument
holding one may be a file's name (`_names_a_missing_file` says when it is)."""

_WORD = re.compile(r"\w*+")

_NUMBER_APART = re.compile(r"(?<![^\s,;:\[(])-?+\d++(?![^\s,;:\])])")
"""A number standing apart, as a column or a row:col pair's part does in board text: space,
a comma, a colon, a semicolon, a bracket or an end on each side (not "v2", "2024-notes")."""
_WORD_APART = re.compile(r"[^\s,;:\[\]()]++")
"""A word between the separators of board text (a column, a pair's part, or a name's)."""
_LETTER = re.compile(r"[^\W\d_]")
"""A letter: what makes a word no number."""


def _has_extension(name: str) -> bool:
    """Whether `name` ends in an extension: word characters after its last dot, one of
    them a letter that no board uses (in one pass, as every reader of input must be)."""
    extension = name.rpartition(".")[2]
    return bool(_WORD.fullmatch(extension) and _FILE_NAME_ONLY.search(extension))


def _new_file_mode() -> int:
    """The mode open() gives a new file: 0666 less the umask (read only when a file is
    written, not at import, since reading it means setting it)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


_REASONS = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.EROFS: N_("read-only file system"),
    errno.ENOSPC: N_("no space left on device"),
    errno.EDQUOT: N_("disk quota exceeded"),
    errno.ENAMETOOLONG: N_("file name too long"),
    errno.ENOENT: N_("no such file or directory"),
    errno.ENOTDIR: N_("not a directory"),
    errno.EISDIR: N_("is a directory"),
    errno.EIO: N_("input/output error"),
    errno.ELOOP: N_("too many levels of symbolic links"),
}
"""The system's reasons a user meets, in its own English words (those of Linux's
`strerror`) and in the reader's language; any other in the system's words."""


def system_reason(error: OSError) -> str:
    """The system's reason in words, lower-cased to read as part of a sentence."""
    if error.errno in _REASONS:
        return _(_REASONS[error.errno])
    reason = error.strerror or str(error)
    return reason[:1].lower() + reason[1:]


_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
"""Reasons a write fails for want of room: with no file named, the write was standard
output's (every file a command writes is opened by name, and named when it fails)."""


def failure(error: OSError) -> str:
    """What a system error that reached the command's end says, in the reader's language:
    the file it names and the reason ("x.txt: permission denied"), standard output's
    write that found no room, or the reason alone."""
    if error.filename:
        return _("{name}: {problem}").format(
            name=shorten(str(error.filename)), problem=system_reason(error)
        )
    if error.errno in _FULL:
        return _cannot_write(_("standard output"), error)
    reason = system_reason(error)
    return reason[:1].upper() + reason[1:]


def _a_folder(name: str) -> OutputPlaceError:
    """The refusal of an output named as a folder."""
    return OutputPlaceError(
        _("cannot write {name}: it is a folder, not a file name").format(name=name)
    )


def _cannot_write(name: str, error: OSError | int) -> str:
    """Why `name` cannot be written: an error's reason, or that of an errno."""
    reason = system_reason(error) if isinstance(error, OSError) else _(_REASONS[error])
    return _("cannot write {name}: {reason}").format(name=name, reason=reason)
