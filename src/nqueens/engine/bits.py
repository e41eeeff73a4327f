"""The lowest set bit of an integer: every kernel's step from a queen's bit to its column
(one `tzcnt`), an LLVM intrinsic inside compiled kernels and plain Python when the JIT
is disabled (NUMBA_DISABLE_JIT=1), so the kernels that use it still run as Python; and
the explicit-stack searches' step to a row's next free square (`take_lowest`) and down
to the row below (`attacks_below`).
The join's recount (methods/join/confined.py) keeps its own loop for the column: it
shares nothing with the join it recounts (the join does not use `take_lowest`)."""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

__all__ = ["attacks_below", "lowest_bit_index", "take_lowest"]


@numba.njit(inline="always")
def take_lowest(avail, row):  # type: ignore[no-untyped-def]
    """The next free square of `row` in an explicit-stack search: the lowest bit of
    `avail[row]`, taken out of it; 0 when none is left (the search steps back). Inlined
    into each kernel, as if written there."""
    free = avail[row]
    bit = free & -free
    avail[row] = free ^ bit
    return bit


@numba.njit(inline="always")
def attacks_below(ls, ds, rs, row, bit, mask):  # type: ignore[no-untyped-def]
    """What the queens attack in the row below `row` once `bit` is placed in it, from
    the stacks of `row`'s attacks (ls, ds, rs): the left diagonals shifted one column
    left, the columns, the right diagonals shifted one column right. Inlined into each
    kernel, as if written there."""
    return ((ls[row] | bit) << 1) & mask, ds[row] | bit, (rs[row] | bit) >> 1


def _lowest_bit_index_py(x: Any) -> Any:
    index = (int(x) & -int(x)).bit_length() - 1
    return type(x)(index) if isinstance(x, np.integer) else index


if numba.config.DISABLE_JIT:
    lowest_bit_index = _lowest_bit_index_py
else:  # pragma: no cover - the compiled form runs inside kernels, out of coverage's sight
    from llvmlite import ir
    from numba.core import types
    from numba.extending import intrinsic

    @intrinsic  # type: ignore[misc]
    def lowest_bit_index(typingctx: Any, x: Any) -> Any:
        """Index of the lowest set bit of a non-zero integer, in its own type: the
        kernels' one step from a queen's bit to its column (one `tzcnt`)."""
        if not isinstance(x, types.Integer):
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

        return x(x), codegen
