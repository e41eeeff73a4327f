"""Counting on a Dask cluster (dask.distributed), one module a job:

- `address.py`: a scheduler's address, checked before anything connects;
- `tls.py`: TLS, the files a user gives and the certificates made for a cluster;
- `batches.py`: how many subproblems a task holds;
- `logs.py`: Dask's log lines, kept off the terminal or said in our words;
- `client.py`: connecting (or starting a local cluster) and running the batches.
"""

from __future__ import annotations

from nqueens.engine.runtime.cluster.address import LOOPBACK, Address, parse_address
from nqueens.engine.runtime.cluster.batches import default_batch_size
from nqueens.engine.runtime.cluster.client import connect, run_batches, workers_of
from nqueens.engine.runtime.cluster.tls import TLSFiles

__all__ = [
    "LOOPBACK",
    "Address",
    "TLSFiles",
    "connect",
    "default_batch_size",
    "parse_address",
    "run_batches",
    "workers_of",
]
