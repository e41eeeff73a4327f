"""Write chunks of solutions (NumPy arrays from the engine) as text or .npy, fast.

Formatting row by row in Python would cost more than finding the solutions, so a small
numba kernel writes a whole chunk's digits into one byte buffer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import BinaryIO

import numpy as np
import numpy.typing as npt

__all__ = ["ARRAY_FORMATS", "write_arrays", "write_npy_header"]

ARRAY_FORMATS = ("list", "csv", "npy")


def _text(chunk: npt.NDArray[np.int8], base: int, sep: str, first_number: int = -1) -> bytes:
    """Rows of numbers separated by `sep`, one row per line (numbered from
    `first_number` when it is not negative), as ASCII bytes."""
    from nqueens.engine import kernels

    k, n = chunk.shape
    buffer = np.empty(k * (4 * n + 21), np.uint8)
    size = kernels.format_rows(chunk, base, ord(sep), first_number, buffer)
    return buffer[:size].tobytes()


def write_npy_header(out: BinaryIO, rows: int, n: int) -> None:
    """The header of an .npy file holding `rows` solutions of `n` int8 columns."""
    header = {"descr": "|i1", "fortran_order": False, "shape": (rows, n)}
    np.lib.format.write_array_header_1_0(out, header)


def write_arrays(
    chunks: Iterable[npt.NDArray[np.int8]],
    out: BinaryIO,
    fmt: str,
    *,
    n: int,
    base: int = 0,
    start: int = 1,
) -> int:
    """Write every chunk in `fmt` (list, csv, or raw npy rows); return the rows written.

    For csv, the header and the solution numbers (from `start`) are included; for npy
    only the rows: the caller writes the header, which needs the count in advance.
    """
    written = 0
    if fmt == "csv":
        columns = ",".join(f"row{r + base}" for r in range(n))
        out.write(f"solution,{columns}\n".encode())
    for chunk in chunks:
        if fmt == "npy":
            out.write(np.ascontiguousarray(chunk, np.int8).tobytes())
        elif fmt == "csv":
            out.write(_text(chunk, base, ",", start + written))
        else:
            out.write(_text(chunk, base, " "))
        written += len(chunk)
    return written
