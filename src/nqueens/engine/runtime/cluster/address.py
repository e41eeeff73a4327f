"""A scheduler's address, checked before anything connects: `local`, or
tcp:// or tls:// with a host and a port."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from nqueens.errors import InvalidSchedulerAddressError

__all__ = ["LOOPBACK", "SCHEMES", "Address", "parse_address"]

SCHEMES = ("tcp", "tls")
LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class Address:
    """A checked scheduler address: `local`, or SCHEME://HOST:PORT."""

    text: str
    scheme: str = ""
    host: str = ""
    port: int = 0

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


def parse_address(text: object, *, local: bool = True) -> Address:
    """`text` as a scheduler address, checked before anything connects: `local` (where
    `local` allows it: a count's, not a worker's), or tcp:// or tls:// with a host and a
    port (a bare HOST:PORT means tcp://)."""
    from urllib.parse import urlsplit

    choices = (
        "tcp://HOST:PORT, tls://HOST:PORT or local"
        if local
        else ("tcp://HOST:PORT or tls://HOST:PORT")
    )
    if not isinstance(text, str) or not text.strip():
        raise InvalidSchedulerAddressError(f"scheduler address {text!r} is empty: give {choices}")
    if text == "local":
        if not local:
            raise InvalidSchedulerAddressError(
                f"a worker joins a scheduler at {choices}, not `local`"
            )
        return Address(text)
    full = text if "://" in text else f"tcp://{text}"
    shown = text if len(text) <= 60 else text[:57] + "..."
    scheme = full.split("://", 1)[0]
    if scheme not in SCHEMES:
        raise InvalidSchedulerAddressError(
            f"scheduler address {shown!r} has the scheme {scheme!r}: use {choices}"
        )
    try:
        parts = urlsplit(full)
        port = parts.port
    except ValueError:  # a port that is not a number from 0 to 65535
        port = None
    if port is None or not parts.hostname or parts.path not in ("", "/"):
        raise InvalidSchedulerAddressError(
            f"scheduler address {shown!r} is not SCHEME://HOST:PORT: give the host and its "
            "port, such as tcp://10.0.0.5:8786" + (", or local" if local else "")
        )
    if port == 0:
        raise InvalidSchedulerAddressError(
            f"scheduler address {shown!r} has port 0, which no scheduler listens on: give "
            "the port it printed (or its --scheduler-file holds)"
        )
    return Address(full, parts.scheme, parts.hostname, port)
