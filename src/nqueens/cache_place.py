"""Where numba keeps the compiled kernels: a place this user can write, found before numba
is imported.

numba caches a kernel beside its source (`__pycache__`), else in the user's cache
(~/.cache/numba); where neither can be written (a system-wide install owned by root, a
user with no home or a read-only one, NUMBA_CACHE_DIR naming a file) every
`@njit(cache=True)` kernel failed at import: "cannot cache function ...: no locator
available". `choose()`, run when the package is imported, looks first and, where numba
would find no place, points NUMBA_CACHE_DIR at the first that works:
$XDG_CACHE_HOME/nqueens/numba (or ~/.cache/...), then a folder of this user's own in the
temporary folder (0700, refused when anyone else made it: cached machine code planted by
another user would run as ours), then a fresh temporary folder; where none can be
written, kernels compile without a cache. `NOTICE` says which, in one line, for the
command line to say once; worker processes inherit the choice.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path

__all__ = ["NOTICE", "choose"]

NOTICE: str | None = None
"""What `choose()` did, in one line, where it changed numba's place (None: nothing)."""

_CHOSEN = "NQUEENS_NUMBA_CACHE_CHOSEN"
"""Set in the environment once chosen, so that worker processes do not choose again."""


def choose() -> str | None:
    """Make sure numba finds a cache place it can write, or compiles without one; returns
    (and keeps in `NOTICE`) the one line that says what was done, or None."""
    global NOTICE
    if os.environ.get(_CHOSEN) or os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
        return None
    os.environ[_CHOSEN] = "1"
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given and _writable(Path(given)):
        return None
    if _writable(Path(__file__).parent / "__pycache__") or _writable(_numba_user_cache()):
        return None  # where numba itself goes next
    why = "neither this install nor your home can hold numba's cache"
    if given:
        why = f"NUMBA_CACHE_DIR={given!r} cannot be written, nor this install, nor your home"
    for place in (_user_cache(), _private_temporary()):
        if place is not None and _writable(place):
            _use(str(place))
            NOTICE = f"{why}: compiled kernels are kept in {place} (set NUMBA_CACHE_DIR to choose)"
            return NOTICE
    _no_cache()
    NOTICE = f"{why}, nor any other place: kernels are compiled afresh each run"
    return NOTICE


def _numba_user_cache() -> Path:
    """numba's own user-wide place (its appdirs: $XDG_CACHE_HOME or ~/.cache)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "numba"


def _user_cache() -> Path | None:
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        home = os.path.expanduser("~")
        if home == "~":
            return None
        base = os.path.join(home, ".cache")
    return Path(base) / "nqueens" / "numba"


def _private_temporary() -> Path | None:
    """This user's own folder in the temporary folder: made 0700, and used only when it
    is a folder (not a link) this user owns that no one else may write; else a fresh one."""
    try:
        root = tempfile.gettempdir()
    except (OSError, FileNotFoundError):
        return None
    place = Path(root) / f"nqueens-numba-{os.geteuid()}"
    try:
        place.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(place)
        if stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid() and not info.st_mode & 0o077:
            return place
        return Path(tempfile.mkdtemp(prefix="nqueens-numba-"))
    except OSError:
        return None


def _writable(place: Path) -> bool:
    """Whether numba could keep its cache in `place`: the folder, or the nearest folder
    above it that exists, takes a new file (tested by making one: permission bits say
    nothing on a read-only mount)."""
    existing = place
    while not existing.exists():
        if existing.parent == existing:
            return False
        existing = existing.parent
    if not existing.is_dir():
        return False
    try:
        with tempfile.TemporaryFile(dir=existing):
            pass
    except OSError:
        return False
    return True


def _use(place: str) -> None:
    os.environ["NUMBA_CACHE_DIR"] = place
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba imported already (by the caller): told as well
        config.CACHE_DIR = place  # type: ignore[attr-defined]


def _no_cache() -> None:
    """Kernels compiled without a cache: numba's dispatcher told to enable none."""
    from numba.core.dispatcher import Dispatcher

    Dispatcher.enable_caching = lambda self: None  # type: ignore[method-assign]


choose()  # on import, which the package does first: before any numba import
