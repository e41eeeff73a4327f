"""The interactive player: one self-contained HTML page that replays a recorded search.

The search runs here, in Python, and its events are written into the page as JSON; the
page's script (player.js) steps through them forwards and backwards with the same rules
as `Replay`, beside the search tree drawn from the same events. The learner mode
(learner.js) lets a student place queens, guided by the page's own bitboard search
(search.js). Everything is inlined (style, scripts, the queen glyph, the tree), so the
page works offline, from a file, attached to an e-mail or inside a notebook.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib import resources

from nqueens.placement import Placement
from nqueens.search.events import Event, Place, Reject, Remove, Solution

__all__ = [
    "PAGE_TREE_NODES",
    "PLACE",
    "REJECT",
    "REMOVE",
    "SOLUTION",
    "Recording",
    "page",
    "record",
]

SCRIPTS = ("search.js", "player.js", "learner.js")  # one <script>, in this order
PAGE_TREE_NODES = 4_000  # more, and the page's tree is cut at the deepest depth that fits

PLACE, REJECT, REMOVE, SOLUTION = 0, 1, 2, 3


@dataclass
class Recording:
    """A search written down as compact event rows, at most `max_steps` of them.

    Rows are [kind, row, col] (a rejection adds the attacker's row and col); `capped`
    says the search went on beyond `max_steps`.
    """

    n: int
    algorithm: str
    max_steps: int
    events: list[list[int]] = field(default_factory=list)
    solutions: list[dict[str, object]] = field(default_factory=list)
    capped: bool = False

    def to_json(self) -> str:
        return json.dumps(
            {
                "n": self.n,
                "algorithm": self.algorithm,
                "maxSteps": self.max_steps,
                "capped": self.capped,
                "events": self.events,
                "solutions": self.solutions,
            },
            separators=(",", ":"),
        )


def _row(event: Event) -> list[int]:
    if isinstance(event, Place):
        return [PLACE, event.row, event.col]
    if isinstance(event, Reject):
        return [REJECT, event.row, event.col, *event.attacker]
    if isinstance(event, Remove):
        return [REMOVE, event.row, event.col]
    return [SOLUTION, event.placement.n - 1, event.placement.cols[-1]]


def record(events: Iterable[Event], n: int, algorithm: str, max_steps: int) -> Recording:
    """Write down the first `max_steps` events of a search."""
    recording = Recording(n, algorithm, max_steps)
    for event in events:
        if len(recording.events) >= max_steps:
            recording.capped = True
            break
        recording.events.append(_row(event))
        if isinstance(event, Solution):
            recording.solutions.append(
                {"step": len(recording.events), "cols": list(event.placement.cols)}
            )
    return recording


def _events(recording: Recording) -> Iterator[Event]:
    """The recorded rows as events again (the inverse of `_row`), for the tree."""
    cols: list[int] = []
    for kind, row, col, *attacker in recording.events:
        if kind == PLACE:
            cols.append(col)
            yield Place(row, col)
        elif kind == REMOVE:
            cols.pop()
            yield Remove(row, col)
        elif kind == REJECT:
            yield Reject(row, col, (attacker[0], attacker[1]))
        else:
            yield Solution(Placement(tuple(cols)))


def tree_of(recording: Recording) -> str:
    """The SVG tree of the recorded search, cut at a depth when it has too many nodes."""
    from nqueens.render.tree import tree_svg
    from nqueens.search_tree import SearchTree, build_tree

    root, _ = build_tree(_events(recording))
    depth = None
    counts = SearchTree(recording.n, recording.algorithm, root).levels()
    if sum(level.nodes for level in counts) > PAGE_TREE_NODES:
        depth, kept = 0, 0
        while depth + 1 < len(counts) and kept + counts[depth + 1].nodes <= PAGE_TREE_NODES:
            depth += 1
            kept += counts[depth].nodes
        root, _ = build_tree(_events(recording), depth=depth)
    found = SearchTree(
        recording.n, recording.algorithm, root, depth=depth, complete=not recording.capped
    )
    return str(tree_svg(found))


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def page(
    recording: Recording, queen_path: str, title: str | None = None, *, learn: bool = False
) -> str:
    """The player page for `recording`; `queen_path` is the SVG path of the queen glyph.

    `learn` opens the page in the learner mode (a button switches at any time).
    """
    title = title or f"{recording.n} queens: {recording.algorithm} search"
    # JSON inside <script> must not close the element early.
    data = recording.to_json().replace("</", "<\\/")
    return (
        _asset("player.html")
        .replace("{{TITLE}}", html.escape(title))
        .replace("{{STYLE}}", _asset("player.css"))
        .replace("{{SCRIPT}}", "\n".join(_asset(f) for f in SCRIPTS))
        .replace("{{TREE}}", tree_of(recording))
        .replace("{{MODE}}", "learn" if learn else "watch")
        .replace("{{QUEEN_PATH}}", html.escape(queen_path))
        .replace("{{DATA}}", data)
    )
