"""How many candidates a search space holds: N^N, N!, C(N^2, N).

Exact while the number is short enough to read, a power of ten beyond. The exact numbers
for large N are huge (N = 10^9 would need billions of digits), so they are never
computed there: the sizes come from logarithms.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["EXACT_DIGITS", "SpaceSize", "all_squares", "factorial", "power"]

EXACT_DIGITS = 40
"""Sizes with fewer digits than this are exact; longer ones are shown as 10^k."""


@dataclass(frozen=True)
class SpaceSize:
    """The number of candidates: `log10` always, `exact` when it has few enough digits."""

    log10: float
    exact: int | None

    def __str__(self) -> str:
        if self.exact is not None:
            return f"{self.exact:,}"
        whole = math.floor(self.log10)
        return f"about {10 ** (self.log10 - whole):.2f} x 10^{whole:,}"


def _size(log10: float, exact: int | None = None) -> SpaceSize:
    return SpaceSize(log10, exact if log10 < EXACT_DIGITS - 1 else None)


def power(n: int) -> SpaceSize:
    """N^N: one queen in each row, anywhere in it."""
    log10 = n * math.log10(n)
    return _size(log10, n**n if log10 < EXACT_DIGITS else None)


def factorial(n: int) -> SpaceSize:
    """N!: one queen in each row and each column."""
    log10 = math.lgamma(n + 1) / math.log(10)
    return _size(log10, math.factorial(n) if log10 < EXACT_DIGITS else None)


def all_squares(n: int) -> SpaceSize:
    """C(N^2, N): any N of the N^2 squares."""
    squares = n * n
    log10 = (math.lgamma(squares + 1) - math.lgamma(n + 1) - math.lgamma(squares - n + 1)) / (
        math.log(10)
    )
    return _size(log10, math.comb(squares, n) if log10 < EXACT_DIGITS else None)
