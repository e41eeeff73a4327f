"""Every option that names a file, against the things a name can be that are no file:
FIFOs, pipes, devices, sockets, standard streams, closed descriptors.

What must be a file (a journal, a merged journal, a TLS file, a scheduler file) is refused
in one line, told by its kind without being opened, for opening a FIFO waits for a
writer (issue 38's F5 hung so). What reads a stream reads it (a board from a pipe or a
FIFO), and a standard stream the shell closed is one line (F17), never a traceback. The
FIFOs, pipes and devices are made here, in a temporary folder, never the real /dev.
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat
import subprocess
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.places import NULL, make_device, only
from tests.processes import HANG_GUARD, NQUEENS, assert_one_line, invoke, nqueens


def run(
    *args: str, cwd: Path, pass_fds: tuple[int, ...] = (), **streams: object
) -> subprocess.CompletedProcess[bytes]:
    """`nqueens ARGS` with descriptors passed on (a pipe's ends) and streams of our own."""
    return subprocess.run(
        [*NQUEENS, *args],
        cwd=cwd,
        capture_output="stdout" not in streams,
        timeout=HANG_GUARD,
        pass_fds=pass_fds,
        **streams,  # type: ignore[call-overload]
    )


@contextmanager
def a_fifo(folder: Path) -> Iterator[str]:
    os.mkfifo(folder / "pf")
    yield "pf"


@contextmanager
def a_device(folder: Path) -> Iterator[str]:
    make_device(folder / "null", NULL)
    yield "null"


@contextmanager
def a_socket(folder: Path) -> Iterator[str]:
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(folder / "sock"))
    try:
        yield "sock"
    finally:
        server.close()


@contextmanager
def standard_output(folder: Path) -> Iterator[str]:
    yield "-"


@contextmanager
def dev_stdout(folder: Path) -> Iterator[str]:
    yield "/dev/stdout"


KINDS: dict[str, Callable[[Path], contextlib.AbstractContextManager[str]]] = {
    "a FIFO": a_fifo,
    "a device": a_device,
    "a socket": a_socket,
    "-": standard_output,
    "/dev/stdout": dev_stdout,
}


@pytest.fixture(scope="module")
def parts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The two finished parts of one count, to merge."""
    folder = tmp_path_factory.mktemp("parts")
    for k in (1, 2):
        done = nqueens("count", "8", "--part", f"{k}/2", "--journal", f"p{k}.db", cwd=folder)
        assert done.returncode == 0, done.stderr
    return folder


JOURNAL_COMMANDS = {
    "count --journal": ("count", "8", "--journal", "{name}"),
    "journal": ("journal", "{name}"),
    "journal --repair": ("journal", "{name}", "--repair"),
    "journal merge --out": (
        "journal",
        "merge",
        "{parts}/p1.db",
        "{parts}/p2.db",
        "--out",
        "{name}",
    ),
}


REAL_PROCESS = ("a FIFO", "/dev/stdout")
"""The kinds tried as a real command (a hang is caught by its timeout; /dev/stdout is a
pipe to `cat`, as in `count 8 --journal /dev/stdout | cat`); the others in this process."""


def _refused_here(
    monkeypatch: pytest.MonkeyPatch, folder: Path, *args: str
) -> subprocess.CompletedProcess[bytes]:
    """`nqueens ARGS` in this process, in `folder`, as a completed process (for
    `assert_one_line`); nothing may start a Dask process meanwhile."""

    def never(*started: object, **options: object) -> None:
        raise AssertionError(f"started {started}")

    monkeypatch.setattr("nqueens.cli._supervise.supervise", never)
    monkeypatch.chdir(folder)
    result = invoke(*args)
    return subprocess.CompletedProcess(args, result.status, b"", result.stderr_bytes)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", JOURNAL_COMMANDS)
def test_a_journal_that_is_no_file_is_one_line(
    tmp_path: Path, parts: Path, monkeypatch: pytest.MonkeyPatch, kind: str, command: str
) -> None:
    """F5: a FIFO, a pipe or /dev/stdout as a journal hung; F6: a merged journal was
    written to standard output, then refused."""
    with KINDS[kind](tmp_path) as name:
        before = sorted(p.name for p in tmp_path.iterdir())
        args = [a.format(name=name, parts=parts) for a in JOURNAL_COMMANDS[command]]
        if kind not in REAL_PROCESS:
            result = _refused_here(monkeypatch, tmp_path, *args)
        else:
            with subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL) as cat:
                result = run(*args, cwd=tmp_path, stdout=cat.stdin, stderr=subprocess.PIPE)
                assert cat.stdin is not None
                cat.stdin.close()
        line = assert_one_line(result)
        assert "not a file" in line or "is a" in line or "is standard" in line, line
        assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_pipe_as_a_journal_is_one_line(tmp_path: Path) -> None:
    read, write = os.pipe()
    try:
        result = run("count", "8", "--journal", f"/dev/fd/{write}", cwd=tmp_path, pass_fds=(write,))
    finally:
        os.close(read)
        os.close(write)
    assert "not a file" in assert_one_line(result)


def test_a_closed_descriptor_as_a_journal_is_one_line(tmp_path: Path) -> None:
    assert_one_line(nqueens("count", "8", "--journal", "/dev/fd/9", cwd=tmp_path))
    only(tmp_path)


def _closed(descriptor: int) -> None:
    os.close(descriptor)


@pytest.mark.parametrize(
    "args",
    [("solve", "8"), ("count", "8"), ("construct", "100", "-o", "-"), ("solve", "8", "--out", "-")],
    ids=" ".join,
)
def test_closed_standard_output_is_one_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    """F17: `nqueens solve 8 >&-` was an AttributeError."""
    result = subprocess.run(
        [*NQUEENS, *args],
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: _closed(1),
        timeout=HANG_GUARD,
    )
    assert "standard output is closed" in assert_one_line(result)


def test_closed_standard_input_is_one_line(tmp_path: Path) -> None:
    """F17: `nqueens check - <&-`."""
    for args in (("check", "-"), ("complete", "-")):
        result = subprocess.run(
            [*NQUEENS, *args],
            cwd=tmp_path,
            capture_output=True,
            preexec_fn=lambda: _closed(0),
            timeout=HANG_GUARD,
        )
        assert "standard input: it is closed" in assert_one_line(result)


def test_closed_standard_error_still_ends_with_the_status(tmp_path: Path) -> None:
    result = subprocess.run(
        [*NQUEENS, "check", "0 0"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        preexec_fn=lambda: _closed(2),
        timeout=HANG_GUARD,
    )
    assert result.returncode == 1 and b"invalid" in result.stdout


def test_a_closed_descriptor_is_not_taken_by_the_journal(tmp_path: Path) -> None:
    """With standard output closed, the next file opened would be descriptor 1: the
    command refuses before opening any, so nothing is written into a journal as output."""
    result = subprocess.run(
        [*NQUEENS, "count", "8", "--journal", "j.db"],
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: _closed(1),
        timeout=HANG_GUARD,
    )
    assert_one_line(result)
    only(tmp_path)


def test_a_board_is_read_from_a_fifo_and_from_a_pipe(tmp_path: Path) -> None:
    fifo = tmp_path / "board"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "w") as out:
            out.write("1 3 0 2\n")

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    result = nqueens("check", "board", cwd=tmp_path)
    writer.join(timeout=60)
    assert result.returncode == 0 and b"valid: 4 queens" in result.stdout
    read, write = os.pipe()
    os.write(write, b"0:0 1:2\n")
    os.close(write)
    try:
        result = run("complete", f"/dev/fd/{read}", "--n", "4", cwd=tmp_path, pass_fds=(read,))
    finally:
        os.close(read)
    assert result.returncode == 1, result.stderr  # 0:0 1:2 has no completion on 4x4


def test_a_fifo_holding_no_board_is_one_line(tmp_path: Path) -> None:
    """A FIFO whose writer sends binary or nothing at all: one line, as for a file."""
    fifo = tmp_path / "board"
    os.mkfifo(fifo)
    for data in (b"\x00\x01\x02", b""):

        def feed(data: bytes = data) -> None:
            with open(fifo, "wb") as out:
                out.write(data)

        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        assert_one_line(nqueens("check", "board", cwd=tmp_path))
        writer.join(timeout=60)


@pytest.mark.parametrize("kind", ["a FIFO", "a device", "a socket"])
def test_a_tls_file_or_scheduler_file_that_is_no_file_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """Reading a FIFO as a certificate would wait for a writer; writing the scheduler's
    address into one would wait for a reader."""
    with KINDS[kind](tmp_path) as name:
        tls = ("--tls-ca-file", name, "--tls-cert", name, "--tls-key", name)
        for args in (
            ("cluster", "scheduler", "--port", "0", *tls),
            ("cluster", "worker", "tls://127.0.0.1:9", "--host", "127.0.0.1", *tls),
            ("count", "8", "--scheduler", "tls://127.0.0.1:9", *tls),
            ("cluster", "scheduler", "--port", "0", "--scheduler-file", name),
        ):
            if kind in REAL_PROCESS:
                result = nqueens(*args, cwd=tmp_path)
            else:
                result = _refused_here(monkeypatch, tmp_path, *args)
            line = assert_one_line(result)
            assert "not a file" in line or "is a" in line, (args, line)


def test_the_kinds_are_told_without_opening(tmp_path: Path) -> None:
    from nqueens.files import not_a_file

    os.mkfifo(tmp_path / "pf")
    (tmp_path / "plain").write_text("")
    (tmp_path / "folder").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "plain")
    assert not_a_file(tmp_path / "pf") == "a FIFO (a named pipe)"
    assert not_a_file(tmp_path / "plain") is None and not_a_file(tmp_path / "link") is None
    assert not_a_file(tmp_path / "new") is None
    assert not_a_file(tmp_path / "folder") == "a folder"
    assert not_a_file("-") == "standard output" and not_a_file("/dev/stdin") == "standard input"
    assert stat.S_ISFIFO(os.lstat(tmp_path / "pf").st_mode)
