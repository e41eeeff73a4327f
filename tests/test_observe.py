"""The line tracer that watches the seeds' plain functions: a run in its own thread read
as one stream, a run that waits for its reader, a clean stop, the fast path's solutions,
and the work a plain run is given (the tree's shape) against what watching it counts."""

from __future__ import annotations

import sys
import threading
from itertools import islice

import pytest

import nqueens
from nqueens.search import ALGORITHMS, SearchStats
from nqueens.search import observe as observe_module
from nqueens.search.events import Solution
from nqueens.search.observe import watched_steps
from nqueens.search.shape import placed_before, shape
from nqueens.search_tree import levels
from tests.naive import naive_solutions, naive_tree_levels


def _steps(name: str, n: int) -> list[tuple[object, object, int]]:
    """Each step with its state's structures and line, and the stats after it."""
    stats = SearchStats()
    out = []
    for event in watched_steps(ALGORITHMS[name].watch, n, stats, states=True):
        assert event.state is not None
        out.append((event, (event.state.structures, event.state.line), stats.checks))
    return out


def _run_whole(name: str, n: int) -> list[tuple[object, object, int]]:
    """The same, from one run in this thread that keeps every step (no handover)."""
    run = observe_module.Run(ALGORITHMS[name].watch, n, states=True)
    assert run.go()
    out = []
    for event, counts in run.kept:
        assert event.state is not None
        out.append((event, (event.state.structures, event.state.line), counts.checks))
    return out


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_a_stream_handed_over_in_small_batches_is_the_run_kept_whole(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The run's thread hands its steps over in batches through a short queue: with
    batches of 7 steps and one waiting, the stream, its states and its counts are those
    of one run kept whole."""
    whole = _run_whole(name, 5)
    assert _steps(name, 5) == whole
    monkeypatch.setattr(observe_module, "BATCH", 7)
    monkeypatch.setattr(observe_module, "AHEAD", 1)
    assert _steps(name, 5) == whole


@pytest.mark.parametrize("name", ["flags", "bitboard-stack", "brute-force"])
def test_a_plain_stream_in_small_batches_and_at_a_limit(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(observe_module, "BATCH", 3)
    monkeypatch.setattr(observe_module, "AHEAD", 1)
    chosen = ALGORITHMS[name]
    assert [p.cols for p in chosen.search(6)] == naive_solutions(6)
    assert [p.cols for p in chosen.search(6, limit=2)] == naive_solutions(6)[:2]
    assert [p.cols for p in chosen.search(6, limit=3)] == naive_solutions(6)[:3]
    assert list(chosen.search(6, limit=0)) == []


def _run_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name == observe_module.RUN_THREAD}


def test_a_run_waits_for_its_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """However long the stream, the run is at most the queue's batches ahead of what was
    read, so a reader holds a bounded number of steps (a whole `trace 13` makes tens of
    millions); a reader that stops ends the run's thread."""
    made = 0
    chosen = ALGORITHMS["backtracking"]
    recorder = chosen.watch.recorder

    def counted(*args: object) -> object:
        nonlocal made
        made += 1
        return recorder(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(chosen.watch, "recorder", counted)
    others = _run_threads()  # any other test left to the garbage collector
    steps = chosen.events(9, state=True)
    read = 0
    for read, _event in enumerate(steps, 1):
        assert made <= read + (observe_module.AHEAD + 1) * observe_module.BATCH
        if read == 5000:
            break
    assert made >= read
    assert _run_threads() - others  # waiting for the reader, who has not said it stopped
    steps.close()
    assert not _run_threads() - others
    solutions = chosen.search(9, limit=None)
    next(iter(solutions))
    assert _run_threads() - others
    del solutions  # a plain stream dropped unfinished ends its run as well
    assert not _run_threads() - others


def test_a_runs_thread_speaks_its_readers_language() -> None:
    """The run's thread makes the states, their legends in the reader's language (a
    new thread starts with no context: the Japanese trace's legends were English)."""
    from nqueens.i18n import use_language

    with use_language("ja"):
        event = next(e for e in ALGORITHMS["flags"].events(4, state=True) if e.state)
    assert event.state is not None and "NOT_FREE" in event.state.legend
    assert not event.state.legend.isascii()


def test_streams_read_side_by_side_are_each_their_own_run() -> None:
    """Two runs read in turn (a comparison) each see their own steps: the tracer tells
    each thread's run its own lines."""
    alone = {name: _steps(name, 5) for name in ("backtracking", "flags")}
    side = zip(
        watched_steps(ALGORITHMS["backtracking"].watch, 5, states=True),
        watched_steps(ALGORITHMS["flags"].watch, 5, states=True),
        strict=False,
    )
    pairs = list(side)
    assert [a for a, _ in pairs] == [e for e, *_ in alone["backtracking"][: len(pairs)]]
    assert [b for _, b in pairs] == [e for e, *_ in alone["flags"][: len(pairs)]]
    assert len(pairs) == min(len(alone["backtracking"]), len(alone["flags"]))


def test_a_stopped_or_interrupted_run_leaves_no_tracer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader that stops leaves nothing running; Ctrl-C inside the watched function
    leaves it like any exception, the tracer removed, and the next stream is whole."""
    before = sys.gettrace()
    chosen = ALGORITHMS["flags"]
    assert len(list(islice(chosen.events(8), 10))) == 10
    assert sys.gettrace() is before
    calls = 0
    recorder = chosen.watch.recorder

    def interrupted(*args: object) -> object:
        nonlocal calls
        calls += 1
        if calls == 5:
            raise KeyboardInterrupt
        return recorder(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(chosen.watch, "recorder", interrupted)
    with pytest.raises(KeyboardInterrupt):
        list(chosen.events(6, state=True))
    assert sys.gettrace() is before
    if sys.version_info >= (3, 12):  # sys.monitoring's tracer touches no settrace
        tool, monitoring = observe_module._tool(), sys.monitoring
        assert all(monitoring.get_local_events(tool, c) == 0 for c in chosen.watch.codes())
    monkeypatch.undo()
    assert sum(isinstance(e, Solution) for e in chosen.events(6, state=True)) == 4


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
@pytest.mark.parametrize("n", [1, 2, 4, 6])
def test_a_plain_search_gets_the_work_that_watching_it_counts(name: str, n: int) -> None:
    """compare's plain run takes its work from the tree's shape: the very counts a
    watched run to the end makes."""
    plain, watched = SearchStats(), SearchStats()
    ALGORITHMS[name].count(n, plain)
    found = list(ALGORITHMS[name].search(n, stats=watched))
    counts = (watched.nodes, watched.checks, watched.backtracks, watched.solutions)
    assert (plain.nodes, plain.checks, plain.backtracks, plain.solutions) == counts
    assert len(found) == plain.solutions


@pytest.mark.parametrize("name", ["brute-force", "permutations"])
def test_at_each_solution_the_board_tells_the_queens_placed(name: str) -> None:
    """compare's bar moves with a plain run: at each solution the board alone says how
    many queens the generate-and-test search has placed."""
    stats = SearchStats()
    chosen = ALGORITHMS[name]
    for event in chosen.events(5, stats):
        if isinstance(event, Solution):
            assert placed_before(chosen.watch.tree, list(event.placement.cols)) == stats.nodes


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
@pytest.mark.parametrize("n", [1, 3, 5, 6])
def test_the_trees_shape_is_the_tree_its_search_walks(name: str, n: int) -> None:
    """`levels` of a whole tree comes from its shape; cut after (more than) every
    solution it comes from the search's own steps: the two agree, and with the naive
    tree for the pruned searches."""
    shaped = levels(n, name)
    walked = levels(n, name, solutions=10**6)
    assert shaped == walked
    tree = ALGORITHMS[name].watch.tree
    if tree != "permutations":
        naive = naive_tree_levels(n, pruned=tree == "pruned")
        assert [(lv.nodes, lv.dead_ends, lv.solutions) for lv in shaped] == naive
    assert sum(lv.nodes for lv in shaped) - 1 == shape(ALGORITHMS[name].watch.tree, n).placed


def test_brute_force_says_it_tried_every_square_of_the_row_below() -> None:
    """It tests no square, so it never runs out of safe ones: it tries them all."""
    from nqueens.render.trace import trace_lines

    lines = {
        name: list(trace_lines(ALGORITHMS[name].events(4), 4, limit=400))
        for name in ("brute-force", "permutations", "backtracking")
    }
    brute = [line for line in lines["brute-force"] if "remove row 2" in line]
    assert brute and all("(every square of row 3 tried: step back)" in line for line in brute)
    perms = [line for line in lines["permutations"] if "remove row 1" in line]
    assert perms and all("every unused column of row 2 tried: step back" in x for x in perms)
    assert any("no more safe squares in row 2: step back" in x for x in lines["backtracking"])
    assert not any("safe" in line for line in lines["brute-force"] + lines["permutations"])


def test_an_exception_in_the_watched_function_is_not_taken_for_a_step() -> None:
    """An exception (Ctrl-C) raised by the function's own line leaves it unfinished: the
    frame's return on the way out makes no step, so nothing can swallow the exception."""
    from nqueens.search.observe import Run, Watch

    def plain(n, found):  # type: ignore[no-untyped-def]
        for i in range(n):
            found([i] if i < 2 else [][i])

    class Steps(Watch):
        def finished(self, run: Run, frame, line, following) -> None:  # type: ignore[no-untyped-def]
            if frame.f_code.co_name == "plain":
                run.step(Solution(nqueens.Placement((0,))), frame, line)

    run = Run(Steps(plain, lambda *args: ()), 5)
    with pytest.raises(IndexError):
        run.go()
    assert run.taken == 5  # the lines that ran: for, found, for, found, for


def test_a_first_solution_runs_the_search_no_further(monkeypatch: pytest.MonkeyPatch) -> None:
    """`first` and a limit tell the plain search where to stop: it hands over no more
    solutions than asked (a plain run collects thousands at a time otherwise)."""
    import nqueens
    from nqueens.search.seeds import flags as seeds

    handed = 0
    plain = seeds.flags

    def counted(n, found):  # type: ignore[no-untyped-def]
        def told(board):  # type: ignore[no-untyped-def]
            nonlocal handed
            handed += 1
            found(board)

        plain(n, told)

    monkeypatch.setattr(ALGORITHMS["flags"].watch, "function", counted)
    assert nqueens.first(10, algorithm="flags") == nqueens.Placement.from_string(
        "0 2 5 7 9 4 8 1 3 6"
    )
    assert handed == 1
    assert len(list(nqueens.solutions(10, algorithm="flags", limit=3))) == 3
    assert handed == 1 + 3


@pytest.mark.skipif(sys.version_info < (3, 12), reason="sys.monitoring is Python 3.12's")
@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_sys_monitoring_and_settrace_watch_the_same_steps(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From Python 3.12 the tracer is `sys.monitoring` (this package's own tool id);
    `sys.settrace`, 3.11's, sees every step the same, with the same states and counts."""
    monitored = _steps(name, 5)
    tool = observe_module._tool()
    assert tool is not None
    assert sys.monitoring.get_tool(tool) == "nqueens"  # type: ignore[attr-defined,unused-ignore]
    monkeypatch.setattr(observe_module, "_tool", lambda: None)
    assert _steps(name, 5) == monitored
