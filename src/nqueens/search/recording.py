"""Events with the algorithm's state: each search's recorder reads the search's own
variables while it is paused at a step.

A raw search is a generator (recursion is `yield from`), so between two events its
innermost frame holds exactly what the algorithm holds: the flag arrays, the masks, the
stack, the candidate board. A recorder turns those variables into `Structure`s; the
algorithm's code stays as it is taught, with nothing added for the pictures. The frame
also tells which line produced the step: the statement the `if observe:` guard follows
(`col[b] = up[a + b] = down[a - b + n - 1] = 1` for a queen placed), the test whose
block it opens (the `if` that rejected a square), or, after a nested block, the loop
that moves on to the next square.

The code a student reads (`listing`) is the source less the lines that only report the
steps: the `if observe:` guards and the `stats.` counting. Every line a step names is
one that the listing shows.
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
    "Legend",
    "Recorder",
    "flag_row",
    "listing",
    "mask_row",
    "producing_line",
    "source_of",
    "stateful_events",
]

Recorder = Callable[[Event, Mapping[str, Any], int], tuple[Structure, ...]]
"""(event, the search's variables at that step, N) -> the structures after the step."""
Legend = Callable[[Event, int], str]
"""(event, N) -> how to read the structures after that step, in words."""


def stateful_events(
    raw: Callable[[int, SearchStats, bool], Iterator[Any]],
    recorder: Recorder,
    n: int,
    stats: SearchStats | None = None,
    legend: Legend | None = None,
) -> Iterator[Event]:
    """Every event of a raw search, each carrying the `State` its recorder reads (and
    the `legend` of its structures)."""
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
            legend(event, n) if legend is not None else "",
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
def _parsed(filename: str) -> ast.Module | None:
    try:
        with open(filename, encoding="utf-8") as source:
            return ast.parse(source.read(), filename)
    except OSError:  # no source beside the code: each step names its own line
        return None


@functools.cache
def _guards(filename: str) -> tuple[tuple[int, int, int], ...]:
    """Each guard `if observe:` of a file: (first line, last line, the line its step is
    shown at)."""
    tree = _parsed(filename)
    if tree is None:
        return ()
    found = []
    loops: dict[int, int] = {}  # id of a block -> the line of the loop that holds it
    for parent in ast.walk(tree):
        header = parent.lineno if isinstance(parent, ast.stmt) else 0
        for name in ("body", "orelse", "finalbody"):
            block = getattr(parent, name, None)
            if not isinstance(block, list):
                continue
            loop = header if isinstance(parent, ast.For | ast.While) else loops.get(id(block), 0)
            for node in block:
                for inner in ("body", "orelse", "finalbody"):
                    nested = getattr(node, inner, None)
                    if isinstance(nested, list) and not isinstance(node, ast.FunctionDef):
                        loops[id(nested)] = loop
            for index, node in enumerate(block):
                if isinstance(node, ast.stmt) and _observing(node):
                    end = node.end_lineno or node.lineno
                    found.append((node.lineno, end, _step_line(block, index, header, loop)))
    return tuple(found)


def _step_line(block: Sequence[ast.stmt], index: int, header: int, loop: int) -> int:
    """Where a guard's step is shown: the statement before it (skipping the counting);
    first in its block, the block's test; after a nested block (the recursion's if/else),
    the loop that goes on to the next square."""
    node = block[index]
    before = [s for s in block[:index] if not (_bookkeeping(s) or _observing(s))]
    if not before:
        return header or node.lineno
    last = before[-1]
    compound = isinstance(last, (ast.If, ast.For, ast.While, ast.With, ast.Try))
    return (loop or last.lineno) if compound else last.lineno


@functools.cache
def hidden_lines(filename: str) -> frozenset[int]:
    """The lines of a file that only report the search's steps: each `if observe:` guard
    with its block, and the `stats.` counting."""
    tree = _parsed(filename)
    if tree is None:
        return frozenset()
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and (_observing(node) or _bookkeeping(node)):
            hidden.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return frozenset(hidden)


def listing(function: Callable[..., Any]) -> list[tuple[int, str]]:
    """The code of `function` as a student reads it: (line number, text) for each line
    of its source but those that only report the steps (`hidden_lines`)."""
    first, lines = source_of(function)
    hidden = hidden_lines(inspect.getsourcefile(function) or "")
    return [(first + i, text) for i, text in enumerate(lines) if first + i not in hidden]


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
    name: str,
    values: Iterable[object],
    read: Sequence[int] = (),
    note: str = "",
    *,
    hit: Sequence[int] = (),
) -> Structure:
    """A flag array: 1 where set (drawn filled), 0 where clear."""
    flags = list(values)
    return Structure(
        name,
        tuple("1" if v else "0" for v in flags),
        tuple(read),
        tuple(i for i, v in enumerate(flags) if v),
        note,
        tuple(hit),
    )


def mask_row(name: str, bits: int, n: int, read: Sequence[int] = (), note: str = "") -> Structure:
    """A bitboard mask drawn as the board's columns are: bit i (column i) under column i,
    bit 0 on the left, so that a student maps a bit to its square without a mirror;
    `read` holds bit numbers."""
    columns = range(n)
    return Structure(
        name,
        tuple(str((bits >> i) & 1) for i in columns),
        tuple(read),
        tuple(i for i in columns if (bits >> i) & 1),
        note,
    )
