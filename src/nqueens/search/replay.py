"""Follow a stream of search events to know the board and the counters at every step.

Traces, animations and players all draw from this, so they agree on what a step is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nqueens.search.events import Event, Place, Reject, Remove, Solution

__all__ = ["Replay"]


@dataclass
class Replay:
    """The state of a search after the events applied so far.

    `cols` holds the queens on the board, row by row (every search fills rows in
    order); `step` counts events; `nodes`, `rejects`, `backtracks` and `solutions`
    count events of each kind.
    """

    n: int
    cols: list[int] = field(default_factory=list)
    step: int = 0
    nodes: int = 0
    rejects: int = 0
    backtracks: int = 0
    solutions: int = 0

    def apply(self, event: Event) -> None:
        """Advance by one event."""
        self.step += 1
        if isinstance(event, Place):
            if event.row != len(self.cols):
                raise ValueError(f"queen placed on row {event.row}, expected {len(self.cols)}")
            self.cols.append(event.col)
            self.nodes += 1
        elif isinstance(event, Remove):
            if not self.cols or self.cols[-1] != event.col or event.row != len(self.cols) - 1:
                raise ValueError(f"no queen to remove on row {event.row}, col {event.col}")
            self.cols.pop()
            self.backtracks += 1
        elif isinstance(event, Reject):
            self.rejects += 1
        elif isinstance(event, Solution):
            self.solutions += 1

    def attacked(self) -> set[tuple[int, int]]:
        """Empty squares in the rows below the queens that some queen attacks."""
        squares = set()
        for row in range(len(self.cols), self.n):
            for r, c in enumerate(self.cols):
                for col in (c, c - (row - r), c + (row - r)):
                    if 0 <= col < self.n:
                        squares.add((row, col))
        return squares

    def rows(self, queen: str = "Q", empty: str = ".") -> list[str]:
        """The board now, one string per row; rows without a queen are empty."""
        return [empty * c + queen + empty * (self.n - c - 1) for c in self.cols] + [
            empty * self.n
        ] * (self.n - len(self.cols))
