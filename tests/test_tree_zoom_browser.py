"""The player's search tree magnified, in Debian's headless Chromium, at a projector's
1280 x 720: at N = 8 the whole tree (2,057 nodes) fits its panel with labels a few
pixels high, and its title and legend were drawn as small."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import nqueens
from tests.pages import Opened, counters, queens

pytestmark = pytest.mark.browser

SVG = "{http://www.w3.org/2000/svg}"
PROJECTOR = (1280, 720)

LABELS = """() => Array.from(document.querySelectorAll("#tree-scroll svg .labels text"))
  .filter((t) => t.getAttribute("visibility") !== "hidden").map((t) => {
    const m = t.getScreenCTM();
    return [t.dataset.for, parseFloat(t.getAttribute("font-size")) * Math.hypot(m.a, m.b)]; })"""

VIEW = """() => document.querySelector("#tree-scroll svg").getAttribute("viewBox")
  .split(" ").map(Number)"""

CURRENT = """() => { const b = document.querySelector("#tree-scroll .node.current").getBBox();
  return [b.x + b.width / 2, b.y + b.height / 2]; }"""


@pytest.fixture(scope="module")
def eight(browser: object, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A fresh 8-queens backtracking page at 1280 x 720 for each call."""
    path = tmp_path_factory.mktemp("zoom") / "eight.html"
    nqueens.play(8, out=path)
    opened = Opened(browser, offline=True)
    yield lambda: opened(path, viewport=PROJECTOR)
    opened.close()


def inside(point: list[float], view: list[float]) -> bool:
    x, y, width, height = view
    return x <= point[0] <= x + width and y <= point[1] <= y + height


def test_the_title_and_legend_are_read_in_the_pages_type(eight: Any) -> None:
    """The picture's title and legend are the page's words now, at the page's size: the
    same words the picture carries, the same kinds, none left drawn in the tree."""
    page = eight()
    drawn = ET.fromstring(nqueens.play(8).tree)
    title = " ".join(t.text or "" for t in drawn.iter(f"{SVG}text") if t.get("class") == "title")
    assert page.inner_text("#tree-title") == title
    assert title.startswith("8 queens, backtracking: 2,057 nodes, 644 dead ends, 92 solutions")
    kinds = [r.get("data-kind") for r in drawn.iter(f"{SVG}rect") if r.get("data-kind")]
    items = page.locator("#tree-legend .legend-item")
    assert [items.nth(i).get_attribute("data-kind") for i in range(items.count())] == kinds
    assert items.first.inner_text() == "inner"
    assert page.locator("#tree-scroll svg text.title, #tree-scroll svg .legend").count() == 0
    size = page.evaluate(
        "() => parseFloat(getComputedStyle(document.getElementById('tree-title')).fontSize)"
    )
    assert size >= 13


def test_zooming_in_brings_the_labels_in_at_a_readable_size(eight: Any) -> None:
    """Each zoom doubles the scale; every label shown is 9 to 14 px on the screen (the
    whole tree's were 5.5 px), and zooming in shows more of them, down to the leaves."""
    page = eight()
    page.keyboard.press("n")  # the first solution: its leaf is the current node
    whole = page.evaluate(VIEW)
    shown = {}
    for zoom in (1, 2, 4, 8, 16, 32):
        assert page.inner_text("#zoom-level") == f"\u00d7{zoom}"
        view = page.evaluate(VIEW)
        assert math.isclose(view[2], whole[2] / zoom, rel_tol=1e-6), zoom
        labels = page.evaluate(LABELS)
        assert labels and all(9 - 0.05 <= size <= 14 + 0.05 for _node, size in labels), zoom
        shown[zoom] = {node for node, _size in labels}
        assert inside(page.evaluate(CURRENT), view), zoom
        page.keyboard.press("+")
    assert page.inner_text("#zoom-level") == "\u00d732" and page.is_disabled("#zoom-in")
    assert len(shown[1]) < len(shown[4])
    assert "node-0-4-7-5-2-6-1-3" in shown[32]  # the solution's leaf, labelled at last
    assert "node-0-4-7-5-2-6-1-3" not in shown[1]
    page.keyboard.press("0")
    assert page.evaluate(VIEW) == whole and page.is_disabled("#zoom-out")


def test_a_zoomed_tree_follows_the_search_and_is_dragged(eight: Any) -> None:
    """Zoomed in, the current node stays in sight as the search moves; a drag moves the
    view by as much as the pointer, and is not a click on the node it began on; a click
    still jumps to its node's step."""
    page = eight()
    page.click("#zoom-in")
    page.click("#zoom-in")  # x4
    for _ in range(40):
        page.keyboard.press("ArrowRight")
        assert inside(page.evaluate(CURRENT), page.evaluate(VIEW))
    step = counters(page)["step"]
    box = page.locator("#tree-scroll").bounding_box()
    before = page.evaluate(VIEW)
    scale = box["width"] / before[2]  # pixels per unit
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 30, y - 20, steps=5)
    page.mouse.up()
    after = page.evaluate(VIEW)
    assert math.isclose(after[0] - before[0], 30 / scale, rel_tol=1e-2)
    assert math.isclose(after[1] - before[1], 20 / scale, rel_tol=1e-2)
    assert counters(page)["step"] == step  # the drag jumped nowhere
    node = page.locator("#node-0-2")
    node.scroll_into_view_if_needed()
    page.evaluate("() => document.querySelector('#zoom-whole').click()")
    page.click("#node-0-2")
    assert queens(page) == "0 2"


def test_a_small_trees_zoom_keeps_its_labels_level(browser: object, tmp_path: Path) -> None:
    """The sideways icicle of N = 5 keeps its labels level where they fit (they are not
    turned to be larger), and the learner's own tree has no zoom."""
    path = tmp_path / "five.html"
    nqueens.play(5, out=path)
    opened = Opened(browser, offline=True)
    try:
        page = opened(path, viewport=PROJECTOR)
        turned = page.evaluate(
            """() => Array.from(document.querySelectorAll("#tree-scroll svg .labels text"))
            .filter((t) => t.getAttribute("visibility") !== "hidden" && t.getAttribute("transform"))
            .length"""
        )
        assert turned == 0
        page.keyboard.press("l")
        page.wait_for_selector("body[data-ready='learn']")
        assert not page.is_visible("#tree-zoom") and not page.is_visible("#tree-head")
        page.keyboard.press("+")  # no zoom to take the key
        assert page.evaluate("() => document.querySelectorAll('#tree-scroll.zoomed').length") == 0
    finally:
        opened.close()
