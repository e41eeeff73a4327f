"""Input checks shared by every entry point, so each error reads the same everywhere."""

from __future__ import annotations

import operator
import os

from nqueens.errors import InvalidSizeError
from nqueens.limits import WORKERS_PER_CORE, check_count, max_workers

__all__ = ["board_size", "worker_count"]


def board_size(n: object) -> int:
    """Return `n` as an int if it is a usable board size (a whole number >= 1)."""
    if isinstance(n, bool):
        raise InvalidSizeError(f"board size must be a whole number, not {n!r}")
    try:
        value = operator.index(n)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidSizeError(f"board size must be a whole number, not {n!r}") from None
    if value < 1:
        raise InvalidSizeError(f"board size must be at least 1, not {value}")
    return value


def worker_count(workers: object) -> int:
    """`workers` as a whole number from 1 to `limits.max_workers()`; None means every
    core of this machine."""
    if workers is None:
        return os.cpu_count() or 1
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidSizeError(f"workers must be a whole number of at least 1, not {workers!r}")
    cores = os.cpu_count() or 1
    why = f"{WORKERS_PER_CORE} per core, {cores} {'core' if cores == 1 else 'cores'} here"
    return check_count("workers", workers, max_workers(), why)
