"""Input checks shared by every entry point, so each error reads the same everywhere."""

from __future__ import annotations

import operator
import os

from nqueens.errors import InvalidSizeError
from nqueens.i18n import N_, _
from nqueens.limits import PLAN_MAX_WORKERS, WORKERS_PER_CORE, check_count, max_workers
from nqueens.messages import plural

__all__ = ["board_size", "worker_count"]


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
