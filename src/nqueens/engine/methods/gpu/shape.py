"""The depth-first kernel's shape (kernel.py), read also where no CUDA may be imported
(split.py: the rows its stack must leave to the kernel; the tests of its compiled code):
its block, its stack in shared memory, and the register budget the launch counts on.

The shape is chosen for occupancy, the warps a multiprocessor keeps busy at once
(`device.resident_blocks`): the stacks decide it. ygch/n_queens, the fastest published
counter, runs 160 threads a block with 48 KB of stacks: 4 blocks (20 warps) an H100
multiprocessor holds, 1 block (5 warps) a Turing one (7.5, the oldest the `gpu` extra
compiles for). Its stack depth kept (19 levels) and its blocks cut to 64 threads, each
block's 19 KB pack the same shared memory tighter: 11 blocks (22 warps) on an H100, 3
(6 warps) on Turing. docs/counting.md states the budget; tests/test_gpu_code.py holds
the compiled kernel to it (ptxas).
"""

from __future__ import annotations

__all__ = ["BLOCK", "LEVELS", "REGISTERS", "STACK_BYTES", "WORDS"]

BLOCK = 64
"""Threads a block: two warps, each with its own stack region in shared memory."""
LEVELS = 19
"""Stack levels a thread has: the rows between its prefix and the last row, so a prefix
of K rows serves boards of N <= K + LEVELS + 1 (split.pre_placed keeps to it)."""
WORDS = 4
"""Words a stack level holds per thread: columns, left, right, the squares left to try."""
STACK_BYTES = 4 * BLOCK * LEVELS * WORDS
"""Shared memory a block's stacks take: 19,456 bytes."""
REGISTERS = 32
"""The most registers a thread of the kernel may use (ptxas, tested): at 32, registers
never hold back a block that shared memory lets in, on any architecture listed in
`device.ARCHITECTURES`."""
