"""A printable worksheet for class: the API of `nqueens worksheet`."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from nqueens.errors import InvalidSizeError, OutputFormatError, SizeTooLargeError
from nqueens.files import check_output_place, is_stream, output_file
from nqueens.i18n import _
from nqueens.limits import WORKSHEET_MAX_N
from nqueens.messages import too_large
from nqueens.render.worksheet import Practice, Sheet
from nqueens.validate import board_size, file_name

__all__ = ["Worksheet", "worksheet"]


@dataclass
class Worksheet:
    """The worksheet's questions (`sheet`), its pages as PDF bytes (`pdf`) and how many
    pages it has (`pages`)."""

    sheet: Sheet
    pdf: bytes
    pages: int

    def save(self, path: str | Path) -> None:
        """Write the PDF to `path`, whole or not at all."""
        with output_file(path, binary=True) as out:
            out.write(self.pdf)


PRACTICE_N = 4
"""The board of the backtracking exercise: its tree to depth 3 has 15 nodes, a drawing a
student finishes by hand, and its first backtrack comes at step 9."""
PRACTICE_STEPS = 12
"""The steps of the exercise to write down: through the first backtrack and beyond."""


def worksheet(
    n: int,
    *,
    seed: int | None = None,
    answers: bool = True,
    one_based: bool = False,
    out: str | Path | None = None,
) -> Worksheet:
    """A printable A4 worksheet (PDF) on an N x N board, in the language of the messages.

    Page 1: a blank board to place N queens on, a board to complete (some rows of a
    solution), and how the diagonals are numbered (up[a+b], down[a-b+N-1]). Page 2: the
    flag arrays `col`, `up`, `down` of that board to fill in, as boxes with their
    indices. Page 3: backtracking by hand on a 4 x 4 board, its first 12 steps to write
    down and its tree to draw to depth 3. With `answers`, two pages of answers: one
    completion, the filled arrays, the steps and the tree.

    Parameters
    ----------
    n : int
        The board size, 4 <= N <= 12 (a board a pencil can fill).
    seed : int, optional
        Chooses the solution and its rows given; the same seed, the same worksheet.
    answers : bool
        Add the pages of answers.
    one_based : bool
        Number the boards' rows and columns from 1 (the arrays' indices stay those of
        the code, from 0).
    out : str or Path, optional
        Also write the PDF (a .pdf name), whole or not at all.

    Examples
    --------
    >>> sheet = worksheet(6, seed=1)
    >>> sheet.pdf[:5], len(sheet.sheet.given)
    (b'%PDF-', 3)
    >>> sheet.sheet.practice.steps[8]
    'remove row 1, col 2 (no more safe squares in row 2: step back)'
    """
    import io

    from nqueens.render.worksheet import pages, save
    from nqueens.search import bitboard

    if out is not None:
        file_name(out, "out", OutputFormatError)
    named = Path(out).suffix if out is not None else ""
    if out is not None and named.lower() != ".pdf" and (named or not is_stream(out)):
        raise OutputFormatError(
            _("the worksheet is a PDF: name the file .pdf, not {out}").format(out=repr(out))
        )
    n = board_size(n)
    if n > WORKSHEET_MAX_N:
        raise SizeTooLargeError(too_large(n, _("a worksheet"), WORKSHEET_MAX_N))
    if n < 4:
        raise InvalidSizeError(
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
    base = 1 if one_based else 0
    sheet = Sheet(n, title, solution, given, given, base, _practice(base))
    buffer = io.BytesIO()
    figures = pages(sheet, answers=answers)
    save(figures, buffer)
    made = Worksheet(sheet, buffer.getvalue(), len(figures))
    if out is not None:
        made.save(out)
    return made


def _practice(base: int) -> Practice:
    """The backtracking exercise: the first steps of the search on the small board, in
    the trace's words, and its tree to depth 3."""
    from nqueens.render.trace import trace_lines
    from nqueens.search import ALGORITHMS
    from nqueens.search_tree import tree

    events = ALGORITHMS["backtracking"].events(PRACTICE_N)
    lines = trace_lines(events, PRACTICE_N, base=base, limit=PRACTICE_STEPS)
    steps = tuple(line.split(maxsplit=1)[1] for line in list(lines)[:PRACTICE_STEPS])
    nodes = tuple(
        (node.cols, node.kind) for node in tree(PRACTICE_N).nodes() if 1 <= node.depth <= 3
    )
    return Practice(PRACTICE_N, steps, nodes)
