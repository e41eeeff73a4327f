"""The answer to a completion as text: the board, what was added to what, the columns.

The board marks fixed queens `Q`, added ones `q` and blocked squares `x`; boards larger
than `limits.BOARD_DRAWN_UP_TO` squares a side print only their column list.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from nqueens.completion.model import Completion, Partial
from nqueens.i18n import _
from nqueens.limits import BOARD_DRAWN_UP_TO
from nqueens.messages import listed, plural, seconds_of

__all__ = ["answer_lines", "given", "whole_board_answer"]

FORMATTER_FROM = 10_000
"""Column lists this long are written by the numba formatter (it loads in a moment)."""


def answer_lines(
    partial: Partial,
    result: Completion,
    *,
    base: int = 0,
    seconds: float | None = None,
    time_limit: float | None = None,
) -> Iterator[str]:
    """The lines `nqueens complete` prints for `result`, the answer to `partial`.

    `seconds` is the time to report (the whole command's, say; the search's by default),
    `time_limit` the limit an `unknown` answer ran out of, `base` the first column's
    number in the column list.

    Examples
    --------
    >>> from nqueens.completion import Completion
    >>> board = Partial(4, {0: 1})
    >>> done = Completion("solved", [1, 3, 0, 2], None, 4, 0.5)
    >>> print("\\n".join(answer_lines(board, done)))
    . Q . .
    . . . q
    q . . .
    . . q .
    completed: 3 added to 1 fixed queen (4 nodes, 0.50 s)
    columns: 1 3 0 2
    """
    took = result.time if seconds is None else seconds
    parts = [plural(result.nodes, "{count} node", "{count} nodes")]
    if result.swaps:
        parts.append(plural(result.swaps, "{count} swap", "{count} swaps"))
    work = listed([*parts, seconds_of(took, ".2f")])
    if result.status == "unknown":
        if time_limit is None:
            yield _("unknown: no answer ({work})").format(work=work)
        else:
            limit = seconds_of(time_limit, "g")
            yield _("unknown: no answer within {limit} ({work})").format(limit=limit, work=work)
        return
    if result.status == "impossible" or result.columns is None:
        yield _("impossible: no completion of {given} ({work})").format(
            given=given(partial), work=work
        )
        return
    n = partial.n
    columns = [int(c) for c in result.columns] if n <= BOARD_DRAWN_UP_TO else []
    for row, col in enumerate(columns):
        marks = ["x" if (row, c) in partial.blocked else "." for c in range(n)]
        marks[col] = "Q" if row in partial.fixed else "q"
        yield " ".join(marks)
    added = f"{n - len(partial.fixed):,}"
    yield _("completed: {added} added to {given} ({work})").format(
        added=added, given=given(partial), work=work
    )
    yield _("columns: {columns}").format(columns=_column_list(result.columns, base))
    if result.count is not None:
        yield plural(result.count, "{count} completion in all", "{count} completions in all")


def whole_board_answer(result: Completion, *, base: int = 0) -> Iterator[str]:
    """What `nqueens complete` prints for a board that fixed every row's queen, none
    attacked, in pieces of text to write as they come (each line's newline included):
    `result` holds its columns (an array: no `Partial` of millions of queens is built)
    and took no search. The columns' line comes 65,536 columns a piece, so that 10
    million queens are never 79 MB of text held at once, let alone its copies. Drawn as
    `answer_lines` draws a board up to BOARD_DRAWN_UP_TO rows.

    >>> import numpy as np
    >>> from nqueens.completion import Completion
    >>> print("".join(whole_board_answer(Completion("solved", np.arange(1), 1, 0, 0.01))))
    Q
    completed: 0 added to 1 fixed queen (0 nodes, 0.01 s)
    columns: 0
    1 completion in all
    <BLANKLINE>
    """
    n = len(result.columns)
    if n <= BOARD_DRAWN_UP_TO:
        for col in result.columns.tolist():
            yield " ".join("Q" if c == col else "." for c in range(n)) + "\n"
    fixed = plural(n, "{count} fixed queen", "{count} fixed queens")
    work = listed([plural(0, "{count} node", "{count} nodes"), seconds_of(result.time, ".2f")])
    line = _("completed: {added} added to {given} ({work})")
    yield line.format(added="0", given=fixed, work=work) + "\n"
    before, _field, after = _("columns: {columns}").partition("{columns}")
    yield before
    for start in range(0, n, PIECE_COLUMNS):
        piece = _column_list(result.columns[start : start + PIECE_COLUMNS], base)
        yield piece if start == 0 else " " + piece
    yield after + "\n"
    if result.count is not None:
        yield plural(result.count, "{count} completion in all", "{count} completions in all") + "\n"


PIECE_COLUMNS = 1 << 16
"""Columns written a piece at a time by `whole_board_answer`."""


def _column_list(columns: Any, base: int) -> str:
    """The columns separated by spaces; a long list by the engine's numba formatter,
    4 times as fast as Python's str() on 10^7 numbers."""
    import numpy as np

    cols = np.asarray(columns, dtype=np.int64)
    if cols.size < FORMATTER_FROM:
        return " ".join(map(str, (cols + base).tolist()))
    from nqueens.render.arrays import text_rows

    return text_rows(cols.reshape(1, -1), base, " ").decode("ascii").rstrip("\n")


def given(partial: Partial) -> str:
    """What the board fixes and rules out, in words: '2 fixed queens, 3 blocked squares'."""
    excluded = len(partial.excluded_sums) + len(partial.excluded_diffs)
    words = []
    if partial.fixed:
        words.append(plural(len(partial.fixed), "{count} fixed queen", "{count} fixed queens"))
    if partial.blocked:
        blocked = len(partial.blocked)
        words.append(plural(blocked, "{count} blocked square", "{count} blocked squares"))
    if excluded:
        words.append(plural(excluded, "{count} excluded diagonal", "{count} excluded diagonals"))
    return listed(words) if words else _("the empty {n}x{n} board").format(n=partial.n)
