"""The vector instruction set the join's kernels are written for: one choice, made once.

    path      chosen when LLVM, for numba's     compress: keep the flagged words of 8,
              target, lowers a vector add to    packed to the left
    avx512    8 words in one zmm instruction    vpcompressq into a register, one store
    avx2      4 words in one ymm instruction    each half's 4 words left-packed by vpermd
                                                through a 16-row table of lane orders
                                                (`_compress_avx2`), two stores
    portable  neither (x86-64 baseline, ARM64)  each word stored in turn, the place
                                                moved on by its flag: no branch

Taking bits out of a signature (the join's cut bits, and the bits one list never
holds) is BMI2's `pext`, one instruction, on both x86 paths where the processor runs it
fast (`fast_pext`: not AMD before Zen 3, which runs it as microcode); elsewhere a fixed
number of shifts drops the cut bits alone.

Every other operation of `bitops.py` (AND-and-count over a block, the 64 x 64
transpose, the table rows) is plain LLVM vectors, which each target lowers to its own
instructions (on AVX2, the popcount by nibble lookup; on AVX-512, `vpopcntq` where the
processor has it). The compress is the one that differs: LLVM's generic
`llvm.masked.compressstore` is one instruction on AVX-512 and a branch per lane
elsewhere.

The target is the one numba compiles for: NUMBA_CPU_NAME (the host by default) with
NUMBA_CPU_FEATURES (the host's features by default; none for `generic`). Numba caches
kernels per target, so each path has its own cache entries. To compile for another
processor, set both: NUMBA_CPU_NAME=haswell NUMBA_CPU_FEATURES="" gives exactly
Haswell's instructions (the name alone keeps the host's features).
"""

from __future__ import annotations

import functools
import re
from typing import Any

__all__ = ["PATHS", "SLOW_PEXT", "compress", "fast_pext", "target", "vector_path"]

PATHS = ("avx512", "avx2", "portable")
"""Each vector path, fastest first (see the table above)."""

_PROBES = {
    "avx512": ("<8 x i64>", r"vpaddq\s.*%zmm"),
    "avx2": ("<4 x i64>", r"vpaddq\s.*%ymm"),
}
"""Per path: a vector add, and the single instruction LLVM emits for it where the
path's registers exist (AVX1 splits a 4-word add in two, SSE2 in four)."""


def target() -> tuple[str, str]:
    """The processor name and feature string numba compiles for, as numba reads them."""
    from llvmlite import binding
    from numba.core import codegen, config

    name: str = getattr(config, "CPU_NAME", None) or binding.get_host_cpu_name()
    features: str | None = getattr(config, "CPU_FEATURES", None)
    return name, codegen.get_host_cpu_features() if features is None else features


@functools.cache
def vector_path() -> str:
    """`avx512`, `avx2` or `portable`: the first path whose probe LLVM lowers, for
    numba's target, to the path's single instruction (the table in the module's
    docstring)."""
    from llvmlite import binding

    binding.initialize_native_target()
    binding.initialize_native_asmprinter()
    name, features = target()
    machine = binding.Target.from_default_triple().create_target_machine(
        cpu=name, features=features, opt=2
    )
    for path, (vector, instruction) in _PROBES.items():
        module = binding.parse_assembly(
            f'target triple = "{binding.get_default_triple()}"\n'
            f"define void @probe({vector}* %p, {vector}* %q) {{\n"
            f"  %a = load {vector}, {vector}* %p\n  %b = load {vector}, {vector}* %q\n"
            f"  %s = add {vector} %a, %b\n  store {vector} %s, {vector}* %p\n  ret void\n}}\n"
        )
        if re.search(instruction, machine.emit_assembly(module)):
            return path
    return "portable"


SLOW_PEXT = ("znver1", "znver2", "bdver4")
"""Processors with BMI2 whose `pext` is microcode, hundreds of cycles: AMD before Zen 3."""


@functools.cache
def fast_pext() -> bool:
    """Whether the kernels take bits out of a word with BMI2's `pext`: on the avx512 and
    avx2 paths (x86 processors, all with BMI2 but where the features given to numba
    leave it out), except the processors of `SLOW_PEXT`."""
    if vector_path() == "portable":
        return False
    name, features = target()
    if features and "+bmi2" not in features.split(","):
        return False
    return name not in SLOW_PEXT


def compress(builder: Any, values: Any, keep: Any, out: Any) -> None:
    """Store the lanes of `values` (<8 x i64>) flagged in `keep` (<8 x i1>) at `out`
    (i64*), packed to the left; up to 8 words past them may be written too."""
    _COMPRESS[vector_path()](builder, values, keep, out)


def _compress_avx512(builder: Any, values: Any, keep: Any, out: Any) -> None:
    """In a register, then one store: the compress-to-memory form LLVM would choose runs
    as slow microcode on some processors (AMD Zen 4)."""
    from llvmlite import ir
    from numba.core import cgutils

    vector = values.type
    packed = cgutils.get_or_insert_function(
        builder.module,
        ir.FunctionType(vector, [vector, vector, keep.type]),
        "llvm.x86.avx512.mask.compress.v8i64",
    )
    zero = ir.Constant(vector, [0] * 8)
    builder.store(
        builder.call(packed, [values, zero, keep]),
        builder.bitcast(out, vector.as_pointer()),
        align=8,
    )


def _compress_avx2(builder: Any, values: Any, keep: Any, out: Any) -> None:
    """Each half of four words left-packed by `vpermd` through the row of a 16-row table
    its four flags pick (row m: the 32-bit lanes of the words set in m, in order), and
    stored; the high half right after the low half's kept words."""
    from llvmlite import ir
    from numba.core import cgutils

    i32 = ir.IntType(32)
    order = ir.VectorType(i32, 8)
    half = ir.VectorType(ir.IntType(64), 4)
    table_type = ir.ArrayType(order, 16)
    table = builder.module.globals.get("nqueens.left_pack")
    if table is None:
        rows = []
        for m in range(16):
            words = [w for w in range(4) if m >> w & 1] + [0] * 4
            rows.append(ir.Constant(order, [2 * w + k for w in words[:4] for k in (0, 1)]))
        table = ir.GlobalVariable(builder.module, table_type, "nqueens.left_pack")
        table.global_constant = True
        table.linkage = "internal"
        table.align = 32
        table.initializer = ir.Constant(table_type, rows)
    permute = cgutils.get_or_insert_function(
        builder.module, ir.FunctionType(order, [order, order]), "llvm.x86.avx2.permd"
    )
    ctpop = cgutils.get_or_insert_function(
        builder.module, ir.FunctionType(i32, [i32]), "llvm.ctpop.i32"
    )
    flags = builder.zext(builder.bitcast(keep, ir.IntType(8)), i32)
    place = out
    for h in (0, 1):
        words = builder.shuffle_vector(
            values,
            ir.Constant(values.type, ir.Undefined),
            ir.Constant(ir.VectorType(i32, 4), [4 * h + k for k in range(4)]),
        )
        mine = builder.and_(builder.lshr(flags, ir.Constant(i32, 4 * h)), ir.Constant(i32, 15))
        row = builder.load(builder.gep(table, [ir.Constant(i32, 0), mine]), align=32)
        packed = builder.call(permute, [builder.bitcast(words, order), row])
        builder.store(
            builder.bitcast(packed, half), builder.bitcast(place, half.as_pointer()), align=8
        )
        place = builder.gep(place, [builder.call(ctpop, [mine])])


def _compress_portable(builder: Any, values: Any, keep: Any, out: Any) -> None:
    """Every lane stored where the next kept word goes; the place moves on by the lane's
    flag (0 or 1), so a dropped word is overwritten by the next."""
    from llvmlite import ir

    place = out
    for lane in range(8):
        at = ir.Constant(ir.IntType(32), lane)
        builder.store(builder.extract_element(values, at), place, align=8)
        step = builder.zext(builder.extract_element(keep, at), ir.IntType(64))
        place = builder.gep(place, [step])


_COMPRESS = {"avx512": _compress_avx512, "avx2": _compress_avx2, "portable": _compress_portable}
