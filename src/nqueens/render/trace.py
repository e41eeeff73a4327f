"""The search as readable text, one line per step, for learners following it in a terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from nqueens.limits import TRACE_MAX_STEPS, check_count
from nqueens.search.events import Event, Place, Reject, Remove, Solution
from nqueens.search.replay import Replay

if TYPE_CHECKING:
    from nqueens.variants.rules import Rules

__all__ = ["rules_reason", "trace_lines"]


def _square(row: int, col: int, base: int) -> str:
    return f"row {row + base}, col {col + base}"


Reason = Callable[[Reject], str]
"""How a rejected square is attacked, in words (a variant's rules name their own)."""


def _reason(event: Reject) -> str:
    _row, col = event.attacker
    return "same column" if col == event.col else "same diagonal"


def rules_reason(rules: Rules) -> Reason:
    """A variant's rules naming each rejection, in the words of its own check function."""
    return lambda event: rules.attack(event.attacker, (event.row, event.col)) or "?"


def describe(event: Event, replay: Replay, base: int = 0, reason: Reason = _reason) -> str:
    """One line for one event; `replay` is the state after the event."""
    if isinstance(event, Place):
        return f"place    {_square(event.row, event.col, base)}"
    if isinstance(event, Reject):
        by = _square(*event.attacker, base)
        return f"attacked {_square(event.row, event.col, base)}  by the queen on {by} " + (
            f"({reason(event)})"
        )
    if isinstance(event, Remove):
        if event.row == replay.n - 1:
            why = "try the next square"
        else:
            why = f"no more safe squares in row {event.row + 1 + base}: step back"
        return f"remove   {_square(event.row, event.col, base)}  ({why})"
    assert isinstance(event, Solution)
    return f"found    solution {replay.solutions}: {event.placement.to_string(base=base)}"


def trace_lines(
    events: Iterable[Event],
    n: int,
    *,
    base: int = 0,
    boards: bool = False,
    limit: int | None = None,
    solutions: int | None = None,
    reason: Reason = _reason,
    state: bool = False,
) -> Iterator[str]:
    """Lines describing each event in turn; stops after `limit` steps or `solutions` found.

    With `boards`, the board after each placement, removal and solution follows its line.
    With `state`, the algorithm's structures after each step follow it, one line each,
    as the event carries them (`col  1 0 0 0 0`). The last line says why the trace stopped.
    """
    if limit is not None:
        check_count("steps", limit, TRACE_MAX_STEPS, "or 0 for every step")
    replay = Replay(n)
    for event in events:
        if limit is not None and replay.step >= limit:
            yield f"... stopped after {limit} steps (--limit 0 shows every step)"
            return
        replay.apply(event)
        yield f"{replay.step:>6}  {describe(event, replay, base, reason)}"
        if boards and not isinstance(event, Reject):
            yield from ("        " + " ".join(row) for row in replay.rows())
        if state and event.state is not None:
            yield from ("        " + line for line in event.state.lines())
        if solutions is not None and replay.solutions >= solutions:
            yield f"... stopped after {solutions} solution(s)"
            return
    yield (
        f"end of search: {replay.step} steps, {replay.nodes} queens placed, "
        f"{replay.backtracks} taken back, {replay.solutions} solutions"
    )
