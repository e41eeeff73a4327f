"""The printable worksheet: a real PDF (read back with poppler's pdftotext, pdffonts and
pdftoppm), in English and Japanese, whose questions and answers agree with the board."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import nqueens
from nqueens.errors import InvalidSizeError, OutputFormatError, SizeTooLargeError
from nqueens.i18n import use_language
from nqueens.render.worksheet import PRINT_DARK
from tests.conftest import require_program
from tests.english import english_words
from tests.naive import naive_attacks
from tests.processes import invoke

ROOT = Path(__file__).resolve().parents[1]


def pdf_text(path: Path, page: int) -> str:
    require_program("pdftotext")
    done = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), "-layout", str(path), "-"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout


def page_count(path: Path) -> int:
    require_program("pdfinfo")
    done = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    return int(
        next(line for line in done.stdout.splitlines() if line.startswith("Pages:")).split()[1]
    )


def arrays_in(text: str) -> dict[str, list[int]]:
    """The rows `col ...`, `up ...`, `down ...` of a page, as the numbers written in them."""
    found = {}
    for line in text.splitlines():
        words = line.split()
        if words and words[0] in ("col", "up", "down") and all(w in "01" for w in words[1:]):
            found[words[0]] = [int(w) for w in words[1:]]
    return found


def flags(n: int, queens: list[tuple[int, int]]) -> dict[str, list[int]]:
    """The flag arrays of a board, worked out here."""
    return {
        "col": [int(any(c == i for _r, c in queens)) for i in range(n)],
        "up": [int(any(r + c == i for r, c in queens)) for i in range(2 * n - 1)],
        "down": [int(any(r - c + n - 1 == i for r, c in queens)) for i in range(2 * n - 1)],
    }


def test_the_questions_come_from_one_solution_and_a_seed_repeats_them() -> None:
    sheet = nqueens.worksheet(8, seed=4).sheet
    assert naive_attacks(sheet.solution) == [] and len(sheet.solution) == 8
    assert len(sheet.given) == 4 and all(sheet.solution[r] == c for r, c in sheet.given)
    assert nqueens.worksheet(8, seed=4).sheet == sheet
    assert {nqueens.worksheet(8, seed=s).sheet.given for s in range(6)} != {sheet.given}


def test_the_pdf_in_english(tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    made = nqueens.worksheet(6, seed=2, out=path)
    assert path.read_bytes() == made.pdf and made.pdf.startswith(b"%PDF-")
    assert page_count(path) == made.pages == 5
    first, second, third, answers, steps = (pdf_text(path, page) for page in range(1, 6))
    assert "N-Queens worksheet: 6 x 6 board" in first
    assert "1. A blank board" in first and "2. A board to complete" in first
    assert "3. How the diagonals are numbered" in first
    assert "up[5]" in first and "down[5]" in first  # the long diagonals, each named
    assert first.count("\u265b") == len(made.sheet.given)  # the queens given, and no more
    assert "4. The arrays to fill in" in second
    blank = arrays_in(second + "\ncol\nup\ndown")
    assert blank == {"col": [], "up": [], "down": []}  # boxes with their indices, empty
    assert [int(x) for x in second.split("col")[-1].split()[:6]] == list(range(6))
    assert "5. Backtracking by hand, on a 4 x 4 board" in third
    assert "place row 0, col 0" in third and "remove" not in third  # step 1 only, given
    assert "depth 3" in third
    shown = arrays_in(answers)
    assert shown == flags(6, list(made.sheet.given))
    assert answers.count("\u265b") == 6 + len(made.sheet.given)
    written = [line.split(maxsplit=1) for line in steps.splitlines() if line[:2].strip().isdigit()]
    assert [said for _number, said in written[:12]] == list(made.sheet.practice.steps)


def test_the_backtracking_exercise_is_the_search_on_four_squares() -> None:
    """Its steps are the search's first 12, through its first step back; its tree to
    depth 3 is the search tree's, with the dead ends where the naive check finds them."""
    practice = nqueens.worksheet(5, seed=0).sheet.practice
    assert practice is not None and practice.n == 4 and len(practice.steps) == 12
    assert practice.steps[0] == "place row 0, col 0"
    assert practice.steps[8] == "remove row 1, col 2 (no more safe squares in row 2: step back)"
    depths = [len(cols) for cols, _kind in practice.tree]
    assert [depths.count(d) for d in (1, 2, 3)] == [4, 6, 4]
    for cols, kind in practice.tree:
        assert naive_attacks(cols) == []
        safe = [c for c in range(4) if naive_attacks((*cols, c)) == []]
        assert (kind == "dead end") == (not safe), (cols, kind)


def test_the_shading_lets_pencil_show(tmp_path: Path) -> None:
    """Light squares white, dark ones lightly tinted: no square prints mid-grey (the brown
    squares did, and pencil marks vanished on them)."""
    path = tmp_path / "sheet.pdf"
    nqueens.worksheet(8, seed=1, out=path)
    require_program("pdftoppm")
    subprocess.run(["pdftoppm", "-r", "40", "-f", "1", "-l", "1", "-png", str(path),
                    str(tmp_path / "page")], check=True)  # fmt: skip
    with Image.open(next(tmp_path.glob("page-*.png"))) as image:
        pixels = np.asarray(image.convert("RGB")).astype(int)
    tint = np.array([int(PRINT_DARK[i : i + 2], 16) for i in (1, 3, 5)])
    assert (abs(pixels - tint).max(axis=2) < 6).sum() > 2000  # the tinted dark squares
    brown = (abs(pixels - [0xB5, 0x88, 0x63]).max(axis=2) < 12).sum()
    assert brown < 100  # a few pixels of the grid's lines, no brown square
    assert 0.2126 * tint[0] + 0.7152 * tint[1] + 0.0722 * tint[2] > 0.85 * 255


def test_one_based_numbers_the_boards_from_1(tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    made = nqueens.worksheet(5, seed=3, one_based=True, out=path)
    first, second, steps = pdf_text(path, 1), pdf_text(path, 2), pdf_text(path, 5)
    numbers = [line.split() for line in second.splitlines() if line.split()]
    numbers = [words for words in numbers if all(w.isdigit() for w in words)]
    assert numbers[0] == ["1", "2", "3", "4", "5"]  # the board's columns
    assert [str(i) for i in range(9)] in numbers  # up's indices: the code's, from 0
    assert "as the code does" in first
    assert made.sheet.practice.steps[0] == "place row 1, col 1" and "place row 1, col 1" in steps
    assert arrays_in(pdf_text(path, 4)) == flags(5, list(made.sheet.given))


def test_the_pdf_in_japanese(tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    with use_language("ja"):
        made = nqueens.worksheet(7, seed=1, out=path)
    text = "\n".join(pdf_text(path, page) for page in range(1, 6))
    assert "N クイーンのワークシート" in text and "配列を埋める" in text and "解答" in text
    assert english_words(text) == []
    answers = pdf_text(path, 4)
    assert "2. 盤面を完成させる" in answers and "4. 配列を埋める" in answers  # numbered
    assert arrays_in(answers) == flags(7, list(made.sheet.given))
    assert "0 行目 0 列目にクイーンを置く" in pdf_text(path, 5)


def poppler_warnings(path: Path) -> str:
    """What pdffonts and pdftotext say on standard error of the PDF at `path`."""
    require_program("pdffonts")
    said = ""
    for command in (["pdffonts", str(path)], ["pdftotext", str(path), "-"]):
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        said += done.stderr
    return said


def test_the_japanese_pdf_reads_without_poppler_warnings(tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    with use_language("ja"):
        nqueens.worksheet(6, seed=2, out=path)
    assert poppler_warnings(path) == ""


def postscript_font(path: Path, family: str) -> None:
    """A font with PostScript (CFF) outlines, as fonts-noto-cjk's are, holding a square
    glyph for every character the Japanese catalog says beyond Latin-1."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    catalog = (ROOT / "src/nqueens/locale/ja/LC_MESSAGES/nqueens.po").read_text("utf-8")
    chars = sorted({c for c in catalog if ord(c) > 0xFF})
    names = [".notdef", *(f"uni{ord(c):04X}" for c in chars)]
    charstrings = {}
    for name in names:
        pen = T2CharStringPen(1000, None)
        for x0, y0, x1, y1 in ((100, 0, 900, 100), (100, 700, 900, 800), (450, 0, 550, 800)):
            pen.moveTo((x0, y0))
            pen.curveTo((x1, y0), (x1, y0), (x1, y1))
            pen.lineTo((x0, y1))
            pen.closePath()
        charstrings[name] = pen.getCharString()
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({ord(c): f"uni{ord(c):04X}" for c in chars})
    builder.setupCFF(family, {"FullName": family}, charstrings, {})
    builder.setupHorizontalMetrics({name: (1000, 100) for name in names})
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({"familyName": family, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    builder.setupPost()
    builder.save(str(path))


def test_a_postscript_outline_japanese_font_is_embedded_as_truetype(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a Japanese font of CFF outlines (Debian's fonts-noto-cjk), matplotlib wrote it
    into the PDF's TrueType slot and poppler warned "Mismatch between font type and
    embedded font file": its characters are now embedded as a TrueType copy."""
    from matplotlib import font_manager

    from nqueens.render import fonts, pdf_fonts

    font = tmp_path / "TestGothicCFF.otf"
    postscript_font(font, "TestGothicCFF")
    font_manager.fontManager.addfont(str(font))
    monkeypatch.setattr(fonts, "_japanese_family", lambda: "TestGothicCFF")
    assert pdf_fonts.has_postscript_outlines(str(font))
    path = tmp_path / "sheet.pdf"
    try:
        with use_language("ja"):
            nqueens.worksheet(6, seed=2, out=path)
    finally:
        font_manager.fontManager.ttflist = [
            entry for entry in font_manager.fontManager.ttflist if entry.fname != str(font)
        ]
        font_manager.fontManager._findfont_cached.cache_clear()
    assert poppler_warnings(path) == ""
    listed = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True).stdout
    assert "NQueensTrueType0" in listed and "CID TrueType" in listed
    assert "配列を埋める" in pdf_text(path, 2)  # its text still reads back


def test_the_command_and_its_refusals(tmp_path: Path) -> None:
    out = tmp_path / "w.pdf"
    result = invoke("worksheet", "5", "--out", str(out), "--no-answers")
    assert result.status == 0, result.output
    assert result.stdout == f"wrote {out}: a worksheet of 3 pages for 5 x 5\n"
    assert page_count(out) == 3  # no pages of answers
    for args, wrong in (
        (["worksheet", "5", "--out", str(tmp_path / "w.png")], ".pdf"),
        (["worksheet", "3", "--out", str(out)], "N >= 4"),
        (["worksheet", "13", "--out", str(out)], "N <= 12"),
    ):
        done = invoke(*args)
        assert done.status == 2 and wrong in done.stderr and done.stderr.count("\n") == 1
    with pytest.raises(OutputFormatError):
        nqueens.worksheet(6, out=tmp_path / "x.svg")
    with pytest.raises(InvalidSizeError) as refused:  # too small, not too large
        nqueens.worksheet(2)
    assert not isinstance(refused.value, SizeTooLargeError)
