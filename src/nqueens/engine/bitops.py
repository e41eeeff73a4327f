"""Bit instructions numba does not expose: popcount, lowest set bit, an 8-word AND block.

Each is an LLVM intrinsic inside compiled kernels, and plain Python when the JIT is
disabled (NUMBA_DISABLE_JIT=1), so the kernels that use them still run as Python.
`match_block` exists because numba's loop vectoriser turns the natural loop over the
eight words into gathers across queries; written as one `<8 x i64>` vector it is two to
three times faster and keeps the join counter's inner loop at a few instructions.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

__all__ = ["BLOCK_WORDS", "lowest_bit_index", "match_block", "popcount"]

BLOCK_WORDS = 8
"""Words ANDed together by `match_block`: 8 x 64 = 512 patterns a block."""


def _popcount_py(x: Any) -> Any:
    return np.uint64(int(x).bit_count())


def _lowest_bit_index_py(x: Any) -> Any:
    x = int(x)
    return np.uint64((x & -x).bit_length() - 1)


def _match_block_py(
    table: Any, base: int, rows: Any, start: int, count: int, valid: Any, vstart: int
) -> Any:
    acc = valid[vstart : vstart + BLOCK_WORDS].copy()
    for k in range(count):
        at = base + int(rows[start + k]) * BLOCK_WORDS
        acc &= table[at : at + BLOCK_WORDS]
    return np.uint64(sum(int(word).bit_count() for word in acc))


if numba.config.DISABLE_JIT:
    popcount = _popcount_py
    lowest_bit_index = _lowest_bit_index_py
    match_block = _match_block_py
else:  # pragma: no cover - the compiled forms run inside kernels, out of coverage's sight
    from llvmlite import ir
    from numba.core import cgutils, types
    from numba.extending import intrinsic

    @intrinsic  # type: ignore[misc]
    def popcount(typingctx: Any, x: Any) -> Any:
        """Set bits of a uint64."""

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return types.uint64(types.uint64), codegen

    @intrinsic  # type: ignore[misc]
    def lowest_bit_index(typingctx: Any, x: Any) -> Any:
        """Index of the lowest set bit of a non-zero uint64."""

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

        return types.uint64(types.uint64), codegen

    @intrinsic  # type: ignore[misc]
    def match_block(
        typingctx: Any,
        table: Any,
        base: Any,
        rows: Any,
        start: Any,
        count: Any,
        valid: Any,
        vstart: Any,
    ) -> Any:
        """popcount(valid[vstart:+8] & AND of table[base + 8*rows[start+k]:+8], k < count)."""
        signature = types.uint64(table, types.intp, rows, types.intp, types.intp, valid, types.intp)

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            table_v, base_v, rows_v, start_v, count_v, valid_v, vstart_v = args
            table_a = context.make_array(sig.args[0])(context, builder, table_v)
            rows_a = context.make_array(sig.args[2])(context, builder, rows_v)
            valid_a = context.make_array(sig.args[5])(context, builder, valid_v)
            word = ir.IntType(64)
            vector = ir.VectorType(word, BLOCK_WORDS)
            pointer = vector.as_pointer()
            first = builder.bitcast(builder.gep(valid_a.data, [vstart_v]), pointer)
            acc = cgutils.alloca_once_value(builder, builder.load(first, align=8))
            with cgutils.for_range(builder, count_v) as loop:
                row = builder.load(builder.gep(rows_a.data, [builder.add(start_v, loop.index)]))
                at = builder.add(base_v, builder.mul(row, ir.Constant(word, BLOCK_WORDS)))
                words = builder.load(
                    builder.bitcast(builder.gep(table_a.data, [at]), pointer), align=8
                )
                builder.store(builder.and_(builder.load(acc), words), acc)
            ctpop = cgutils.get_or_insert_function(
                builder.module, ir.FunctionType(vector, [vector]), "llvm.ctpop.v8i64"
            )
            total = cgutils.get_or_insert_function(
                builder.module, ir.FunctionType(word, [vector]), "llvm.vector.reduce.add.v8i64"
            )
            return builder.call(total, [builder.call(ctpop, [builder.load(acc)])])

        return signature, codegen
