"""How a count runs: the options `count()`, the engine's runner and the command line share,
said once as one frozen value. A new option is one field here (and its use where it acts);
`count()` and `run_count()` take the value whole. A leaf module: nothing heavy is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nqueens.engine.runtime.cluster import TLSFiles
    from nqueens.engine.runtime.estimate import Estimate
    from nqueens.results import Progress

__all__ = ["CountOptions"]


@dataclass(frozen=True)
class CountOptions:
    """Everything about a count but the board: `nqueens.count(board, options)`.

    Attributes
    ----------
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
    part : str or (int, int), optional
        ``"K/M"``: count only the K-th of M interleaved shares of the subproblems, into
        `journal`; the M journals merge into the whole (`nqueens.engine.runtime.merge`).
    on_plan : callable, optional
        From N = 20, given the count's plan (an `Estimate`, from a second's sampling)
        before it starts: the progress bar's first ETA, the long-run warning.

    Examples
    --------
    >>> CountOptions(workers=2).with_changes(method="join").method
    'join'
    """

    method: str = "auto"
    variant: str | None = None
    workers: int | None = None
    journal: str | Path | None = None
    on_progress: Callable[[Progress], None] | None = None
    on_compile: Callable[[], None] | None = None
    scheduler: str | None = None
    batch_size: int | None = None
    connect_timeout: float = 10.0
    tls: TLSFiles | None = None
    on_dashboard: Callable[[str], None] | None = None
    part: tuple[int, int] | str | None = None
    on_plan: Callable[[Estimate], None] | None = None

    def with_changes(self, **changes: Any) -> CountOptions:
        """A copy with some fields changed; an unknown name is a TypeError, as for any
        call with a keyword the function does not take."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise TypeError(f"count() got an unexpected keyword argument {unknown[0]!r}")
        return replace(self, **changes) if changes else self

    def engine_options_given(self) -> list[str]:
        """The options, as the command line spells them, that only the engine's runner
        acts on (a rectangle is counted by its own search and refuses them)."""
        given = {
            "--workers": self.workers,
            "--journal": self.journal,
            "--method": None if self.method == "auto" else self.method,
            "--scheduler": self.scheduler,
            "--batch-size": self.batch_size,
            "--part": self.part,
        }
        return [name for name, value in given.items() if value is not None]
