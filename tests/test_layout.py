"""The house's shape, pinned. import-linter checks the layers and rules of
docs/development.md (its contracts are in pyproject.toml; CI runs `lint-imports` too);
these tests check what its contracts cannot say: that they pass, that every package is
in a layer and the drawing shows the layers in the contract's order, and that no two
modules import each other but a value type and its picture. And the tests' own house:
no test module imports another, and only tests/processes.py starts the command."""

from __future__ import annotations

import ast
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


# ------------------------------------------------------------------------ the tests' house
TESTS = ROOT / "tests"
RUNS_THE_COMMAND = TESTS / "processes.py"
SPELLINGS = re.compile(r"-m\s+nqueens\b|from nqueens\.cli import main\b|nqueens\.__main__")
"""The command started in a string: a shell's line or a child Python's script."""


def _test_code() -> dict[str, ast.Module]:
    """Every Python file of the tests (the helper modules and conftest.py's too)."""
    files = [*sorted(TESTS.glob("*.py")), ROOT / "conftest.py"]
    return {str(path.relative_to(ROOT)): ast.parse(path.read_text()) for path in files}


def _imported(tree: ast.Module) -> set[str]:
    """The modules a file imports, anywhere in it (a test module's too: `tests.test_x`)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):  # relative: within tests/
            module = ".".join(filter(None, ["tests" * bool(node.level), node.module]))
            found.add(module)
            found |= {f"{module}.{alias.name}".lstrip(".") for alias in node.names}
    return found


def _starts_the_command(tree: ast.Module) -> list[str]:
    """Where a file starts `nqueens` itself: click's runner, the command spelt out
    (`python -m nqueens`, in a list or a string), or its `main` run in a child's script.
    A docstring may say how a test runs it."""
    said = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = _imported(ast.Module(body=[node], type_ignores=[]))
            if names & {"click.testing", "nqueens.__main__", "nqueens.cli.main", "runpy"}:
                found.append((node.lineno, f"imports {sorted(names)}"))
        elif isinstance(node, ast.Name) and node.id == "CliRunner":
            found.append((node.lineno, "CliRunner"))
        elif isinstance(node, ast.List | ast.Tuple):
            words = [e.value if isinstance(e, ast.Constant) else None for e in node.elts]
            if ("-m", "nqueens") in itertools.pairwise(words):
                found.append((node.lineno, "[..., '-m', 'nqueens', ...]"))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in said
            and (spelt := SPELLINGS.search(node.value))
        ):
            found.append((node.lineno, repr(spelt[0])))
    return [f"line {line}: {what}" for line, what in sorted(found)]


def _opened_pages(tree: ast.Module) -> list[str]:
    """Where a file opens a page of a browser itself."""
    return sorted(
        f"line {node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "new_page"
    )


def test_no_test_module_imports_another() -> None:
    """What test modules share lives in a tests/ helper module named for what it holds
    (naive.py, processes.py, pages.py, ...) or in a conftest.py fixture: importing a test
    module runs its set-up again and brings its fixtures in only under noqa."""
    found = {
        f"{name}: {module}"
        for name, tree in _test_code().items()
        for module in _imported(tree)
        if re.match(r"tests\.test_\w+$", module)
    }
    assert found == set()


def test_only_processes_py_starts_the_command() -> None:
    """A test runs `nqueens` through tests/processes.py: `invoke`, `run_nqueens` and the
    rest, or `NQUEENS` where it starts the process itself; the docs' examples run as a
    reader types them (tests/console_examples.py, `nqueens` on the PATH)."""
    mine = str(RUNS_THE_COMMAND.relative_to(ROOT))
    found = {name: _starts_the_command(tree) for name, tree in _test_code().items()}
    assert found.pop(mine)  # it does start the command: the check sees it there
    del found["tests/test_layout.py"]  # this file: what it looks for, and its examples
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_tests_checks_see_what_they_look_for() -> None:
    code = ast.parse(
        "from tests.test_errors import nqueens\n"
        "from tests import test_outputs\n"
        "from .test_cli import NQUEENS\n"
        "from click.testing import CliRunner\n"
        "CliRunner().invoke(cli, [])\n"
        "subprocess.run([sys.executable, '-m', 'nqueens', 'solve', '8'])\n"
        "subprocess.run(['sh', '-c', 'exec python -m nqueens info'])\n"
        "CHILD = 'import sys\\nfrom nqueens.cli import main\\nmain()'\n"
    )
    imported = _imported(code)
    assert {"tests.test_errors", "tests.test_outputs", "tests.test_cli"} <= imported
    assert [line.split(":")[0] for line in _starts_the_command(code)] == [
        f"line {n}" for n in (4, 5, 6, 7, 8)
    ]
    assert _opened_pages(ast.parse("page = context.new_page()\n")) == ["line 1"]


def test_only_pages_py_opens_a_page_in_chromium() -> None:
    """Every page is opened by tests/pages.py's `open_page` (conftest.py's `open_page` and
    `open_player`): it waits for the player's script and collects the page's errors."""
    found = {name: _opened_pages(tree) for name, tree in _test_code().items()}
    assert found.pop("tests/pages.py")
    del found["tests/test_layout.py"]  # this file: its example
    assert {name: lines for name, lines in found.items() if lines} == {}
