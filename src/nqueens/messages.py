"""Messages said in many places, each built by one function.

A message that several modules say (a refused size, a count with its noun) is worded
here once, so that its wording, and its translation, change in one place.
"""

from __future__ import annotations

from nqueens.errors import NoSolutionError
from nqueens.i18n import _, ngettext

__all__ = ["no_solution", "plural", "too_large"]


def no_solution(n: int) -> NoSolutionError:
    """The one wording of the answer "no solution", for every command and function."""
    return NoSolutionError(
        _(
            "No solution: {n} queens cannot be placed on a {n}x{n} board without two of "
            "them attacking each other."
        ).format(n=n)
    )


def plural(count: int, singular: str, plural: str, **values: object) -> str:
    """`count` with its noun: `plural(8, "{count} queen", "{count} queens")` is "8 queens".

    Both forms are spelt out (with `{count}` where the number goes) so that the catalog
    holds them as one message with its plural: "1 unique solution", "2 unique solutions".
    `values` fill the message's other fields.
    `what`, `instead` and `why` below come translated by the caller.
    """
    return ngettext(singular, plural, count).format(count=f"{count:,}", **values)


def too_large(
    n: int, what: str, limit: int, *, instead: str | None = None, why: str | None = None
) -> str:
    """The one wording of a refused size: "N = 99 is too large for `what`: use N <= `limit`",
    then ", or `instead`" (another tool or option) and " (`why`)" when given."""
    if instead:
        message = _("N = {n} is too large for {what}: use N <= {limit}, or {instead}")
    else:
        message = _("N = {n} is too large for {what}: use N <= {limit}")
    if why:
        message += _(" ({why})")
    return message.format(n=n, what=what, limit=limit, instead=instead, why=why)
