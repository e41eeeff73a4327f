"""Placements for huge boards: an explicit construction and an O(N) check, in NumPy.

Backtracking cannot reach N in the millions, but a classical construction (Hoffman,
Loessi and Moore, 1969; Bernhardsson, 1991) writes a solution down directly: the even
columns, then the odd ones, with a small repair when N mod 6 is 2 or 3. Columns here are
0-based, `cols[row] = column`, as everywhere in the package.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from nqueens.errors import (
    InvalidPlacementError,
    SizeTooLargeError,
)
from nqueens.i18n import N_, _
from nqueens.limits import SWEEPS_MAX, check_count
from nqueens.messages import (
    byte_size,
    no_solution,
    off_the_board,
    unknown_symmetry,
    wraps_or_jumps,
)
from nqueens.placement import SYMMETRIES, SYMMETRY_STEPS
from nqueens.validate import board_size, callback_given, flag_given, seed_given, whole_count

__all__ = [
    "Conflicts",
    "SearchOutcome",
    "check_array",
    "construct",
    "min_conflicts",
    "transform_array",
]

Columns = npt.NDArray[np.int64]

CONSTRUCT_BYTES_PER_QUEEN = 32
"""Peak working memory of `construct` (with a symmetry applied), measured at N = 10^6."""

MIN_CONFLICTS_BYTES_PER_QUEEN = 96
"""Peak working memory of `min_conflicts`: columns, both diagonal tallies, row lists."""


def check_memory(n: int, bytes_per_queen: int, job: str) -> None:
    """Refuse at once a board whose arrays cannot fit in this machine's memory, rather
    than fail in NumPy's allocator (or swap for an hour) part-way through."""
    need = n * bytes_per_queen
    have = _physical_memory()
    if have and need > have:
        raise SizeTooLargeError(
            _("N = {n} needs about {need} of memory to {job}; this machine has {have}").format(
                n=f"{n:,}", need=byte_size(need), job=_(job), have=byte_size(have)
            )
        )


def _physical_memory() -> int:
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):  # not a POSIX system: do not guess
        return 0


def construct(n: int, *, symmetry: str = "identity") -> Columns | None:
    """One valid placement of N queens in O(N) time and memory, or None (N = 2, 3).

    The classical explicit construction: the even columns, then the odd ones, repaired when
    N mod 6 is 2 or 3.

    Parameters
    ----------
    n : int
        The board size, any N >= 1 that fits in memory (about 32 bytes a queen).
    symmetry : str
        One of the 8 symmetries of the square (``rot90``, ``mirror``, ``transpose``, ...),
        for the other members of the construction's family.

    Returns
    -------
    numpy.ndarray or None
        `cols[row]`, int64; None for N = 2 and 3.

    Raises
    ------
    SizeTooLargeError
        The arrays would not fit in this machine's memory.
    InvalidPlacementError
        No symmetry has that name.

    Examples
    --------
    >>> construct(8).tolist()
    [1, 3, 5, 7, 2, 0, 6, 4]
    >>> construct(3) is None
    True
    """
    n = board_size(n)
    _check_symmetry(symmetry)  # N = 2 and 3 too, which have no placement to transform
    if n in (2, 3):
        return None
    check_memory(n, CONSTRUCT_BYTES_PER_QUEEN, N_("construct a placement"))
    evens = np.arange(2, n + 1, 2, dtype=np.int64)  # 1-based columns
    odds = np.arange(1, n + 1, 2, dtype=np.int64)
    if n % 6 == 2:  # swap 1 and 3, move 5 to the end
        odds = np.concatenate(([3, 1], odds[3:], [5])) if n >= 8 else np.array([3, 1])
    elif n % 6 == 3:  # move 2 to the end of the evens, 1 and 3 to the end of the odds
        evens = np.concatenate((evens[1:], [2]))
        odds = np.concatenate((odds[2:], [1, 3]))
    cols = np.concatenate((evens, odds)) - 1
    return transform_array(cols, symmetry)


_PRIMITIVES: dict[str, Callable[[Columns], Columns]] = {
    "inverse": lambda c: np.argsort(c, kind="stable").astype(np.int64),
    "mirror": lambda c: (len(c) - 1) - c,
    "flip": lambda c: c[::-1].copy(),
}


def transform_array(cols: Columns, symmetry: str) -> Columns:
    """The image of a permutation under one of the 8 symmetries, in O(N) memory."""
    _check_symmetry(symmetry)
    for step in SYMMETRY_STEPS[symmetry]:
        cols = _PRIMITIVES[step](cols)
    return cols


def _check_symmetry(symmetry: object) -> None:
    """Refuse a symmetry by a name not among the 8 (or not a name: a list is no key)."""
    if not isinstance(symmetry, str) or symmetry not in SYMMETRY_STEPS:
        raise InvalidPlacementError(unknown_symmetry(symmetry, SYMMETRIES))


@dataclass(frozen=True)
class Conflicts:
    """What is wrong with a placement: lines holding more than one queen, and on a
    superqueens board the pairs of queens a knight's move apart.

    `columns`, `diagonals` (r + c constant) and `antidiagonals` (r - c constant) count
    the lines with two or more queens (on a toroidal board each diagonal runs round the
    edges: r + c, r - c constant modulo N); `knights` counts the pairs of queens a
    knight's move apart (superqueens; 0 on the other boards); `examples` names a few
    attacking pairs as ((row, col), (row, col)), the earlier row first.
    """

    n: int
    columns: int
    diagonals: int
    antidiagonals: int
    examples: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    knights: int = 0

    @property
    def is_valid(self) -> bool:
        return self.columns == self.diagonals == self.antidiagonals == self.knights == 0


Pair = tuple[tuple[int, int], tuple[int, int]]


def check_array(
    cols: npt.ArrayLike, *, examples: int = 5, wrap: bool = False, knight: bool = False
) -> Conflicts:
    """Check a placement of any size in O(N): no two queens on a column or a diagonal
    (wrapped round the edges on a toroidal board), nor a knight's move apart on a
    superqueens board.

    Parameters
    ----------
    cols : array_like
        `cols[row]`, one queen per row.
    examples : int
        How many attacking pairs to name at most.
    wrap : bool
        The toroidal board's rules: the diagonals run round the edges.
    knight : bool
        The superqueens board's rules: queens also attack a knight's move away (pairs
        of rows one apart with columns two apart, or two apart with columns one apart,
        so a step of rows at a time finds them all).

    Returns
    -------
    Conflicts
        `is_valid`, the number of columns and diagonals holding more than one queen (and
        of pairs a knight's move apart), and a few attacking pairs as examples: the
        first two queens on each crowded line, in the order columns, diagonals,
        anti-diagonals, then the first pairs a knight's move apart, no pair twice.

    Raises
    ------
    InvalidPlacementError
        Not a one-dimensional array of whole numbers on the board.
    IncompatibleOptionsError
        Both `wrap` and `knight`: no variant of ours.

    Examples
    --------
    >>> check_array(construct(1000)).is_valid
    True
    >>> check_array([0, 1, 2]).examples
    (((0, 0), (1, 1)),)
    >>> check_array(construct(1001), wrap=True).is_valid   # 2 row + 1 mod N: a torus's too
    True
    >>> found = check_array([0, 2, 4, 1, 3], knight=True)
    >>> found.is_valid, found.knights, found.examples[0]
    (False, 5, ((0, 0), (1, 2)))
    """
    examples = whole_count(examples, "examples", least=0)
    wrap, knight = flag_given(wrap, "wrap"), flag_given(knight, "knight")
    if wrap and knight:
        raise wraps_or_jumps()
    array = np.asarray(cols)
    if array.ndim != 1 or array.size == 0 or not np.issubdtype(array.dtype, np.integer):
        raise InvalidPlacementError(_("a placement is a non-empty list of whole column numbers"))
    n = array.size
    if int(array.min()) < 0 or int(array.max()) >= n:
        row = _first_row(array, lambda values, rows: (values < 0) | (values >= n))
        raise InvalidPlacementError(off_the_board(int(array[row]), row, n))
    counts: list[int] = []
    found: list[Pair] = []
    for kind in range(3):
        tally = _tally(array, kind, wrap)
        counts.append(_count_crowded(tally))
        for value in _first_crowded(tally, examples):  # one pair a line, none named twice
            if len(found) == examples:
                break
            first, second = _rows_on(array, kind, value, wrap)
            pair = ((first, int(array[first])), (second, int(array[second])))
            if pair not in found:  # on a torus of even N, both diagonals of one pair
                found.append(pair)
        del tally
    columns, diagonals, antidiagonals = counts
    knights = 0
    if knight:
        knights, jumps = _knight_pairs(array, examples - len(found))
        found += jumps
    return Conflicts(n, columns, diagonals, antidiagonals, tuple(found), knights)


ROWS_PER_STEP = 1 << 16
"""Rows the O(N) check takes at a time: its working memory is a tally of 2 bytes per
queen and a few arrays of this many rows, not arrays as long as the board (a board read
from a 400 MB file is checked in about the memory of its columns)."""


def _steps(
    array: npt.NDArray[np.integer], kind: int, wrap: bool = False
) -> Iterator[tuple[int, Columns]]:
    """(first row, the line number of each row's queen) a step of rows at a time: kind 0
    its column, 1 its diagonal (row + col), 2 its anti-diagonal (row - col + n - 1); on
    a torus (`wrap`) the diagonals modulo n, (row + col) % n and (row - col) % n."""
    n = array.size
    for start in range(0, n, ROWS_PER_STEP):
        values = array[start : start + ROWS_PER_STEP].astype(np.int64)
        if kind:
            rows = np.arange(start, start + values.size, dtype=np.int64)
            if wrap:
                values = (rows + values if kind == 1 else rows - values) % n
            else:
                values = rows + values if kind == 1 else rows - values + (n - 1)
        yield start, values


def _tally(array: npt.NDArray[np.integer], kind: int, wrap: bool) -> npt.NDArray[np.uint8]:
    """How many queens stand on each line of the kind, counted up to 2 (crowded)."""
    n = array.size
    size = n if kind == 0 or wrap else 2 * n - 1
    narrow = size <= np.iinfo(np.uint32).max  # sorted faster than 64-bit numbers
    tally = np.zeros(size, np.uint8)
    for _start, values in _steps(array, kind, wrap):
        ordered = np.sort(values.astype(np.uint32) if narrow else values)
        starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
        counts = np.diff(starts, append=ordered.size)  # queens per line in this step
        lines = ordered[starts]
        tally[lines] = np.minimum(tally[lines] + np.minimum(counts, 2), 2)
    return tally


def _count_crowded(tally: npt.NDArray[np.uint8]) -> int:
    return sum(
        int(np.count_nonzero(tally[i : i + ROWS_PER_STEP] > 1))
        for i in range(0, tally.size, ROWS_PER_STEP)
    )


def _first_crowded(tally: npt.NDArray[np.uint8], wanted: int) -> list[int]:
    """The first `wanted` lines holding more than one queen, in order."""
    found: list[int] = []
    for i in range(0, tally.size, ROWS_PER_STEP):
        if len(found) >= wanted:
            break
        found += (i + np.flatnonzero(tally[i : i + ROWS_PER_STEP] > 1)).tolist()
    return found[:wanted]


def _rows_on(array: npt.NDArray[np.integer], kind: int, line: int, wrap: bool) -> tuple[int, int]:
    """The first two rows whose queens stand on `line` of the kind."""
    rows: list[int] = []
    for start, values in _steps(array, kind, wrap):
        rows += (start + np.flatnonzero(values == line)[: 2 - len(rows)]).tolist()
        if len(rows) == 2:
            break
    return rows[0], rows[1]


def _knight_pairs(array: npt.NDArray[np.integer], wanted: int) -> tuple[int, list[Pair]]:
    """How many pairs of queens stand a knight's move apart, and the first `wanted` of
    them in row order. A knight's move joins row r to row r + 1 (columns 2 apart) or to
    row r + 2 (columns 1 apart), so each step of rows is read with the two rows after
    it, and a pair is counted in the step of its earlier row."""
    n = array.size
    count = 0
    found: list[Pair] = []
    for start in range(0, n, ROWS_PER_STEP):
        cols = array[start : start + ROWS_PER_STEP + 2].astype(np.int64)
        step = min(ROWS_PER_STEP, n - start)  # the rows whose pairs this step counts
        near = (np.abs(cols[1:] - cols[:-1]) == 2)[:step]  # rows r and r + 1
        far = (np.abs(cols[2:] - cols[:-2]) == 1)[:step]  # rows r and r + 2
        count += int(np.count_nonzero(near)) + int(np.count_nonzero(far))
        if len(found) < wanted:
            left = wanted - len(found)
            firsts = sorted(
                [(int(r), 1) for r in np.flatnonzero(near)[:left]]
                + [(int(r), 2) for r in np.flatnonzero(far)[:left]]
            )
            found += [
                ((start + r, int(cols[r])), (start + r + apart, int(cols[r + apart])))
                for r, apart in firsts[:left]
            ]
    return count, found


def _first_row(
    array: npt.NDArray[np.integer], wrong: Callable[[Columns, Columns], npt.NDArray[np.bool_]]
) -> int:
    """The first row whose column `wrong` marks."""
    for start, values in _steps(array, 0):
        rows = np.arange(start, start + values.size)
        hits = np.flatnonzero(wrong(values, rows))
        if hits.size:
            return start + int(hits[0])
    raise AssertionError("no row is wrong")


@dataclass(frozen=True)
class SearchOutcome:
    """What min-conflicts found: a placement when `solved`, the work it took."""

    solved: bool
    cols: Columns
    conflicts: int
    sweeps: int
    swaps: int
    time: float


def min_conflicts(
    n: int,
    *,
    seed: int = 0,
    max_sweeps: int = 1000,
    on_progress: Callable[[int, int], None] | None = None,
) -> SearchOutcome:
    """A random valid placement by min-conflicts local search with a greedy start.

    A pass that cannot lower the conflicts by any swap tried starts over from a new greedy
    placement (small boards have local minima).

    Parameters
    ----------
    n : int
        The board size (N = 1,000,000 takes about a second).
    seed : int
        Makes the placement reproducible. Any whole number; the generator (Park-Miller)
        has 2,147,483,646 states, so seeds that differ by a multiple of that run alike.
    max_sweeps : int
        Stop after this many passes over the conflicted rows.
    on_progress : callable, optional
        Told (sweeps done, conflicted rows left) after each pass.

    Returns
    -------
    SearchOutcome
        `solved`, `cols` (the placement, or the last one reached when not solved),
        `conflicts`, `sweeps`, `swaps` and `time`.

    Raises
    ------
    NoSolutionError
        N = 2 or 3.
    SizeTooLargeError
        The arrays would not fit in this machine's memory.

    Examples
    --------
    >>> found = min_conflicts(1000, seed=1)
    >>> found.solved, check_array(found.cols).is_valid
    (True, True)
    """
    import time

    n = board_size(n)
    if n in (2, 3):
        raise no_solution(n)
    seed = seed_given(seed)
    callback_given(on_progress, "on_progress")
    max_sweeps = whole_count(max_sweeps, "max_sweeps")
    check_count(N_("sweeps"), max_sweeps, SWEEPS_MAX, option="max_sweeps")
    check_memory(n, MIN_CONFLICTS_BYTES_PER_QUEEN, N_("search by min-conflicts"))
    start = time.perf_counter()
    board = _Board(n, np.zeros(n, np.int64), np.zeros(2 * n - 1, np.int64))
    state = np.array([seed % 2147483646 + 1], np.int64)  # Park-Miller: 1 .. 2**31 - 2
    conflicted = np.empty(n, np.int64)
    board.greedy_start(state)
    sweeps = swaps = 0
    left = -1
    while sweeps < max_sweeps:
        left, made = board.sweep(state, conflicted)
        sweeps += 1
        swaps += made
        if on_progress is not None:
            on_progress(sweeps, left)
        if left == 0:
            break
        if made == 0:  # stuck in a local minimum: start over from a new greedy placement
            board.up[:] = 0
            board.down[:] = 0
            board.greedy_start(state)
    cols = board.cols
    return SearchOutcome(left == 0, cols, int(left), sweeps, swaps, time.perf_counter() - start)


ROWS_PER_CALL = 1 << 18
"""Rows one kernel call of min-conflicts starts or scans: a signal (Ctrl-C, SIGTERM)
waits for the compiled call under way, so none runs longer than a fraction of a second
even at N = 20,000,000, and the search stops within a second."""

REPAIRS_PER_CALL = 1 << 14
"""Conflicted rows one kernel call repairs (up to 64 swaps tried each)."""


@dataclass
class _Board:
    """The placement min-conflicts works on, and its queens counted per diagonal; each
    step a series of kernel calls over ranges of rows (`ROWS_PER_CALL`)."""

    n: int
    cols: Columns
    up: Columns
    down: Columns = field(init=False)

    def __post_init__(self) -> None:
        self.down = np.zeros_like(self.up)

    def greedy_start(self, state: Columns) -> None:
        from nqueens.large import kernel

        pool = np.arange(self.n)
        for first in range(0, self.n, ROWS_PER_CALL):
            stop = min(self.n, first + ROWS_PER_CALL)
            kernel.greedy_rows(self.n, self.cols, self.up, self.down, state, 64, pool, first, stop)

    def conflicted(self, out: Columns) -> int:
        """The rows whose queen shares a diagonal, into `out`; returns how many."""
        from nqueens.large import kernel

        found = 0
        for first in range(0, self.n, ROWS_PER_CALL):
            stop = min(self.n, first + ROWS_PER_CALL)
            found = kernel.conflicted_rows(
                self.n, self.cols, self.up, self.down, first, stop, out, found
            )
        return int(found)

    def sweep(self, state: Columns, conflicted: Columns) -> tuple[int, int]:
        """One pass over the conflicted rows: (conflicted rows left, swaps made)."""
        from nqueens.large import kernel

        found = self.conflicted(conflicted)
        if found == 0:
            return 0, 0
        made = 0
        for first in range(0, found, REPAIRS_PER_CALL):
            stop = min(found, first + REPAIRS_PER_CALL)
            made += int(
                kernel.repair_rows(
                    self.n, self.cols, self.up, self.down, state, conflicted, first, stop, 64
                )
            )
        return self.conflicted(conflicted), made
