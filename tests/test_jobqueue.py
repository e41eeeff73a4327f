"""docs/cluster.md's dask-jobqueue advice, read back: the job script its `SLURMCluster`
writes starts the workers with the Python it names (`python=`), not the client's.

Only the job's script is made (dask-jobqueue's job class, given a scheduler's address):
no scheduler starts and nothing is queued.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Any

from tests.conftest import unavailable

PAGE = Path(__file__).resolve().parents[1] / "docs" / "cluster.md"
SCHEDULER = "tcp://10.0.0.5:8786"


def _documented_arguments() -> dict[str, Any]:
    """The keyword arguments of the page's `SLURMCluster(...)`, each a literal."""
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.DOTALL)
    (source,) = [block for block in blocks if "SLURMCluster(" in block]
    (call,) = [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "SLURMCluster"
    ]
    return {keyword.arg: ast.literal_eval(keyword.value) for keyword in call.keywords}


def _worker_line(**arguments: Any) -> str:
    """The line of the job script that starts the Dask workers."""
    try:
        from dask_jobqueue import SLURMCluster
    except ImportError:
        unavailable("dask-jobqueue is not installed (uv sync: it is in the dev group)")
    script = SLURMCluster.job_cls(scheduler=SCHEDULER, name="docs", **arguments).job_script()
    (line,) = [line for line in script.splitlines() if "distributed.cli.dask_worker" in line]
    return line


def test_the_documented_cluster_starts_its_workers_with_the_python_it_names() -> None:
    arguments = _documented_arguments()
    python = arguments.get("python")
    assert python and python != sys.executable, "the page's SLURMCluster names no python="
    line = _worker_line(**arguments)
    assert line.startswith(f"{python} -m distributed.cli.dask_worker {SCHEDULER} ")
    assert "--nthreads 1" in line.split(SCHEDULER)[1]  # one thread a process: the GIL


def test_an_activated_venv_does_not_choose_the_workers_python() -> None:
    """Why the page says python=: a prologue that activates a venv runs before a worker
    command that names the client's own interpreter by its full path."""
    arguments = {k: v for k, v in _documented_arguments().items() if k != "python"}
    line = _worker_line(**arguments, job_script_prologue=["source ~/nq/bin/activate"])
    assert line.startswith(f"{sys.executable} -m distributed.cli.dask_worker")
