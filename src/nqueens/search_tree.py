"""The backtracking tree: the search drawn as the tree it walks, built from its events.

The root is the empty board; each node is a queen placed in the next row. A node with no
child that is not a solution is a dead end: no safe square in the row below (or, for the
generate-and-test searches, a complete board that failed the test). Squares the check
function rejected are kept on their parent as stubs. The tree is a consumer of the same
event stream as `trace`, `animate` and `play`, so all of them agree on what a node is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from nqueens.errors import InvalidSizeError, SizeTooLargeError
from nqueens.i18n import _
from nqueens.limits import CUT_TREE_MAX_N, TREE_MAX_NODES, check_n
from nqueens.search import get_algorithm, walk
from nqueens.search.events import Event, Place, Reject, Remove, Solution
from nqueens.search.shape import PERMUTATIONS as PERMUTATIONS_TREE
from nqueens.search.shape import PRUNED as PRUNED_TREE
from nqueens.search.shape import SQUARES, shape, subtree
from nqueens.validate import board_size, whole_count, whole_given

if TYPE_CHECKING:
    from nqueens.render.tree import SvgTree

__all__ = [
    "TREE_ALGORITHM",
    "Level",
    "Node",
    "SearchTree",
    "build_tree",
    "cut_tree",
    "levels",
    "tree",
]

TREE_ALGORITHM = "backtracking"  # the one with a check function: its rejections are stubs


@dataclass(eq=False)
class Node:
    """One node: the queens on rows 0..depth-1 (`cols`), reached at event `step`.

    `kind` is "root", "inner", "dead end", "solution", or "cut" (a node at the depth
    limit with a subtree below it: `below` nodes, `solutions_below` of them solutions).
    `rejected` lists the columns of the next row the check function rejected.
    """

    cols: tuple[int, ...]
    step: int
    children: list[Node] = field(default_factory=list)
    rejected: list[int] = field(default_factory=list)
    solution: bool = False
    below: int = 0
    solutions_below: int = 0

    @property
    def depth(self) -> int:
        return len(self.cols)

    @property
    def kind(self) -> str:
        if not self.cols:
            return "root"
        if self.solution:
            return "solution"
        if self.below:
            return "cut"
        return "inner" if self.children else "dead end"

    def walk(self) -> Iterator[Node]:
        """This node and every node below it, depth first, in the order the search placed them."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


@dataclass(frozen=True)
class Level:
    """Counts at one depth of the tree: nodes, dead ends and solutions."""

    depth: int
    nodes: int
    dead_ends: int
    solutions: int


@dataclass(eq=False)
class SearchTree:
    """The tree of one search (`nqueens.tree(n)`); shows itself as SVG in notebooks.

    `complete` is False when `solutions` stopped the search early; `depth` is the depth
    limit (None: the whole tree); `rejected` and `layout` are how it draws itself when
    no others are asked (a notebook's picture is `tree(...)`'s own).
    """

    n: int
    algorithm: str
    root: Node
    depth: int | None = None
    complete: bool = True
    rejected: bool = False
    layout: str = "auto"

    def nodes(self) -> Iterator[Node]:
        return self.root.walk()

    def __len__(self) -> int:
        return sum(1 for _ in self.nodes())

    def levels(self) -> list[Level]:
        """Nodes, dead ends and solutions at each depth of the drawn tree."""
        tally = _Tally()
        for node in self.nodes():
            tally.add(node.depth, node.kind)
        return tally.levels()

    def svg(self, *, rejected: bool | None = None, layout: str | None = None) -> SvgTree:
        """The tree as an SVG document (see `nqueens.render.tree`), drawn as the tree's
        own `rejected` and `layout` say where none are given."""
        from nqueens.render.tree import tree_svg

        rejected = self.rejected if rejected is None else rejected
        return tree_svg(self, rejected=rejected, layout=layout or self.layout)

    def save(
        self, path: str | Path, *, rejected: bool | None = None, layout: str | None = None
    ) -> None:
        """Write the picture as SVG, PNG or PDF, chosen by the file's extension."""
        from nqueens.render.tree import save_tree

        rejected = self.rejected if rejected is None else rejected
        save_tree(self, path, rejected=rejected, layout=layout or self.layout)

    def _repr_svg_(self) -> str:
        return str(self.svg())


class _Tally:
    """Counts per depth, grown as deeper nodes appear."""

    def __init__(self) -> None:
        self.counts: list[list[int]] = []

    def add(self, depth: int, kind: str) -> None:
        while len(self.counts) <= depth:
            self.counts.append([0, 0, 0])
        row = self.counts[depth]
        row[0] += 1
        row[1] += kind == "dead end"
        row[2] += kind == "solution"

    def levels(self) -> list[Level]:
        return [Level(d, *row) for d, row in enumerate(self.counts)]


def build_tree(
    events: Iterable[Event],
    *,
    depth: int | None = None,
    solutions: int | None = None,
    max_nodes: int | None = None,
) -> tuple[Node, bool]:
    """The tree of a stream of events, and whether the stream ran to its end.

    Nodes deeper than `depth` are not kept: they count into `below` of their ancestor at
    `depth`. The stream is left after `solutions` solutions. More than `max_nodes` kept
    nodes raise SizeTooLargeError.
    """
    root = Node((), 0)
    path = [root]  # the kept nodes from the root to the current one
    level = 0  # the depth of the search, which may be below the kept path
    kept = 1
    found = 0
    for step, event in enumerate(events, start=1):
        if isinstance(event, Place):
            level += 1
            if depth is not None and level > depth:
                path[-1].below += 1
                continue
            node = Node((*path[-1].cols, event.col), step)
            path[-1].children.append(node)
            path.append(node)
            kept += 1
            if max_nodes is not None and kept > max_nodes:
                raise SizeTooLargeError(
                    _("the tree has more than {count} nodes").format(count=f"{max_nodes:,}")
                )
        elif isinstance(event, Remove):
            if level == len(path) - 1:
                path.pop()
            level -= 1
        elif isinstance(event, Reject):
            if event.row == level and level == len(path) - 1:
                path[-1].rejected.append(event.col)
        elif isinstance(event, Solution):
            if level == len(path) - 1:
                path[-1].solution = True
            else:
                path[-1].solutions_below += 1
            found += 1
            if solutions is not None and found >= solutions:
                return root, False
    return root, True


def cut_tree(n: int, algorithm: str, depth: int, max_nodes: int | None = None) -> Node:
    """The tree `build_tree` makes of the whole search cut at `depth` (< N), without
    running the search: its nodes down to `depth` in the order the search visits them
    (the columns of each row in order), each with the step of its Place, the squares
    its next row rejects (a check function's, the flags'), and below the cut what the
    tree's shape says (`search.shape.subtree`). Walking the traced search to count what
    lies below the cut took 22 s at N = 11, depth 3, and minutes at N = 13."""
    watch = get_algorithm(algorithm).watch
    tree_kind, checks = watch.tree, watch.checks
    full = (1 << n) - 1
    if max_nodes is not None and _kept_past(tree_kind, n, depth, max_nodes):
        raise SizeTooLargeError(  # before any subtree below the cut is counted
            _("the tree has more than {count} nodes").format(count=f"{max_nodes:,}")
        )
    root = Node((), 0)
    step = [0]  # the last step made

    def visit(node: Node, taken: int, left: int, right: int) -> None:
        if node.depth == depth:  # cut: its next row's rejections, then what lies below
            if checks == SQUARES:
                node.rejected.extend(col for col in range(n) if (taken | left | right) >> col & 1)
            below = subtree(tree_kind, n, node.cols)
            node.below, node.solutions_below = below.below, below.solutions
            step[0] += below.steps(n, checks) - (1 if node.cols else 2)  # no root Place
            return
        for col, placed in _next_row(tree_kind, n, taken, taken | left | right):
            if not placed:
                if checks == SQUARES:  # tested, and refused
                    step[0] += 1
                    node.rejected.append(col)
                continue
            step[0] += 1
            child = Node((*node.cols, col), step[0])
            node.children.append(child)
            bit = 1 << col
            visit(child, taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1)
        if node.cols:
            step[0] += 1  # its Remove

    visit(root, 0, 0, 0)
    return root


def _kept_past(tree_kind: str, n: int, depth: int, most: int) -> bool:
    """Whether the tree down to `depth` has more than `most` nodes, counted no further
    than past that bound (a picture's, 10,000: a moment)."""
    full = (1 << n) - 1
    kept = [1]

    def visit(row: int, taken: int, left: int, right: int) -> bool:
        if row == depth:
            return False
        for col, placed in _next_row(tree_kind, n, taken, taken | left | right):
            if placed:
                kept[0] += 1
                bit = 1 << col
                below = ((left | bit) << 1) & full, (right | bit) >> 1
                if kept[0] > most or visit(row + 1, taken | bit, *below):
                    return True
        return False

    return visit(0, 0, 0, 0)


def _next_row(tree_kind: str, n: int, taken: int, attacked: int) -> Iterator[tuple[int, bool]]:
    """The columns a search of `tree_kind` tries in the next row, in order, and whether
    it places a queen there: the pruned tree's refuses the `attacked` ones (the `taken`
    columns and the two diagonals: bit i is column i), the permutations skip the taken
    columns, brute force places one on every square."""
    for col in range(n):
        bit = 1 << col
        if tree_kind == PRUNED_TREE and attacked & bit:
            yield col, False
        elif not (tree_kind == PERMUTATIONS_TREE and taken & bit):
            yield col, True


def _check_limits(n: int, algorithm: str, depth: int | None, solutions: int | None) -> int:
    n = board_size(n)
    chosen = get_algorithm(algorithm)
    depth, solutions = whole_given(depth, "depth", 0), whole_given(solutions, "solutions")
    if depth is not None and depth < 0:
        raise InvalidSizeError(_("depth must be 0 or more, not {depth}").format(depth=depth))
    if solutions is not None and solutions < 1:
        raise InvalidSizeError(
            _("solutions must be 1 or more (or None), not {solutions}").format(solutions=solutions)
        )
    if _is_cut(n, depth, solutions):  # counted below the cut, not walked: any algorithm
        check_n(n, CUT_TREE_MAX_N, _("a tree cut at a depth"))
    else:
        chosen.check_size(n, first_only=solutions is not None)
    return n


def _is_cut(n: int, depth: int | None, solutions: int | None) -> bool:
    """Whether the tree asked is cut at a depth above its leaves, the whole search
    below (no stop after some solutions): made from the shape, not by walking."""
    return depth is not None and depth < n and solutions is None


def tree(
    n: int,
    algorithm: str = TREE_ALGORITHM,
    *,
    depth: int | None = None,
    solutions: int | None = None,
    max_nodes: int = TREE_MAX_NODES,
    out: str | Path | None = None,
    rejected: bool = False,
    layout: str = "auto",
) -> SearchTree:
    """The backtracking tree of the search for `n` queens; displays inline in Jupyter.

    The root is the empty board; each node is a queen placed in the next row; dead ends
    (no free square below) and solutions are marked.

    Parameters
    ----------
    n : int
        The board size.
    algorithm : str
        The teaching algorithm whose search it is.
    depth : int, optional
        Cut the tree at this depth; cut nodes carry the size of their subtree, counted
        from the tree's shape without running the search below the cut.
    solutions : int, optional
        Stop the search after this many solutions.
    max_nodes : int
        Refuse a larger tree: it would be no picture (cut it with `depth`, or count it with
        `levels`).
    out : str or Path, optional
        Also write the picture: SVG, PNG or PDF by the extension.
    rejected : bool
        Draw the squares the check function rejected, as stubs (in `out` and in the
        tree's own picture, which a notebook shows).
    layout : str
        ``auto``, ``icicle``, ``sideways`` or ``radial``.

    Returns
    -------
    SearchTree
        The nodes, their `levels()`, `save(path)`, and an SVG for notebooks.

    Raises
    ------
    SizeTooLargeError
        More than `max_nodes` nodes, or an N the algorithm cannot search (a tree cut
        at a depth: N > `limits.CUT_TREE_MAX_N`, whatever the algorithm).
    OutputFormatError, OutputPlaceError
        `out` names no picture format, or a place that cannot be written.

    Examples
    --------
    >>> t = tree(4)
    >>> len(t), [level.solutions for level in t.levels()]
    (17, [0, 0, 0, 0, 2])
    """
    n = _check_limits(n, algorithm, depth, solutions)
    max_nodes = whole_count(max_nodes, "max_nodes")
    from nqueens.render.tree import check_layout

    check_layout(layout)  # the notebook's picture takes it too
    if out is not None:
        from nqueens.render.formats import picture_output

        picture_output(out)  # a bad name or place fails before the search
    try:
        if depth is not None and _is_cut(n, depth, solutions):
            root, finished = cut_tree(n, algorithm, depth, max_nodes), True
        else:
            events = walk(n, algorithm).events()
            root, finished = build_tree(
                events, depth=depth, solutions=solutions, max_nodes=max_nodes
            )
    except SizeTooLargeError:
        raise SizeTooLargeError(
            _(
                "the {algorithm} tree for N = {n} has more than {count} nodes, too many "
                "for one picture: cut it with --depth K, or count it with --levels"
            ).format(algorithm=algorithm, n=n, count=f"{max_nodes:,}")
        ) from None
    found = SearchTree(
        n, algorithm, root, depth=depth, complete=finished, rejected=rejected, layout=layout
    )
    if out is not None:
        found.save(out)
    return found


def levels(n: int, algorithm: str = TREE_ALGORITHM, *, solutions: int | None = None) -> list[Level]:
    """Nodes, dead ends and solutions at each depth of the whole tree, without keeping it.

    The whole tree is the tree's shape (`nqueens.search.shape`): brute force's and the
    permutations' from N alone, the pruned one's (which every pruned search walks)
    counted at full speed; a tree cut after some solutions is counted from the search's
    own steps.

    Parameters
    ----------
    n : int
        The board size.
    algorithm : str
        The teaching algorithm whose tree it is (the pruned ones share one tree).
    solutions : int, optional
        Stop the search after this many solutions.

    Returns
    -------
    list of Level
        One per depth, from the root (the empty board) down.

    Raises
    ------
    SizeTooLargeError
        N is beyond what the algorithm searches in reasonable time.

    Examples
    --------
    >>> [level.nodes for level in levels(8)]
    [1, 8, 42, 140, 344, 568, 550, 312, 92]
    """
    n = _check_limits(n, algorithm, None, solutions)
    if solutions is None:
        whole = shape(get_algorithm(algorithm).watch.tree, n)
        return [
            Level(depth, nodes, dead, whole.solutions if depth == n else 0)
            for depth, (nodes, dead) in enumerate(zip(whole.nodes, whole.dead_ends, strict=True))
            if nodes  # no depth below the deepest node (N = 2, 3: no board of N queens)
        ]
    tally = _Tally()
    tally.add(0, "root")
    has_child = [False]  # along the current path: has this node had a child yet?
    solved = False
    found = 0
    for event in walk(n, algorithm).events():
        if isinstance(event, Place):
            has_child[-1] = True
            has_child.append(False)
            solved = False
        elif isinstance(event, Remove):
            depth = len(has_child) - 1
            had_child = has_child.pop()
            tally.add(depth, "solution" if solved else "inner" if had_child else "dead end")
            solved = False
        elif isinstance(event, Solution):
            solved = True
            found += 1
            if solutions is not None and found >= solutions:
                break
    # Nodes still on the path when the search stopped early: a solution and its ancestors.
    last = len(has_child) - 1
    for depth in range(last, 0, -1):
        on_path = "solution" if solved and depth == last else "inner"
        tally.add(depth, on_path if has_child[depth] or on_path == "solution" else "dead end")
    return tally.levels()
