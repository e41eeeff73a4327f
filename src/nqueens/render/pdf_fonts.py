"""Fonts embedded in a PDF as TrueType outlines, whatever outlines the installed font has.

matplotlib embeds the text of a PDF (`pdf.fonttype` 42) as a TrueType (CIDFontType2)
font. A Japanese font with PostScript (CFF) outlines, as Debian's fonts-noto-cjk is, is
written into that slot all the same, and readers see the mismatch: poppler says
"Mismatch between font type and embedded font file", and some viewers draw nothing. So
for such a font, the characters the pages use are copied into a font of TrueType
outlines of their own (fontTools, which matplotlib brings: subset, then each cubic
outline turned quadratic), under a family name of its own, and the pages' text uses it
while the PDF is written. A TrueType font (IPAGothic, DejaVu Sans) is used as it is.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["has_postscript_outlines", "truetype_copy", "truetype_families"]

FAMILY = "NQueensTrueType"
"""The prefix of the families made here (one per font copied)."""


def has_postscript_outlines(path: str) -> bool:
    """Whether the font at `path` (its first face, as matplotlib reads it) draws with
    PostScript (CFF) outlines rather than TrueType ones."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    with TTFont(path, fontNumber=0, lazy=True) as font:
        return "CFF " in font or "CFF2" in font


def truetype_copy(path: str, chars: set[str], out: Path, family: str) -> None:
    """The glyphs of `chars` in the font at `path`, as a TrueType-outline font named
    `family`, written to `out`."""
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.pens.cu2quPen import Cu2QuPen  # type: ignore[import-untyped]
    from fontTools.pens.ttGlyphPen import TTGlyphPen  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(path, fontNumber=0)
    options = subset.Options()
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.layout_features = []
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes={ord(c) for c in chars})
    subsetter.subset(font)
    order = font.getGlyphOrder()
    drawn = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(drawn)
        drawn[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyphs[name] = pen.glyph()
    for table in ("CFF ", "CFF2", "VORG"):
        if table in font:
            del font[table]
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxZones",):
        setattr(maxp, field, 1)
    for field in (
        "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
        "maxStackElements", "maxSizeOfInstructions", "maxComponentElements",
    ):  # fmt: skip
        setattr(maxp, field, 0)
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font["head"].glyphDataFormat = 0
    names = font["name"]
    names.names = [record for record in names.names if record.nameID not in (1, 2, 4, 6, 16, 17)]
    for name_id, text in ((1, family), (2, "Regular"), (4, family), (6, family.replace(" ", ""))):
        names.setName(text, name_id, 3, 1, 0x409)
    font.sfntVersion = "\x00\x01\x00\x00"
    font.save(str(out))


@contextmanager
def truetype_families(figures: Sequence[Figure]) -> Iterator[None]:
    """While the block writes `figures`, their text in a PostScript-outline font uses a
    TrueType copy of the characters it shows instead (the font files are removed after)."""
    from matplotlib import font_manager
    from matplotlib.text import Text

    texts = [text for figure in figures for text in figure.findobj(Text) if text.get_text()]
    families = {family for text in texts for family in text.get_fontfamily()}
    copies: dict[str, str] = {}
    added: list[Any] = []
    before = list(font_manager.fontManager.ttflist)
    with tempfile.TemporaryDirectory(prefix="nqueens-fonts-") as folder:
        for family in sorted(families):
            path = _font_file(family)
            if path is None or not has_postscript_outlines(path):
                continue
            chars = {c for t in texts if family in t.get_fontfamily() for c in t.get_text()}
            copy = f"{FAMILY}{len(copies)}"
            out = Path(folder) / f"{copy}.ttf"
            truetype_copy(path, chars, out, copy)
            font_manager.fontManager.addfont(str(out))
            copies[family] = copy
        if not copies:
            yield
            return
        added = [entry for entry in font_manager.fontManager.ttflist if entry not in before]
        originals = {id(text): text.get_fontfamily() for text in texts}
        for text in texts:
            text.set_fontfamily([copies.get(f, f) for f in text.get_fontfamily()])
        try:
            yield
        finally:
            for text in texts:
                text.set_fontfamily(originals[id(text)])
            for entry in added:
                font_manager.fontManager.ttflist.remove(entry)
            font_manager.fontManager._findfont_cached.cache_clear()  # type: ignore[attr-defined]


def _font_file(family: str) -> str | None:
    """The file matplotlib draws `family` with, or None where it has no such family."""
    from matplotlib import font_manager

    try:
        return str(
            font_manager.findfont(
                font_manager.FontProperties(family=family), fallback_to_default=False
            )
        )
    except ValueError:
        return None
