"""Input checks shared by every entry point, so each error reads the same everywhere."""

from __future__ import annotations

import math
import operator
import os
import re
from collections.abc import Mapping
from typing import Any

from nqueens.errors import (
    IncompatibleOptionsError,
    InvalidPlacementError,
    InvalidSizeError,
    NQueensError,
    SizeTooLargeError,
    shorten,
)
from nqueens.i18n import N_, _
from nqueens.limits import (
    NUMBER_MAX_DIGITS,
    PLAN_MAX_WORKERS,
    WORKERS_PER_CORE,
    check_count,
    max_workers,
)
from nqueens.messages import plural

__all__ = [
    "board_size",
    "callback_given",
    "file_name",
    "flag_given",
    "given_name",
    "is_number",
    "number_given",
    "placement_given",
    "seconds_given",
    "seed_given",
    "whole_count",
    "whole_given",
    "whole_number",
    "worker_count",
]

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


def as_whole(value: object) -> int | None:
    """`value` as a Python int where it is a whole number (an int, or a NumPy integer:
    what `operator.index` takes), else None: never a bool, which Python's int would call
    0 or 1, nor 1.5. The one reading of the API's whole numbers; each caller words its
    own refusal."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def board_size(n: object) -> int:
    """Return `n` as an int if it is a usable board size (a whole number >= 1)."""
    value = as_whole(n)
    if value is None:
        raise InvalidSizeError(_("board size must be a whole number, not {n}").format(n=repr(n)))
    if value < 1:
        raise InvalidSizeError(_("board size must be at least 1, not {n}").format(n=value))
    return value


def worker_count(workers: object, *, planned: bool = False, option: str = "workers") -> int:
    """`workers` as a whole number from 1 to `limits.max_workers()` (to
    `limits.PLAN_MAX_WORKERS` for a plan, which starts none); None means every core of
    this machine. A bound broken names the argument `option` (`cluster worker`'s is
    nworkers)."""
    if workers is None:
        return os.cpu_count() or 1
    workers = whole_count(workers, "workers")
    if planned:
        return check_count(
            N_("workers"), workers, PLAN_MAX_WORKERS, N_("for a plan"), option=option
        )
    cores = os.cpu_count() or 1
    why = plural(
        cores,
        "{per} per core, {count} core here",
        "{per} per core, {count} cores here",
        per=WORKERS_PER_CORE,
    )
    return check_count(N_("workers"), workers, max_workers(), why, option=option)


def whole_given(value: Any, what: str, least: int = 1) -> Any:
    """`value` as an int where it is a whole number (None stays None), for the caller to
    bound in its own words; anything else (text, 1.5, a bool) refused as `whole_count`
    refuses it, before a comparison would raise TypeError."""
    return None if value is None else _whole(value, what, least)


def _whole(value: object, what: str, least: int) -> int:
    """`value` as an int, or the one refusal of what is no whole number."""
    number = as_whole(value)
    if number is None:
        raise InvalidSizeError(
            _("{what} must be a whole number of at least {least}, not {value}").format(
                what=what, least=least, value=shorten(value)
            )
        )
    return number


def seed_given(value: object, what: str = "seed") -> int:
    """`value` as an int where it is a whole number of either sign (a seed, which any
    whole number makes reproducible); text, 1.5 or a bool refused in one line, before
    arithmetic on it would fail with Python's own words."""
    number = as_whole(value)
    if number is None:
        raise InvalidSizeError(
            _("{what} must be a whole number, not {value}").format(what=what, value=shorten(value)),
            option=what,
        )
    return number


def callback_given(value: Any, what: str) -> Any:
    """`value` where it is None or something to call (a function told of progress): any
    other would fail only when first called, deep in the work, as "not callable"."""
    if value is not None and not callable(value):
        raise IncompatibleOptionsError(
            _("{what} must be a function (or None), not {value}").format(
                what=what, value=shorten(value)
            ),
            option=what,
        )
    return value


def is_number(value: object) -> bool:
    """Whether `value` is a real number as the API takes one: an int or a float, never
    a bool (which Python counts as an int) nor text."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def number_given(value: Any, what: str) -> Any:
    """`value` where it is a real number (an int or a float, not a bool), for the caller
    to bound; anything else refused in one line."""
    if not is_number(value):
        raise InvalidSizeError(
            _("{what} must be a number, not {value}").format(what=what, value=shorten(value))
        )
    return value


def whole_count(value: object, what: str, least: int = 1) -> int:
    """`value` as a whole number of at least `least`, read as N is (an int or a NumPy
    integer: what `operator.index` takes; never a bool), named `what` in the message."""
    number = _whole(value, what, least)
    if number < least:
        raise InvalidSizeError(
            _("{what} must be at least {least}, not {value}").format(
                what=what, least=least, value=number
            )
        )
    return number


def seconds_given(value: object, what: str) -> float:
    """`value` as a finite number of seconds more than 0 (never a bool), named `what`."""
    if not is_number(value) or not 0 < value < math.inf:  # type: ignore[operator]  # nan too
        raise InvalidSizeError(
            _("{what} must be a number of seconds more than 0, not {value}").format(
                what=what, value=shorten(value)
            )
        )
    return float(value)  # type: ignore[arg-type]


def file_name(value: object, what: str, error: type[NQueensError] = InvalidSizeError) -> None:
    """Refuse a `what` that is no file name: a str or a path (os.PathLike), not bytes or a
    number (Python would say only "expected str, bytes or os.PathLike object")."""
    text = os.fspath(value) if isinstance(value, os.PathLike) else value
    if not isinstance(text, str):
        raise error(
            _("{what} must be a file name (a str or a pathlib.Path), not {value}").format(
                what=what, value=shorten(value)
            ),
            option=what,
        )


def kind_given(
    value: object,
    kind: type | tuple[type, ...],
    what: str,
    expected: str,
    error: type[NQueensError] = IncompatibleOptionsError,
) -> None:
    """Refuse a `what` that is not `expected` (words, translated by the caller; an
    instance of `kind`): the wrong type would fail deep inside, with an AttributeError
    that names neither the argument nor what it takes."""
    if not isinstance(value, kind):
        raise error(
            _("{what} must be {expected}, not {value}").format(
                what=what, expected=expected, value=shorten(value)
            ),
            option=what,
        )


def flag_given(value: object, what: str) -> bool:
    """`value` as True or False where it is one (a NumPy bool too): "no" or 2 was taken
    for True, read by its truth."""
    kind = type(value)
    if kind is not bool and not (kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")):
        raise InvalidSizeError(
            _("{what} must be True or False, not {value}").format(what=what, value=shorten(value)),
            option=what,
        )
    return bool(value)


def given_name(value: object, what: str) -> None:
    """Refuse a `what` (a method, a variant) that is not text: a list or a dict would
    end in "unhashable type"."""
    if not isinstance(value, str):
        raise InvalidSizeError(
            _("{what} must be a name (text), not {value}").format(what=what, value=shorten(value)),
            option=what,
        )


def placement_given(value: object) -> None:
    """Refuse what is no placement at all (None, a number), before its length is asked:
    text, a Placement, a sequence of columns or a NumPy array. A dict (read by its keys
    as columns 0, 1, ...) and bytes (read as character codes, 49 for '1') are refused
    too, as `Placement` refuses them."""
    if isinstance(value, str):
        return
    ordered = not isinstance(value, bytes | bytearray | Mapping)
    if ordered and hasattr(value, "__len__") and hasattr(value, "__getitem__"):
        if len(value) == 0:  # not a board of size 0
            raise InvalidPlacementError(_("a placement needs at least one row"))
        return
    raise InvalidPlacementError(
        _(
            "a placement is text (such as '0 4 7 5 2 6 1 3'), a Placement, a sequence of "
            "column numbers or a NumPy array, not {value}"
        ).format(value=shorten(value))
    )
