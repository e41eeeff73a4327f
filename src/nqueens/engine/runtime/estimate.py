"""Plan a count before running it: time a stratified random sample of the run's own
subproblems on this machine, with the method the count would use, and predict the run.

The subproblems are cut into `SAMPLES` strata of neighbours (a split lists subproblems
of similar cost together) and a batch of them, as the run would give a worker, is drawn
at random from each. The drawn batch is counted and timed in this process where its
first subproblem's probe (if the method has one) says it fits its share of the time
left; else as many of its first subproblems as that probe says fit are measured one by
one, each timed where its own probe says it fits and sized by that probe where not. A
probe whose unit is nodes (Knuth's random-probe estimate of the nodes below a
subproblem, engine/counter.py's `knuth_nodes`) is turned into seconds by a calibration on N =
`CALIBRATE_N`, where subproblems are quick to time; a probe whose unit is seconds (the
join times a few of a block's orbit representatives, its inner work, and from N = 24
each one's join on samples of its strips: methods/join/probe.py) is taken as it is. The
stratified mean times the number of subproblems is one core's work; the wall time on W
workers is that over W, never less than the longest subproblem seen. The bounds are two
standard errors of the sample (and of the probes), widened by `SLACK` for what a sample
does not see (the pool's overheads, other load). The peak memory per worker is this
process's resident memory after the warm-up plus the largest working tables a sampled
subproblem reported (the join's lists and match tables), or this process's memory after
the probes, whichever is more.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from nqueens.engine.counter import Parts, ProbeUnit
from nqueens.engine.registry import Method
from nqueens.engine.runtime.pool import default_batch, in_a_worker
from nqueens.engine.runtime.warm import warm_up

if TYPE_CHECKING:
    from nqueens.engine.runtime.parts import Part

__all__ = [
    "BUDGET",
    "CALIBRATE_N",
    "EFFICIENCY_N",
    "LONG_SUBPROBLEM",
    "QUICK_BUDGET",
    "SAMPLES",
    "SLACK",
    "Estimate",
    "Sampling",
    "estimate_run",
    "parallel_efficiency",
    "plan",
]

SAMPLES = 64
"""Strata, one subproblem drawn from each."""
BUDGET = 30.0
"""Seconds `--estimate` may spend counting sampled subproblems (it answers within a minute)."""
QUICK_BUDGET = 1.0
"""Seconds a count spends planning itself (the progress bar's first ETA, the warning)."""
PROBES = 256
"""Knuth probes per subproblem estimated rather than timed."""
CALIBRATE_N = 17
"""Where Knuth's node estimates are turned into seconds: its subproblems time in a few
milliseconds, long enough that a call's own overhead does not count (at N = 16 it
doubles the time per node)."""
SLACK = 0.15
"""The bounds' allowance, beyond the sampling error, for what a sample does not see."""
LONG_SUBPROBLEM = 3600.0
"""A subproblem longer than this passes what a batch job's time limit commonly allows
(a job must run that long to finish it: a journal keeps only finished subproblems)."""


class Sampling(enum.Enum):
    """How a plan's sampled subproblems were measured."""

    TIMED = "timed"  # every one counted and timed
    PROBED = "probed"  # each too long to time, so sized by the method's probe
    MIXED = "timed+probed"


@dataclass(frozen=True)
class Estimate:
    """A count's plan: subproblems, predicted seconds (with bounds) on `workers`, memory.

    `cpu_seconds` (and its bounds) is one core's work; `longest` the longest sampled
    subproblem, a floor under any wall time. `sampling` says how the sample was measured
    (every drawn subproblem counted; each too long to time, so sized by the method's
    probe: Knuth's random probes for backtrack, a few timed orbit representatives for
    the join; or both), and `inner_sampled` whether a probe measured a sample of its
    inner work rather than the whole (the join's, a representative's join on samples of
    its strips); `probe_unit` what the probe measured, None where nothing was probed.
    """

    n: int
    method: str
    workers: int
    subproblems: int
    cpu_seconds: float
    cpu_low: float
    cpu_high: float
    longest: float
    overhead: float
    peak_bytes_per_worker: int
    sampled: int
    timed: int
    sampling: Sampling
    inner_sampled: bool = False
    probe_unit: ProbeUnit | None = None
    peak_device_bytes: int | None = None  # a GPU method's: the most GPU memory a launch took
    efficiency: float = 1.0  # a worker's speed, all of this machine's cores busy, over one alone
    cores: int = 1  # this machine's, where `efficiency` was measured
    part: str | None = None  # "K/M" where one part of the count is planned (of `split` in all)
    split: int = 0  # the whole count's subproblems
    past_hour: float = 0.0  # the run's subproblems expected past LONG_SUBPROBLEM (_past)

    @property
    def past_an_hour(self) -> bool:
        """Whether a subproblem of the run passes an hour: one sampled did, or the sample's
        spread says at least one of the run's would (stable across seeds, unlike the
        longest of a few dozen sampled, which at N = 26 came out 38 to 72 minutes)."""
        return self.sampled_past_an_hour or self.past_hour >= 1.0

    @property
    def sampled_past_an_hour(self) -> bool:
        """Whether a sampled subproblem took (or was sized at) more than an hour."""
        return bool(self.longest > LONG_SUBPROBLEM)

    def speed(self, workers: int) -> float:
        """How many single workers' worth `workers` count at: each at `efficiency` once all
        of a machine's cores are busy (as on a cluster of such machines), in between
        linearly (one worker alone counts at full speed). Never below one worker's: an
        efficiency measured on a machine busy with other work would plan more workers as
        slower than one, which no pool is (it would count as one)."""
        busy = min(workers, self.cores)
        if busy <= 1:
            return float(workers)
        slowed = (1.0 - self.efficiency) * (busy - 1) / max(1, self.cores - 1)
        return max(1.0, workers * (1.0 - slowed))

    def on(self, workers: int) -> tuple[float, float, float]:
        """(seconds, low, high) of the run on `workers` workers."""
        speed = self.speed(workers)

        def wall(cpu: float) -> float:
            return self.overhead + max(cpu / speed, self.longest)

        return wall(self.cpu_seconds), wall(self.cpu_low), wall(self.cpu_high)

    @property
    def seconds(self) -> float:
        return self.on(self.workers)[0]

    @property
    def seconds_low(self) -> float:
        return self.on(self.workers)[1]

    @property
    def seconds_high(self) -> float:
        return self.on(self.workers)[2]

    def to_dict(self) -> dict[str, Any]:
        """The fields `--estimate --json` prints."""
        return {
            "n": self.n,
            "method": self.method,
            "workers": self.workers,
            "subproblems": self.subproblems,
            "part": self.part,
            "seconds": self.seconds,
            "seconds_low": self.seconds_low,
            "seconds_high": self.seconds_high,
            "peak_bytes_per_worker": self.peak_bytes_per_worker,
            "peak_device_bytes": self.peak_device_bytes,
            "longest_subproblem_seconds": self.longest,
            "subproblem_past_an_hour": self.past_an_hour,
            "subproblems_past_an_hour": round(self.past_hour),
            "parallel_efficiency": self.efficiency,
            # "timed+probed: strips sampled", as the plan's own words say it
            "sampling": self.sampling.value + (": strips sampled" if self.inner_sampled else ""),
            "sampled": self.sampled,
        }


def estimate_run(
    method: Method,
    n: int,
    budget: float | None,
    seed: int | None,
    *,
    workers: int | None = None,
    part: Part | None = None,
    on_compile: Callable[[], None] | None = None,
) -> Estimate:
    """Plan the count `nqueens.count(n, options)` with `method` (already checked to take
    N), on the options' `workers` (None: this machine's cores), of their `part` (parsed)
    if they name one; `on_compile` is told before kernels compile."""
    from nqueens.engine.runtime.parts import share
    from nqueens.validate import worker_count

    asked = workers
    workers = worker_count(method.workers_asked(asked), planned=True)  # as a run
    if not method.survives_fork and asked is None:
        workers = 1  # counted in this process, whatever the cores; asked for W, it plans
        # W such processes (a GPU each, on a cluster)
    warm_up(method, n, on_compile)
    started = time.perf_counter()
    parts = method.split(n) if n > 1 else None
    if parts is None:  # N = 1: nothing to count
        return Estimate(
            n, method.name, workers, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0, 0, 0, Sampling.TIMED
        )
    overhead = time.perf_counter() - started
    if part is not None:
        part.check(len(parts))
        indices = share(len(parts), part)
    else:
        indices = np.arange(len(parts), dtype=np.intp)
    rng = np.random.default_rng(seed)
    spend = BUDGET if budget is None else budget
    planning = (method, parts, indices, workers, spend, rng, overhead)
    planner = functools.partial(plan, every_stratum=True)
    planned = dataclasses.replace(  # in a worker where it can: a stop may not wait for it
        in_a_worker(planner, *planning) if method.survives_fork else planner(*planning),
        part=None if part is None else str(part),
        split=len(parts),
    )
    cores = os.cpu_count() or 1
    if workers > 1 and method.survives_fork and cores > 1:
        planned = dataclasses.replace(
            planned, efficiency=parallel_efficiency(method, min(workers, cores)), cores=cores
        )
    return planned


EFFICIENCY_N = 13
"""The board whose whole count each worker repeats to measure the pool's speed-up: a few
hundredths of a second a repeat, long enough to share the processor as a count does."""
EFFICIENCY_SECONDS = 0.3
"""How long one worker alone repeats it; the workers together then repeat it as often."""


def parallel_efficiency(method: Method, workers: int) -> float:
    """A worker's speed when `workers` of them count at once on this machine, over one
    alone: the same work timed in this process, then in as many forked workers at once
    (cores that share a physical core, a cache or the memory bus count slower together:
    two workers on this project's 2-core VM count about 1.5 times as fast as one)."""
    from nqueens.engine.runtime.pool import start_pool

    parts = method.split(EFFICIENCY_N)
    every = np.arange(len(parts), dtype=np.intp)
    _repeat(parts, every, 1)  # loaded and warm: not timed
    started = time.perf_counter()
    repeats = 0
    while time.perf_counter() - started < EFFICIENCY_SECONDS:
        _repeat(parts, every, 1)
        repeats += 1
    alone = (time.perf_counter() - started) / repeats
    with start_pool(workers) as pool:
        together = pool.starmap(_repeat, [(parts, every, repeats)] * workers)
    return max(0.05, min(1.0, alone * repeats / (sum(together) / workers)))


def _repeat(parts: Parts, indices: npt.NDArray[np.intp], times: int) -> float:
    """Seconds of `times` counts of the subproblems `indices` (in a pool worker too)."""
    function, arguments = parts.task(indices)
    started = time.perf_counter()
    for _ in range(times):
        function(*arguments)
    return time.perf_counter() - started


def plan(
    method: Method,
    parts: Parts,
    indices: npt.NDArray[np.intp],
    workers: int,
    budget: float,
    rng: np.random.Generator,
    overhead: float = 0.0,
    *,
    every_stratum: bool = False,
) -> Estimate:
    """The estimate of counting `indices` of `parts` (all of them, or a part's share).

    `every_stratum` (`--estimate`'s plan): every stratum is sampled, past the budget by
    its probe alone, where the method has one; else (a count's own quick plan, whose
    budget is a second) the sample ends with the budget."""
    size = len(indices)
    resident = _resident_bytes()
    strata = min(SAMPLES, size)
    bounds = np.linspace(0, size, strata + 1).astype(np.intp)
    batch = default_batch(size, workers, method.batch_limit, method.tasks_per_worker)
    weights = np.diff(bounds).astype(float)
    probe = method.implementation().probe
    scale = 0.0
    if probe is not None and probe.unit is ProbeUnit.SECONDS:
        scale = 1.0  # the probe times a sample of the subproblem's inner work itself
    elif probe is not None and parts.n > CALIBRATE_N:
        scale = _seconds_per_node(method.name)
    # A subproblem counted alone on a GPU leaves nearly all of it idle: its time says
    # nothing of its share of a whole launch (issue 46: N = 22's plan, timed so a launch
    # each, passed 25 s unfinished). A device's subproblems are sized by the probe,
    # whose rate a whole count measured, wherever it has one.
    alone = not method.needs_device
    inner_sampled = any_timed = False
    seconds = np.full(strata, np.nan)
    variances = np.zeros(strata)
    peaks = [i for i, f in enumerate(method.fields) if f.peak and not f.device]
    on_device = [i for i, f in enumerate(method.fields) if f.device]
    table_bytes = device_bytes = timed = 0
    longest = 0.0
    measured: list[float] = []  # each subproblem's seconds, timed or probed, as sampled

    def time_task(chosen: npt.NDArray[np.intp]) -> float:
        """Seconds a subproblem of `chosen`, counted here as one task; the tables noted."""
        nonlocal table_bytes, device_bytes, any_timed, longest
        function, arguments = parts.task(chosen)
        started = time.perf_counter()
        rows = function(*arguments)
        spent = (time.perf_counter() - started) / len(chosen)
        table_bytes = max([table_bytes, *(int(rows[:, i].max()) for i in peaks)])
        device_bytes = max([device_bytes, *(int(rows[:, i].max()) for i in on_device)])
        any_timed, longest = True, max(longest, spent)
        measured.append(spent)
        return spent

    deadline = time.perf_counter() + budget
    for position, j in enumerate(rng.permutation(strata).tolist()):
        left = max(0.0, deadline - time.perf_counter())
        probing = every_stratum and probe is not None and scale != 0
        if left == 0 and position >= 2 and not probing:
            break
        # Past the budget, a plan asked for samples every stratum by its probe alone: one
        # cut short by the clock (N = 26: 15 to 42 strata of 64, as each probe's listing
        # took) made the total and the longest subproblem flip with the seed.
        lo, hi = int(bounds[j]), int(bounds[j + 1])
        first = int(rng.integers(lo, max(lo + 1, hi - batch + 1)))
        chosen = indices[first : min(first + batch, size)]  # a batch, as the run has them
        share = left / max(1, strata - position)
        probed = None if probe is None or scale == 0 else probe(parts, int(chosen[0]), rng, PROBES)
        if probed is None or (alone and 0 < probed.mean * scale * len(chosen) <= share):
            seconds[j] = time_task(chosen)
            timed += 1
            continue
        # Too long to time whole, or its first subproblem's probe found nothing, which says
        # nothing of the others (at N = 26 a subproblem holds one or two representatives,
        # and many none): as many of its first subproblems as that probe says fit (only the
        # first where it found nothing), each timed alone where its own probe says it fits
        # the share, else sized by that probe. The number is fixed before any is timed, so
        # that a costly one does not cut its stratum's sample short.
        assert probe is not None
        each = probed.mean * scale
        wanted = min(len(chosen), max(1, int(share / each))) if each > 0 else 1
        values: list[float] = []
        variance = 0.0
        sized = 0  # of them by their probe
        for k, index in enumerate(chosen[:wanted].tolist()):
            if k:
                probed = probe(parts, index, rng, PROBES)
                each = probed.mean * scale
            if alone and each <= share:
                values.append(time_task(chosen[k : k + 1]))
                continue
            values.append(each)
            measured.append(each)
            variance += (probed.error * scale) ** 2
            inner_sampled |= probed.sampled > 0
            longest = max(longest, each)
            sized += 1
        seconds[j], variances[j] = float(np.mean(values)), variance / len(values) ** 2
        timed += sized == 0
    if probe is not None:  # what the probes grew, counted whole (not only pages touched)
        table_bytes = max(table_bytes, probe.held_bytes())
    seen = ~np.isnan(seconds)
    sampled = int(seen.sum())
    mean = float(np.average(seconds[seen], weights=weights[seen])) if sampled else 0.0
    cpu = mean * size
    spread = float(np.std(seconds[seen], ddof=1)) if sampled > 1 else mean
    finite = math.sqrt(max(0.0, 1 - sampled / size)) if size else 0.0
    error = size * math.sqrt(
        (spread / math.sqrt(max(1, sampled))) ** 2 * finite**2
        + float(variances[seen].sum()) / max(1, sampled) ** 2
    )
    how = Sampling.TIMED if timed == sampled else (Sampling.MIXED if any_timed else Sampling.PROBED)
    return Estimate(
        n=parts.n,
        method=method.name,
        workers=workers,
        subproblems=size,
        cpu_seconds=cpu,
        cpu_low=max(0.0, cpu - 2 * error) * (1 - SLACK),
        cpu_high=(cpu + 2 * error) * (1 + SLACK),
        longest=longest,
        overhead=overhead,
        # the tables a probe grew are in this process's memory now; a timed task's
        # are reported by the task (its peak field), and may since have been freed
        peak_bytes_per_worker=max(_resident_bytes(), resident + table_bytes),
        peak_device_bytes=device_bytes if on_device and any_timed else None,  # else unknown
        sampled=sampled,
        timed=timed,
        sampling=how,
        inner_sampled=inner_sampled,
        probe_unit=None if how is Sampling.TIMED or probe is None else probe.unit,
        past_hour=_past(measured, size, LONG_SUBPROBLEM),
    )


def _past(measured: list[float], size: int, limit: float) -> float:
    """How many of the run's `size` subproblems are expected to take more than `limit`
    seconds, from the sampled ones: the share that took any time, times the chance of
    passing `limit` by a log-normal fitted to those (subproblems' costs are products of
    many factors: representatives, list lengths, pairs). The fit uses the whole sample,
    so it answers alike for every seed where the longest sampled is a few dozen draws'
    maximum; with fewer than three that took time, the sample's own share."""
    values = np.asarray(measured, dtype=float)
    if len(values) == 0:
        return 0.0
    positive = values[values > 0]
    if len(positive) < 3:
        return size * float(np.mean(values > limit))
    logs = np.log(positive)
    spread = float(np.std(logs, ddof=1))
    if spread == 0:
        beyond = float(positive[0] > limit)
    else:
        beyond = 0.5 * math.erfc((math.log(limit) - float(np.mean(logs))) / (spread * math.sqrt(2)))
    return size * len(positive) / len(values) * beyond


@functools.cache
def _seconds_per_node(name: str) -> float:
    """Seconds per node of Knuth's estimate, measured on N = `CALIBRATE_N`: the kernels'
    speed and their symmetry pruning (which the probes do not model) in one factor."""
    from nqueens.engine.registry import METHODS

    method = METHODS[name]
    probe = method.implementation().probe
    assert probe is not None, "only a method with a probe is calibrated"
    parts = method.split(CALIBRATE_N)
    rng = np.random.default_rng(CALIBRATE_N)
    chosen = rng.choice(len(parts), size=min(33, len(parts)), replace=False)
    function, arguments = parts.task(chosen[:1])
    function(*arguments)  # the first call pays for loading what the kernel touches
    nodes = elapsed = 0.0
    for index in chosen[1:].tolist():
        nodes += probe(parts, index, rng, PROBES).mean
        function, arguments = parts.task(np.array([index], np.intp))
        started = time.perf_counter()
        function(*arguments)
        elapsed += time.perf_counter() - started
    return elapsed / nodes if nodes else 0.0


def _resident_bytes() -> int:
    """This process's resident memory: what a forked worker starts from."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource

        return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024
