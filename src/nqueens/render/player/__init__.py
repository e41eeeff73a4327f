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
from typing import TYPE_CHECKING, Any

from nqueens.placement import Placement
from nqueens.render.colours import (
    ATTACK_COLOURS,
    ATTACK_LEGEND,
    STATE_CELL,
    STATE_FILLED,
    STATE_READ,
    attack_legend,
)
from nqueens.render.frames import attack_path
from nqueens.search.events import Event, Place, Reject, Remove, Solution
from nqueens.search.state import State

if TYPE_CHECKING:
    from nqueens.variants.rules import Rules

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

    Rows are [kind, row, col] (a rejection adds the attacker's row and col, and on a
    variant's board the points of the line between them, x1 y1 x2 y2 per segment);
    `capped` says the search went on beyond `max_steps`. `rules` are a variant's, whose
    search this is (None: the classic board). `states` hold the algorithm's state after
    each event (`_state`), when its events carry one, and `code` the source they name:
    (first line number, lines).
    """

    n: int
    algorithm: str
    max_steps: int
    events: list[list[float]] = field(default_factory=list)
    solutions: list[dict[str, object]] = field(default_factory=list)
    capped: bool = False
    rules: Rules | None = None
    states: list[list[object]] = field(default_factory=list)
    cells: dict[str, int] = field(default_factory=dict)
    notes: dict[str, int] = field(default_factory=dict)
    code: tuple[int, list[str]] | None = None

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "n": self.n,
            "algorithm": self.algorithm,
            "maxSteps": self.max_steps,
            "capped": self.capped,
            "events": self.events,
            "solutions": self.solutions,
        }
        if self.rules is not None:
            data["rules"] = rules_table(self.rules)
        if self.states:
            data["states"] = self.states
            data["cells"] = [json.loads(row) for row in self.cells]
            data["notes"] = list(self.notes)
        if self.code is not None:
            data["code"] = {"first": self.code[0], "lines": self.code[1]}
        return json.dumps(data, separators=(",", ":"))


def _state(state: State, recording: Recording) -> list[object]:
    """A state as the page reads it: [line, depth, [[cells, read, filled, note], ...]],
    `cells` an index in the recording's `cells` table ([name, cells], the cells as one
    string when each is one character, as flags and masks are) and `note` one in its
    `notes`. Steps repeat most rows of cells and most notes, so a long recording holds
    each once."""
    rows = []
    for s in state.structures:
        cells: object = "".join(s.cells) if all(len(c) == 1 for c in s.cells) else s.cells
        key = json.dumps([s.name, cells], separators=(",", ":"))
        row = recording.cells.setdefault(key, len(recording.cells))
        note = recording.notes.setdefault(s.note, len(recording.notes))
        rows.append([row, s.read, s.filled, note])
    return [state.line, state.depth, rows]


def rules_table(rules: Rules) -> dict[str, object]:
    """A variant's rules as the page reads them, so that its script never restates them:
    `attacks[a * n * n + b]` is 0 when a queen on square a (row * n + col) leaves square
    b alone, else 1 + the index in `words` (how, in words, as `Rules.attack` says) and in
    `kinds` (line, wrap or knight, as `Rules.attack_kind` says)."""
    n = rules.rows
    squares = [(r, c) for r in range(n) for c in range(n)]
    words: list[str] = []
    kinds: list[str] = []
    attacks: list[int] = []
    for a in squares:
        for b in squares:
            how = rules.attack(a, b) if a != b else None
            if how is None:
                attacks.append(0)
                continue
            if how not in words:
                words.append(how)
                kinds.append(rules.attack_kind(a, b) or "line")
            attacks.append(words.index(how) + 1)
    return {"variant": rules.variant, "words": words, "kinds": kinds, "attacks": attacks}


def _row(event: Event, rules: Rules | None = None) -> list[float]:
    if isinstance(event, Place):
        return [PLACE, event.row, event.col]
    if isinstance(event, Reject):
        row: list[float] = [REJECT, event.row, event.col, *event.attacker]
        if rules is not None:
            square = (event.row, event.col)
            kind = rules.attack_kind(event.attacker, square) or "line"
            for start, end in attack_path(event.attacker, square, rules.rows, kind):
                row += [*start, *end]
        return row
    if isinstance(event, Remove):
        return [REMOVE, event.row, event.col]
    return [SOLUTION, event.placement.n - 1, event.placement.cols[-1]]


def record(
    events: Iterable[Event],
    n: int,
    algorithm: str,
    max_steps: int,
    rules: Rules | None = None,
    code: tuple[int, list[str]] | None = None,
) -> Recording:
    """Write down the first `max_steps` events of a search (a variant's, with `rules`),
    with the state each event carries and the `code` its lines refer to."""
    recording = Recording(n, algorithm, max_steps, rules=rules, code=code)
    for event in events:
        if len(recording.events) >= max_steps:
            recording.capped = True
            break
        recording.events.append(_row(event, rules))
        if event.state is not None:
            recording.states.append(_state(event.state, recording))
        if isinstance(event, Solution):
            recording.solutions.append(
                {"step": len(recording.events), "cols": list(event.placement.cols)}
            )
    return recording


def _events(recording: Recording) -> Iterator[Event]:
    """The recorded rows as events again (the inverse of `_row`), for the tree."""
    cols: list[int] = []
    for kind, row, col, *attacker in (map(int, e[:5]) for e in recording.events):
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
    """The SVG tree of the recorded search, cut at a depth when it has too many nodes; a
    small tree's icicle turned sideways, so that its labels keep their size in the panel."""
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
    return str(tree_svg(found, narrow=True))


def _variant_style() -> str:
    """The shadings of a variant's own attacks, from the colours every picture uses."""
    return "".join(
        f"#board .light.attacked.{kind} {{ fill: {light}; }} "
        f"#board .dark.attacked.{kind} {{ fill: {dark}; }}\n"
        for kind, (light, dark) in ATTACK_COLOURS.items()
        if kind != "line"
    )


def _state_style() -> str:
    """The state panel's colours, from the ones the film and the window use."""
    return (
        f"#state .cell {{ border-color: {STATE_CELL}; }} "
        f"#state .cell.filled {{ background: {STATE_FILLED}; border-color: {STATE_FILLED}; }} "
        f"#state .cell.read {{ outline-color: {STATE_READ}; }} "
        f"#state .structure-note {{ color: {STATE_READ}; }}\n"
    )


def _legend(rules: Rules | None) -> str:
    """What each shading means, under a variant's board (nothing on the classic board)."""
    kinds = attack_legend(rules.wrap, rules.knight) if rules is not None else []
    items = "".join(
        f'<span class="legend-item" data-kind="{kind}"><span class="swatch" '
        f'style="background:{ATTACK_COLOURS[kind][0]}"></span>{html.escape(ATTACK_LEGEND[kind])}'
        "</span>"
        for kind in kinds
    )
    return f'<p id="legend" class="legend">{items}</p>' if items else ""


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def page(
    recording: Recording, queen_path: str, title: str | None = None, *, learn: bool = False
) -> str:
    """The player page for `recording`; `queen_path` is the SVG path of the queen glyph.

    `learn` opens the page in the learner mode (a button switches at any time). A
    variant's page shades its own attacks apart, says which is which under the board,
    and has no learner mode (the learner's search follows the classic rules).
    """
    title = title or f"{recording.n} queens: {recording.algorithm} search"
    # JSON inside <script> must not close the element early.
    data = recording.to_json().replace("</", "<\\/")
    return (
        _asset("player.html")
        .replace("{{TITLE}}", html.escape(title))
        .replace("{{STYLE}}", _asset("player.css") + _variant_style() + _state_style())
        .replace("{{LEGEND}}", _legend(recording.rules))
        .replace("{{SCRIPT}}", "\n".join(_asset(f) for f in SCRIPTS))
        .replace("{{TREE}}", tree_of(recording))
        .replace("{{MODE}}", "learn" if learn else "watch")
        .replace("{{QUEEN_PATH}}", html.escape(queen_path))
        .replace("{{DATA}}", data)
    )
