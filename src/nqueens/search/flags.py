"""Column and diagonal flag arrays (seeds 000, 002 and 003).

Three arrays say which lines are taken, named as seed 000 names them: `col[b]` for the
columns, `up[a+b]` for the / diagonals and `down[a-b+N-1]` for the \\ diagonals (row a,
column b). A 1 says a queen stands on that line; 0 that it is free. Testing a square
costs three lookups, made in that order: the first that finds a 1 rejects the square,
and the rejection names that lookup. Two forms: recursive, and with an explicit stack of
saved positions (seed 003); both yield exactly the same events in the same order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from nqueens.i18n import _
from nqueens.placement import Placement
from nqueens.search.common import Step, run
from nqueens.search.events import Event, Observer, Place, Reject, Remove, SearchStats, Solution
from nqueens.search.recording import flag_row
from nqueens.search.state import Structure

__all__ = ["flags", "flags_stack"]


def flags(
    n: int, *, stats: SearchStats | None = None, observer: Observer | None = None
) -> Iterator[Placement]:
    """All solutions by recursive backtracking over flag arrays."""
    return run(raw_flags, n, stats, observer)


def flags_stack(
    n: int, *, stats: SearchStats | None = None, observer: Observer | None = None
) -> Iterator[Placement]:
    """All solutions by the same search with an explicit stack instead of recursion."""
    return run(raw_flags_stack, n, stats, observer)


def raw_flags(n: int, stats: SearchStats, observe: bool) -> Iterator[Step]:
    pos = [0] * n  # pos[a]: the column of row a's queen
    col = [0] * n
    up = [0] * (2 * n - 1)
    down = [0] * (2 * n - 1)

    def put_queen(a: int) -> Iterator[Step]:
        for b in range(n):
            stats.checks += 1
            if col[b] or up[a + b] or down[a - b + n - 1]:
                if observe:
                    yield rejected(a, b, pos, col, up)
                continue
            pos[a] = b
            col[b] = up[a + b] = down[a - b + n - 1] = 1
            stats.nodes += 1
            if observe:
                yield Place(a, b)
            if a + 1 < n:
                yield from put_queen(a + 1)
            else:
                yield tuple(pos)
            col[b] = up[a + b] = down[a - b + n - 1] = 0
            stats.backtracks += 1
            if observe:
                yield Remove(a, b)

    return put_queen(0)


def raw_flags_stack(n: int, stats: SearchStats, observe: bool) -> Iterator[Step]:
    pos = [0] * n  # pos[:a] is the stack of saved positions
    col = [0] * n
    up = [0] * (2 * n - 1)
    down = [0] * (2 * n - 1)
    a, b = 0, 0  # the square to try next
    while True:
        if b < n:
            stats.checks += 1
            if col[b] or up[a + b] or down[a - b + n - 1]:
                if observe:
                    yield rejected(a, b, pos, col, up)
                b += 1
                continue
            pos[a] = b
            col[b] = up[a + b] = down[a - b + n - 1] = 1
            stats.nodes += 1
            if observe:
                yield Place(a, b)
            if a + 1 < n:
                a, b = a + 1, 0
                continue
            yield tuple(pos)
        elif a == 0:
            return
        else:
            a -= 1
            b = pos[a]
        col[b] = up[a + b] = down[a - b + n - 1] = 0
        stats.backtracks += 1
        if observe:
            yield Remove(a, b)
        b += 1


def rejected(a: int, b: int, pos: list[int], col: list[int], up: list[int]) -> Reject:
    """What `if col[b] or up[a+b] or down[a-b+N-1]` found on (a, b): the first lookup
    that holds a 1, in the order the test makes them, and the queen on that line."""
    n = len(col)
    if col[b]:
        test, row = f"col[{b}] = 1", next(r for r in range(a) if pos[r] == b)
    elif up[a + b]:
        test, row = f"up[{a + b}] = 1", next(r for r in range(a) if r + pos[r] == a + b)
    else:
        test, row = f"down[{a - b + n - 1}] = 1", next(r for r in range(a) if r - pos[r] == a - b)
    return Reject(a, b, (row, pos[row]), test)


def _lookups(n: int, a: int, b: int) -> tuple[tuple[str, int, str], ...]:
    """The test's three lookups of square (a, b), in the order the code makes them: the
    array, the index, and the index as the code writes it, with the numbers filled in."""
    return (
        ("col", b, f"col[b] = col[{b}]"),
        ("up", a + b, f"up[a+b] = up[{a}+{b}] = up[{a + b}]"),
        ("down", a - b + n - 1, f"down[a-b+N-1] = down[{a}-{b}+{n - 1}] = down[{a - b + n - 1}]"),
    )


def record_flags(event: Event, variables: Mapping[str, Any], n: int) -> tuple[Structure, ...]:
    """The three flag arrays, with the cells the step's square reads (seed 000's names).

    A rejected square's test stops at the first lookup that finds a 1: the lookups after
    it are not made, so their cells are not outlined, and the one that failed is the hit.
    """
    arrays = {"col": variables["col"], "up": variables["up"], "down": variables["down"]}
    if isinstance(event, Solution):
        return tuple(flag_row(name, values) for name, values in arrays.items())
    rows = []
    failed = False
    for name, index, note in _lookups(n, event.row, event.col):
        values = arrays[name]
        if failed:
            rows.append(flag_row(name, values))
            continue
        hit = isinstance(event, Reject) and bool(values[index])
        rows.append(flag_row(name, values, (index,), note, hit=(index,) if hit else ()))
        failed = hit
    return tuple(rows)


def flags_legend(event: Event, n: int) -> str:
    """How to read the flags: seed 000 writes FREE = 1, here a 1 is a queen on the line."""
    return _("1: a queen stands on this line; 0: the line is free")


def record_flags_stack(event: Event, variables: Mapping[str, Any], n: int) -> tuple[Structure, ...]:
    """The flag arrays and the stack of saved positions, `pos[:a]` (seed 003), the queen
    just placed included."""
    pos = variables["pos"]
    height = variables["a"] + (1 if isinstance(event, Place | Solution) else 0)
    saved = tuple(f"({r},{pos[r]})" for r in range(height))
    top = (height - 1,) if height else ()
    return (*record_flags(event, variables, n), Structure("stack", saved, top, (), "(a,b)"))
