"""Every ordinary mistake, through the real command: one line on stderr, exit status 2.

Each case runs `python -m nqueens` as a user would (a subprocess, real files, real
folders) and checks the promise of the README's "Exit statuses and errors": the status,
one line under 200 characters starting `nqueens: error:`, no traceback, and no file left
behind under the name asked for. The timeout is a guard against a command that hangs
(several did, before), not a speed test.
"""

from __future__ import annotations

import io
import os
import re
import stat
import string
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nqueens import files
from nqueens.errors import InputFileError
from tests.processes import HANG_GUARD, assert_one_line, nqueens


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the awkward inputs: binary, empty, a folder, a file, a BOM."""
    folder = tmp_path_factory.mktemp("mistakes")
    (folder / "binary.dat").write_bytes(bytes(range(256)) * 4)
    (folder / "nul.txt").write_bytes(b"0 4 7\x00 5 2 6 1 3\n")
    (folder / "a_folder").mkdir()
    (folder / "a_file").write_text("not a folder\n")
    (folder / "empty.txt").write_text("")
    (folder / "huge.txt").write_text("Q" * 50_000 + "\n")
    (folder / "foreign.sqlite").write_bytes(_foreign_sqlite())
    return folder


def _foreign_sqlite() -> bytes:
    import sqlite3
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "other.sqlite"
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE notes (body TEXT)")
            db.execute("INSERT INTO notes VALUES ('mine')")
        db.close()
        return path.read_bytes()


UNWRITABLE = {
    "no such folder": "missing-folder/out.{ext}",
    "inside /proc": "/proc/nqueens-test.{ext}",
    "parent is a file": "a_file/out.{ext}",
}

OUTPUT_COMMANDS = {
    "solve text": ("solve", "8", "--all", "--output", "{path}"),
    "solve npy": ("solve", "8", "--all", "--format", "npy", "--output", "{path}"),
    "show": ("show", "8", "--out", "{path}"),
    "animate gif": ("animate", "4", "--out", "{path}"),
    "animate html": ("animate", "4", "--out", "{path}"),
    "play": ("play", "4", "--out", "{path}"),
    "construct npy": ("construct", "100", "--output", "{path}"),
    "construct text": ("construct", "100", "--format", "lines", "--output", "{path}"),
}
EXTENSIONS = {
    "solve text": "txt",
    "solve npy": "npy",
    "show": "png",
    "animate gif": "gif",
    "animate html": "html",
    "play": "html",
    "construct npy": "npy",
    "construct text": "txt",
}


@pytest.mark.parametrize("where", list(UNWRITABLE))
@pytest.mark.parametrize("command", list(OUTPUT_COMMANDS))
def test_an_output_place_that_cannot_be_written(place: Path, command: str, where: str) -> None:
    path = UNWRITABLE[where].format(ext=EXTENSIONS[command])
    args = [arg.format(path=path) for arg in OUTPUT_COMMANDS[command]]
    line = assert_one_line(nqueens(*args, cwd=place))
    assert "cannot write" in line and path.split("/")[0] in line


MISTAKES: dict[str, tuple[str, ...]] = {
    # input files
    "check binary file": ("check", "binary.dat"),
    "check NUL bytes": ("check", "nul.txt"),
    "check missing file": ("check", "missing.txt"),
    "check a folder": ("check", "a_folder"),
    "check empty file": ("check", "empty.txt"),
    "check huge one-line board": ("check", "huge.txt"),
    "complete binary file": ("complete", "binary.dat"),
    "complete missing file": ("complete", "missing.txt"),
    "complete a folder": ("complete", "a_folder"),
    # board sizes
    "solve N = 0": ("solve", "0"),
    "solve negative N": ("solve", "-3"),
    "solve N not a number": ("solve", "eight"),
    "solve N a fraction": ("solve", "8.5"),
    "solve brute force at 1500": ("solve", "1500", "--algorithm", "brute-force"),
    "solve brute force at 10^9": ("solve", "1000000000", "--algorithm", "brute-force"),
    "solve permutations at 2000": ("solve", "2000", "--algorithm", "permutations"),
    "solve first at 10^9": ("solve", "1000000000"),
    "solve every solution at 20": ("solve", "20", "--all"),
    "solve engine at 40": ("solve", "40", "--algorithm", "engine"),
    "solve unknown algorithm": ("solve", "8", "--algorithm", "quantum"),
    "trace brute force at 2000": ("trace", "2000", "--algorithm", "brute-force"),
    "trace at 10^9": ("trace", "1000000000"),
    "show at 10^9": ("show", "1000000000", "--out", "big.png"),
    "show unknown format": ("show", "8", "--out", "board.bmp"),
    "animate at 10^9": ("animate", "1000000000", "--out", "big.gif"),
    "animate unknown format": ("animate", "4", "--out", "film.avi"),
    "play at 10^9": ("play", "1000000000", "--out", "big.html"),
    "play not html": ("play", "4", "--out", "page.txt"),
    "gui at 10^9": ("gui", "1000000000"),
    "construct 10^12": ("construct", "1000000000000"),
    "construct 10^12 min-conflicts": (
        "construct",
        "1000000000000",
        "--method",
        "min-conflicts",
    ),
    "construct unknown symmetry": ("construct", "8", "--symmetry", "rot45"),
    "count N = 64": ("count", "64"),
    "count unknown method": ("count", "8", "--method", "magic"),
    "count python too large": ("count", "16", "--method", "python"),
    # scheduler addresses
    "scheduler nonsense": ("count", "8", "--scheduler", "nonsense"),
    "scheduler without port": ("count", "8", "--scheduler", "127.0.0.1"),
    "scheduler empty": ("count", "8", "--scheduler", ""),
    "scheduler unknown scheme": ("count", "8", "--scheduler", "foo://x:1"),
    # journals
    "journal in a missing folder": ("count", "8", "--journal", "missing-folder/j.sqlite"),
    "journal in /proc": ("count", "8", "--journal", "/proc/nqueens-j.sqlite"),
    "journal is a folder": ("count", "8", "--journal", "a_folder"),
    "journal is not SQLite": ("count", "8", "--journal", "a_file"),
    "journal is another program's SQLite": ("count", "8", "--journal", "foreign.sqlite"),
    # count options: every one checked, even where N = 1 is answered at once
    "count 1, a part that is no part": ("count", "1", "--part", "abc", "--journal", "one.db"),
    "count 1, a part without a journal": ("count", "1", "--part", "1/2"),
    "count, a recount without a journal": ("count", "8", "--verify", "3"),
    "count, a recount seed without a recount": ("count", "8", "-j", "j.db", "--verify-seed", "1"),
    "count, a recount of a part": ("count", "8", "-j", "j.db", "--part", "1/2", "--verify", "3"),
    "count, a dashboard without a local cluster": ("count", "8", "--dashboard"),
    "count, two TLS files of three": ("count", "8", "--tls-cert", "a", "--tls-key", "b"),
    "count, an estimate with a journal": ("count", "12", "--estimate", "-j", "j.db"),
    # placements
    "check off the board": ("check", "0 4 7 5 2 6 1"),
    "check unknown mark": ("check", "Q..#/..Q./.Q../...Q"),
    "complete fixed queens attack": ("complete", "0:0 1:1", "--n", "8"),
    "complete pairs without --n": ("complete", "0:0 1:4"),
}


@pytest.mark.parametrize("case", list(MISTAKES))
def test_every_mistake_gets_one_line_and_status_2(place: Path, case: str) -> None:
    before = sorted(p.name for p in place.iterdir())
    foreign = (place / "foreign.sqlite").read_bytes()
    assert_one_line(nqueens(*MISTAKES[case], cwd=place))
    assert sorted(p.name for p in place.iterdir()) == before  # no file made or left
    assert (place / "foreign.sqlite").read_bytes() == foreign  # nothing added to it


def test_missing_file_is_named_as_missing(place: Path) -> None:
    line = assert_one_line(nqueens("check", "missing.txt", cwd=place))
    assert "missing.txt" in line and "no such file" in line


def test_binary_input_is_named_as_not_text(place: Path) -> None:
    line = assert_one_line(nqueens("check", "-", cwd=place, stdin=bytes(range(256))))
    assert "standard input" in line and "not text" in line


def test_a_byte_order_mark_is_fine(place: Path) -> None:
    (place / "bom.txt").write_bytes("\ufeff0 4 7 5 2 6 1 3\n".encode())
    result = nqueens("check", "bom.txt", cwd=place)
    (place / "bom.txt").unlink()
    assert result.returncode == 0 and b"valid: 8 queens" in result.stdout


def test_a_board_from_a_pipe_is_read(place: Path) -> None:
    """`nqueens check <(make-board)` hands over /dev/fd/N, a pipe, not a regular file:
    it is read, not called missing. Here the pipe is a FIFO fed by a writer."""
    fifo = place / "board.fifo"
    os.mkfifo(fifo)
    try:
        writer = subprocess.Popen(
            [sys.executable, "-c", f"open({str(fifo)!r}, 'w').write('0 4 7 5 2 6 1 3\\n')"]
        )
        result = nqueens("check", "board.fifo", cwd=place)
        writer.wait(timeout=HANG_GUARD)
    finally:
        fifo.unlink()
    assert result.returncode == 0 and b"valid: 8 queens" in result.stdout, result.stderr


def test_an_endless_device_is_refused_without_reading_it_whole(place: Path) -> None:
    """A zero-like device (c 1 5, made with mknod in the test's folder) never ends: the
    first slice read shows it is not text."""
    zero = place / "zero"
    try:
        os.mknod(zero, 0o666 | stat.S_IFCHR, os.makedev(1, 5))
    except PermissionError:
        pytest.skip("making a device node needs root (CAP_MKNOD)")
    try:
        line = assert_one_line(nqueens("check", "zero", cwd=place))
    finally:
        zero.unlink()
    assert "'zero'" in line and "NUL bytes" in line


def test_bad_utf8_past_the_first_slice_names_its_offset(place: Path) -> None:
    """A two-byte character split across two slices is still text; the bad byte after it
    is named at its offset in the whole file."""
    body = b"0" * (files.READ_SLICE - 1) + "\u00e9".encode() + b"\xfe"
    (place / "late.txt").write_bytes(body)
    try:
        line = assert_one_line(nqueens("check", "late.txt", cwd=place))
    finally:
        (place / "late.txt").unlink()
    assert f"byte 0xfe at offset {files.READ_SLICE + 1} is not UTF-8" in line


def test_more_text_than_any_board_is_refused(place: Path) -> None:
    """Past `limits.BOARD_TEXT_MAX_BYTES` the reading stops (the bound made small here:
    a gibibyte of text is no test's business)."""
    with pytest.raises(InputFileError, match="more than 4 KiB of text"):
        files.read_text(io.BytesIO(b"." * 4097), "big.txt", most=4096)
    assert files.read_text(io.BytesIO(b"Q" * 4096), "fits.txt", most=4096) == "Q" * 4096


@pytest.mark.parametrize("n", ["2", "3"])
@pytest.mark.parametrize(
    "command",
    [("solve",), ("solve", "--all"), ("solve", "--format", "json"), ("construct",)],
)
def test_no_solution_is_exit_1_with_one_sentence(
    place: Path, n: str, command: tuple[str, ...]
) -> None:
    result = nqueens(command[0], n, *command[1:], cwd=place)
    assert result.returncode == 1
    said = (result.stdout + result.stderr).decode()
    assert said.count("No solution: ") == 1 and "Traceback" not in said


def test_no_solution_picture_is_exit_1(place: Path) -> None:
    line = assert_one_line(nqueens("show", "2", "--out", "two.png", cwd=place), status=1)
    assert line.startswith("No solution: ")
    assert not (place / "two.png").exists()


def test_a_count_of_zero_is_a_count(place: Path) -> None:
    result = nqueens("count", "3", "--workers", "1", cwd=place)
    assert result.returncode == 0 and b"0 solutions" in result.stdout


# ----------------------------------------------------------------------- random input
_FUZZ = settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
_BOARD_ALPHABET = st.sampled_from(list(string.printable + "Qq.x:/,;-+|O♛·\ufeff\x00é"))


def _answers_cleanly(result: subprocess.CompletedProcess[bytes]) -> None:
    """Any status the README allows; on a refusal, the one-line contract."""
    assert result.returncode in (0, 1, 2, 3), result.stderr[-2000:]
    if result.returncode == 2:
        assert_one_line(result)
    assert b"Traceback" not in result.stderr


@_FUZZ
@given(data=st.binary(max_size=300), command=st.sampled_from(["check", "complete"]))
def test_random_bytes_on_stdin(place: Path, data: bytes, command: str) -> None:
    extra = ["--n", "8"] if command == "complete" else []
    _answers_cleanly(nqueens(command, "-", *extra, cwd=place, stdin=data))


@_FUZZ
@given(text=st.text(_BOARD_ALPHABET, max_size=120), command=st.sampled_from(["check", "complete"]))
def test_random_text_as_argument_and_file(place: Path, text: str, command: str) -> None:
    extra = ["--n", "8"] if command == "complete" else []
    if text and not text.startswith("-") and "\x00" not in text:
        _answers_cleanly(nqueens(command, text, *extra, cwd=place))
    board = place / "fuzz-board.txt"
    board.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        _answers_cleanly(nqueens(command, board.name, *extra, cwd=place))
    finally:
        board.unlink()


_OPTION_VALUES = st.one_of(
    st.integers(min_value=-(10**12), max_value=10**12).map(str),
    st.text(string.printable, max_size=12),
    st.sampled_from(["1e9", "0x10", "8.0", "", " ", "-", "NaN", "10" * 30]),
)


_SIZES = st.one_of(
    st.integers(min_value=-(10**12), max_value=10).map(str),  # small work or refused
    st.sampled_from(["64", "1000000000", "1000000000000", "8.5", "eight", "", "1e3"]),
    st.text(string.printable, max_size=8),
)


@_FUZZ
@given(
    n=_SIZES,
    option=st.sampled_from(["--limit", "--algorithm", "--format", "--workers", "--method"]),
    value=_OPTION_VALUES,
    command=st.sampled_from(["solve", "count"]),
)
def test_random_option_values(place: Path, n: str, option: str, value: str, command: str) -> None:
    if command == "count" and option in ("--limit", "--algorithm", "--format"):
        option = "--batch-size"
    if command == "solve" and option == "--method":
        option = "--limit"
    if n.startswith("-") or value.startswith("-"):
        return  # an option, not a value: click's own message, tested above
    result = nqueens(command, n, option, value, cwd=place)
    _answers_cleanly(result)


def test_a_long_message_is_shortened_before_its_advice(tmp_path: Path) -> None:
    """What to do is never cut: a message too long for one line loses the middle of what
    went wrong, at a word, and keeps the advice after its last colon whole."""
    deep = tmp_path / ("a long folder name " * 12).strip()
    deep.mkdir()
    line = assert_one_line(nqueens("journal", str(deep / "n19.sqlite"), cwd=tmp_path))
    assert line.startswith("nqueens: error: no journal at ")
    assert line.endswith("...: give the file a count wrote with --journal"), line
    assert re.search(r" (a|long|folder|name)\.\.\.: give", line), line  # cut between words
