"""The types of the command line's numeric options: every number a user types is finite
and fits in 64 bits, or it is refused in one line before any work.

click's own `FloatRange` lets `nan` through (no comparison with it is true) and `inf`
too where there is no upper bound, and its `IntRange` takes any number of digits; a
value like that would reach NumPy, Pillow or a kernel and fail there with a traceback,
or be taken at its word (`--time-limit nan`). Every numeric option of every command
takes one of these two types (tests/test_numbers.py walks the commands to check).
"""

from __future__ import annotations

import math
from typing import Any

import click

from nqueens.errors import shorten
from nqueens.i18n import _

__all__ = ["REAL_MAX", "WHOLE_MAX", "Real", "Samples", "Whole"]

WHOLE_MAX = 2**63 - 1
"""The largest whole number an option takes where it names no bound of its own: what a
64-bit integer holds, as the kernels and NumPy take it."""


REAL_MAX = 1e9
"""The largest number an option takes where it names no bound of its own: a billion
seconds is 31 years, past any time limit meant, and short of what the clocks and locks
that wait on it take (`threading`'s waits overflow near 9.2e9)."""


class Real(click.FloatRange):
    """A finite number in a range, at most `REAL_MAX` where the range names no upper
    bound: `nan`, `inf` and numbers too large to hold (`1e400`) are refused."""

    name = "number"

    def __init__(self, min: float | None = None, max: float | None = None, **kwargs: Any) -> None:
        super().__init__(min, REAL_MAX if max is None else max, **kwargs)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            try:
                typed = float(value)
            except ValueError:  # said here, whole, in the language of the messages
                self.fail(_("{value} is not a number.").format(value=repr(value)), param, ctx)
            if not math.isfinite(typed):  # click would say inf is "not in the range x>=0"
                self.fail(_("{value} is not a finite number.").format(value=value), param, ctx)
            _within_unsaid(self, typed, REAL_MAX, value, param, ctx)
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(_("{value} is not a finite number.").format(value=value), param, ctx)
        return number

    def _describe_range(self) -> str:
        described = _range_without(self, REAL_MAX)
        return super()._describe_range() if described is None else described


class Whole(click.IntRange):
    """A whole number in a range, at most `WHOLE_MAX` where the range names no upper
    bound; one of thousands of digits is refused without being converted."""

    name = "integer"

    def __init__(self, min: int | None = None, max: int | None = None, **kwargs: Any) -> None:
        super().__init__(min, WHOLE_MAX if max is None else max, **kwargs)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and len(value.strip().lstrip("+-").replace("_", "")) > 19:
            self.fail(_("{value} is too large.").format(value=value[:24] + "..."), param, ctx)
        if isinstance(value, str):
            try:
                typed = int(value)
            except ValueError:  # said here, whole, in the language of the messages
                self.fail(_("{value} is not a whole number.").format(value=repr(value)), param, ctx)
            _within_unsaid(self, typed, WHOLE_MAX, value, param, ctx)
        return super().convert(value, param, ctx)

    def _describe_range(self) -> str:
        described = _range_without(self, WHOLE_MAX)
        return super()._describe_range() if described is None else described


class Samples(Whole):
    """How many subproblems a recount takes (`count --verify`, `journal merge --recount`):
    `all`, or a whole number from 1 up to `WHOLE_MAX` as every whole option, where a K
    past the subproblems a journal holds recounts them all, as `all` does. Past that bound
    it is refused as any whole option's number is; 0 as what is not a number."""

    name = "K|all"

    def __init__(self) -> None:
        super().__init__(min=1)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value == "all" or (isinstance(value, str) and value.strip() == "all"):
            return "all"
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            digits = str(value).strip().lstrip("+").replace("_", "")
            if digits.isdecimal() and digits.strip("0"):  # >= 1: too large, said as such
                raise
        self.fail(
            _("{value} is neither a number of subproblems >= 1 nor 'all'").format(
                value=shorten(str(value))
            ),
            param,
            ctx,
        )

    def _describe_range(self) -> str:
        return ""  # K|all: the help says both


def _within_unsaid(
    bounds: click.IntRange | click.FloatRange,
    number: float,
    default: float,
    value: str,
    param: click.Parameter | None,
    ctx: click.Context | None,
) -> None:
    """Refuse a number past the upper bound the help leaves unsaid (`default`), naming
    it: click would say "not in the range x>=0" of 1e10, which is."""
    if bounds.max == default and number > default:
        bounds.fail(
            _("{value} is more than {most}.").format(
                value=value, most=f"{default:,}" if isinstance(default, int) else f"{default:,.0f}"
            ),
            param,
            ctx,
        )


def _range_without(bounds: click.IntRange | click.FloatRange, default: float) -> str | None:
    """The range as the help shows it, leaving out the upper bound no one typed (None:
    the range's own description)."""
    if bounds.max != default:
        return None
    if bounds.min is None:
        return ""
    return f"x{'>' if bounds.min_open else '>='}{bounds.min}"
