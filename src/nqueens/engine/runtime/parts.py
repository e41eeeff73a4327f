"""Parts for batch schedulers: the K-th of M shares of a count's subproblems.

A share is a pure function of (subproblems, K, M): subproblem i belongs to part
i mod M + 1. Interleaving, rather than cutting the list into M runs, balances the parts:
a split lists subproblems of similar cost next to each other (the corner cases, then each
edge column, in order), so every part gets the same mix, and the sizes differ by one at
most. Every subproblem is in exactly one part, so the parts' journals merge into the
whole count (runtime/merge.py).
"""

from __future__ import annotations

import re

import numpy as np

from nqueens.engine.arrays import Indices
from nqueens.errors import InvalidPartError, shorten
from nqueens.i18n import _
from nqueens.limits import NUMBER_MAX_DIGITS
from nqueens.messages import plural
from nqueens.validate import as_whole

__all__ = ["Part", "share"]


_PART = re.compile(r"\s*+(\d++)\s*+/\s*+(\d++)\s*+")  # possessive: one pass


class Part(tuple[int, int]):
    """(K, M): the K-th of M shares, 1 <= K <= M. Its text form is "K/M"."""

    __slots__ = ()

    def __new__(cls, k: int, m: int) -> Part:
        whole_k, whole_m = as_whole(k), as_whole(m)  # never a bool, text or 1.5
        if whole_k is None or whole_m is None or not 1 <= whole_k <= whole_m:
            raise InvalidPartError(
                _("a part is K/M with 1 <= K <= M, not {k}/{m}").format(
                    k=shorten(k, 24), m=shorten(m, 24)
                )
            )
        return super().__new__(cls, (whole_k, whole_m))

    @classmethod
    def from_string(cls, text: str) -> Part:
        """Parse "K/M" (as `--part` gives it).

        >>> Part.from_string("3/4")
        Part(3, 4)
        """
        match = _PART.fullmatch(text)
        if match is None or max(len(match[1]), len(match[2])) > NUMBER_MAX_DIGITS:
            raise InvalidPartError(
                _("a part is K/M (the K-th of M shares), not {text}").format(text=shorten(text))
            )
        return cls(int(match[1]), int(match[2]))

    @classmethod
    def given(cls, part: tuple[int, int] | str | None) -> Part | None:
        """The `part` option as given to `count` ("K/M" or (K, M)) as a Part, or None."""
        if part is None or isinstance(part, Part):
            return part
        if isinstance(part, str):
            return cls.from_string(part)
        if isinstance(part, tuple | list) and len(part) == 2:
            return cls(*part)
        raise InvalidPartError(
            _("part must be 'K/M' or (K, M), such as '1/4', not {value}").format(
                value=shorten(part)
            ),
            option="part",
        )

    @property
    def k(self) -> int:
        return self[0]

    @property
    def m(self) -> int:
        return self[1]

    def __str__(self) -> str:
        return f"{self.k}/{self.m}"

    def __repr__(self) -> str:
        return f"Part({self.k}, {self.m})"

    def check(self, subproblems: int) -> None:
        """Refuse more parts than subproblems (a part with nothing to count)."""
        if self.m > subproblems:
            if subproblems == 0:  # N = 1 to 3 on some methods: all the answer is known
                reason = _("this count has no subproblems to share: count it whole")
            else:
                reason = plural(
                    subproblems,
                    "this count has only {count} subproblem, so use M <= {count}",
                    "this count has only {count} subproblems, so use M <= {count}",
                )
            error = InvalidPartError(
                _("part {part}: {reason}").format(part=self, reason=reason), option="part"
            )
            error.reason = reason
            raise error


def share(subproblems: int, part: Part) -> Indices:
    """The subproblems of `part`, in order.

    >>> share(10, Part(2, 3)).tolist()
    [1, 4, 7]
    """
    return np.arange(part.k - 1, subproblems, part.m, dtype=np.intp)
