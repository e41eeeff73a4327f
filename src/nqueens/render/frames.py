"""What a picture of one moment of the search shows, derived lazily from the events.

Animations draw `Frame`s; the frames come one at a time from the event stream, so a long
search never holds more than the current board in memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from nqueens.render.trace import describe
from nqueens.search.events import Event, Reject, Solution
from nqueens.search.replay import Replay

__all__ = ["MAX_FRAMES", "Frame", "FrameLimits", "Frames", "snapshot"]

MAX_FRAMES = 1000
"""Where a film stops by default: long enough for the whole search of N <= 6, short enough
to write in seconds."""


@dataclass(frozen=True, slots=True)
class Frame:
    """The board and the counters at one step, and what just happened there.

    `reject` is the square just found attacked and the queen attacking it; `solution`
    says the board is a solution being shown; `caption` describes the step in words.
    """

    n: int
    cols: tuple[int, ...]
    attacked: frozenset[tuple[int, int]]
    reject: Reject | None
    solution: bool
    step: int
    nodes: int
    backtracks: int
    solutions: int
    caption: str

    def counters(self) -> str:
        return (
            f"step {self.step}   nodes {self.nodes}   "
            f"backtracks {self.backtracks}   solutions {self.solutions}"
        )


def snapshot(replay: Replay, event: Event | None, base: int = 0) -> Frame:
    """The frame for `replay`'s state, `event` being the step that led to it."""
    caption = " ".join(describe(event, replay, base).split()) if event else "empty board"
    return Frame(
        n=replay.n,
        cols=tuple(replay.cols),
        attacked=frozenset(replay.attacked()),
        reject=event if isinstance(event, Reject) else None,
        solution=isinstance(event, Solution),
        step=replay.step,
        nodes=replay.nodes,
        backtracks=replay.backtracks,
        solutions=replay.solutions,
        caption=caption,
    )


@dataclass(frozen=True)
class FrameLimits:
    """Where an animation stops, and how long a solution stays on screen.

    max_frames: at most this many frames (None: no limit); solutions: stop after this
    many solutions (None: the whole search); hold: frames each solution is shown for.
    """

    max_frames: int | None = MAX_FRAMES
    solutions: int | None = None
    hold: int = 8


class Frames:
    """The empty board, then one frame per event, each solution repeated `hold` times.

    Iterating produces the frames lazily and stops at `limits.max_frames` frames or after
    `limits.solutions` solutions, whichever comes first; `capped` then says whether the
    frame limit cut the search short. `count()` says how many frames there will be
    without drawing any (it runs the search once more). Captions number rows and
    columns from `base`.
    """

    def __init__(
        self,
        events: Callable[[], Iterable[Event]],
        n: int,
        limits: FrameLimits | None = None,
        base: int = 0,
    ) -> None:
        self.events = events
        self.n = n
        self.limits = limits or FrameLimits()
        self.base = base
        self.capped = False

    def _steps(self) -> Iterator[tuple[Event | None, int]]:
        """Each step of the film (None: the empty board) and how many frames it gets,
        up to the last solution wanted. The one rule that iterating and counting share."""
        yield None, 1
        found = 0
        for event in self.events():
            solution = isinstance(event, Solution)
            yield event, max(self.limits.hold, 1) if solution else 1
            found += solution
            if self.limits.solutions is not None and found >= self.limits.solutions:
                return

    def __iter__(self) -> Iterator[Frame]:
        self.capped = False
        budget = self.limits.max_frames
        shown = 0
        replay = Replay(self.n)
        for event, copies in self._steps():
            if event is not None:
                replay.apply(event)
            frame = snapshot(replay, event, self.base)
            for _ in range(copies):
                if budget is not None and shown >= budget:
                    self.capped = True
                    return
                shown += 1
                yield frame

    def count(self) -> int:
        limit = self.limits.max_frames
        count = 0
        for _event, copies in self._steps():
            count += copies
            if limit is not None and count >= limit:
                return limit
        return count
