"""Which file formats each picture and film can be written as, named by the extension.

Kept apart from the drawing modules, which load matplotlib, so that a bad file name is
refused at once, before anything heavy is imported or any search is run.
"""

from __future__ import annotations

from pathlib import Path

from nqueens.errors import OutputFormatError, shorten

__all__ = ["ANIMATION_FORMATS", "PICTURE_FORMATS", "animation_format", "picture_format"]

PICTURE_FORMATS = ("png", "svg", "pdf")
ANIMATION_FORMATS = ("gif", "mp4", "html")
_ALIASES = {"htm": "html"}


def picture_format(path: str | Path) -> str:
    """The picture format named by the file's extension."""
    return _format(path, PICTURE_FORMATS, "picture")


def animation_format(path: str | Path) -> str:
    """The animation format named by the file's extension."""
    return _format(path, ANIMATION_FORMATS, "animation")


def _format(path: str | Path, formats: tuple[str, ...], kind: str) -> str:
    suffix = Path(path).suffix.lower().lstrip(".")
    suffix = _ALIASES.get(suffix, suffix)
    if suffix not in formats:
        names = ", ".join(f".{name}" for name in formats)
        raise OutputFormatError(
            f"cannot tell the {kind} format from {shorten(str(path))}: name it {names}"
        )
    return suffix
