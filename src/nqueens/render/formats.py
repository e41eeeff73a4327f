"""Which file formats each picture and film can be written as, named by the extension.

Kept apart from the drawing modules, which load matplotlib, so that a bad file name is
refused at once, before anything heavy is imported or any search is run.
"""

from __future__ import annotations

from pathlib import Path

from nqueens.errors import OutputFormatError, shorten
from nqueens.files import check_output_place, is_stream
from nqueens.i18n import N_, _
from nqueens.validate import file_name

__all__ = [
    "ANIMATION_FORMATS",
    "BINARY_FORMATS",
    "PICTURE_FORMATS",
    "animation_format",
    "animation_output",
    "picture_format",
    "picture_output",
]

PICTURE_FORMATS = ("png", "svg", "pdf")
"""The first is the format of a stream named without an extension (`--out -`)."""
ANIMATION_FORMATS = ("gif", "mp4", "html")
BINARY_FORMATS = frozenset({"png", "pdf", "gif", "mp4", "npy"})
"""The formats that are not text: refused on a terminal."""
_ALIASES = {"htm": "html"}


def picture_format(path: str | Path) -> str:
    """The picture format named by the file's extension."""
    return _format(
        path, PICTURE_FORMATS, N_("cannot tell the picture format from {path}: name it {names}")
    )


def animation_format(path: str | Path) -> str:
    """The animation format named by the file's extension."""
    return _format(
        path, ANIMATION_FORMATS, N_("cannot tell the animation format from {path}: name it {names}")
    )


def picture_output(path: str | Path) -> str:
    """`picture_format`, with the place checked: both refused before any work."""
    return _checked(path, picture_format(path))


def animation_output(path: str | Path) -> str:
    """`animation_format`, with the place checked: both refused before any work."""
    return _checked(path, animation_format(path))


def _checked(path: str | Path, fmt: str) -> str:
    check_output_place(path, binary=fmt in BINARY_FORMATS)
    return fmt


def _format(path: str | Path, formats: tuple[str, ...], refusal: str) -> str:
    file_name(path, "out", OutputFormatError)  # 5 or None: no name, no extension
    suffix = Path(path).suffix.lower().lstrip(".")
    suffix = _ALIASES.get(suffix, suffix)
    if not suffix and is_stream(path):  # `-`, /dev/stdout, a FIFO: the first format
        return formats[0]
    if suffix not in formats:
        *others, last = (f".{name}" for name in formats)
        names = _("{some} or {last}").format(some=", ".join(others), last=last)
        raise OutputFormatError(_(refusal).format(path=shorten(str(path)), names=names))
    return suffix
