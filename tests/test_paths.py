"""Every option that names a file, against names that are legal but awkward: `#`, `?`
and `%` (which a URI reads as its own), a newline, and 250 characters (legal, though a
temporary name built from it would pass the file system's 255).

Issue 38's F4 (a journal named `n#1.db` read as the file `n`, leaving it behind), F20 (a
250-character name refused), an existing file's mode, owner and hard links lost when it
was replaced, and a killed merge's leftovers.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.processes import HANG_GUARD, NQUEENS, invoke, nqueens

NAMES = {
    "hash": "n#1",
    "question mark": "q?1",
    "percent": "p%41",
    "newline": "new\nline",
    "250 characters": "a" * 246,  # with a four-character extension: 250
}


def _invoke(*args: str) -> None:
    result = invoke(*args)
    assert result.status == 0, (args, result.output, result.stderr)


WRITERS = {
    "solve": ("txt", ("solve", "4", "--out", "{file}")),
    "construct": ("npy", ("construct", "100", "-o", "{file}")),
    "show": ("png", ("show", "4", "--out", "{file}")),
    "animate": ("gif", ("animate", "4", "--max-frames", "3", "--out", "{file}")),
    "play": ("html", ("play", "4", "--out", "{file}")),
    "tree": ("svg", ("tree", "4", "--out", "{file}")),
}


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", NAMES)
def test_every_output_takes_any_legal_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writer: str, name: str
) -> None:
    monkeypatch.chdir(tmp_path)
    extension, args = WRITERS[writer]
    file = f"{NAMES[name]}.{extension}"
    _invoke(*(a.format(file=file) for a in args))
    assert [p.name for p in tmp_path.iterdir()] == [file]  # that name, and nothing else


@pytest.mark.parametrize("writer", WRITERS)
def test_a_name_through_a_link_then_up_is_where_the_kernel_puts_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writer: str
) -> None:
    """`proj/../notes.txt`, where proj links to elsewhere/sub, is elsewhere/notes.txt:
    the link is followed before `..` goes up. Folding the name as text first wrote over
    home/notes.txt, a file the user never named."""
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    (elsewhere / "sub").mkdir(parents=True)
    home.mkdir()
    (home / "proj").symlink_to(elsewhere / "sub")
    extension, args = WRITERS[writer]
    kept = home / f"notes.{extension}"
    kept.write_text("keep")
    monkeypatch.chdir(home)
    _invoke(*(a.format(file=f"proj/../notes.{extension}") for a in args))
    assert kept.read_text() == "keep"
    assert (elsewhere / f"notes.{extension}").stat().st_size > 0


@pytest.mark.parametrize("writer", WRITERS)
def test_a_name_too_long_for_any_file_is_refused_as_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writer: str
) -> None:
    """A name of 300 bytes: refused before any work as a name that cannot be written,
    not with the system's words and the path alone."""
    monkeypatch.chdir(tmp_path)
    extension, args = WRITERS[writer]
    result = invoke(*(a.format(file="a" * 300 + f".{extension}") for a in args))
    assert result.status == 2, result.stderr
    assert result.stderr.startswith("nqueens: error: cannot write 'aaaa"), result.stderr
    assert result.stderr.rstrip().endswith(": file name too long"), result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.fixture(scope="module")
def parts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("parts")
    for k in (1, 2):
        assert nqueens("count", "8", "--part", f"{k}/2", "--journal", f"p{k}.db", cwd=folder)
    return folder


@pytest.mark.parametrize("name", [n for n in NAMES if n != "250 characters"])
def test_a_journal_takes_any_legal_name(
    tmp_path: Path, parts: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """F4: `count --journal 'n#1.db'` then `journal 'n#1.db'` said it was no journal,
    `--verify` counted and then failed, and each left an empty file `n` behind."""
    monkeypatch.chdir(tmp_path)
    file = f"{NAMES[name]}.db"
    merged = f"all{NAMES[name]}.db"
    for args in (
        ("count", "8", "--journal", file),
        ("journal", file),
        ("count", "8", "--journal", file, "--verify", "2"),
        ("journal", file, "--repair", "--workers", "1"),
        ("journal", "merge", str(parts / "p1.db"), str(parts / "p2.db"), "--out", merged),
    ):
        _invoke(*args)
    for journal in (file, merged):
        summary = json.loads(invoke("journal", journal, "--json").stdout)
        assert (summary["n"], summary["total"], summary["unique"]) == (8, 92, 12)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([file, merged])


def test_a_journal_through_a_link_then_up_is_where_the_kernel_puts_it(
    tmp_path: Path, parts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A journal named `proj/../j.db` (proj a link to elsewhere/sub) is written, read
    and merged to as elsewhere/j.db; home gets nothing, not even an empty file."""
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    (elsewhere / "sub").mkdir(parents=True)
    home.mkdir()
    (home / "proj").symlink_to(elsewhere / "sub")
    monkeypatch.chdir(home)
    _invoke("count", "8", "--journal", "proj/../j.db")
    _invoke("journal", "merge", str(parts / "p1.db"), str(parts / "p2.db"), "--out", "proj/../m.db")
    for journal in ("proj/../j.db", "proj/../m.db"):
        summary = json.loads(invoke("journal", journal, "--json").stdout)
        assert (summary["n"], summary["total"], summary["unique"]) == (8, 92, 12)
    assert sorted(p.name for p in elsewhere.iterdir()) == ["j.db", "m.db", "sub"]
    assert [p.name for p in home.iterdir()] == ["proj"]


def test_a_journal_through_a_link_to_nothing_yet_is_made_at_its_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A link to a journal not made yet was refused, "cannot create the journal link.db
    (File exists)", where an --out through such a link makes its target."""
    monkeypatch.chdir(tmp_path)
    Path("link.db").symlink_to("target.db")
    _invoke("count", "8", "--journal", "link.db")
    assert Path("link.db").is_symlink() and Path("target.db").is_file()
    summary = json.loads(invoke("journal", "link.db", "--json").stdout)
    assert (summary["n"], summary["total"]) == (8, 92)
    Path("lost.db").symlink_to("missing/target.db")
    refused = invoke("count", "8", "--journal", "lost.db")
    assert refused.status == 2 and "missing: no such folder" in refused.stderr


def test_a_journal_of_250_characters(
    tmp_path: Path, parts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite keeps NAME-journal beside a journal while it writes one: a name of 248
    bytes or more leaves it no room. Counting into one (or repairing it) is refused
    before any work, leaving nothing; a merge, written under a short temporary name and
    renamed, makes one, and it reads back."""
    monkeypatch.chdir(tmp_path)
    long = "m" * 247 + ".db"
    _invoke("journal", "merge", str(parts / "p1.db"), str(parts / "p2.db"), "--out", long)
    assert json.loads(invoke("journal", long, "--json").stdout)["total"] == 92
    for args in (("count", "8", "--journal", "j" * 250), ("journal", long, "--repair")):
        result = invoke(*args)
        assert result.status == 2 and "too long" in result.stderr, result.stderr
        assert [p.name for p in tmp_path.iterdir()] == [long]
    longest = "j" * 244 + ".db"  # 247 bytes: room for SQLite's -journal
    _invoke("count", "8", "--journal", longest)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([long, longest])


@pytest.mark.parametrize("name", NAMES)
def test_every_input_takes_any_legal_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.chdir(tmp_path)
    board = tmp_path / f"{NAMES[name]}.txt"
    board.write_text("1 3 0 2\n")
    _invoke("check", board.name)
    instance = tmp_path / f"{NAMES[name]}.par"
    instance.write_text("letting n = 8\nletting init = [[0, 0]]\n")
    _invoke("complete", instance.name)


@pytest.mark.parametrize("name", NAMES)
def test_tls_files_take_any_legal_name(tmp_path: Path, name: str) -> None:
    from nqueens.engine.runtime.cluster import TLSFiles
    from tests.dask_cluster import make_certificates

    made = make_certificates(tmp_path / "ca", ("node",))["node"]
    named = {}
    for role, file in (("ca", made.ca_file), ("cert", made.cert), ("key", made.key)):
        named[role] = tmp_path / f"{NAMES[name][:240]}.{role}"
        named[role].write_bytes(file.read_bytes())
    TLSFiles(named["ca"], named["cert"], named["key"]).check()


def test_a_scheduler_file_takes_any_legal_name(tmp_path: Path) -> None:
    for name in ("s#?%\n" + "s" * 240 + ".json",):  # every awkward character, 250 long
        with subprocess.Popen(
            [*NQUEENS, "cluster", "scheduler", "--port", "0", "--scheduler-file", name],
            cwd=tmp_path,
            stderr=subprocess.DEVNULL,
        ) as scheduler:
            deadline = time.monotonic() + HANG_GUARD
            while True:
                try:
                    assert "address" in json.loads((tmp_path / name).read_text())
                    break
                except (OSError, ValueError):
                    assert scheduler.poll() is None and time.monotonic() < deadline
                    time.sleep(0.1)
            scheduler.send_signal(signal.SIGTERM)
            assert scheduler.wait(timeout=HANG_GUARD) == 128 + signal.SIGTERM


# An existing file replaced: its mode, owner and links kept (as `install` and editors do).


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "eight.txt"
    target.write_text("old\n")
    target.chmod(0o600)
    assert nqueens("solve", "8", "--out", "eight.txt", cwd=tmp_path).returncode == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o600 and target.read_text() != "old\n"


def test_a_replaced_file_keeps_its_hard_links(tmp_path: Path) -> None:
    target = tmp_path / "eight.txt"
    target.write_text("old\n")
    (tmp_path / "other-name.txt").hardlink_to(target)
    assert nqueens("solve", "8", "--out", "eight.txt", cwd=tmp_path).returncode == 0
    assert target.stat().st_nlink == 2
    assert (tmp_path / "other-name.txt").read_text() == target.read_text() != "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["eight.txt", "other-name.txt"]


@pytest.mark.skipif(os.geteuid() != 0, reason="only root makes a file another user's")
def test_a_replaced_file_keeps_its_owner(tmp_path: Path) -> None:
    target = tmp_path / "eight.txt"
    target.write_text("old\n")
    os.chown(target, 12345, 12345)
    target.chmod(0o600)
    assert nqueens("solve", "8", "--out", "eight.txt", cwd=tmp_path).returncode == 0
    after = target.stat()
    assert (after.st_uid, after.st_gid, stat.S_IMODE(after.st_mode)) == (12345, 12345, 0o600)
    assert target.read_text() != "old\n"


def test_a_file_owned_by_another_is_written_in_place_when_its_owner_cannot_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where this process may not give a file to its owner (not root), the new contents
    go into the very file, which keeps owner, mode and inode."""
    from nqueens import files

    target = tmp_path / "eight.txt"
    target.write_text("old\n")
    inode = target.stat().st_ino

    def refuse(*args: object) -> None:
        raise PermissionError("not root")

    monkeypatch.setattr(files.os, "chown", refuse)
    monkeypatch.setattr(files, "_take_owner", lambda part, existing: False)
    with files.output_file(target) as out:
        out.write(b"new\n")
    assert target.read_text() == "new\n" and target.stat().st_ino == inode
    assert [p.name for p in tmp_path.iterdir()] == ["eight.txt"]


# What a write killed outright leaves, the next write to the same name clears.


def test_a_killed_merge_leaves_nothing_the_next_merge_does_not_clear(
    tmp_path: Path, parts: Path
) -> None:
    out = tmp_path / "all.db"
    stale = tmp_path / ".all.k1ll3d00.part.db"
    stale.write_bytes(b"SQLite format 3\x00 half a merge")
    (tmp_path / ".all.k1ll3d00.part.db-journal").write_bytes(b"rollback")
    (tmp_path / ".all.0rphan00.part.db-journal").write_bytes(b"its file is gone")
    live = tmp_path / ".all.runn1ng0.part.db"  # a merge still writing holds its lock
    live.write_bytes(b"")
    with live.open("rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        result = nqueens("journal", "merge", "p1.db", "p2.db", "--out", str(out), cwd=parts)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [".all.runn1ng0.part.db", "all.db"]


def test_a_merge_killed_by_sigkill_is_cleared_by_the_next(tmp_path: Path, parts: Path) -> None:
    """The real thing: a merge stopped dead (SIGKILL) while it writes."""
    out = tmp_path / "all.db"
    code = (
        "import os, signal, sys\n"
        "from nqueens.engine.runtime import journal\n"
        "record = journal.Journal.record\n"
        "def dying(self, *args):\n"
        "    record(self, *args)\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "journal.Journal.record = dying\n"
        "from nqueens.engine.runtime.merge import merge_journals\n"
        "merge_journals(sys.argv[1:3], sys.argv[3])\n"
    )
    killed = subprocess.run(
        [sys.executable, "-c", code, str(parts / "p1.db"), str(parts / "p2.db"), str(out)],
        capture_output=True,
        timeout=HANG_GUARD,
    )
    assert killed.returncode == -signal.SIGKILL
    assert any(p.name.endswith(".part.db") for p in tmp_path.iterdir())
    result = nqueens("journal", "merge", "p1.db", "p2.db", "--out", str(out), cwd=parts)
    assert result.returncode == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["all.db"]
