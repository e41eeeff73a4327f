"""Vector instructions numba does not expose, for the join counter: AND-and-count over a block
(`match_block`), a strip's candidates joined eight at a time with a compress
(`join_lower`), a 64 x 64 bit transpose (`transpose64`) and a block's combination rows
(`combination_rows`) in vector registers. The compress is the one operation written per
vector instruction set, in simd.py (which also chooses the set); the rest are
plain LLVM vectors that every target lowers well.

Each is an LLVM intrinsic inside compiled kernels, and plain Python when the JIT is
disabled (NUMBA_DISABLE_JIT=1), so the kernels that use them still run as Python.
`match_block` exists because numba's loop vectoriser turns the natural loop over a
block's words into gathers across queries; written as `<4 x i64>` vectors, with the rows
per query unrolled (one variant per row count) and one vector of counts summed at the
end, it is several times faster and keeps the join counter's inner loop at a few
instructions per 256 pairs. The other three replace loops that numba leaves scalar
(a data-dependent branch per candidate, swaps within a vector, rows kept in registers);
benchmarks/join_stages.py measures each stage, docs/benchmarks.md quotes it.

One module past 450 lines, on purpose: each intrinsic stands beside its plain-Python twin
and the constants that size it (BLOCK_WORDS, CHUNK_BITS, MAX_ROWS), which match.py's
kernels compile in; numba caches a kernel by its own source file only, so every further
file these constants came from would be one more to touch after changing them.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from nqueens.limits import JOIN_MAX_N

__all__ = [
    "BLOCK_WORDS",
    "CHUNK_BITS",
    "COMPRESS_LANES",
    "LOW_BITS",
    "MAX_ROWS",
    "MIDDLE_D1",
    "MIDDLE_D2",
    "OPEN_D1",
    "OPEN_D2",
    "SECOND_SHIFT",
    "SHIFT",
    "UPPER_D1",
    "UPPER_D2",
    "UPPER_WORDS",
    "WIDE_MAX",
    "chunks_of",
    "combination_rows",
    "join_lower",
    "layout",
    "match_block",
    "pext",
    "pext_is_fast",
    "rewind",
    "transpose64",
]

BLOCK_WORDS = 4
"""Words ANDed together by `match_block`: 4 x 64 = 256 patterns a block. Measured on
AMD Zen 4, 4 words beat 8 by 7-10%: an 8-word vector runs as two halves there anyway,
and smaller blocks waste less on the part-filled last block of every bucket.
(Numba caches compiled kernels by their own file: after changing this, touch join.py.)"""

CHUNK_BITS = 5
"""Signature bits per precomputed table row: 32 rows of a block's words each (6 bits, 64
rows, measured slower: twice the table to build)."""

MAX_ROWS = -(-2 * (JOIN_MAX_N - 1) // CHUNK_BITS)
"""The most table rows a query ANDs: a signature of 2(N - 1) bits in chunks of
CHUNK_BITS, for the largest N the join takes (`limits.JOIN_MAX_N`): 11 for N <= 27. One
matcher is generated per row count, so raising the join's range raises this too."""

WIDE_MAX = 2
"""The most chunks of CHUNK_BITS + 1 bits a layout may have (`layout`): where the last
chunk of CHUNK_BITS would hold only one or two bits, one or two chunks one bit wider take
them, and each query ANDs one table row fewer. A wide chunk has twice the rows to build,
so one saves a row for nothing (31 bits at N = 20: 6 rows, not 7, for the same 224 table
rows) and two trade 32 more table rows for one fewer AND a query (N = 18)."""


@numba.njit(cache=True)
def layout(kept: int) -> tuple[int, int]:  # pragma: no cover - numba
    """(rows, wide): the chunks a signature of `kept` bits is cut into, and how many of
    them (the lowest) are CHUNK_BITS + 1 bits wide (see WIDE_MAX)."""
    rows = -(-kept // CHUNK_BITS)
    wide = kept - CHUNK_BITS * (rows - 1)
    if wide <= min(WIDE_MAX, rows - 1):  # that many of the other chunks can take a bit more
        return rows - 1, wide
    return rows, 0


def chunks_of(rows: int, wide: int) -> list[tuple[int, int, int]]:
    """(first bit, bits, first table row) of each chunk of a layout, the wide ones first:
    what the table builder and the matcher agree on."""
    chunks = []
    bit = row = 0
    for k in range(rows):
        bits = CHUNK_BITS + 1 if k < wide else CHUNK_BITS
        chunks.append((bit, bits, row))
        bit += bits
        row += 1 << bits
    return chunks


COMPRESS_LANES = 8
"""Candidates `join_lower` tests at once; it may write this many words past its count."""

UPPER_D1, UPPER_D2, OPEN_D1, OPEN_D2, MIDDLE_D1, MIDDLE_D2, SHIFT, LOW_BITS, SECOND_SHIFT = range(9)
"""The words of one upper placement as `join_lower` reads them, in this order: its
diagonals (d1: r + c, d2: c - r + N - 1), the same without the middle queen's, the
middle queen's own, and how a signature is cut from a strip's diagonals (the shift that
drops the diagonals the other half cannot reach, the mask of the N - 1 kept, and where
the d2 bits start)."""
UPPER_WORDS = 9


@numba.njit(cache=True, inline="always")
def rewind(starts: Any, groups: int) -> None:  # pragma: no cover - numba
    """After a counting sort's scatter moved each group's start to its end: back to the
    starts (a strip's lower placements, and the join's two lists, are sorted so)."""
    for v in range(groups, 0, -1):
        starts[v] = starts[v - 1]
    starts[0] = 0


def _match_block_py(
    table: Any, base: int, queries: Any, first: int, count: int, rows: int, wide: int,
    valid: Any,
) -> Any:  # fmt: skip
    found = 0
    chunks = chunks_of(rows, wide)
    for i in range(first, first + count):
        acc = valid.copy()
        for bit, bits, row in chunks:
            chunk = (int(queries[i]) >> bit) & ((1 << bits) - 1)
            at = base + (row + chunk) * BLOCK_WORDS
            acc &= table[at : at + BLOCK_WORDS]
        found += sum(int(word).bit_count() for word in acc)
    return np.uint64(found)


TRANSPOSE_MASKS = (
    0x00000000FFFFFFFF,
    0x0000FFFF0000FFFF,
    0x00FF00FF00FF00FF,
    0x0F0F0F0F0F0F0F0F,
    0x3333333333333333,
    0x5555555555555555,
)
"""The bits that stay at each level of a 64 x 64 transpose (blocks of 32, 16, ... 1)."""


def _transpose64_py(square: Any) -> None:
    width = 32
    for mask in TRANSPOSE_MASKS:
        for top in range(0, 64, 2 * width):
            for k in range(top, top + width):
                t = ((int(square[k]) >> width) ^ int(square[k + width])) & mask
                square[k + width] ^= np.uint64(t)
                square[k] ^= np.uint64((t << width) & 0xFFFFFFFFFFFFFFFF)
        width >>= 1


def _combination_rows_py(table: Any, base: int, slices: Any, nbits: int, wide: int) -> None:
    for bit, bits, row in chunks_of(MAX_ROWS, wide):
        if bit >= nbits:  # as the compiled form: every chunk that starts within the bits
            break
        at_row = base + row * BLOCK_WORDS
        table[at_row : at_row + BLOCK_WORDS] = ~np.uint64(0)
        for combo in range(1, 1 << bits):
            j = bit + (combo & -combo).bit_length() - 1
            at = at_row + combo * BLOCK_WORDS
            prev = at_row + (combo & (combo - 1)) * BLOCK_WORDS
            table[at : at + BLOCK_WORDS] = table[prev : prev + BLOCK_WORDS] & slices[j]


def _pext_is_fast_py() -> bool:
    return False  # plain Python: the shifts, as the portable path has them


def _pext_py(x: Any, mask: Any) -> Any:
    out = place = 0
    for bit in range(64):
        if int(mask) >> bit & 1:
            out |= (int(x) >> bit & 1) << place
            place += 1
    return np.uint64(out)


def _join_lower_py(
    out: Any, found: int, lower_d1: Any, lower_d2: Any, first: int, last: int, upper: Any
) -> Any:
    u1, u2, x1, x2, d1_0, d2_0, shift, low_bits, shift_2 = (int(v) for v in upper)
    for q in range(first, last):
        y1, y2 = int(lower_d1[q]), int(lower_d2[q])
        if (x1 & y1) | (x2 & y2):
            continue
        s1 = ((u1 | y1) ^ d1_0) >> shift
        s2 = ((u2 | y2) ^ d2_0) >> shift
        out[found] = (s1 & low_bits) | ((s2 & low_bits) << shift_2)
        found += 1
    return found


if numba.config.DISABLE_JIT:
    match_block = _match_block_py
    pext_is_fast = _pext_is_fast_py
    pext = _pext_py
    join_lower = _join_lower_py
    transpose64 = _transpose64_py
    combination_rows = _combination_rows_py
else:  # pragma: no cover - the compiled forms run inside kernels, out of coverage's sight
    from llvmlite import ir
    from numba.core import cgutils, types
    from numba.extending import intrinsic

    from nqueens.engine.methods.join import simd

    @intrinsic  # type: ignore[misc]
    def pext_is_fast(typingctx: Any) -> Any:
        """`simd.fast_pext()` for the target being compiled for, as a constant: the
        branches it guards fold away."""

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return ir.Constant(ir.IntType(1), int(simd.fast_pext()))

        return types.boolean(), codegen

    @intrinsic  # type: ignore[misc]
    def pext(typingctx: Any, x: Any, mask: Any) -> Any:
        """The bits of `x` where `mask` has ones, packed to the low end (BMI2's `pext`).
        Only for code behind `pext_is_fast()`: on a target without a fast `pext` it
        returns x unchanged, so that no unselectable instruction is ever emitted."""
        if not (isinstance(x, types.Integer) and isinstance(mask, types.Integer)):
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            value, bits = (
                context.cast(builder, arg, ty, types.uint64)
                for arg, ty in zip(args, signature.args, strict=True)
            )
            if not simd.fast_pext():
                return value
            word = ir.IntType(64)
            function = cgutils.get_or_insert_function(
                builder.module, ir.FunctionType(word, [word, word]), "llvm.x86.bmi.pext.64"
            )
            return builder.call(function, [value, bits])

        return types.uint64(x, mask), codegen

    @intrinsic  # type: ignore[misc]
    def match_block(
        typingctx: Any, table: Any, base: Any, queries: Any, first: Any, count: Any,
        rows: Any, wide: Any, valid: Any,
    ) -> Any:  # fmt: skip
        """Over queries first..first+count-1: AND `valid` (one block's words) with the
        `rows` table rows the query's signature names (its chunks as `chunks_of(rows,
        wide)` lays them out: chunk value v of the chunk whose rows start at r is row
        r + v, at base + (r + v) * BLOCK_WORDS), count the bits left; the sum.

        The row is cut from the signature in registers (a shift and a mask) rather than
        read from a list of offsets: one load per query instead of one per row.
        One loop per layout (rows 1..MAX_ROWS, wide 0..WIDE_MAX), each unrolled, chosen
        by a switch (a layout outside that range matches nothing)."""
        signature = types.uint64(
            table, types.intp, queries, types.intp, types.intp, types.intp, types.intp, valid
        )

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            table_v, base_v, queries_v, first_v, count_v, rows_v, wide_v, valid_v = args
            table_a = context.make_array(sig.args[0])(context, builder, table_v)
            queries_a = context.make_array(sig.args[2])(context, builder, queries_v)
            valid_a = context.make_array(sig.args[7])(context, builder, valid_v)
            word = ir.IntType(64)
            vector = ir.VectorType(word, BLOCK_WORDS)
            pointer = vector.as_pointer()
            mask = builder.load(builder.bitcast(valid_a.data, pointer), align=8)
            block = builder.bitcast(builder.gep(table_a.data, [base_v]), pointer)
            ctpop = cgutils.get_or_insert_function(
                builder.module,
                ir.FunctionType(vector, [vector]),
                f"llvm.ctpop.v{BLOCK_WORDS}i64",
            )
            counts = cgutils.alloca_once_value(builder, ir.Constant(vector, [0] * BLOCK_WORDS))
            done = builder.append_basic_block("matched")
            which = builder.add(builder.mul(rows_v, ir.Constant(rows_v.type, WIDE_MAX + 1)), wide_v)
            switch = builder.switch(which, done)
            for rows in range(1, MAX_ROWS + 1):
                for wide in range(min(rows, WIDE_MAX) + 1):
                    case = builder.append_basic_block(f"rows{rows}wide{wide}")
                    switch.add_case(ir.Constant(which.type, rows * (WIDE_MAX + 1) + wide), case)
                    builder.position_at_end(case)
                    with cgutils.for_range(builder, count_v) as loop:
                        query = builder.add(first_v, loop.index)
                        value = builder.load(builder.gep(queries_a.data, [query]))
                        acc = mask
                        for bit, bits, row in chunks_of(rows, wide):
                            chunk = builder.and_(
                                builder.lshr(value, ir.Constant(word, bit)),
                                ir.Constant(word, (1 << bits) - 1),
                            )
                            index = builder.add(chunk, ir.Constant(word, row))
                            place = builder.gep(block, [index])
                            acc = builder.and_(acc, builder.load(place, align=8))
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

    @intrinsic  # type: ignore[misc]
    def join_lower(
        typingctx: Any, out: Any, found: Any, lower_d1: Any, lower_d2: Any, first: Any,
        last: Any, upper: Any,
    ) -> Any:  # fmt: skip
        """Join one upper placement to the lower placements first..last-1 of a strip
        (`strips.strip`): keep each whose diagonals miss the upper's and write its
        signature at out[found], found + 1, ...; the new count. COMPRESS_LANES at a time:
        a vector load (masked for the last few), one comparison, a compress
        (`simd.compress`, the one operation written per vector path), no branch per
        candidate.

        `upper` holds (u1, u2, x1, x2, d1_0, d2_0, shift, low_bits, shift_2): the upper
        placement's diagonals, the same without the middle queen's, the middle queen's,
        and how a signature is cut from the diagonals (UPPER_D1 .. SECOND_SHIFT)."""
        signature = types.int64(
            out, types.int64, lower_d1, lower_d2, types.int64, types.int64, upper
        )

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            out_v, found_v, d1_v, d2_v, first_v, last_v, upper_v = args
            out_a = context.make_array(sig.args[0])(context, builder, out_v)
            d1_a = context.make_array(sig.args[2])(context, builder, d1_v)
            d2_a = context.make_array(sig.args[3])(context, builder, d2_v)
            upper_a = context.make_array(sig.args[6])(context, builder, upper_v)
            word = ir.IntType(64)
            lanes = COMPRESS_LANES
            vector = ir.VectorType(word, lanes)
            flags = ir.VectorType(ir.IntType(1), lanes)
            pointer = vector.as_pointer()

            def splat(value: Any) -> Any:
                undefined = ir.Constant(vector, ir.Undefined)
                first_lane = builder.insert_element(
                    undefined, value, ir.Constant(ir.IntType(32), 0)
                )
                zeros = ir.Constant(ir.VectorType(ir.IntType(32), lanes), [0] * lanes)
                return builder.shuffle_vector(first_lane, undefined, zeros)

            u1, u2, x1, x2, d1_0, d2_0, shift, low_bits, shift_2 = (
                splat(builder.load(builder.gep(upper_a.data, [ir.Constant(word, k)])))
                for k in range(UPPER_WORDS)  # UPPER_D1 .. SECOND_SHIFT, in order
            )
            masked_load = cgutils.get_or_insert_function(
                builder.module,
                ir.FunctionType(vector, [pointer, ir.IntType(32), flags, vector]),
                f"llvm.masked.load.v{lanes}i64.p0",
            )
            ctpop = cgutils.get_or_insert_function(
                builder.module, ir.FunctionType(ir.IntType(8), [ir.IntType(8)]), "llvm.ctpop.i8"
            )
            zero = ir.Constant(vector, [0] * lanes)
            lane_index = ir.Constant(vector, list(range(lanes)))
            found_p = cgutils.alloca_once_value(builder, found_v)
            align = ir.Constant(ir.IntType(32), 8)

            def join_chunk(at: Any, inside: Any) -> None:
                """The candidates at..at + lanes - 1; `inside` flags those before `last`
                (None: all are, and the words are loaded whole)."""
                places = [builder.bitcast(builder.gep(a.data, [at]), pointer) for a in (d1_a, d2_a)]
                if inside is None:
                    y1, y2 = (builder.load(place, align=8) for place in places)
                else:
                    y1, y2 = (
                        builder.call(masked_load, [place, align, inside, zero]) for place in places
                    )
                clash = builder.or_(builder.and_(x1, y1), builder.and_(x2, y2))
                keep = builder.icmp_unsigned("==", clash, zero)
                if inside is not None:
                    keep = builder.and_(keep, inside)
                s1 = builder.lshr(builder.xor(builder.or_(u1, y1), d1_0), shift)
                s2 = builder.lshr(builder.xor(builder.or_(u2, y2), d2_0), shift)
                signature_v = builder.or_(
                    builder.and_(s1, low_bits), builder.shl(builder.and_(s2, low_bits), shift_2)
                )
                found_now = builder.load(found_p)
                simd.compress(builder, signature_v, keep, builder.gep(out_a.data, [found_now]))
                kept = builder.call(ctpop, [builder.bitcast(keep, ir.IntType(8))])
                builder.store(builder.add(found_now, builder.zext(kept, word)), found_p)

            step = ir.Constant(word, lanes)
            whole = builder.sdiv(builder.sub(last_v, first_v), step)
            with cgutils.for_range(builder, whole) as loop:  # whole vectors: plain loads
                join_chunk(builder.add(first_v, builder.mul(loop.index, step)), None)
            tail = builder.add(first_v, builder.mul(whole, step))
            with builder.if_then(builder.icmp_signed("<", tail, last_v)):  # the rest, masked
                join_chunk(
                    tail, builder.icmp_signed("<", lane_index, splat(builder.sub(last_v, tail)))
                )
            return builder.load(found_p)

        return signature, codegen

    @intrinsic  # type: ignore[misc]
    def transpose64(typingctx: Any, square: Any) -> Any:
        """Transpose a 64 x 64 bit matrix in place (bit b of word k <-> bit k of word b):
        eight vectors of eight words; blocks of 32, 16 and 8 rows swap between vectors,
        blocks of 4, 2 and 1 inside each, by shuffles. Three times faster than the same
        masked swaps on single words, which the loop vectoriser leaves scalar."""

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            square_a = context.make_array(sig.args[0])(context, builder, args[0])
            word = ir.IntType(64)
            lanes = 8
            vector = ir.VectorType(word, lanes)
            pointer = vector.as_pointer()
            base = builder.bitcast(square_a.data, pointer)
            places = [builder.gep(base, [ir.Constant(ir.IntType(32), j)]) for j in range(8)]
            rows = [builder.load(place, align=8) for place in places]

            def splat(value: int) -> Any:
                return ir.Constant(vector, [value] * lanes)

            def swap(low: Any, high: Any, width: int, mask: int) -> tuple[Any, Any]:
                t = builder.and_(builder.xor(builder.lshr(low, splat(width)), high), splat(mask))
                return builder.xor(low, builder.shl(t, splat(width))), builder.xor(high, t)

            width = 32
            for mask in TRANSPOSE_MASKS:
                if width >= lanes:  # the partner row is in another vector
                    step = width // lanes
                    for j in range(8):
                        if (j // step) % 2 == 0:
                            rows[j], rows[j + step] = swap(rows[j], rows[j + step], width, mask)
                else:  # the partner row is `width` lanes away in the same vector
                    partner = [
                        i + width if (i // width) % 2 == 0 else i - width for i in range(lanes)
                    ]
                    low = ir.Constant(
                        ir.VectorType(ir.IntType(1), lanes),
                        [(i // width) % 2 == 0 for i in range(lanes)],
                    )
                    order = ir.Constant(ir.VectorType(ir.IntType(32), lanes), partner)
                    undefined = ir.Constant(vector, ir.Undefined)
                    for j in range(8):
                        row = rows[j]
                        other = builder.shuffle_vector(row, undefined, order)
                        t = builder.and_(
                            builder.xor(builder.lshr(row, splat(width)), other), splat(mask)
                        )
                        back = builder.shuffle_vector(t, undefined, order)
                        rows[j] = builder.xor(
                            row, builder.select(low, builder.shl(t, splat(width)), back)
                        )
                width >>= 1
            for place, row in zip(places, rows, strict=True):
                builder.store(row, place, align=8)
            return context.get_dummy_value()

        return types.void(square), codegen

    @intrinsic  # type: ignore[misc]
    def combination_rows(
        typingctx: Any, table: Any, base: Any, slices: Any, nbits: Any, wide: Any
    ) -> Any:
        """One block's match table from its bit slices: for each chunk of the layout with
        `wide` chunks of CHUNK_BITS + 1 bits (`chunks_of`), the AND of every combination
        of its bits' slices (2^bits rows of BLOCK_WORDS words), at table[base:]. Each
        combination is one vector AND of a smaller one, kept in registers; `slices`
        (rows, BLOCK_WORDS) must have a row for every bit of the last chunk (rows past
        nbits all ones)."""

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            table_v, base_v, slices_v, nbits_v, wide_v = args
            table_a = context.make_array(sig.args[0])(context, builder, table_v)
            slices_a = context.make_array(sig.args[2])(context, builder, slices_v)
            word = ir.IntType(64)
            vector = ir.VectorType(word, BLOCK_WORDS)
            pointer = vector.as_pointer()
            block = builder.gep(table_a.data, [base_v])
            ones = ir.Constant(vector, [(1 << 64) - 1] * BLOCK_WORDS)
            done = builder.append_basic_block("rows_done")
            switch = builder.switch(wide_v, done)
            for wide in range(WIDE_MAX + 1):
                case = builder.append_basic_block(f"wide{wide}")
                switch.add_case(ir.Constant(wide_v.type, wide), case)
                builder.position_at_end(case)
                for bit, bits, first_row in chunks_of(MAX_ROWS, wide):
                    chunk = builder.append_basic_block(f"wide{wide}bit{bit}")
                    present = builder.icmp_signed("<", ir.Constant(word, bit), nbits_v)
                    builder.cbranch(present, chunk, done)
                    builder.position_at_end(chunk)
                    slice_rows = []
                    for b in range(bits):
                        at = ir.Constant(word, (bit + b) * BLOCK_WORDS)
                        place = builder.bitcast(builder.gep(slices_a.data, [at]), pointer)
                        slice_rows.append(builder.load(place, align=8))
                    rows = [ones]
                    for combo in range(1, 1 << bits):
                        low = (combo & -combo).bit_length() - 1
                        rows.append(builder.and_(rows[combo & (combo - 1)], slice_rows[low]))
                    for combo, row in enumerate(rows):
                        at = ir.Constant(word, (first_row + combo) * BLOCK_WORDS)
                        place = builder.bitcast(builder.gep(block, [at]), pointer)
                        builder.store(row, place, align=8)
                builder.branch(done)
            builder.position_at_end(done)
            return context.get_dummy_value()

        return types.void(table, base, slices, nbits, wide), codegen
