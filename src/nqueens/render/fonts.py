"""The fonts of pictures' text: DejaVu Sans (which matplotlib ships), and in Japanese a
font with Japanese glyphs installed on the machine (Debian: fonts-ipafont-gothic, or
fonts-noto-cjk), so that no character is drawn as an empty box.

matplotlib falls back glyph by glyph along the list of families; Pillow (the films'
captions) takes one file, so in Japanese it takes the Japanese font, which has Latin
glyphs too. A character that no chosen font has warns as matplotlib does ("Glyph ...
missing from font(s) ..."), which the tests turn into an error.
"""

from __future__ import annotations

import functools
import warnings
from pathlib import Path

from nqueens.errors import BackendUnavailableError
from nqueens.i18n import _, current_language

__all__ = ["JAPANESE_FAMILIES", "LATIN", "check_glyphs", "text_font_file", "text_fonts"]

LATIN = "DejaVu Sans"
JAPANESE_FAMILIES = ("IPAGothic", "IPAPGothic", "Noto Sans CJK JP", "IPAexGothic", "TakaoGothic")
"""Families with Japanese glyphs, the first installed one taken."""
_JAPANESE_FILES = ("ipag.ttf", "ipagp.ttf", "NotoSansCJK-Regular.ttc", "ipaexg.ttf")


@functools.cache
def _japanese_family() -> str:
    from matplotlib import font_manager

    def known() -> str | None:
        names = {font.name for font in font_manager.fontManager.ttflist}
        return next((family for family in JAPANESE_FAMILIES if family in names), None)

    family = known()
    if family is None:  # installed after matplotlib built its font cache: add it now
        for path in font_manager.findSystemFonts():
            if Path(path).name in _JAPANESE_FILES:
                font_manager.fontManager.addfont(path)
        family = known()
    if family is None:
        raise BackendUnavailableError(
            _(
                "no font with Japanese glyphs is installed: install fonts-ipafont-gothic "
                "or fonts-noto-cjk (Debian), or use --lang en"
            )
        )
    return family


def text_fonts() -> list[str]:
    """The families of pictures' text in the current language, for `fontfamily=`."""
    if current_language() == "en":
        return [LATIN]
    return [LATIN, _japanese_family()]


def text_font_file(sample: str = "") -> str:
    """The font file Pillow draws text with in the current language; warns for each
    character of `sample` that it lacks."""
    from matplotlib import font_manager

    family = text_fonts()[-1]
    path = str(font_manager.findfont(font_manager.FontProperties(family=family)))
    _check_glyphs(path, family, sample)
    return path


def check_glyphs(path: str, sample: str) -> None:
    """Warn, as matplotlib does, for each character of `sample` the font at `path` lacks."""
    _check_glyphs(path, Path(path).stem, sample)


def _check_glyphs(path: str, family: str, sample: str) -> None:
    if not sample:
        return
    charmap = _charmap(path)
    for char in sorted(set(sample) - {"\n"}):
        if ord(char) not in charmap:
            warnings.warn(
                f"Glyph {ord(char)} ({char!r}) missing from font(s) {family}.",
                UserWarning,
                stacklevel=3,
            )


@functools.cache
def _charmap(path: str) -> frozenset[int]:
    from matplotlib.ft2font import FT2Font

    return frozenset(FT2Font(path).get_charmap())
