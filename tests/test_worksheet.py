"""The printable worksheet: a real PDF (read back with poppler's pdftotext and pdftoppm),
in English and Japanese, whose questions and answers agree with the board."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

import nqueens
from nqueens.cli import cli
from nqueens.errors import OutputFormatError, SizeTooLargeError
from nqueens.i18n import use_language
from tests.conftest import require_program
from tests.naive import naive_attacks
from tests.test_japanese_commands import english_words


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
    assert page_count(path) == 3
    first, second, answers = (pdf_text(path, page) for page in (1, 2, 3))
    assert "N-Queens worksheet: 6 x 6 board" in first
    assert "1. A blank board" in first and "2. A board to complete" in first
    assert first.count("\u265b") == len(made.sheet.given)  # the queens given, and no more
    assert "3. The arrays to fill in" in second
    blank = arrays_in(second + "\ncol\nup\ndown")
    assert blank == {"col": [], "up": [], "down": []}  # boxes with their indices, empty
    assert [int(x) for x in second.split("col")[-1].split()[:6]] == list(range(6))
    shown = arrays_in(answers)
    assert shown == flags(6, list(made.sheet.given))
    assert answers.count("\u265b") == 6
    require_program("pdftoppm")
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(path), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == 3
    with Image.open(pages[0]) as image:
        pixels = np.asarray(image.convert("RGB")).astype(int)
    brown = (abs(pixels - [0xB5, 0x88, 0x63]).max(axis=2) < 12).sum()
    assert brown > 500  # the dark squares of the board to complete


def test_the_pdf_in_japanese(tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    with use_language("ja"):
        made = nqueens.worksheet(7, seed=1, out=path)
    text = "\n".join(pdf_text(path, page) for page in (1, 2, 3))
    assert "N クイーンのワークシート" in text and "配列を埋める" in text and "解答" in text
    assert english_words(text) == []
    assert arrays_in(pdf_text(path, 3)) == flags(7, list(made.sheet.given))


def test_the_command_and_its_refusals(tmp_path: Path) -> None:
    out = tmp_path / "w.pdf"
    result = CliRunner().invoke(cli, ["worksheet", "5", "--out", str(out), "--no-answers"])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {out}: a worksheet of 2 pages for 5 x 5\n"
    assert page_count(out) == 2  # no page of answers
    for args, wrong in (
        (["worksheet", "5", "--out", str(tmp_path / "w.png")], ".pdf"),
        (["worksheet", "3", "--out", str(out)], "N >= 4"),
        (["worksheet", "13", "--out", str(out)], "N <= 12"),
    ):
        done = CliRunner().invoke(cli, args)
        assert done.exit_code == 2 and wrong in done.stderr and done.stderr.count("\n") == 1
    with pytest.raises(OutputFormatError):
        nqueens.worksheet(6, out=tmp_path / "x.svg")
    with pytest.raises(SizeTooLargeError):
        nqueens.worksheet(2)
