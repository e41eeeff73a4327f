"""A method's compiled kernels loaded before any worker starts, so that forked workers
inherit them (where the method `survives_fork`; else its count runs in this process);
and the marker beside numba's cache that says they were compiled here already, so that
only a machine's first count says "compiling".
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nqueens.engine.registry import Method

__all__ = ["warm_up"]


def warm_up(method: Method, n: int, on_compile: Callable[[], None] | None = None) -> None:
    """Load the compiled kernels the method's count of N needs (compiling them on a
    machine's first count, after telling `on_compile`): none below its `kernels_from`."""
    if n < method.kernels_from:
        return
    counter = method.implementation()
    kernels = counter.compiled()
    if kernels:
        from nqueens.engine.runtime import cache_load

        cache_load.install()
        if any(type(k).__module__.startswith("numba.cuda") for k in kernels):
            cache_load.install_cuda()  # a GPU's kernels (the simulator's are never cached)
    marker = _warm_marker(method.name, kernels)
    if on_compile is not None and marker is not None and not marker.exists():
        on_compile()
    counter.warm_up()
    if marker is not None:
        with contextlib.suppress(OSError):  # a read-only cache: numba's is not kept either
            marker.touch()


def _warm_marker(name: str, kernels: Sequence[object]) -> Path | None:
    """A file beside numba's cache (`Dispatcher.stats.cache_path`) that says the method
    `name`'s kernels, as their source files stand now, were compiled and cached by this
    numba for this target (NUMBA_CPU_NAME, NUMBA_CPU_FEATURES); None when there is
    nothing to compile (no kernels, or the JIT disabled)."""
    if not kernels or not all(hasattr(k, "stats") for k in kernels):
        return None
    import numba

    config = numba.config
    target = f"{getattr(config, 'CPU_NAME', '')} {getattr(config, 'CPU_FEATURES', '')}"
    key = hashlib.sha256(f"{numba.__version__} {sys.version} {target}".encode())
    for kernel in kernels:
        source = Path(inspect.getfile(kernel.py_func))  # type: ignore[attr-defined]
        stat = source.stat()
        key.update(f"{source} {stat.st_mtime_ns} {stat.st_size}".encode())
    cache = Path(kernels[0].stats.cache_path)  # type: ignore[attr-defined]
    return cache / f"nqueens-{name}-{key.hexdigest()[:16]}.warm"
