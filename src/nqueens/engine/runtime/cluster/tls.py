"""TLS for Dask: the files a user gives (`TLSFiles`), and the `distributed.Security` a
connection uses."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from nqueens.engine.runtime.cluster.address import Address
from nqueens.errors import BackendUnavailableError, shorten

if TYPE_CHECKING:
    import ssl

__all__ = ["TLSFiles", "security_for"]


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
                    f"TLS {what} file {shorten(str(file))} is {kind}, not a file"
                )
            if not Path(file).is_file():
                raise BackendUnavailableError(
                    f"TLS {what} file {shorten(str(file))} does not exist"
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
    if address.scheme == "tls" and not configured.tls_ca_file:  # type: ignore[attr-defined]
        raise BackendUnavailableError(
            f"{address.text} needs TLS credentials: give --tls-ca-file, --tls-cert and "
            "--tls-key (or set distributed.comm.tls in Dask's configuration)"
        )
    return None
