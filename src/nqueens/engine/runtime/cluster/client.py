"""Connect to a Dask cluster (or start a local one) and run a count's batches on it.

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
import os
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import CancelledError
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from nqueens.engine.runtime.cluster.address import LOOPBACK, Address, parse_address
from nqueens.engine.runtime.cluster.logs import DaskLogs, stopping_quietly
from nqueens.engine.runtime.cluster.tls import TLSFiles, local_security, security_for
from nqueens.errors import (
    BackendUnavailableError,
    CountInterrupted,
    InsecureSchedulerWarning,
    NQueensError,
)

__all__ = ["connect", "run_batches", "workers_of"]

if TYPE_CHECKING:
    from nqueens.engine.counter import Parts

Indices = npt.NDArray[np.intp]
Counts = npt.NDArray[np.int64]

INSTALL = "pip install the wheel from `uv build`; see the README's cluster section"


def _deaf_worker_processes(stack: contextlib.ExitStack) -> None:
    """Make the local cluster's worker processes ignore Ctrl-C, so that it reaches only
    this process, which then stops them (no tracebacks of theirs), while this process
    hears Ctrl-C at every moment: they are forked from multiprocessing's fork server,
    whose first import (`_ignore_ctrl_c`) makes it and so them ignore Ctrl-C."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return
    import dask.config
    from distributed.utils import get_mp_context

    stack.enter_context(
        dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"})
    )
    get_mp_context()  # Dask's preloads for the fork server, set before it starts
    from multiprocessing import forkserver

    preload = list(forkserver._forkserver._preload_modules)  # type: ignore[attr-defined]
    first = "nqueens.engine.runtime._ignore_ctrl_c"
    forkserver.set_forkserver_preload([first, *(m for m in preload if m != first)])
    with _output_to_devnull():  # what the workers print is not ours to show
        forkserver.ensure_running()


@contextlib.contextmanager
def _output_to_devnull() -> Iterator[None]:
    """Standard output and error pointed at /dev/null for a moment (a process started
    meanwhile keeps that): a worker process's traceback, if it is stopped while it
    starts, must not reach the terminal, nor anything of its reach the count's output."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved: list[tuple[int, int]] = []
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        for fd in (1, 2):
            with contextlib.suppress(OSError):  # closed: nothing to point elsewhere
                saved.append((fd, os.dup(fd)))
                os.dup2(devnull, fd)
        yield
    finally:
        for fd, copy in saved:
            os.dup2(copy, fd)
            os.close(copy)
        os.close(devnull)


def _close_half_started() -> None:
    """Close a local cluster whose start a Ctrl-C cut short (its object never reached us),
    now rather than in Dask's own exit handler, which would print a traceback. Nothing is
    imported here: a Ctrl-C inside `import distributed` left it half imported (importing
    it again failed, in Dask's own code), and then no cluster was started."""
    spec = sys.modules.get("distributed.deploy.spec")
    for cluster in list(getattr(getattr(spec, "SpecCluster", None), "_instances", ())):
        with contextlib.suppress(Exception):
            cluster.close(timeout=10)


@contextlib.contextmanager
def connect(
    scheduler: str | Address,
    workers: int,
    timeout: float,
    tls: TLSFiles | None = None,
    on_dashboard: Callable[[str], None] | None = None,
    wait: float = 10.0,
    on_waiting: Callable[[float, float], None] | None = None,
) -> Iterator[tuple[object, int]]:
    """A Dask client and its number of workers; `local` starts a LocalCluster here, its
    scheduler, workers and (when `on_dashboard` wants its link) dashboard on 127.0.0.1.

    A remote scheduler is given `timeout` seconds to answer, then `wait` seconds for its
    first worker to join (`on_waiting(waited, wait)` told about once a second): a batch
    system starts workers when its queue allows.

    Raises InvalidSchedulerAddressError for a malformed address, and
    BackendUnavailableError when the scheduler cannot be reached in time, no worker
    joins in time, or its workers cannot import nqueens; CountInterrupted for a Ctrl-C
    before the cluster is ready. Dask's log lines never reach the terminal: the few that
    matter become a `ClusterNoticeWarning`.
    """
    address = scheduler if isinstance(scheduler, Address) else parse_address(scheduler)
    if address.plain_beyond_loopback():
        warnings.warn(
            f"{address.text} is plain tcp:// to another machine: unencrypted, and anyone "
            "who reaches the scheduler can run code on its workers; prefer tls://",
            InsecureSchedulerWarning,
            stacklevel=3,
        )
    logs = DaskLogs()
    stack = contextlib.ExitStack()
    try:
        try:
            import distributed  # noqa: F401  (its import sets up the logging replaced here)

            logs.install()
            client = _connect(stack, address, workers, timeout, tls, on_dashboard)
            if not address.local:
                _wait_for_workers(client, address, wait, on_waiting)
            _check_workers_have_the_package(client)
            size = workers_of(client, 1)
        except KeyboardInterrupt:
            if address.local:
                with stopping_quietly(logs):
                    _close_half_started()
            where = (
                "starting the local Dask cluster"
                if address.local
                else f"connecting to the Dask scheduler at {address.text}"
            )
            raise CountInterrupted(f"interrupted while {where}; nothing was counted") from None
        yield client, size
    finally:  # Dask silenced, then the client closed, then the cluster
        with stopping_quietly(logs):
            stack.close()


def _connect(
    stack: contextlib.ExitStack,
    address: Address,
    workers: int,
    timeout: float,
    tls: TLSFiles | None,
    on_dashboard: Callable[[str], None] | None,
) -> object:
    from distributed import Client, LocalCluster

    if address.local:
        if on_dashboard is not None and importlib.util.find_spec("bokeh") is None:
            raise BackendUnavailableError(
                "the Dask dashboard needs bokeh: pip install 'bokeh>=3.1'"
            )
        import dask.config

        scratch = stack.enter_context(
            tempfile.TemporaryDirectory(prefix="nqueens-dask-", ignore_cleanup_errors=True)
        )  # the run's own: Dask's /tmp/dask-scratch-space is shared, and stays
        stack.enter_context(dask.config.set({"temporary-directory": scratch}))
        _deaf_worker_processes(stack)
        security = local_security()  # only this process holds it: no other user's client
        cluster = stack.enter_context(
            LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                local_directory=scratch,  # the run's own, not /tmp/dask-scratch-space
                host=LOOPBACK,  # scheduler, nannies and workers: this machine only
                protocol="tls://",  # and only with the run's certificate
                security=security,
                dashboard_address=f"{LOOPBACK}:0",  # its HTTP server, any free port
                scheduler_kwargs={"dashboard": on_dashboard is not None},
                silence_logs=logging.CRITICAL,
            )
        )
        client = stack.enter_context(Client(cluster, security=security))
        if on_dashboard is not None:
            on_dashboard(str(client.dashboard_link))
    else:
        security = security_for(address, tls)
        try:
            client = stack.enter_context(Client(address.text, timeout=timeout, security=security))
        except Exception as error:  # whatever the other end did: one line, no traceback
            raise BackendUnavailableError(
                f"cannot reach the Dask scheduler at {address.text} within {timeout:g} s "
                f"({_reason(error)}); start one with `nqueens cluster scheduler` or check "
                "the address and its TLS files"
            ) from None
    return client


def _wait_for_workers(
    client: object,
    address: Address,
    wait: float,
    on_waiting: Callable[[float, float], None] | None,
) -> None:
    """Return once the scheduler has a worker; wait for one up to `wait` seconds, in
    slices of a second (each told to `on_waiting`, and each a chance for Ctrl-C)."""
    started = time.monotonic()
    while True:
        left = wait - (time.monotonic() - started)
        try:
            client.wait_for_workers(1, timeout=max(0.1, min(1.0, left)))  # type: ignore[attr-defined]
            return
        except TimeoutError:
            waited = time.monotonic() - started
            if waited >= wait:
                break
            if on_waiting is not None:
                on_waiting(waited, wait)
    raise BackendUnavailableError(
        f"no worker joined the Dask scheduler at {address.text} within {wait:g} s: start "
        f"some (`nqueens cluster worker {address.text}`), or wait longer",
        option="wait_for_workers",
    )


def workers_of(client: object, otherwise: int) -> int:
    """The workers the scheduler has now (a batch system's come and go), or `otherwise`
    where it no longer answers (the count is done: that changes nothing)."""
    try:
        return len(client.scheduler_info()["workers"])  # type: ignore[attr-defined]
    except Exception:  # any failure of the scheduler's comm
        return otherwise


def _reason(error: BaseException) -> str:
    """The innermost cause's type, in short: TimeoutError, SSLError, ..."""
    while error.__cause__ is not None or error.__context__ is not None:
        error = error.__cause__ or error.__context__  # type: ignore[assignment]
    return type(error).__name__


def _check_workers_have_the_package(client: object) -> None:
    try:  # find_spec is the standard library's, so it runs even where nqueens is missing
        found = client.run(importlib.util.find_spec, "nqueens")  # type: ignore[attr-defined]
    except (ImportError, ValueError) as error:
        raise BackendUnavailableError(
            f"a Dask worker cannot import nqueens ({error}): install it there ({INSTALL})"
        ) from None
    lacking = sorted(address for address, spec in found.items() if spec is None)
    if lacking:
        raise BackendUnavailableError(
            f"{len(lacking)} Dask worker(s) cannot import nqueens ({', '.join(lacking[:2])}"
            f"{', ...' if len(lacking) > 2 else ''}): install it there ({INSTALL})"
        )


def run_batches(
    client: object,
    method: str,
    wait: float,
    parts: Parts,
    batches: Sequence[Indices],
    workers: int,
) -> Generator[tuple[Indices, Counts], None, None]:
    """Submit every batch as a task and yield (indices, counts) as tasks finish; a
    scheduler left without workers for `wait` seconds mid-count stops it."""
    from distributed import as_completed

    prefix = f"nqueens-{method}-{parts.n}-{parts.fingerprint()}"
    futures = {}
    for indices in batches:  # a key names its subproblems: the same key, the same result
        function, arguments = parts.task(indices)
        future = client.submit(  # type: ignore[attr-defined]
            function, *arguments, key=f"{prefix}-{int(indices[0])}-{len(indices)}"
        )
        futures[future.key] = (future, indices)
    finished = as_completed([f for f, _ in futures.values()])
    alone = _Unattended(client, wait)
    try:
        while not finished.is_empty():
            if not finished.has_ready():
                alone.check()
                time.sleep(0.05)
                continue
            for future in finished.next_batch(block=False):
                if future.status == "error":
                    _raise_task_error(future.exception())
                try:
                    result = future.result()
                except (OSError, CancelledError) as error:  # Dask's CommClosedError is one
                    raise _scheduler_gone(client, error) from None
                yield futures[future.key][1], result
    finally:
        with contextlib.suppress(Exception):  # a scheduler gone has nothing to cancel
            client.cancel([f for f, _ in futures.values()])  # type: ignore[attr-defined]


def _scheduler_gone(client: object, error: BaseException) -> BackendUnavailableError:
    """A scheduler that went away mid-count (killed, its machine down), in our words."""
    address = getattr(getattr(client, "scheduler", None), "address", None) or "the scheduler"
    return BackendUnavailableError(
        f"lost the Dask scheduler at {address} mid-count ({_reason(error)}): what finished "
        "is kept in the journal; start the scheduler again and run the same command to resume"
    )


ALONE_MIN_SECONDS = 10.0
"""Mid-count, the scheduler may be without workers this long whatever `wait` says: a
nanny restarting its worker takes seconds."""


class _Unattended:
    """How long the scheduler has had no worker while tasks wait: past `wait` seconds
    (a batch queue's workers ended, none came back) the count stops, its journal kept,
    rather than wait in silence for ever."""

    def __init__(self, client: object, wait: float) -> None:
        self.client = client
        self.wait = max(wait, ALONE_MIN_SECONDS)
        self.asked = time.monotonic()
        self.since: float | None = None

    def check(self) -> None:
        now = time.monotonic()
        if now - self.asked < 1.0:  # the scheduler asked once a second at most
            return
        self.asked = now
        if workers_of(self.client, 1) > 0:
            self.since = None
            return
        self.since = self.since or now
        if now - self.since >= self.wait:
            raise BackendUnavailableError(
                f"every Dask worker left the scheduler and none came back within "
                f"{self.wait:g} s: what finished is kept in the journal; start workers and "
                "run the same command again to resume",
                option="wait_for_workers",
            )


def _raise_task_error(error: BaseException) -> None:
    if isinstance(error, ImportError):
        raise BackendUnavailableError(
            f"a Dask worker cannot import nqueens ({error}): install it there ({INSTALL})"
        )
    raise NQueensError(f"a counting task failed on the Dask cluster: {error!r}") from error
