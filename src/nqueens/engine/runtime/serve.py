"""The command lines that start a Dask scheduler and workers for nqueens, bound to one
address: `nqueens cluster scheduler` and `nqueens cluster worker` run Dask's own
`dask scheduler` and `dask worker` with them.

Dask on its own listens on every interface: the scheduler's HTTP server (plain HTTP, no
login, pages that show workers, logs and metrics) even with `--no-dashboard`, and each
worker's too. Here the scheduler and the workers listen on the one address given; the
HTTP servers listen on 127.0.0.1 only and serve no page unless the dashboard is asked
for; every interface (0.0.0.0 or ::) is refused unless asked for in so many words.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from dataclasses import dataclass, field

from nqueens.engine.runtime.cluster import LOOPBACK, TLSFiles, parse_address
from nqueens.errors import InvalidSchedulerAddressError

__all__ = ["SCHEDULER_PORT", "Command", "scheduler_command", "worker_command"]

SCHEDULER_PORT = 8786
"""Dask's usual port for the scheduler: the one port a firewall must open to clients and
workers (and each worker's --worker-port and --nanny-port to the scheduler)."""

EVERY_INTERFACE = "--every-interface"
"""The option that allows 0.0.0.0 or :: (named here once, for the refusal to quote)."""


@dataclass(frozen=True)
class Command:
    """A program to run: its arguments and the environment variables it adds."""

    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)


def _check_host(host: str, every_interface: bool) -> str:
    """A host to listen on: one address, or every interface only when asked."""
    text = host.strip().strip("[]")
    if not text:
        raise InvalidSchedulerAddressError(f"give an address to listen on, not {host!r}")
    try:
        everywhere = ipaddress.ip_address(text).is_unspecified
    except ValueError:  # a host name: it resolves to the addresses of one machine
        everywhere = False
    if everywhere and not every_interface:
        raise InvalidSchedulerAddressError(
            f"{text} listens on every interface of this machine, to anyone who reaches it: "
            f"give this machine's address on the cluster's network, or add {EVERY_INTERFACE}"
        )
    return text


def _tls_options(tls: TLSFiles | None) -> list[str]:
    if tls is None:
        return []
    files = {"--tls-ca-file": tls.ca_file, "--tls-cert": tls.cert, "--tls-key": tls.key}
    return [part for option, file in files.items() for part in (option, str(file))]


def _http(dashboard: bool, kind: str, port: int) -> tuple[list[str], dict[str, str]]:
    """The HTTP server's options: on 127.0.0.1 always (reach it through an SSH tunnel),
    serving no page at all unless the dashboard is asked for."""
    options = ["--dashboard-address", f"{LOOPBACK}:{port if dashboard else 0}"]
    if dashboard:
        return [*options, "--dashboard"], {}
    routes = f"DASK_DISTRIBUTED__{kind.upper()}__HTTP__ROUTES"
    return [*options, "--no-dashboard"], {routes: "[]"}


def scheduler_command(
    host: str = LOOPBACK,
    port: int = SCHEDULER_PORT,
    *,
    tls: TLSFiles | None = None,
    dashboard: bool = False,
    every_interface: bool = False,
    scheduler_file: str | None = None,
) -> Command:
    """`dask scheduler` listening on `host`:`port` only (tls:// with `tls`; port 0: any
    free port, which `scheduler_file` then tells, as JSON, with the whole address)."""
    host = _check_host(host, every_interface)
    http, env = _http(dashboard, "scheduler", 8787)
    argv = [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", host]
    argv += ["--port", str(port), *http]
    if scheduler_file is not None:
        argv += ["--scheduler-file", scheduler_file]
    if tls is not None:
        argv += ["--protocol", "tls", *_tls_options(tls)]
        env |= {  # the dashboard too, when asked for, over HTTPS with the same files
            "DASK_DISTRIBUTED__SCHEDULER__DASHBOARD__TLS__CA_FILE": str(tls.ca_file),
            "DASK_DISTRIBUTED__SCHEDULER__DASHBOARD__TLS__CERT": str(tls.cert),
            "DASK_DISTRIBUTED__SCHEDULER__DASHBOARD__TLS__KEY": str(tls.key),
        }
    return Command(argv, env)


def facing(host: str) -> str:
    """This machine's address on the way to `host` (no packet is sent): where a worker
    should listen so that the scheduler and the other workers reach it, and no more."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((host, 9))
            return str(probe.getsockname()[0])
    except OSError as error:
        raise InvalidSchedulerAddressError(
            f"cannot find this machine's address towards {host} ({error.strerror or error}): "
            "give --host"
        ) from None


def worker_command(
    scheduler: str,
    *,
    host: str | None = None,
    workers: str = "auto",
    tls: TLSFiles | None = None,
    worker_port: str | None = None,
    nanny_port: str | None = None,
    every_interface: bool = False,
) -> Command:
    """`dask worker` for `scheduler`, its worker processes (one thread each: the kernels
    hold the GIL) and their nannies listening on `host` only (default: this machine's
    address towards the scheduler)."""
    address = parse_address(scheduler)
    if address.local:
        raise InvalidSchedulerAddressError(
            "a worker joins a scheduler at tcp://HOST:PORT or tls://HOST:PORT, not `local`"
        )
    if address.scheme == "tls" and tls is None:
        raise InvalidSchedulerAddressError(
            f"{address.text} needs TLS: give --tls-ca-file, --tls-cert and --tls-key"
        )
    chosen = _check_host(host if host is not None else facing(address.host), every_interface)
    http, env = _http(False, "worker", 0)
    argv = [sys.executable, "-m", "distributed.cli.dask_worker", address.text]
    argv += ["--host", chosen, "--nthreads", "1", "--nworkers", workers, *http]
    if worker_port is not None:
        argv += ["--worker-port", worker_port]
    if nanny_port is not None:
        argv += ["--nanny-port", nanny_port]
    return Command([*argv, *_tls_options(tls)], env)
