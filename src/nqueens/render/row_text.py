"""Rows of column numbers written as ASCII text by a numba kernel: `solve --all` at
millions of solutions a second (render/arrays.py drives it)."""

from __future__ import annotations

from numba import njit

__all__ = ["format_rows"]


@njit(cache=True, inline="always")
def _write_number(buffer, at, value):  # type: ignore[no-untyped-def]
    """Write the decimal digits of `value` (>= 0) at `at`; return the next position."""
    start = at
    while True:
        buffer[at] = 48 + value % 10
        at += 1
        value //= 10
        if value == 0:
            break
    lo = start
    hi = at - 1
    while lo < hi:
        buffer[lo], buffer[hi] = buffer[hi], buffer[lo]
        lo += 1
        hi -= 1
    return at


@njit(cache=True)
def format_rows(chunk, base, sep, first_number, buffer):  # type: ignore[no-untyped-def]
    """Write each row of `chunk` as ASCII numbers joined by `sep`, one row per line.

    With first_number >= 0 each line starts with its solution number and `sep` (CSV).
    `buffer` must hold (digits + 1) bytes per number, plus the number and `sep` per line
    when numbered. Returns the bytes written.
    """
    at = 0
    for i in range(chunk.shape[0]):
        if first_number >= 0:
            at = _write_number(buffer, at, first_number + i)
            buffer[at] = sep
            at += 1
        for j in range(chunk.shape[1]):
            at = _write_number(buffer, at, chunk[i, j] + base)
            buffer[at] = sep if j + 1 < chunk.shape[1] else 10
            at += 1
    return at
