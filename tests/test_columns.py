"""Reading and writing a placement of any size (nqueens.columns), as `check` and
`construct` use it, through the API."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import numpy as np
import pytest

from nqueens import InvalidPlacementError, Placement
from nqueens.columns import column_format, read_placements, save_columns, write_columns
from nqueens.errors import OutputFormatError
from nqueens.large import check_array, construct


def test_short_input_is_a_placement_and_long_input_an_array(tmp_path: Path) -> None:
    assert read_placements("1 3 0 2") == Placement((1, 3, 0, 2))
    assert read_placements("2 4 1 3", base=1) == Placement((1, 3, 0, 2))
    cols = construct(3000)
    assert cols is not None
    text = " ".join(str(c + 1) for c in cols.tolist())
    read = read_placements(text, base=1)
    assert not isinstance(read, Placement) and read.tolist() == cols.tolist()
    listed = tmp_path / "q.txt"
    listed.write_text(text.replace(" ", "\n"))
    assert read_placements(str(listed), base=1).tolist() == cols.tolist()  # type: ignore[union-attr]
    board = tmp_path / "board.txt"
    board.write_text(".Q..\n...Q\nQ...\n..Q.\n")
    assert read_placements(str(board)) == Placement((1, 3, 0, 2))


def test_an_npy_file_is_read_as_an_array(tmp_path: Path) -> None:
    path = tmp_path / "q.npy"
    np.save(path, np.array([1, 3, 0, 2]))
    read = read_placements(str(path))
    assert not isinstance(read, Placement) and read.tolist() == [1, 3, 0, 2]
    bad = tmp_path / "bad.npy"
    bad.write_bytes(b"not an array")
    with pytest.raises(InvalidPlacementError, match="not a NumPy array file"):
        read_placements(str(bad))


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "it is empty"),
        (b"0 4 7 5 2 6 1 3", "it does not begin as a .npy file does"),
        (pickle.dumps([0, 2]), "it holds pickled Python objects, which are never loaded"),
        ("header", "it ends before its array does: the file was cut short"),
        ("data", "it ends before its array does: the file was cut short"),
    ],
    ids=["empty", "text", "pickle", "cut in the header", "cut in the data"],
)
def test_why_an_npy_file_is_no_array_is_said_in_our_words(
    tmp_path: Path, content: bytes | str, reason: str
) -> None:
    """NumPy's own words came through ("EOF: reading array header, expected 118 bytes
    got 90"), and a text file was said to hold pickled objects."""
    whole = tmp_path / "whole.npy"
    np.save(whole, np.arange(100))
    made = whole.read_bytes()
    cut = {"header": made[:100], "data": made[:200]}
    bad = tmp_path / "bad.npy"
    bad.write_bytes(cut[content] if isinstance(content, str) else content)
    with pytest.raises(InvalidPlacementError) as refused:
        read_placements(str(bad))
    assert str(refused.value).endswith(f"' is not a NumPy array file: {reason}")


@pytest.mark.parametrize(
    "dtype", [object, [("a", "i4"), ("b", object)]], ids=["objects", "a field of objects"]
)
def test_an_npy_file_of_python_objects_is_said_to_be_one_not_cut_short(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dtype: object
) -> None:
    """`np.save` of an object array (its objects pickled in it) was called "cut short":
    NumPy refuses it without `allow_pickle`, which is never given."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "objects.npy"
    np.save(path, np.zeros(3, dtype=dtype), allow_pickle=True)
    with pytest.raises(InvalidPlacementError) as refused:
        read_placements("objects.npy")
    said = str(refused.value)
    assert said.startswith("'objects.npy' holds an array of Python objects (dtype object), ")
    assert "not a plain integer array" in said and "never" in said and "cut short" not in said
    piped = io.BytesIO(path.read_bytes())  # the same said of an array on standard input
    with pytest.raises(InvalidPlacementError, match=r"^standard input holds .* Python objects"):
        read_placements_from(piped)


def read_placements_from(stream: io.BytesIO) -> object:
    """`read_placements("-")` with `stream` as standard input's bytes."""
    import sys

    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(stream)
    try:
        return read_placements("-")
    finally:
        sys.stdin = saved


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


# Issue 38: `check` held a 400 MB file at 11 times its size, and crashed on odd .npy files.


def test_a_long_list_is_int64_unless_narrow_is_asked(tmp_path: Path) -> None:
    """The API's array is int64, safe for any arithmetic; `nqueens check` asks for the
    narrowest type that holds the numbers (a byte a queen for single digits, which it
    only checks), and gets the same columns, however large the numbers grow after the
    first slice read."""
    digits = tmp_path / "digits.txt"
    digits.write_text("0 4 7 5 2 6 1 3 " * 80_000)  # 1.28 MB: past a read's first slice
    wide = read_placements(str(digits))
    narrow = read_placements(str(digits), narrow=True)
    assert isinstance(wide, np.ndarray) and isinstance(narrow, np.ndarray)
    assert (wide.dtype, narrow.dtype) == (np.int64, np.int8)
    assert np.array_equal(wide, narrow)
    growing = tmp_path / "growing.txt"
    growing.write_text("1\n" * 700_000 + "300\n70000\n5000000000\n")
    cols = read_placements(str(growing), narrow=True, base=1)
    assert isinstance(cols, np.ndarray) and cols.dtype == np.int64
    assert cols[:2].tolist() == [0, 0] and cols[-3:].tolist() == [299, 69999, 4999999999]


@pytest.mark.parametrize("fmt", ["lines", "list", "npy"])
def test_a_long_placement_is_read_and_checked_in_about_twice_its_size(
    tmp_path: Path, fmt: str
) -> None:
    """The peak of Python's and NumPy's allocations (tracemalloc) while `check` reads
    and checks a million queens, against the file's size: the text was held whole, then
    split into a list of strings (about 11 times the input); now the columns are read a
    slice at a time and checked a step of rows at a time."""
    import tracemalloc

    path = tmp_path / f"q.{'npy' if fmt == 'npy' else 'txt'}"
    save_columns(construct(1_000_000), path, fmt=fmt)
    size = path.stat().st_size
    tracemalloc.start()
    try:
        result = check_array(read_placements(str(path)))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.is_valid and result.n == 1_000_000
    assert peak < 2.5 * size, (peak, size)


def test_the_step_by_step_check_agrees_with_counting_whole_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Steps of 7 rows, so that every line's queens fall in several steps: the counts and
    the examples are those of a count over the whole board (tests/naive.py's pairs)."""
    import nqueens.large

    monkeypatch.setattr(nqueens.large, "ROWS_PER_STEP", 7)
    rng = np.random.default_rng(38)
    for _ in range(300):
        n = int(rng.integers(1, 40))
        cols = rng.permutation(n) if rng.random() < 0.3 else rng.integers(0, n, n)
        found = check_array(cols, examples=3)
        lines = [cols, np.arange(n) + cols, np.arange(n) - cols + n - 1]
        crowded = [int((np.bincount(line) > 1).sum()) for line in lines]
        assert [found.columns, found.diagonals, found.antidiagonals] == crowded
        for (r1, c1), (r2, c2) in found.examples:
            assert r1 < r2 and (c1 == c2 or abs(r1 - r2) == abs(c1 - c2))
        assert len(found.examples) == min(3, sum(crowded)) or sum(crowded) > 3


def test_a_huge_number_in_a_long_list_is_one_error(tmp_path: Path) -> None:
    cols = [str(c) for c in range(3000)]
    cols[2500] = "9" * 5000
    path = tmp_path / "q.txt"
    path.write_text(" ".join(cols))
    with pytest.raises(InvalidPlacementError, match="larger than any column"):
        read_placements(str(path))
    with pytest.raises(InvalidPlacementError, match="larger than any"):
        read_placements(" ".join(cols))
    cols[2500] = str(2**63)  # 19 digits: past int64
    path.write_text(" ".join(cols))
    with pytest.raises(InvalidPlacementError, match="larger than any column"):
        read_placements(str(path))
    cols[2500] = str(10**17)
    path.write_text(" ".join(cols))
    with pytest.raises(InvalidPlacementError, match="column 100000000000000000 in row 2500"):
        check_array(read_placements(str(path)))


def _npz(path: Path) -> None:
    with path.open("wb") as out:
        np.savez(out, a=np.arange(5))


NPY_FILES = {
    "empty": lambda path: path.write_bytes(b""),
    "an .npz archive": _npz,
    "strings": lambda path: np.save(path, np.array(["a", "b"])),
    "bytes": lambda path: np.save(path, np.array([b"a", b"b"])),
    "void": lambda path: np.save(path, np.zeros(3, "V4")),
    "structured": lambda path: np.save(path, np.zeros(3, [("a", "i4"), ("b", "f8")])),
    "floats": lambda path: np.save(path, np.arange(5.0)),
    "three dimensions": lambda path: np.save(path, np.zeros((2, 2, 2), int)),
    "booleans": lambda path: np.save(path, np.array([True, False])),
    "past int64": lambda path: np.save(path, np.array([2**64 - 1, 0], np.uint64)),
    "objects": lambda path: np.save(path, np.array([1, "a"], dtype=object)),
    "cut short": lambda path: path.write_bytes(b"\x93NUMPY\x01\x00v\x00{'descr'"),
}


@pytest.mark.parametrize("kind", NPY_FILES)
def test_an_npy_file_that_holds_no_placement_is_one_error(tmp_path: Path, kind: str) -> None:
    """F11: an empty file, an archive, strings, bytes, void and structured types."""
    path = tmp_path / "q.npy"
    NPY_FILES[kind](path)
    with pytest.raises(InvalidPlacementError):
        check_array(read_placements(str(path)))


def test_the_odd_npy_files_are_one_line_through_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.processes import assert_one_line, invoke, nqueens

    monkeypatch.chdir(tmp_path)
    for kind, make in NPY_FILES.items():
        make(tmp_path / f"{kind}.npy")
        result = invoke("check", f"{kind}.npy")
        assert result.status == 2 and len(result.stderr.splitlines()) == 1, result.stderr
    assert_one_line(nqueens("check", "empty.npy", cwd=tmp_path))  # exit 130 with a blank line


def test_the_base_is_checked_however_the_placement_comes(tmp_path: Path) -> None:
    """`base` was checked only for short text: a long column list or a .npy array took
    any base and shifted every column by it; an unsigned array's 0 wrapped to 255."""
    import nqueens

    long_list = " ".join(map(str, construct(3000).tolist()))
    np.save(tmp_path / "u.npy", np.array([2, 4, 1, 3], dtype=np.uint8))
    np.save(tmp_path / "z.npy", np.array([0, 4, 1, 3], dtype=np.uint8))
    for base in (5, -1, True, 1.0, "1"):
        for given in (long_list, str(tmp_path / "u.npy"), "1 3 0 2"):
            with pytest.raises(InvalidPlacementError, match="base must be 0 or 1, not"):
                read_placements(given, base=base)  # type: ignore[arg-type]
        with pytest.raises(InvalidPlacementError, match="base must be 0 or 1, not"):
            nqueens.first(4).to_string(base=base)  # type: ignore[arg-type]
    assert read_placements(str(tmp_path / "u.npy"), base=1).tolist() == [1, 3, 0, 2]
    assert read_placements(str(tmp_path / "z.npy"), base=1).tolist()[0] == -1  # not 255
    assert nqueens.first(4).to_string(base=np.int64(1)) == "2 4 1 3"
