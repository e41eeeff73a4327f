"""The GPU method's kernel: every thread a depth-first search below one prefix (the first
rows placed on the CPU) at a time, as the fastest published GPU counter does it
(ygch/n_queens, arXiv 2511.12009), written for numba-cuda so that numba's CUDA simulator
runs the same code on machines without a GPU.

What makes it fast on a GPU:

- 32-bit words: a board row is one `uint32` (bit c is column c), and every constant is
  typed `uint32`, so no operation widens to 64 bits;
- an iterative search whose stack lives in shared memory, one region per warp, laid out
  level by level with the 32 lanes' words side by side, so that a warp's accesses fall
  on 32 distinct banks (no bank conflicts);
- a loop without branches but its own: a step pops a level, places its lowest free
  square and pushes the next row's squares or counts the last row, the choices made by
  selecting values, not by jumping (as ygch writes it in PTX), so a warp's lanes stay
  together;
- a lane takes its next task inside that loop, from one atomic counter, as soon as its
  stack is empty: it does not wait for the other lanes of its warp to finish theirs
  (ygch's lanes do: the warp's longest prefix sets the pace of all 32);
- a task is one square of the row below a prefix: the CPU places one row fewer than the
  tasks have (5 from N = 16, for ygch's 6), 5 to 9 times fewer prefixes to make and copy,
  and a lane's first step places its task's square;
- the last row counted, not searched: the free squares of row N - 1 are its solutions
  (one popcount);
- each task's completions added on the GPU to its subproblem's sum (one atomic add a
  task that has any), so only those sums come back.

A prefix is four words (split.py): the columns used, the left and right diagonals after
its rows, already shifted to the next row (left << 1, right >> 1), and its subproblem.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import uint32, uint64

from nqueens.engine import device
from nqueens.engine.methods.gpu.shape import BLOCK, LEVELS, REGISTERS, STACK_BYTES, WORDS

__all__ = ["SIGNATURE", "count_below", "launch", "load"]

WARP = 32
STACK_WORDS = BLOCK * LEVELS * WORDS

cuda = device.cuda()  # this module is imported only when a GPU count runs

ZERO, ONE, TWO, THREE = uint32(0), uint32(1), uint32(2), uint32(3)
SLOT = uint32(WORDS)
"""Words of a slot: one lane's four words of one level, side by side (16 bytes, one
vector access). A warp's level is its 32 lanes' slots, 512 contiguous bytes: its accesses
fall on distinct banks. The stack pointer counts slots, so every access is provably
16-byte aligned; stack indices are unsigned, so no negative-index check is compiled."""
LEVEL = uint32(WARP)
"""Slots from one level of a warp's stack to the next."""
ALIGN = None if device.simulated() else 16  # the simulator takes no alignment
SIGNATURE = "void(uint32[:, ::1], uint32, uint32, uint32, uint64[::1], uint32[::1])"
"""The one signature the kernel is compiled for (its cache, the tests of its code)."""


@cuda.jit(cache=not device.simulated())
def count_below(prefixes, per_prefix, last, placed_last, sums, next_task):  # type: ignore[no-untyped-def]
    """sums[s] += the completions of each prefix p = (columns, left, right, s) in
    prefixes[p] on a board whose full row is `last` (N ones); a row holds N - 1 queens
    when its columns word has `placed_last` bits. A task is one free square of a
    prefix's next row: task t is the (t mod per_prefix)-th of prefix t // per_prefix
    (none where it has fewer; per_prefix is the most any prefix may have). Lanes take tasks
    in turn from the counter next_task[0], each as soon as it has finished the one before.

    numba widens integer arithmetic to 64 bits; every mask is cast back to `uint32` as
    it is made, so that the compiler keeps the words 32 bits wide (a test reads the
    compiled PTX for it)."""
    stack = cuda.shared.array(STACK_WORDS, uint32, alignment=ALIGN)
    warp = uint32(cuda.threadIdx.x) // uint32(WARP)
    lane = uint32(cuda.threadIdx.x) % uint32(WARP)
    bottom = uint32(warp * LEVEL * uint32(LEVELS) + lane)  # this thread's first slot
    count = uint32(prefixes.shape[0]) * per_prefix  # within 32 bits: split.CHUNK
    top = bottom  # the slot above the stack's top level: the stack is empty
    total = uint64(0)
    owner = ZERO
    while True:  # one step a turn; one way round, so a lane that refills waits for none
        if top == bottom:  # this lane's task is finished: its sum out, the next one in
            if total:
                cuda.atomic.add(sums, owner, total)
            total = uint64(0)
            while True:  # the next task: a free square of a prefix's next row
                task = cuda.atomic.add(next_task, 0, ONE)  # unsigned: no negative check
                if task >= count:
                    break
                which = uint32(task // per_prefix)  # its prefix, and which square
                nth = uint32(task - which * per_prefix)
                c = prefixes[which, 0]
                lw = prefixes[which, 1]
                rw = prefixes[which, 2]
                owner = prefixes[which, 3]
                free = uint32(last & ~uint32(c | lw | rw))
                while nth != ZERO and free != ZERO:  # the free squares before its own
                    free = uint32(free & uint32(free - ONE))
                    nth = uint32(nth - ONE)
                if free:
                    free = uint32(free & uint32(~free + ONE))  # this task's square alone
                    at = top * SLOT
                    stack[at] = c
                    stack[at + ONE] = lw
                    stack[at + TWO] = rw
                    stack[at + THREE] = free
                    top = uint32(top + LEVEL)
                    break
            if top == bottom:  # none left
                break
        at = uint32(top - LEVEL) * SLOT  # the top level: a placement and its squares left
        c = stack[at]
        lw = stack[at + ONE]
        rw = stack[at + TWO]
        free = stack[at + THREE]
        bit = uint32(free & uint32(~free + ONE))
        free = uint32(free ^ bit)
        stack[at + THREE] = free
        top = uint32(top - (LEVEL if free == ZERO else ZERO))  # that level is spent
        c = uint32(c | bit)
        lw = uint32(uint32(lw | bit) << ONE)
        rw = uint32(uint32(rw | bit) >> ONE)
        free = uint32(last & ~uint32(c | lw | rw))
        ends = uint32(cuda.popc(c)) == placed_last or free == ZERO
        total += uint64(cuda.popc(free) if ends else 0)  # the last row: each square a solution
        if not ends:
            at = top * SLOT
            stack[at] = c
            stack[at + ONE] = lw
            stack[at + TWO] = rw
            stack[at + THREE] = free
        top = uint32(top + (ZERO if ends else LEVEL))


def load() -> None:
    """Compile the kernel for this GPU, or load it from numba-cuda's cache (nothing to do
    on the simulator): the warm-up's, so that no count's first launch waits for it."""
    if not device.simulated():
        with device.reported():
            count_below.compile(SIGNATURE)


def launch(n: int, prefixes: npt.NDArray[np.uint32], per_prefix: int, sums: object) -> object:
    """Start counting `prefixes` (rows of four words; `per_prefix` tasks each, one a free
    square of its next row: split.tasks_a_prefix) into `sums` (the task's subproblem
    sums, on the GPU); returns at once on a GPU (the launch runs while the CPU makes the
    next prefixes), when done on the simulator. What it returns must be kept until the
    sums are read: the prefixes' GPU memory."""
    blocks, threads = device.launch_shape(BLOCK, REGISTERS, STACK_BYTES)
    with device.reported():
        on_gpu = cuda.to_device(prefixes)
        next_task = cuda.to_device(np.zeros(1, np.uint32))
        full, placed_last = np.uint32((1 << n) - 1), np.uint32(n - 1)
        tasks = np.uint32(per_prefix)
        count_below[blocks, threads](on_gpu, tasks, full, placed_last, sums, next_task)
    return on_gpu, next_task
