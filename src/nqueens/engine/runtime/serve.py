"""The command lines that start a Dask scheduler and workers for nqueens, bound to one
address: `nqueens cluster scheduler` and `nqueens cluster worker` run Dask's own
`dask scheduler` and `dask worker` with them.

Each requires TLS unless told `insecure`: with the files given, or else with the
cluster's own certificate (cluster/tls.py), which the scheduler makes and its workers
read. A plain tcp:// scheduler runs whatever anyone who reaches its port sends it, and
every user of the machine reaches loopback.

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
from nqueens.engine.runtime.cluster.tls import own_credentials
from nqueens.errors import InvalidSchedulerAddressError, InvalidSizeError, shorten
from nqueens.files import check_output_place, not_a_file
from nqueens.i18n import N_, _
from nqueens.validate import whole_number, worker_count

__all__ = [
    "SCHEDULER_PORT",
    "Command",
    "check_port_free",
    "scheduler_command",
    "worker_command",
]

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
    """A host to listen on, as Dask takes it: one address, or every interface only when
    asked. Decided by the addresses the name resolves to, not by its spelling: `0`,
    `0.0.0.0`, `::`, `[::]`, `0x0`, `::ffff:0.0.0.0` and a name that resolves to any of
    them are every interface. A numeric address is given to Dask in its plain form (an
    IPv6 one in brackets); a name as it is."""
    text = host.strip()
    bare = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    if not bare:
        raise InvalidSchedulerAddressError(f"give an address to listen on, not {host!r}")
    numeric = _numeric(bare)
    addresses = [numeric] if numeric is not None else _resolved(bare)
    everywhere = [a for a in addresses if _unspecified(a)]
    if everywhere and not every_interface:
        said = shorten(text)
        if str(everywhere[0]) != bare:  # `0`, `0x0`, a name: the address it stands for
            said += f" ({everywhere[0]})"
        raise InvalidSchedulerAddressError(
            f"{said} listens on every interface of this machine, to anyone who reaches it: "
            f"give this machine's address on the cluster's network, or add {EVERY_INTERFACE}"
        )
    if numeric is None:
        return bare
    return f"[{numeric}]" if numeric.version == 6 else str(numeric)


Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def _numeric(text: str) -> Address | None:
    """The address a numeric host stands for, in any spelling the system reads (`0`,
    `0x7f.1`, `::ffff:0.0.0.0`); None for a name."""
    try:
        found = socket.getaddrinfo(text, None, flags=socket.AI_NUMERICHOST)
    except (socket.gaierror, UnicodeError, ValueError):
        return None
    return ipaddress.ip_address(str(found[0][4][0]).split("%", 1)[0])


def _resolved(name: str) -> list[Address]:
    try:
        found = socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, ValueError) as error:
        reason = getattr(error, "strerror", None) or error
        raise InvalidSchedulerAddressError(
            f"cannot listen on {shorten(name)}: the name does not resolve ({reason})"
        ) from None
    return [ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]) for info in found]


def _unspecified(address: Address) -> bool:
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_unspecified or (mapped is not None and mapped.is_unspecified)


def check_port_free(host: str, port: int) -> None:
    """Refuse, before Dask starts, a port another program listens on (Dask would end
    with a traceback): the port is bound for a moment, as Dask binds it."""
    if port == 0:
        return
    bare = host[1:-1] if host.startswith("[") else host
    try:
        found = socket.getaddrinfo(bare, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        return  # Dask says so itself
    for family, kind, protocol, _name, where in found:
        with socket.socket(family, kind, protocol) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(where)
            except OSError as error:
                raise InvalidSchedulerAddressError(
                    f"cannot listen on {host}:{port}: {error.strerror or error} (another "
                    "program listens there: give another --port, or 0 for any free one)"
                ) from None


def worker_count_of(text: str) -> str:
    """`--nworkers` as Dask takes it: `auto` (one per core), or a whole number of worker
    processes from 1 to `limits.max_workers()`, as for `count --workers`."""
    if text.strip() == "auto":
        return "auto"
    number = whole_number(text, N_("workers"))
    if number is None:
        raise InvalidSizeError(
            _("--nworkers takes 'auto' or a number of worker processes, not {value}").format(
                value=shorten(text)
            )
        )
    return str(worker_count(number, option="nworkers"))


def port_range_of(text: str, option: str) -> str:
    """`--worker-port` or `--nanny-port`: PORT or PORT:LAST, each 0 to 65535."""
    ends = [whole_number(end, N_("port")) for end in text.split(":", 1)]
    ports = [end for end in ends if end is not None and 0 <= end <= 65535]
    if len(ports) != len(ends) or ports != sorted(ports):
        raise InvalidSchedulerAddressError(
            f"{option} takes PORT or FIRST:LAST, ports from 0 to 65535, not {shorten(text)}"
        )
    return ":".join(str(port) for port in ports)


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
    insecure: bool = False,
    credentials: str | None = None,
    dashboard: bool = False,
    every_interface: bool = False,
    scheduler_file: str | None = None,
    scratch: str | None = None,
) -> Command:
    """`dask scheduler` listening on `host`:`port` only, on tls:// with `tls` or else the
    cluster's own certificate (made in `credentials` if missing), on plain tcp:// only
    when `insecure`; port 0: any free port, which `scheduler_file` then tells, as JSON,
    with the whole address; its scratch files in `scratch` (a folder of the run's own)."""
    host = _check_host(host, every_interface)
    if tls is None and not insecure:
        tls = own_credentials(credentials, create=True)
    if tls is not None:
        tls.check()
    if scheduler_file is not None:
        _check_scheduler_file(scheduler_file)
    check_port_free(host, port)
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
    return Command(argv, env | _scratch(scratch))


def _check_scheduler_file(path: str) -> None:
    """The scheduler file is a file Dask writes whole: not a stream (writing a FIFO would
    wait for a reader), in a folder that takes it."""
    kind = not_a_file(path)
    if kind is not None:
        raise InvalidSchedulerAddressError(
            _("--scheduler-file {path} is {kind}, not a file: give a file name").format(
                path=shorten(path), kind=kind
            )
        )
    check_output_place(path)


def _scratch(folder: str | None) -> dict[str, str]:
    """Where Dask keeps its scratch files (each scheduler, nanny and worker makes a
    folder there): a folder of the run's own, which the command removes when it ends,
    rather than the /tmp/dask-scratch-space every Dask process shares and leaves."""
    return {} if folder is None else {"DASK_TEMPORARY_DIRECTORY": folder}


def facing(host: str) -> str:
    """This machine's address on the way to `host` (no packet is sent): where a worker
    should listen so that the scheduler and the other workers reach it, and no more.
    IPv6 or IPv4, as `host` resolves."""
    try:
        found = socket.getaddrinfo(host, 9, type=socket.SOCK_DGRAM)
        family, _, _, _, where = found[0]
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect(where)
            return str(probe.getsockname()[0]).split("%", 1)[0]
    except (OSError, IndexError, UnicodeError) as error:
        raise InvalidSchedulerAddressError(
            f"cannot find this machine's address towards {host} "
            f"({getattr(error, 'strerror', None) or error}): give --host"
        ) from None


def worker_command(
    scheduler: str,
    *,
    host: str | None = None,
    workers: str = "auto",
    tls: TLSFiles | None = None,
    insecure: bool = False,
    credentials: str | None = None,
    worker_port: str | None = None,
    nanny_port: str | None = None,
    every_interface: bool = False,
    scratch: str | None = None,
) -> Command:
    """`dask worker` for `scheduler`, its worker processes (one thread each: the kernels
    hold the GIL) and their nannies listening on `host` only (default: this machine's
    address towards the scheduler), their scratch files in `scratch` (a folder of the
    run's own)."""
    address = parse_address(scheduler, local=False)
    if address.scheme == "tls" and tls is None and not insecure:
        tls = own_credentials(credentials, create=False)
    if address.scheme == "tls" and tls is None:
        raise InvalidSchedulerAddressError(
            f"{shorten(address.text)} needs TLS: give --tls-ca-file, --tls-cert and "
            "--tls-key, or --credentials DIR where the scheduler keeps its own"
        )
    chosen = _check_host(host if host is not None else facing(address.host), every_interface)
    workers = worker_count_of(workers)
    if address.scheme == "tcp" and not insecure:
        raise InvalidSchedulerAddressError(
            f"{shorten(address.text)} is plain tcp://: whoever reaches the workers could run "
            "code as you; give the tls:// address the scheduler printed, or add --insecure"
        )
    if tls is not None:
        tls.check()
        tls.check_accepted_by(address)
    http, env = _http(False, "worker", 0)
    argv = [sys.executable, "-m", "distributed.cli.dask_worker", address.text]
    argv += ["--host", chosen, "--nthreads", "1", "--nworkers", workers, *http]
    if worker_port is not None:
        argv += ["--worker-port", port_range_of(worker_port, "--worker-port")]
    if nanny_port is not None:
        argv += ["--nanny-port", port_range_of(nanny_port, "--nanny-port")]
    return Command([*argv, *_tls_options(tls)], env | _scratch(scratch))
