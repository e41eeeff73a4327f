"""A count's plan as words: durations, the estimate's lines, the long-run warning."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nqueens.i18n import _
from nqueens.messages import plural

if TYPE_CHECKING:
    from nqueens.engine.runtime.estimate import Estimate

__all__ = ["LONG_RUN", "YEAR", "describe", "duration", "eta", "warning"]

LONG_RUN = 3600.0
"""A count predicted longer than this is announced before it starts (a subproblem's hour
is `engine.runtime.estimate.LONG_SUBPROBLEM`)."""
YEAR = 365.25 * 86400


def duration(seconds: float) -> str:
    """A duration in the largest unit that keeps it readable.

    >>> duration(42.1), duration(5400), duration(3 * 86400), duration(2.5e9)
    ('42 s', '1.5 hours', '3.0 days', '79 years')
    """
    if seconds < 90:
        return _("{value} s").format(value=f"{seconds:.2g}" if seconds < 10 else f"{seconds:.0f}")
    if seconds < 5400 - 1:
        return _("{value} minutes").format(value=f"{seconds / 60:.0f}")
    if seconds < 2 * 86400:
        return _("{value} hours").format(value=f"{seconds / 3600:.1f}")
    if seconds < YEAR:
        return _("{value} days").format(value=f"{seconds / 86400:.1f}")
    years = seconds / YEAR
    return _("{value} years").format(value=f"{years:,.1f}" if years < 10 else f"{years:,.0f}")


def eta(seconds: float) -> str:
    """The progress bar's remaining time: H:MM:SS, or days and years when that long."""
    if seconds >= 2 * 86400:
        return duration(seconds)
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def _span(estimate: Estimate, workers: int) -> dict[str, str]:
    seconds, low, high = estimate.on(workers)
    return {"time": duration(seconds), "low": duration(low), "high": duration(high)}


def _probes(estimate: Estimate) -> str:
    from nqueens.engine.counter import ProbeUnit

    if estimate.inner_sampled:
        return _(
            "timing one of its orbit representatives or more (its inner work), their strips "
            "listed and their joins timed on random samples of the strips"
        )
    if estimate.probe_unit is ProbeUnit.SECONDS:
        return _("timing a few of its orbit representatives (its inner work)")
    return _("Knuth's random probes of its search tree")


def describe(estimate: Estimate, cores: int) -> list[str]:
    """The lines `nqueens count N --estimate` prints, each one message."""
    here = 1 if estimate.peak_device_bytes is not None else cores  # a GPU's: one process
    lines = [
        _first_line(estimate),
        plural(
            here,
            "predicted on this machine's {count} worker: {time} ({low} to {high})",
            "predicted on this machine's {count} workers: {time} ({low} to {high})",
            **_span(estimate, here),
        ),
    ]
    if estimate.workers != here:
        lines.append(
            plural(
                estimate.workers,
                "predicted on {count} worker: {time} ({low} to {high})",
                "predicted on {count} workers: {time} ({low} to {high})",
                **_span(estimate, estimate.workers),
            )
        )
    memory = f"{estimate.peak_bytes_per_worker / 1e6:,.0f}"
    lines.append(_("peak memory per worker: {memory} MB").format(memory=memory))
    if estimate.peak_device_bytes is not None:
        memory = f"{estimate.peak_device_bytes / 1e6:,.0f}"
        lines.append(_("peak memory per GPU: {memory} MB").format(memory=memory))
    lines.append(_longest(estimate))
    probed = estimate.sampled - estimate.timed
    fields = {"timed": f"{estimate.timed:,}", "probed": f"{probed:,}"}
    fields["probes"] = _probes(estimate)
    sampled = estimate.sampled
    if probed == 0:
        how = plural(
            sampled,
            "sampled {count} subproblem of the run at random, by strata: each counted and "
            "timed here",
            "sampled {count} subproblems of the run at random, by strata: each counted and "
            "timed here",
        )
    elif estimate.timed == 0:
        how = plural(
            sampled,
            "sampled {count} subproblem of the run at random, by strata: each too long to "
            "time, so sized by {probes}",
            "sampled {count} subproblems of the run at random, by strata: each too long to "
            "time, so sized by {probes}",
            **fields,
        )
    else:
        how = plural(
            sampled,
            "sampled {count} subproblem of the run at random, by strata: {timed} counted and "
            "timed, {probed} too long to time, so sized by {probes}",
            "sampled {count} subproblems of the run at random, by strata: {timed} counted and "
            "timed, {probed} too long to time, so sized by {probes}",
            **fields,
        )
    return [*lines, how]


def _first_line(estimate: Estimate) -> str:
    """What is planned: N, the method, its subproblems (a part's: of how many in all)."""
    fields = {"n": estimate.n, "method": estimate.method}
    if estimate.part is None:
        return plural(
            estimate.subproblems,
            "N = {n}, method {method}: {count} subproblem",
            "N = {n}, method {method}: {count} subproblems",
            **fields,
        )
    return plural(
        estimate.subproblems,
        "N = {n}, method {method}: {count} subproblem (part {part} of {split})",
        "N = {n}, method {method}: {count} subproblems (part {part} of {split})",
        **fields,
        part=estimate.part,
        split=f"{estimate.split:,}",
    )


def _longest(estimate: Estimate) -> str:
    """The longest subproblem sampled, and whether one of the run's passes an hour (a
    batch job's limit must then hold it: a journal keeps only finished subproblems): one
    sampled did, or the sample's spread says some of the run's would."""
    time = duration(estimate.longest)
    if estimate.sampled_past_an_hour:
        return _(
            "longest subproblem sampled: {time} on one worker, past an hour: a job must run "
            "that long to finish one (a journal keeps only finished subproblems)"
        ).format(time=time)
    if estimate.past_an_hour:
        return plural(
            round(estimate.past_hour),
            "longest subproblem sampled: {time} on one worker; by the sample's spread, about "
            "{count} of the run's passes an hour: a job must run that long to finish it (a "
            "journal keeps only finished subproblems)",
            "longest subproblem sampled: {time} on one worker; by the sample's spread, about "
            "{count} of the run's pass an hour: a job must run that long to finish one (a "
            "journal keeps only finished subproblems)",
            time=time,
        )
    return _("longest subproblem sampled: {time} on one worker").format(time=time)


def warning(estimate: Estimate, journal: str | None) -> str | None:
    """The one line said before a count predicted to take more than `LONG_RUN`."""
    seconds, _low, _high = estimate.on(estimate.workers)
    if seconds <= LONG_RUN:
        return None
    fields = {**_span(estimate, estimate.workers), "journal": journal}
    if seconds > YEAR:
        from nqueens.known import record_beside

        fields["record"] = record_beside(estimate.n)
    workers = estimate.workers
    if seconds <= YEAR and journal is None:
        return plural(
            workers,
            "this count may take {time} on {count} worker ({low} to {high}); add --journal "
            "FILE to make it resumable (Ctrl-C stops it)",
            "this count may take {time} on {count} workers ({low} to {high}); add --journal "
            "FILE to make it resumable (Ctrl-C stops it)",
            **fields,
        )
    if seconds <= YEAR:
        return plural(
            workers,
            "this count may take {time} on {count} worker ({low} to {high}); kept in "
            "{journal}, so the same command resumes it",
            "this count may take {time} on {count} workers ({low} to {high}); kept in "
            "{journal}, so the same command resumes it",
            **fields,
        )
    if journal is None:
        return plural(
            workers,
            "this count may take {time} on {count} worker ({low} to {high}); it stands "
            "beside {record}; add --journal FILE to make it resumable (Ctrl-C stops it)",
            "this count may take {time} on {count} workers ({low} to {high}); it stands "
            "beside {record}; add --journal FILE to make it resumable (Ctrl-C stops it)",
            **fields,
        )
    return plural(
        workers,
        "this count may take {time} on {count} worker ({low} to {high}); it stands beside "
        "{record}; kept in {journal}, so the same command resumes it",
        "this count may take {time} on {count} workers ({low} to {high}); it stands beside "
        "{record}; kept in {journal}, so the same command resumes it",
        **fields,
    )
