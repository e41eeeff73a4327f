"""`nqueens cluster scheduler` and `nqueens cluster worker`: Dask's own scheduler and
workers, started bound to one address (engine/runtime/serve.py builds their command lines)."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from nqueens.cli._app import cli
from nqueens.cli._options import tls_options
from nqueens.cli._signals import Stopped
from nqueens.cli._types import Whole
from nqueens.errors import printable

if TYPE_CHECKING:
    from nqueens.engine.runtime.cluster import TLSFiles

_F = TypeVar("_F", bound=Callable[..., Any])


@cli.group()
def cluster() -> None:
    """Start a Dask scheduler or workers for `nqueens count --scheduler`.

    Each listens on one address only (never every interface unless asked), its HTTP
    server on 127.0.0.1 serving nothing unless --dashboard. Every connection needs TLS:
    with your CA's files, or else the cluster's own certificate, which the scheduler
    makes (0600, in ~/.config/nqueens/cluster or --credentials DIR) and its workers
    read; only who can read it can connect. --insecure: plain tcp://, open to anyone
    who reaches the port (every user of this machine).

    \b
    Examples:
      nqueens cluster scheduler --host 10.0.0.5
      nqueens cluster worker tls://10.0.0.5:8786
      nqueens cluster scheduler --host 10.0.0.5 --tls-ca-file ca.pem \\
          --tls-cert node.pem --tls-key node-key.pem
    """


def _every_interface(f: _F) -> _F:
    return click.option(
        "--every-interface",
        is_flag=True,
        help="Allow --host 0.0.0.0 or :: (every interface of this machine).",
    )(f)


def _insecure(f: _F) -> _F:
    return click.option(
        "--insecure",
        is_flag=True,
        help="Plain tcp://, no TLS: anyone who reaches the port can run code as you.",
    )(f)


def _credentials(f: _F) -> _F:
    return click.option(
        "--credentials",
        type=click.Path(file_okay=False),
        metavar="DIR",
        help="Where the cluster's own certificate is kept without the TLS files "
        "(default: ~/.config/nqueens/cluster).",
    )(f)


INSECURE = (
    "insecure, plain tcp://: anyone who can reach it runs code as you (every user of this "
    "machine{beyond})"
)
"""What --insecure means, said when a scheduler or workers start with it."""


def _private(path: str) -> None:
    """The scheduler file made 0600 before Dask writes it (Dask keeps its mode): the
    address and the scheme are no one else's business, and with --insecure they are
    the way in."""
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        os.fchmod(handle, 0o600)
    finally:
        os.close(handle)


@contextmanager
def _scratch() -> Iterator[str]:
    """A folder of the run's own for Dask's scratch files, removed when it ends."""
    with tempfile.TemporaryDirectory(prefix="nqueens-dask-", ignore_cleanup_errors=True) as folder:
        yield folder


def _run(command: Any, says: str) -> None:
    """Say where it listens, then run the Dask process and watch it: its log lines are
    passed on, a traceback of its own folded into its last line; a stopping signal
    (Ctrl-C, SIGTERM, SIGHUP) is passed on to it, and the command ends as every command
    does, with one line and 128 + the signal's number."""
    from nqueens.cli._supervise import supervise

    click.echo(printable(says), err=True)
    sys.stderr.flush()
    os.umask(os.umask(0o077) | 0o077)  # what Dask writes (logs, files) is ours alone
    status = supervise(command.argv, os.environ | command.env)
    if status.signal is not None:
        raise Stopped(status.signal)


@cluster.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option(
    "--port",
    type=Whole(0, 65535),
    default=8786,
    show_default=True,
    help="The port to listen on (0: any free port; see --scheduler-file).",
)
@click.option(
    "--scheduler-file",
    type=click.Path(dir_okay=False),
    help="Write the scheduler's address there (JSON), for workers and scripts to read.",
)
@tls_options("this machine's", exists=True)
@_insecure
@_credentials
@click.option(
    "--dashboard",
    is_flag=True,
    help="Serve Dask's dashboard on 127.0.0.1:8787 (needs bokeh; reach it by an SSH tunnel).",
)
@_every_interface
def scheduler(
    host: str,
    port: int,
    scheduler_file: str | None,
    tls: TLSFiles | None,
    insecure: bool,
    credentials: str | None,
    dashboard: bool,
    every_interface: bool,
) -> None:
    """Run a Dask scheduler listening on HOST:PORT only, on tls:// (--insecure: tcp://)."""
    from nqueens.engine.runtime.serve import scheduler_command

    with _scratch() as scratch:
        command = scheduler_command(
            host,
            port,
            tls=tls,
            insecure=insecure,
            credentials=credentials,
            dashboard=dashboard,
            every_interface=every_interface,
            scheduler_file=scheduler_file,
            scratch=scratch,
        )
        if scheduler_file is not None:
            _private(scheduler_file)
        secured = "--tls-key" in command.argv
        scheme = "tls" if secured else "tcp"
        host = command.argv[command.argv.index("--host") + 1]  # as checked, given to Dask
        where = f"{scheme}://{host}:{port}" if port else f"{scheme}://{host}, on a free port"
        _run(command, f"nqueens: scheduler at {where}{_who_connects(command, host)}")


def _who_connects(command: Any, host: str) -> str:
    """Who can connect, said when a scheduler or workers start."""
    if "--tls-key" not in command.argv:
        beyond = "" if _loopback(host) else ", and everyone on the network"
        return "; " + INSECURE.format(beyond=beyond)
    key = command.argv[command.argv.index("--tls-key") + 1]
    return f"; only holders of its TLS key ({key}) can connect"


def _loopback(host: str) -> bool:
    import ipaddress

    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


@cluster.command()
@click.argument("address")
@click.option("--host", help="The address to listen on (default: this machine's towards ADDRESS).")
@click.option(
    "--nworkers",
    default="auto",
    show_default=True,
    help="Worker processes (auto: one per core), one thread each.",
)
@click.option("--worker-port", metavar="PORT[:LAST]", help="Workers' ports (default: any free).")
@click.option("--nanny-port", metavar="PORT[:LAST]", help="Nannies' ports (default: any free).")
@tls_options("this machine's", exists=True)
@_insecure
@_credentials
@_every_interface
def worker(
    address: str,
    host: str | None,
    nworkers: str,
    worker_port: str | None,
    nanny_port: str | None,
    tls: TLSFiles | None,
    insecure: bool,
    credentials: str | None,
    every_interface: bool,
) -> None:
    """Run Dask workers for the scheduler at ADDRESS (tls://; --insecure: tcp://),
    listening on one address only."""
    from nqueens.engine.runtime.serve import worker_command

    with _scratch() as scratch:
        command = worker_command(
            address,
            host=host,
            workers=nworkers,
            tls=tls,
            insecure=insecure,
            credentials=credentials,
            worker_port=worker_port,
            nanny_port=nanny_port,
            every_interface=every_interface,
            scratch=scratch,
        )
        listening = command.argv[command.argv.index("--host") + 1]
        said = f"nqueens: workers for {address}, listening on {listening}"
        _run(command, said + _who_connects(command, listening))
