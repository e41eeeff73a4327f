"""What a finished count adds up to: its tally (a method that finds the total only gets
its unique count from Burnside's lemma), and that tally set beside the published count,
as a count, `journal` and `journal merge` each read a finished count's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from nqueens.engine.counter import Tally
from nqueens.engine.registry import METHODS, Method
from nqueens.engine.runtime.journal import JournalSummary
from nqueens.engine.runtime.verify import versus_published
from nqueens.errors import VerificationError
from nqueens.i18n import _

__all__ = ["final_tally", "journal_totals"]


def final_tally(method: Method, n: int, values: Sequence[int]) -> Tally:
    """The totals of a finished count: a method that finds the total only gets its
    unique count, P and R from Burnside's lemma (engine/symmetric.py)."""
    tally = method.tally_of(values)
    if tally.unique is not None:
        return tally
    from nqueens.engine.symmetric import symmetric_counts, unique_from

    half_turn, quarter_turn = symmetric_counts(n)
    try:
        unique = unique_from(tally.total, half_turn, quarter_turn)
    except ArithmeticError as error:
        raise VerificationError(
            _(
                "{error}: a subproblem was miscounted; recount the journal's subproblems to find it"
            ).format(error=error),
            option="verify",
        ) from None
    return replace(tally, unique=unique, half_turn=half_turn, quarter_turn=quarter_turn)


def journal_totals(summary: JournalSummary) -> tuple[Tally, bool]:
    """A finished journal's tally, and whether it matches a published count (False: N is
    past the table). One that differs raises PublishedMismatchError."""
    method = METHODS[summary.method]
    tally = final_tally(method, summary.n, list(summary.sums.values()))
    assert tally.unique is not None  # final_tally gives every method's unique count
    return tally, versus_published(summary.n, tally.total, tally.unique, method.variant)
