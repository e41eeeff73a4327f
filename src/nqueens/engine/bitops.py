"""Bit instructions numba does not expose: lowest set bit, vector AND-and-count blocks.

Each is an LLVM intrinsic inside compiled kernels, and plain Python when the JIT is
disabled (NUMBA_DISABLE_JIT=1), so the kernels that use them still run as Python.
`match_block` exists because numba's loop vectoriser turns the natural loop over a
block's words into gathers across queries; written as `<4 x i64>` vectors, with the rows
per query unrolled (one variant per row count) and one vector of counts summed at the
end, it is several times faster and keeps the join counter's inner loop at a few
instructions per 256 pairs.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

__all__ = ["BLOCK_WORDS", "MAX_ROWS", "lowest_bit_index", "match_block"]

BLOCK_WORDS = 4
"""Words ANDed together by `match_block`: 4 x 64 = 256 patterns a block. Measured on
AMD Zen 4, 4 words beat 8 by 7-10%: an 8-word vector runs as two halves there anyway,
and smaller blocks waste less on the part-filled last block of every bucket.
(Numba caches compiled kernels by their own file: after changing this, touch join.py.)"""

MAX_ROWS = 9
"""The most table rows a query ANDs (45 signature bits in chunks of 5: N <= 23)."""


def _lowest_bit_index_py(x: Any) -> Any:
    x = int(x)
    return np.uint64((x & -x).bit_length() - 1)


def _match_block_py(
    table: Any, base: int, offsets: Any, first: int, count: int, rows: int, valid: Any
) -> Any:
    found = 0
    for i in range(first, first + count):
        acc = valid.copy()
        for k in range(rows):
            at = base + int(offsets[i * rows + k])
            acc &= table[at : at + BLOCK_WORDS]
        found += sum(int(word).bit_count() for word in acc)
    return np.uint64(found)


if numba.config.DISABLE_JIT:
    lowest_bit_index = _lowest_bit_index_py
    match_block = _match_block_py
else:  # pragma: no cover - the compiled forms run inside kernels, out of coverage's sight
    from llvmlite import ir
    from numba import njit
    from numba.core import cgutils, types
    from numba.extending import intrinsic

    @intrinsic  # type: ignore[misc]
    def lowest_bit_index(typingctx: Any, x: Any) -> Any:
        """Index of the lowest set bit of a non-zero uint64."""

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

        return types.uint64(types.uint64), codegen

    def _match_rows(rows: int) -> Any:
        """The block matcher for queries of exactly `rows` table rows, unrolled."""

        @intrinsic  # type: ignore[misc]
        def match(
            typingctx: Any, table: Any, base: Any, offsets: Any, first: Any, count: Any, valid: Any
        ) -> Any:
            signature = types.uint64(table, types.intp, offsets, types.intp, types.intp, valid)

            def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
                table_v, base_v, offsets_v, first_v, count_v, valid_v = args
                table_a = context.make_array(sig.args[0])(context, builder, table_v)
                offsets_a = context.make_array(sig.args[2])(context, builder, offsets_v)
                valid_a = context.make_array(sig.args[5])(context, builder, valid_v)
                word = ir.IntType(64)
                vector = ir.VectorType(word, BLOCK_WORDS)
                pointer = vector.as_pointer()
                mask = builder.load(builder.bitcast(valid_a.data, pointer), align=8)
                block = builder.gep(table_a.data, [base_v])
                ctpop = cgutils.get_or_insert_function(
                    builder.module,
                    ir.FunctionType(vector, [vector]),
                    f"llvm.ctpop.v{BLOCK_WORDS}i64",
                )
                zero = ir.Constant(vector, [0] * BLOCK_WORDS)
                counts = cgutils.alloca_once_value(builder, zero)
                with cgutils.for_range(builder, count_v) as loop:
                    query = builder.add(first_v, loop.index)
                    at = builder.mul(query, ir.Constant(word, rows))
                    acc = mask
                    for k in range(rows):
                        index = builder.add(at, ir.Constant(word, k))
                        offset = builder.load(builder.gep(offsets_a.data, [index]))
                        row = builder.bitcast(builder.gep(block, [offset]), pointer)
                        acc = builder.and_(acc, builder.load(row, align=8))
                    found = builder.call(ctpop, [acc])
                    builder.store(builder.add(builder.load(counts), found), counts)
                total = cgutils.get_or_insert_function(
                    builder.module,
                    ir.FunctionType(word, [vector]),
                    f"llvm.vector.reduce.add.v{BLOCK_WORDS}i64",
                )
                return builder.call(total, [builder.load(counts)])

            return signature, codegen

        return match

    _m1, _m2, _m3, _m4, _m5, _m6, _m7, _m8, _m9 = (_match_rows(r) for r in range(1, MAX_ROWS + 1))

    @njit(cache=True)  # type: ignore[misc]
    def match_block(
        table: Any, base: int, offsets: Any, first: int, count: int, rows: int, valid: Any
    ) -> Any:
        """Over queries first..first+count-1: AND `valid` (one block's words) with the `rows` table
        rows at base + offsets[query * rows + k], count the bits left; the sum."""
        if rows == 7:
            return _m7(table, base, offsets, first, count, valid)
        if rows == 8:
            return _m8(table, base, offsets, first, count, valid)
        if rows == 9:
            return _m9(table, base, offsets, first, count, valid)
        if rows == 6:
            return _m6(table, base, offsets, first, count, valid)
        if rows == 5:
            return _m5(table, base, offsets, first, count, valid)
        if rows == 4:
            return _m4(table, base, offsets, first, count, valid)
        if rows == 3:
            return _m3(table, base, offsets, first, count, valid)
        if rows == 2:
            return _m2(table, base, offsets, first, count, valid)
        return _m1(table, base, offsets, first, count, valid)
