"""The variants' counting methods for the engine's registry (engine/registry.py).

Each square variant is one registry entry naming one `VariantCounter` of this module
(TOROIDAL, SUPERQUEENS): its split is `FirstRows` for the variant's rules. A
subproblem is the first row's queen in one column of the left half of the board and the
second row's in a square it leaves free: the mirror gives the right half, and every
symmetry class has its least member there, so the subproblems' canonical solutions add
up to the unique count. On a torus the first column alone is searched: the column shifts
of its solutions are all the others, and the least of each class are counted among them.
Its probe (`VariantProbe`) is Knuth's, with the variant's attacks, for `--estimate` and a
long count's plan. The kernel is variants/kernel.py; workers, the journal, Dask and
`--verify` run these subproblems as they run the classic ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from nqueens.engine.arrays import Array
from nqueens.engine.counter import Counter, Parts, Probe, Probed, ProbeUnit, Recount, digest
from nqueens.limits import BITBOARD_MAX_N, VARIANT_KERNEL_FROM_N
from nqueens.variants.rules import Rules

__all__ = [
    "SUPERQUEENS",
    "TOROIDAL",
    "FirstRows",
    "VariantCounter",
    "VariantProbe",
    "count_rows",
    "rows_counter",
    "split_for",
]


@dataclass(frozen=True, eq=False)
class FirstRows:
    """Subproblem i: the first row's queen in column firsts[i] and the second row's in
    column seconds[i] (-1: any, on a one-row board or where the first queen leaves the
    second row no square), on the board `rules`. leads[i] is 1 for the first subproblem
    of its first column, which counts that first queen among its queens placed, so that
    they add up to the whole search's."""

    rules: Rules
    firsts: Array
    seconds: Array
    leads: Array

    @property
    def n(self) -> int:
        return self.rules.cols

    def __len__(self) -> int:
        return int(self.firsts.shape[0])

    def fingerprint(self) -> str:
        """A digest of every subproblem and the rules: equal digests, the same work."""
        flags = np.array([self.rules.rows, self.rules.wrap, self.rules.knight], np.int64)
        return digest(flags, self.firsts, self.seconds)

    def task(self, indices: npt.NDArray[np.intp]) -> tuple[Callable[..., Array], tuple[Any, ...]]:
        """A picklable function and its arguments that count the subproblems `indices`."""
        rules = self.rules
        return count_rows, (
            rules.rows,
            rules.cols,
            rules.wrap,
            rules.knight,
            self.firsts[indices],
            self.seconds[indices],
            self.leads[indices],
        )


def split_for(rules: Rules) -> FirstRows:
    """The first row's queen in the left half of the row (or the middle column of an odd
    board), beside each square of the second row it leaves free: about N/2 x (N - 3)
    subproblems (N = 20's superqueens: 153), where the first row alone gave N/2 (10,
    each of a minute or two), fewer than the cores that could count them. On a torus the
    first column alone: every other first column's solutions are its solutions shifted
    (`count_rows` counts the shifts), N - 3 subproblems, each searched once where the
    left half searched it (N + 1) / 2 times."""
    firsts: list[int] = []
    seconds: list[int] = []
    leads: list[int] = []
    for first in range(1 if rules.wrap else (rules.cols + 1) // 2):
        free = [c for c in range(rules.cols) if not rules.attacks((0, first), (1, c))]
        after = free if rules.rows > 1 and free else [-1]
        firsts += [first] * len(after)
        seconds += after
        leads += [1] + [0] * (len(after) - 1)
    return FirstRows(
        rules, np.array(firsts, np.int64), np.array(seconds, np.int64), np.array(leads, np.int64)
    )


def count_rows(
    rows: int,
    width: int,
    wrap: bool,
    knight: bool,
    firsts: Array,
    seconds: Array,
    leads: Array,
    unique: bool = True,
    fast: bool | None = None,
) -> Array:
    """For each subproblem the registry's fields: solutions (mirror images included; on a
    torus, every column shift of each instead, which covers the mirror images too),
    canonical solutions among them (0 unless `unique`: their test costs time), and
    queens placed;
    by the numba kernel when `fast` (None: from width `VARIANT_KERNEL_FROM_N`), else by
    the Python search, which counts the same and loads no numba. On a board that
    `proved_empty` answers (a toroidal N not coprime to 6): none, at once, no queen
    placed, where the search walked the whole tree to find none (N = 18: 730 million
    queens, 9 s; N = 20, minutes)."""
    from nqueens.variants.search import proved_empty

    out = np.zeros((len(firsts), 3), np.int64)
    if rows == width and proved_empty(Rules(rows, width, wrap=wrap, knight=knight)):
        return out
    counter = rows_counter(rows, width, wrap, knight, unique, fast)
    for i, (first, second, lead) in enumerate(
        zip(firsts.tolist(), seconds.tolist(), leads.tolist(), strict=True)
    ):
        found, least, below = counter(first, second)
        images = width if wrap else 1 if 2 * first + 1 == width else 2  # shifts or mirror
        out[i] = (images * found, least, lead + below)
    return out


def rows_counter(
    rows: int, width: int, wrap: bool, knight: bool, unique: bool, fast: bool | None = None
) -> Callable[[int, int], tuple[int, int, int]]:
    """One subproblem's (solutions, least solutions, queens placed below the first row)
    from its first two rows' columns (the second -1: any), by the kernel or the Python
    search as `count_rows` chooses; on a torus the least among every column shift of
    each solution."""
    if not (width >= VARIANT_KERNEL_FROM_N if fast is None else fast):
        from nqueens.variants.search import count_first_rows as by_search

        rules = Rules(rows, width, wrap=wrap, knight=knight)
        return lambda first, second: by_search(rules, first, second, unique, wrap)
    if width > BITBOARD_MAX_N:
        raise Rules(rows, width, wrap=wrap, knight=knight).too_wide()
    from nqueens.variants.kernel import count_first_rows, symmetry_switches

    switches = symmetry_switches(rows == width)

    def by_kernel(first: int, second: int) -> tuple[int, int, int]:
        found, least, nodes = count_first_rows(
            rows, width, wrap, knight, first, second, unique, switches, wrap
        )
        return int(found), int(least), int(nodes)

    return by_kernel


@dataclass(frozen=True)
class VariantProbe:
    """Knuth's estimate (mean, standard error) of the queens a variant's subproblem
    places below its first row (its `nodes` field, less its lead): probe.py."""

    unit: ProbeUnit = ProbeUnit.NODES

    def __call__(self, parts: Parts, index: int, rng: np.random.Generator, probes: int) -> Probed:
        from nqueens.variants.probe import variant_nodes

        assert isinstance(parts, FirstRows)
        first, second = int(parts.firsts[index]), int(parts.seconds[index])
        return Probed(*variant_nodes(parts.rules, first, second, rng, probes))

    def held_bytes(self) -> int:
        return 0


@dataclass(frozen=True)
class VariantCounter:
    """A square variant's counting method (the registry names one per variant)."""

    variant: str
    probe: Probe | None = field(default_factory=VariantProbe)
    recount: Recount | None = None

    def split(self, n: int) -> FirstRows:
        """The subproblems of the variant's N x N board."""
        return split_for(Rules.of(self.variant, n))

    def compiled(self) -> tuple[object, ...]:
        """The kernel a worker needs compiled."""
        from nqueens.variants.kernel import count_first_rows

        return (count_first_rows,)

    def warm_up(self) -> None:
        """Compile (or load from numba's cache) the kernel on a tiny board."""
        from nqueens.variants.kernel import count_first_rows, symmetry_switches

        count_first_rows(5, 5, True, False, 0, -1, True, symmetry_switches(True), True)

    def ready(self) -> bool:
        return True


TOROIDAL: Counter = VariantCounter("toroidal")
SUPERQUEENS: Counter = VariantCounter("superqueens")
