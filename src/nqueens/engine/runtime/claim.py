"""A running count's hold on its journal, so that one count writes a journal at a time:
a lock that another process meets (naming the process that holds it, where this user may
see it), and this process's own table for a second count in another thread."""

from __future__ import annotations

import os
import struct
import threading
from pathlib import Path

from nqueens.errors import JournalError, shorten
from nqueens.i18n import _

__all__ = ["Claim"]

try:  # POSIX: a count holds a lock on its journal while it runs
    import fcntl
except ImportError:  # pragma: no cover - elsewhere a second count is not detected
    fcntl = None  # type: ignore[assignment]

_CLAIM_BYTE = (1 << 30) + 4096
"""The byte a count locks in its journal while it runs: beyond the bytes SQLite locks
(from 2^30, 512 of them), where SQLite stores nothing. The lock is an open file
description's (Linux's F_OFD_SETLK, elsewhere `flock`): SQLite's own record locks,
which it drops over the whole file at each commit, would drop a process's lock too."""

_claimed: set[tuple[int, int]] = set()
"""The journals this process counts into now, by device and inode (a second count in
the same process, another thread, is told here)."""
_claimed_lock = threading.Lock()


class Claim:
    """A running count's hold on its journal: a lock another process meets, and this
    process's own table. A journal is created here, empty, so that the lock holds from
    the very start."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
        self.key: tuple[int, int] | None = None
        try:
            info = os.fstat(self.handle)
            key = (info.st_dev, info.st_ino)
            with _claimed_lock:
                if key in _claimed:
                    raise JournalError(
                        _(
                            "journal {path} is in use by another count in this process: give "
                            "each count its own journal, or wait for that one"
                        ).format(path=path)
                    )
                _claimed.add(key)
            self.key = key
            if not _lock(self.handle):
                raise JournalError(
                    _(
                        "journal {path} is in use by a running count ({holder}): wait for it "
                        "to finish, or stop it and run this command again to resume"
                    ).format(path=path, holder=_holder(key))
                )
        except BaseException:
            self.release()
            raise

    def release(self) -> None:
        """Let the journal go (closing the descriptor releases the lock)."""
        if self.key is not None:
            with _claimed_lock:
                _claimed.discard(self.key)
            self.key = None
        if self.handle >= 0:
            os.close(self.handle)
            self.handle = -1


def _lock(handle: int) -> bool:
    """Take the count's lock on the open journal; False when another holds it."""
    if fcntl is None:  # pragma: no cover - no locks: a second count is not detected
        return True
    ofd = getattr(fcntl, "F_OFD_SETLK", None)
    try:
        if ofd is not None:
            wanted = struct.pack("hhqqi", fcntl.F_WRLCK, os.SEEK_SET, _CLAIM_BYTE, 1, 0)
            fcntl.fcntl(handle, ofd, wanted + bytes(8))
        else:  # pragma: no cover - not Linux
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _holder(key: tuple[int, int]) -> str:
    """The process that holds the journal, in words: one of this machine's processes
    that has it open (as `fuser` finds it; its id and command line), where this user
    may see it."""
    me = os.getpid()
    try:
        pids = sorted(int(name) for name in os.listdir("/proc") if name.isdecimal())
    except OSError:
        pids = []
    for pid in pids:
        if pid == me:
            continue
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                found = os.stat(f"/proc/{pid}/fd/{fd}")
                if (found.st_dev, found.st_ino) == key:
                    return _("process {pid}: {command}").format(pid=pid, command=_command_of(pid))
        except OSError:
            continue
    return _("in another process, of another user or on another machine")


def _command_of(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            words = f.read().rstrip(b"\0").split(b"\0")
    except OSError:
        return "?"
    return shorten(" ".join(os.fsdecode(w) for w in words), 80)
