"""A real Dask cluster on loopback, started as the docs tell a user to:
`nqueens cluster scheduler` and `nqueens cluster worker` as separate processes, each in
its own process group, so that a test can kill one and `stop()` can clean up every one.
The scheduler takes any free port and says which in its scheduler file (a port chosen
here and then bound there could be taken meanwhile by another program)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tests.processes import NQUEENS


@dataclass(frozen=True)
class Certificates:
    """PEM files for TLS: the CA that signed them, a certificate and its key."""

    ca_file: Path
    cert: Path
    key: Path

    def options(self) -> list[str]:
        """As the `dask` and `nqueens count` command lines take them."""
        files = {"--tls-ca-file": self.ca_file, "--tls-cert": self.cert, "--tls-key": self.key}
        return [part for option, file in files.items() for part in (option, str(file))]


def make_certificates(folder: Path, names: tuple[str, ...]) -> dict[str, Certificates]:
    """A new certificate authority in `folder`, and a certificate it signs for each name
    (valid for 127.0.0.1), made with openssl as the README shows."""
    folder.mkdir(parents=True, exist_ok=True)

    def openssl(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, capture_output=True, cwd=folder)

    curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    openssl(
        "req",
        "-x509",
        *curve,
        "-subj",
        f"/CN={folder.name} CA",
        "-keyout",
        "ca-key.pem",
        "-out",
        "ca.pem",
        "-days",
        "2",
    )
    (folder / "san.ext").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    made = {}
    for name in names:
        openssl(
            "req",
            *curve,
            "-subj",
            f"/CN={name}",
            "-keyout",
            f"{name}-key.pem",
            "-out",
            f"{name}.csr",
        )
        openssl(
            *("x509", "-req", "-in", f"{name}.csr", "-CA", "ca.pem", "-CAkey", "ca-key.pem"),
            *("-CAcreateserial", "-out", f"{name}.pem", "-days", "2", "-extfile", "san.ext"),
        )
        made[name] = Certificates(
            folder / "ca.pem", folder / f"{name}.pem", folder / f"{name}-key.pem"
        )
    return made


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        args, stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True
    )


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


def own_certificate(folder: Path) -> Certificates:
    """The cluster's own certificate that `nqueens cluster scheduler --credentials
    FOLDER` keeps (its key in the same file)."""
    pem = folder / "cluster.pem"
    return Certificates(pem, pem, pem)


class Cluster:
    """A scheduler and `workers` single-threaded workers on `host` (a loopback address):
    on TLS with the `tls` files given, or with the cluster's own certificate kept in
    `credentials`; else plain tcp:// (`--insecure`), for the tests of counting."""

    def __init__(
        self,
        tmp: Path,
        workers: int = 2,
        worker_prelude: str | None = None,
        tls: Certificates | None = None,
        host: str = "127.0.0.1",
        credentials: Path | None = None,
    ) -> None:
        self.tmp = tmp
        self.host = host
        if credentials is not None:
            secured = ["--credentials", str(credentials)]
        else:
            secured = tls.options() if tls else ["--insecure"]
        self.secured = secured
        found = tmp / "scheduler.json"
        found.unlink(missing_ok=True)
        args = [*NQUEENS, "cluster", "scheduler", "--host", host, "--port", "0"]
        args += ["--scheduler-file", str(found), *secured]
        self.scheduler = _start(args, tmp / "scheduler.log")
        self.address = _wait_for_address(found, self.scheduler)
        self.tls = own_certificate(credentials) if credentials is not None else tls
        self.port = int(self.address.rsplit(":", 1)[1])
        self.workers = [self.add_worker(i, worker_prelude) for i in range(workers)]
        from distributed import Client, Security

        security = None
        if self.tls:
            security = Security(
                tls_ca_file=str(self.tls.ca_file),
                tls_client_cert=str(self.tls.cert),
                tls_client_key=str(self.tls.key),
                require_encryption=True,
            )
        if workers:  # none: a scheduler alone, for tests of what reaches it
            with Client(self.address, timeout=60, security=security) as client:
                client.wait_for_workers(workers, timeout=120)

    def add_worker(self, number: int, prelude: str | None = None) -> subprocess.Popen[bytes]:
        args = [*NQUEENS, "cluster", "worker", self.address, "--nworkers", "1"]
        args += ["--host", self.host, *self.secured]
        if prelude is not None:  # the worker process itself through a Python prelude
            args = [
                sys.executable,
                "-c",
                prelude + "\nfrom distributed.cli.dask_worker "
                "import main\nimport sys\nsys.argv = ['dask-worker'] + sys.argv[1:]\n"
                "main()",
                self.address,
                *("--nthreads", "1", "--no-nanny", "--no-dashboard", "--host", self.host),
                *(self.tls.options() if self.tls else []),
            ]
        return _start(args, self.tmp / f"worker{number}.log")

    def stop(self) -> None:
        for proc in [*self.workers, self.scheduler]:
            _stop(proc)


def _wait_for_address(found: Path, proc: subprocess.Popen[bytes]) -> str:
    """The scheduler's address, once its scheduler file says it."""
    deadline = time.monotonic() + 120
    while True:
        try:
            return str(json.loads(found.read_text())["address"])
        except (OSError, ValueError, KeyError):
            pass
        assert proc.poll() is None, f"the scheduler stopped (status {proc.returncode})"
        assert time.monotonic() < deadline, "the scheduler did not start"
        time.sleep(0.05)
