"""The batch-system route (dask-jobqueue on SLURM, docs/cluster.md): a scheduler whose
workers join when the queue starts them, and come and go while the count runs.

A `LocalCluster` stands in for the `SLURMCluster` of the docs' example: it starts with
no worker, or one, and `scale()` adds workers later, as a batch queue does.
"""

from __future__ import annotations

import json
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import nqueens
from nqueens.engine.runtime.cluster.batches import (
    CLUSTER_TASKS,
    SMALL_TASK,
    SMALL_TASK_BELOW,
    default_batch_size,
)
from nqueens.errors import BackendUnavailableError
from nqueens.known import known_counts
from nqueens.results import Progress
from tests.processes import NQUEENS

pytestmark = [pytest.mark.compiled, pytest.mark.cluster]

JOIN_AFTER = 3.0
"""Seconds before the stand-in queue starts the workers."""


@pytest.fixture
def queue() -> Iterator[Any]:
    """A scheduler on loopback with no workers yet (as `SLURMCluster` before its jobs run)."""
    from distributed import LocalCluster

    cluster = LocalCluster(
        n_workers=0,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )
    try:
        yield cluster
    finally:
        cluster.close()


def _later(seconds: float, action: Callable[..., object], *args: object) -> threading.Timer:
    timer = threading.Timer(seconds, action, args)
    timer.start()
    return timer


def test_the_docs_jobqueue_example_waits_for_workers_that_join_late(
    queue: Any, tmp_path: Path
) -> None:
    """The docs' example, as written but for the cluster: the count waits for the first
    worker (told each second), then counts exactly on the workers as they come."""
    from distributed import Client

    client = Client(queue)  # as the docs' example holds one
    waits: list[tuple[float, float]] = []
    timer = _later(JOIN_AFTER, queue.scale, 2)
    try:
        result = nqueens.count(
            13,
            scheduler=queue.scheduler_address,
            journal=tmp_path / "n13.db",
            wait_for_workers=120,
            on_waiting=lambda waited, limit: waits.append((waited, limit)),
        )
    finally:
        timer.cancel()
        client.close()
    assert (result.total, result.unique, result.published) == (*known_counts()[13], True)
    assert waits and all(0 < waited < limit == 120 for waited, limit in waits)
    assert result.workers >= 1


def test_workers_that_join_mid_count_get_work(queue: Any) -> None:
    """Scaled from 1 worker to 4 once counting has begun: the tasks were cut by the
    subproblems, not by the one worker present, so the newcomers take some. The first
    worker is paused while they start (as a worker short of memory pauses), so that it
    cannot finish everything first on a slow machine."""
    from distributed import Client
    from distributed.core import Status

    queue.scale(1)
    client = Client(queue)
    client.wait_for_workers(1, timeout=120)
    (first,) = client.scheduler_info()["workers"]
    scaled = threading.Event()

    def set_status(status: Status) -> None:
        def apply(dask_worker: Any) -> None:
            dask_worker.status = status

        client.run(apply, workers=[first])

    def on_progress(progress: Progress) -> None:
        if progress.done and not scaled.is_set():
            scaled.set()
            set_status(Status.paused)
            queue.scale(4)
            client.wait_for_workers(4, timeout=120)
            set_status(Status.running)

    try:
        result = nqueens.count(
            16,  # tasks of 32 subproblems (N < 22), 30 ms each: the count outlasts the pause
            method="backtrack",
            scheduler=queue.scheduler_address,
            on_progress=on_progress,
        )
        executed = client.run(lambda dask_worker: dask_worker.state.executed_count)
    finally:
        client.close()
    assert scaled.is_set()
    assert (result.total, result.unique, result.published) == (*known_counts()[16], True)
    assert result.workers == 4  # the most the count had, not the one at its start
    assert sum(1 for tasks in executed.values() if tasks) >= 3, executed


def test_no_worker_in_time_is_one_line_naming_the_wait(queue: Any) -> None:
    address = queue.scheduler_address
    with pytest.raises(BackendUnavailableError, match="no worker joined") as refused:
        nqueens.count(12, scheduler=address, wait_for_workers=1)
    assert refused.value.options == ("wait_for_workers",)
    done = subprocess.run(
        [*NQUEENS, "count", "12", "--scheduler", address, "--wait-for-workers", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"nqueens: error: no worker joined the Dask scheduler at {address}")
    assert "waiting up to" not in line and line.endswith("(--wait-for-workers SECONDS)"), line


def test_the_command_says_it_waits_then_counts(queue: Any) -> None:
    address = queue.scheduler_address
    timer = _later(JOIN_AFTER, queue.scale, 1)
    try:
        done = subprocess.run(
            [*NQUEENS, "count", "12", "-s", address, "--wait-for-workers", "120", "--json"],
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        timer.cancel()
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "nqueens: waiting up to 2 minutes for the first Dask worker"
    ]
    assert json.loads(done.stdout)["total"] == known_counts()[12][0]


@pytest.mark.parametrize("subproblems", [1, 500, 3_876, 7_954, 100_000, 4_000_000])
def test_a_clusters_tasks_are_cut_by_the_subproblems(subproblems: int) -> None:
    """From N = 22, enough tasks for `CLUSTER_TASKS // 8` workers to get 8 each (or one
    subproblem a task), whatever the workers present; below, tasks of 32 subproblems at
    least (milliseconds each); a method's own limit is kept."""
    size = default_batch_size(subproblems, n=SMALL_TASK_BELOW)
    tasks = -(-subproblems // size)
    assert size == 1 or tasks >= CLUSTER_TASKS // 2
    assert tasks >= min(subproblems, CLUSTER_TASKS // 2) and size <= 256
    assert default_batch_size(subproblems, limit=8, n=SMALL_TASK_BELOW) <= 8
    small = default_batch_size(subproblems, n=SMALL_TASK_BELOW - 1)
    assert small == max(SMALL_TASK, size) and default_batch_size(subproblems, limit=8) == 8


def test_a_count_left_without_workers_stops_in_one_line_after_the_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Mid-count, a scheduler whose workers all left (a batch queue's jobs ended) is
    asked once a second; past the wait (10 s at least) the count stops, its journal kept,
    rather than wait for ever."""
    from nqueens.engine.runtime.cluster import client as cluster

    class Scheduler:
        def __init__(self) -> None:
            self.workers: dict[str, object] = {"w": object()}

        def scheduler_info(self) -> dict[str, object]:
            return {"workers": self.workers}

    clock = [100.0]
    monkeypatch.setattr(cluster.time, "monotonic", lambda: clock[0])
    scheduler = Scheduler()
    alone = cluster._Unattended(scheduler, wait=3)
    assert alone.wait == cluster.ALONE_MIN_SECONDS
    for _ in range(30):  # workers present: never stops
        clock[0] += 1
        alone.check()
    scheduler.workers = {}
    clock[0] += 1
    alone.check()  # the first second alone
    clock[0] += 9.5
    alone.check()  # 9.5 s alone: still waiting
    with pytest.raises(BackendUnavailableError, match="every Dask worker left") as stopped:
        clock[0] += 1
        alone.check()
    assert "run the same command again to resume" in str(stopped.value)
    scheduler.workers = {"w": object()}  # one came back in time: the wait starts again
    alone.since = None
    clock[0] += 1
    alone.check()
    assert alone.since is None
