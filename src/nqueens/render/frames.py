"""What a picture of one moment of the search shows, derived lazily from the events.

Animations draw `Frame`s; the frames come one at a time from the event stream, so a long
search never holds more than the current board in memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from nqueens.errors import SizeTooLargeError
from nqueens.i18n import _
from nqueens.limits import FILM_MAX_FRAMES
from nqueens.render.trace import _reason, describe, rules_reason
from nqueens.search.events import Event, Reject, Solution
from nqueens.search.replay import Replay
from nqueens.search.state import State

if TYPE_CHECKING:
    from nqueens.variants.rules import Rules

__all__ = ["MAX_FRAMES", "Frame", "FrameLimits", "Frames", "Segment", "attack_path", "snapshot"]

MAX_FRAMES = 1000
"""Where a film stops by default: long enough for the whole search of N <= 6, short enough
to write in seconds."""


@dataclass(frozen=True, slots=True)
class Frame:
    """The board and the counters at one step, and what just happened there.

    `reject` is the square just found attacked and the queen attacking it; `solution`
    says the board is a solution being shown; `caption` describes the step in words;
    `row` is the row the step works on (outlined; None for the empty board and a
    solution).
    On a variant's board, `kinds` tells the attacked squares that a classic queen would
    not attack: "wrap" (only round the edge) or "knight" (only by a knight's move); the
    rest are "line". `reject_kind` is how the rejecting queen attacks.
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
    kinds: dict[tuple[int, int], str] = field(default_factory=dict)
    reject_kind: str = "line"
    state: State | None = None
    row: int | None = None

    def reject_path(self) -> list[Segment]:
        """The line from the rejecting queen to the rejected square (see `attack_path`)."""
        if self.reject is None:
            return []
        square = (self.reject.row, self.reject.col)
        return attack_path(self.reject.attacker, square, self.n, self.reject_kind)

    def kind(self, square: tuple[int, int]) -> str:
        """How `square` is attacked: "line", "wrap" or "knight"."""
        return self.kinds.get(square, "line")

    def counters(self) -> str:
        return _(
            "step {step}   nodes {nodes}   backtracks {backtracks}   solutions {solutions}"
        ).format(
            step=self.step, nodes=self.nodes, backtracks=self.backtracks, solutions=self.solutions
        )


Segment = tuple[tuple[float, float], tuple[float, float]]
"""A straight piece of line between two points (x, y) of the board, x the column."""


def attack_path(
    attacker: tuple[int, int], square: tuple[int, int], n: int, kind: str = "line"
) -> list[Segment]:
    """The line from a queen on `attacker` to the `square` below it that it attacks: one
    straight segment, or for a diagonal round the edge (`kind` "wrap") two, one to the
    edge where it leaves the board, one from the edge where it comes back."""
    (by_row, by_col), (row, col) = attacker, square
    if kind != "wrap":
        return [((by_col, by_row), (col, row))]
    way = 1 if (by_col + row - by_row - col) % n == 0 else -1
    edge = n - 0.5 if way > 0 else -0.5  # where the diagonal leaves the board
    out_y = by_row + (edge - by_col) * way
    return [((by_col, by_row), (edge, out_y)), ((n - 1 - edge, out_y), (col, row))]


def snapshot(
    replay: Replay, event: Event | None, base: int = 0, rules: Rules | None = None
) -> Frame:
    """The frame for `replay`'s state, `event` being the step that led to it; the
    shading and the words follow `rules` (a variant's), or the classic rules."""
    reason = _reason if rules is None else rules_reason(rules)
    caption = describe(event, replay, base, reason) if event else _("empty board")
    reject = event if isinstance(event, Reject) else None
    kinds: dict[tuple[int, int], str] = {}
    reject_kind = "line"
    if rules is None:
        attacked = frozenset(replay.attacked())
    else:
        found = rules.attacked(replay.cols)
        attacked = frozenset(found)
        kinds = {square: kind for square, kind in found.items() if kind != "line"}
        if reject is not None:
            reject_kind = rules.attack_kind(reject.attacker, (reject.row, reject.col)) or "line"
    return Frame(
        n=replay.n,
        cols=tuple(replay.cols),
        attacked=attacked,
        kinds=kinds,
        reject_kind=reject_kind,
        reject=reject,
        solution=isinstance(event, Solution),
        step=replay.step,
        nodes=replay.nodes,
        backtracks=replay.backtracks,
        solutions=replay.solutions,
        caption=caption,
        state=event.state if event is not None else None,
        row=None if event is None or isinstance(event, Solution) else event.row,
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
    without drawing any: from `whole`, the steps and solutions of the whole search, when
    the film is the whole search and they are known; else by running `bare` (the same
    steps without their states) or the search once more. Captions number rows and
    columns from `base`; `rules` (a variant's) decide the shading and the words.
    `stateful` says the events carry the algorithm's state, for a panel beside the board.
    """

    def __init__(
        self,
        events: Callable[[], Iterable[Event]],
        n: int,
        limits: FrameLimits | None = None,
        base: int = 0,
        rules: Rules | None = None,
        *,
        stateful: bool = False,
        whole: tuple[int, int] | None = None,
        bare: Callable[[], Iterable[Event]] | None = None,
    ) -> None:
        self.events = events
        self.stateful = stateful
        self.whole, self.bare = whole, bare
        self._counted: int | None = None
        self.n = n
        self.limits = limits or FrameLimits()
        self.base = base
        self.rules = rules
        self.capped = False

    def _steps(self, events: Iterable[Event] | None = None) -> Iterator[tuple[Event | None, int]]:
        """Each step of the film (None: the empty board) and how many frames it gets,
        up to the last solution wanted. The one rule that iterating and counting share."""
        yield None, 1
        found = 0
        for event in self.events() if events is None else events:
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
            frame = snapshot(replay, event, self.base, self.rules)
            for _copy in range(copies):
                if budget is not None and shown >= budget:
                    self.capped = True
                    return
                shown += 1
                _check_length(shown)
                yield frame

    def count(self) -> int:
        """How many frames the film has, counted without drawing; a film longer than
        `limits.FILM_MAX_FRAMES` (the whole search, its solutions held long) is refused
        as soon as its count passes the bound, whatever the options."""
        if self._counted is None:
            self._counted = self._count()
        return self._counted

    def _count(self) -> int:
        limit = self.limits.max_frames
        if self.whole is not None and self.limits.solutions is None:
            steps, solutions = self.whole
            count = 1 + steps + solutions * (max(self.limits.hold, 1) - 1)
            if limit is not None:
                return min(count, limit)
            _check_length(count)
            return count
        count = 0
        for _event, copies in self._steps(self.bare() if self.bare is not None else None):
            count += copies
            if limit is not None and count >= limit:
                return limit
            _check_length(count)
        return count


def _check_length(frames: int) -> None:
    """Refuse a film past `FILM_MAX_FRAMES` as soon as its count passes it: said of the
    film, not of the number typed (`--max-frames 0` said "frames = 1,000,001")."""
    if frames > FILM_MAX_FRAMES:
        raise film_too_long()


def film_too_long() -> SizeTooLargeError:
    """The one refusal of a film past `FILM_MAX_FRAMES`, naming what cuts it."""
    return SizeTooLargeError(
        _("the film would be more than {most} frames long: cut it with a frame limit "
          "or a number of solutions").format(most=f"{FILM_MAX_FRAMES:,}"),
        option=("max_frames", "solutions"),
    )  # fmt: skip
