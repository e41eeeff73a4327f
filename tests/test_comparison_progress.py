"""`nqueens compare` while it runs: a bar for the running algorithm that counts its nodes
(against all it will place, where that is known), each algorithm's line as it finishes."""

from __future__ import annotations

import functools
import io
import re
import time
from collections.abc import Iterator

from rich.console import Console

from nqueens.compare import ComparisonRow, compare, expected_nodes
from nqueens.i18n import use_language
from nqueens.render.comparison import finished_line, run_live
from nqueens.search import SearchStats


def plain(text: str) -> list[str]:
    """What a terminal's lines say, its control sequences left out."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)
    return [part for line in text.split("\n") for part in line.split("\r")]


def terminal() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, force_terminal=True, width=110, color_system=None), out


def test_each_algorithm_is_said_as_it_finishes_in_order() -> None:
    console, out = terminal()
    runs = functools.partial(compare, 6, ["brute-force", "permutations", "flags"])
    rows = run_live(console, runs, lambda name: expected_nodes(name, 6))
    said = [line for line in plain(out.getvalue()) if re.match(r"^\w[\w-]*: ", line)]
    assert [line.split(":")[0] for line in said] == ["brute-force", "permutations", "flags"]
    assert said == [finished_line(row) for row in rows]
    assert said[0].startswith("brute-force: 55,986 nodes, 46,656 checks, 4 solutions")
    for row in rows[:2]:  # the bar's whole is the work the search really does
        assert row.stats is not None and row.stats.nodes == expected_nodes(row.algorithm, 6)


def slow(on_start: object = None) -> Iterator[ComparisonRow]:
    """A search that takes a while: 8,000 nodes in 8 steps of 0.08 s."""
    stats = SearchStats()
    on_start("brute-force", stats)  # type: ignore[operator]
    for _step in range(8):
        stats.nodes += 1_000
        time.sleep(0.08)
    yield ComparisonRow("brute-force", "N^N", None, stats)


def test_the_bar_counts_the_nodes_while_the_search_runs() -> None:
    """The bar shows the node count going up before the search ends."""
    console, out = terminal()
    run_live(console, slow, lambda _name: 8_000)
    seen = {int(n.replace(",", "")) for n in re.findall(r"([\d,]+) nodes", out.getvalue())}
    assert len(seen - {8_000}) >= 2  # counts between the start and the end
    assert "brute-force: 8,000 nodes" in out.getvalue()


def test_piped_output_gets_the_table_alone() -> None:
    out, err = io.StringIO(), io.StringIO()
    console = Console(file=out, force_terminal=False)
    status = Console(file=err, force_terminal=False)
    runs = functools.partial(compare, 5, ["flags"])
    rows = run_live(console, runs, lambda _name: None, status)
    assert out.getvalue() == err.getvalue() == "" and [row.algorithm for row in rows] == ["flags"]


def test_the_lines_in_japanese() -> None:
    console, out = terminal()
    with use_language("ja"):
        run_live(console, functools.partial(compare, 5, ["bitboard"]), lambda _name: None)
    said = out.getvalue()
    assert "ノード 53 個" in said and "チェック 44 回" in said and "解 10 個" in said


def test_a_known_whole_shows_the_share_done_and_the_time_left() -> None:
    console, out = terminal()
    run_live(console, slow, lambda _name: 8_000)
    shares = {int(p) for p in re.findall(r"(\d+)%, ETA \d+:\d\d", out.getvalue())}
    assert len(shares - {100}) >= 2 and shares <= set(range(101))


def test_a_pruned_search_shows_no_share() -> None:
    console, out = terminal()
    run_live(console, slow, lambda _name: None)
    assert "nodes" in out.getvalue() and "%" not in out.getvalue()


def test_the_bar_speaks_the_language_chosen_in_its_own_thread() -> None:
    """The bar is redrawn from a thread: it must speak Japanese as the caller does (it
    said "11,574,521 nodes" under --lang ja)."""
    console, out = terminal()
    with use_language("ja"):
        run_live(console, slow, lambda _name: 8_000)
    said = out.getvalue()
    counts = {int(n.replace(",", "")) for n in re.findall(r"ノード ([\d,]+) 個", said)}
    assert len(counts - {8_000}) >= 2 and "残り" in said
    assert "nodes" not in said and "ETA" not in said


def test_piped_table_with_a_terminal_beside_it_shows_the_bar_there() -> None:
    """`compare 8 > table.txt`: the bar and each finished line on standard error's
    terminal, the table's stream left to the table."""
    out = io.StringIO()
    table = Console(file=out, force_terminal=False)
    status, err = terminal()
    rows = run_live(table, slow, lambda _name: 8_000, status)
    assert out.getvalue() == "" and len(rows) == 1
    assert re.search(r"\d+%, ETA", err.getvalue())
    assert "brute-force: 8,000 nodes, 0 checks, 0 solutions" in err.getvalue()
