"""The algorithm's own bookkeeping after a step: what the player, film, window and trace
draw beside the board.

Each structure is a row of cells: the flag arrays `col`, `up` and `down`, a bitboard's
masks, an explicit stack, the board a check function reads. Every cell has an index (the
number the code uses for it, printed under it): flags and boards count from 0 on the
left; a bitboard's masks too, bit i under column i as on the board (so `<< 1` moves a
bit one column to the right), with no mirror between a mask and the board. `read` are
the indices of the cells the step looked at (drawn outlined), `filled` those that are
set (drawn filled), `hit` the one whose test failed (drawn in red). The renderers only
draw this; they never work it out again from the board.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["EMPTY", "State", "Structure"]

EMPTY = "(empty)"  # a structure with no cells, in the text form


@dataclass(frozen=True, slots=True)
class Structure:
    """One named structure of the algorithm, as a row of cells.

    `note` says which cells the step read, with the numbers filled in, for example
    `up[a+b] = up[2+1] = up[3]`. `indices` number the cells left to right (empty: 0, 1,
    2, ...); `read`, `filled` and `hit` hold such indices.
    """

    name: str
    cells: tuple[str, ...]
    read: tuple[int, ...] = ()
    filled: tuple[int, ...] = ()
    note: str = ""
    hit: tuple[int, ...] = ()
    indices: tuple[int, ...] = ()

    def index(self, position: int) -> int:
        """The index of the cell drawn at `position` (0 on the left)."""
        return self.indices[position] if self.indices else position

    def text(self, width: int = 0) -> str:
        """One line: the name, then the cells (`col  1 0 0 0 0`), then the note."""
        line = f"{self.name:<{width}}  {' '.join(self.cells) or EMPTY}"
        return f"{line}   {self.note}" if self.note else line


@dataclass(frozen=True, slots=True)
class State:
    """The algorithm's state after one step: its structures, the line of its code that
    produced the step (numbered as `Algorithm.source()` numbers it, from 1), how deep
    the recursion is (1 for the stack versions, whose stack is one of the structures),
    and `legend`, a sentence that says how to read the cells (what a 1 means, which row
    the masks belong to), in the language of the step."""

    structures: tuple[Structure, ...]
    line: int
    depth: int
    legend: str = ""

    def lines(self) -> list[str]:
        """One line per structure, names aligned."""
        width = max((len(s.name) for s in self.structures), default=0)
        return [s.text(width) for s in self.structures]
