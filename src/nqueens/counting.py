"""Counting solutions: total and unique, by the method best suited, and checking a count.

`count` is the one entry point; the methods it can use are the registry's
(`nqueens.engine.registry.METHODS`). The engine (numba) is imported only when a count
asks for a method that needs it; the pure-Python method never loads it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

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

    Parameters
    ----------
    n : int
        The board size, N >= 1.
    method : str
        ``"auto"`` (the fastest for N and the variant) or a registered method:
        ``backtrack``, ``join``, ``python``, or a variant's ``toroidal``, ``superqueens``
        (see `nqueens.engine.registry.METHODS`).
    variant : str, optional
        Count another board (``toroidal``, ``superqueens``; see `nqueens.variants`) with
        its own method; naming that method is enough. `unique` then counts classes under
        the square's 8 symmetries.
    workers : int or None
        Worker processes (None: every core; 1 counts in this process).
    journal : str or Path, optional
        An SQLite file keeping finished subproblems: the same call again resumes.
    on_progress, on_compile : callable, optional
        Told of progress (a `Progress`), and before kernels compile (once per machine).
    scheduler : str, optional
        Count on a Dask cluster: ``tls://host:8786`` (with `tls`), ``tcp://host:8786``, or
        ``local`` for a LocalCluster on this machine's loopback.
    batch_size : int, optional
        Subproblems per task.
    connect_timeout : float
        Seconds to wait for the scheduler and its first worker.
    tls : TLSFiles, optional
        The CA, certificate and key for a ``tls://`` scheduler.
    on_dashboard : callable, optional
        Given the dashboard's link of a local cluster.

    Returns
    -------
    CountResult
        Total and unique counts, the time, the method, workers and subproblems;
        `published` True when they match the published counts for N.

    Raises
    ------
    SizeTooLargeError
        N is outside the method's range (the message names one that takes it).
    UnknownAlgorithmError, IncompatibleOptionsError
        No such method, or a method for another board than `variant`.
    JournalMismatchError, JournalError
        The journal belongs to other work, or cannot be kept where it was asked.
    PublishedMismatchError
        N has published counts (`nqueens.known`) and this count differs from them.
    CountInterrupted
        Ctrl-C; what was finished is kept in the journal.

    Examples
    --------
    >>> r = count(8)
    >>> r.total, r.unique
    (92, 12)
    >>> count(13, variant="toroidal").total
    4524
    """
    n = board_size(n)
    chosen = choose(n, method, variant)
    from dataclasses import replace

    from nqueens.engine.run import run_count
    from nqueens.engine.verify import versus_published

    result = run_count(
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
    published = versus_published(n, result.total, result.unique, chosen.variant)
    return replace(result, published=published)


def verify(
    journal: str | Path, samples: int | Literal["all"], *, seed: int | None = None
) -> Verification:
    """Recount randomly chosen finished subproblems of a journal (or all), and compare.

    Each is recounted by an independent counter where the method's registry entry names one
    (the join's by a row-by-row backtracking search), else by the method's own task.

    Parameters
    ----------
    journal : str or Path
        A journal written by `count(..., journal=...)`.
    samples : int or "all"
        How many finished subproblems to recount (all of them when there are fewer).
    seed : int, optional
        For a reproducible choice; without one, a seed is chosen and returned in the
        `Verification`, so that another person can repeat the check.

    Returns
    -------
    Verification
        Which subproblems were recounted, and by what.

    Raises
    ------
    VerificationError
        A recount disagrees; the message names the subproblem.
    JournalError
        The file is not a journal, or it was edited.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "n8.sqlite"
    >>> _ = count(8, workers=1, journal=path)
    >>> len(verify(path, 3, seed=1).checked)
    3
    """
    from nqueens.engine.verify import verify_journal

    return verify_journal(journal, samples, seed=seed)
