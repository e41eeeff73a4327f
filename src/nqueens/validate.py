"""Input checks shared by every entry point, so each error reads the same everywhere."""

from __future__ import annotations

import operator
import os
import re

from nqueens.errors import InvalidSizeError, SizeTooLargeError, shorten
from nqueens.i18n import N_, _
from nqueens.limits import (
    NUMBER_MAX_DIGITS,
    PLAN_MAX_WORKERS,
    WORKERS_PER_CORE,
    check_count,
    max_workers,
)
from nqueens.messages import plural

__all__ = ["board_size", "whole_number", "worker_count"]

_WHOLE = re.compile(r"\s*+(-?+\d++(?:_\d++)*+)\s*+")  # possessive: read in one pass


def whole_number(text: str, what: str) -> int | None:
    """`text` as a whole number (digits of any script, maybe a minus sign, spaces round
    them and underscores between them, as `int` reads them),
    or None when it is not one. One of more than `limits.NUMBER_MAX_DIGITS` digits is
    refused at once as too large a `what` (marked with `N_` by the caller): Python
    would take long to convert it, or refuse it with an error of its own.

    >>> whole_number(" 12 ", "board size"), whole_number("1e3", "board size")
    (12, None)
    """
    match = _WHOLE.fullmatch(text)
    if match is None:
        return None
    if len(match[1].lstrip("-").replace("_", "")) > NUMBER_MAX_DIGITS:
        raise SizeTooLargeError(
            _("{what} {value} is too large").format(what=_(what), value=shorten(match[1], 24))
        )
    return int(match[1])


def board_size(n: object) -> int:
    """Return `n` as an int if it is a usable board size (a whole number >= 1)."""
    if isinstance(n, bool):
        raise InvalidSizeError(_("board size must be a whole number, not {n}").format(n=repr(n)))
    try:
        value = operator.index(n)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidSizeError(
            _("board size must be a whole number, not {n}").format(n=repr(n))
        ) from None
    if value < 1:
        raise InvalidSizeError(_("board size must be at least 1, not {n}").format(n=value))
    return value


def worker_count(workers: object, *, planned: bool = False) -> int:
    """`workers` as a whole number from 1 to `limits.max_workers()` (to
    `limits.PLAN_MAX_WORKERS` for a plan, which starts none); None means every core of
    this machine."""
    if workers is None:
        return os.cpu_count() or 1
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidSizeError(f"workers must be a whole number of at least 1, not {workers!r}")
    if planned:
        return check_count(N_("workers"), workers, PLAN_MAX_WORKERS, N_("for a plan"))
    cores = os.cpu_count() or 1
    why = plural(
        cores,
        "{per} per core, {count} core here",
        "{per} per core, {count} cores here",
        per=WORKERS_PER_CORE,
    )
    return check_count(N_("workers"), workers, max_workers(), why)
