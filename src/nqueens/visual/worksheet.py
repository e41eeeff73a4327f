"""A printable worksheet for class: the API of `nqueens worksheet`."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from nqueens.errors import OutputFormatError, SizeTooLargeError
from nqueens.files import check_output_place, is_stream, output_file
from nqueens.i18n import _
from nqueens.limits import WORKSHEET_MAX_N
from nqueens.messages import too_large
from nqueens.render.worksheet import Sheet
from nqueens.validate import board_size

__all__ = ["Worksheet", "worksheet"]


@dataclass
class Worksheet:
    """The worksheet's questions (`sheet`) and its pages as PDF bytes (`pdf`)."""

    sheet: Sheet
    pdf: bytes

    def save(self, path: str | Path) -> None:
        """Write the PDF to `path`, whole or not at all."""
        with output_file(path, binary=True) as out:
            out.write(self.pdf)


def worksheet(
    n: int, *, seed: int | None = None, answers: bool = True, out: str | Path | None = None
) -> Worksheet:
    """A printable worksheet (PDF) on an N x N board, in the language of the messages.

    Page 1: a blank board to place N queens on, and a board to complete (some rows of a
    solution). Page 2: the flag arrays `col`, `up`, `down` of that board to fill in, as
    boxes with their indices. Page 3 (`answers`): one completion and the filled arrays.

    Parameters
    ----------
    n : int
        The board size, 4 <= N <= 12 (a board a pencil can fill).
    seed : int, optional
        Chooses the solution and its rows given; the same seed, the same worksheet.
    answers : bool
        Add the page of answers.
    out : str or Path, optional
        Also write the PDF (a .pdf name), whole or not at all.

    Examples
    --------
    >>> sheet = worksheet(6, seed=1)
    >>> sheet.pdf[:5], len(sheet.sheet.given)
    (b'%PDF-', 3)
    """
    import io

    from nqueens.render.worksheet import pages, save
    from nqueens.search.bitboard import bitboard

    named = Path(out).suffix if out is not None else ""
    if out is not None and named.lower() != ".pdf" and (named or not is_stream(out)):
        raise OutputFormatError(
            _("the worksheet is a PDF: name the file .pdf, not {out}").format(out=repr(out))
        )
    n = board_size(n)
    if n > WORKSHEET_MAX_N:
        raise SizeTooLargeError(too_large(n, _("a worksheet"), WORKSHEET_MAX_N))
    if n < 4:
        raise SizeTooLargeError(
            _(
                "a worksheet needs N >= 4: N = {n} is too small for a puzzle (N = 2 and 3 have "
                "no solution, N = 1 only its one queen)"
            ).format(n=n)
        )  # fmt: skip
    if out is not None:
        check_output_place(out, binary=True)
    chance = random.Random(seed)
    solutions = [p.cols for p in bitboard(n)]
    solution = chance.choice(solutions)
    rows = sorted(chance.sample(range(n), n // 2))
    given = tuple((row, solution[row]) for row in rows)
    title = _("N-Queens worksheet: {n} x {n} board").format(n=n)
    sheet = Sheet(n, title, solution, given, given)
    buffer = io.BytesIO()
    save(pages(sheet, answers=answers), buffer)
    made = Worksheet(sheet, buffer.getvalue())
    if out is not None:
        made.save(out)
    return made
