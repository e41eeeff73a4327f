"""How a count runs: the options `count()`, the engine's runner and the command line share,
said once as one frozen value, and checked once, when the value is made: alone (a part
is K/M) and together (a part needs a journal). What is given as text is parsed then,
once, into typed values beside it (`address`, `share`), which the runner reads. A new
option is one field here (its check beside it, and its use where it acts); `count()` and
`run_count()` take the value whole. Nothing heavy is imported: a scheduler's address and
a part are read by their own modules only when given.

With results.py it is the count's values, on the engine's row of the layout
(docs/development.md): the API builds it, the runtime reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from nqueens.errors import (
    IncompatibleOptionsError,
    InvalidSchedulerAddressError,
    InvalidSizeError,
    JournalError,
    UnknownAlgorithmError,
)
from nqueens.i18n import N_, _
from nqueens.limits import BATCH_MAX_SIZE, WAIT_MAX_SECONDS, check_count
from nqueens.messages import unknown_variant
from nqueens.validate import (
    callback_given,
    file_name,
    given_name,
    is_number,
    kind_given,
    seconds_given,
    whole_count,
)

if TYPE_CHECKING:
    from nqueens.engine.runtime.cluster import Address, TLSFiles
    from nqueens.engine.runtime.estimate import Estimate
    from nqueens.engine.runtime.parts import Part
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
        Worker processes (None: every core; 1 counts in one worker process).
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
        Seconds to wait for the scheduler to answer.
    wait_for_workers : float
        Seconds a count on a scheduler waits for its first worker (a batch system, such
        as SLURM under dask-jobqueue, may take minutes to start them); `on_waiting` is
        told `(seconds waited, wait_for_workers)` about once a second meanwhile.
    tls : TLSFiles, optional
        The CA, certificate and key for a ``tls://`` scheduler.
    on_dashboard : callable, optional
        Given the dashboard's link of a local cluster.
    part : str or (int, int), optional
        ``"K/M"``: count only the K-th of M interleaved shares of the subproblems, into
        `journal`; the M journals merge into the whole (`nqueens.engine.runtime.merge`).
    address : Address or None
        Not given: `scheduler` parsed, when the value is made (None without one).
    share : Part or None
        Not given: `part` parsed, when the value is made (None without one).
    on_plan : callable, optional
        From N = 20, given the count's plan (an `Estimate`, from a second's sampling)
        before it starts: the progress bar's first ETA, the long-run warning.
    verify : int or "all", optional
        After the count, recount this many randomly chosen finished subproblems of the
        `journal` (or all), by an independent counter where the method has one, and
        compare (`CountResult.verification`). A count that differs from the published
        one is recounted first, so that the error names the subproblem at fault.
    verify_seed : int, optional
        The seed that chooses `verify`'s sample (default: a new one, returned).

    Raises
    ------
    InvalidSizeError, InvalidPartError, InvalidSchedulerAddressError
        An option out of its range: workers or a batch size below 1, a part that is not
        K/M, a scheduler address that is not one (or TLS files without a ``tls://``
        scheduler, a dashboard without a local cluster).
    JournalError
        A recount without the journal it reads (a count's part without one: when the
        count starts, `check_count`, since a part's estimate needs none).
    IncompatibleOptionsError
        Options that do not go together (a `verify_seed` without `verify`, `tls` that
        is no `TLSFiles`).

    Examples
    --------
    >>> CountOptions(workers=2).with_changes(method="join").method
    'join'
    >>> CountOptions(verify=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nqueens.errors.JournalError: a recount reads the subproblems ...: it needs a journal
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
    wait_for_workers: float = 10.0
    on_waiting: Callable[[float, float], None] | None = None
    tls: TLSFiles | None = None
    on_dashboard: Callable[[str], None] | None = None
    part: tuple[int, int] | str | None = None
    on_plan: Callable[[Estimate], None] | None = None
    verify: int | Literal["all"] | None = None
    verify_seed: int | None = None
    address: Address | None = field(init=False, default=None, repr=False, compare=False)
    share: Part | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Every option checked, alone and against the others, before any count starts
        (N = 1 included, which a count answers at once)."""
        from nqueens.engine.registry import METHODS

        if self.variant is not None:
            given_name(self.variant, "variant")
        variants = dict.fromkeys(method.variant for method in METHODS.values())
        if self.variant is not None and self.variant not in variants:
            raise UnknownAlgorithmError(
                unknown_variant(self.variant, variants),
                option="variant",
            )
        given_name(self.method, "method")
        for name in ("on_progress", "on_compile", "on_waiting", "on_dashboard", "on_plan"):
            callback_given(getattr(self, name), name)
        for name in ("workers", "batch_size"):
            value = getattr(self, name)
            if value is not None:  # a NumPy integer as N takes it, kept as an int
                object.__setattr__(self, name, whole_count(value, name.replace("_", " ")))
        if self.journal is not None:
            file_name(self.journal, "journal", JournalError)
        if self.batch_size is not None:
            check_count(
                N_("batch size"),
                self.batch_size,
                BATCH_MAX_SIZE,
                N_("subproblems per task"),
                option="batch_size",
            )
        seconds_given(self.connect_timeout, "connect_timeout")
        wait = self.wait_for_workers
        if not is_number(wait) or not 0 <= wait <= WAIT_MAX_SECONDS:  # nan too
            raise InvalidSizeError(
                _("wait_for_workers must be 0 to {limit} seconds, not {value}").format(
                    limit=f"{WAIT_MAX_SECONDS:,.0f}", value=repr(self.wait_for_workers)
                ),
                option="wait_for_workers",
            )
        self._check_cluster()
        self._check_journal_work()

    def _check_cluster(self) -> None:
        if self.scheduler is not None:
            from nqueens.engine.runtime.cluster import parse_address

            object.__setattr__(self, "address", parse_address(self.scheduler))
        if self.tls is not None:  # a str failed deep in the connection, or went unused
            from nqueens.engine.runtime.cluster import TLSFiles as Files

            kind_given(self.tls, Files, "tls", _("a TLSFiles (nqueens.engine.runtime.cluster)"))
            if self.address is None or self.address.scheme != "tls":
                raise InvalidSchedulerAddressError(
                    _("TLS files are for a tls:// scheduler: count on one, or give none"),
                    option="tls",
                )
        if self.on_dashboard is not None and self.scheduler != "local":
            raise InvalidSchedulerAddressError(
                "a dashboard is started for a local cluster only: count on the scheduler 'local'",
                option="scheduler",
            )

    def _check_journal_work(self) -> None:
        """A part and a recount: each read, and a recount with the journal it reads (a
        part's is a count's rule, `check_count`: a part's estimate keeps none)."""
        if self.part is not None:
            from nqueens.engine.runtime.parts import Part

            object.__setattr__(self, "share", Part.given(self.part))
        if self.verify is not None:
            from nqueens.engine.runtime.verify import recount_samples

            recount_samples(self.verify)
            if self.journal is None:
                raise JournalError(
                    _("a recount reads the subproblems a journal keeps: it needs a journal"),
                    option="journal",
                )
            if self.part is not None:
                raise JournalError(
                    _("a recount checks a whole count, not a part: verify the merged journal"),
                    option="verify",
                )
        if self.verify_seed is not None:  # a NumPy integer as N takes it, kept as an int
            seed = whole_count(self.verify_seed, "verify_seed", least=0)
            object.__setattr__(self, "verify_seed", seed)
        if self.verify_seed is not None and self.verify is None:
            raise IncompatibleOptionsError(
                _("a seed chooses the recount's sample: ask for a recount too"), option="verify"
            )

    def check_count(self) -> CountOptions:
        """These options, checked for a count, which an estimate is not: a part is
        counted into a journal, to be merged with the others' later."""
        if self.part is not None and self.journal is None:
            raise JournalError(
                _("a part is counted to be merged with the others later: it needs a journal"),
                option="journal",
            )
        return self

    def check_estimate(self) -> CountOptions:
        """These options, checked for an estimate, which counts nothing: no journal, no
        scheduler, no recount (a cluster's size is given as `workers`)."""
        kept = [name for name in ("journal", "scheduler", "verify") if getattr(self, name)]
        if kept:
            raise IncompatibleOptionsError(
                _(
                    "an estimate counts nothing here: it keeps no journal and needs no "
                    "scheduler (give a cluster's size as workers)"
                ),
                option=tuple(kept),
            )
        return self

    def with_changes(self, caller: str = "with_changes", /, **changes: Any) -> CountOptions:
        """A copy with some fields changed; an unknown name is a TypeError, as for any
        call with a keyword the function does not take (`caller`, whose keywords they
        were: `count`, `estimate`, `plan_parts`)."""
        known = {f.name for f in fields(self) if f.init}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise TypeError(f"{caller}() got an unexpected keyword argument {unknown[0]!r}")
        return replace(self, **changes) if changes else self

    def engine_options_given(self) -> list[str]:
        """The options given that only the engine's runner acts on (a rectangle is
        counted by its own search and refuses them)."""
        given = {
            "workers": self.workers,
            "journal": self.journal,
            "method": None if self.method == "auto" else self.method,
            "scheduler": self.scheduler,
            "batch_size": self.batch_size,
            "part": self.part,
            "verify": self.verify,
        }
        return [name for name, value in given.items() if value is not None]
