"""The shape of a search's tree: nodes, dead ends and solutions at each depth, and the
work a search to its end does, from that shape alone.

The root is the empty board; a node at depth k is a board of k queens, one per row.
Brute force's tree holds every board: N^k at depth k. The permutations' holds the boards
with distinct columns: N!/(N-k)!. Every pruned search (backtracking, flags, bitboards)
walks one tree, that of the boards with no two queens attacking, counted here with a
plain bitboard recursion (no steps, no tracer): its nodes at depth N are the solutions,
and they also say how many complete boards brute force and the permutations accept.

A search that runs to its end places a queen at every node but the root and takes each
back (nodes = backtracks), and tests, by its kind of `checks`: every square of the row
below each node above depth N (a check function or the flags), each such row at once
(bitboards), or each complete board (generate and test).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from nqueens.search.events import SearchStats

__all__ = [
    "BOARDS",
    "ROWS",
    "SQUARES",
    "Shape",
    "Subtree",
    "every_node",
    "placed_before",
    "shape",
    "steps",
    "subtree",
    "work",
]

SQUARES = "squares"
"""Checks: one per square tested (a check function, the flag arrays)."""
ROWS = "rows"
"""Checks: one per row, every square of it at once (the bitboards)."""
BOARDS = "boards"
"""Checks: one per complete board (generate and test)."""

PRUNED, EVERY_BOARD, PERMUTATIONS = "pruned", "every board", "permutations"


@dataclass(frozen=True)
class Shape:
    """Per depth 0..N: how many nodes, and how many of them are dead ends (no child, not
    a solution); and the solutions (all at depth N)."""

    nodes: tuple[int, ...]
    dead_ends: tuple[int, ...]
    solutions: int

    @property
    def placed(self) -> int:
        """Queens placed by a search to its end: every node but the root."""
        return sum(self.nodes) - 1


def shape(tree: str, n: int) -> Shape:
    """The tree of a search: ``pruned``, ``every board`` (brute force, N^N) or
    ``permutations`` (N!), for an N x N board.

    >>> shape("pruned", 4)
    Shape(nodes=(1, 4, 6, 4, 2), dead_ends=(0, 0, 2, 2, 0), solutions=2)
    >>> shape("every board", 2).nodes
    (1, 2, 4)
    """
    pruned = _pruned(n)
    nodes = every_node(tree, n)
    if nodes is None:
        return pruned
    dead = (0,) * n + (nodes[n] - pruned.solutions,)
    return Shape(nodes, dead, pruned.solutions)


def every_node(tree: str, n: int) -> tuple[int, ...] | None:
    """The nodes at each depth of a generate-and-test tree, which N alone tells: N^k, or
    N!/(N-k)!; None for the pruned tree, which only a search can tell.

    >>> every_node("permutations", 3), every_node("pruned", 3)
    ((1, 3, 6, 6), None)
    """
    if tree == EVERY_BOARD:
        return tuple(n**k for k in range(n + 1))
    if tree == PERMUTATIONS:
        return tuple(math.perm(n, k) for k in range(n + 1))
    if tree == PRUNED:
        return None
    raise ValueError(f"no tree {tree!r}")


def work(tree: str, checks: str, n: int, stats: SearchStats) -> None:
    """Fill `stats` with the nodes, checks and backtracks of a search of `tree` run to its
    end, testing by `checks` (`SQUARES`, `ROWS` or `BOARDS`)."""
    found = shape(tree, n)
    above = sum(found.nodes[:n])  # the nodes whose next row is tested
    stats.nodes = stats.backtracks = found.placed
    stats.checks = {SQUARES: n * above, ROWS: above, BOARDS: found.nodes[n]}[checks]


def steps(tree: str, checks: str, n: int) -> int:
    """The steps (events) of a search of `tree` run to its end, testing by `checks`: a
    Place and a Remove at every node but the root, a Solution at each solution, and a
    Reject for each test that fails (a square is tested once for each queen placed on it
    and each square refused; a complete board is accepted once for each solution; a
    bitboard's row test rejects nothing, it gives the free squares).

    >>> steps("pruned", SQUARES, 4), steps("pruned", ROWS, 4)
    (78, 34)
    """
    stats = SearchStats()
    work(tree, checks, n, stats)
    solutions = shape(tree, n).solutions
    rejected = {SQUARES: stats.checks - stats.nodes, ROWS: 0, BOARDS: stats.checks - solutions}
    return stats.nodes + stats.backtracks + solutions + rejected[checks]


@dataclass(frozen=True)
class Subtree:
    """The part of a tree below one node: `below` nodes under it, `inner` nodes (it
    included) above depth N, whose next row is tested, `boards` complete boards (depth N)
    and `solutions` among them."""

    below: int
    inner: int
    boards: int
    solutions: int

    def steps(self, n: int, checks: str) -> int:
        """The steps of a search through this node, from its Place to its Remove: a Place
        and a Remove at each node, a Solution at each solution, a Reject at each failed
        test (as `steps` counts a whole tree's)."""
        failed = {
            SQUARES: n * self.inner - self.below,  # every square tested but those placed
            ROWS: 0,  # a row's masks give its free squares: none refused
            BOARDS: self.boards - self.solutions,  # every complete board but a solution
        }[checks]
        return 2 + 2 * self.below + self.solutions + failed


def subtree(tree: str, n: int, cols: tuple[int, ...]) -> Subtree:
    """What lies below the node `cols` (its queens, row by row) of `tree`: the pruned
    tree's counted by a bitboard recursion from the node, the generate-and-test trees'
    from N and the depth alone but their solutions, which are the pruned tree's below
    the node where no two of its queens attack (else none).

    >>> subtree("pruned", 4, (1,))
    Subtree(below=3, inner=3, boards=1, solutions=1)
    >>> subtree("every board", 3, (0, 0))
    Subtree(below=3, inner=1, boards=3, solutions=0)
    """
    depth, full = len(cols), (1 << n) - 1
    taken = left = right = 0
    safe = True
    for col in cols:
        bit = 1 << col
        safe = safe and not (taken | left | right) & bit
        taken, left, right = taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1
    counted = [0, 0, 0]  # below, inner (this node's own added last), solutions

    def visit(row: int, taken: int, left: int, right: int) -> None:
        counted[1] += 1  # a node above depth N: its next row is tested
        avail = full & ~(taken | left | right)
        while avail:
            bit = avail & -avail
            avail ^= bit
            counted[0] += 1
            if row + 1 == n:
                counted[2] += 1
            else:
                visit(row + 1, taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1)

    if depth == n:
        counted[2] = int(safe)
    elif safe:
        visit(depth, taken, left, right)
    below, inner, solutions = counted
    if tree == PRUNED:
        return Subtree(below, inner, solutions, solutions)
    free = n - depth
    if tree == EVERY_BOARD:
        sizes = [n**k for k in range(free + 1)]
    else:
        sizes = [math.perm(free, k) for k in range(free + 1)]
    return Subtree(sum(sizes[1:]), sum(sizes[:-1]), sizes[-1], solutions)


def placed_before(tree: str, board: list[int]) -> int:
    """The queens a search of `tree` has placed when it stands at the complete `board`
    (the generate-and-test trees, whose order the board alone tells: every board of each
    length up to this one's prefix); 0 for the pruned tree, which only its search knows.

    >>> placed_before("every board", [0, 0]), placed_before("every board", [1, 1])
    (2, 6)
    >>> placed_before("permutations", [1, 0, 2])
    8
    """
    n = len(board)
    if tree == PRUNED:
        return 0
    placed = 0
    for k in range(1, n + 1):
        rank = 0
        for r in range(k):
            if tree == EVERY_BOARD:
                rank = rank * n + board[r]
            else:
                smaller = sum(1 for c in range(board[r]) if c not in board[:r])
                rank += smaller * math.perm(n - r - 1, k - r - 1)
        placed += rank + 1
    return placed


@functools.cache
def _pruned(n: int) -> Shape:
    """The pruned tree, counted by a plain bitboard recursion (bit i is column i)."""
    nodes, dead = [0] * (n + 1), [0] * (n + 1)
    nodes[0] = 1
    full = (1 << n) - 1

    def visit(row: int, taken: int, left: int, right: int) -> None:
        avail = full & ~(taken | left | right)
        if not avail:
            dead[row] += 1
            return
        while avail:
            bit = avail & -avail
            avail ^= bit
            nodes[row + 1] += 1
            if row + 1 < n:
                visit(row + 1, taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1)

    visit(0, 0, 0, 0)
    return Shape(tuple(nodes), tuple(dead), nodes[n])
