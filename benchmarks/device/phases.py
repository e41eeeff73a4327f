"""Where a GPU count's time goes, launch by launch, on a real card (benchmarks/device/
gpu-check.sh runs it): numba.cuda's import, the CUDA context, the kernel's compile into a
cold cache (or its load), then for each N the tasks of a whole count as the runner cuts
them, each split into its prefixes made on the CPU, the copy to the GPU, the kernel (at
the launch's own blocks a multiprocessor and at others, each timed apart) and the copy
of the sums back; the total checked against the published count.

    PYTHONPATH=src python3 benchmarks/device/phases.py 18 19      # blocks: the launch's
    PYTHONPATH=src python3 benchmarks/device/phases.py 18 --per-sm 6,11,16
"""

from __future__ import annotations

import argparse
import time

STARTED = time.perf_counter()

import numpy as np  # noqa: E402

from nqueens.engine import device  # noqa: E402
from nqueens.engine.methods.gpu import shape  # noqa: E402
from nqueens.engine.methods.gpu import split as S  # noqa: E402
from nqueens.engine.registry import METHODS  # noqa: E402
from nqueens.engine.runtime.pool import batches  # noqa: E402
from nqueens.known import known_counts  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="+", type=int)
    parser.add_argument("--per-sm", default="", help="blocks a multiprocessor to try besides")
    args = parser.parse_args()
    cuda = device.cuda()
    began = time.perf_counter()
    print(f"imports (numpy, nqueens, numba.cuda) {began - STARTED:.2f} s", flush=True)
    cuda.current_context()
    print(f"CUDA context {time.perf_counter() - began:.2f} s: {device.describe()}", flush=True)
    from nqueens.engine.methods.gpu import kernel

    began = time.perf_counter()
    kernel.load()
    print(f"kernel compiled or loaded {time.perf_counter() - began:.2f} s", flush=True)
    blocks, threads = device.launch_shape(shape.BLOCK, shape.REGISTERS, shape.STACK_BYTES)
    found = device._probe()
    processors = found.multiprocessors if isinstance(found, device.GPUInfo) else 1
    own = blocks // processors
    shapes = [own, *(int(x) for x in args.per_sm.split(",") if x and int(x) != own)]
    gpu = METHODS["gpu"]
    for n in args.sizes:
        parts = gpu.split(n)
        cut = batches(np.arange(len(parts)), 1, None, gpu.batch_limit, gpu.tasks_per_worker)
        phases = dict.fromkeys(["prefixes", "to GPU", "kernel", "sums back"], 0.0)
        by_shape = dict.fromkeys(shapes, 0.0)
        total = prefixes = launches = 0
        full, last = np.uint32((1 << n) - 1), np.uint32(n - 1)
        per_prefix = np.uint32(S.tasks_a_prefix(n))
        for indices in cut:
            rows = parts.rows[indices]
            made = time.perf_counter()
            for words in S.task_launches(n, rows):
                a = time.perf_counter()
                phases["prefixes"] += a - made
                on_gpu = cuda.to_device(words)
                cuda.synchronize()
                b = time.perf_counter()
                phases["to GPU"] += b - a
                for per_sm in shapes:
                    sums = cuda.to_device(np.zeros(len(rows), np.uint64))
                    counter = cuda.to_device(np.zeros(1, np.uint32))
                    cuda.synchronize()
                    c = time.perf_counter()
                    kernel.count_below[per_sm * processors, threads](
                        on_gpu, per_prefix, full, last, sums, counter
                    )
                    cuda.synchronize()
                    by_shape[per_sm] += time.perf_counter() - c
                    if per_sm == own:
                        d = time.perf_counter()
                        found = sums.copy_to_host()
                        phases["sums back"] += time.perf_counter() - d
                        total += int(found.sum()) * S.MIRRORS
                prefixes += len(words)
                launches += 1
                made = time.perf_counter()
        phases["kernel"] = by_shape[own]
        ok = "OK" if total == known_counts()[n].total else f"WRONG ({known_counts()[n].total:,})"
        host = sum(v for k, v in phases.items() if k != "kernel")
        print(f"N = {n}: {total:,} {ok}; {launches} launches, {prefixes:,} prefixes "
              f"({prefixes * int(per_prefix):,} tasks)", flush=True)  # fmt: skip
        print("   " + ", ".join(f"{k} {v:.3f} s" for k, v in phases.items()), flush=True)
        print(f"   host {host:.3f} s beside the kernels' {phases['kernel']:.3f} s "
              f"({host / max(phases['kernel'], 1e-9):.1%})", flush=True)  # fmt: skip
        print("   kernel by blocks a multiprocessor (" + f"{threads} threads): "
              + ", ".join(f"{k}: {v:.3f} s" for k, v in by_shape.items()), flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
