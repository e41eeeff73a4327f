"""The algorithm's own bookkeeping after a step: what the player, film, window and trace
draw beside the board.

Each structure is a row of cells: the flag arrays `col`, `up` and `down`, a bitboard's
masks (bit i under column i), an explicit stack, a candidate board, the earlier queens a
check function compares. `read` are the cells the step looked at (drawn outlined),
`filled` those that are set (drawn filled). The renderers only draw this; they never
work it out again from the board.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["EMPTY", "State", "Structure"]

EMPTY = "(empty)"  # a structure with no cells, in the text form


@dataclass(frozen=True, slots=True)
class Structure:
    """One named structure of the algorithm, as a row of cells.

    `note` says which cells the step read, with the numbers filled in, for example
    `up[a+b] = up[2+1] = up[3]`.
    """

    name: str
    cells: tuple[str, ...]
    read: tuple[int, ...] = ()
    filled: tuple[int, ...] = ()
    note: str = ""

    def text(self, width: int = 0) -> str:
        """One line: the name, then the cells (`col  1 0 0 0 0`), then the note."""
        line = f"{self.name:<{width}}  {' '.join(self.cells) or EMPTY}"
        return f"{line}   {self.note}" if self.note else line


@dataclass(frozen=True, slots=True)
class State:
    """The algorithm's state after one step: its structures, the line of its source that
    produced the step (a line of the file that holds the algorithm's function), and how
    deep the recursion is (1 for the stack versions, whose stack is one of the
    structures)."""

    structures: tuple[Structure, ...]
    line: int
    depth: int

    def lines(self) -> list[str]:
        """One line per structure, names aligned."""
        width = max((len(s.name) for s in self.structures), default=0)
        return [s.text(width) for s in self.structures]
