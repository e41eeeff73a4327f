"""The join's probe for `--estimate`: the seconds a block of orbit representatives takes,
from a few of them timed, each whole where that is quick, or from samples of its strips
where it is not (N = 24-27: one representative's join takes seconds at N = 24 and
minutes at N = 26, nearly all of it matching).

A representative's cost is listing its two strips, then joining them: sorting and
building a table of the longer list, then matching every query (a signature of the
shorter list) against it. Listing is timed whole, after the representative before it in
the block has been listed, as a run lists them: consecutive representatives nearly
always share their strips' lower placements, which the workspace keeps (strips.strip),
and a listing without them costs three to four times as much (N = 19). The join is
sampled: a random sample of the longer list (`SAMPLED_TABLE` signatures) is joined with
two random samples of the queries, q and 4q long, and each is timed. Everything the join
does grows in step with the queries except the table's own sorting and building, so the
two times give the cost per query and the fixed cost, and since the table's cost and the
matching grow in step with the table's length, both scale by the longer list's length
over the sample's; where the budget makes the count join the lists in pieces
(`match.join_in_pieces`), each pair of pieces pays for its own table, and so does the
estimate.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from nqueens.engine.counter import Parts, Probed, ProbeUnit
from nqueens.engine.methods.join.workspace import Strips, Workspace

__all__ = [
    "PROBED_ORBITS",
    "PROBE_SECONDS",
    "SAMPLED_PAIRS",
    "SAMPLED_TABLE",
    "JoinProbe",
    "orbit_seconds",
]

SAMPLED_TABLE = 1 << 20
"""Signatures of the longer list in the sample: its table has enough blocks per key (32)
that the part-filled last block of each costs little."""
SAMPLED_PAIRS = 10**12
"""A representative whose lists make more pairs than this (about half a second of
matching) has its join sampled rather than timed whole."""
PROBED_ORBITS = 3
"""Representatives of a block timed, at most."""
PROBE_SECONDS = 0.5
"""A probe stops after the representative that passes this (N >= 24: one)."""

Signatures = npt.NDArray[np.uint64]


@dataclass
class JoinProbe:
    """Times a few of a block's representatives (the join's inner work), times the
    block's size: the registry's `probe`, in seconds."""

    unit: ProbeUnit = ProbeUnit.SECONDS
    _timing: dict[int, Workspace] = field(default_factory=dict)  # joins timed apart

    def __call__(self, parts: Parts, index: int, rng: np.random.Generator, probes: int) -> Probed:
        """The seconds block `index` would take, their standard error, and how many of
        the representatives timed were sampled rather than timed whole."""
        middles, easts, _ = parts.representatives(index)  # type: ignore[attr-defined]
        size = len(easts)
        if size == 0:
            return Probed(0.0, 0.0)
        seconds: list[float] = []
        sampled = 0
        began = time.perf_counter()
        for i in rng.choice(size, min(PROBED_ORBITS, size), replace=False).tolist():
            before = (int(middles[i - 1]), int(easts[i - 1])) if i > 0 else None
            spent, was_sampled = orbit_seconds(
                parts.n, int(middles[i]), int(easts[i]), rng, self._timing, before
            )
            seconds.append(spent)
            sampled += was_sampled
            if time.perf_counter() - began > PROBE_SECONDS:
                break
        mean = float(np.mean(seconds)) * size
        error = (
            float(np.std(seconds, ddof=1)) * size / len(seconds) ** 0.5
            if len(seconds) > 1
            else mean
        )
        return Probed(mean, error, sampled)

    def held_bytes(self) -> int:
        """The workspace the probes grew in this process, whole (not only its pages
        touched): what a worker counting the probed representatives holds at least."""
        return Workspace.held_bytes()


def orbit_seconds(
    n: int,
    m: int,
    east: int,
    rng: np.random.Generator,
    timing: dict[int, Workspace],
    before: tuple[int, int] | None = None,
) -> tuple[float, bool]:
    """The seconds representative (m, east) takes to count in this process, listed after
    the representative `before` it in its block (None: the block's first), and whether
    its join was sampled (else timed whole). `timing` keeps the workspace the joins are
    timed in, apart from the one the strips are listed in (the lists are its views)."""
    if not timing:  # the kernels' first calls from here load them: not timed
        first = Workspace.of(6).list_strips(-1, 0b000111)
        _timed(first.east, first.west, _timing_space(6, 16, timing))
    listed, strips = _listed(n, m, east, before)
    if len(strips.east) == 0 or len(strips.west) == 0:
        return listed, False
    if len(strips.east) * len(strips.west) <= SAMPLED_PAIRS:
        longer = max(len(strips.east), len(strips.west))
        return listed + _timed(strips.east, strips.west, _timing_space(n, longer, timing)), False
    stored, queries = sorted((strips.east, strips.west), key=len, reverse=True)
    table = min(len(stored), SAMPLED_TABLE)
    sample = stored[rng.integers(0, len(stored), table)] if table < len(stored) else stored
    long = min(len(queries), table // 4)
    drawn = queries[rng.integers(0, len(queries), long)]
    short = long // 4
    space = _timing_space(n, table, timing)
    once, four = _timed(sample, drawn[:short], space), _timed(sample, drawn, space)
    per_query = max(0.0, (four - once) / (long - short))
    fixed = max(0.0, once - per_query * short)
    pieces = [math.ceil(len(side) / strips.piece) for side in (strips.east, strips.west)]
    longest = max(len(strips.east) / pieces[0], len(strips.west) / pieces[1])
    tables = pieces[0] * pieces[1] * longest  # signatures sorted into tables, over all pairs
    pairs = float(len(stored)) * float(len(queries))
    return listed + (fixed * tables + per_query * pairs) / table, True


def _listed(n: int, m: int, east: int, before: tuple[int, int] | None) -> tuple[float, Strips]:
    """Representative (m, east)'s strips listed in this process's workspace, grown within
    the budget as a count would, and the seconds the listing took, with the lower
    placements a run would hold: those of the representative `before` it, listed first
    (None: none). Listed again where the listing grew the workspace (the new pages were
    touched then, and the lower placements dropped)."""
    space = Workspace.of(n)
    while True:
        space.forget_lower()
        if before is not None:
            space.list_strips(*before)
        held = space.nbytes()
        started = time.perf_counter()
        strips = space.list_strips(m, east)
        listed = time.perf_counter() - started
        if space.nbytes() == held:
            return listed, strips


def _timing_space(n: int, longer: int, timing: dict[int, Workspace]) -> Workspace:
    """A workspace whose table holds `longer` signatures whole, its pages touched."""
    longer = max(longer, 16)
    space = timing.get(n)
    if space is None or space.signatures < longer:
        timing.clear()
        space = timing[n] = Workspace(n, 16, longer)
        space.touch()
    return space


def _timed(east: Signatures, west: Signatures, space: Workspace) -> float:
    """Seconds of the join of copies of `east` and `west` (it sorts its lists in place)."""
    a, b = east.copy(), west.copy()
    started = time.perf_counter()
    space.join(a, b)
    return time.perf_counter() - started
