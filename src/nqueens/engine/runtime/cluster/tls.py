"""TLS for Dask: the files a user gives (`TLSFiles`), the certificates nqueens makes for
a cluster, and the `distributed.Security` a connection uses.

Dask without TLS runs whatever any client sends it: every user of the machine, who
reaches its port on loopback, runs code as the user who started it. So every scheduler
nqueens starts requires TLS, and only holders of its certificate may connect:

- `--scheduler local`: a certificate made for that run, in memory (`local_security`):
  this process alone can connect;
- `nqueens cluster scheduler`: the files given, or the cluster's own
  (`own_credentials`): whoever can read the key;
- `... --insecure`: none, plain tcp://: anyone who reaches the port.

The cluster's own certificate is one self-signed certificate and its key in one file,
`cluster.pem` (0600, in a 0700 folder of the user's own, by default
~/.config/nqueens/cluster): the scheduler makes it when it is missing, workers and
clients of the same user read it (a shared home reaches every node).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from nqueens.engine.runtime.cluster.address import Address
from nqueens.errors import BackendUnavailableError, shorten
from nqueens.i18n import _

if TYPE_CHECKING:
    import ssl

__all__ = [
    "CREDENTIALS",
    "TLSFiles",
    "default_credentials",
    "local_security",
    "own_credentials",
    "security_for",
]

CREDENTIALS = "cluster.pem"
"""The cluster's own certificate and its key, in one file."""


@dataclass(frozen=True)
class TLSFiles:
    """The client's side of a TLS connection: the certificate authority that signed the
    scheduler's certificate, and this client's own certificate and key (PEM files)."""

    ca_file: str | Path
    cert: str | Path
    key: str | Path

    def check(self) -> None:
        """Refuse, before Dask reads them, files that are no files (a FIFO would make
        the reading wait for a writer), missing files, and files that do not hold a
        certificate authority, a certificate and its key: Dask would end in a traceback."""
        import ssl

        from nqueens.files import not_a_file

        for what, file in (("CA", self.ca_file), ("certificate", self.cert), ("key", self.key)):
            kind = not_a_file(file)
            if kind is not None:
                raise BackendUnavailableError(
                    _("TLS {what} file {file} is {kind}, not a file").format(
                        what=what, file=shorten(str(file)), kind=kind
                    )
                )
            if not Path(file).is_file():
                raise BackendUnavailableError(
                    _("TLS {what} file {file} does not exist").format(
                        what=what, file=shorten(str(file))
                    )
                )
        try:
            self.context()
        except (ssl.SSLError, OSError, ValueError) as error:
            raise BackendUnavailableError(
                f"the TLS files cannot be used ({getattr(error, 'reason', None) or error}): "
                "give a CA certificate, a certificate it signed and that certificate's key, "
                "in PEM"
            ) from None

    def context(self) -> ssl.SSLContext:
        """A client's TLS context from these files, as Dask makes it (names unchecked:
        the certificate authority is the cluster's own)."""
        import ssl

        context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile=str(self.ca_file))
        context.check_hostname = False
        context.load_cert_chain(str(self.cert), str(self.key))
        return context

    def check_accepted_by(self, address: Address, timeout: float = 5.0) -> None:
        """Refuse these files when the scheduler at `address` is up and refuses them (a
        certificate another authority signed, on either side): workers started with
        them would retry for ever, a traceback each time. A scheduler not up yet is no
        refusal: workers may be started first, and wait for it."""
        import socket
        import ssl

        try:
            connection = socket.create_connection((address.host, address.port), timeout)
        except OSError:
            return
        try:
            with self.context().wrap_socket(connection, server_hostname=address.host) as tls:
                tls.settimeout(min(timeout, 2.0))
                tls.recv(1)  # the scheduler speaks only when spoken to: a timeout is a welcome
        except TimeoutError:
            return
        except ssl.SSLError as error:
            raise BackendUnavailableError(
                f"the Dask scheduler at {address.text} refuses these TLS files "
                f"({error.reason or error}): give a certificate signed by the cluster's CA"
            ) from None
        except OSError:
            return
        finally:
            connection.close()


def security_for(address: Address, tls: TLSFiles | None) -> object | None:
    """distributed.Security for the files given, or None to use Dask's configuration
    (distributed.comm.tls.*); tls:// with neither is refused before connecting."""
    from distributed import Security

    if tls is not None:
        tls.check()
        return Security(
            tls_ca_file=str(tls.ca_file),
            tls_client_cert=str(tls.cert),
            tls_client_key=str(tls.key),
            require_encryption=True,
        )
    configured = Security()
    if address.scheme != "tls" or configured.tls_ca_file:  # type: ignore[attr-defined]
        return None
    own = own_credentials(create=False)
    if own is None:
        raise BackendUnavailableError(
            f"{address.text} needs TLS credentials: give --tls-ca-file, --tls-cert and "
            "--tls-key (or set distributed.comm.tls in Dask's configuration, or start the "
            f"scheduler as this user: it keeps its own in {shorten(str(default_credentials()))})"
        )
    return security_for(address, own)


def local_security() -> object:
    """A certificate made for one run, in memory, for a local cluster: only this process
    holds it, so only it can use the cluster's scheduler and workers."""
    from distributed import Security

    return Security.temporary()


def default_credentials() -> Path:
    """Where the cluster's own certificate is kept: $XDG_CONFIG_HOME/nqueens/cluster, or
    ~/.config/nqueens/cluster (a home shared by a cluster's nodes reaches them all)."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "nqueens" / "cluster"


def own_credentials(folder: str | Path | None = None, *, create: bool) -> TLSFiles | None:
    """The cluster's own certificate in `folder` (default `default_credentials()`), made
    there when missing and `create` (else None). Refused: a folder or file that another
    user owns, or that others may read or write (another user's certificate would let
    them in, or pose as our scheduler)."""
    place = Path(folder) if folder is not None else default_credentials()
    if create:
        try:
            place.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as error:
            raise BackendUnavailableError(
                f"cannot keep the cluster's TLS certificate in {shorten(str(place))} "
                f"({error.strerror or error}): give --credentials DIR, or the TLS files"
            ) from None
    elif not place.is_dir():
        return None
    _check_private(place, "folder", 0o077)
    pem = place / CREDENTIALS
    if not pem.exists():
        if not create:
            return None
        _make(pem)
    _check_private(pem, "file", 0o077)
    return TLSFiles(pem, pem, pem)


def _check_private(path: Path, what: str, others: int) -> None:
    info = os.stat(path)
    kind = stat.S_ISDIR if what == "folder" else stat.S_ISREG
    if not kind(info.st_mode):
        raise BackendUnavailableError(
            f"{shorten(str(path))} is not a {what}: the cluster's TLS certificate needs one"
        )
    if info.st_uid != os.geteuid():
        raise BackendUnavailableError(
            f"the cluster's TLS {what} {shorten(str(path))} belongs to another user (uid "
            f"{info.st_uid}): its certificate is not yours to trust; give --credentials DIR, "
            "a folder of your own"
        )
    if info.st_mode & others:
        mode = "700" if what == "folder" else "600"
        raise BackendUnavailableError(
            f"the cluster's TLS {what} {shorten(str(path))} is open to others (mode "
            f"{stat.S_IMODE(info.st_mode):o}): make it yours alone (chmod {mode}), or give "
            "--credentials DIR"
        )


def _make(pem: Path) -> None:
    """A new self-signed certificate and its key (as Dask's `Security.temporary()` makes
    them), written 0600 under a temporary name and linked into place: two schedulers
    starting at once end with one certificate, whole."""
    from distributed import Security

    made = Security.temporary()
    text = made.tls_client_key + made.tls_client_cert
    handle, temporary = tempfile.mkstemp(dir=pem.parent, prefix=".cluster.", suffix=".pem")
    try:
        with os.fdopen(handle, "w") as out:
            out.write(text)
        with contextlib.suppress(FileExistsError):  # made meanwhile: that one is the cluster's
            os.link(temporary, pem)
    finally:
        os.unlink(temporary)
