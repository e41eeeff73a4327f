"""Places an output goes besides a plain file, made in a test's own folder: device nodes
(a null-like c 1 3 and a full-like c 1 7, never the real /dev); and `only`, that a
folder holds the names it should and no temporary file beside them."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

NULL, FULL = (1, 3), (1, 7)


def make_device(path: Path, numbers: tuple[int, int]) -> Path:
    """A character device node at `path`. Only root (CAP_MKNOD) can make one, and no
    user namespace lets anyone else, so a run without it cannot test devices (the FIFO
    and socket cases still test writing in place)."""
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(*numbers))
    except PermissionError:
        pytest.skip("making a device node needs root (CAP_MKNOD)")
    return path


def is_char_device(path: Path) -> bool:
    return stat.S_ISCHR(os.lstat(path).st_mode)


def only(folder: Path, *names: str) -> None:
    """`folder` holds these names and nothing else: no temporary file was left."""
    assert sorted(p.name for p in folder.iterdir()) == sorted(names)
