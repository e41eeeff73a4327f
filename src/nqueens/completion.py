"""Complete a board with queens already fixed, or prove that it cannot be done.

The n-Queens completion problem is NP-complete, a standard benchmark for constraint
solvers. This search fills the most constrained empty row first (the one with the fewest
free squares), which finds completions quickly and proves most impossible boards after
little search. Columns and diagonals are bitsets held in Python integers, so the same
code serves N = 8 and N = 1000; a time limit turns a search that would not end into an
honest "unknown".
"""

from __future__ import annotations

import random
import re
import sys
import time
from dataclasses import dataclass
from typing import Literal

from nqueens.errors import InvalidPlacementError, InvalidSizeError
from nqueens.placement import Placement
from nqueens.validate import board_size

__all__ = ["Completion", "Partial", "complete"]


@dataclass(frozen=True)
class Partial:
    """An N x N board with some queens fixed: `fixed[row] = column`.

    Examples
    --------
    >>> Partial.from_string("Q.../..../..../....").fixed
    {0: 0}
    >>> Partial.from_string("0:1 3:2", n=4).fixed
    {0: 1, 3: 2}
    """

    n: int
    fixed: dict[int, int]

    def __post_init__(self) -> None:
        board_size(self.n)
        for row, col in self.fixed.items():
            if not (0 <= row < self.n and 0 <= col < self.n):
                raise InvalidPlacementError(
                    f"the queen on row {row}, col {col} is off the {self.n}x{self.n} board"
                )
        rows = sorted(self.fixed)
        for i, r1 in enumerate(rows):
            for r2 in rows[i + 1 :]:
                c1, c2 = self.fixed[r1], self.fixed[r2]
                if c1 == c2 or abs(c1 - c2) == r2 - r1:
                    how = "column" if c1 == c2 else "diagonal"
                    raise InvalidPlacementError(
                        f"the fixed queens on row {r1}, col {c1} and row {r2}, col {c2} "
                        f"attack each other (same {how})"
                    )

    @classmethod
    def from_string(cls, text: str, *, n: int | None = None, base: int = 0) -> Partial:
        """Board rows of `Q` (fixed queen) and `.` (empty), or `row:col` pairs with `n`."""
        stripped = text.strip()
        if re.fullmatch(r"(\s*-?\d+\s*:\s*-?\d+\s*[,;]?)+", stripped):
            if n is None:
                raise InvalidSizeError("row:col pairs need the board size: give --n N")
            fixed: dict[int, int] = {}
            for row_text, col_text in re.findall(r"(-?\d+)\s*:\s*(-?\d+)", stripped):
                row, col = int(row_text) - base, int(col_text) - base
                if row in fixed:
                    raise InvalidPlacementError(f"row {row + base} is given twice")
                fixed[row] = col
            return cls(board_size(n), fixed)
        rows = [line.replace(" ", "") for line in re.split(r"[\n/;]", stripped) if line.strip()]
        if not rows:
            raise InvalidPlacementError("empty board: give rows such as 'Q.../..../..../....'")
        size = len(rows)
        fixed = {}
        for row, line in enumerate(rows):
            if len(line) != size or set(line) - set("Qq.·・_-"):
                raise InvalidPlacementError(
                    f"row {row} of the board is {line!r}: rows need {size} squares of "
                    "Q (a fixed queen) or . (empty)"
                )
            queens = [col for col, mark in enumerate(line) if mark in "Qq"]
            if len(queens) > 1:
                raise InvalidPlacementError(f"row {row} has {len(queens)} queens")
            if queens:
                fixed[row] = queens[0]
        if n is not None and n != size:
            raise InvalidSizeError(f"the board has {size} rows but --n says {n}")
        return cls(size, fixed)


@dataclass(frozen=True)
class Completion:
    """The answer: `solved` with a placement, `impossible`, or `unknown` (time ran out).

    With counting, `count` is the number of completions (None when unknown).
    """

    status: Literal["solved", "impossible", "unknown"]
    placement: Placement | None
    count: int | None
    nodes: int
    time: float


FIRST_BUDGET = 2000
"""Nodes the first attempt may visit; each restart doubles it."""


class _OutOfTime(Exception):
    pass


class _OutOfBudget(Exception):
    pass


def complete(
    partial: Partial, *, count: bool = False, time_limit: float | None = None, seed: int = 0
) -> Completion:
    """Find a completion of `partial` (or count them all), within `time_limit` seconds.

    Rows are filled most constrained first (ties broken at random), columns tried from
    the middle of the row outwards (with a little random jitter): edge squares attack
    least of the board's middle but are most often dead ends. If an attempt runs long,
    the next one starts over with another draw and twice the node budget, which cuts off
    the long unlucky searches backtracking is prone to. An attempt that ends within its
    budget is a proof, so "impossible" is always exact. Counting is one full search.
    `seed` makes the answer reproducible.

    Examples
    --------
    >>> done = complete(Partial(8, {0: 0}))
    >>> done.status, done.placement.is_valid, done.placement.cols[0]
    ('solved', True, 0)
    >>> complete(Partial(4, {0: 0})).status
    'impossible'
    >>> complete(Partial(6, {}), count=True).count
    4
    """
    n = partial.n
    full = (1 << n) - 1
    cols = [-1] * n
    taken = up = down = 0  # columns; diagonals r + c; diagonals c - r + n - 1
    for row, col in partial.fixed.items():
        cols[row] = col
        taken |= 1 << col
        up |= 1 << (row + col)
        down |= 1 << (col - row + n - 1)
    empty = [row for row in range(n) if cols[row] < 0]
    start = time.perf_counter()
    deadline = start + time_limit if time_limit is not None else None
    nodes = 0
    found = 0
    first: list[int] | None = None
    budget: int | None = None  # nodes this attempt may visit
    attempt_start = 0  # nodes visited before this attempt
    draw = random.Random(seed)

    def free(row: int, taken: int, up: int, down: int) -> int:
        return full & ~(taken | (up >> row) | (down >> (n - 1 - row)))

    def search(left: list[int], taken: int, up: int, down: int) -> bool:
        """True when the search may stop (a completion found and not counting)."""
        nonlocal nodes, found, first
        if not left:
            found += 1
            if first is None:
                first = list(cols)
            return not count
        nodes += 1
        if deadline is not None and nodes % 512 == 0 and time.perf_counter() > deadline:
            raise _OutOfTime
        if budget is not None and nodes - attempt_start > budget:
            raise _OutOfBudget
        best, best_free, best_size = -1, 0, n + 1
        for row in left:  # the most constrained row first, ties at random
            options = free(row, taken, up, down)
            size = options.bit_count()
            if size < best_size or (size == best_size and draw.random() < 0.5):
                best, best_free, best_size = row, options, size
                if size == 0:
                    return False  # a row with no free square: dead end
        rest = [row for row in left if row != best]
        for col in _columns(best_free, n, draw):
            bit = 1 << col
            cols[best] = col
            if search(
                rest, taken | bit, up | (1 << (best + col)), down | (1 << (col - best + n - 1))
            ):
                return True
        cols[best] = -1
        return False

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, len(empty) + 200))  # one level per empty row
    try:
        attempt = 0
        while True:  # restarts; the last one to finish within its budget is exact
            budget = None if count else FIRST_BUDGET * 2**attempt
            attempt_start = nodes
            try:
                search(empty, taken, up, down)
                break
            except _OutOfBudget:
                attempt += 1
                for row in empty:
                    cols[row] = -1
    except _OutOfTime:
        elapsed = time.perf_counter() - start
        placement = Placement(tuple(first)) if first is not None else None
        status: Literal["solved", "impossible", "unknown"] = "unknown"
        if placement is not None and not count:
            status = "solved"
        return Completion(status, placement, None, nodes, elapsed)
    finally:
        sys.setrecursionlimit(limit)
    elapsed = time.perf_counter() - start
    if first is None:
        return Completion("impossible", None, 0 if count else None, nodes, elapsed)
    return Completion("solved", Placement(tuple(first)), found if count else None, nodes, elapsed)


def _columns(options: int, n: int, draw: random.Random) -> list[int]:
    """The free columns of a bitset, middle first, with a little jitter."""
    columns = []
    while options:
        bit = options & -options
        options ^= bit
        columns.append(bit.bit_length() - 1)
    middle = (n - 1) / 2
    columns.sort(key=lambda c: abs(c - middle) + draw.random())
    return columns
