"""The fast engine: exact counts, the split, the runners, the journal, interruption."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sqlite3
import subprocess
from pathlib import Path

import numpy as np
import pytest

import nqueens
from nqueens.engine.methods.backtrack import kernels
from nqueens.engine.methods.backtrack.split import split
from nqueens.engine.runtime.journal import Journal
from nqueens.errors import InvalidSizeError, JournalMismatchError, SizeTooLargeError
from nqueens.known import known_counts
from nqueens.limits import BITBOARD_MAX_N
from tests.journals import forget
from tests.naive import naive_solutions, naive_unique
from tests.processes import (
    NQUEENS,
    journal_rows,
    kill_count,
    like_a_terminal,
    start_count,
    wait_for_rows,
)

compiled = pytest.mark.compiled


def count_engine(n: int, **options: object) -> nqueens.CountResult:
    """The backtracking engine, unless a test names another method."""
    return nqueens.count(n, **({"method": "backtrack"} | options))  # type: ignore[arg-type]


@pytest.mark.parametrize("n", range(1, 11))
def test_small_counts_in_process_match_the_table_and_the_naive_solver(n: int) -> None:
    result = count_engine(n, workers=1)
    assert (result.total, result.unique) == known_counts()[n]
    if n <= 8:
        assert result.total == len(naive_solutions(n)) and result.unique == naive_unique(n)


@compiled
@pytest.mark.parametrize("n", range(11, 16))
def test_counts_in_process_match_the_table(n: int) -> None:
    result = nqueens.count(n, workers=1, method="backtrack")
    assert (result.total, result.unique) == known_counts()[n]
    assert result.method == "backtrack" and result.workers == 1 and result.subproblems > 100


@compiled
@pytest.mark.parametrize("n", [12, 14, 15, 16])
def test_counts_on_two_worker_processes_match_the_table(n: int) -> None:
    result = nqueens.count(n, workers=2, method="backtrack")
    assert (result.total, result.unique) == known_counts()[n]
    assert result.workers == 2


@pytest.mark.parametrize("n", range(4, 10))
def test_engine_agrees_with_every_teaching_algorithm(n: int) -> None:
    result = count_engine(n, workers=1)
    assert result.total == sum(1 for _ in nqueens.solutions(n, algorithm="flags"))
    assert result.unique == sum(1 for _ in nqueens.solutions(n, unique=True))
    assert nqueens.count(n, method="python").total == result.total


@pytest.mark.parametrize("n", [6, 8, 10])
def test_split_is_a_pure_function_and_its_parts_add_up(n: int) -> None:
    parts = split(n, 200)
    assert parts.fingerprint() == split(n, 200).fingerprint()
    total = {}
    for target in (1, 50, 400):
        s = split(n, target)
        out = np.zeros((len(s), 4), np.int64)
        kernels.count_batch(n, s.kinds, s.bound1s, s.starts, s.boards, out)
        c2, c4, c8, _ = (int(x) for x in out.sum(axis=0))
        total[target] = (2 * c2 + 4 * c4 + 8 * c8, c2 + c4 + c8)
        # every subproblem is a distinct partial board
        rows = {(*b[: s.starts[i]].tolist(), int(s.kinds[i])) for i, b in enumerate(s.boards)}
        assert len(rows) == len(s)
        assert (s.starts == s.depth).all() or s.depth == 1
    assert set(total.values()) == {known_counts()[n]}


def test_split_makes_many_more_subproblems_than_workers() -> None:
    assert len(split(12, 1000)) >= 1000
    assert split(12, 1000).depth <= 12 - 2


def test_nodes_are_the_same_however_the_search_is_split_and_run() -> None:
    one = count_engine(12, workers=1)
    two = count_engine(12, workers=2)
    assert one.nodes == two.nodes > 0
    # the symmetric search visits far fewer nodes than the whole tree (856,188 for N = 12)
    stats = nqueens.SearchStats()
    sum(1 for _ in nqueens.solutions(12, stats=stats))
    assert stats.nodes == 856188 and one.nodes < stats.nodes / 4


def test_progress_reports_every_subproblem_once() -> None:
    seen = []
    result = count_engine(10, workers=1, on_progress=seen.append)
    assert seen[0].done == 0 and seen[-1].done == seen[-1].total == result.subproblems
    assert [p.done for p in seen] == sorted(p.done for p in seen)
    assert seen[-1].solutions == 724 and seen[-1].unique == 92


@pytest.mark.parametrize("bad", [0, -1])
def test_bad_sizes(bad: int) -> None:
    with pytest.raises(InvalidSizeError):
        count_engine(bad)


def test_too_large_for_64_bit_boards() -> None:
    with pytest.raises(SizeTooLargeError, match="64-bit"):
        count_engine(BITBOARD_MAX_N + 1)
    with pytest.raises(SizeTooLargeError, match="64-bit"):
        nqueens.count(BITBOARD_MAX_N + 1)


@pytest.mark.parametrize("workers", [0, -2, 1.5, True])
def test_bad_worker_counts(workers: object) -> None:
    with pytest.raises(InvalidSizeError, match="workers"):
        count_engine(8, workers=workers)  # type: ignore[arg-type]


def test_unknown_method() -> None:
    with pytest.raises(nqueens.UnknownAlgorithmError, match="backtrack"):
        nqueens.count(8, method="magic")


# ---------------------------------------------------------------------------- journal
IDENTITY = {"n": "8", "method": "backtrack", "version": "1", "split": "abc", "subproblems": "10"}
FIELDS = ("classes_of_2", "classes_of_4", "classes_of_8", "nodes")


def test_journal_records_batches_once(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    with Journal(path, IDENTITY, FIELDS) as journal:
        journal.record([0, 5], np.array([[1, 2, 3, 10], [4, 5, 6, 20]], np.int64))
        journal.record([5], np.array([[9, 9, 9, 9]], np.int64))  # already done: ignored
    with Journal(path, IDENTITY, FIELDS) as journal:
        assert journal.finished() == {0: (1, 2, 3, 10), 5: (4, 5, 6, 20)}
        assert journal.done() == 2
    with sqlite3.connect(path) as db:  # columns named for what they hold
        columns = [row[1] for row in db.execute("PRAGMA table_info(done)")]
    assert columns == ["idx", *FIELDS]


def test_journal_for_other_work_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    Journal(path, IDENTITY, FIELDS).close()
    with pytest.raises(JournalMismatchError, match="n 8 here, 9 now"):
        Journal(path, IDENTITY | {"n": "9"}, FIELDS)
    with pytest.raises(JournalMismatchError, match="version"):
        Journal(path, IDENTITY | {"version": "2"}, FIELDS)


def test_journal_resume_skips_finished_work_and_stays_exact(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    first = count_engine(11, workers=1, journal=path)
    assert first.resumed == 0
    again = count_engine(11, workers=1, journal=path)
    assert again.resumed == again.subproblems
    assert (again.total, again.unique) == (first.total, first.unique) == known_counts()[11]
    # forget half of the finished work: the rest is done again, nothing twice
    assert forget(path, range(0, again.subproblems, 2)) == (again.subproblems + 1) // 2
    resumed = count_engine(11, workers=1, journal=path)
    assert 0 < resumed.resumed < resumed.subproblems
    assert (resumed.total, resumed.unique) == known_counts()[11]


@compiled
@pytest.mark.slow
def test_kill_9_mid_count_then_resume_to_the_exact_count(tmp_path: Path) -> None:
    path = tmp_path / "n17.sqlite"
    proc = start_count(17, path)
    wait_for_rows(path, proc, minimum=50)
    kill_count(proc, path)
    kept = journal_rows(path)
    assert kept >= 50
    result = count_engine(17, journal=path)
    assert (result.total, result.unique) == known_counts()[17]
    assert kept <= result.resumed < result.subproblems


@compiled
def test_ctrl_c_keeps_the_finished_work_and_says_how_to_resume(tmp_path: Path) -> None:
    path = tmp_path / "n16.sqlite"
    proc = start_count(16, path)
    wait_for_rows(path, proc, minimum=5)
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches the whole process group
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out == ""
    assert "kept in" in err and "run the same command again to resume" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    kept = journal_rows(path)
    assert kept >= 5
    result = count_engine(16, workers=1, journal=path)
    assert result.resumed >= kept
    assert (result.total, result.unique) == known_counts()[16]


@compiled
@pytest.mark.parametrize("method", ["backtrack"])  # the join's compile: 30 s more, same words
def test_the_first_count_on_a_machine_says_it_is_compiling(tmp_path: Path, method: str) -> None:
    env = os.environ | {"NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    command = [*NQUEENS, "count", "9", "--method", method]
    first = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    assert "compiling the counting kernels (once per machine" in first.stderr
    assert first.stdout == "N = 9: 352 solutions, 46 unique\n"
    second = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    assert second.stderr == ""
    quiet = subprocess.run([*command, "-q"], capture_output=True, text=True, env=env, check=True)
    assert quiet.stderr == ""


@compiled
def test_progress_bar_on_a_terminal_and_silence_in_a_pipe() -> None:
    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [*NQUEENS, "count", "15"],
        stdout=subprocess.PIPE,
        stderr=follower,
        env=os.environ | {"COLUMNS": "160"},
    )
    os.close(follower)
    screen = b""
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # the terminal closed with the process
            break
        if not data:
            break
        screen += data
    out, _ = proc.communicate(timeout=120)
    os.close(leader)
    assert out == b"N = 15: 2,279,184 solutions, 285,053 unique\n"
    assert b"subproblems" in screen and b"solutions" in screen and b"ETA" in screen
    piped = subprocess.run([*NQUEENS, "count", "13"], capture_output=True, check=True)
    assert piped.stderr == b""


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [80, 100, 160])
def test_the_progress_bar_keeps_its_counts_whole_on_a_narrow_terminal(
    lang: str, width: int
) -> None:
    """At 80 columns the bar was two characters wide and the table cut its counts to
    "3…" and its time to "0…". Below 110 columns it drops the rate and the word
    "subproblems", and every count, time and ETA is whole, on one line."""
    import io

    from rich.console import Console
    from rich.progress import Progress

    from nqueens.i18n import use_language
    from nqueens.render.progress import bar_columns

    with use_language(lang):
        out = io.StringIO()
        console = Console(file=out, width=width, force_terminal=True, color_system=None)
        bar = Progress(*bar_columns(width), console=console, auto_refresh=False)
        bar.add_task(
            "count",
            total=3299,
            completed=1234,
            solutions="95,815,104",
            rate="838 /s",
            eta="0:01:02",
        )
        console.print(bar.make_tasks_table(bar.tasks))
    (line,) = out.getvalue().splitlines()
    assert "\u2026" not in line and "1234/3299" in line and "95,815,104" in line
    assert "0:01:02" in line  # the ETA, and a bar to read, 10 wide at least:
    assert re.search("[\u2501\u2578\u257a ]{10} 1234/3299", line), line
    assert ("838 /s" in line) == (width >= 110)


@compiled
def test_listing_workers_stop_quietly_on_ctrl_c() -> None:
    """`solve 16 --all | ...` interrupted: the parent says nothing more than usual, and no
    pool worker prints `Process ForkPoolWorker-N:` and a traceback of its own."""
    proc = subprocess.Popen(
        [*NQUEENS, "solve", "16", "--all"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=like_a_terminal,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(200_000)  # the workers are listing
    os.killpg(proc.pid, signal.SIGINT)
    proc.stdout.close()
    try:
        proc.wait(timeout=60)
    finally:  # workers left behind would hold stderr open: none may outlive the test
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    err = proc.stderr.read().decode()
    assert proc.returncode == 130
    assert "ForkPoolWorker" not in err and "Traceback" not in err
