"""Text styles of the seeds and the machine formats, checked character for character."""

from __future__ import annotations

import csv
import io
import json

import pytest

import nqueens
from nqueens import Placement
from nqueens.render.text import FORMATS, STYLES, render, write_solutions

P5 = Placement.from_string("0 2 4 1 3")


def test_board_style_of_seed_000() -> None:
    assert render(P5, "board") == "Q . . . .\n. . Q . .\n. . . . Q\n. Q . . .\n. . . Q ."


def test_compact_style_of_seed_002() -> None:
    assert render(P5, "compact") == "Q....\n..Q..\n....Q\n.Q...\n...Q."


def test_grid_style_of_seed_004() -> None:
    expected = """\
 0 2 4 1 3
+-+-+-+-+-+
|O| | | | |
+-+-+-+-+-+
| | |O| | |
+-+-+-+-+-+
| | | | |O|
+-+-+-+-+-+
| |O| | | |
+-+-+-+-+-+
| | | |O| |
+-+-+-+-+-+"""
    assert render(P5, "grid") == expected
    assert render(P5, "grid", base=1).splitlines()[0] == " 1 3 5 2 4"


def test_unicode_style() -> None:
    assert render(P5, "unicode").splitlines()[0] == "♛ · · · ·"


def _write(style: str, n: int = 5, **kw: object) -> str:
    out = io.StringIO()
    write_solutions(nqueens.solutions(n), out, style, **kw)  # type: ignore[arg-type]
    return out.getvalue()


def test_numbered_listing_like_seed_004() -> None:
    text = _write("grid")
    blocks = text.split("\n\n")
    assert len(blocks) == 10
    assert blocks[0].splitlines()[:2] == ["1", " 0 2 4 1 3"]
    assert blocks[9].splitlines()[:2] == ["10", " 4 2 0 3 1"]


def test_numbered_board_listing() -> None:
    text = _write("board", 4)
    assert text == (
        "Solution 1: 1 3 0 2\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n\n"
        "Solution 2: 2 0 3 1\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n"
    )


def test_list_format_is_one_column_list_per_line() -> None:
    lines = _write("list", 6).splitlines()
    assert lines == [p.to_string() for p in nqueens.solutions(6)]
    assert _write("list", 4, base=1).splitlines() == ["2 4 1 3", "3 1 4 2"]


def test_json_and_jsonl_formats_parse() -> None:
    records = json.loads(_write("json", 6))
    assert [r["cols"] for r in records] == [list(p) for p in nqueens.solutions(6)]
    assert [r["solution"] for r in records] == [1, 2, 3, 4]
    lines = [json.loads(line) for line in _write("jsonl", 6).splitlines()]
    assert lines == records
    empty = io.StringIO()
    assert write_solutions(iter([]), empty, "json") == 0
    assert json.loads(empty.getvalue()) == []


def test_csv_format_has_a_header_and_a_row_per_solution() -> None:
    rows = list(csv.reader(io.StringIO(_write("csv", 6))))
    assert rows[0] == ["solution", "row0", "row1", "row2", "row3", "row4", "row5"]
    assert len(rows) == 5 and rows[1] == ["1", "1", "3", "5", "0", "2", "4"]


@pytest.mark.parametrize("style", list(STYLES) + list(FORMATS))
def test_every_style_streams_the_number_it_wrote(style: str) -> None:
    out = io.StringIO()
    assert write_solutions(nqueens.solutions(8), out, style) == 92
    assert out.getvalue()
