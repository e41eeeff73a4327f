"""Events with the algorithm's state: each search's recorder reads the search's own
variables while it is paused at a step.

A raw search is a generator (recursion is `yield from`), so between two events its
innermost frame holds exactly what the algorithm holds: the flag arrays, the masks, the
stack, the candidate board. A recorder turns those variables into `Structure`s; the
algorithm's code stays as it is taught, with nothing added for the pictures. The frame
also tells which line produced the step: the statement the `if observe:` guard follows
(`board.place(row, col)`), or the test whose block it opens (the `if` that rejected a
square).
"""

from __future__ import annotations

import ast
import functools
import inspect
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from nqueens.placement import Placement
from nqueens.search.events import Event, SearchStats, Solution
from nqueens.search.state import State, Structure
from nqueens.validate import board_size

__all__ = [
    "Recorder",
    "flag_row",
    "mask_row",
    "producing_line",
    "source_of",
    "stateful_events",
]

Recorder = Callable[[Event, Mapping[str, Any], int], tuple[Structure, ...]]
"""(event, the search's variables at that step, N) -> the structures after the step."""


def stateful_events(
    raw: Callable[[int, SearchStats, bool], Iterator[Any]],
    recorder: Recorder,
    n: int,
    stats: SearchStats | None = None,
) -> Iterator[Event]:
    """Every event of a raw search, each carrying the `State` its recorder reads."""
    n = board_size(n)
    stats = stats if stats is not None else SearchStats()
    search = raw(n, stats, True)
    for item in search:
        frame, depth = _innermost(search)
        if isinstance(item, tuple):
            stats.solutions += 1
            event: Event = Solution(Placement(item))
        else:
            event = item
        state = State(
            recorder(event, frame.f_locals, n),
            producing_line(frame.f_code.co_filename, frame.f_lineno),
            depth,
        )
        yield replace(event, state=state)


def _innermost(search: Any) -> tuple[types.FrameType, int]:
    """The frame of the generator that yielded last, and how many are nested (`yield from`)."""
    depth = 1
    while isinstance(search.gi_yieldfrom, types.GeneratorType):
        search = search.gi_yieldfrom
        depth += 1
    return search.gi_frame, depth


def _observing(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and any(
        isinstance(name, ast.Name) and name.id == "observe" for name in ast.walk(node.test)
    )


def _bookkeeping(node: ast.stmt) -> bool:
    """`stats.nodes += 1` and its kind: counting, not searching."""
    target = node.target if isinstance(node, ast.AugAssign) else None
    return isinstance(target, ast.Attribute) and getattr(target.value, "id", "") == "stats"


@functools.cache
def _guards(filename: str) -> tuple[tuple[int, int, int], ...]:
    """Each guard `if observe:` of a file: (first line, last line, the line its step is
    shown at)."""
    try:
        with open(filename, encoding="utf-8") as source:
            tree = ast.parse(source.read(), filename)
    except OSError:  # no source beside the code: each step names its own line
        return ()
    found = []
    for parent in ast.walk(tree):
        header = parent.lineno if isinstance(parent, ast.stmt) else 0
        for name in ("body", "orelse", "finalbody"):
            block = getattr(parent, name, None)
            if not isinstance(block, list):
                continue
            for index, node in enumerate(block):
                if isinstance(node, ast.stmt) and _observing(node):
                    end = node.end_lineno or node.lineno
                    found.append((node.lineno, end, _step_line(block, index, header)))
    return tuple(found)


def _step_line(block: Sequence[ast.stmt], index: int, header: int) -> int:
    """Where a guard's step is shown: the statement before it (skipping the counting), or,
    first in its block, the block's test; else the guarded line itself."""
    node = block[index]
    before = [s for s in block[:index] if not _bookkeeping(s)]
    if not before:
        return header or node.lineno
    last = before[-1]
    compound = isinstance(last, (ast.If, ast.For, ast.While, ast.With, ast.Try))
    guard = node if isinstance(node, ast.If) else None
    return guard.body[0].lineno if compound and guard else last.lineno


def producing_line(filename: str, line: int) -> int:
    """The line of `filename` that produced the step a search yielded at `line`: that of
    the guard holding the yield, or the yield itself (a solution has no guard)."""
    for first, last, shown in _guards(filename):
        if first <= line <= last:
            return shown
    return line


def source_of(function: Callable[..., Any]) -> tuple[int, list[str]]:
    """The source of `function` as the package holds it: its first line number and lines."""
    lines, first = inspect.getsourcelines(function)
    return first, [line.rstrip("\n") for line in lines]


def flag_row(
    name: str, values: Iterable[object], read: Sequence[int] = (), note: str = ""
) -> Structure:
    """A flag array: 1 where set (drawn filled), 0 where clear."""
    flags = list(values)
    return Structure(
        name,
        tuple("1" if v else "0" for v in flags),
        tuple(read),
        tuple(i for i, v in enumerate(flags) if v),
        note,
    )


def mask_row(name: str, bits: int, n: int, read: Sequence[int] = ()) -> Structure:
    """A bitboard mask in binary, bit i under column i (so the lowest bit is on the left)."""
    return flag_row(name, ((bits >> i) & 1 for i in range(n)), read)
