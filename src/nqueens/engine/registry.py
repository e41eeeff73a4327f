"""The counting methods, one entry each: what every part of a count reads about a method.

A `Method` declares its range of N, where `auto` picks it, the fields one subproblem's
count holds (the journal's columns), how those sum to a typed `Tally`, and the object
that implements it (`counter`, "package:NAME"), which meets `engine.counter.Counter`:
`split(n)` (the subproblems, each with its task), `compiled()` (the compiled functions
its warm-up loads), `warm_up()`, and two optional typed parts, a `probe` for
`--estimate` and a `recount` (an independent counter of the same subproblems) for
`--verify`. `count()`, the process pool, Dask and the journal read only this table, so
a new method is one package and one entry in `METHODS`. The table alone: the types it
holds are the contract's (engine/counter.py), and what a count does with an entry (its
warm-up, Burnside's unique count at its end) is the runtime's.

Importing this module costs nothing: the implementations load when a count needs them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nqueens.engine.counter import Field, Tally
from nqueens.errors import IncompatibleOptionsError, SizeTooLargeError, UnknownAlgorithmError
from nqueens.i18n import N_, _
from nqueens.limits import BITBOARD_MAX_N, JOIN_MAX_N, VARIANT_KERNEL_FROM_N
from nqueens.messages import too_large

if TYPE_CHECKING:
    from nqueens.engine.arrays import Counts
    from nqueens.engine.counter import Counter, Parts

__all__ = ["METHODS", "Method", "best_method", "choose"]


@dataclass(frozen=True)
class Method:
    """One counting method (see the module's docstring)."""

    name: str
    summary: str
    largest: int
    too_large: str  # what stops at `largest`, and why (marked N_, {method} its name)
    fields: tuple[Field, ...]
    tally: Callable[..., Tally]  # the summed fields, in order, as keyword arguments
    counter: str  # "package:NAME": the object that counts (an engine.counter.Counter)
    version: str  # bumped whenever what one subproblem counts changes (journal identity)
    auto_from: int | None = None  # `auto` picks it from this N up to `largest`
    recounted_by: str | None = None  # what the counter's `recount` does, in words (marked
    # N_: `count --verify` says it in the language of the messages)
    variant: str = "classic"  # the board it counts (nqueens.variants.VARIANTS)
    default_workers: int | None = None  # without --workers: None, every core
    slow_from: int = 13  # a count takes seconds from this N (the tests mark it slow there)
    survives_fork: bool = True  # its loaded kernels work in a forked worker (numba's do; a
    # GPU context does not): else its counts run in this process, whatever `workers` says
    batch_limit: int | None = 32  # the most subproblems a task counts by default (None: a
    # share of a worker's, however many, counted whole in one call: a GPU's task, wide)
    tasks_per_worker: int = 16  # a worker's share is cut into this many tasks by default
    needs_device: bool = False  # `auto` picks it only once GPU_TIMED, and where
    # engine/device.py finds a usable GPU; the others are always ready
    plans_from: int = 0  # a count told to plan itself does so from this N (and from
    # runtime/run.py's PLAN_FROM): a GPU's plan first times a whole N = 19
    kernels_from: int = 1  # a count of a smaller N loads no compiled kernel (no warm-up):
    # its tasks count it in plain Python (the variants' narrow boards)

    smallest = 1

    def takes(self, n: int) -> bool:
        return self.smallest <= n <= self.largest

    def workers_asked(self, workers: int | None) -> int | None:
        """The workers a count asked for `workers` runs on, before they are checked: the
        method's own default when none are named (None: every core)."""
        return self.default_workers if workers is None else workers

    def check_size(self, n: int) -> None:
        """Refuse an N outside this method's range, naming a method that takes it."""
        if self.takes(n):
            return
        other = METHODS[best_method(n, self.variant)]
        instead = f"--method {other.name}" if other is not self and other.takes(n) else None
        what = _(self.too_large).format(method=self.name)
        raise SizeTooLargeError(too_large(n, what, self.largest, instead=instead))

    def implementation(self) -> Counter:
        """The object that counts, imported on first use."""
        module, _, name = self.counter.partition(":")
        counter: Counter = getattr(importlib.import_module(module), name)
        return counter

    def split(self, n: int) -> Parts:
        return self.implementation().split(n)

    def sum_rows(self, rows: Counts) -> list[int]:
        """The fields of many subproblems combined: sums, and the largest of each peak."""
        if len(rows) == 0:
            return [0] * len(self.fields)
        return [
            int(rows[:, i].max() if f.peak else rows[:, i].sum()) for i, f in enumerate(self.fields)
        ]

    def combine(self, a: Sequence[int], b: Sequence[int]) -> list[int]:
        return [max(x, y) if f.peak else x + y for f, x, y in zip(self.fields, a, b, strict=True)]

    def tally_of(self, values: Sequence[int]) -> Tally:
        """The combined fields as totals (unique None where Burnside must give it)."""
        return self.tally(**{f.name: int(v) for f, v in zip(self.fields, values, strict=True)})


# ---------------------------------------------------------------------------- the methods
def _classes(classes_of_2: int, classes_of_4: int, classes_of_8: int, nodes: int) -> Tally:
    """Classes of 2 are fixed by the quarter turn, of 4 by the half turn only."""
    return Tally(
        total=2 * classes_of_2 + 4 * classes_of_4 + 8 * classes_of_8,
        unique=classes_of_2 + classes_of_4 + classes_of_8,
        nodes=nodes,
        half_turn=2 * classes_of_2 + 4 * classes_of_4,
        quarter_turn=2 * classes_of_2,
    )


def _joined(solutions: int, table_bytes: int) -> Tally:
    return Tally(total=solutions, unique=None, memory=table_bytes)


def _searched(solutions: int, device_bytes: int) -> Tally:
    return Tally(total=solutions, unique=None, memory=device_bytes)


def _listed(solutions: int, unique: int) -> Tally:
    return Tally(total=solutions, unique=unique)


BACKTRACK = Method(
    name="backtrack",
    summary="numba bitboard search with the symmetry of the square",
    largest=BITBOARD_MAX_N,
    too_large=N_("64-bit boards (the {method} method)"),
    fields=(
        Field("classes_of_2", "canonical solutions whose symmetry class has 2 members"),
        Field("classes_of_4", "canonical solutions whose symmetry class has 4 members"),
        Field("classes_of_8", "canonical solutions whose symmetry class has 8 members"),
        Field("nodes", "queens placed by the search"),
    ),
    tally=_classes,
    counter="nqueens.engine.methods.backtrack:METHOD",
    version="1",
    auto_from=28,  # beyond the join's range
    slow_from=17,
)

JOIN = Method(
    name="join",
    summary="half-boards listed and matched on their diagonals (numba)",
    largest=JOIN_MAX_N,
    too_large=N_("the join method (tried up to the largest published count)"),
    fields=(
        Field("solutions", "solutions of the block's orbits, weighted as the join counts them"),
        Field("table_bytes", "working tables of the worker that counted it", peak=True),
    ),
    tally=_joined,
    counter="nqueens.engine.methods.join:METHOD",
    version="2",  # 2: pairs weighed by their longest diagonals
    auto_from=14,  # past numba's start-up, faster than numpy (benchmarks/engine.py)
    recounted_by=N_("a row-by-row backtracking search confined to each orbit's rows"),
    slow_from=17,
)

GPU = Method(
    name="gpu",
    summary="depth-first search on a CUDA GPU, a thread per prefix (numba-cuda)",
    largest=28,  # past it one subproblem's prefixes (7 rows of 29 and more, from its 3)
    # pass what a launch takes; the kernel's 32-bit rows would go to 31
    too_large=N_("the gpu method (its prefixes, one launch's worth, stop at N = 28)"),
    fields=(
        Field("solutions", "solutions below the subproblem's first rows, mirror images included"),
        Field("device_bytes", "GPU memory of the largest launch that counted it", True, True),
    ),
    tally=_searched,
    counter="nqueens.engine.methods.gpu:METHOD",
    version="1",
    auto_from=19,  # measured on an H200 beside its 16 cores' join (docs/benchmarks.md):
    # 1.99-2.01 s against 3.54 s at N = 19, 1.50-1.65 s against 1.48 s at N = 18; only
    # where a GPU is found (`needs_device`)
    recounted_by=N_("a recursive bitboard search on the CPU below each subproblem's rows"),
    slow_from=13,
    survives_fork=False,  # a CUDA context lives in the process that made it
    default_workers=1,
    batch_limit=None,  # a task is the whole count, counted in one call (runtime/pool.py's
    tasks_per_worker=1,  # "whole"): one launch through N = 25, one drain of the GPU at
    # its end (methods/gpu/split.py); --batch-size journals a long count as it goes
    needs_device=True,
    plans_from=24,  # its probe's calibration counts N = 19: more than a count of N <= 23 gains
)

GPU_JOIN = Method(
    name="gpu-join",
    summary="the join with its pairs matched on a CUDA GPU (numba-cuda)",
    largest=JOIN_MAX_N,  # the join's
    too_large=N_("the {method} method (as the join, tried up to the largest published count)"),
    fields=(JOIN.fields[0], GPU.fields[1]),  # the join's solutions, the GPU's memory
    tally=_searched,
    counter="nqueens.engine.methods.gpu_join:METHOD",
    version="1",
    recounted_by=JOIN.recounted_by,  # the same subproblems, recounted the same way
    slow_from=13,
    survives_fork=False,
    default_workers=1,
    batch_limit=None,
    tasks_per_worker=4,
    needs_device=True,  # auto_from None: its design cannot beat the CPU join (docs/counting.md)
)

PYTHON = Method(
    name="python",
    summary="the pure-Python bitboard counter (no numba)",
    largest=15,  # about a minute on one core
    too_large=N_("the pure-Python counter (the python method: it would take hours)"),
    fields=(
        Field("solutions", "solutions below the subproblem's first two rows, mirrors included"),
        Field("unique", "canonical solutions below them"),
    ),
    tally=_listed,
    counter="nqueens.engine.methods.python:METHOD",
    version="1",
    slow_from=14,
)


def _listed_with_symmetry(solutions: int, unique: int, half_turn: int, quarter_turn: int) -> Tally:
    return Tally(solutions, unique, half_turn=half_turn, quarter_turn=quarter_turn)


NUMPY = Method(
    name="numpy",
    summary="NumPy breadth-first bitboard search, every row at once (no numba)",
    largest=13,  # it lists every solution: N = 13, 73,712 of them, in a fraction of a second
    too_large="the numpy method (it lists every solution in memory)",
    fields=(
        Field("solutions", "solutions with the row-0 queen in the column, mirrors included"),
        Field("unique", "canonical solutions among them (the least of their 8 images)"),
        Field("half_turn", "solutions the half turn leaves unchanged, mirrors included"),
        Field("quarter_turn", "solutions the quarter turn leaves unchanged, mirrors included"),
    ),
    tally=_listed_with_symmetry,
    counter="nqueens.engine.methods.numpy:METHOD",
    version="1",
    auto_from=1,  # quicker than numba's start-up up to its largest N
    default_workers=1,  # done before a pool of workers could start
)


def _solutions_and_classes(solutions: int, unique: int, nodes: int) -> Tally:
    return Tally(total=solutions, unique=unique, nodes=nodes)


_VARIANT_FIELDS = (
    Field("solutions", "the subproblem's solutions, with their mirror images (a torus: shifts)"),
    Field("unique", "the least solutions of their symmetry class among them"),
    Field("nodes", "queens placed by the search"),
)


def _variant_method(variant: str, board: str, version: str = "1") -> Method:
    """A variant's counting method: the same fields and counter class for each
    (nqueens.variants.counters), on the variant's own board."""
    return Method(
        name=variant,
        summary=f"{board}'s bitboard search, split on the first two rows (numba from N = "
        f"{VARIANT_KERNEL_FROM_N})",
        largest=BITBOARD_MAX_N,
        too_large=N_("64-bit boards (the {method} method)"),
        fields=_VARIANT_FIELDS,
        tally=_solutions_and_classes,
        counter=f"nqueens.variants.counters:{variant.upper()}",
        version=version,
        auto_from=1,
        variant=variant,
        kernels_from=VARIANT_KERNEL_FROM_N,  # the Python search below (variants/counters.py)
    )


# toroidal 2: a board with no solution by Polya's theorem (N not coprime to 6) is
# answered at once, its subproblems placing no queen, where version 1's searched them;
# 3 (superqueens 2): a subproblem is the first two rows' queens, where it was the first
# row's (N/2 subproblems, fewer than the cores at hand); a torus's, its first column's
# alone, each solution counting its N column shifts
TOROIDAL = _variant_method("toroidal", "the toroidal board", version="3")
SUPERQUEENS = _variant_method("superqueens", "the superqueens board", version="2")

METHODS: dict[str, Method] = {
    m.name: m for m in (BACKTRACK, JOIN, GPU, GPU_JOIN, NUMPY, PYTHON, TOROIDAL, SUPERQUEENS)
}
"""Counting methods by name; `auto` picks the fastest for N and the variant
(`best_method`)."""


GPU_TIMED = True
"""Whether a card's measurements of the GPU methods are in docs/benchmarks.md: they are,
from an NVIDIA H200 (2026-11-28, issue 46), and the `gpu` entry's `auto_from` is where
it measured faster than the CPU. While it was false (the methods exact under numba's
CUDA simulator only), `auto` picked neither and asked nothing of a driver, and every
page that mentions them said so (tests/test_gpu.py holds the pages to this flag)."""


def _device_ready(devices: bool | None) -> bool:
    """Whether a method that needs a device may be picked: never while the GPU methods
    are untimed; else as `devices` says, or as engine/device.py finds (a driver first,
    so that no CUDA is imported where none is, and no method's package)."""
    if not GPU_TIMED:
        return False
    if devices is not None:
        return devices
    from nqueens.engine import device

    return device.usable()


def best_method(n: int, variant: str = "classic", *, devices: bool | None = None) -> str:
    """The fastest counting method for an N x N board of the variant: of those `auto` may
    pick that take N, a method that needs a device (a GPU) where it finds one ready here,
    else the one with the highest `auto_from`; beyond them all, the one that goes furthest
    (whose error then says how far). `devices` says whether a device is ready instead of
    asking (the documentation's table: the same on every machine)."""
    candidates = [m for m in METHODS.values() if m.auto_from is not None and m.variant == variant]
    if not candidates:
        raise UnknownAlgorithmError(
            _("no counting method for the {variant} variant").format(variant=repr(variant))
        )
    fitting = [
        m
        for m in candidates
        if m.auto_from is not None
        and m.auto_from <= n <= m.largest
        and (not m.needs_device or _device_ready(devices))
    ]
    if fitting:  # a ready device first, then the most specialised (highest `auto_from`)
        return max(fitting, key=lambda m: (m.needs_device, m.auto_from or 0)).name
    return max(candidates, key=lambda m: m.largest).name


def choose(n: int, name: str, variant: str = "classic") -> Method:
    """The method `name` (or `auto`'s choice) for N on the board of `variant`, refusing an
    unknown name, a method for another board, or an N outside its range, in one line."""
    if name == "auto":
        name = best_method(n, variant)
    method = METHODS.get(name)
    if method is None:
        raise UnknownAlgorithmError(
            _("unknown method {name}; choose one of: {names}").format(
                name=repr(name), names=", ".join(["auto", *METHODS])
            )
        )
    if method.variant != variant:
        raise IncompatibleOptionsError(
            _(
                "the {method} method counts {counted} boards, not {given} ones: use --method auto"
            ).format(method=method.name, counted=method.variant, given=variant)
        )
    method.check_size(n)
    return method
