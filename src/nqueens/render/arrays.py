"""Write chunks of solutions (NumPy arrays from the engine) as text or .npy, fast.

Formatting row by row in Python would cost more than finding the solutions, so a small
numba kernel writes a whole chunk's digits into one byte buffer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import BinaryIO

import numpy as np
import numpy.typing as npt

from nqueens.render.text import ARRAY_FORMATS, csv_header

__all__ = ["ARRAY_FORMATS", "text_rows", "write_arrays", "write_npy_header"]


def text_rows(chunk: npt.NDArray[np.integer], base: int, sep: str, first_number: int = -1) -> bytes:
    """Rows of numbers separated by `sep`, one row per line (numbered from
    `first_number` when it is not negative), as ASCII bytes."""
    from nqueens.render.row_text import format_rows

    k, n = chunk.shape
    if k == 0:
        return b""
    digits = len(str(int(chunk.max()) + base))
    numbering = len(str(first_number + k)) + 1 if first_number >= 0 else 0
    buffer = np.empty(k * ((digits + 1) * n + numbering), np.uint8)
    size = format_rows(chunk, base, ord(sep), first_number, buffer)
    return buffer[:size].tobytes()


def write_npy_header(out: BinaryIO, rows: int, n: int, descr: str = "|i1") -> None:
    """The header of an .npy file holding `rows` rows of `n` columns (int8 by default)."""
    header = {"descr": descr, "fortran_order": False, "shape": (rows, n) if n else (rows,)}
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
        out.write(f"{csv_header(n, base)}\n".encode())
    for chunk in chunks:
        if fmt == "npy":
            out.write(np.ascontiguousarray(chunk, np.int8).tobytes())
        elif fmt == "csv":
            out.write(text_rows(chunk, base, ",", start + written))
        else:
            out.write(text_rows(chunk, base, " "))
        written += len(chunk)
    return written
