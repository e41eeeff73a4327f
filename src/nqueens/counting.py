"""Counting solutions: total and unique, by the method best suited, and checking a count.

`count` is the one entry point; the methods it can use are the registry's
(`nqueens.engine.registry.METHODS`). The engine (numba) is imported only when a count
asks for a method that needs it; the pure-Python method never loads it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from nqueens.engine.registry import METHODS, best_method, choose
from nqueens.errors import (
    CountInterrupted,
    IncompatibleOptionsError,
    InvalidPartError,
    InvalidSizeError,
    PublishedMismatchError,
)
from nqueens.i18n import _
from nqueens.limits import VARIANT_KERNEL_FROM_N
from nqueens.options import CountOptions
from nqueens.results import CountResult, Progress
from nqueens.validate import kind_given, seconds_given, whole_count
from nqueens.variants.rules import BoardLike, Rules

if TYPE_CHECKING:
    from nqueens.engine.runtime.estimate import Estimate
    from nqueens.engine.runtime.verify import Verification

__all__ = [
    "METHODS",
    "CountOptions",
    "CountResult",
    "Progress",
    "best_method",
    "count",
    "estimate",
    "plan_parts",
    "verify",
]


def count(board: BoardLike, options: CountOptions | None = None, /, **changes: Any) -> CountResult:
    """Count all solutions and the unique ones (one per symmetry class).

    Parameters
    ----------
    board : int, str or Rules
        The board size, N >= 1, or ``"MxN"``: a rectangle of M rows and N columns (M
        queens, M <= N), counted by the variants' own search in this process; or a
        variant's `Rules` (as N with `variant`).
    options : CountOptions, optional
        How to count, as one value; keywords (the same names) change single fields of it.
    **changes
        Single options by name (``workers=2``), changing those of `options`: the fields
        of `CountOptions`, where each is described.

    Returns
    -------
    CountResult
        Total and unique counts, the time, the method, workers and subproblems;
        `published` True when they match the published counts for N; `verification`
        what `verify` recounted.

    Raises
    ------
    InvalidSizeError, JournalError, IncompatibleOptionsError
        Options out of range or that do not go together (`CountOptions`).
    SizeTooLargeError
        N is outside the method's range (the message names one that takes it).
    UnknownAlgorithmError, IncompatibleOptionsError
        No such method, or a method for another board than `variant` (or an engine
        option for a rectangle, which its own search counts in this process).
    JournalMismatchError, JournalError
        The journal belongs to other work, or cannot be kept where it was asked.
    PublishedMismatchError
        N has published counts (`nqueens.known`) and this count differs from them.
    VerificationError
        A subproblem recounted for `verify` disagrees with its journal.
    CountInterrupted
        Ctrl-C; what was finished is kept in the journal.

    Examples
    --------
    >>> r = count(8)
    >>> r.total, r.unique
    (92, 12)
    >>> count(13, variant="toroidal").total
    4524
    >>> r = count("5x8")
    >>> r.total, r.unique, r.cols
    (568, 142, 8)
    >>> count(10, CountOptions(method="backtrack", workers=1)).total
    724
    """
    chosen, rules = _board(board, options, changes, "count")
    chosen.check_count()
    if not rules.square:
        return _count_rectangle(rules, chosen)
    method = choose(rules.rows, chosen.method, rules.variant)
    from dataclasses import replace

    from nqueens.engine.runtime.run import run_count
    from nqueens.engine.runtime.verify import versus_published

    result = run_count(method, rules.rows, chosen)
    if result.part is not None:  # a share's counts are not the published whole
        return result
    assert result.unique is not None  # the whole count's, by Burnside where need be
    try:
        published = versus_published(rules.rows, result.total, result.unique, method.variant)
    except PublishedMismatchError:
        _recount(chosen, result)  # names the subproblem at fault, where the recount finds it
        raise
    recounted = _recount(chosen, result) if result.subproblems else None
    return replace(result, published=published, verification=recounted)


def _board(
    board: BoardLike, options: CountOptions | None, changes: dict[str, Any], caller: str
) -> tuple[CountOptions, Rules]:
    """The options, with their changes, and the rules of the board counted, the one value
    the count reads the board from: a `Rules` given as the board; else N or "MxN" under
    `variant`, or under the board of the method named (``method="toroidal"`` counts the
    toroidal board), or the classic rules. The options' `variant` is made to agree."""
    if options is not None:
        kind_given(options, CountOptions, "options", _("a CountOptions"))
    chosen = (options or CountOptions()).with_changes(caller, **changes)
    named = METHODS.get(chosen.method)
    variant = chosen.variant or (named.variant if named is not None else None)
    rules = Rules.given(board, variant if not isinstance(board, Rules) else chosen.variant)
    agreed = None if rules.variant == "classic" else rules.variant
    return (chosen if chosen.variant == agreed else chosen.with_changes(variant=agreed)), rules


def _recount(options: CountOptions, result: CountResult) -> Verification | None:
    """`verify`'s recount of the journal, where one was asked for; a stop during it says
    that the count itself is finished and kept (`result`), not nothing at all."""
    if options.verify is None or options.journal is None:
        return None
    from nqueens.engine.runtime.verify import verify_journal

    try:
        return verify_journal(options.journal, options.verify, seed=options.verify_seed)
    except KeyboardInterrupt:
        raise CountInterrupted(
            _(
                "interrupted while recounting for --verify: the count itself is finished "
                "({total} solutions, {unique} unique) and kept in {journal}; rerun the "
                "command to verify it"
            ).format(
                total=f"{result.total:,}",
                unique="?" if result.unique is None else f"{result.unique:,}",
                journal=options.journal,
            )
        ) from None


def estimate(
    board: BoardLike,
    options: CountOptions | None = None,
    /,
    *,
    budget: float | None = None,
    seed: int | None = None,
    **changes: Any,
) -> Estimate:
    """Plan a count without running it: how many subproblems, how long on this machine's
    workers (or `workers`), within what bounds, and the memory per worker.

    A stratified random sample of the count's own subproblems is counted and timed here,
    with the method the count would use; subproblems too long to time are sized by their
    method's probe instead (Knuth's random probes for backtrack; for the join a few
    orbit representatives timed, their joins on samples of their strips from N = 24):
    `Estimate.sampling` says which. See
    `nqueens.engine.runtime.estimate` for the model.

    Parameters
    ----------
    board, options, **changes
        As for `count` (`workers` may exceed this machine's cores: a cluster's size;
        `part` plans one part's share).
    budget : float, optional
        Seconds to spend timing (default `nqueens.engine.runtime.estimate.BUDGET`).
    seed : int, optional
        For a reproducible sample.

    Raises
    ------
    IncompatibleOptionsError
        A rectangle (counted at once, in this process), or a journal, a scheduler or a
        recount: an estimate counts nothing.

    Examples
    --------
    >>> e = estimate(12, workers=4, seed=1)
    >>> e.subproblems > 0 and e.seconds_low <= e.seconds <= e.seconds_high
    True
    """
    chosen, rules = _board(board, options, changes, "estimate")
    if not rules.square:
        raise IncompatibleOptionsError(
            _(
                "a {size} rectangle is counted by its own search in this process: count it, "
                "there is no plan to make"
            ).format(size=rules.size)
        )
    chosen.check_estimate()
    if budget is not None:
        budget = seconds_given(budget, "budget")
    if seed is not None:
        seed = whole_count(seed, "seed", least=0)
    method = choose(rules.rows, chosen.method, rules.variant)
    from nqueens.engine.runtime.estimate import estimate_run

    return estimate_run(
        method,
        rules.rows,
        budget,
        seed,
        workers=chosen.workers,
        part=chosen.share,
        on_compile=chosen.on_compile,
    )


def plan_parts(
    board: BoardLike,
    parts: int,
    options: CountOptions | None = None,
    /,
    *,
    budget: float | None = None,
    seed: int | None = None,
    **changes: Any,
) -> Estimate:
    """Plan a count cut into `parts` balanced shares, as a batch system's array of jobs
    runs it (`nqueens count N --slurm M`): one share is planned, the first (the shares are
    alike: each holds every M-th subproblem), as `estimate` plans it with ``part=(1,
    parts)``.

    Parameters
    ----------
    board, options, budget, seed, **changes
        As for `estimate` (`workers`: each job's).
    parts : int
        How many shares, M >= 1.

    Raises
    ------
    IncompatibleOptionsError
        A part among the options (the plan is every part's), or what `estimate` refuses.
    InvalidSizeError
        N = 1, which has no subproblems to share.
    InvalidPartError
        More parts than the count has subproblems.

    Examples
    --------
    >>> plan = plan_parts(12, 4, workers=1, budget=0.05, seed=1)
    >>> plan.part, plan.subproblems > 0
    ('1/4', True)
    """
    chosen, rules = _board(board, options, changes, "plan_parts")
    parts = whole_count(parts, "parts")
    if chosen.part is not None:
        raise IncompatibleOptionsError(
            _("a plan of every part takes no part of its own: drop it"), option="part"
        )
    if rules.square and rules.rows == 1:
        raise InvalidSizeError(_("N = 1 has no subproblems to share: count it at once"))
    try:
        return estimate(board, chosen.with_changes(part=(1, parts)), budget=budget, seed=seed)
    except InvalidPartError as error:  # said of part 1/M: say it of the M parts
        reason = error.reason or str(error)
        raise InvalidPartError(
            _("{parts} parts: {reason}").format(parts=parts, reason=reason), option="parts"
        ) from None


def _count_rectangle(rules: Rules, options: CountOptions) -> CountResult:
    """A rectangle's total and unique counts, by the variants' own search, at once (the
    engine's methods, pools and journals count square boards): in this process, or in
    one forked worker where the kernel counts it in one long call."""
    from nqueens.variants.counting import count_totals

    given = options.engine_options_given()
    if given:
        raise IncompatibleOptionsError(
            _(
                "a {size} rectangle is counted by its own search, in this process: drop {options}"
            ).format(size=rules.size, options=", ".join(given)),
            option=tuple(given),
        )
    started = time.perf_counter()
    if rules.cols < VARIANT_KERNEL_FROM_N:  # the Python search: a stop is heard at once
        total, unique = count_totals(rules)
    else:  # one compiled call, which no signal interrupts: in a worker, so that a stop
        from nqueens.engine.runtime.pool import in_a_worker  # ends it (14x30: hours)

        total, unique = in_a_worker(count_totals, rules)
    elapsed = time.perf_counter() - started
    return CountResult(  # no method of the registry: those count square boards
        rules.rows, total, unique, elapsed, None, variant=rules.variant, cols=rules.cols,
        published=None,  # no published table of rectangles to set it beside: not "new"
    )  # fmt: skip


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
    from nqueens.engine.runtime.verify import verify_journal

    if seed is not None:
        seed = whole_count(seed, "seed", least=0)
    return verify_journal(journal, samples, seed=seed)
