"""A count's plan as words: durations, the estimate's lines, the long-run warning."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nqueens.messages import plural

if TYPE_CHECKING:
    from nqueens.engine.runtime.estimate import Estimate

__all__ = ["LONG_RUN", "YEAR", "describe", "duration", "eta", "warning"]

LONG_RUN = 3600.0
"""A count predicted longer than this is announced before it starts; a subproblem longer
than this is said to pass what a batch job's time limit commonly allows."""
YEAR = 365.25 * 86400


def _subproblems(count: int) -> str:
    return plural(count, "{count} subproblem", "{count} subproblems")


def _workers(count: int) -> str:
    return plural(count, "{count} worker", "{count} workers")


def _gpus(count: int) -> str:
    return plural(count, "{count} GPU", "{count} GPUs")


def duration(seconds: float) -> str:
    """A duration in the largest unit that keeps it readable.

    >>> duration(42.1), duration(5400), duration(3 * 86400), duration(2.5e9)
    ('42 s', '1.5 hours', '3.0 days', '79 years')
    """
    if seconds < 90:
        return f"{seconds:.2g} s" if seconds < 10 else f"{seconds:.0f} s"
    if seconds < 5400 - 1:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} hours"
    if seconds < YEAR:
        return f"{seconds / 86400:.1f} days"
    years = seconds / YEAR
    return f"{years:,.1f} years" if years < 10 else f"{years:,.0f} years"


def eta(seconds: float) -> str:
    """The progress bar's remaining time: H:MM:SS, or days and years when that long."""
    if seconds >= 2 * 86400:
        return duration(seconds)
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def _span(estimate: Estimate, workers: int) -> str:
    seconds, low, high = estimate.on(workers)
    return f"{duration(seconds)} ({duration(low)} to {duration(high)})"


def _probes(estimate: Estimate) -> str:
    from nqueens.engine.counter import ProbeUnit

    if estimate.inner_sampled:
        return (
            "timing one of its orbit representatives or more (its inner work), their strips "
            "listed and their joins timed on random samples of the strips"
        )
    if estimate.probe_unit is ProbeUnit.SECONDS:
        return "timing a few of its orbit representatives (its inner work)"
    return "Knuth's random probes of its search tree"


def describe(estimate: Estimate, cores: int) -> list[str]:
    """The lines `nqueens count N --estimate` prints."""
    on_gpus = estimate.peak_device_bytes is not None  # a process counts on one GPU
    here, unit = (1, _gpus) if on_gpus else (cores, _workers)
    lines = [
        f"N = {estimate.n}, method {estimate.method}: {_subproblems(estimate.subproblems)}"
        + ("" if estimate.part is None else f" (part {estimate.part} of {estimate.split:,})"),
        f"predicted on this machine's {unit(here)}: {_span(estimate, here)}",
    ]
    if estimate.workers != here:
        lines.append(f"predicted on {unit(estimate.workers)}: {_span(estimate, estimate.workers)}")
    lines.append(f"peak memory per worker: {estimate.peak_bytes_per_worker / 1e6:,.0f} MB")
    one = "one GPU" if on_gpus else "one worker"
    longest = f"longest subproblem sampled: {duration(estimate.longest)} on {one}"
    if estimate.longest > LONG_RUN:
        longest += (
            ", past an hour: a job must run that long to finish one (a journal keeps only "
            "finished subproblems)"
        )
    lines.append(longest)
    if estimate.peak_device_bytes is not None:
        lines.append(f"peak memory per GPU: {estimate.peak_device_bytes / 1e6:,.0f} MB")
    probed = estimate.sampled - estimate.timed
    how = f"sampled {_subproblems(estimate.sampled)} of the run at random, by strata: "
    if probed == 0:
        how += "each counted and timed here"
    elif estimate.timed == 0:
        how += f"each too long to time, so sized by {_probes(estimate)}"
    else:
        how += (
            f"{estimate.timed:,} counted and timed, {probed:,} too long to time, so sized by "
            f"{_probes(estimate)}"
        )
    return [*lines, how]


def warning(estimate: Estimate, journal: str | None) -> str | None:
    """The one line said before a count predicted to take more than `LONG_RUN`."""
    seconds, low, high = estimate.on(estimate.workers)
    if seconds <= LONG_RUN:
        return None
    line = (
        f"this count may take {duration(seconds)} on "
        f"{(_gpus if estimate.peak_device_bytes is not None else _workers)(estimate.workers)} "
        f"({duration(low)} to {duration(high)})"
    )
    if seconds > YEAR:
        from nqueens.known import record_beside

        line += f"; it stands beside {record_beside(estimate.n)}"
    if journal is None:
        return line + "; add --journal FILE to make it resumable (Ctrl-C stops it)"
    return line + f"; kept in {journal}, so the same command resumes it"
