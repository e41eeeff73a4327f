"""Outputs that are not plain files, through the real command: devices, FIFOs, sockets,
symlinks, standard output; and SIGTERM and SIGHUP ending a command as Ctrl-C does.

The devices are made with mknod in a temporary folder (a null-like c 1 3 and a full-like
c 1 7), never the real /dev. Each case checks the status, the one line on stderr, what
the target is and holds afterwards, and that no temporary file is left beside it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import stat
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.places import FULL, NULL, is_char_device, make_device, only
from tests.processes import (
    HANG_GUARD,
    NQUEENS,
    assert_one_line,
    journal_rows,
    nqueens,
    start_nqueens,
    wait_for_rows,
)

LIST_8 = subprocess.run(
    [*NQUEENS, "solve", "8", "--all", "-f", "list"],
    capture_output=True,
    check=True,
).stdout


WRITERS = {
    "solve text": ("solve", "8", "--all", "--output", "{path}"),
    "solve npy": ("solve", "8", "--all", "--format", "npy", "--output", "{path}"),
    "construct npy": ("construct", "100", "--format", "npy", "--output", "{path}"),
    "show png": ("show", "6", "--out", "{path}"),
    "show heat map": ("show", "6", "--heatmap", "--out", "{path}"),
    "tree svg": ("tree", "4", "--out", "{path}"),
    "animate gif": ("animate", "4", "--max-frames", "5", "--out", "{path}"),
    "play html": ("play", "4", "--out", "{path}"),
}


@pytest.mark.parametrize("command", list(WRITERS))
def test_writing_to_a_null_device_keeps_the_device(tmp_path: Path, command: str) -> None:
    device = make_device(tmp_path / "null", NULL)
    args = [arg.format(path=device) for arg in WRITERS[command]]
    result = nqueens(*args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    assert b"Traceback" not in result.stderr
    assert is_char_device(device)
    only(tmp_path, "null")


@pytest.mark.parametrize("command", [*WRITERS, "construct text"])
def test_an_empty_file_name_is_refused_and_nothing_written(tmp_path: Path, command: str) -> None:
    """`construct 8 -o ""` wrote the board to standard output and said `wrote : ...`."""
    args = WRITERS.get(command, ("construct", "8", "--output", "{path}"))
    result = nqueens(*(arg.format(path="") for arg in args), cwd=tmp_path)
    assert_one_line(result)
    assert result.stdout == b"" and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["solve text", "solve npy", "construct npy", "show png"])
def test_a_full_device_is_one_line_and_status_2(tmp_path: Path, command: str) -> None:
    device = make_device(tmp_path / "full", FULL)
    args = [arg.format(path=device) for arg in WRITERS[command]]
    if command == "solve text":
        args[1] = "10"  # 724 boards: more than any buffer holds before the first write
    line = assert_one_line(nqueens(*args, cwd=tmp_path))
    assert "cannot write" in line and "no space left on device" in line
    assert is_char_device(device)
    only(tmp_path, "full")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "cannot write standard output: no space left on device"), ("ja", "標準出力")],
)
def test_standard_output_on_a_full_device_is_named(
    tmp_path: Path, lang: str, expected: str
) -> None:
    """`nqueens count 8 > full` said the system's bare 'No space left on device', in
    English whatever the language, naming nothing."""
    device = make_device(tmp_path / "full", FULL)
    with device.open("wb") as full:
        result = subprocess.run(
            [*NQUEENS, "--lang", lang, "count", "8"],
            stdout=full,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
            timeout=HANG_GUARD,
        )
    line = assert_one_line(result)
    assert expected in line and "No space" not in line, line


@contextlib.contextmanager
def reader(fifo: Path, keep: int | None = None) -> Iterator[list[bytes]]:
    """A thread reading `fifo` (all of it, or `keep` bytes and then closing it)."""
    got: list[bytes] = []

    def read() -> None:
        with fifo.open("rb") as source:
            got.append(source.read() if keep is None else source.read(keep))

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    yield got
    thread.join(timeout=60)
    assert not thread.is_alive()


def test_a_fifo_is_written_through_to_its_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "answers"
    os.mkfifo(fifo)
    with reader(fifo) as got:
        result = nqueens("solve", "8", "--all", "-f", "list", "--output", str(fifo), cwd=tmp_path)
    assert result.returncode == 0 and result.stderr == b""
    assert got == [LIST_8] and len(LIST_8.splitlines()) == 92
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    only(tmp_path, "answers")


def test_a_fifo_whose_reader_goes_away_is_one_line(tmp_path: Path) -> None:
    fifo = tmp_path / "answers"
    os.mkfifo(fifo)
    with reader(fifo, keep=10) as got:
        result = nqueens("solve", "12", "--all", "--output", str(fifo), cwd=tmp_path)
    line = assert_one_line(result)
    assert "cannot write" in line and "broken pipe" in line
    assert len(got[0]) == 10
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    only(tmp_path, "answers")


def test_a_film_goes_into_a_fifo_whole(tmp_path: Path) -> None:
    fifo = tmp_path / "film.gif"
    os.mkfifo(fifo)
    with reader(fifo) as got:
        result = nqueens("animate", "4", "--max-frames", "5", "--out", str(fifo), cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    assert got[0].startswith(b"GIF89a") and got[0].endswith(b";")
    only(tmp_path, "film.gif")


def test_a_unix_socket_is_written_through(tmp_path: Path) -> None:
    path = tmp_path / "answers.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(1)
    got: list[bytes] = []

    def serve() -> None:
        connection, _ = server.accept()
        with connection, connection.makefile("rb") as source:
            got.append(source.read())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    result = nqueens("solve", "8", "--all", "-f", "list", "--output", str(path), cwd=tmp_path)
    thread.join(timeout=60)
    server.close()
    assert result.returncode == 0 and got == [LIST_8]
    assert stat.S_ISSOCK(os.lstat(path).st_mode)


def test_a_symlink_is_followed_and_its_target_replaced(tmp_path: Path) -> None:
    keep = tmp_path / "results"
    keep.mkdir()
    (keep / "eight.txt").write_text("old contents\n")
    link = tmp_path / "link.txt"
    link.symlink_to(keep / "eight.txt")
    result = nqueens("solve", "8", "--all", "-f", "list", "--output", "link.txt", cwd=tmp_path)
    assert result.returncode == 0
    assert link.is_symlink() and os.readlink(link) == str(keep / "eight.txt")
    assert (keep / "eight.txt").read_bytes() == LIST_8
    only(tmp_path, "link.txt", "results")
    only(keep, "eight.txt")


def test_a_dangling_symlink_gets_its_target_made(tmp_path: Path) -> None:
    link = tmp_path / "picture.png"
    link.symlink_to("made.png")
    result = nqueens("show", "6", "--out", "picture.png", cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    assert link.is_symlink()
    assert (tmp_path / "made.png").read_bytes().startswith(b"\x89PNG")
    only(tmp_path, "picture.png", "made.png")


@pytest.mark.parametrize("name", ["-", "/dev/stdout", "/proc/self/fd/1"])
def test_standard_output_by_any_name(tmp_path: Path, name: str) -> None:
    """The data, and no `wrote -: ...` on standard error: no file named `-` was written,
    and the data is the answer, as without --out."""
    result = nqueens("solve", "8", "--all", "-f", "list", "--output", name, cwd=tmp_path)
    assert result.returncode == 0 and result.stdout == LIST_8  # the data stays clean
    assert result.stderr == b""
    only(tmp_path)


def test_dev_stdout_appends_where_the_shell_appends(tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    log.write_bytes(b"kept\n")
    with log.open("ab") as out:
        subprocess.run(
            [
                *NQUEENS,
                "solve",
                "8",
                "--all",
                "-f",
                "list",
                "-o",
                "/dev/stdout",
            ],
            stdout=out,
            check=True,
        )
    assert log.read_bytes() == b"kept\n" + LIST_8
    only(tmp_path, "log.txt")


def test_a_picture_to_standard_output(tmp_path: Path) -> None:
    result = nqueens("show", "6", "--out", "-", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith(b"\x89PNG")
    assert result.stderr == b""  # no "wrote -: 1 board": no file is named "-"
    page = nqueens("play", "4", "--out", "-", cwd=tmp_path)
    assert page.returncode == 0 and page.stdout.startswith(b"<!DOCTYPE html>")
    assert page.stderr == b""
    board = nqueens("construct", "8", "--out", "-", cwd=tmp_path)
    assert board.returncode == 0 and board.stdout.count(b"Q") == 8 and board.stderr == b""
    only(tmp_path)


def test_a_file_in_a_folder_that_makes_no_files_is_refused_for_that(tmp_path: Path) -> None:
    """`construct 8 --out /proc/version` said "no such file or directory" of a file that
    is there: the probe file made beside it, where /proc makes none, met ENOENT (as root;
    another user is refused the folder, "permission denied")."""
    line = assert_one_line(nqueens("construct", "8", "--out", "/proc/version", cwd=tmp_path))
    assert line.startswith("nqueens: error: cannot write '/proc/version': "), line
    said = line.removeprefix("nqueens: error: cannot write '/proc/version': ")
    assert said.startswith("the folder '/proc' takes no new files") or said == "permission denied"
    only(tmp_path)


@pytest.mark.parametrize(
    "args",
    [
        ("show", "6", "--out", "-"),
        ("animate", "4", "--out", "/dev/stdout"),
        ("solve", "6", "--all", "--format", "npy", "--output", "-"),
        ("construct", "100", "--format", "npy", "--output", "-"),
    ],
)
def test_binary_output_is_refused_on_a_terminal(tmp_path: Path, args: tuple[str, ...]) -> None:
    import pty

    leader, follower = pty.openpty()
    try:
        result = subprocess.run(
            [*NQUEENS, *args],
            stdout=follower,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
            timeout=120,
        )
    finally:
        os.close(follower)
        os.close(leader)
    line = assert_one_line(result)
    assert "terminal" in line and "binary" in line
    only(tmp_path)


# Signals


def _finish(proc: subprocess.Popen[str]) -> tuple[str, str]:
    try:
        return proc.communicate(timeout=60)
    finally:  # no worker may outlive the test
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


@pytest.mark.compiled
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_stopped_listing_leaves_no_part_file(tmp_path: Path, signum: int) -> None:
    proc = start_nqueens("solve", "14", "--all", "--output", "s14.txt", cwd=tmp_path)
    deadline = time.monotonic() + 120
    while not any(p.stat().st_size for p in tmp_path.glob(".s14.*.part.txt")):
        assert proc.poll() is None, "the listing ended before it could be stopped"
        assert time.monotonic() < deadline, "the listing wrote nothing"
        time.sleep(0.05)
    proc.send_signal(signum)  # the parent only, as `kill PID` does
    out, err = _finish(proc)
    assert proc.returncode == 128 + signum and out == "", err
    assert err.strip() == f"nqueens: stopped by {signal.Signals(signum).name}"
    only(tmp_path)


def test_a_stopped_film_leaves_no_part_file(tmp_path: Path) -> None:
    proc = start_nqueens("animate", "8", "--max-frames", "0", "--out", "eight.gif", cwd=tmp_path)
    deadline = time.monotonic() + 120
    while not any(p.stat().st_size for p in tmp_path.glob(".eight.*.part.gif")):
        assert proc.poll() is None, "the film ended before it could be stopped"
        assert time.monotonic() < deadline, "the film drew nothing"
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    _, err = _finish(proc)
    assert proc.returncode == 143 and err.strip() == "nqueens: stopped by SIGTERM", err
    only(tmp_path)


@pytest.mark.compiled
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_stopped_count_keeps_its_journal(tmp_path: Path, signum: int) -> None:
    from nqueens import count
    from nqueens.known import known_counts

    path = tmp_path / "n16.sqlite"
    proc = start_nqueens(
        "count", "16", "--journal", str(path), "--method", "backtrack", "-q", cwd=tmp_path
    )
    wait_for_rows(path, proc, minimum=5)
    proc.send_signal(signum)
    out, err = _finish(proc)
    assert proc.returncode == 128 + signum and out == ""
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "kept in" in err and "run the same command again to resume" in err
    kept = journal_rows(path)
    assert kept >= 5
    result = count(16, method="backtrack", workers=1, journal=path)
    assert result.resumed >= kept
    assert (result.total, result.unique) == known_counts()[16]


# Bounds on what a user can type


BOUNDS = {
    "count workers": (("count", "16", "--workers", "100000", "--journal", "j.sqlite"), "workers"),
    "count batch": (("count", "16", "--batch-size", "10000000", "--journal", "j.sqlite"), "batch"),
    "solve workers": (("solve", "16", "--all", "--workers", "100000", "-o", "s.txt"), "workers"),
    "complete workers": (("complete", "0:0", "1:2", "--n", "8", "--workers", "100000"), "workers"),
    "complete one workers": (("complete", "0:0 1:2", "--n", "8", "--workers", "1000"), "workers"),
    "animate frames": (("animate", "5", "--max-frames", "10000000", "--out", "f.gif"), "frames"),
    "animate pixels": (("animate", "5", "--size", "100000", "--out", "f.gif"), "4000"),
    "play steps": (("play", "8", "--max-steps", "10000000", "--out", "p.html"), "steps"),
    "trace steps": (("trace", "8", "--limit", "100000000"), "steps"),
    "construct sweeps": (
        ("construct", "1000", "--method", "min-conflicts", "--max-sweeps", "9" * 9),
        "sweeps",
    ),
}


@pytest.mark.parametrize("case", list(BOUNDS))
def test_every_typed_resource_count_has_a_bound(tmp_path: Path, case: str) -> None:
    """Refused in one line naming the bound, before any work: no journal, no output file
    (and no worker started: the count would take minutes with them)."""
    args, named = BOUNDS[case]
    line = assert_one_line(nqueens(*args, cwd=tmp_path))
    assert named in line and ("use at most" in line or "range" in line), line
    only(tmp_path)


def test_the_worker_bound_is_four_per_core() -> None:
    from nqueens.errors import SizeTooLargeError
    from nqueens.limits import WORKERS_PER_CORE, max_workers
    from nqueens.validate import worker_count

    most = max_workers()
    assert most == WORKERS_PER_CORE * (os.cpu_count() or 1)
    assert worker_count(most) == most
    with pytest.raises(SizeTooLargeError, match=f"use at most {most:,}"):
        worker_count(most + 1)
