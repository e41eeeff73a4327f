"""Messages said in many places, each built by one function.

A message that several modules say (a refused size, a count with its noun) is worded
here once, so that its wording, and its translation, change in one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from nqueens.errors import IncompatibleOptionsError, NoSolutionError, shorten
from nqueens.i18n import N_, _, ngettext, pgettext

__all__ = [
    "byte_size",
    "fixed_queens_attack",
    "listed",
    "no_solution",
    "off_the_board",
    "one_based_note",
    "plural",
    "seconds_of",
    "steps_on_squares_only",
    "too_large",
    "unknown_symmetry",
    "unknown_variant",
]


def byte_size(count: int) -> str:
    """A size in bytes as a reader says it: 1.2 GB, 800.0 MB, 512 bytes."""
    size = float(count)
    for unit in ("bytes", "KB", "MB", "GB", "TB", "PB"):
        if size < 1000 or unit == "PB":
            return f"{size:,.0f} {unit}" if unit == "bytes" else f"{size:,.1f} {unit}"
        size /= 1000
    raise AssertionError("unreachable")


def no_solution(n: int) -> NoSolutionError:
    """The one wording of the answer "no solution", for every command and function."""
    return NoSolutionError(
        _(
            "No solution: {n} queens cannot be placed on a {n}x{n} board without two of "
            "them attacking each other."
        ).format(n=n)
    )


_FIXED_QUEENS_ATTACK = {
    "row": N_("the fixed queens on row {r1}, col {c1} and row {r2}, col {c2} attack each "
              "other (same row)"),
    "column": N_("the fixed queens on row {r1}, col {c1} and row {r2}, col {c2} attack each "
                 "other (same column)"),
    "diagonal": N_("the fixed queens on row {r1}, col {c1} and row {r2}, col {c2} attack "
                   "each other (same diagonal)"),
    None: N_("the fixed queens on row {r1}, col {c1} and row {r2}, col {c2} attack each "
             "other"),
}  # fmt: skip


def fixed_queens_attack(r1: int, c1: int, r2: int, c2: int, line: str | None = None) -> str:
    """The one wording of two fixed queens that attack each other (a completion's board
    refused), with the line they share where it is known: "row", "column", "diagonal"."""
    return _(_FIXED_QUEENS_ATTACK[line]).format(r1=r1, c1=c1, r2=r2, c2=c2)


def off_the_board(col: object, row: int, cols: int) -> str:
    """The one wording of a column number outside a board of `cols` columns."""
    return _("column {col} in row {row} is off the board (columns run 0..{last})").format(
        col=col, row=row, last=cols - 1
    )


def steps_on_squares_only(rows: int, cols: int) -> str:
    """The one wording of a rectangle refused by the step-by-step search."""
    return _("the step-by-step search runs on square boards, not {rows}x{cols}").format(
        rows=rows, cols=cols
    )


def unknown_variant(name: object, variants: Iterable[str]) -> str:
    """The one wording of a variant not among `variants` (a board's, or a count's)."""
    return _("unknown variant {name}; choose one of: {choices}").format(
        name=shorten(name), choices=", ".join(variants)
    )


def unknown_symmetry(name: object, symmetries: Sequence[str]) -> str:
    """The one wording of a symmetry not among `symmetries` (`placement.SYMMETRIES`)."""
    return _("unknown symmetry {name}; choose from {names}").format(
        name=repr(name), names=", ".join(symmetries)
    )


def one_based_note() -> str:
    """What `--one-based` numbers and what it leaves alone, said wherever both are shown
    (trace, player, film, window): the squares are numbered from 1, a cell of the code's
    arrays keeps the code's index, so "row 2, col 1 ... col[0] = 1" reads as one rule."""
    return _(
        "Rows and columns are numbered from 1; the code's arrays keep its own indices, "
        "from 0: column 1 is col[0], row 1 is board[0]."
    )


def npy_counts_from_zero() -> IncompatibleOptionsError:
    """--one-based beside a .npy array, written or read: an array holds columns from 0,
    as NumPy indexes them (taking the option silently would shift a check by one)."""
    return IncompatibleOptionsError(  # the flag named in the words: no option= to add it
        _("a .npy array holds columns from 0, as NumPy indexes them: drop --one-based")
    )


def wraps_or_jumps() -> IncompatibleOptionsError:
    """A board asked both to wrap (toroidal) and to add the knight's moves (superqueens):
    no variant of ours, refused by the board's rules and by the O(N) check alike."""
    return IncompatibleOptionsError(
        _("a board wraps (toroidal) or adds the knight's moves (superqueens), not both: give one")
    )


def plural(count: int, singular: str, plural: str, **values: object) -> str:
    """`count` with its noun: `plural(8, "{count} queen", "{count} queens")` is "8 queens".

    Both forms are spelt out (with `{count}` where the number goes) so that the catalog
    holds them as one message with its plural: "1 unique solution", "2 unique solutions".
    `values` fill the message's other fields.
    `what`, `instead` and `why` below come translated by the caller.
    """
    return ngettext(singular, plural, count).format(count=f"{count:,}", **values)


def variant_name(variant: str) -> str:
    """A board's rules as a sentence names them, in the reader's language: the variant's
    own name in English ("toroidal"), トーラス in Japanese (the name to type stays the
    option's value, `--variant toroidal`)."""
    names = {
        "classic": pgettext("a board's rules", "classic"),
        "toroidal": pgettext("a board's rules", "toroidal"),
        "superqueens": pgettext("a board's rules", "superqueens"),
    }
    return names.get(variant, variant)


def listed(items: Sequence[str]) -> str:
    """Noun phrases in a list, with the language's separator: "4 nodes, 0.50 s" in
    English, "ノード 4 個、0.50 秒" in Japanese."""
    return pgettext("a list of items", ", ").join(items)


def apart(items: Sequence[str]) -> str:
    """Items that hold commas themselves, apart: "; " in English, a full-width one in
    Japanese."""
    return _("; ").join(items)


def seconds_of(value: float, spec: str = ".2f") -> str:
    """A time in seconds with its unit: "0.50 s", "0.50 秒"."""
    return _("{value} s").format(value=format(value, spec))


def too_large(
    n: int, what: str, limit: int, *, instead: str | None = None, why: str | None = None
) -> str:
    """The one wording of a refused size: "N = 99 is too large for `what`: use N <= `limit`",
    then ", or `instead`" (another tool or option) and " (`why`)" when given; each of the
    four a whole message of the catalog, never glued from pieces."""
    if instead and why:
        message = _("N = {n} is too large for {what}: use N <= {limit}, or {instead} ({why})")
    elif instead:
        message = _("N = {n} is too large for {what}: use N <= {limit}, or {instead}")
    elif why:
        message = _("N = {n} is too large for {what}: use N <= {limit} ({why})")
    else:
        message = _("N = {n} is too large for {what}: use N <= {limit}")
    return message.format(n=n, what=what, limit=limit, instead=instead, why=why)
