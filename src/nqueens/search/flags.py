"""Column and diagonal flag arrays (seeds 000, 002 and 003): how their code makes steps,
and the state a student reads beside it.

Three arrays say which lines are taken, named as seed 000 names them: `col[b]` for the
columns, `up[a+b]` for the / diagonals and `down[a-b+N-1]` for the \\ diagonals (row a,
column b). Here FREE = 0 and NOT_FREE = 1, as seed 002 marks its arrays (seed 000 writes
FREE = 1): the legend says so beside the arrays. Testing a square costs three lookups,
made in that order: the first that finds a line taken rejects the square, and the
rejection names that lookup. Two forms (`nqueens.search.seeds.flags`): recursive, and
with an explicit stack of saved positions (seed 003); both take the same steps.
"""

from __future__ import annotations

import types
from collections.abc import Mapping, Sequence
from typing import Any

from nqueens.i18n import _
from nqueens.placement import Placement
from nqueens.search.events import Event, Place, Reject, Remove, Solution
from nqueens.search.observe import Counts, Run, Watch
from nqueens.search.recording import flag_row
from nqueens.search.seeds import flags as seeds
from nqueens.search.state import Structure

__all__ = ["FLAGS", "FLAGS_STACK"]

_TEST = "if col[b] == FREE and up[a + b] == FREE and down[a - b + n - 1] == FREE:"
_TAKE = "col[b] = up[a + b] = down[a - b + n - 1] = NOT_FREE"
_FREE = "col[b] = up[a + b] = down[a - b + n - 1] = FREE"


def rejected(a: int, b: int, queens: Sequence[int], col: list[int], up: list[int]) -> Reject:
    """What the test found on (a, b): the first lookup that finds its line taken, in the
    order the test makes them, and the queen (of `queens`, row by row) on that line."""
    n = len(col)
    if col[b]:
        test, row = f"col[{b}] = 1", next(r for r in range(a) if queens[r] == b)
    elif up[a + b]:
        test, row = f"up[{a + b}] = 1", next(r for r in range(a) if r + queens[r] == a + b)
    else:
        test, row = (
            f"down[{a - b + n - 1}] = 1",
            next(r for r in range(a) if r - queens[r] == a - b),
        )
    return Reject(a, b, (row, queens[row]), test)


def _lookups(n: int, a: int, b: int) -> tuple[tuple[str, int, str], ...]:
    """The test's three lookups of square (a, b), in the order the code makes them: the
    array, the index, and the index as the code writes it, with the numbers filled in."""
    return (
        ("col", b, f"col[b] = col[{b}]"),
        ("up", a + b, f"up[a+b] = up[{a}+{b}] = up[{a + b}]"),
        ("down", a - b + n - 1, f"down[a-b+N-1] = down[{a}-{b}+{n - 1}] = down[{a - b + n - 1}]"),
    )


def record_flags(
    event: Event, variables: Mapping[str, Any], n: int, counts: Counts
) -> tuple[Structure, ...]:
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


def record_flags_stack(
    event: Event, variables: Mapping[str, Any], n: int, counts: Counts
) -> tuple[Structure, ...]:
    """The flag arrays and the stack of saved positions (seed 003), the queen just
    placed included, each as (a,b)."""
    stack = variables["stack"]
    saved = tuple(f"({r},{b})" for r, b in enumerate(stack))
    top = (len(stack) - 1,) if stack else ()
    return (*record_flags(event, variables, n, counts), Structure("stack", saved, top, (), "(a,b)"))


def flags_legend(event: Event, n: int) -> str:
    """How to read the flags: which value is FREE here, and that seed 000's is the other."""
    return _(
        "1 (NOT_FREE): a queen stands on this line; 0 (FREE): the line is free "
        "(seed 000 writes FREE = 1)"
    )


class _FlagsWatch(Watch):
    """`flags`: the test, the flags taken (a queen placed), `found`, the flags freed."""

    def __init__(self) -> None:
        super().__init__(seeds.flags, record_flags, flags_legend, recursion="put_queen")
        self.test, self.take, self.free = self.line(_TEST), self.line(_TAKE), self.line(_FREE)
        self.placed, self.found = self.line("pos[a] = b"), self.line("found(pos)")

    def finished(self, run: Run, frame: types.FrameType, line: int, following: int) -> None:
        if line == self.test:
            run.check()
            if following != self.placed:
                v = frame.f_locals
                a = v["a"]
                run.step(rejected(a, v["b"], v["pos"][:a], v["col"], v["up"]), frame, line)
        elif line == self.take:
            v = frame.f_locals
            run.step(Place(v["a"], v["b"]), frame, line)
        elif line == self.found:
            run.step(Solution(Placement(tuple(frame.f_locals["pos"]))), frame, line)
        elif line == self.free:
            v = frame.f_locals
            run.step(Remove(v["a"], v["b"]), frame, line)


class _StackWatch(Watch):
    """`flags_stack`: the same steps, from its one loop."""

    def __init__(self) -> None:
        super().__init__(seeds.flags_stack, record_flags_stack, flags_legend)
        self.test, self.take, self.free = self.line(_TEST), self.line(_TAKE), self.line(_FREE)
        self.pushed, self.found = self.line("stack.append(b)"), self.line("found(stack)")

    def finished(self, run: Run, frame: types.FrameType, line: int, following: int) -> None:
        if line == self.test:
            run.check()
            if following != self.pushed:
                v = frame.f_locals
                run.step(rejected(v["a"], v["b"], v["stack"], v["col"], v["up"]), frame, line)
        elif line == self.take:
            v = frame.f_locals
            run.step(Place(v["a"], v["b"]), frame, line)
        elif line == self.found:
            run.step(Solution(Placement(tuple(frame.f_locals["stack"]))), frame, line)
        elif line == self.free:
            v = frame.f_locals
            run.step(Remove(v["a"], v["b"]), frame, line)


FLAGS = _FlagsWatch()
FLAGS_STACK = _StackWatch()
