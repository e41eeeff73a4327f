"""Reading and writing a placement of any size (nqueens.columns), as `check` and
`construct` use it, through the API."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from nqueens import InvalidPlacementError, Placement
from nqueens.columns import column_format, read_placement, save_columns, write_columns
from nqueens.errors import OutputFormatError
from nqueens.large import check_array, construct


def test_short_input_is_a_placement_and_long_input_an_array(tmp_path: Path) -> None:
    assert read_placement("1 3 0 2") == Placement((1, 3, 0, 2))
    assert read_placement("2 4 1 3", base=1) == Placement((1, 3, 0, 2))
    cols = construct(3000)
    assert cols is not None
    text = " ".join(str(c + 1) for c in cols.tolist())
    read = read_placement(text, base=1)
    assert not isinstance(read, Placement) and read.tolist() == cols.tolist()
    listed = tmp_path / "q.txt"
    listed.write_text(text.replace(" ", "\n"))
    assert read_placement(str(listed), base=1).tolist() == cols.tolist()  # type: ignore[union-attr]
    board = tmp_path / "board.txt"
    board.write_text(".Q..\n...Q\nQ...\n..Q.\n")
    assert read_placement(str(board)) == Placement((1, 3, 0, 2))


def test_an_npy_file_is_read_as_an_array(tmp_path: Path) -> None:
    path = tmp_path / "q.npy"
    np.save(path, np.array([1, 3, 0, 2]))
    read = read_placement(str(path))
    assert not isinstance(read, Placement) and read.tolist() == [1, 3, 0, 2]
    bad = tmp_path / "bad.npy"
    bad.write_bytes(b"not an array")
    with pytest.raises(InvalidPlacementError, match="not a NumPy array file"):
        read_placement(str(bad))


def test_the_default_format_follows_the_size_and_the_name() -> None:
    assert [column_format(n) for n in (1, 30, 31)] == ["board", "board", "lines"]
    assert column_format(8, "q.npy") == column_format(10**6, Path("a/q.npy")) == "npy"
    assert column_format(10**6, "q.txt") == "lines"


def test_every_format_written() -> None:
    cols = np.array([1, 3, 0, 2], dtype=np.int64)

    def written(fmt: str, base: int = 0) -> bytes:
        out = io.BytesIO()
        write_columns(cols, out, fmt, base=base)
        return out.getvalue()

    assert written("board") == b". Q . .\n. . . Q\nQ . . .\n. . Q .\n"
    assert written("list") == b"1 3 0 2\n"
    assert written("list", base=1) == b"2 4 1 3\n"
    assert written("lines") == b"1\n3\n0\n2\n"
    assert np.load(io.BytesIO(written("npy"))).tolist() == [1, 3, 0, 2]
    with pytest.raises(OutputFormatError, match="unknown format 'png'"):
        written("png")


def test_save_columns_chooses_the_format_by_the_name(tmp_path: Path) -> None:
    cols = construct(5000, symmetry="rot90")
    assert cols is not None
    assert save_columns(cols, tmp_path / "q.npy") == "npy"
    loaded = np.load(tmp_path / "q.npy")
    assert loaded.shape == (5000,) and check_array(loaded).is_valid
    assert save_columns(cols, tmp_path / "q.txt") == "lines"
    assert (tmp_path / "q.txt").read_text().split() == [str(c) for c in cols.tolist()]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["q.npy", "q.txt"]
