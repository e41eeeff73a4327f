"""`nqueens worksheet`: a printable worksheet for class, as a PDF."""

from __future__ import annotations

import click

from nqueens.cli._app import _SIZE_COMMAND, _say_written, _size_argument, cli
from nqueens.cli._options import one_based_option, out_option
from nqueens.cli._types import Whole
from nqueens.messages import plural


@cli.command(**_SIZE_COMMAND)
@_size_argument
@out_option("The PDF to write (.pdf).", required=True)
@click.option(
    "--seed", type=Whole(), help="Choose the board to complete (the same seed, the same sheet)."
)
@click.option("--no-answers", is_flag=True, help="Leave out the pages of answers.")
@one_based_option
def worksheet(n: int, out: str, seed: int | None, no_answers: bool, one_based: bool) -> None:
    """Write a printable A4 worksheet (PDF, N from 4 to 12): a blank board to place N
    queens on, a board to complete, how the diagonals are numbered, its flag arrays col,
    up and down to fill in, backtracking by hand on a 4 x 4 board (its first steps and
    its tree to depth 3), and the answers on pages of their own.

    \b
    Examples:
      nqueens worksheet 6 --out sheet.pdf
      nqueens worksheet 8 --seed 3 --no-answers --out class.pdf --lang ja
      nqueens worksheet 6 --one-based --out sheet.pdf
    """
    from nqueens.visual import worksheet as make

    made = make(n, seed=seed, answers=not no_answers, one_based=one_based, out=out)
    _say_written(
        out,
        plural(
            made.pages,
            "wrote {out}: a worksheet of {count} page for {n} x {n}",
            "wrote {out}: a worksheet of {count} pages for {n} x {n}",
            out=out,
            n=made.sheet.n,
        ),
    )
