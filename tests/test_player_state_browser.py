"""The player's state and code panels in a real headless Chromium: at random steps, the
structures the page shows equal those worked out from the queens on its board, and the
marked line of code is the one the step's event recorded."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nqueens
from nqueens.render.player import REJECT, SOLUTION
from nqueens.render.trace import describe
from nqueens.search import ALGORITHMS
from nqueens.search.replay import Replay
from tests.naive import naive_first_test, naive_state
from tests.pages import Opened
from tests.teaching_steps import FLAGS, PRODUCED_BY, REJECTING

pytestmark = pytest.mark.browser

KINDS = {0: "Place", 1: "Reject", 2: "Remove", 3: "Solution"}
EVENT_TYPES = {name: kind for kind, name in zip(PRODUCED_BY["flags"], KINDS.values(), strict=True)}


@pytest.fixture(scope="module")
def pages(browser: object, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """One page per (algorithm, N), loaded once: (page, recording)."""
    opened: dict[tuple[str, int], tuple[object, object]] = {}
    opener = Opened(browser)
    folder = tmp_path_factory.mktemp("players")

    def load(algorithm: str, n: int) -> tuple[object, object]:
        if (algorithm, n) not in opened:
            path = folder / f"{algorithm}-{n}.html"
            player = nqueens.play(n, algorithm, out=path, max_steps=2000)
            opened[algorithm, n] = (opener(path, viewport=(1480, 1000)), player.recording)
        return opened[algorithm, n]

    yield load
    opener.close()


def go_to(page: object, step: int) -> None:
    page.evaluate(  # type: ignore[attr-defined]
        """(step) => { const s = document.getElementById("scrubber");
        s.value = step; s.dispatchEvent(new Event("input")); }""",
        step,
    )


def shown(page: object) -> dict[str, dict[str, list[object]]]:
    return page.evaluate(  # type: ignore[attr-defined,no-any-return]
        """() => {
        const indices = (row, s) => Array.from(row.querySelectorAll(s), (c) => +c.dataset.index);
        return Object.fromEntries(Array.from(document.querySelectorAll("#state .structure"))
        .map((row) => [row.dataset.name, {
            cells: Array.from(row.querySelectorAll(".cell"), (c) => c.textContent),
            indices: indices(row, ".cell"),
            read: indices(row, ".cell.read"),
            filled: indices(row, ".cell.filled"),
            hit: indices(row, ".cell.hit"),
            note: row.querySelector(".structure-note").textContent }])); }"""
    )


def red_line(page: object) -> list[float]:
    """The attack line drawn on the board: x1 y1 x2 y2 in squares, centres at .5."""
    return page.evaluate(  # type: ignore[attr-defined,no-any-return]
        """() => { const l = document.querySelector("#board line.attack-line[visibility=visible]");
        return ["x1", "y1", "x2", "y2"].map((a) => Number(l.getAttribute(a))); }"""
    )


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    algorithm=st.sampled_from(sorted(ALGORITHMS)),
    n=st.integers(4, 7),
    where=st.floats(0, 1),
)
def test_the_state_panel_shows_the_structures_of_the_queens_on_the_board(
    pages: object, algorithm: str, n: int, where: float
) -> None:
    page, recording = pages(algorithm, n)  # type: ignore[operator]
    events = recording.events
    step = 1 + int(where * (len(events) - 1))
    go_to(page, step)
    cols = page.get_attribute("#board", "data-cols")  # type: ignore[attr-defined]
    queens = [int(c) for c in cols.split()] if cols else []
    kind, row, col, *attacker = (int(x) for x in events[step - 1][:5])
    checks = sum(e[0] in (REJECT, SOLUTION) for e in events[:step])
    want = naive_state(algorithm, n, queens, KINDS[kind], (row, col), checks)
    got = shown(page)
    assert {name: s["cells"] for name, s in got.items()} == want
    for name, s in got.items():
        if name in FLAGS:
            ones = [s["indices"][i] for i, v in enumerate(s["cells"]) if v == "1"]
            assert sorted(s["filled"]) == sorted(ones)
        if name in ("taken", "left", "right", "free"):  # bit i under column i, no mirror
            assert s["indices"] == list(range(n))
    if kind == REJECT:  # the cell whose test failed, and no other, is the hit
        above = queens if len(queens) == n else queens[:row]
        _queen, test = naive_first_test(algorithm, n, above, (row, col))
        name, index = test.split("[")[0], int(test.split("[")[1].split("]")[0])
        assert {k: s["hit"] for k, s in got.items() if s["hit"]} == {name: [index]}
    if algorithm.startswith("flags") and kind not in (SOLUTION, REJECT):
        assert got["col"]["read"] == [col]
        assert got["up"]["read"] == [row + col]
        assert got["down"]["read"] == [row - col + n - 1]
        assert got["up"]["note"] == f"up[a+b] = up[{row}+{col}] = up[{row + col}]"
    if algorithm == "backtracking" and kind == REJECT:
        assert got["board"]["hit"] == [attacker[0]]
        assert got["board"]["read"] == list(range(attacker[0] + 1))

    # The marked line: the one this step's event recorded, and the statement that makes
    # such a step in this algorithm.
    line, depth, _parts, _legend = recording.states[step - 1]
    marked = page.locator("#code .line.current")  # type: ignore[attr-defined]
    assert marked.count() == 1
    assert int(marked.get_attribute("data-line")) == line
    listed = dict(ALGORITHMS[algorithm].source())
    text = marked.inner_text().removeprefix(str(line)).strip()
    assert text == listed[line].strip()
    assert text in PRODUCED_BY[algorithm][EVENT_TYPES[KINDS[kind]]]
    assert page.get_attribute("#depth", "data-depth") == str(depth)  # type: ignore[attr-defined]


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(algorithm=st.sampled_from(REJECTING), n=st.integers(4, 7), data=st.data())
def test_a_rejection_names_the_first_test_that_failed_on_the_page(
    pages: object, algorithm: str, n: int, data: st.DataObject
) -> None:
    """At a random rejection, the caption names the test the code made first that failed,
    and its cell; the red line runs from the queen on that test's line, which is ringed;
    the caption is the very sentence the trace, the film and the window say."""
    page, recording = pages(algorithm, n)  # type: ignore[operator]
    rejections = [i + 1 for i, e in enumerate(recording.events) if e[0] == REJECT]
    step = data.draw(st.sampled_from(rejections))
    go_to(page, step)
    cols = page.get_attribute("#board", "data-cols")  # type: ignore[attr-defined]
    queens = [int(c) for c in cols.split()] if cols else []
    _kind, row, col, *_rest = (int(x) for x in recording.events[step - 1][:5])
    above = queens if len(queens) == n else queens[:row]
    (by_row, by_col), test = naive_first_test(algorithm, n, above, (row, col))
    if by_col == col:
        why = "same column"
    elif (row - by_row) * (col - by_col) > 0:
        why = "same diagonal, falling to the right"
    else:
        why = "same diagonal, rising to the right"
    said = (
        f"attacked row {row}, col {col} by the queen on row {by_row}, col {by_col} ({why}, {test})"
    )
    assert page.inner_text("#caption").split(" \u2014 ")[0] == said  # type: ignore[attr-defined]
    assert red_line(page) == [by_col + 0.5, by_row + 0.5, col + 0.5, row + 0.5]
    ring = page.locator("#board circle.attacker-ring")  # type: ignore[attr-defined]
    assert (float(ring.get_attribute("cx")), float(ring.get_attribute("cy"))) == (
        by_col + 0.5,
        by_row + 0.5,
    )
    events = list(ALGORITHMS[algorithm].events(n))[:step]
    replay = Replay(n)
    for event in events:
        replay.apply(event)
    assert describe(events[-1], replay) == said


@pytest.mark.parametrize("algorithm", ["brute-force", "permutations", "flags"])
def test_a_step_back_says_how_the_row_below_was_used_up(pages: object, algorithm: str) -> None:
    """Brute force tests no square before a board is complete: its step back says every
    square of the row below was tried, the permutations' every unused column, a pruning
    search's that no safe square was left; the page says what the trace says."""
    from nqueens.render.player import REMOVE

    page, recording = pages(algorithm, 4)  # type: ignore[operator]
    step = next(
        i + 1 for i, e in enumerate(recording.events) if e[0] == REMOVE and e[1] < 3
    )  # a step back from a row above the last
    go_to(page, step)
    events = list(ALGORITHMS[algorithm].events(4))[:step]
    replay = Replay(4)
    for event in events:
        replay.apply(event)
    said = describe(events[-1], replay)
    words = {
        "brute-force": "every square of row",
        "permutations": "every unused column of row",
        "flags": "no more safe squares in row",
    }
    assert words[algorithm] in said
    assert page.inner_text("#caption").split(" \u2014 ")[0] == said  # type: ignore[attr-defined]


def test_the_code_panel_is_the_source_of_the_function_that_runs(pages: object) -> None:
    """The lines of the seed's plain function, whole, numbered from 1 with no gap: the
    function the tracer watched to record the page's steps."""
    page, _recording = pages("bitboard", 5)  # type: ignore[operator]
    import inspect

    from nqueens.search.seeds.bitboard import bitboard

    source, _first = inspect.getsourcelines(bitboard)
    shown_lines = page.evaluate(  # type: ignore[attr-defined]
        """() => Array.from(document.querySelectorAll("#code .line"))
        .map((line) => [Number(line.dataset.line), line.lastChild.textContent])"""
    )
    want = [[i, text.rstrip("\n") or " "] for i, text in enumerate(source, start=1)]
    assert shown_lines == want
    assert ALGORITHMS["bitboard"].code is bitboard
    widths = page.evaluate(  # type: ignore[attr-defined]
        """() => Array.from(document.querySelectorAll("#code .line .text"))
        .map((t) => [t.scrollWidth, t.clientWidth])"""
    )
    assert all(scroll <= client for scroll, client in widths)  # no line cut off on the right
    go_to(page, 0)
    assert page.locator("#code .line.current").count() == 0  # type: ignore[attr-defined]
    assert page.locator("#state .structure").count() == 0  # type: ignore[attr-defined]


def test_a_variant_page_has_no_state_panel(open_page: Opened, tmp_path: Path) -> None:
    path = tmp_path / "torus.html"
    nqueens.play(nqueens.Rules.of("toroidal", 5), out=path)
    page = open_page(path)
    page.keyboard.press("ArrowRight")
    assert page.locator("#state-panel").is_hidden()
    assert page.locator("#code-panel").is_hidden()
    page.close()


@pytest.mark.parametrize("viewport", [(1000, 820), (1480, 1000)])
@pytest.mark.parametrize("n", [5, 6])
def test_the_trees_labels_are_legible_at_the_players_size(
    open_page: Opened, tmp_path: Path, n: int, viewport: tuple[int, int]
) -> None:
    """Every node of the N <= 6 tree has its label, drawn at 9 px or more on the screen,
    inside its node, and no two labels overlap."""
    path = tmp_path / "tree.html"
    nqueens.play(n, "flags", out=path)
    page = open_page(path, viewport=viewport)
    found = page.evaluate(
        """() => {
        const svg = document.querySelector("svg.search-tree");
        const box = (e) => { const r = e.getBoundingClientRect();
                             return [r.left, r.top, r.right, r.bottom]; };
        return {
          nodes: Array.from(svg.querySelectorAll(".node"), box),
          labels: Array.from(svg.querySelectorAll("g.labels text"), (t) => [t.textContent, box(t)]),
        }; }"""
    )
    page.close()
    nodes, labels = found["nodes"], found["labels"]
    assert (
        len(labels)
        == len(nodes)
        == nqueens.tree(n, "flags").levels()[0].nodes
        + sum(level.nodes for level in nqueens.tree(n, "flags").levels()[1:])
    )
    for text, (left, top, right, bottom) in labels:
        assert bottom - top >= 9, (text, bottom - top)  # the label's height on the screen
        assert any(
            x0 - 1 <= left and right <= x1 + 1 and y0 - 1 <= top and bottom <= y1 + 1
            for x0, y0, x1, y1 in nodes
        ), text
    boxes = sorted(box for _text, box in labels)
    for i, (_l1, t1, r1, b1) in enumerate(boxes):
        for l2, t2, _r2, b2 in boxes[i + 1 :]:
            if l2 >= r1:
                break
            assert b1 <= t2 + 0.5 or b2 <= t1 + 0.5, "two labels overlap"


def test_the_rows_last_square_is_said_as_the_trace_says_it(pages: object) -> None:
    """The last row's last square has no next square to try: the page says so, in the
    trace's very words (both said "try the next square")."""
    from nqueens.render.player import REMOVE

    page, recording = pages("brute-force", 4)  # type: ignore[operator]
    step = next(
        i + 1 for i, e in enumerate(recording.events) if e[0] == REMOVE and e[1] == e[2] == 3
    )
    go_to(page, step)
    events = list(ALGORITHMS["brute-force"].events(4))[:step]
    replay = Replay(4)
    for event in events:
        replay.apply(event)
    said = describe(events[-1], replay)
    assert said == "remove row 3, col 3 (the row's last square)"
    assert page.inner_text("#caption").split(" \u2014 ")[0] == said  # type: ignore[attr-defined]
