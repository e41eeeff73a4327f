"""Instances as files: CSPLib prob079's two formats read as they are, DIMACS CNF written.

- Excluded Diagonals (`n = 10`, `numdiags = 14`, `diags = [[4, 1], [2, 1], ...]`): a pair
  is (index, type); type 1 a sum diagonal `row + col = index`, type 0 a difference
  diagonal `row - col = index - (n - 1)` (AA-Excluded-Diagonals-Info.md, rows and
  columns from 0). Only the FIRST d pairs make a valid instance with d diagonals.
- Essence' completion (`letting n = 2550`, `letting init = [[52, 19], ...]`): fixed
  queens as [row, col] pairs, from 0 (the model's `int(0..n-1)`).
- Anything else is board text (`nqueens.boardtext`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from nqueens.boardtext import quoted
from nqueens.completion.model import Partial
from nqueens.errors import (
    IncompatibleOptionsError,
    InvalidPlacementError,
    InvalidSizeError,
    SizeTooLargeError,
)
from nqueens.i18n import _, ngettext
from nqueens.limits import NUMBER_MAX_DIGITS
from nqueens.messages import fixed_queens_attack
from nqueens.validate import kind_given, whole_count

__all__ = ["every_row_fixed", "from_diagonals", "from_essence", "read_instance", "to_dimacs"]

DIMACS_MAX_FREE = 400
"""The most free rows `to_dimacs` writes: its pairwise clauses grow as the cube."""

_DIAGONALS = re.compile(r"^[ \t]*+numdiags[ \t]*+=", re.MULTILINE)  # one pass: each
_ESSENCE = re.compile(r"^[ \t]*+letting[ \t]++n\b", re.MULTILINE)  # line's own blanks


def every_row_fixed(cols: Any, name: str, size: int | None, base: int) -> Any:
    """A column list that fixes every row (an array, numbered from `base`), refused at
    its first attack (found in O(N)), else its columns, 0-based: such a board is its
    own one completion, answered with no search (a `Partial` of its queens and the
    search over it took 6.8 GB for 10 million queens). `name` prefixes the messages
    (the file's, or "" where the answer names it)."""
    from nqueens.large import check_array

    cols = cols - base if base else cols
    if size is not None and size != len(cols):
        message = (
            _("{name} holds {count} queens but --n says {n}")
            if name
            else _("the column list holds {count} queens but --n says {n}")
        )
        raise InvalidSizeError(message.format(name=name, count=f"{len(cols):,}", n=size))
    conflicts = check_array(cols, examples=1)
    if not conflicts.is_valid:
        (r1, c1), (r2, c2) = conflicts.examples[0]
        attack = fixed_queens_attack(r1 + base, c1 + base, r2 + base, c2 + base)
        raise InvalidPlacementError(
            _("{name}: {problem}").format(name=name, problem=attack) if name else attack
        )
    return cols


def read_instance(
    text: str, *, n: int | None = None, base: int = 0, diagonals: int | None = None
) -> Partial:
    """An instance in any format this package reads, told apart by its first words.

    `diagonals` takes the first D pairs of an Excluded Diagonals file (all by default);
    `n` and `base` apply to board text.
    """
    kind_given(text, str, "text", _("the instance's text (a str)"), InvalidPlacementError)
    text = text.lstrip("\ufeff")
    if diagonals is not None:  # 2.5 failed as a slice index, True was taken for 1
        diagonals = whole_count(diagonals, "diagonals", least=0)
    if "numdiags" in text and _DIAGONALS.search(text):  # `in` first: a board of
        return _sized(from_diagonals(text, diagonals), n)  # 100 MB is scanned at memchr speed
    if diagonals is not None:
        raise InvalidPlacementError(
            _(
                "--diagonals takes the first D pairs of a CSPLib excluded-diagonals file "
                "(n = ..., numdiags = ..., diags = [...]); this input is not one"
            )
        )
    if "letting" in text and _ESSENCE.search(text):
        return _sized(from_essence(text), n)
    return Partial.from_string(text, n=n, base=base)


def _sized(partial: Partial, n: int | None) -> Partial:
    """A CSPLib file's instance, refused where `n` names another size (it was dropped
    without a word: the file's own board was answered)."""
    if n is not None and n != partial.n:
        raise IncompatibleOptionsError(
            _("the file sets n = {file}, not {given}: n is for board text and row:col "
              "pairs; drop it").format(file=partial.n, given=n),
            option="n",
        )  # fmt: skip
    return partial


def from_diagonals(text: str, diagonals: int | None = None) -> Partial:
    """A CSPLib prob079 Excluded Diagonals file, with its first `diagonals` pairs."""
    form = "excluded-diagonals"
    fields = _assignments(text, form, ("n", "numdiags", "diags"))
    n, claimed, pairs = fields["n"], fields["numdiags"], fields["diags"]
    if not isinstance(n, int) or n < 1:
        raise _bad(form, _("n = {n} is not a board size").format(n=quoted(str(n))))
    if not isinstance(pairs, list) or not all(_is_pair(p) for p in pairs):
        raise _bad(form, _("diags must be a list of [index, type] pairs"))
    if claimed != len(pairs):
        raise _bad(
            form,
            _("numdiags = {claimed} but diags has {count}").format(
                claimed=repr(claimed), count=len(pairs)
            ),
        )
    if diagonals is not None and not 0 <= diagonals <= len(pairs):
        raise InvalidPlacementError(
            ngettext(
                "--diagonals {asked}: the file has {count} diagonal; give 0..{count}",
                "--diagonals {asked}: the file has {count} diagonals; give 0..{count}",
                len(pairs),
            ).format(asked=diagonals, count=len(pairs))
        )
    sums: set[int] = set()
    diffs: set[int] = set()
    for index, kind in pairs[: len(pairs) if diagonals is None else diagonals]:
        if kind not in (0, 1) or not 0 <= index <= 2 * n - 2:
            raise _bad(
                form,
                _("[{index}, {kind}] is no diagonal (index 0..{high}, type 0 or 1)").format(
                    index=index, kind=kind, high=2 * n - 2
                ),
            )
        (sums if kind == 1 else diffs).add(index if kind == 1 else index - (n - 1))
    return Partial(n, {}, excluded_sums=frozenset(sums), excluded_diffs=frozenset(diffs))


def from_essence(text: str) -> Partial:
    """A CSPLib prob079 Essence' completion parameter file (fixed queens from 0)."""
    fields = _assignments(text, "Essence'", ("n", "init"))
    n, init = fields["n"], fields["init"]
    if not isinstance(n, int) or n < 1:
        raise _bad("Essence'", _("n = {n} is not a board size").format(n=quoted(str(n))))
    if not isinstance(init, list) or not all(_is_pair(p) for p in init):
        raise _bad("Essence'", _("init must be a list of [row, col] pairs"))
    fixed: dict[int, int] = {}
    for row, col in init:
        if row in fixed and fixed[row] != col:
            raise InvalidPlacementError(fixed_queens_attack(row, fixed[row], row, col, "row"))
        fixed[row] = col
    return Partial(n, fixed)


# Read in one pass (see boardtext.py): possessive repetitions, never backtracking.
_STATEMENT = re.compile(r"[ \t]*+(?:letting[ \t]++)?+([A-Za-z_]\w*+)[ \t]*+(?:=|be\b)")
_INTEGER = re.compile(r"-?+\d++")
_PAIR_LIST = re.compile(r"\[(?:\[-?+\d++,-?+\d++\],?+)*+\]")  # without its spaces
_LIST = re.compile(r"\[[\[\]\d,-]*+")
_NUMBER = re.compile(r"-?+\d++")
_LONG_NUMBER = re.compile(rf"\d{{{NUMBER_MAX_DIGITS + 1}}}")


def _assignments(text: str, form: str, names: tuple[str, ...]) -> dict[str, object]:
    """`name = value` (or Essence' `letting name = value` / `be`) for each name: a whole
    number, or a list of [a, b] pairs. A statement starts a line and runs to the line
    that starts the next; the first of a name counts. Read line by line, in one pass:
    a completion file can hold thousands of pairs."""
    statements: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        line = line.split("$", 1)[0]  # $ comments
        start = _STATEMENT.match(line)
        if start is None:
            if current is not None:
                current.append(line)
            continue
        current = [line[start.end() :]]
        statements.setdefault(start[1], current)
    found: dict[str, object] = {}
    for name in names:
        if name not in statements:
            raise _bad(form, _("no '{name} = ...' line").format(name=name))
        value = "\n".join(statements[name]).strip()
        compact = "".join(value.split())
        if _LONG_NUMBER.search(compact):
            raise _bad(
                form,
                _("{name} = {value} holds a number too large").format(
                    name=name, value=quoted(value, 30)
                ),
            )
        if _INTEGER.fullmatch(compact) and compact == value:
            found[name] = int(value)
        elif _PAIR_LIST.fullmatch(compact):
            numbers = [int(x) for x in _NUMBER.findall(compact)]
            found[name] = [numbers[i : i + 2] for i in range(0, len(numbers), 2)]
        elif _LIST.fullmatch(compact) and compact.endswith("]"):
            found[name] = None  # a list, but not of pairs
        else:
            raise _bad(
                form,
                _("{name} = {value} is not a number or list").format(
                    name=name, value=quoted(value, 30)
                ),
            )
    return found


def _is_pair(value: object) -> bool:
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _bad(form: str, what: str) -> InvalidPlacementError:
    return InvalidPlacementError(_("not a CSPLib {form} file: {what}").format(form=form, what=what))


def to_dimacs(partial: Partial) -> Iterator[str]:
    """The instance as DIMACS CNF lines, for any SAT solver.

    One variable per square a queen may still take (fixed queens' lines removed); each
    free row and column needs at least one queen, and each row, column and diagonal at
    most one (pairwise). `c q VAR ROW COL` comments map variables back to squares.
    """
    kind_given(partial, Partial, "partial", _("a Partial (read_instance's)"), InvalidPlacementError)
    n = partial.n
    free = n - len(partial.fixed)
    if free > DIMACS_MAX_FREE:
        raise SizeTooLargeError(
            _(
                "the board has {free} free rows: its DIMACS form would need about "
                "{clauses} clauses; give boards with at most {limit} free rows"
            ).format(free=f"{free:,}", clauses=f"{free**3 // 2:,}", limit=DIMACS_MAX_FREE)
        )
    used_rows = set(partial.fixed)
    used_cols = set(partial.fixed.values())
    used_sums = {r + c for r, c in partial.fixed.items()} | partial.excluded_sums
    used_diffs = {r - c for r, c in partial.fixed.items()} | partial.excluded_diffs
    squares: dict[tuple[int, int], int] = {}
    for r in range(n):
        if r in used_rows:
            continue
        for c in range(n):
            if (
                c not in used_cols
                and r + c not in used_sums
                and r - c not in used_diffs
                and (r, c) not in partial.blocked
            ):
                squares[(r, c)] = len(squares) + 1
    lines: dict[tuple[str, int], list[int]] = {}
    for (r, c), var in squares.items():
        for key in (("row", r), ("col", c), ("sum", r + c), ("diff", r - c)):
            lines.setdefault(key, []).append(var)
    clauses: list[list[int]] = []
    for r in sorted(set(range(n)) - used_rows):
        clauses.append(lines.get(("row", r), []))
    for c in sorted(set(range(n)) - used_cols):
        clauses.append(lines.get(("col", c), []))
    for members in lines.values():
        clauses.extend([-a, -b] for i, a in enumerate(members) for b in members[i + 1 :])
    fixed = len(partial.fixed)  # a file's comment, in English as DIMACS files are
    yield f"c n-queens completion, n = {n}, {fixed} fixed queen{'' if fixed == 1 else 's'}"
    for (r, c), var in squares.items():
        yield f"c q {var} {r} {c}"
    yield f"p cnf {len(squares)} {len(clauses)}"
    for clause in clauses:
        yield " ".join(map(str, clause)) + " 0"
