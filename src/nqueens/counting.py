"""Counting solutions: total and unique, by the method best suited, and checking a count.

`count` is the one entry point; the methods it can use are the registry's
(`nqueens.engine.registry.METHODS`). The engine (numba) is imported only when a count
asks for a method that needs it; the pure-Python method never loads it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from nqueens.engine.registry import METHODS, best_method, choose
from nqueens.results import CountResult, Progress
from nqueens.validate import board_size

if TYPE_CHECKING:
    from nqueens.engine.cluster import TLSFiles
    from nqueens.engine.verify import Verification

__all__ = ["METHODS", "CountResult", "Progress", "best_method", "count", "verify"]


def count(
    n: int,
    *,
    method: str = "auto",
    variant: str | None = None,
    workers: int | None = None,
    journal: str | Path | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    on_compile: Callable[[], None] | None = None,
    scheduler: str | None = None,
    batch_size: int | None = None,
    connect_timeout: float = 10.0,
    tls: TLSFiles | None = None,
    on_dashboard: Callable[[str], None] | None = None,
) -> CountResult:
    """Count all solutions and the unique ones (one per symmetry class).

    `method` is `auto` (the fastest for N: `best_method`) or a name in `METHODS`
    (`backtrack`, `join`, `python`); an N outside its range is refused in one line.
    `variant` counts another board (`toroidal`, `superqueens`: see nqueens.variants)
    with its own method (naming that method is enough); `unique` then counts classes
    under the square's 8 symmetries.
    `workers` defaults to every core (1 counts in this process); `journal` names a
    SQLite file that keeps finished work, so rerunning the same call resumes it.
    `scheduler` runs the count on a Dask cluster (`tls://host:8786` with `tls`, a plain
    `tcp://host:8786`, or `local` for a LocalCluster on this machine's loopback, whose
    dashboard link goes to `on_dashboard` when given). `batch_size` is the number of
    subproblems per task; `on_compile` is called before the kernels are compiled (once
    per machine).

    Examples
    --------
    >>> r = count(8)
    >>> r.total, r.unique
    (92, 12)
    """
    n = board_size(n)
    chosen = choose(n, method, variant)
    from nqueens.engine.run import run_count

    return run_count(
        chosen,
        n,
        workers=workers,
        journal=journal,
        on_progress=on_progress,
        on_compile=on_compile,
        scheduler=scheduler,
        batch_size=batch_size,
        connect_timeout=connect_timeout,
        tls=tls,
        on_dashboard=on_dashboard,
    )


def verify(journal: str | Path, samples: int, *, seed: int | None = None) -> Verification:
    """Recount `samples` randomly chosen finished subproblems of a journal, with an
    independent counter where the method's registry entry names one (the join's are
    recounted by a backtracking search), and compare. Raises VerificationError (naming
    the subproblem) on the first disagreement."""
    from nqueens.engine.verify import verify_journal

    return verify_journal(journal, samples, seed=seed)
