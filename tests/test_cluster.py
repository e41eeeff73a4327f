"""Counting on a real Dask cluster: a scheduler and workers started here, on loopback.

The cluster is the `dask` command line, as a user would run it: `dask scheduler` and
`dask worker` as separate processes, each in its own process group, all stopped at the end.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import nqueens
from nqueens.errors import BackendUnavailableError
from nqueens.known import known_counts
from tests.dask_cluster import Cluster, free_port
from tests.processes import journal_rows, like_a_terminal, wait_for_rows

pytestmark = [pytest.mark.compiled, pytest.mark.cluster]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    running = Cluster(tmp_path_factory.mktemp("cluster"))
    yield running
    running.stop()


def _count_command(n: int, *args: str) -> list[str]:
    return [sys.executable, "-m", "nqueens", "count", str(n), *args]


@pytest.mark.parametrize("n", [12, 13, 14, 15])
def test_counts_through_the_command_on_the_cluster(cluster: Cluster, n: int) -> None:
    done = subprocess.run(
        _count_command(n, "--scheduler", cluster.address, "--json"),
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(done.stdout)
    assert (result["total"], result["unique"]) == known_counts()[n]
    assert result["workers"] == 2 and result["subproblems"] > 100
    assert result["method"] == "join"  # what auto picks for these sizes


@pytest.mark.parametrize("method", ["join", "backtrack"])
def test_each_method_resumes_from_its_journal_on_the_cluster(
    cluster: Cluster, tmp_path: Path, method: str
) -> None:
    journal = tmp_path / f"{method}.sqlite"
    first = nqueens.count(16, method=method, scheduler=cluster.address, journal=journal)
    assert (first.total, first.unique, first.method) == (*known_counts()[16], method)
    again = nqueens.count(16, method=method, scheduler=cluster.address, journal=journal)
    assert again.resumed == again.subproblems and again.total == first.total


def test_counts_through_the_api_with_a_journal(cluster: Cluster, tmp_path: Path) -> None:
    journal = tmp_path / "n13.sqlite"
    first = nqueens.count(13, scheduler=cluster.address, journal=journal, batch_size=50)
    assert (first.total, first.unique) == known_counts()[13] and first.resumed == 0
    again = nqueens.count(13, scheduler=cluster.address, journal=journal)
    assert again.resumed == again.subproblems and again.total == first.total


def test_a_client_killed_mid_run_resumes_from_its_journal(cluster: Cluster, tmp_path: Path) -> None:
    journal = tmp_path / "n16.sqlite"
    proc = subprocess.Popen(
        _count_command(
            16,
            "-s",
            cluster.address,
            "-j",
            str(journal),
            "--batch-size",
            "64",
            "-m",
            "backtrack",
            "-q",
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=like_a_terminal,
    )
    wait_for_rows(journal, proc, minimum=64 * 3)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    kept = journal_rows(journal)
    result = nqueens.count(16, method="backtrack", scheduler=cluster.address, journal=journal)
    assert (result.total, result.unique) == known_counts()[16]
    assert kept <= result.resumed < result.subproblems


def test_a_worker_lost_mid_run_does_not_change_the_count(tmp_path: Path) -> None:
    own = Cluster(tmp_path, workers=2)  # its own cluster: one of its workers is killed
    try:
        journal = tmp_path / "n16.sqlite"
        proc = subprocess.Popen(
            _count_command(
                16,
                "-s",
                own.address,
                "-j",
                str(journal),
                "--batch-size",
                "32",
                "--method",
                "backtrack",
                "--json",
                "-q",
            ),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        wait_for_rows(journal, proc, minimum=32 * 4)
        os.killpg(own.workers[0].pid, signal.SIGKILL)  # the machine is gone
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        result = json.loads(out)
        assert (result["total"], result["unique"]) == known_counts()[16]
        assert own.workers[0].poll() is not None
    finally:
        own.stop()


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    port = free_port()  # nothing listens there
    done = subprocess.run(
        _count_command(12, "--scheduler", f"tcp://127.0.0.1:{port}", "--connect-timeout", "2"),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("nqueens: error: cannot reach the Dask scheduler at tcp://")
    assert len(done.stderr.strip().splitlines()) == 1
    with pytest.raises(BackendUnavailableError, match="cannot reach"):
        nqueens.count(12, scheduler=f"tcp://127.0.0.1:{port}", connect_timeout=1)


def test_workers_without_the_package_are_a_clear_error(tmp_path: Path) -> None:
    hidden = "import sys\nsys.modules['nqueens'] = None  # as if it were not installed"
    own = Cluster(tmp_path, workers=1, worker_prelude=hidden)
    try:
        done = subprocess.run(
            _count_command(12, "--scheduler", own.address), capture_output=True, text=True
        )
        assert done.returncode == 2
        assert "cannot import nqueens" in done.stderr and "pip install nqueens-lab" in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
    finally:
        own.stop()


def test_a_local_cluster_on_request() -> None:
    result = nqueens.count(12, scheduler="local", workers=2)
    assert (result.total, result.unique) == known_counts()[12] and result.workers == 2
