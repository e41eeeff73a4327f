"""The GPU join's kernel: the pairs of staged signatures that share no bit, counted by
bit-sliced tables in shared memory, as the CPU join's matcher counts them
(methods/join/match.py), a block of threads per work item (stage.py).

For one block of stored signatures (`BLOCK` of them: 32 words of 32 patterns) the
threads build the table: for each 5-bit chunk of the signature, the AND of every
combination of its bits' slices ("this pattern leaves that diagonal free"), 32 rows of
32 words a chunk, in shared memory. Then each warp takes queries in turn, each lane one
word (32 patterns): a query ANDs one row per chunk, cut from its signature, and counts
the patterns left, 1,024 pairs in about 40 instructions a warp. A lane's word of a row
is the lane-th word of 32 side by side, so a warp's reads fall on distinct banks.

Like the depth-first kernel (methods/gpu/kernel.py), it runs unchanged under numba's CUDA
simulator, which is how it is tested where no GPU is.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import uint32, uint64

from nqueens.engine import device
from nqueens.engine.methods.gpu_join.stage import BLOCK, GROUP, GROUPS, S_COUNT, S_LO, SLOT
from nqueens.engine.methods.join.shared import CHUNK_BITS, MAX_ROWS, PAIR_WEIGHT

__all__ = [
    "REGISTERS",
    "SHARED_BYTES",
    "TABLE_BYTES",
    "THREADS",
    "build_table",
    "count_items",
    "join_items",
]

cuda = device.cuda()  # this module is imported only when a GPU join runs

Array = npt.NDArray[np.int64]
Signatures = npt.NDArray[np.uint64]

WORDS = BLOCK // 32
COMBOS = 1 << CHUNK_BITS
TABLE_WORDS = MAX_ROWS * COMBOS * WORDS
"""A table's words: MAX_ROWS chunks (N = 27: 52 bits in 11), 32 rows each, 32 words a row."""
TABLE_BYTES = 4 * TABLE_WORDS
SLICE_WORDS = CHUNK_BITS * WORDS
"""One chunk's slices, while its rows are made: 5 bits x 32 words."""
SHARED_BYTES = 4 * (TABLE_WORDS + SLICE_WORDS + WORDS) + 8
"""Shared memory a block takes: its table, one chunk's slices, the valid words and the
item it has taken."""
THREADS = 256
"""Threads a block: eight warps share one table, each matching its own queries."""
REGISTERS = 64
"""The most registers a thread may use (ptxas, tested: 55 on sm_90, 64 on sm_75; 69 while
blocks took items by their index, a grid-stride loop). With 256 threads a block, 64 let
4 blocks (32 warps) run on an H100 multiprocessor, as many as its shared memory lets;
72 would let 3. The launch asks for the blocks that fit (`device.launch_shape`), and
blocks take items from a counter, so none waits for a second wave."""
WORDS32 = uint32(WORDS)
ROW_WORDS = uint32(COMBOS * WORDS)
"""Words from one chunk's first row to the next chunk's."""
ALL = uint32(0xFFFFFFFF)
ONE = uint32(1)
ONE64 = uint64(1)
FIVE = uint64(CHUNK_BITS)
LOW = uint64(COMBOS - 1)


@cuda.jit(device=True)
def weight(g, u):  # type: ignore[no-untyped-def]
    """join_stage.weight for the GPU (a CPU function cannot be called from a kernel): 0
    where the keys share a bit, else match.PAIR_WEIGHT by the long diagonals each holds."""
    if g & u:
        return 0
    return PAIR_WEIGHT[(g & 1) + (g >> 1), (u & 1) + (u >> 1)]


@cuda.jit(device=True)
def build_table(stored, lo, count, chunks, table, slices, valid):  # type: ignore[no-untyped-def]
    """The table of stored[lo : lo + count] (count <= BLOCK): valid[w] the patterns of
    word w that exist, table[(k * 32 + v) * 32 + w] the patterns of word w that leave
    every bit of value v of chunk k free (for the words that hold patterns; a query reads
    the others, but valid[w] is 0 there). Every thread of the block takes part."""
    tid = cuda.threadIdx.x
    threads = cuda.blockDim.x
    for w in range(tid, WORDS, threads):
        left = count - 32 * w
        if left >= 32:
            valid[w] = ALL
        elif left > 0:
            valid[w] = uint32((ONE << uint32(left)) - ONE)
        else:
            valid[w] = uint32(0)
    used = (count + 31) // 32  # the words that hold patterns: the rest stay unread
    for k in range(chunks):
        for e in range(tid, CHUNK_BITS * used, threads):
            b = e // used
            w = e % used
            bit = uint64(k * CHUNK_BITS + b)
            word = uint32(0)
            for t in range(min(32, count - 32 * w)):
                if ((stored[lo + 32 * w + t] >> bit) & ONE64) == 0:
                    word = uint32(word | (ONE << uint32(t)))
            slices[b * WORDS + w] = word
        cuda.syncthreads()
        for e in range(tid, COMBOS * used, threads):
            v = e // used
            w = e % used
            row = ALL
            for b in range(CHUNK_BITS):
                if (v >> b) & 1:
                    row = uint32(row & slices[b * WORDS + w])
            table[(k * COMBOS + v) * WORDS + w] = row
        cuda.syncthreads()


@cuda.jit(cache=not device.simulated())
def join_items(sigs, offsets, items, chunks, totals, next_item):  # type: ignore[no-untyped-def]
    """For each work item (a block of one stored group of one staged representative),
    totals[its slot] += the weighted pairs of its stored signatures and the
    representative's queries that share no bit. Blocks take items in turn from the
    counter next_item[0]."""
    table = cuda.shared.array(TABLE_WORDS, uint32)
    slices = cuda.shared.array(SLICE_WORDS, uint32)
    valid = cuda.shared.array(WORDS, uint32)
    taken = cuda.shared.array(1, uint64)
    lane = uint32(cuda.threadIdx.x % 32)
    warp = cuda.threadIdx.x // 32
    warps = cuda.blockDim.x // 32
    end = uint32(lane + uint32(chunks) * ROW_WORDS)  # past the last chunk's rows
    count = uint64(items.shape[0])
    while True:
        if cuda.threadIdx.x == 0:
            taken[0] = cuda.atomic.add(next_item, 0, uint64(1))
        cuda.syncthreads()
        item = taken[0]
        if item >= count:  # the same for every thread of the block
            break
        slot = items[item, SLOT]
        g = items[item, GROUP]
        build_table(sigs, items[item, S_LO], items[item, S_COUNT], chunks, table, slices, valid)
        total = uint64(0)
        for u in range(GROUPS):
            counted = uint64(weight(g, u))
            if counted == 0:
                continue
            q = offsets[slot, GROUPS + 1 + u] + warp
            while q < offsets[slot, GROUPS + 2 + u]:
                rest = sigs[q]  # its chunks, lowest first: one row of each
                acc = valid[lane]
                at = lane  # unsigned: the row's word, with no negative-index check
                while at != end:
                    acc = uint32(acc & table[at + uint32(rest & LOW) * WORDS32])
                    rest >>= FIVE
                    at = uint32(at + ROW_WORDS)
                total += counted * uint64(cuda.popc(acc))
                q += warps
        if total:
            cuda.atomic.add(totals, slot, total)
        cuda.syncthreads()  # every warp done with this table before the next is built


def count_items(
    n: int,
    sigs: npt.NDArray[np.uint64],
    offsets: npt.NDArray[np.int64],
    items: npt.NDArray[np.int64],
) -> npt.NDArray[np.uint64]:
    """The weighted pairs of each staged representative (offsets' rows), by one launch."""
    blocks, threads = device.launch_shape(THREADS, REGISTERS, SHARED_BYTES)
    totals = np.zeros(len(offsets), np.uint64)
    if len(items) == 0:
        return totals
    chunks = -(-2 * (n - 1) // CHUNK_BITS)
    with device.reported():
        on_gpu = [cuda.to_device(np.ascontiguousarray(a)) for a in (sigs, offsets, items)]
        counted = cuda.to_device(totals)
        next_item = cuda.to_device(np.zeros(1, np.uint64))
        join_items[blocks, threads](*on_gpu, chunks, counted, next_item)
        counted.copy_to_host(totals)
    return totals
