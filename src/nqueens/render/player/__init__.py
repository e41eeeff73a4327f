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

from nqueens.i18n import _, asset_messages, current_language, translate_template
from nqueens.placement import Placement
from nqueens.render.colours import (
    ATTACK_COLOURS,
    ATTACK_LEGEND,
    ATTACK_MARK,
    ATTACK_MARK_RADIUS,
    CURRENT_ROW,
    DARK,
    LABEL,
    LIGHT,
    QUEEN,
    SOLUTION_DARK,
    SOLUTION_LIGHT,
    STATE_CELL,
    STATE_FILLED,
    STATE_READ,
    attack_legend,
)
from nqueens.render.colours import REJECT as REJECT_COLOUR
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

SCRIPTS = ("search.js", "player.js", "learner.js", "exercises.js")  # one <script>, in order
PAGE_TREE_NODES = 4_000  # more, and the page's tree is cut at the deepest depth that fits

PLACE, REJECT, REMOVE, SOLUTION = 0, 1, 2, 3


@dataclass
class Recording:
    """A search written down as compact event rows, at most `max_steps` of them.

    Rows are [kind, row, col] (a rejection adds the attacker's row and col, the index
    of its test in `tests` or -1, and on a variant's board the points of the line
    between them, x1 y1 x2 y2 per segment); `capped` says the search went on beyond
    `max_steps`. `rules` are a variant's, whose search this is (None: the classic
    board). `states` hold the algorithm's state after each event (`_state`), when its
    events carry one, and `code` the listing they name: (line number, text) per line.
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
    tests: dict[str, int] = field(default_factory=dict)
    code: list[tuple[int, str]] | None = None

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "n": self.n,
            "algorithm": self.algorithm,
            "maxSteps": self.max_steps,
            "capped": self.capped,
            "events": self.events,
            "solutions": self.solutions,
            "tests": list(self.tests),
        }
        if self.rules is not None:
            data["rules"] = rules_table(self.rules)
        if self.states:
            data["states"] = self.states
            data["cells"] = [json.loads(row) for row in self.cells]
            data["notes"] = list(self.notes)
        if self.code is not None:
            data["code"] = [list(line) for line in self.code]
        return json.dumps(data, separators=(",", ":"))


def _state(state: State, recording: Recording) -> list[object]:
    """A state as the page reads it: [line, depth, [[cells, read, filled, note, hit],
    ...], legend], `cells` an index in the recording's `cells` table ([name, cells,
    indices], the cells as one string when each is one character, as flags and masks
    are; indices empty when they count from 0) and `note` and `legend` indices in its
    `notes`. Steps repeat most rows of cells and most notes, so a long recording holds
    each once."""
    rows = []
    for s in state.structures:
        cells: object = "".join(s.cells) if all(len(c) == 1 for c in s.cells) else s.cells
        key = json.dumps([s.name, cells, s.indices], separators=(",", ":"))
        row = recording.cells.setdefault(key, len(recording.cells))
        note = recording.notes.setdefault(s.note, len(recording.notes))
        rows.append([row, s.read, s.filled, note, s.hit])
    legend = recording.notes.setdefault(state.legend, len(recording.notes))
    return [state.line, state.depth, rows, legend]


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
    said = [_(how) for how in words]
    return {"variant": rules.variant, "words": said, "kinds": kinds, "attacks": attacks}


def _row(event: Event, tests: dict[str, int], rules: Rules | None = None) -> list[float]:
    if isinstance(event, Place):
        return [PLACE, event.row, event.col]
    if isinstance(event, Reject):
        test = tests.setdefault(event.test, len(tests)) if event.test else -1
        row: list[float] = [REJECT, event.row, event.col, *event.attacker, test]
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
    code: list[tuple[int, str]] | None = None,
) -> Recording:
    """Write down the first `max_steps` events of a search (a variant's, with `rules`),
    with the state each event carries and the `code` its lines refer to."""
    recording = Recording(n, algorithm, max_steps, rules=rules, code=code)
    for event in events:
        if len(recording.events) >= max_steps:
            recording.capped = True
            break
        recording.events.append(_row(event, recording.tests, rules))
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
    tests = list(recording.tests)
    for kind, row, col, *attacker in (map(int, e[:6]) for e in recording.events):
        if kind == PLACE:
            cols.append(col)
            yield Place(row, col)
        elif kind == REMOVE:
            cols.pop()
            yield Remove(row, col)
        elif kind == REJECT:
            test = tests[attacker[2]] if attacker[2] >= 0 else ""
            yield Reject(row, col, (attacker[0], attacker[1]), test)
        else:
            yield Solution(Placement(tuple(cols)))


def tree_of(recording: Recording) -> str:
    """The SVG tree of the recorded search, cut at a depth when it has too many nodes; a
    small tree's icicle turned sideways, so that its labels keep their size in the panel."""
    from nqueens.render.tree import tree_svg
    from nqueens.search_tree import SearchTree, build_tree

    root, _levels = build_tree(_events(recording))
    depth = None
    counts = SearchTree(recording.n, recording.algorithm, root).levels()
    if sum(level.nodes for level in counts) > PAGE_TREE_NODES:
        depth, kept = 0, 0
        while depth + 1 < len(counts) and kept + counts[depth + 1].nodes <= PAGE_TREE_NODES:
            depth += 1
            kept += counts[depth].nodes
        root, _levels = build_tree(_events(recording), depth=depth)
    found = SearchTree(
        recording.n, recording.algorithm, root, depth=depth, complete=not recording.capped
    )
    return str(tree_svg(found, narrow=True))


def _colour_style() -> str:
    """The page's colours, from the ones every picture uses (render/colours.py), as the
    custom properties player.css reads: the squares, the state panel, the marks of a
    rejection and of the current row, a locked leaf of the tree."""
    from nqueens.render.tree import LOCKED_LEAF

    colours = {
        "light": LIGHT,
        "dark": DARK,
        "solved-light": SOLUTION_LIGHT,
        "solved-dark": SOLUTION_DARK,
        "reject": REJECT_COLOUR,
        "ink": QUEEN,
        "label": LABEL,
        "current-row": CURRENT_ROW,
        "locked-leaf": LOCKED_LEAF,
        "state-cell": STATE_CELL,
        "state-filled": STATE_FILLED,
        "state-read": STATE_READ,
    }
    return ":root { " + " ".join(f"--{name}: {value};" for name, value in colours.items()) + " }\n"


def _patterns() -> str:
    """The fill of each attacked square, one per shade: the shade and a dot in the middle
    (board units: a square is 1 x 1, so the tiles fall on the squares)."""
    r = ATTACK_MARK_RADIUS
    return "".join(
        f'<pattern id="attacked-{kind}-{tone}" class="attack-pattern" width="1" height="1" '
        f'patternUnits="userSpaceOnUse"><rect class="shade" width="1" height="1" '
        f'fill="{colour}"/><circle class="mark" cx="0.5" cy="0.5" r="{r}" '
        f'fill="{ATTACK_MARK}"/></pattern>'
        for kind, shades in ATTACK_COLOURS.items()
        for tone, colour in zip(("light", "dark"), shades, strict=True)
    )


def _legend(rules: Rules | None) -> str:
    """What each shading means, under a variant's board (nothing on the classic board)."""
    kinds = attack_legend(rules.wrap, rules.knight) if rules is not None else []
    items = "".join(
        f'<span class="legend-item" data-kind="{kind}"><span class="swatch" '
        f'style="background:{ATTACK_COLOURS[kind][0]}"></span>{html.escape(_(ATTACK_LEGEND[kind]))}'
        "</span>"
        for kind in kinds
    )
    return f'<p id="legend" class="legend">{items}</p>' if items else ""


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def page(recording: Recording, queen_path: str, title: str, *, learn: bool = False) -> str:
    """The player page for `recording`; `queen_path` is the SVG path of the queen glyph.

    `learn` opens the page in the learner mode (a button switches at any time). A
    variant's page shades its own attacks apart, says which is which under the board,
    and has no learner mode (the learner's search follows the classic rules).
    """
    scripts = [_asset(f) for f in SCRIPTS]
    messages = json.dumps(asset_messages(scripts), ensure_ascii=False)
    # JSON inside <script> must not close the element early.
    data = recording.to_json().replace("</", "<\\/")
    return (
        translate_template(_asset("player.html"), html.escape)
        .replace("{{LANG}}", current_language())
        .replace("{{TITLE}}", html.escape(title))
        .replace("{{STYLE}}", _colour_style() + _asset("player.css"))
        .replace("{{PATTERNS}}", _patterns())
        .replace("{{LEGEND}}", _legend(recording.rules))
        .replace("{{SCRIPT}}", "\n".join(scripts))
        .replace("{{TREE}}", tree_of(recording))
        .replace("{{MODE}}", "learn" if learn else "watch")
        .replace("{{QUEEN_PATH}}", html.escape(queen_path))
        .replace("{{DATA}}", data)
        .replace("{{MESSAGES}}", messages.replace("</", "<\\/"))
    )
