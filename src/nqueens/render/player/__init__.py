"""The interactive player: one self-contained HTML page that replays a recorded search.

The search runs here, in Python, and its events are written into the page; the page's
script (player.js) steps through them forwards and backwards with the same rules as
`Replay`, beside the search tree drawn from the same events. The learner mode
(learner.js) lets a student place queens, guided by the page's own bitboard search
(search.js). Everything is inlined (style, scripts, the queen glyph, the tree), so the
page works offline, from a file, attached to an e-mail or inside a notebook.

What would give the answers away (the recorded steps, their states, the solutions and
the tree) is sealed: compressed and base64-encoded, opened by the script only when the
watch mode or the prediction exercise needs it. So a learner reads no solution in the
page's source or DOM before finding it, or choosing to watch the search.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from string import Template
from typing import TYPE_CHECKING, Any

from nqueens.i18n import N_, _, asset_messages, current_language, translate_template
from nqueens.messages import one_based_note
from nqueens.render.colours import (
    ATTACK_COLOURS,
    ATTACK_LEGEND,
    ATTACK_MARK,
    ATTACK_MARK_RADIUS,
    BOARD_MARKS,
    MARK_LEGEND,
    PAGE_THEMES,
    TREE_FILL,
    TREE_INK,
    attack_legend,
)
from nqueens.render.frames import attack_path
from nqueens.search.events import TESTED, TRIED, UNUSED, Event, Place, Reject, Remove, Solution
from nqueens.search.state import State

if TYPE_CHECKING:
    from nqueens.variants.rules import Rules

__all__ = [
    "PLACE",
    "REJECT",
    "REMOVE",
    "SOLUTION",
    "Recording",
    "page",
    "record",
    "seal",
    "unseal",
]

SCRIPTS = ("search.js", "player.js", "learner.js", "exercises.js")  # one <script>, in order

PLACE, REJECT, REMOVE, SOLUTION = 0, 1, 2, 3
EXHAUSTED = (TESTED, TRIED, UNUSED)
"""A removal's fourth number, as player.js reads it: how the row below was used up."""

TEST_ORDERS = {"board": "rows", "col": "lines", "taken": "masks"}
"""How the learner names the test a square fails, by the structure the recorded algorithm
keeps: a check function compares the earlier queens from the top (`board[r]`), the flag
arrays test col, up, down in turn, the bitboard's masks taken, left, right; so the learner
names the queen and the cell the algorithm's own first failing test names."""


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

    def add(self, event: Event) -> None:
        """Write down one more event, with its state."""
        self.events.append(_row(event, self.tests, self.rules))
        if event.state is not None:
            self.states.append(_state(event.state, self))
        if isinstance(event, Solution):
            self.solutions.append({"step": len(self.events), "cols": list(event.placement.cols)})

    @property
    def test_order(self) -> str:
        """How the recorded algorithm tests a square (`TEST_ORDERS`); "lines" when its
        state does not say."""
        names = {json.loads(key)[0] for key in self.cells}
        return next((order for name, order in TEST_ORDERS.items() if name in names), "lines")

    def header(self) -> dict[str, Any]:
        """What the page may show before anything is found: the board, the code."""
        data: dict[str, Any] = {
            "n": self.n,
            "algorithm": self.algorithm,
            "maxSteps": self.max_steps,
            "capped": self.capped,
            "testOrder": self.test_order,
        }
        if self.rules is not None:
            data["rules"] = rules_table(self.rules)
        if self.code is not None:
            data["code"] = [list(line) for line in self.code]
        return data

    def sealed(self) -> dict[str, Any]:
        """What gives the answers away: the steps, their states, the solutions."""
        data: dict[str, Any] = {
            "events": self.events,
            "solutions": self.solutions,
            "tests": list(self.tests),
        }
        if self.states:
            data["states"] = self.states
            data["cells"] = [json.loads(row) for row in self.cells]
            data["notes"] = list(self.notes)
        return data


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
    if isinstance(event, Remove):  # how the row below was used up, where not tested
        exhausted = EXHAUSTED.index(event.exhausted)
        return [REMOVE, event.row, event.col, *([exhausted] if exhausted else [])]
    return [SOLUTION, event.placement.n - 1, event.placement.cols[-1]]


def recorded(events: Iterable[Event], recording: Recording) -> Iterator[Event]:
    """The events, each written down into `recording` as it passes, up to its
    `max_steps` (then `capped`): so one run of the search fills the page's rows and
    whatever else consumes the same events (the page's tree)."""
    for event in events:
        if len(recording.events) >= recording.max_steps:
            recording.capped = True
            return
        recording.add(event)
        yield event


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
    for _event in recorded(events, recording):
        pass
    return recording


def seal(data: object) -> str:
    """JSON, gzip-compressed and base64-encoded: what the page opens only when asked
    (`DecompressionStream("gzip")`), unreadable in its source until then."""
    text = json.dumps(data, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(text, mtime=0)).decode("ascii")


def unseal(text: str) -> Any:
    """What `seal` sealed (for tests, and for anyone reading a page's recording back)."""
    return json.loads(gzip.decompress(base64.b64decode(text)))


def _colour_style() -> str:
    """The page's colours, from the palette every picture uses (render/colours.py), as
    the custom properties player.css reads: the board's marks, and a light and a dark
    theme for the page around it (the board keeps its colours in both)."""

    def properties(colours: dict[str, str]) -> str:
        return " ".join(f"--{name}: {value};" for name, value in colours.items())

    light, dark = PAGE_THEMES["light"], PAGE_THEMES["dark"]
    tree = {f"tree-{kind.replace(' ', '-')}": fill for kind, fill in TREE_FILL.items()}
    board = {**BOARD_MARKS, **tree, "tree-ink": TREE_INK}
    return (
        f":root {{ {properties(board)} {properties(light)} }}\n"
        f"@media (prefers-color-scheme: dark) {{ :root {{ {properties(dark)} }} }}\n"
    )


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


MARK_ICONS = {
    "dot": '<circle class="mark-dot" cx="0.5" cy="0.5" r="0.16"/>',
    "cross": '<g class="mark-cross"><line x1="0.22" y1="0.22" x2="0.78" y2="0.78"/>'
    '<line x1="0.78" y1="0.22" x2="0.22" y2="0.78"/></g>',
    "ring": '<circle class="mark-ring" cx="0.5" cy="0.5" r="0.38"/>',
    "frame": '<rect class="mark-frame" x="0.06" y="0.2" width="0.88" height="0.6"/>',
    "conflict": '<circle class="mark-conflict" cx="0.5" cy="0.5" r="0.38"/>',
    "given": '<use href="#queen-glyph" class="mark-given" '
    'transform="translate(0.1 0.1) scale(0.8)"/>',
}
"""Each mark of the legend drawn as the board draws it, on a square of its own."""
LEARNER_MARKS = {
    "conflict": N_("queens attacking each other"),
    "given": N_("placed by the page, not by you"),
}
"""The learner's own marks; the others are the board's (`MARK_LEGEND`), which the
learner draws only the dot of."""


def _marks() -> str:
    """The legend of the board's marks: each drawn beside its words, those of the
    recorded search in the watch modes, the learner's in the learner mode."""
    items = [
        (mark, words, "learn-only" if mark in LEARNER_MARKS else "watch-only")
        for mark, words in (*MARK_LEGEND.items(), *LEARNER_MARKS.items())
    ]
    items[0] = ("dot", MARK_LEGEND["dot"], "")  # the dot means the same in every mode
    return (
        '<ul id="marks" class="marks">'
        + "".join(
            f'<li data-mark="{mark}" class="{shown}"><svg viewBox="0 0 1 1" aria-hidden="true">'
            f'<rect class="swatch-square" width="1" height="1"/>{MARK_ICONS[mark]}</svg>'
            f"{html.escape(_(words))}</li>"
            for mark, words, shown in items
        )
        + "</ul>"
    )


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _in_script(text: str) -> str:
    """Text inside a <script> element: nothing in it may close the element early."""
    return text.replace("</", "<\\/")


def page(
    recording: Recording,
    tree: str,
    queen_path: str,
    title: str,
    *,
    learn: bool = False,
    base: int = 0,
    alone: bool = False,
) -> str:
    """The player page for `recording`, beside its search `tree` (SVG); `queen_path` is
    the SVG path of the queen glyph. Rows and columns are numbered from `base` (the
    code's cells keep the code's indices, as a note on the page says when `base` is 1).

    `learn` opens the page in the learner mode (a button switches at any time); `alone`
    makes it the learner alone, for a class: no recording sealed in it, no other mode,
    no "give up". A variant's page shades its own attacks apart, says which is which
    under the board, and has no learner mode (the learner's search follows the classic
    rules).
    """
    scripts = [_asset(f) for f in SCRIPTS]
    messages = json.dumps(asset_messages(scripts), ensure_ascii=False)
    sealed = "" if alone else seal({**recording.sealed(), "tree": tree})

    def escape(text: str) -> str:  # a translation is text in the page, never a field
        return html.escape(text).replace("$", "$$")

    return Template(translate_template(_asset("player.html"), escape)).substitute(
        lang=current_language(),
        title=html.escape(title),
        style=_colour_style() + _asset("player.css"),
        patterns=_patterns(),
        legend=_legend(recording.rules),
        marks=_marks(),
        script="\n".join(scripts),
        mode="learn" if learn or alone else "watch",
        learn_only=" data-learn-only" if alone else "",
        queen_path=html.escape(queen_path),
        data=_in_script(
            json.dumps(
                {**recording.header(), "base": base, "learnOnly": alone}, separators=(",", ":")
            )
        ),
        one_based=f'<p id="one-based" class="note">{html.escape(one_based_note())}</p>'
        if base
        else "",
        sealed=sealed,
        messages=_in_script(messages),
    )
