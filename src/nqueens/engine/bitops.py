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

from nqueens.engine.registry import JOIN

__all__ = ["BLOCK_WORDS", "CHUNK_BITS", "MAX_ROWS", "lowest_bit_index", "match_block"]

BLOCK_WORDS = 4
"""Words ANDed together by `match_block`: 4 x 64 = 256 patterns a block. Measured on
AMD Zen 4, 4 words beat 8 by 7-10%: an 8-word vector runs as two halves there anyway,
and smaller blocks waste less on the part-filled last block of every bucket.
(Numba caches compiled kernels by their own file: after changing this, touch join.py.)"""

CHUNK_BITS = 5
"""Signature bits per precomputed table row: 32 rows of a block's words each (6 bits, 64
rows, measured slower: twice the table to build)."""

MAX_ROWS = -(-2 * (JOIN.largest - 1) // CHUNK_BITS)
"""The most table rows a query ANDs: a signature of 2(N - 1) bits in chunks of
CHUNK_BITS, for the largest N the join takes (its registry entry): 9 for N <= 23. One
matcher is generated per row count, so raising the join's range raises this too."""


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
    from numba.core import cgutils, types
    from numba.extending import intrinsic

    @intrinsic  # type: ignore[misc]
    def lowest_bit_index(typingctx: Any, x: Any) -> Any:
        """Index of the lowest set bit of a non-zero uint64."""

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

        return types.uint64(types.uint64), codegen

    @intrinsic  # type: ignore[misc]
    def match_block(
        typingctx: Any, table: Any, base: Any, offsets: Any, first: Any, count: Any, rows: Any,
        valid: Any,
    ) -> Any:  # fmt: skip
        """Over queries first..first+count-1: AND `valid` (one block's words) with the `rows`
        table rows at base + offsets[query * rows + k], count the bits left; the sum.

        One loop per row count 1..MAX_ROWS, each unrolled, chosen by a switch on `rows`
        (a count outside that range matches nothing)."""
        signature = types.uint64(
            table, types.intp, offsets, types.intp, types.intp, types.intp, valid
        )

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            table_v, base_v, offsets_v, first_v, count_v, rows_v, valid_v = args
            table_a = context.make_array(sig.args[0])(context, builder, table_v)
            offsets_a = context.make_array(sig.args[2])(context, builder, offsets_v)
            valid_a = context.make_array(sig.args[6])(context, builder, valid_v)
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
            counts = cgutils.alloca_once_value(builder, ir.Constant(vector, [0] * BLOCK_WORDS))
            done = builder.append_basic_block("matched")
            switch = builder.switch(rows_v, done)
            for rows in range(1, MAX_ROWS + 1):
                case = builder.append_basic_block(f"rows{rows}")
                switch.add_case(ir.Constant(rows_v.type, rows), case)
                builder.position_at_end(case)
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
                builder.branch(done)
            builder.position_at_end(done)
            total = cgutils.get_or_insert_function(
                builder.module,
                ir.FunctionType(word, [vector]),
                f"llvm.vector.reduce.add.v{BLOCK_WORDS}i64",
            )
            return builder.call(total, [builder.load(counts)])

        return signature, codegen
