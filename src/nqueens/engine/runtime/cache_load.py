"""Loading cached kernels without numba's whole refresh: a count's start-up, made shorter.

Before numba loads a kernel from its cache it refreshes its target context
(`numba.core.caching.Cache.load_overload`): it imports every module of implementations
numba has (linear algebra, random generators, typed containers, ...) and installs each
registry into the typing and target contexts. A compiler needs all of that; loading
machine code from the cache needs only numba's runtime (NRT), which the kernels'
arrays live in. On the first load of a process the refresh costs 0.1-0.2 s, a tenth
of the whole `nqueens count 18` (measured in docs/benchmarks.md).

`install()` makes the CPU kernels' cache loads (`FunctionCache`, the cache of
`@njit(cache=True)`) initialise the runtime alone. Nothing is lost: numba's
compiler refreshes the contexts itself before it compiles (a cache miss, or a new
kernel), and `BaseContext.get_function` refreshes on a first lookup it cannot answer.
Where numba's cache no longer has the methods this relies on, nothing is changed.

`install_cuda()` does the same for numba-cuda's cache of GPU kernels (`CUDACache`): its
load refreshes the CUDA target's contexts, which loading a kernel's cubin does not need
(numba-cuda's compiler refreshes them itself, as numba's does).
"""

from __future__ import annotations

from typing import Any

__all__ = ["install", "install_cuda"]

_installed = False
_cuda_installed = False


def install() -> None:
    """From now on, a kernel loaded from numba's cache initialises only the runtime
    (once per process; idempotent)."""
    global _installed
    if _installed:
        return
    from numba.core import caching
    from numba.core.runtime.nrt import rtsys

    cache = caching.FunctionCache
    if not all(
        hasattr(cache, name)
        for name in ("load_overload", "_load_overload", "_guard_against_spurious_io_errors")
    ):
        return  # another numba: its own load is kept

    def load_overload(self: Any, sig: Any, target_context: Any) -> Any:
        rtsys.initialize(target_context)  # what the kernels' arrays need; idempotent
        with self._guard_against_spurious_io_errors():
            return self._load_overload(sig, target_context)
        return None  # the guard swallowed an I/O error: numba compiles instead

    load_overload.__doc__ = cache.load_overload.__doc__
    cache.load_overload = load_overload  # type: ignore[method-assign]
    _installed = True


def install_cuda() -> None:
    """From now on, a GPU kernel loaded from numba-cuda's cache skips the contexts'
    refresh (once per process; idempotent). Called where numba.cuda is imported already
    (a GPU count), never on the simulator, which caches nothing."""
    global _cuda_installed
    if _cuda_installed:
        return
    from numba.cuda import dispatcher, utils  # type: ignore[attr-defined]

    cache = getattr(dispatcher, "CUDACache", None)
    override = getattr(utils, "numba_target_override", None)
    if cache is None or override is None:
        return  # another numba-cuda: its own load is kept
    if not all(hasattr(cache, n) for n in ("_load_overload", "_guard_against_spurious_io_errors")):
        return

    def load_overload(self: Any, sig: Any, target_context: Any) -> Any:
        with override(), self._guard_against_spurious_io_errors():
            return self._load_overload(sig, target_context)
        return None  # the guard swallowed an I/O error: numba-cuda compiles instead

    load_overload.__doc__ = cache.load_overload.__doc__
    cache.load_overload = load_overload
    _cuda_installed = True
