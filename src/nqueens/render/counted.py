"""A finished count in words: its counts, a part's (where it went, what comes next), what
was recounted and by whom, and whether the count is new (past the published table).
Each line is one whole message of the catalog."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nqueens.i18n import _
from nqueens.known import published_count
from nqueens.messages import plural, variant_name

if TYPE_CHECKING:
    from nqueens.engine.runtime.verify import Verification
    from nqueens.results import CountResult

__all__ = [
    "board_of",
    "count_lines",
    "counted",
    "new_count",
    "recounter",
    "rectangle_of",
    "verified",
]


def board_of(n: int, variant: str) -> str:
    """The board a count's lines name: "N = 8", or "N = 8, toroidal"."""
    if variant == "classic":
        return f"N = {n}"
    return _("N = {n}, {variant}").format(n=n, variant=variant_name(variant))


def rectangle_of(result: CountResult) -> str:
    """The rectangle a count's line names: "5x8 board", or "5x8 board, toroidal"."""
    size = f"{result.n}x{result.cols}"
    if result.variant == "classic":
        return _("{size} board").format(size=size)
    return _("{size} board, {variant}").format(size=size, variant=variant_name(result.variant))


def count_lines(result: CountResult, journal: str | None) -> list[str]:
    """What a count prints: its counts (a part's: where it went, and what comes next),
    what was recounted, and whether the count is new; a rectangle's counts alone."""
    if result.cols is not None:  # a rectangle, counted at once by its own search
        assert result.unique is not None  # its search counts both
        return [counted(rectangle_of(result), result.total, result.unique)]
    board = board_of(result.n, result.variant)
    if result.part is not None and result.part.m == 1:  # no other part to wait for
        return [
            plural(
                result.subproblems,
                "{board}, part 1 of 1: {count} subproblem counted into {journal}; `nqueens "
                "journal merge {journal} --out FILE` makes it a whole count's journal",
                "{board}, part 1 of 1: {count} subproblems counted into {journal}; `nqueens "
                "journal merge {journal} --out FILE` makes it a whole count's journal",
                board=board,
                journal=journal,
            )
        ]
    if result.part is not None:
        return [
            plural(
                result.subproblems,
                "{board}, part {k} of {m}: {count} subproblem counted into {journal}; when all "
                "{m} parts are done: `nqueens journal merge PARTS... --out FILE`",
                "{board}, part {k} of {m}: {count} subproblems counted into {journal}; when all "
                "{m} parts are done: `nqueens journal merge PARTS... --out FILE`",
                board=board,
                k=result.part.k,
                m=result.part.m,
                journal=journal,
            )
        ]
    assert result.unique is not None  # a whole count's (a part's alone may have none)
    lines = [counted(board, result.total, result.unique)]
    checked = result.verification
    if checked is not None:
        lines.append(verified(checked))
    if not result.published:
        lines.append(new_count(result.n, result.variant, checked))
    return lines


def counted(board: str, total: int, unique: int) -> str:
    """A count's line: "N = 8: 92 solutions, 12 unique", one message."""
    return plural(
        total,
        "{board}: {count} solution, {unique} unique",
        "{board}: {count} solutions, {unique} unique",
        board=board,
        unique=f"{unique:,}",
    )


def recounter(checked: Verification) -> str:
    """Who recounted, in the language of the messages: the method's independent counter
    (its registry entry's `recounted_by`, marked for the catalog there), or its own task
    (as runtime/verify.py says them in English)."""
    from nqueens.engine.registry import METHODS

    by = METHODS[checked.method].recounted_by
    if by is None:
        return _("the {method} method's own task, in this process").format(method=checked.method)
    return _(by)


def verified(checked: Verification) -> str:
    """What a recount checked, how to repeat its choice, and that all agree."""
    fields = {
        "by": recounter(checked),
        "finished": f"{checked.finished:,}",
        "path": checked.path,
        "checked": f"{len(checked.checked):,}",
        "seed": checked.seed,
        "again": f"--verify {len(checked.checked)} --verify-seed {checked.seed}",
    }
    if checked.seed is None:
        return plural(
            checked.finished,
            "verified the {count} subproblem of {path}: recounted by {by}, it agrees",
            "verified all {count} subproblems of {path}: recounted by {by}, all agree",
            **{key: value for key, value in fields.items() if key != "finished"},
        )
    return _(
        "verified {checked} of {finished} subproblems of {path} (seed {seed}; {again} repeats "
        "the choice): recounted by {by}, all agree"
    ).format(**fields)


def new_count(n: int, variant: str, checked: Verification | None) -> str:
    """Past the published table: say the count is new, and how it was checked (each of
    the three a whole message)."""
    largest = max((m for m in range(n) if published_count(m, variant) is not None), default=0)
    board = board_of(n, variant)
    if checked is None:
        said = _(
            "new: no count for {board} is published (the table ends at N = {largest}); not "
            "recounted (add --journal FILE --verify all to recount it)"
        )
    elif checked.seed is None:
        said = _(
            "new: no count for {board} is published (the table ends at N = {largest}); every "
            "subproblem recounted independently, as above"
        )
    else:
        said = _(
            "new: no count for {board} is published (the table ends at N = {largest}); "
            "{checked} subproblems recounted, as above (--verify all: every one)"
        )
    return said.format(board=board, largest=largest, checked=len(checked.checked) if checked else 0)
