"""The house's shape, pinned: no import circles but the value-type/picture pairs, and
the engine's families apart (a method's kernels reached only through its package)."""

from __future__ import annotations

import ast
from pathlib import Path

import nqueens

SOURCE = Path(nqueens.__file__).parent

PICTURE_PAIRS = {
    frozenset({"nqueens.placement", "nqueens.render.svg"}),
    frozenset({"nqueens.search_tree", "nqueens.render.tree"}),
    frozenset({"nqueens.heat", "nqueens.render.heatmap"}),
}
"""A value type and its picture import each other: the type's `_repr_svg_` imports the
renderer inside the method (as python-chess does), the renderer takes the type."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in SOURCE.rglob("*.py"):
        parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import a run can execute: at the top or inside functions, but not under
    `if TYPE_CHECKING:` (for the type checker only)."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for inner in child.orelse:
                    visit(inner)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.append(child)
            visit(child)

    visit(tree)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()

    def owner(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in _runtime_imports(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [owner(alias.name) for alias in node.names]
            elif node.module and node.level == 0:
                targets = [owner(f"{node.module}.{alias.name}") for alias in node.names]
            else:
                targets = []
            graph[name] |= {t for t in targets if t is not None and t != name}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_the_finder_sees_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [{"a", "b", "c"}]


def test_no_import_circles_but_the_value_type_picture_pairs() -> None:
    circles = [c for c in _circles(_graph()) if frozenset(c) not in PICTURE_PAIRS]
    assert circles == []


def test_the_runtime_names_no_method() -> None:
    """engine/runtime reads the registry and the `Counter` it names, never a method's
    package (but for Burnside's P and R, which every total-only method's tally needs)."""
    graph = _graph()
    for name, targets in graph.items():
        if name.startswith("nqueens.engine.runtime"):
            assert not any(t.startswith("nqueens.engine.methods") for t in targets), name
