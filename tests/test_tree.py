"""The backtracking tree: counts per depth against a naive recursion, the picture, the command."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nqueens
from nqueens.i18n import set_language
from nqueens.limits import TREE_MAX_NODES
from nqueens.search import walk
from nqueens.search.shape import SQUARES, steps
from nqueens.search_tree import Level, Node, SearchTree, build_tree, cut_tree, levels, tree
from tests.naive import naive_tree_levels
from tests.processes import run_nqueens

SVG = "{http://www.w3.org/2000/svg}"


def as_tuples(found: list[Level]) -> list[tuple[int, int, int]]:
    return [(level.nodes, level.dead_ends, level.solutions) for level in found]


@pytest.mark.parametrize("n", range(1, 10))
def test_levels_match_the_naive_recursion(n: int) -> None:
    assert as_tuples(levels(n)) == naive_tree_levels(n)


@pytest.mark.parametrize("n", range(1, 8))
def test_the_kept_tree_has_the_same_levels(n: int) -> None:
    assert as_tuples(tree(n).levels()) == naive_tree_levels(n)


def test_eight_queens_nodes_per_depth() -> None:
    assert [level.nodes for level in levels(8)] == [1, 8, 42, 140, 344, 568, 550, 312, 92]
    assert len(tree(8)) == 2057


@pytest.mark.parametrize("algorithm", ["flags", "flags-stack", "bitboard", "bitboard-stack"])
def test_every_pruned_search_walks_the_same_tree(algorithm: str) -> None:
    assert levels(7, algorithm) == levels(7)


@pytest.mark.parametrize("n", range(1, 6))
def test_brute_force_tree_against_the_naive_recursion(n: int) -> None:
    assert as_tuples(levels(n, "brute-force")) == naive_tree_levels(n, pruned=False)


def test_solutions_stop_the_tree_early() -> None:
    partial = tree(8, solutions=3)
    assert not partial.complete
    assert sum(level.solutions for level in partial.levels()) == 3
    assert partial.levels() == levels(8, solutions=3)
    found = [node.cols for node in partial.nodes() if node.kind == "solution"]
    assert found == [s.cols for s in nqueens.solutions(8, limit=3)]


def test_depth_cut_keeps_subtree_sizes() -> None:
    cut = tree(8, depth=3)
    assert len(cut) == 1 + 8 + 42 + 140
    cut_nodes = [node for node in cut.nodes() if node.depth == 3]
    assert sum(node.below for node in cut_nodes) == 2057 - len(cut)
    assert sum(node.solutions_below for node in cut_nodes) == 92
    assert {node.kind for node in cut_nodes} <= {"cut", "dead end"}


def _same_tree(a: Node, b: Node) -> bool:
    """Two trees node for node: the queens, the step, the rejections, the counts below."""

    def fields(node: Node) -> tuple[object, ...]:
        return (node.cols, node.step, node.rejected, node.solution, node.below,
                node.solutions_below, len(node.children))  # fmt: skip

    return fields(a) == fields(b) and all(
        _same_tree(x, y) for x, y in zip(a.children, b.children, strict=True)
    )


@pytest.mark.parametrize("algorithm", list(nqueens.ALGORITHMS))
@pytest.mark.parametrize("n", range(1, 7))
def test_a_cut_tree_from_the_shape_is_the_walked_tree_cut(algorithm: str, n: int) -> None:
    """The cut tree is made without the search: every node, step, rejection and count
    below the cut is the one the walked search gives, at every depth."""
    for depth in range(n):
        walked, finished = build_tree(walk(n, algorithm).events(), depth=depth)
        assert finished and _same_tree(cut_tree(n, algorithm, depth), walked), depth


def test_a_cut_tree_runs_no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """`tree 13 --depth 2` walked 64.6 million traced steps (minutes) to count what lay
    below its 145 nodes; now the shape counts it, and what it says adds up."""

    def no_walk(*args: object, **kwargs: object) -> None:
        raise AssertionError("a cut tree ran the search")

    monkeypatch.setattr(nqueens.search_tree, "walk", no_walk)
    cut = tree(13, depth=2)
    whole = levels(13)
    assert [level.nodes for level in cut.levels()] == [level.nodes for level in whole[:3]]
    below = [node for node in cut.nodes() if node.depth == 2]
    assert sum(node.below for node in below) == sum(level.nodes for level in whole[3:])
    assert sum(node.solutions_below for node in below) == 73_712
    last = max(node.step for node in cut.nodes())
    assert last < steps("pruned", SQUARES, 13)  # the last kept Place, before the end
    monkeypatch.setattr(nqueens.search_tree, "subtree", no_walk)  # refused before counting
    with pytest.raises(nqueens.SizeTooLargeError, match="--depth K"):
        tree(13, depth=5)  # 1 + 13 + 132 + 1,030 + 6,404 + 31,100 kept nodes


def test_a_cut_tree_takes_boards_its_search_could_not_walk() -> None:
    """Brute force walks N^N boards (N <= 8); cut at a depth, its tree for N = 13 is
    counted from its shape: the top of a tree of 2 * 10^14 boards."""
    cut = tree(13, "brute-force", depth=2)
    below = [node for node in cut.nodes() if node.depth == 2]
    assert len(below) == 13**2
    assert {node.below for node in below} == {sum(13**k for k in range(1, 12))}
    assert sum(node.solutions_below for node in below) == 73_712
    with pytest.raises(nqueens.SizeTooLargeError, match="for brute-force to list every"):
        tree(9, "brute-force")  # whole, it is walked
    with pytest.raises(nqueens.SizeTooLargeError, match=r"cut at a depth: use N <= 15$"):
        tree(16, depth=2)


def test_levels_beside_a_picture_on_standard_output_go_to_standard_error() -> None:
    """`tree 4 --levels --out -` wrote the table and then the PNG to standard output:
    a corrupt picture. The picture is the data; the table goes beside it."""
    done = run_nqueens("tree", "4", "--levels", "--out", "-", text=False)
    assert done.returncode == 0 and done.stdout.startswith(b"\x89PNG\r\n")
    assert b"depth" in done.stderr and b"all            17" in done.stderr


def test_rejected_squares_are_the_check_functions_rejections() -> None:
    stats = nqueens.SearchStats()
    whole = tree(6)
    list(nqueens.solutions(6, algorithm="backtracking", stats=stats))
    stubs = sum(len(node.rejected) for node in whole.nodes())
    assert stubs == stats.checks - stats.nodes  # every square tested and not placed
    assert all(node.rejected == [] for node in tree(6, "bitboard").nodes())


def test_every_node_is_a_safe_prefix_reached_at_its_step() -> None:
    events = list(nqueens.ALGORITHMS["backtracking"].events(6))
    root, finished = build_tree(events)
    assert finished
    for node in root.walk():
        if node.cols:
            event = events[node.step - 1]
            assert isinstance(event, nqueens.Place)
            assert (event.row, event.col) == (node.depth - 1, node.cols[-1])


def test_too_large_a_tree_is_refused_with_advice() -> None:
    with pytest.raises(nqueens.SizeTooLargeError, match="--depth K, or count it with --levels"):
        tree(10)
    assert len(tree(10, depth=3)) < TREE_MAX_NODES


def count_nodes(svg: str) -> tuple[int, int]:
    root = ET.fromstring(svg)
    classes = [e.get("class", "").split() for e in root.iter(f"{SVG}path")]
    return sum("node" in c for c in classes), sum("stub" in c for c in classes)


@pytest.mark.parametrize(("n", "layout"), [(4, "icicle"), (6, "radial"), (8, "auto")])
def test_svg_has_one_node_element_per_node(n: int, layout: str) -> None:
    found = tree(n)
    nodes, stubs = count_nodes(found.svg(layout=layout))
    assert nodes == len(found) and stubs == 0
    nodes, stubs = count_nodes(found.svg(rejected=True, layout=layout))
    assert nodes == len(found)
    assert stubs == sum(len(node.rejected) for node in found.nodes())


def test_svg_nodes_carry_path_kind_and_step() -> None:
    found = tree(4)
    root = ET.fromstring(found._repr_svg_())
    nodes = {e.get("data-path"): e for e in root.iter(f"{SVG}path") if "node" in e.get("class", "")}
    assert "solution" in nodes["1 3 0 2"].get("class", "")
    assert "dead-end" in nodes["0 2"].get("class", "")
    assert nodes["0 2"].get("id") == "node-0-2"
    assert nodes[""].get("class") == "node root"
    by_path = {" ".join(map(str, node.cols)): node for node in found.nodes()}
    assert all(int(e.get("data-step", "-1")) == by_path[p].step for p, e in nodes.items())


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 7), st.integers(0, 7), st.sampled_from(["icicle", "radial"]))
def test_cut_trees_draw_every_kept_node(n: int, depth: int, layout: str) -> None:
    found = tree(n, depth=depth)
    assert count_nodes(found.svg(layout=layout))[0] == len(found)
    assert all(node.depth <= depth for node in found.nodes())


def test_command_writes_svg_png_pdf(tmp_path: Path) -> None:
    for name in ("four.svg", "four.png", "four.pdf"):
        result = run_nqueens("tree", "4", "--rejected", "--out", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
        said = f"wrote {tmp_path / name}: 17 nodes, the root (the empty board) and 16 queens placed"
        assert result.stdout.strip() == said  # one count, the root stated (compare's 16)
    assert (tmp_path / "four.png").read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / "four.pdf").read_bytes().startswith(b"%PDF")
    assert count_nodes((tmp_path / "four.svg").read_text()) == (17, 60 - 16)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["four.pdf", "four.png", "four.svg"]


def test_command_levels_table() -> None:
    result = run_nqueens("tree", "8", "--levels")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["depth", "nodes", "dead", "ends", "solutions"]
    assert [int(line.split()[1].replace(",", "")) for line in lines[1:-1]] == [
        1, 8, 42, 140, 344, 568, 550, 312, 92,
    ]  # fmt: skip
    assert lines[-1].split() == ["all", "2,057", "644", "92"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["10", "--out", "x.svg"], "more than 10,000 nodes"),
        (["8"], "--out FILE"),
        (["8", "--out", "x.gif"], "name it .png, .svg or .pdf"),
        (["0", "--levels"], "at least 1"),
        (["4", "--out", "no/such/folder/x.svg"], "there is no folder"),
        (["9", "-A", "brute-force", "--levels"], "too large for brute-force"),
        (["4", "-A", "nope", "--levels"], "unknown algorithm"),
    ],
)
def test_command_errors_are_one_line(args: list[str], message: str, tmp_path: Path) -> None:
    result = run_nqueens("tree", *args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and len(result.stderr) < 200
    assert list(tmp_path.iterdir()) == []


def test_player_page_tree_is_cut_to_fit() -> None:
    from nqueens.limits import PLAYER_TREE_NODES

    page = nqueens.play(9, max_steps=90_000)  # the whole search: 81,123 steps
    assert not page.capped
    svg = page.tree
    nodes, _ = count_nodes(svg)
    kept = [level.nodes for level in levels(9)]
    depth = max(d for d in range(len(kept)) if sum(kept[: d + 1]) <= PLAYER_TREE_NODES)
    assert nodes == sum(kept[: depth + 1]) and 'class="node cut"' in svg
    from nqueens.render.tree import tree_svg

    # Cut once from the whole tree built in the same run as the page's rows, it is the
    # tree built cut from the start.
    assert svg == str(tree_svg(tree(9, depth=depth), narrow=True, zoomable=True))
    assert count_nodes(nqueens.play(8).tree)[0] == 2057  # whole, uncut


def test_cut_nodes_show_their_subtree_sizes() -> None:
    found = tree(6, depth=3)
    root = ET.fromstring(str(found.svg()))
    labels = [t.text or "" for t in root.iter(f"{SVG}text") if "+" in (t.text or "")]
    cut = [node for node in found.nodes() if node.kind == "cut"]
    assert sorted(labels) == sorted(f"{node.cols[-1]} +{node.below:,}" for node in cut)
    title = " ".join(t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == "title")
    assert title.endswith(f"cut at depth 3: {len(tree(6)) - len(found)} nodes, 4 solutions below")


def test_the_title_counts_in_words_that_fit_the_numbers() -> None:
    """N = 1's tree said "1 queens, backtracking: 2 nodes, 0 dead ends, 1 solutions"."""
    one = tree(1).svg()
    assert "1 queen, backtracking: 2 nodes, 0 dead ends, 1 solution<" in one
    cut = tree(6, depth=2)
    assert title_lines(cut) == [  # the line breaks after a separator, within the width
        "6 queens, backtracking: 27 nodes, 0 dead ends, 0 solutions; cut at depth 2:",
        "126 nodes, 4 solutions below",
    ]


def title_lines(found: SearchTree, **drawing: Any) -> list[str]:
    root = ET.fromstring(str(found.svg(**drawing)))
    return [t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == "title"]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(
    ("n", "depth", "drawing"),
    [
        (5, None, {"rejected": True, "layout": "radial"}),
        (6, None, {"layout": "sideways"}),
        (6, 2, {}),
        (7, 3, {"layout": "icicle"}),
    ],
)
def test_the_title_fits_its_picture_on_lines_of_its_own(
    language: str, n: int, depth: int | None, drawing: dict[str, Any]
) -> None:
    """Titles ran off the picture's right edge: "46 dead ends, 4 soluti" beside the
    sideways icicle, a Japanese radial tree's "解 1" for 10 solutions, a cut tree's counts
    below the cut gone. Each line now fits the width (at the widest a character of the
    14 px font takes, twice that for a Japanese one), and the lines together are the
    whole title; the legend and the tree move down a line for each line more."""
    from nqueens.messages import apart
    from nqueens.render.tree import TITLE_CHAR, _title_parts, _width, place_tree

    set_language(language)
    try:
        found = tree(n, depth=depth)
        lines = title_lines(found, **drawing)
        placed = place_tree(found, rejected=drawing.get("rejected", False),
                            kind=drawing.get("layout", "auto"))  # fmt: skip
        whole = apart(_title_parts(found))
    finally:
        set_language(None)
    assert all(_width(line) * TITLE_CHAR <= placed.width - 16 for line in lines)
    assert "".join(lines).replace(" ", "") == whole.replace(" ", "")
    assert placed.legend_y == 42 + 18 * (len(lines) - 1)
    top = min(shape.y0 - (shape.r1 if shape.radial else 0) for shape in placed.shapes)
    assert top >= placed.legend_y + 8  # the tree starts below the legend


def test_the_trees_own_picture_is_drawn_as_asked() -> None:
    """A notebook shows `tree(...)`'s own picture: `rejected` and `layout` were used only
    with `out`, and a bad layout was not even checked without it."""
    from nqueens.errors import UnknownAlgorithmError

    radial = nqueens.tree(5, layout="radial", rejected=True)
    plain = nqueens.tree(5)
    assert radial._repr_svg_() != plain._repr_svg_()
    assert radial._repr_svg_() == str(plain.svg(layout="radial", rejected=True))
    assert str(radial.svg(layout="auto", rejected=False)) == plain._repr_svg_()
    with pytest.raises(UnknownAlgorithmError, match="unknown layout 'bogus'"):
        nqueens.tree(4, layout="bogus")


def test_a_player_numbered_from_one_labels_its_tree_from_one() -> None:
    """`play --one-based` numbered the board, captions and solutions from 1 and the
    recorded tree beside them from 0 (0 2 4 1 3 beside 1 3 5 2 4). Its labels and
    tooltips now count from 1; the ids and paths the page navigates by keep the code's."""
    plain = ET.fromstring(nqueens.play(5).tree)
    counted = ET.fromstring(nqueens.play(5, one_based=True).tree)

    def labels(root: ET.Element) -> dict[str, str]:
        return {
            t.get("data-for", ""): t.text or ""
            for t in root.iter(f"{SVG}text")
            if t.get("data-for")
        }

    def nodes(root: ET.Element) -> dict[str, tuple[str | None, str]]:
        return {
            p.get("id", ""): (p.get("data-path"), p.findtext(f"{SVG}title") or "")
            for p in root.iter(f"{SVG}path")
            if p.get("id")
        }

    before, after = labels(plain), labels(counted)
    assert before.keys() == after.keys() and len(before) > 20
    for ident, text in before.items():
        expected = text if ident == "node-" else str(int(text) + 1)
        assert after[ident] == expected
    assert nodes(plain).keys() == nodes(counted).keys()
    leaf = "node-0-2-4-1-3"
    assert nodes(plain)[leaf] == ("0 2 4 1 3", "row 4, col 3 (solution); queens: 0 2 4 1 3")
    assert nodes(counted)[leaf] == ("0 2 4 1 3", "row 5, col 4 (solution); queens: 1 3 5 2 4")
