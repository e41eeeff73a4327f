"""The GPU method's kernel: every thread a depth-first search below one prefix (the first
rows placed on the CPU), as the fastest published GPU counter does it (ygch/n_queens,
arXiv 2511.12009), written for numba-cuda so that numba's CUDA simulator runs the same
code on machines without a GPU.

What makes it fast on a GPU:

- 32-bit words: a board row is one `uint32` (bit c is column c), and every constant is
  typed `uint32`, so no operation widens to 64 bits;
- an iterative search whose stack lives in shared memory, one region per warp, laid out
  level by level with the 32 lanes' words side by side, so that a warp's accesses fall
  on 32 distinct banks (no bank conflicts);
- dynamic task fetching: a thread that finishes its prefix takes the next one from one
  atomic counter, so no warp idles while others still have work;
- the last row counted, not searched: the free squares of row N - 1 are its solutions
  (one popcount).

A prefix is (columns used, left diagonals, right diagonals) after its rows, the diagonal
masks already shifted to the next row (left << 1, right >> 1).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import uint32, uint64

from nqueens.engine.methods.gpu import device
from nqueens.engine.methods.gpu.device import LEVELS, WORDS

__all__ = ["count_below", "count_prefixes"]

Words = npt.NDArray[np.uint32]
WARP = 32
STACK_WORDS = device.BLOCK * LEVELS * WORDS


cuda = device.cuda()  # this module is imported only when a GPU count runs

ONE, TWO, THREE = uint32(1), uint32(2), uint32(3)  # a lane's words of a level, unsigned
SLOT = uint32(WORDS)
"""Words of a slot: one lane's four words of one level, side by side (16 bytes, one
vector access). A warp's level is its 32 lanes' slots, 512 contiguous bytes: its accesses
fall on distinct banks. The stack pointer counts slots, so every access is provably
16-byte aligned; stack indices are unsigned, so no negative-index check is compiled."""
LEVEL = uint32(WARP)
"""Slots from one level of a warp's stack to the next."""
ALIGN = None if device.simulated() else 16  # the simulator takes no alignment


@cuda.jit(cache=not device.simulated())
def count_below(cols, left, right, last, placed_last, found, next_task):  # type: ignore[no-untyped-def]
    """found[t] = the completions of prefix t (cols[t], left[t], right[t]) on a board whose
    full row is `last` (N ones); a row holds N - 1 queens when its columns word has
    `placed_last` bits. Threads take prefixes in turn from the counter next_task[0].

    numba widens integer arithmetic to 64 bits; every mask is cast back to `uint32` as
    it is made, so that the compiler keeps the words 32 bits wide (a test reads the
    compiled PTX for it)."""
    stack = cuda.shared.array(STACK_WORDS, uint32, alignment=ALIGN)
    warp = uint32(cuda.threadIdx.x) // uint32(WARP)
    lane = uint32(cuda.threadIdx.x) % uint32(WARP)
    bottom = uint32(warp * LEVEL * uint32(LEVELS) + lane)  # this thread's first slot
    count = uint64(cols.shape[0])
    task = cuda.atomic.add(next_task, 0, uint64(1))  # unsigned: no negative-index check
    while task < count:
        c = cols[task]
        lw = left[task]
        rw = right[task]
        free = uint32(last & ~uint32(c | lw | rw))
        total = uint64(0)
        top = bottom  # the slot above the stack's top level: the stack is empty
        while True:  # (c, lw, rw, free): the placement just made, and its next row's squares
            if uint32(cuda.popc(c)) == placed_last:
                total += uint64(cuda.popc(free))  # the last row: each free square a solution
            elif free:
                at = top * SLOT
                stack[at] = c
                stack[at + ONE] = lw
                stack[at + TWO] = rw
                stack[at + THREE] = free
                top = uint32(top + LEVEL)
            if top == bottom:
                break
            below = uint32(top - LEVEL)
            at = below * SLOT
            c = stack[at]
            lw = stack[at + ONE]
            rw = stack[at + TWO]
            free = stack[at + THREE]
            bit = uint32(free & uint32(~free + ONE))
            free = uint32(free ^ bit)
            stack[at + THREE] = free
            if free == 0:
                top = below
            c = uint32(c | bit)
            lw = uint32(uint32(lw | bit) << ONE)
            rw = uint32(uint32(rw | bit) >> ONE)
            free = uint32(last & ~uint32(c | lw | rw))
        found[task] = total
        task = cuda.atomic.add(next_task, 0, uint64(1))


def count_prefixes(n: int, cols: Words, left: Words, right: Words) -> npt.NDArray[np.uint64]:
    """The completions of each prefix, counted by one launch of `count_below` on the GPU
    (one warp of Python threads on the simulator)."""
    blocks, threads = device.launch_shape()
    found = np.zeros(len(cols), np.uint64)
    if len(cols) == 0:
        return found
    with device.reported():
        on_gpu = [cuda.to_device(np.ascontiguousarray(a)) for a in (cols, left, right)]
        counted = cuda.device_array(len(cols), np.uint64)
        next_task = cuda.to_device(np.zeros(1, np.uint64))
        full, placed_last = np.uint32((1 << n) - 1), np.uint32(n - 1)
        count_below[blocks, threads](*on_gpu, full, placed_last, counted, next_task)
        counted.copy_to_host(found)
    return found
