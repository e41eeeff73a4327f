"""A real Dask cluster on loopback, started with the `dask` command line as a user would:
`dask scheduler` and single-threaded `dask worker`s as separate processes, each in its
own process group, so that a test can kill one and `stop()` can clean up every one."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

DASK = str(Path(sys.executable).with_name("dask"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        args, stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True
    )


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


class Cluster:
    """A scheduler and `workers` single-threaded workers on 127.0.0.1."""

    def __init__(self, tmp: Path, workers: int = 2, worker_prelude: str | None = None) -> None:
        self.port = free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.tmp = tmp
        self.scheduler = _start(
            [DASK, "scheduler", "--host", "127.0.0.1", "--port", str(self.port), "--no-dashboard"],
            tmp / "scheduler.log",
        )
        self.workers = [self.add_worker(i, worker_prelude) for i in range(workers)]
        from distributed import Client

        with Client(self.address, timeout=60) as client:
            client.wait_for_workers(workers, timeout=120)

    def add_worker(self, number: int, prelude: str | None = None) -> subprocess.Popen[bytes]:
        args = [
            DASK,
            "worker",
            self.address,
            "--nworkers",
            "1",
            "--nthreads",
            "1",
            "--no-nanny",
            "--no-dashboard",
            "--host",
            "127.0.0.1",
        ]
        if prelude is not None:  # run the worker through a Python prelude
            args = [
                sys.executable,
                "-c",
                prelude + "\nfrom distributed.cli.dask_worker "
                "import main\nimport sys\nsys.argv = ['dask-worker'] + sys.argv[1:]\n"
                "main()",
                *args[2:],
            ]
        return _start(args, self.tmp / f"worker{number}.log")

    def stop(self) -> None:
        for proc in [*self.workers, self.scheduler]:
            _stop(proc)
