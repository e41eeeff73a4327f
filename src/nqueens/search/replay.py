"""Follow a stream of search events to know the board and the counters at every step.

Traces, animations, the player and the desktop viewer all draw from this, so they agree
on what a step is. Every event can be undone, which is what stepping backwards needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from nqueens.search.events import Event, Place, Reject, Remove, Solution

__all__ = ["Replay", "Stepper"]


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

    def undo(self, event: Event) -> None:
        """Step back over `event`, the last event applied."""
        if isinstance(event, Place):
            if not self.cols or self.cols[-1] != event.col or event.row != len(self.cols) - 1:
                raise ValueError(f"cannot undo placing row {event.row}, col {event.col}")
            self.cols.pop()
            self.nodes -= 1
        elif isinstance(event, Remove):
            if event.row != len(self.cols):
                raise ValueError(f"cannot undo removing row {event.row}, col {event.col}")
            self.cols.append(event.col)
            self.backtracks -= 1
        elif isinstance(event, Reject):
            self.rejects -= 1
        elif isinstance(event, Solution):
            self.solutions -= 1
        self.step -= 1

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


class Stepper:
    """Walk a search forwards and backwards, pulling new events only when needed.

    The events seen so far are kept (a viewer steps back through them); the search
    itself runs lazily, one event at a time, as the user moves past what was seen.
    `event` is the event that led to the current state (None at the start).
    """

    def __init__(self, n: int, events: Iterable[Event]) -> None:
        self.replay = Replay(n)
        self.history: list[Event] = []
        self.solution_steps: list[int] = []
        self._source: Iterator[Event] = iter(events)
        self.finished = False

    @property
    def position(self) -> int:
        return self.replay.step

    @property
    def event(self) -> Event | None:
        return self.history[self.position - 1] if self.position else None

    def _pull(self) -> bool:
        """Fetch one more event from the search; False when it has ended."""
        if self.finished:
            return False
        event = next(self._source, None)
        if event is None:
            self.finished = True
            return False
        self.history.append(event)
        if isinstance(event, Solution):
            self.solution_steps.append(len(self.history))
        return True

    def forward(self) -> bool:
        """One step on; False at the end of the search."""
        if self.position == len(self.history) and not self._pull():
            return False
        self.replay.apply(self.history[self.position])
        return True

    def back(self) -> bool:
        """One step back; False at the start."""
        if not self.position:
            return False
        self.replay.undo(self.history[self.position - 1])
        return True

    def go_to(self, step: int) -> bool:
        """Move to `step`, or as near as the search goes; False when short of it."""
        while self.position > max(step, 0) and self.back():
            pass
        while self.position < step and self.forward():
            pass
        return self.position == step

    def next_solution(self) -> bool:
        """Move on to the next solution; False (at the end) when there is none."""
        later = [s for s in self.solution_steps if s > self.position]
        if later:
            self.go_to(later[0])
            return True
        while self.forward():
            if isinstance(self.event, Solution):
                return True
        return False
