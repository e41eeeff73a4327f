"""Run a count's subproblems on a Dask cluster (dask.distributed).

Batches of subproblems become Dask tasks that call the very same numba kernels on the
workers (backtracking or join, whichever the split is for); the client sums the results
exactly and keeps the journal. A task whose worker is lost is run again elsewhere by the
scheduler, and a batch counted twice would change nothing (its result is recorded once,
by index), so results stay exact.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
from collections.abc import Generator, Iterator, Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from nqueens.errors import BackendUnavailableError, NQueensError

__all__ = ["connect", "default_batch_size", "run_batches"]

if TYPE_CHECKING:
    from nqueens.engine.run import Parts

Indices = npt.NDArray[np.intp]
Counts = npt.NDArray[np.int64]


def default_batch_size(subproblems: int, workers: int) -> int:
    """About 8 tasks per worker: a Dask task costs a few milliseconds of scheduling and a
    round trip, so tasks should be long, yet numerous enough to even out at the end."""
    return max(32, min(256, subproblems // (workers * 8)))


@contextlib.contextmanager
def connect(scheduler: str, workers: int, timeout: float) -> Iterator[tuple[object, int]]:
    """A Dask client and its number of workers; `local` starts a LocalCluster here.

    Raises BackendUnavailableError when the scheduler cannot be reached within `timeout`
    seconds, has no workers, or its workers cannot import nqueens.
    """
    from distributed import Client, LocalCluster

    logging.getLogger("distributed").setLevel(logging.ERROR)  # keep the terminal clean
    with contextlib.ExitStack() as stack:
        if scheduler == "local":
            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # any free port: never clash with another
                )
            )
            client = stack.enter_context(Client(cluster))
        else:
            try:
                client = stack.enter_context(Client(scheduler, timeout=timeout))
            except (OSError, TimeoutError) as error:
                raise BackendUnavailableError(
                    f"cannot reach the Dask scheduler at {scheduler} within {timeout:g} s "
                    f"({type(error).__name__}); start one with `dask scheduler` or check the "
                    "address"
                ) from None
            try:
                client.wait_for_workers(1, timeout=timeout)
            except TimeoutError:
                raise BackendUnavailableError(
                    f"the Dask scheduler at {scheduler} has no workers: start some with "
                    f"`dask worker {scheduler}`"
                ) from None
        _check_workers_have_the_package(client)
        yield client, len(client.scheduler_info()["workers"])


def _check_workers_have_the_package(client: object) -> None:
    try:  # find_spec is the standard library's, so it runs even where nqueens is missing
        found = client.run(importlib.util.find_spec, "nqueens")  # type: ignore[attr-defined]
    except (ImportError, ValueError) as error:
        raise BackendUnavailableError(
            f"a Dask worker cannot import nqueens ({error}): install it there with "
            "`pip install nqueens-lab`"
        ) from None
    lacking = sorted(address for address, spec in found.items() if spec is None)
    if lacking:
        raise BackendUnavailableError(
            f"{len(lacking)} Dask worker(s) cannot import nqueens ({', '.join(lacking)}): "
            "install it there with `pip install nqueens-lab`"
        )


def run_batches(
    client: object, parts: Parts, batches: Sequence[Indices], workers: int
) -> Generator[tuple[Indices, Counts], None, None]:
    """Submit every batch as a task and yield (indices, counts) as tasks finish."""
    from distributed import as_completed

    prefix = f"nqueens-{parts.n}-{parts.fingerprint()}"
    futures = {}
    for number, indices in enumerate(batches):
        function, arguments = parts.task(indices)
        future = client.submit(  # type: ignore[attr-defined]
            function, *arguments, key=f"{prefix}-{number}"
        )
        futures[future.key] = (future, indices)
    try:
        for future in as_completed([f for f, _ in futures.values()]):
            if future.status == "error":
                _raise_task_error(future.exception())
            yield futures[future.key][1], future.result()
    finally:
        client.cancel([f for f, _ in futures.values()])  # type: ignore[attr-defined]


def _raise_task_error(error: BaseException) -> None:
    if isinstance(error, ImportError):
        raise BackendUnavailableError(
            f"a Dask worker cannot import nqueens ({error}): install it there with "
            "`pip install nqueens-lab`"
        )
    raise NQueensError(f"a counting task failed on the Dask cluster: {error!r}") from error
