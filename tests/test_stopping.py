"""A stop comes within a second and keeps what finished (issue 38's F15), and a count's
workers end quietly with it, even when it is killed outright.

A numba kernel cannot be interrupted from Python: a signal waits for the compiled call
under way. So no call runs long: the in-process runner counts a batch in pieces of about
`pool.CALL_SECONDS`, and min-conflicts works in ranges of rows. The tests count work
units (the subproblems of each call, the rows of each kernel call, the subproblems kept)
rather than timing anything.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from nqueens.engine.runtime import pool
from tests.processes import (
    HANG_GUARD,
    NQUEENS,
    assert_one_line,
    journal_rows,
    start_nqueens,
    wait_for_rows,
)


class _Parts:
    """Subproblems that each 'take' `seconds` on a clock of our own."""

    def __init__(self, clock: list[float], seconds: float) -> None:
        self.clock = clock
        self.seconds = seconds
        self.calls: list[int] = []

    def task(self, indices: np.ndarray) -> tuple[Any, tuple[Any, ...]]:
        def count(chosen: np.ndarray) -> np.ndarray:
            self.calls.append(len(chosen))
            self.clock[0] += self.seconds * len(chosen)
            return np.ones((len(chosen), 2), np.int64)

        return count, (indices,)


def test_a_batch_is_counted_in_pieces_of_about_a_quarter_second(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = [0.0]
    monkeypatch.setattr(pool.time, "perf_counter", lambda: clock[0])
    parts = _Parts(clock, 0.01)  # 25 subproblems make a quarter second
    pieces = list(pool.BACKENDS["inprocess"](parts, [np.arange(1000)], 1))  # type: ignore[arg-type]
    assert np.concatenate([p for p, _ in pieces]).tolist() == list(range(1000))
    assert parts.calls[:4] == [1, 4, 16, 25] and max(parts.calls) == 25
    assert all(counts.shape == (len(p), 2) for p, counts in pieces)


def test_a_subproblem_that_takes_long_shrinks_the_next_piece_at_once() -> None:
    assert pool.next_piece(64, 8 * pool.CALL_SECONDS) == 8
    assert pool.next_piece(1, 100.0) == 1
    assert pool.next_piece(10, 0.0) == 40  # at most four times as many


def test_what_finished_before_a_stop_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pieces yielded before an interrupt are whole, and recorded by the caller."""
    clock = [0.0]
    monkeypatch.setattr(pool.time, "perf_counter", lambda: clock[0])
    runner = pool.BACKENDS["inprocess"](_Parts(clock, 0.01), [np.arange(1000)], 1)  # type: ignore[arg-type]
    kept = [next(runner)[0].tolist() for _ in range(3)]
    runner.close()
    assert kept == [[0], [1, 2, 3, 4], list(range(5, 21))]


@pytest.mark.compiled
def test_sigterm_stops_a_long_batch_and_keeps_its_finished_pieces(tmp_path: Path) -> None:
    """F15: one batch of every subproblem of N = 17 (about 20 s here), SIGTERM once the
    journal holds some: the count ends with 143, keeping what it finished, long before
    the batch would have (the journal holds some subproblems, not all: before, it held
    none until the whole batch was done, and kept none)."""
    journal = tmp_path / "j.db"
    args = ["count", "17", "--method", "backtrack", "--workers", "1", "--batch-size", "100000"]
    with subprocess.Popen(
        [*NQUEENS, *args, "--journal", str(journal)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as count:
        wait_for_rows(journal, count, 1)  # type: ignore[arg-type]
        count.send_signal(signal.SIGTERM)
        _, err = count.communicate(timeout=HANG_GUARD)
    assert count.returncode == 128 + signal.SIGTERM, err
    kept = journal_rows(journal)
    assert 0 < kept < 9033
    assert f"interrupted after {kept:,} of 9,033 subproblems, kept in" in err


def test_min_conflicts_calls_its_kernels_on_bounded_ranges(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each kernel call of min-conflicts starts, scans or repairs a bounded range of rows
    (here made small, so that a board of 50,000 takes many), and the placement is the
    one the search finds in whole-board calls: the same seed, the same queens."""
    import nqueens.large
    from nqueens.large import kernel, min_conflicts

    whole = min_conflicts(50_000, seed=3)
    spans: list[int] = []
    for name in ("greedy_rows", "conflicted_rows", "repair_rows"):
        real = getattr(kernel, name)

        def counted(*args: Any, real: Any = real, name: str = name) -> Any:
            first, stop = (args[7], args[8]) if name != "conflicted_rows" else args[4:6]
            spans.append(stop - first)
            return real(*args)

        monkeypatch.setattr(kernel, name, counted)
    monkeypatch.setattr(nqueens.large, "ROWS_PER_CALL", 1000)
    monkeypatch.setattr(nqueens.large, "REPAIRS_PER_CALL", 100)
    pieces = min_conflicts(50_000, seed=3)
    assert pieces.solved and np.array_equal(pieces.cols, whole.cols)
    assert len(spans) > 100 and max(spans) <= 1000


@pytest.mark.compiled
def test_sigterm_stops_min_conflicts_on_a_huge_board(tmp_path: Path) -> None:
    with subprocess.Popen(
        [*NQUEENS, "construct", "4000000", "--method", "min-conflicts", "-o", "q.npy"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as construct:
        time.sleep(2)
        construct.send_signal(signal.SIGTERM)
        out, err = construct.communicate(timeout=HANG_GUARD)
    result = subprocess.CompletedProcess(construct.args, construct.returncode, out, err)
    if construct.returncode == 0:
        pytest.skip("the search finished before the signal came")
    assert "stopped by SIGTERM" in assert_one_line(result, 128 + signal.SIGTERM)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_ends_a_long_rectangle_count(stop: signal.Signals) -> None:
    """A rectangle from width 11 is one compiled call, which no signal interrupts: it
    ignored Ctrl-C and SIGTERM (14x30: hours) until killed outright."""
    count = start_nqueens("count", "14x30")
    time.sleep(2)
    count.send_signal(stop)
    out, err = count.communicate(timeout=HANG_GUARD)
    assert count.returncode == 128 + stop and out == "", err
    assert err.count("\n") <= 1 and "Traceback" not in err


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_pool_count_killed_outright_leaves_no_tracebacks(tmp_path: Path) -> None:
    """After kill -9 of a count on a pool, its workers printed a BrokenPipeError traceback
    each as they tried to send their results; now they end with their parent."""
    journal = tmp_path / "j.db"
    journaled = ["--batch-size", "1", "--journal", str(journal)]
    errors = tmp_path / "stderr"
    with (
        errors.open("w") as stderr,
        subprocess.Popen(
            [*NQUEENS, "count", "16", "--workers", "2", "--method", "backtrack", *journaled],
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            text=True,
        ) as count,
    ):
        wait_for_rows(journal, count, 4)  # type: ignore[arg-type]
        workers = _children(count.pid)
        assert workers, "the pool has no workers"
        count.kill()
        count.wait(timeout=HANG_GUARD)
    deadline = time.monotonic() + HANG_GUARD
    while any(Path(f"/proc/{w}").exists() for w in workers):
        assert time.monotonic() < deadline, "the workers outlived their parent"
        time.sleep(0.1)
    assert "Traceback" not in errors.read_text()
    assert os.path.exists(journal) and journal_rows(journal) >= 4


def _python(code: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    """`code` run by a Python of its own, bounded so that a hang fails the test."""
    return subprocess.run(
        [sys.executable, "-c", code, *arguments],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )


def test_a_pool_stopped_as_it_starts_says_nothing() -> None:
    """A pool's workers are forked with the parent's SIGTERM handling (the CLI's, which
    raises): one stopped before its initializer ran printed that handler's traceback.
    `start_pool` holds the signals back until each worker has its own handling."""
    code = (
        "import sys, time\n"
        "from nqueens.cli._signals import stopping_as_interrupt\n"
        "from nqueens.engine.runtime.pool import process_context, quiet_worker, start_pool\n"
        "def slow():  # a worker still starting when the pool is stopped\n"
        "    time.sleep(0.4)\n"
        "    quiet_worker()\n"
        "with stopping_as_interrupt():\n"
        "    for _ in range(2):\n"
        "        if sys.argv[1] == 'held':\n"
        "            pool = start_pool(2, slow)\n"
        "        else:\n"
        "            pool = process_context().Pool(2, initializer=slow)\n"
        "        time.sleep(0.2)\n"
        "        pool.terminate()\n"
        "        pool.join()\n"
    )
    unheld = _python(code, "unheld")
    assert "Terminated" in unheld.stderr  # what it was before
    done = _python(code, "held")
    assert done.returncode == 0 and done.stderr == "", done.stderr[-2000:]


def test_a_stop_while_the_workers_are_forked_kills_them_and_ends() -> None:
    """The stop held back while a pool's workers are forked is raised as the signals are
    let through again: it left those workers alive, which ignore SIGTERM, and the
    process waited for them at its exit for ever (a count that never stopped, once in
    CI). They are killed before the stop goes on."""
    code = (
        "import multiprocessing, os, signal\n"
        "from nqueens.cli._signals import Terminated, stopping_as_interrupt\n"
        "from nqueens.engine.runtime import pool\n"
        "Process = pool.process_context().Process\n"
        "start = Process.start\n"
        "def start_then_stop(self):\n"
        "    start(self)\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "Process.start = start_then_stop\n"
        "try:\n"
        "    with stopping_as_interrupt():\n"
        "        pool.start_pool(2)\n"
        "except Terminated:\n"
        "    print('stopped', len(multiprocessing.active_children()))\n"
    )
    done = _python(code)
    assert done.stdout == "stopped 0\n" and done.returncode == 0, done.stderr[-2000:]


def test_workers_left_to_the_exit_are_killed_not_waited_for() -> None:
    """A pool never stopped (a stop between its making and its `with`) is killed when
    the process exits: multiprocessing's own exit stops workers by SIGTERM, which ours
    ignore, and then waits for them."""
    code = (
        "from nqueens.engine.runtime import pool\n"
        "workers = pool.start_pool(2)\n"
        "print(len(workers._processes))\n"
    )
    done = _python(code)
    assert done.stdout == "2\n" and done.returncode == 0, done.stderr[-2000:]


def test_a_stop_during_a_finalizer_is_raised_again_outside_it_not_printed() -> None:
    """A signal handled while Python runs a `__del__` cannot raise there: Python printed
    the Terminated traceback and went on, the stop lost (once seen as a count ending
    with status 0 after SIGTERM; a long count went on counting). It is noted, raised
    again a moment later outside the finalizer, and nothing is printed."""
    code = (
        "import os, signal, time\n"
        "from nqueens.cli._signals import Terminated, received, stopping_as_interrupt\n"
        "class Dying:\n"
        "    def __del__(self):\n"
        "        os.kill(os.getpid(), signal.SIGTERM)\n"
        "        for _ in range(10000): pass\n"
        "try:\n"
        "    with stopping_as_interrupt():\n"
        "        Dying()\n"
        "        began = time.monotonic()\n"
        "        while time.monotonic() - began < 60: pass  # a count going on\n"
        "        print('went on')\n"
        "except Terminated as stop:\n"
        "    print(signal.Signals(stop.signum).name, received().name)\n"
    )
    done = _python(code)
    assert done.stdout == "SIGTERM SIGTERM\n" and done.stderr == "", done.stderr[-2000:]


def _square_slowly(x: int) -> int:
    time.sleep(0.01 * (x % 3))
    return x * x


def _pieces_of(x: int) -> Any:
    yield from range(x)


def _fails(x: int) -> int:
    raise ValueError(f"no {x}")


def _dies(x: int) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return x


def test_the_pool_hands_results_on_in_order_or_as_they_come() -> None:
    with pool.Workers(3) as workers:
        assert list(workers.imap(_square_slowly, range(20))) == [x * x for x in range(20)]
        assert sorted(workers.imap_unordered(_square_slowly, range(20))) == sorted(
            x * x for x in range(20)
        )
        assert list(workers.imap(_pieces_of, [3, 0, 2])) == [0, 1, 2, 0, 1]
        assert workers.starmap(pow, [(2, 3), (3, 2)]) == [8, 9]


def test_a_task_error_and_a_lost_worker_are_said_not_waited_for() -> None:
    with pool.Workers(2) as workers, pytest.raises(ValueError, match="no 1"):
        list(workers.imap(_fails, [1]))
    with pool.Workers(2) as workers, pytest.raises(pool.WorkerLostError, match="SIGKILL"):
        list(workers.imap(_dies, [1]))


def test_the_pool_starts_no_thread() -> None:
    """multiprocessing's Pool ran three threads, and a worker killed while it held the
    pool's lock left its stop waiting for ever (issue 44): ours has none to wait on."""
    import threading

    before = threading.active_count()
    with pool.Workers(2) as workers:
        assert list(workers.imap(_square_slowly, range(4))) == [0, 1, 4, 9]
        assert threading.active_count() == before


def test_an_error_a_stop_caused_where_it_could_not_be_raised_ends_as_the_stop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SIGTERM during numba's compile: the stop was raised inside a callback of the
    compiler, which swallowed it (noted only), and numba then failed with "no compiled
    object yet": a traceback. An error that follows a stop ends as that stop."""
    import nqueens.system
    from nqueens.cli import _signals
    from tests.processes import invoke

    def compiling() -> None:
        _signals._received.append(signal.SIGTERM)  # as the handler notes a swallowed stop
        raise RuntimeError("no compiled object yet for <Library 'layout'>")

    monkeypatch.setattr(nqueens.system, "info", compiling)
    status, _, err = invoke("info")
    assert (status, err) == (128 + signal.SIGTERM, "nqueens: stopped by SIGTERM\n")
