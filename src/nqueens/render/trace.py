"""The search as readable text, one line per step, for learners following it in a terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from nqueens.i18n import N_, _
from nqueens.limits import TRACE_MAX_STEPS, check_count
from nqueens.messages import listed, plural
from nqueens.search.events import TRIED, UNUSED, Event, Place, Reject, Remove, Solution
from nqueens.search.replay import Replay

if TYPE_CHECKING:
    from nqueens.variants.rules import Rules

__all__ = ["line_words", "rules_reason", "trace_lines"]


def _square(row: int, col: int, base: int) -> str:
    return _("row {row}, col {col}").format(row=row + base, col=col + base)


Reason = Callable[[Reject], str]
"""How a rejected square is attacked, in words (a variant's rules name their own)."""


def line_words(attacker: tuple[int, int], square: tuple[int, int]) -> str:
    """The line two squares share, in the words every surface uses: a column, a row, or
    the diagonal rising to the right (a+b constant, the flags' `up`) or falling to the
    right (a-b constant, `down`), row 0 at the top."""
    (r0, c0), (r1, c1) = attacker, square
    if c0 == c1:
        return _("same column")
    if r0 == r1:
        return _("same row")
    if (r1 - r0) * (c1 - c0) > 0:
        return _("same diagonal, falling to the right")
    return _("same diagonal, rising to the right")


def cell_read(test: str) -> str:
    """The cell a test read and what it held, as a sentence says it: `down[4] = 1` in
    English, 「down[4] が 1」 in Japanese (player.js says it the same way)."""
    cell, equals, value = test.rpartition(" = ")
    if not equals:
        return test
    return _("{cell} = {value}").format(cell=cell, value=value)


def _reason(event: Reject) -> str:
    return line_words(event.attacker, (event.row, event.col))


def rules_reason(rules: Rules) -> Reason:
    """A variant's rules naming each rejection, in the words of its own check function."""

    def reason(event: Reject) -> str:
        how = rules.attack(event.attacker, (event.row, event.col))
        return _(how) if how else "?"

    return reason


def describe(event: Event, replay: Replay, base: int = 0, reason: Reason = _reason) -> str:
    """One step in words: the one wording of each event, said alike by the trace, the
    film, the window and the player's page (player.js says the same catalog messages);
    `replay` is the state after the event. A rejection names the queen and the test that
    refused the square, with the cell that test read (`col[2] = 1`)."""
    if isinstance(event, Place):
        return _("place {square}").format(square=_square(event.row, event.col, base))
    if isinstance(event, Reject):
        fields = {
            "square": _square(event.row, event.col, base),
            "by": _square(*event.attacker, base),
            "why": reason(event),
            "test": cell_read(event.test),
        }
        if event.test:
            return _("attacked {square} by the queen on {by} ({why}, {test})").format(**fields)
        return _("attacked {square} by the queen on {by} ({why})").format(**fields)
    if isinstance(event, Remove):
        below = event.row + 1 + base
        if event.row == replay.n - 1 and event.col < replay.n - 1:
            why = _("try the next square")
        elif event.row == replay.n - 1:  # no square after it: the row above goes on
            why = _("the row's last square")
        elif event.exhausted == TRIED:  # brute force tests no square, it tries them all
            why = _("every square of row {row} tried: step back").format(row=below)
        elif event.exhausted == UNUSED:
            why = _("every unused column of row {row} tried: step back").format(row=below)
        else:
            why = _("no more safe squares in row {row}: step back").format(row=below)
        return _("remove {square} ({why})").format(
            square=_square(event.row, event.col, base), why=why
        )
    assert isinstance(event, Solution)
    return _("found solution {number}: {cols}").format(
        number=replay.solutions, cols=event.placement.to_string(base=base)
    )


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
    as the event carries them (`col  1 0 0 0 0`), and, when it changes, the legend that
    says how to read them. The last line says why the trace stopped.
    """
    if limit is not None:
        check_count(N_("steps"), limit, TRACE_MAX_STEPS, N_("or 0 for every step"), option="limit")
    replay = Replay(n)
    legend = ""
    for event in events:
        if limit is not None and replay.step >= limit:
            yield _("... stopped after {count} steps (--limit 0 shows every step)").format(
                count=limit
            )
            return
        replay.apply(event)
        yield f"{replay.step:>6}  {describe(event, replay, base, reason)}"
        if boards and not isinstance(event, Reject):
            yield from ("        " + " ".join(row) for row in replay.rows())
        if state and event.state is not None:
            yield from ("        " + line for line in event.state.lines())
            if event.state.legend != legend:  # said when it changes: what the cells mean
                legend = event.state.legend
                yield "        " + _("({legend})").format(legend=legend)
        if solutions is not None and replay.solutions >= solutions:
            yield "... " + plural(
                solutions, "stopped after {count} solution", "stopped after {count} solutions"
            )
            return
    work = [  # each its own plural: "1 queen placed", "1 solution" at N = 1
        plural(replay.step, "{count} step", "{count} steps"),
        plural(replay.nodes, "{count} queen placed", "{count} queens placed"),
        plural(replay.backtracks, "{count} taken back", "{count} taken back"),
        plural(replay.solutions, "{count} solution", "{count} solutions"),
    ]
    yield _("end of search: {work}").format(work=listed(work))
