"""The variants' counting methods for the engine's registry (engine/registry.py).

Each square variant is one registry entry naming one `VariantCounter` of this module
(TOROIDAL, SUPERQUEENS): its split is `FirstColumns` for the variant's rules. A
subproblem is the first row's queen in one column of the left half of the board: the
mirror gives the right half, and every symmetry class has its least member there, so the
subproblems' canonical solutions add up to the unique count. The kernel is
variants/kernel.py; workers, the journal, Dask and `--verify` run these subproblems as
they run the classic ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from nqueens.engine.arrays import Array
from nqueens.engine.counter import Counter, Probe, Recount, digest
from nqueens.limits import BITBOARD_MAX_N, VARIANT_KERNEL_FROM_N
from nqueens.variants.rules import Rules

__all__ = [
    "SUPERQUEENS",
    "TOROIDAL",
    "FirstColumns",
    "VariantCounter",
    "column_counter",
    "count_columns",
    "split_for",
]


@dataclass(frozen=True, eq=False)
class FirstColumns:
    """Subproblem i: the first row's queen in column firsts[i], on the board `rules`."""

    rules: Rules
    firsts: Array

    @property
    def n(self) -> int:
        return self.rules.cols

    def __len__(self) -> int:
        return int(self.firsts.shape[0])

    def fingerprint(self) -> str:
        """A digest of every subproblem and the rules: equal digests, the same work."""
        flags = np.array([self.rules.rows, self.rules.wrap, self.rules.knight], np.int64)
        return digest(flags, self.firsts)

    def task(self, indices: npt.NDArray[np.intp]) -> tuple[Callable[..., Array], tuple[Any, ...]]:
        """A picklable function and its arguments that count the subproblems `indices`."""
        rules = self.rules
        return count_columns, (
            rules.rows,
            rules.cols,
            rules.wrap,
            rules.knight,
            self.firsts[indices],
        )


def split_for(rules: Rules) -> FirstColumns:
    """The left half of the first row (and the middle column of an odd board)."""
    return FirstColumns(rules, np.arange((rules.cols + 1) // 2, dtype=np.int64))


def count_columns(
    rows: int,
    width: int,
    wrap: bool,
    knight: bool,
    firsts: Array,
    unique: bool = True,
    fast: bool | None = None,
) -> Array:
    """For each first column the registry's fields: solutions (mirror images included),
    canonical solutions (0 unless `unique`: their test costs time), and queens placed;
    by the numba kernel when `fast` (None: from width `VARIANT_KERNEL_FROM_N`), else by
    the Python search, which counts the same and loads no numba."""
    column = column_counter(rows, width, wrap, knight, unique, fast)
    out = np.zeros((len(firsts), 3), np.int64)
    for i, first in enumerate(firsts.tolist()):
        found, least, nodes = column(first)
        mirrors = 1 if 2 * first + 1 == width else 2
        out[i] = (mirrors * found, least, nodes)
    return out


def column_counter(
    rows: int, width: int, wrap: bool, knight: bool, unique: bool, fast: bool | None = None
) -> Callable[[int], tuple[int, int, int]]:
    """One first column's (solutions, least solutions, queens placed) on the board, by
    the kernel or the Python search as `count_columns` chooses; on a board that
    `proved_empty` answers (a toroidal N not coprime to 6), none, at once, no queen
    placed: the search walked the whole tree to find none (N = 18: 730 million queens,
    9 s; N = 20, minutes)."""
    from nqueens.variants.search import proved_empty

    if rows == width and proved_empty(Rules(rows, width, wrap=wrap, knight=knight)):
        return lambda first: (0, 0, 0)
    if not (width >= VARIANT_KERNEL_FROM_N if fast is None else fast):
        from nqueens.variants.search import count_first_column as by_search

        rules = Rules(rows, width, wrap=wrap, knight=knight)
        return lambda first: by_search(rules, first, unique)
    if width > BITBOARD_MAX_N:
        raise Rules(rows, width, wrap=wrap, knight=knight).too_wide()
    from nqueens.variants.kernel import count_first_column, symmetry_switches

    switches = symmetry_switches(rows == width)

    def by_kernel(first: int) -> tuple[int, int, int]:
        found, least, nodes = count_first_column(rows, width, wrap, knight, first, unique, switches)
        return int(found), int(least), int(nodes)

    return by_kernel


@dataclass(frozen=True)
class VariantCounter:
    """A square variant's counting method (the registry names one per variant)."""

    variant: str
    probe: Probe | None = None
    recount: Recount | None = None

    def split(self, n: int) -> FirstColumns:
        """The subproblems of the variant's N x N board."""
        return split_for(Rules.of(self.variant, n))

    def compiled(self) -> tuple[object, ...]:
        """The kernel a worker needs compiled."""
        from nqueens.variants.kernel import count_first_column

        return (count_first_column,)

    def warm_up(self) -> None:
        """Compile (or load from numba's cache) the kernel on a tiny board."""
        from nqueens.variants.kernel import count_first_column, symmetry_switches

        count_first_column(5, 5, True, False, 0, True, symmetry_switches(True))

    def ready(self) -> bool:
        return True


TOROIDAL: Counter = VariantCounter("toroidal")
SUPERQUEENS: Counter = VariantCounter("superqueens")
