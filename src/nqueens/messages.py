"""Messages said in many places, each built by one function.

A message that several modules say (a refused size, a count with its noun) is worded
here once, so that its wording, and its translation, change in one place.
"""

from __future__ import annotations

__all__ = ["plural", "too_large"]


def plural(count: int, singular: str, plural: str) -> str:
    """`count` with its noun: `plural(8, "{count} queen", "{count} queens")` is "8 queens".

    Both forms are spelt out (with `{count}` where the number goes) so that each is a
    message of its own: "1 unique solution", "2 unique solutions".
    """
    return (singular if count == 1 else plural).format(count=f"{count:,}")


def too_large(
    n: int, what: str, limit: int, *, instead: str | None = None, why: str | None = None
) -> str:
    """The one wording of a refused size: "N = 99 is too large for `what`: use N <= `limit`",
    then ", or `instead`" (another tool or option) and " (`why`)" when given."""
    message = f"N = {n} is too large for {what}: use N <= {limit}"
    if instead:
        message += f", or {instead}"
    if why:
        message += f" ({why})"
    return message
