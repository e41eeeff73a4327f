"""Watching the seeds' code run: the line tracer that turns it into steps.

The teaching algorithms are plain functions (`nqueens.search.seeds`): the code a student
reads is the code that runs, with nothing in it that reports a step. A `Watch` says, for
one of them, which line's end makes which step: when `col[b] = ... = NOT_FREE` has run,
a queen stands on (a, b); when the test `if col[b] == FREE and ...` has run and the next
line is not its block, the square was rejected. A line tracer (`sys.monitoring` where
Python has it, 3.12 on; `sys.settrace` on 3.11) tells the watch each line that finished
in the function's frames, and the watch reads that frame's variables to make the step
and its `State` (the recorder), so the line a step names is the line that just ran.

How a reader reads a run lazily, and stops it, without threads: a run is cut into
chunks. Each chunk is a fresh run of the plain function under the tracer, which skips
the steps already read (counting them, building nothing), keeps the next ones, and
raises `Paused` out of the function when it has enough; the search is deterministic, so
every run takes the same steps. The chunks grow (x4 from 1,024 steps: the runs stop
after 1,024, 5,120, 21,504, ... steps), so a reader of the whole stream pays about 4/3
of one run, and one that stops at step P at most about five runs to P (the last chunk
runs ahead of it); the states are built once, for the steps kept. A reader that stops
(a step limit, a first solution, a closed window) leaves nothing running: the next
chunk is simply never run. Ctrl-C raises inside the running function and leaves it like
any exception (a frame unwinding makes no step); the tracer is removed in a `finally`.

The fast path is the same function with no tracer at all: `found`, the function's own
way of handing over a solution, collects the solutions, in chunks the same way (the
first 4,096, then x8, or exactly as many as a limit asks), and raises `Paused` when it
has them. A plain run counts no work: whoever wants the nodes and checks step by step
watches the run; `compare`, which wants a whole search's time, runs it plain once and
takes its work from the tree's shape (`nqueens.search.shape`).
"""

from __future__ import annotations

import inspect
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from nqueens.placement import Placement
from nqueens.search.events import Event, Place, Remove, SearchStats, Solution
from nqueens.search.shape import PRUNED, SQUARES
from nqueens.search.state import State, Structure

__all__ = [
    "FIRST_SOLUTIONS",
    "FIRST_STEPS",
    "Counts",
    "Legend",
    "Paused",
    "Recorder",
    "Run",
    "Watch",
    "plain_solutions",
    "watched_steps",
]

FIRST_STEPS = 1024
"""The steps a watched stream reads in its first run; each later run reads 4 times more."""
FIRST_SOLUTIONS = 4096
"""The solutions a plain stream collects in its first run; each later run 8 times more."""

Recorder = Callable[[Event, dict[str, Any], int, "Counts"], tuple[Structure, ...]]
"""(event, the frame's variables at that step, N, the counts so far) -> the structures
after the step."""
Legend = Callable[[Event, int], str]
"""(event, N) -> how to read the structures after that step, in words."""


class Paused(Exception):
    """A run stops where its reader has what it asked for (never seen outside)."""


@dataclass
class Counts:
    """The work a watched run has done so far: what `SearchStats` reports."""

    nodes: int = 0
    checks: int = 0
    backtracks: int = 0
    solutions: int = 0

    def into(self, stats: SearchStats) -> None:
        stats.nodes, stats.checks = self.nodes, self.checks
        stats.backtracks, stats.solutions = self.backtracks, self.solutions


class Watch:
    """How one plain search's lines make steps: `finished(run, frame, line, following)`
    is told each line of its frames that has run (`following` is the next line of that
    frame, 0 when the frame returns) and calls `run.check()` and `run.step(...)`.

    `function` is the plain search, `(n, found)`; `recursion` the name of its function
    that recurses, whose frames give a step's recursion depth (None: a loop, depth 1);
    `tree` and `checks` the shape of its tree and what it counts as a check
    (`nqueens.search.shape`).
    Its lines are found by their text (`line`), so that a line edited in the seed's code
    and forgotten here fails at import rather than watching the wrong line.
    """

    def __init__(
        self,
        function: Callable[..., object],
        recorder: Recorder,
        legend: Legend | None = None,
        recursion: str | None = None,
        *,
        tree: str = PRUNED,
        checks: str = SQUARES,
    ) -> None:
        self.function, self.recorder, self.legend = function, recorder, legend
        self.recursion, self.tree, self.checks = recursion, tree, checks
        self.def_line = inspect.getsourcelines(function)[1]  # line 1 as the code is shown

    def finished(self, run: Run, frame: types.FrameType, line: int, following: int) -> None:
        raise NotImplementedError

    def line(self, text: str) -> int:
        """The number of the one line of the function whose code (comment aside) is
        `text`."""
        return line_of(self.function, text)

    def codes(self) -> frozenset[types.CodeType]:
        """The code of the function and of every function defined in it."""
        found = set()
        todo = [self.function.__code__]
        while todo:
            code = todo.pop()
            found.add(code)
            todo.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
        return frozenset(found)


def line_of(function: Callable[..., object], text: str) -> int:
    """The number of the one line of `function` whose code, comment aside, is `text`."""
    lines, first = inspect.getsourcelines(function)
    found = [first + i for i, line in enumerate(lines) if _code_part(line) == text]
    if len(found) != 1:
        raise LookupError(f"{function.__name__} has {len(found)} lines {text!r}")
    return found[0]


def _code_part(line: str) -> str:
    code = line.split("  # ", 1)[0] if "  # " in line else line
    return code.strip()


@dataclass
class Run:
    """One watched run of a plain search: every step counted, those from `start` kept
    (with their `State` when `states`), paused once `stop` steps are taken or at the
    `until`-th solution."""

    watch: Watch
    n: int
    start: int = 0
    stop: int | None = None
    states: bool = False
    until: int | None = None
    counts: Counts = field(default_factory=Counts)
    taken: int = 0
    kept: list[tuple[Event, Counts]] = field(default_factory=list)
    resumed: float = 0.0
    note: Any = None
    """What a watch keeps between two lines of a run (the row a check function stopped at)."""

    def check(self) -> None:
        """One safety test made."""
        self.counts.checks += 1

    def step(self, event: Event, frame: types.FrameType, line: int) -> None:
        """A step of the search, made by `line` of `frame` (a line of its file), which is
        paused just after it."""
        counts = self.counts
        if isinstance(event, Place):
            counts.nodes += 1
        elif isinstance(event, Remove):
            counts.backtracks += 1
        elif isinstance(event, Solution):
            counts.solutions += 1
        self.taken += 1
        if self.taken > self.start:
            if self.states:
                event = replace(event, state=self._state(event, frame, line))
            self.kept.append((event, replace(counts)))
        elif self.taken == self.start:
            self.resumed = time.perf_counter()
        if self.stop is not None and self.taken >= self.stop:
            raise Paused
        if self.until is not None and counts.solutions >= self.until:
            raise Paused

    def _state(self, event: Event, frame: types.FrameType, line: int) -> State:
        watch = self.watch
        structures = watch.recorder(event, frame.f_locals, self.n, self.counts)
        legend = watch.legend(event, self.n) if watch.legend is not None else ""
        shown = line - watch.def_line + 1  # numbered as the code is shown, from its `def`
        return State(structures, shown, self._depth(frame), legend)

    def _depth(self, frame: types.FrameType | None) -> int:
        name = self.watch.recursion
        if name is None:
            return 1
        depth = 0
        while frame is not None:
            depth += frame.f_code.co_name == name
            frame = frame.f_back
        return depth

    def go(self) -> bool:
        """Run the function under the tracer; True when it ran to its end."""
        self.resumed = time.perf_counter()
        try:
            _traced(self, self.watch.codes(), lambda: self.watch.function(self.n, _ignore))
        except Paused:
            return False
        return True


def _ignore(board: object) -> None:
    """`found` for a watched run: the watch sees the solution on the line that calls it."""


def watched_steps(
    watch: Watch,
    n: int,
    stats: SearchStats | None = None,
    *,
    states: bool = False,
    solutions: int | None = None,
) -> Iterator[Event]:
    """Every step of the plain search (up to its `solutions`-th solution), lazily, read in
    chunks of fresh runs; `stats` follows the steps read (and, at the end, the whole
    run's work)."""
    stats = stats if stats is not None else SearchStats()
    start, size = 0, FIRST_STEPS
    while True:
        run = Run(watch, n, start, start + size, states, solutions)
        finished = run.go()
        stats.time += time.perf_counter() - run.resumed
        for event, counts in run.kept:
            counts.into(stats)
            yield event
        if finished or run.taken < start + size:  # the end, or the last solution asked
            if finished:
                run.counts.into(stats)
            return
        start, size = start + size, size * 4


@dataclass
class _Collect:
    """`found` for a plain run: skips the first `skip` solutions, keeps the next ones and
    pauses the run when it holds `take`."""

    skip: int
    take: int | None
    seen: int = 0
    kept: list[tuple[int, ...]] = field(default_factory=list)
    resumed: float = 0.0

    def __call__(self, board: list[int]) -> None:
        self.seen += 1
        if self.seen <= self.skip:
            if self.seen == self.skip:
                self.resumed = time.perf_counter()
            return
        self.kept.append(tuple(board))
        if self.take is not None and len(self.kept) >= self.take:
            raise Paused


def plain_solutions(
    function: Callable[..., object], n: int, stats: SearchStats, limit: int | None = None
) -> Iterator[Placement]:
    """The solutions of the plain search, no tracer, lazily: collected in chunks of fresh
    runs, or in one run of exactly `limit`; `stats` gets the solutions and the time."""
    if limit == 0:
        return
    start, size = 0, min(limit, FIRST_SOLUTIONS) if limit is not None else FIRST_SOLUTIONS
    while True:
        if limit is not None:
            size = min(size, limit - start)
        collect = _Collect(start, size)
        collect.resumed = began = time.perf_counter()
        try:
            function(n, collect)
            finished = True
        except Paused:
            finished = False
        stats.time += time.perf_counter() - max(began, collect.resumed)
        for cols in collect.kept:
            stats.solutions += 1
            yield Placement(cols)
        if finished or (limit is not None and start + len(collect.kept) >= limit):
            return
        start, size = start + size, size * 8


# ------------------------------------------------------------------ the two tracers
def _traced(run: Run, codes: frozenset[types.CodeType], call: Callable[[], object]) -> None:
    """`call()` with `run.watch.finished` told each line of `codes` that has run."""
    if sys.version_info >= (3, 12) and _tool() is not None:
        _monitored(run, codes, call)
    else:
        _settraced(run, codes, call)


def _settraced(run: Run, codes: frozenset[types.CodeType], call: Callable[[], object]) -> None:
    """Python 3.11: `sys.settrace`, a local tracer for each frame of the search's code;
    each remembers its frame's last line, so that the next line (or the return) says
    that one has run."""
    finished = run.watch.finished

    def start(frame: types.FrameType, event: str, arg: object) -> Any:
        if frame.f_code not in codes:
            return None
        done = 0

        def local(frame: types.FrameType, event: str, arg: object) -> Any:
            nonlocal done
            if event == "line":
                if done:
                    finished(run, frame, done, frame.f_lineno)
                done = frame.f_lineno
            elif event == "return" and done:
                finished(run, frame, done, 0)
                done = 0
            elif event == "exception":  # the seeds catch nothing: the frame is unwinding
                done = 0  # (Ctrl-C), and its line did not finish
            return local

        return local

    before = sys.gettrace()
    sys.settrace(start)
    try:
        call()
    finally:
        sys.settrace(before)


_TOOL: list[int | None] = []
_TOOL_LOCK = threading.Lock()
_MONITORING = threading.RLock()


def _tool() -> int | None:
    """The `sys.monitoring` tool id this package holds (taken once, the first free one of
    those no standard tool claims), or None when every id is taken."""
    with _TOOL_LOCK:
        if not _TOOL:
            monitoring = sys.monitoring  # type: ignore[attr-defined,unused-ignore]
            free = [i for i in (3, 4, 2, 1, 0) if monitoring.get_tool(i) is None]
            if free:
                monitoring.use_tool_id(free[0], "nqueens")
            _TOOL.append(free[0] if free else None)
        return _TOOL[0]


def _monitored(run: Run, codes: frozenset[types.CodeType], call: Callable[[], object]) -> None:
    """Python 3.12 on: `sys.monitoring`'s LINE and PY_RETURN events, on the search's code
    alone, for this thread alone; each frame's last line is remembered as above."""
    monitoring = sys.monitoring  # type: ignore[attr-defined,unused-ignore]
    tool, events = _tool(), monitoring.events
    finished = run.watch.finished
    thread = threading.get_ident()
    last: dict[types.FrameType, int] = {}

    def line(code: types.CodeType, number: int) -> None:
        if threading.get_ident() != thread:
            return
        frame = sys._getframe(1)
        done = last.get(frame, 0)
        last[frame] = number
        if done:
            finished(run, frame, done, number)

    def returned(code: types.CodeType, offset: int, value: object) -> None:
        if threading.get_ident() != thread:
            return
        frame = sys._getframe(1)
        done = last.pop(frame, 0)
        if done:
            finished(run, frame, done, 0)

    with _MONITORING:  # the callbacks are the process's: one watched run at a time
        monitoring.register_callback(tool, events.LINE, line)
        monitoring.register_callback(tool, events.PY_RETURN, returned)
        for code in codes:
            monitoring.set_local_events(tool, code, events.LINE | events.PY_RETURN)
        try:
            call()
        finally:
            for code in codes:
                monitoring.set_local_events(tool, code, 0)
            monitoring.register_callback(tool, events.LINE, None)
            monitoring.register_callback(tool, events.PY_RETURN, None)
