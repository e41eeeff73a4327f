"""The house's shape, pinned. import-linter checks the layers and rules of
docs/development.md (its contracts are in pyproject.toml; CI runs `lint-imports` too);
these tests check what its contracts cannot say: that they pass, that every package is
in a layer and the drawing shows the layers in the contract's order, and that no two
modules import each other but a value type and its picture."""

from __future__ import annotations

import itertools
import re
import tomllib
from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

import nqueens

ROOT = Path(__file__).parent.parent
SOURCE = Path(nqueens.__file__).parent
PYPROJECT = ROOT / "pyproject.toml"

PICTURE_PAIRS = {
    frozenset({"nqueens.placement", "nqueens.render.svg"}),
    frozenset({"nqueens.search_tree", "nqueens.render.tree"}),
    frozenset({"nqueens.heat", "nqueens.render.heatmap"}),
}
"""A value type and its picture import each other: the type's `_repr_svg_` imports the
renderer inside the method (as python-chess does), the renderer takes the type."""

TYPING_ONLY_CIRCLES = {frozenset({"nqueens.search", "nqueens.search.stepping"})}
"""Circles closed only by an import for the type checker, still to go: `Walk` names
`Algorithm` (search/, under rework in issue 45's "seedcode" part)."""


def _layers() -> list[list[str]]:
    contracts = tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]["contracts"]
    (layers,) = [c["layers"] for c in contracts if c["type"] == "layers"]
    return [[name.strip() for name in row.split(":")] for row in layers]


def _circles(graph: grimp.ImportGraph) -> set[frozenset[str]]:
    """Every pair of modules that reach each other, by their first link."""
    found = set()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(importer=imported, imported=module):
                found.add(frozenset({module, imported}))
    return found


def test_the_import_contracts_hold(capsys: pytest.CaptureFixture[str]) -> None:
    status = lint_imports(str(PYPROJECT), no_cache=True, no_logo=True)
    assert status == 0, capsys.readouterr().out


def test_every_package_and_module_is_in_a_layer() -> None:
    tops = {p.stem for p in SOURCE.glob("*.py")} | {
        p.parent.name for p in SOURCE.glob("*/__init__.py")
    }
    tops -= {"__init__", "__main__"}
    layered = [name.removeprefix("nqueens.") for row in _layers() for name in row]
    assert sorted(layered) == sorted(tops)


def test_the_drawing_shows_the_layers_in_order() -> None:
    """Each layer's names first appear in the drawing below the layer above's."""
    text = (ROOT / "docs" / "development.md").read_text()
    drawing = text.split("## Layout", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    lines = drawing.splitlines()

    def line_of(name: str) -> int:
        word = re.compile(rf"(?<![\w.]){re.escape(name)}(?![\w])")
        found = [i for i, line in enumerate(lines) if word.search(line)]
        assert found, f"the drawing does not name {name}"
        return found[0]

    rows = [[line_of(n.removeprefix("nqueens.")) for n in row] for row in _layers()]
    for above, below in itertools.pairwise(rows):
        assert max(above) < min(below), (above, below)


def test_no_circle_of_imports_but_the_value_type_picture_pairs() -> None:
    run = grimp.build_graph("nqueens", exclude_type_checking_imports=True, cache_dir=None)
    assert _circles(run) <= PICTURE_PAIRS  # (two close only for the type checker)
    typed = grimp.build_graph("nqueens", cache_dir=None)
    assert _circles(typed) == PICTURE_PAIRS | TYPING_ONLY_CIRCLES


def test_the_circle_finder_sees_a_circle() -> None:
    graph = grimp.ImportGraph()
    for module in "abcd":
        graph.add_module(module)
    for importer, imported in [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]:
        graph.add_import(importer=importer, imported=imported)
    pairs = {frozenset(p) for p in [("a", "b"), ("b", "c"), ("c", "a")]}
    assert _circles(graph) == pairs
