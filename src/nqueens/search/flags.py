"""Column and diagonal flag arrays (seeds 000, 002 and 003).

Three arrays say which lines are taken: `column[c]`, `up[r + c]` (the / diagonals) and
`down[r - c + N - 1]` (the \\ diagonals), so testing a square costs three lookups instead
of a pass over the earlier queens. Two forms: recursive, and with an explicit stack of
saved positions (seed 003); both yield exactly the same events in the same order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from nqueens.placement import Placement, Square
from nqueens.search.common import attacker, run
from nqueens.search.events import Event, Observer, Place, Reject, Remove, SearchStats, Solution
from nqueens.search.recording import flag_row
from nqueens.search.state import Structure

__all__ = ["flags", "flags_stack"]


def flags(
    n: int, *, stats: SearchStats | None = None, observer: Observer | None = None
) -> Iterator[Placement]:
    """All solutions by recursive backtracking over flag arrays."""
    return run(raw_flags, n, stats, observer)


def flags_stack(
    n: int, *, stats: SearchStats | None = None, observer: Observer | None = None
) -> Iterator[Placement]:
    """All solutions by the same search with an explicit stack instead of recursion."""
    return run(raw_flags_stack, n, stats, observer)


class _Board:
    """The flag arrays and the queens, with the moves both forms share."""

    def __init__(self, n: int, stats: SearchStats) -> None:
        self.n = n
        self.cols = [0] * n
        self.column = [False] * n
        self.up = [False] * (2 * n - 1)
        self.down = [False] * (2 * n - 1)
        self.stats = stats

    def is_free(self, row: int, col: int) -> bool:
        self.stats.checks += 1
        return not (self.column[col] or self.up[row + col] or self.down[row - col + self.n - 1])

    def attacker(self, row: int, col: int) -> Square:
        """Who attacks a square the flags call taken (looked up only for observers)."""
        found = attacker(self.cols, row, col)
        assert found is not None, "flags and queens disagree"
        return found

    def place(self, row: int, col: int) -> None:
        self.cols[row] = col
        self._mark(row, col, True)
        self.stats.nodes += 1

    def remove(self, row: int, col: int) -> None:
        self._mark(row, col, False)
        self.stats.backtracks += 1

    def _mark(self, row: int, col: int, taken: bool) -> None:
        self.column[col] = taken
        self.up[row + col] = taken
        self.down[row - col + self.n - 1] = taken


def raw_flags(n: int, stats: SearchStats, observe: bool) -> Iterator[tuple[int, ...] | Event]:
    board = _Board(n, stats)

    def place_row(row: int) -> Iterator[tuple[int, ...] | Event]:
        for col in range(n):
            if not board.is_free(row, col):
                if observe:
                    yield Reject(row, col, board.attacker(row, col))
                continue
            board.place(row, col)
            if observe:
                yield Place(row, col)
            if row + 1 < n:
                yield from place_row(row + 1)
            else:
                yield tuple(board.cols)
            board.remove(row, col)
            if observe:
                yield Remove(row, col)

    return place_row(0)


def raw_flags_stack(n: int, stats: SearchStats, observe: bool) -> Iterator[tuple[int, ...] | Event]:
    board = _Board(n, stats)
    row, col = 0, 0  # the square to try next; board.cols[:row] is the stack
    while True:
        if col < n:
            if not board.is_free(row, col):
                if observe:
                    yield Reject(row, col, board.attacker(row, col))
                col += 1
                continue
            board.place(row, col)
            if observe:
                yield Place(row, col)
            if row + 1 < n:
                row, col = row + 1, 0
                continue
            yield tuple(board.cols)
        elif row == 0:
            return
        else:
            row -= 1
            col = board.cols[row]
        board.remove(row, col)
        if observe:
            yield Remove(row, col)
        col += 1


def _square(event: Event) -> Square | None:
    return None if isinstance(event, Solution) else (event.row, event.col)


def record_flags(event: Event, variables: Mapping[str, Any], n: int) -> tuple[Structure, ...]:
    """The three flag arrays, with the cells the step's square reads (seed 000's names)."""
    board: _Board = variables["board"]
    square = _square(event)
    if square is None:
        reads: tuple[list[int], ...] = ([], [], [])
        notes = ("col[b]", "up[a+b]", "down[a-b+N-1]")
    else:
        a, b = square
        reads = ([b], [a + b], [a - b + n - 1])
        notes = (
            f"col[b] = col[{b}]",
            f"up[a+b] = up[{a}+{b}] = up[{a + b}]",
            f"down[a-b+N-1] = down[{a}-{b}+{n - 1}] = down[{a - b + n - 1}]",
        )
    arrays = (board.column, board.up, board.down)
    return tuple(
        flag_row(name, values, read, note)
        for name, values, read, note in zip(
            ("col", "up", "down"), arrays, reads, notes, strict=True
        )
    )


def record_flags_stack(event: Event, variables: Mapping[str, Any], n: int) -> tuple[Structure, ...]:
    """The flag arrays and the stack of saved positions, `board.cols[:row]` (seed 003),
    the queen just placed included."""
    board: _Board = variables["board"]
    height = variables["row"] + (1 if isinstance(event, Place | Solution) else 0)
    saved = tuple(f"({r},{board.cols[r]})" for r in range(height))
    top = (height - 1,) if height else ()
    return (*record_flags(event, variables, n), Structure("stack", saved, top, (), "(row,col)"))
