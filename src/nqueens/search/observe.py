"""Watching the seeds' code run: the line tracer that turns it into steps.

The teaching algorithms are plain functions (`nqueens.search.seeds`): the code a student
reads is the code that runs, with nothing in it that reports a step. A `Watch` says, for
one of them, which line's end makes which step: when `col[b] = ... = NOT_FREE` has run,
a queen stands on (a, b); when the test `if col[b] == FREE and ...` has run and the next
line is not its block, the square was rejected. A line tracer (`sys.monitoring` where
Python has it, 3.12 on; `sys.settrace` on 3.11) tells the watch each line that finished
in the function's frames, and the watch reads that frame's variables to make the step
and its `State` (the recorder), so the line a step names is the line that just ran.

How a reader reads a run lazily, and stops it: the run has a thread of its own. The
tracer hands the steps it makes (with their states) to the reader in batches of 256,
through a queue that holds at most 8 of them; when the queue is full the run waits
inside its tracer, so a reader holds a bounded number of steps however long the stream
(a whole `trace 13` is tens of millions), and the run is never more than those few
thousand steps ahead of it. The whole stream costs one run. A reader that stops (a step
limit, a first solution, a closed window, Ctrl-C, which Python raises in the reading
thread) ends the run at its next step: the stream's `finally` tells it, frees a waiting
run and waits for it to leave the function (a frame unwinding makes no step); the
tracer is removed in a `finally`. An exception inside the run (a bad state, a recursion
too deep) is raised in the reader.

The fast path is the same function with no tracer at all, in a thread of its own the
same way: `found`, the function's own way of handing over a solution, hands the
solutions over in batches, and raises `Paused` at a limit (a first solution runs the
search no further) or once the reader has stopped. A plain run counts no work: whoever
wants the nodes and checks step by step watches the run; `compare`, which wants a whole
search's time, runs it plain to its end in the caller's thread and takes its work from
the tree's shape (`nqueens.search.shape`).
"""

from __future__ import annotations

import contextlib
import contextvars
import inspect
import queue
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from nqueens.placement import Placement
from nqueens.search.events import Event, Place, Remove, SearchStats, Solution
from nqueens.search.shape import PRUNED, SQUARES
from nqueens.search.state import State, Structure

__all__ = [
    "AHEAD",
    "BATCH",
    "RUN_THREAD",
    "Counts",
    "Handover",
    "Legend",
    "Paused",
    "Recorder",
    "Run",
    "Watch",
    "plain_solutions",
    "watched_steps",
]

BATCH = 256
"""The steps (or solutions) a run hands its reader at a time."""
AHEAD = 8
"""The batches a run may make before its reader takes them; then it waits."""
RUN_THREAD = "nqueens-run"
"""The name of a run's thread."""

_T = TypeVar("_T")

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


class Handover:
    """Between a run in a thread of its own and the one reader of what it makes: batches
    pass through a queue of at most `AHEAD`, the run waiting while it is full; once the
    reader has stopped (`stopped`), the run's next hand, step or solution raises `Paused`."""

    def __init__(self) -> None:
        self.queue: queue.Queue[tuple[str, Any, float]] = queue.Queue(AHEAD)
        self.stopped = False
        self.began = time.perf_counter()

    def hand(self, batch: list[Any]) -> None:
        """(The run's thread.) Hand `batch` over, with the time the run took to make it."""
        self.put("batch", batch)

    def put(self, kind: str, value: object) -> None:
        seconds = time.perf_counter() - self.began
        while not self.stopped:
            try:
                self.queue.put((kind, value, seconds), timeout=_WAKE)
            except queue.Full:
                continue
            self.began = time.perf_counter()  # the wait is the reader's time, not the run's
            return
        raise Paused

    def stop(self, thread: threading.Thread) -> None:
        """(The reader's thread.) End the run at its next step and wait for it to leave."""
        self.stopped = True
        while thread.is_alive() and not sys.is_finalizing():  # at exit: a frozen thread
            try:
                self.queue.get_nowait()  # frees a run waiting to hand a batch over
            except queue.Empty:
                thread.join(_WAKE)


_WAKE = 0.1
"""Seconds a run waiting on a full queue sleeps before it looks whether its reader stopped
(the reader also frees it at once by taking a batch)."""


def _handed_over(work: Callable[[Handover], list[_T]], stats: SearchStats) -> Iterator[list[_T]]:
    """The batches `work(handover)` hands over, then the last one it returns, read lazily
    while `work` runs in a thread of its own; `stats.time` gets the time it ran. An
    exception `work` raises is raised here; a reader that stops ends `work` (see
    `Handover`)."""
    handover = Handover()

    def run() -> None:
        try:
            handover.put("end", work(handover))
        except Paused:
            pass  # the reader has stopped
        except BaseException as error:  # the reader raises it
            with contextlib.suppress(Paused):
                handover.put("error", error)

    context = contextvars.copy_context()  # the reader's language, for states and legends
    thread = threading.Thread(target=context.run, args=(run,), name=RUN_THREAD, daemon=True)
    thread.start()
    try:
        while True:
            kind, value, seconds = handover.queue.get()
            stats.time += seconds
            if kind == "error":
                raise value
            yield value
            if kind == "end":
                return
    finally:
        handover.stop(thread)


@dataclass
class Run:
    """One watched run of a plain search: every step counted and kept (with its `State`
    when `states`), handed over in batches of `BATCH` when it has a `handover` (or kept
    whole), paused at the `until`-th solution."""

    watch: Watch
    n: int
    states: bool = False
    until: int | None = None
    handover: Handover | None = None
    counts: Counts = field(default_factory=Counts)
    taken: int = 0
    kept: list[tuple[Event, Counts]] = field(default_factory=list)
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
        if self.states:
            event = replace(event, state=self._state(event, frame, line))
        self.kept.append((event, replace(counts)))
        if self.until is not None and counts.solutions >= self.until:
            raise Paused
        handover = self.handover
        if handover is not None:
            if handover.stopped:
                raise Paused
            if len(self.kept) >= BATCH:
                batch, self.kept = self.kept, []
                handover.hand(batch)

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
        """Run the function under the tracer, in this thread; True when it ran to its end."""
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
    """Every step of the plain search (up to its `solutions`-th solution), lazily, from a
    run in a thread of its own; `stats` follows the steps read (and, at the end, the
    whole run's work)."""
    stats = stats if stats is not None else SearchStats()
    run = Run(watch, n, states=states, until=solutions)
    ended: list[bool] = []

    def work(handover: Handover) -> list[tuple[Event, Counts]]:
        run.handover = handover
        ended.append(run.go())
        return run.kept

    for batch in _handed_over(work, stats):
        for event, counts in batch:
            counts.into(stats)
            yield event
    if ended[0]:  # the run's thread has ended: its counts are whole
        run.counts.into(stats)


def plain_solutions(
    function: Callable[..., object], n: int, stats: SearchStats, limit: int | None = None
) -> Iterator[Placement]:
    """The solutions of the plain search, no tracer, lazily, from a run in a thread of
    its own that stops at `limit`; `stats` gets the solutions and the time."""
    if limit == 0:
        return

    def work(handover: Handover) -> list[tuple[int, ...]]:
        kept: list[tuple[int, ...]] = []
        seen = 0

        def found(board: list[int]) -> None:
            nonlocal kept, seen
            if handover.stopped:
                raise Paused
            seen += 1
            kept.append(tuple(board))
            if seen == limit:
                raise Paused
            if len(kept) >= BATCH:
                batch, kept = kept, []
                handover.hand(batch)

        with contextlib.suppress(Paused):
            function(n, found)
        return kept

    for batch in _handed_over(work, stats):
        for cols in batch:
            stats.solutions += 1
            yield Placement(cols)


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


_Lines = tuple[Callable[[types.FrameType, int], None], Callable[[types.FrameType], None]]
"""A watched thread's two handlers: a line of a frame began; a frame returns."""

_WATCHED: dict[int, _Lines] = {}
"""The threads whose runs `sys.monitoring` watches now, by thread id: the tool's events and
callbacks are the whole process's, and several runs may be read at once (side by side)."""
_USERS: dict[types.CodeType, int] = {}
"""How many of those runs watch each code object (its events are on while any does)."""
_MONITORING = threading.Lock()
"""Held while the two tables above and the tool's settings change."""


def _on_line(code: types.CodeType, number: int) -> None:
    lines = _WATCHED.get(threading.get_ident())
    if lines is not None:
        lines[0](sys._getframe(1), number)


def _on_return(code: types.CodeType, offset: int, value: object) -> None:
    lines = _WATCHED.get(threading.get_ident())
    if lines is not None:
        lines[1](sys._getframe(1))


def _monitored(run: Run, codes: frozenset[types.CodeType], call: Callable[[], object]) -> None:
    """Python 3.12 on: `sys.monitoring`'s LINE and PY_RETURN events, on the search's code
    alone, told to this thread's run alone; each frame's last line is remembered as
    above."""
    monitoring = sys.monitoring  # type: ignore[attr-defined,unused-ignore]
    tool, events = _tool(), monitoring.events
    finished = run.watch.finished
    last: dict[types.FrameType, int] = {}

    def line(frame: types.FrameType, number: int) -> None:
        done = last.get(frame, 0)
        last[frame] = number
        if done:
            finished(run, frame, done, number)

    def returned(frame: types.FrameType) -> None:
        done = last.pop(frame, 0)
        if done:
            finished(run, frame, done, 0)

    thread = threading.get_ident()
    with _MONITORING:
        if not _WATCHED:
            monitoring.register_callback(tool, events.LINE, _on_line)
            monitoring.register_callback(tool, events.PY_RETURN, _on_return)
        _WATCHED[thread] = (line, returned)
        for code in codes:
            _USERS[code] = _USERS.get(code, 0) + 1
            if _USERS[code] == 1:
                monitoring.set_local_events(tool, code, events.LINE | events.PY_RETURN)
    try:
        call()
    finally:
        with _MONITORING:
            del _WATCHED[thread]
            for code in codes:
                _USERS[code] -= 1
                if not _USERS[code]:
                    del _USERS[code]
                    monitoring.set_local_events(tool, code, 0)
            if not _WATCHED:
                monitoring.register_callback(tool, events.LINE, None)
                monitoring.register_callback(tool, events.PY_RETURN, None)
