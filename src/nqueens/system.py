"""What a bug report needs to know about this installation: versions, the processor and
the vector path the counting kernels use, workers, numba's cache, the optional parts.

`nqueens info` prints it. Importing this module loads nothing; `info()` loads numba and
llvmlite (to ask LLVM which vector path its target takes) and, where numba-cuda is
installed, numba's CUDA driver (to name the GPU).
"""

from __future__ import annotations

import os
import platform
import shutil
from dataclasses import asdict, dataclass
from importlib import metadata, util
from pathlib import Path

from nqueens.i18n import _

__all__ = ["SystemInfo", "info", "version"]

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
"""Chromium's command under its usual names (the player's browser tests drive it)."""


@dataclass(frozen=True)
class SystemInfo:
    """One value per line of `nqueens info`; None where a part is absent."""

    nqueens: str
    python: str
    numba: str
    llvmlite: str
    cpu: str
    target: str  # the processor numba compiles for (NUMBA_CPU_NAME, or the host's)
    vector_path: str  # avx512, avx2 or portable (engine/methods/join/simd.py)
    bit_extract: str  # pext (BMI2, fast here) or shifts: how the join packs signatures
    cores: int
    workers: int  # a count's workers by default (the numpy method counts in-process)
    numba_cache: str
    gpu: str  # the GPU the gpu method counts on, or why none is usable
    ffmpeg: str | None
    chromium: str | None
    tk: str | None
    dashboard: str | None  # bokeh's version: Dask's dashboard needs it

    def to_dict(self) -> dict[str, str | int | None]:
        return asdict(self)

    def lines(self) -> list[str]:
        """The report as `name: value` lines, absent parts as "not found" (the labels and
        that in the language of the messages; the values as they are)."""
        labels = {
            "nqueens": "nqueens",
            "python": "Python",
            "numba": "numba",
            "llvmlite": "llvmlite",
            "cpu": "CPU",
            "target": _("numba target"),
            "vector_path": _("vector path"),
            "bit_extract": _("bit extraction"),
            "cores": _("cores"),
            "workers": _("workers by default"),
            "numba_cache": _("numba cache"),
            "gpu": _("GPU"),
            "ffmpeg": _("ffmpeg (MP4 films)"),
            "chromium": _("Chromium (browser tests)"),
            "tk": _("Tk (nqueens gui)"),
            "dashboard": _("Dask dashboard (bokeh)"),
        }
        absent = _("not found")
        return [
            _("{label}: {value}").format(label=label, value=absent if value is None else value)
            for label, value in zip(labels.values(), self.to_dict().values(), strict=True)
        ]


def info() -> SystemInfo:
    """This installation, as `nqueens info` reports it."""
    from nqueens.engine import device
    from nqueens.engine.methods.join import simd
    from nqueens.validate import worker_count

    return SystemInfo(
        nqueens=version(),
        python=f"{platform.python_version()} ({platform.python_implementation()})",
        numba=metadata.version("numba"),
        llvmlite=metadata.version("llvmlite"),
        cpu=_cpu_model(),
        target=simd.target()[0],
        vector_path=simd.vector_path(),
        bit_extract="pext" if simd.fast_pext() else "shifts",
        cores=os.cpu_count() or 1,
        workers=worker_count(None),
        numba_cache=_numba_cache(),
        gpu=device.describe(),
        ffmpeg=shutil.which("ffmpeg"),
        chromium=next(filter(None, map(shutil.which, BROWSERS)), None),
        tk=_tk_version(),
        dashboard=metadata.version("bokeh") if util.find_spec("bokeh") else None,
    )


def version() -> str:
    """This package's version, from its installed metadata; run from a source tree that
    was never installed (PYTHONPATH=src), it has none."""
    try:
        return metadata.version("nqueens-lab")
    except metadata.PackageNotFoundError:
        return "unknown (source tree)"


def _cpu_model() -> str:
    """The processor's name as the system gives it (Linux: /proc/cpuinfo)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("model name", "Model")):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def _numba_cache() -> str:
    """Where numba keeps the join's compiled kernels (NUMBA_CACHE_DIR, or __pycache__
    beside their source); with the JIT disabled, there is none."""
    from nqueens.engine.methods.join.blocks import count_blocks

    stats = getattr(count_blocks, "stats", None)
    return str(stats.cache_path) if stats is not None else "none (NUMBA_DISABLE_JIT)"


def _tk_version() -> str | None:
    """Tk's version, if Python has it (a window still needs a display)."""
    try:
        import tkinter
    except ImportError:
        return None
    return str(tkinter.TkVersion)
