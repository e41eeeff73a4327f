"""Which file formats each picture and film can be written as, named by the extension.

Kept apart from the drawing modules, which load matplotlib, so that a bad file name is
refused at once, before anything heavy is imported or any search is run.
"""

from __future__ import annotations

from pathlib import Path

from nqueens.errors import OutputFormatError, shorten
from nqueens.i18n import N_, _

__all__ = ["ANIMATION_FORMATS", "PICTURE_FORMATS", "animation_format", "picture_format"]

PICTURE_FORMATS = ("png", "svg", "pdf")
ANIMATION_FORMATS = ("gif", "mp4", "html")
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


def _format(path: str | Path, formats: tuple[str, ...], refusal: str) -> str:
    suffix = Path(path).suffix.lower().lstrip(".")
    suffix = _ALIASES.get(suffix, suffix)
    if suffix not in formats:
        *others, last = (f".{name}" for name in formats)
        names = _("{some} or {last}").format(some=", ".join(others), last=last)
        raise OutputFormatError(_(refusal).format(path=shorten(str(path)), names=names))
    return suffix
