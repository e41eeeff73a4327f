"""A SLURM array script for a count in parts, its time and memory taken from the plan.

`nqueens count N --slurm M` plans one part (the parts are alike: each holds every M-th
subproblem) and prints the script; the user edits only the account and the partition,
and the environment line where the script's first comment says that the nodes may not
see the venv it names (under /tmp, or on this machine's own disk).
"""

from __future__ import annotations

import math
import os
import shlex
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nqueens.i18n import use_language
from nqueens.render.plan import duration

if TYPE_CHECKING:
    from nqueens.engine.runtime.estimate import Estimate

__all__ = ["ArrayJob", "mem_per_cpu", "unshared", "walltime"]

TIME_ROOM = 1.5
"""A node slower than this machine, or busier: the job asks for this times the plan's
high bound ..."""
TIME_EXTRA = 600.0
"""... and ten minutes more, for the start (numba's compile, the split) and a queue's
slow file system."""
MEMORY_ROOM = 1.25
"""The plan's peak per worker is measured here; the job asks for a quarter more."""
MEMORY_STEP = 256
"""--mem-per-cpu in steps of this many MiB."""


def walltime(seconds: float) -> str:
    """SLURM's --time for a part planned at `seconds` at most, with room, in whole minutes.

    >>> walltime(12), walltime(3000), walltime(200_000)
    ('00:11:00', '01:25:00', '3-11:30:00')
    """
    minutes = math.ceil((seconds * TIME_ROOM + TIME_EXTRA) / 60)
    days, minutes = divmod(minutes, 24 * 60)
    clock = f"{minutes // 60:02d}:{minutes % 60:02d}:00"
    return f"{days}-{clock}" if days else clock


def mem_per_cpu(peak_bytes: int) -> str:
    """SLURM's --mem-per-cpu for a worker whose plan peaks at `peak_bytes`, with room.

    >>> mem_per_cpu(204_000_000), mem_per_cpu(1_544_000_000), mem_per_cpu(2_304_000_000)
    ('256M', '2G', '2816M')
    """
    mib = peak_bytes * MEMORY_ROOM / 2**20
    steps = max(1, math.ceil(mib / MEMORY_STEP)) * MEMORY_STEP
    return f"{steps // 1024}G" if steps % 1024 == 0 else f"{steps}M"


TEMPORARY = ("/tmp", "/var/tmp", "/dev/shm")
"""Folders that are each machine's own, whatever their file system (with `TMPDIR`'s)."""
LOCAL_FILE_SYSTEMS = frozenset(
    {"tmpfs", "ramfs", "overlay", "ext2", "ext3", "ext4", "xfs", "btrfs", "f2fs", "zfs"}
)
"""File systems of a machine's own disks (or memory, or a container's layers): a node
sees them only where this machine exports them, unlike NFS, Lustre, GPFS, CephFS, ..."""


def unshared(path: str, mounts: str, temporary: Sequence[str] = TEMPORARY) -> str | None:
    """Why the nodes may not see `path` (the planning venv), or None where they may:
    under a temporary folder, or on a local file system by `mounts` (as
    /proc/self/mounts lists them: the longest mount point above `path` counts)."""
    for folder in temporary:
        if path == folder or path.startswith(folder.rstrip("/") + "/"):
            return f"under {folder}, this machine's temporary folder, which no node sees"
    best, kind = "", ""
    for line in mounts.splitlines():
        fields = line.split()
        if len(fields) < 3:
            continue
        point = fields[1].replace("\\040", " ")
        inside = path == point or path.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= len(best):
            best, kind = point, fields[2]
    if kind in LOCAL_FILE_SYSTEMS:
        return (
            f"on this machine's own disk ({kind} at {best}), which the nodes see only if "
            "it is exported to them"
        )
    return None


def _mounts() -> str:
    """This machine's mounts (Linux), or nothing known."""
    try:
        with open("/proc/self/mounts", encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def _warning() -> list[str]:
    """The script's first comment, where the planning venv may not be the nodes'."""
    if sys.prefix == sys.base_prefix:
        return []
    temporary = [*TEMPORARY, *map(os.path.realpath, (*TEMPORARY, tempfile.gettempdir()))]
    why = unshared(os.path.realpath(sys.prefix), _mounts(), temporary)
    if why is None:
        return []
    return [
        f"# NOTE: the environment this sources ({sys.prefix}) is {why}:",
        "# install nqueens where the nodes see it (a shared file system) and source that.",
    ]


def _environment() -> str:
    """The line that makes `nqueens` the one planning now: this venv's, where it runs in
    one (a project's `.venv` under `uv run` included)."""
    if sys.prefix != sys.base_prefix:
        activate = f"{sys.prefix}/bin/activate"
        return (
            "# The environment that planned this; its path must be the same on the nodes\n"
            "# (a shared file system), or name the nodes' own.\n"
            f"source {shlex.quote(activate)}"
        )
    return (
        "# nqueens is not in a virtual environment here: activate the one the nodes\n"
        "# share (source ~/nq/bin/activate), or run it from a checkout with `uv run`."
    )


@dataclass(frozen=True)
class ArrayJob:
    """A count in `parts` parts as a SLURM array job: its N and the cores of a part are
    the `plan`'s (of part 1), as are its time and memory."""

    parts: int
    plan: Estimate
    count_options: tuple[str, ...] = ()  # --method and --variant, where the user gave them

    @property
    def n(self) -> int:
        return self.plan.n

    @property
    def workers(self) -> int:
        return self.plan.workers

    def script(self) -> str:
        """The script, in English whatever the reader's language: a file for the cluster,
        its comments read by whoever runs it there."""
        with use_language("en"):
            return self._script()

    def _script(self) -> str:
        seconds, low, high = self.plan.on(self.workers)
        high = max(high, self.plan.longest)  # a part never ends before its longest subproblem
        command = " ".join(["nqueens count", str(self.n), *map(shlex.quote, self.count_options)])
        memory = f"{self.plan.peak_bytes_per_worker / 1e6:,.0f}"
        return "\n".join(
            [
                "#!/bin/bash",
                *_warning(),
                f"# {command} in {self.parts} {'part' if self.parts == 1 else 'parts'}, "
                "one SLURM array task each, "
                f"on {self.workers} {'core' if self.workers == 1 else 'cores'} a task.",
                f"# Planned on this machine ({command} --part 1/{self.parts} --estimate "
                f"--workers {self.workers}):",
                f"#   a part: {duration(seconds)} ({duration(low)} to {duration(high)}); "
                f"peak memory per worker: {memory} MB;",
                f"#   longest subproblem: {duration(self.plan.longest)} on one core.",
                f"# --time is {TIME_ROOM:g} times the high bound and {TIME_EXTRA / 60:.0f} "
                f"minutes more; --mem-per-cpu the peak and a quarter more.",
                "# Set the account and the partition, then: sbatch THIS-FILE",
                f"#SBATCH --job-name=nqueens-{self.n}",
                f"#SBATCH --array=1-{self.parts}",
                f"#SBATCH --cpus-per-task={self.workers}",
                f"#SBATCH --mem-per-cpu={mem_per_cpu(self.plan.peak_bytes_per_worker)}",
                f"#SBATCH --time={walltime(high)}",
                "#SBATCH --output=part-%a.log",
                "#SBATCH --account=ACCOUNT",
                "#SBATCH --partition=PARTITION",
                _environment(),
                "# Each task counts its share on its cores; rerunning a failed task resumes it.",
                f'{command} --part "${{SLURM_ARRAY_TASK_ID}}/{self.parts}" \\',
                '    --workers "${SLURM_CPUS_PER_TASK}" '
                '--journal "part-${SLURM_ARRAY_TASK_ID}.db" --quiet',
                f"# When every task has finished: nqueens journal merge part-*.db "
                f"--out n{self.n}.db",
                "",
            ]
        )
