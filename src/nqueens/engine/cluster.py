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
import ipaddress
import logging
import signal
import warnings
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from nqueens.errors import (
    BackendUnavailableError,
    InsecureSchedulerWarning,
    InvalidSchedulerAddressError,
    NQueensError,
)

__all__ = ["TLSFiles", "connect", "default_batch_size", "parse_address", "run_batches"]

if TYPE_CHECKING:
    from nqueens.engine.registry import Parts

Indices = npt.NDArray[np.intp]
Counts = npt.NDArray[np.int64]

SCHEMES = ("tcp", "tls")
INSTALL = "pip install the wheel from `uv build`; see the README's cluster section"
LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class TLSFiles:
    """The client's side of a TLS connection: the certificate authority that signed the
    scheduler's certificate, and this client's own certificate and key (PEM files)."""

    ca_file: str | Path
    cert: str | Path
    key: str | Path


@dataclass(frozen=True)
class Address:
    """A checked scheduler address: `local`, or SCHEME://HOST:PORT."""

    text: str
    scheme: str = ""
    host: str = ""

    @property
    def local(self) -> bool:
        return self.text == "local"

    def plain_beyond_loopback(self) -> bool:
        """A plain tcp:// connection to another machine (unencrypted, unauthenticated)."""
        if self.scheme != "tcp":
            return False
        if self.host == "localhost":
            return False
        try:
            return not ipaddress.ip_address(self.host).is_loopback
        except ValueError:  # a host name: another machine, as far as we can tell
            return True


def parse_address(text: object) -> Address:
    """`text` as a scheduler address, checked before anything connects: `local`, or
    tcp:// or tls:// with a host and a port (a bare HOST:PORT means tcp://)."""
    from urllib.parse import urlsplit

    if not isinstance(text, str) or not text.strip():
        raise InvalidSchedulerAddressError(
            f"scheduler address {text!r} is empty: give tcp://HOST:PORT, tls://HOST:PORT or local"
        )
    if text == "local":
        return Address(text)
    full = text if "://" in text else f"tcp://{text}"
    shown = text if len(text) <= 60 else text[:57] + "..."
    scheme = full.split("://", 1)[0]
    if scheme not in SCHEMES:
        raise InvalidSchedulerAddressError(
            f"scheduler address {shown!r} has the scheme {scheme!r}: use tcp://HOST:PORT, "
            "tls://HOST:PORT or local"
        )
    try:
        parts = urlsplit(full)
        port = parts.port
    except ValueError:  # a port that is not a number from 0 to 65535
        port = None
    if port is None or not parts.hostname or parts.path not in ("", "/"):
        raise InvalidSchedulerAddressError(
            f"scheduler address {shown!r} is not SCHEME://HOST:PORT: give the host and its "
            "port, such as tcp://10.0.0.5:8786, or local"
        )
    return Address(full, parts.scheme, parts.hostname)


def default_batch_size(subproblems: int, workers: int) -> int:
    """About 8 tasks per worker: a Dask task costs a few milliseconds of scheduling and a
    round trip, so tasks should be long, yet numerous enough to even out at the end."""
    return max(32, min(256, subproblems // (workers * 8)))


def _security(address: Address, tls: TLSFiles | None) -> object | None:
    """distributed.Security for the files given, or None to use Dask's configuration
    (distributed.comm.tls.*); tls:// with neither is refused before connecting."""
    from distributed import Security

    if tls is not None:
        for name, file in (("CA", tls.ca_file), ("certificate", tls.cert), ("key", tls.key)):
            if not Path(file).is_file():
                raise BackendUnavailableError(f"TLS {name} file {str(file)!r} does not exist")
        return Security(
            tls_ca_file=str(tls.ca_file),
            tls_client_cert=str(tls.cert),
            tls_client_key=str(tls.key),
            require_encryption=True,
        )
    configured = Security()
    if address.scheme == "tls" and not configured.tls_ca_file:  # type: ignore[attr-defined]
        raise BackendUnavailableError(
            f"{address.text} needs TLS credentials: give --tls-ca-file, --tls-cert and "
            "--tls-key (or set distributed.comm.tls in Dask's configuration)"
        )
    return None


@contextlib.contextmanager
def _no_ctrl_c() -> Iterator[None]:
    """Ctrl-C ignored while the local cluster's processes start: they inherit it, so a
    Ctrl-C reaches only this process, which then stops them (no tracebacks of theirs)."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def connect(
    scheduler: str | Address,
    workers: int,
    timeout: float,
    tls: TLSFiles | None = None,
    on_dashboard: Callable[[str], None] | None = None,
) -> Iterator[tuple[object, int]]:
    """A Dask client and its number of workers; `local` starts a LocalCluster here, its
    scheduler, workers and (when `on_dashboard` wants its link) dashboard on 127.0.0.1.

    Raises InvalidSchedulerAddressError for a malformed address, and
    BackendUnavailableError when the scheduler cannot be reached within `timeout`
    seconds, has no workers, or its workers cannot import nqueens.
    """
    address = scheduler if isinstance(scheduler, Address) else parse_address(scheduler)
    if address.plain_beyond_loopback():
        warnings.warn(
            f"{address.text} is plain tcp:// to another machine: unencrypted, and anyone "
            "who reaches the scheduler can run code on its workers; prefer tls://",
            InsecureSchedulerWarning,
            stacklevel=3,
        )
    from distributed import Client, LocalCluster

    logging.getLogger("distributed").setLevel(logging.CRITICAL)  # keep the terminal clean
    with contextlib.ExitStack() as stack:
        if address.local:
            if on_dashboard is not None and importlib.util.find_spec("bokeh") is None:
                raise BackendUnavailableError(
                    "the Dask dashboard needs bokeh: pip install 'bokeh>=3.1'"
                )
            with _no_ctrl_c():
                cluster = stack.enter_context(
                    LocalCluster(
                        n_workers=workers,
                        threads_per_worker=1,
                        processes=True,
                        host=LOOPBACK,  # scheduler, nannies and workers: this machine only
                        dashboard_address=f"{LOOPBACK}:0",  # its HTTP server, any free port
                        scheduler_kwargs={"dashboard": on_dashboard is not None},
                        silence_logs=logging.CRITICAL,
                    )
                )
                client = stack.enter_context(Client(cluster))
            if on_dashboard is not None:
                on_dashboard(str(client.dashboard_link))
        else:
            security = _security(address, tls)
            try:
                client = stack.enter_context(
                    Client(address.text, timeout=timeout, security=security)
                )
            except Exception as error:  # whatever the other end did: one line, no traceback
                raise BackendUnavailableError(
                    f"cannot reach the Dask scheduler at {address.text} within {timeout:g} s "
                    f"({_reason(error)}); start one with `dask scheduler` or check the "
                    "address and its TLS files"
                ) from None
            try:
                client.wait_for_workers(1, timeout=timeout)
            except TimeoutError:
                raise BackendUnavailableError(
                    f"the Dask scheduler at {address.text} has no workers: start some with "
                    f"`dask worker {address.text}`"
                ) from None
        _check_workers_have_the_package(client)
        yield client, len(client.scheduler_info()["workers"])


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
    client: object, method: str, parts: Parts, batches: Sequence[Indices], workers: int
) -> Generator[tuple[Indices, Counts], None, None]:
    """Submit every batch as a task and yield (indices, counts) as tasks finish."""
    from distributed import as_completed

    prefix = f"nqueens-{method}-{parts.n}-{parts.fingerprint()}"
    futures = {}
    for indices in batches:  # a key names its subproblems: the same key, the same result
        function, arguments = parts.task(indices)
        future = client.submit(  # type: ignore[attr-defined]
            function, *arguments, key=f"{prefix}-{int(indices[0])}-{len(indices)}"
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
            f"a Dask worker cannot import nqueens ({error}): install it there ({INSTALL})"
        )
    raise NQueensError(f"a counting task failed on the Dask cluster: {error!r}") from error
