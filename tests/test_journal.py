"""The journal as a user meets it: places it cannot be kept in, files that are not
journals, journals changed by hand, `nqueens journal FILE` and `count --verify`."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import nqueens
from nqueens.engine.registry import METHODS
from nqueens.engine.runtime.journal import Journal, read_summary
from nqueens.engine.runtime.verify import repair_journal
from nqueens.errors import (
    JournalError,
    JournalMismatchError,
    PublishedMismatchError,
    VerificationError,
)
from nqueens.known import known_counts
from nqueens.messages import plural
from tests.journals import forget
from tests.naive import expected_counts
from tests.processes import NQUEENS, invoke, run_nqueens
from tests.simulated import affordable


def _refused(done: subprocess.CompletedProcess[str], status: int = 2) -> str:
    """The one line of a refusal (and no traceback)."""
    assert done.returncode == status, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and len(lines[0]) < 200 and "Traceback" not in done.stderr
    return lines[0]


def _md5(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def _journal(tmp_path: Path, n: int = 10, method: str = "backtrack") -> Path:
    path = tmp_path / f"n{n}-{method}.sqlite"
    nqueens.count(n, method=method, workers=1, journal=path)
    return path


# ---------------------------------------------------------------------------- places
def test_places_a_journal_cannot_be_kept_in(tmp_path: Path) -> None:
    (tmp_path / "folder.sqlite").mkdir()
    cases = {
        str(tmp_path / "folder.sqlite"): "directory",
        str(tmp_path / "missing" / "j.sqlite"): "no such folder",
    }
    for place, reason in cases.items():
        line = _refused(run_nqueens("count", "9", "--journal", place))
        assert reason in line
    assert not (tmp_path / "missing").exists()
    # /proc is a folder that takes no new files: its "no such file or directory" was
    # said as if the journal's name were wrong (as root; others may not write there)
    line = _refused(run_nqueens("count", "9", "--journal", "/proc/nqueens.sqlite"))
    assert line.endswith(
        "cannot keep a journal in /proc: the folder takes no new files (the system says: no "
        "such file or directory)"
    ) or line.endswith("cannot keep a journal in /proc: the folder is read-only"), line


def test_files_that_are_not_journals_are_refused_untouched(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("these are not the subproblems you are looking for\n")
    foreign = tmp_path / "shop.db"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, item TEXT)")
        db.execute("INSERT INTO orders VALUES (1, 'queens')")
    db.close()
    for path, reason in ((notes, "not an SQLite file"), (foreign, "not an nqueens journal")):
        before = _md5(path)
        assert reason in _refused(run_nqueens("count", "9", "--journal", str(path)))
        assert _md5(path) == before
    with sqlite3.connect(foreign) as db:  # no table of ours was added
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    db.close()
    assert tables == {"orders"}


def test_a_journal_of_the_first_format_is_refused(tmp_path: Path) -> None:
    """Format 1 kept (solutions, 0, 0, bytes) in columns c2, c4, c8, nodes for the join."""
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as db:
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute(
            "CREATE TABLE done (idx INTEGER PRIMARY KEY, c2 INTEGER NOT NULL, "
            "c4 INTEGER NOT NULL, c8 INTEGER NOT NULL, nodes INTEGER NOT NULL)"
        )
        db.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [("n", "9"), ("split", "join 2, 9 subproblems, abc"), ("engine", "1")],
        )
        db.execute("INSERT INTO done VALUES (0, 10, 0, 0, 4096)")
    db.close()
    before = _md5(old)
    line = _refused(run_nqueens("count", "9", "--journal", str(old)))
    assert "earlier nqueens" in line and "start a new one" in line
    assert _md5(old) == before


def _read_only(folder: Path, *command: str) -> subprocess.CompletedProcess[str]:
    """`command` run with `folder` mounted read-only (a private mount namespace)."""
    if shutil.which("unshare") is None:
        pytest.skip("unshare is not installed")
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("this system allows no private mount namespace")
    script = f'mount --bind -o ro "{folder}" "{folder}" && exec "$@"'
    return subprocess.run(
        ["unshare", "-rm", "sh", "-c", script, "sh", *NQUEENS, *command],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_half_finished_journal_on_a_read_only_place_is_refused_and_kept(
    tmp_path: Path,
) -> None:
    path = _journal(tmp_path, 11)
    forget(path, range(0, 1000, 2))  # half-finished
    before = _md5(path)
    line = _refused(_read_only(tmp_path, "count", "11", "--journal", str(path)))
    assert "read-only" in line
    line = _refused(_read_only(tmp_path, "count", "11", "--journal", str(tmp_path / "new.sq")))
    assert "read-only" in line
    assert _md5(path) == before and not (tmp_path / "new.sq").exists()
    result = nqueens.count(11, method="backtrack", journal=path)  # and it still resumes
    assert (result.total, result.unique) == known_counts()[11] and result.resumed > 0


# ---------------------------------------------------------------------------- digest
def test_a_journal_changed_by_hand_is_refused(tmp_path: Path) -> None:
    path = _journal(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE done SET classes_of_8 = classes_of_8 + 1 WHERE idx = 7")
    db.close()
    for command in (["count", "10", "--journal", str(path)], ["journal", str(path)]):
        assert "changed outside nqueens" in _refused(run_nqueens(*command))
    with pytest.raises(JournalMismatchError, match="changed outside nqueens"):
        nqueens.count(10, method="backtrack", journal=path)
    with sqlite3.connect(path) as db:  # a row deleted, or the identity edited: the same
        db.execute("UPDATE done SET classes_of_8 = classes_of_8 - 1 WHERE idx = 7")
        db.execute("DELETE FROM done WHERE idx = 3")
    db.close()
    with pytest.raises(JournalMismatchError, match="changed outside nqueens"):
        read_summary(path)


def test_the_digest_follows_every_recorded_batch(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    identity = {"n": "8", "method": "python", "version": "1", "split": "x", "subproblems": "3"}
    with Journal(path, identity, ("solutions", "unique")) as journal:
        first = journal.digest
        journal.record([0, 2], np.array([[4, 1], [6, 2]], np.int64))
        assert journal.digest != first
    summary = read_summary(path)
    assert summary.digest == journal.digest and summary.rows == {0: (4, 1), 2: (6, 2)}
    assert summary.sums == {"solutions": 10, "unique": 3}


# ---------------------------------------------------------------------------- summary
@pytest.mark.parametrize("method", list(METHODS))
def test_the_journal_command_summarises(tmp_path: Path, method: str) -> None:
    n = affordable(method, 10)
    path = _journal(tmp_path, n, method)
    done = run_nqueens("journal", str(path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    total, unique = expected_counts(method, n)
    assert lines[0] == f"journal {path}: N = {n}, method {method}"
    assert lines[1].startswith("subproblems done: ")
    assert (
        f"finished: {plural(total, '{count} solution', '{count} solutions')}, {unique:,} unique"
        in done.stdout
    )
    record = json.loads(run_nqueens("journal", str(path), "--json").stdout)
    assert (record["n"], record["method"], record["total"], record["unique"]) == (
        n,
        method,
        total,
        unique,
    )
    assert record["done"] == record["subproblems"] > 0
    assert set(record["sums"]) == {f.name for f in METHODS[method].fields}
    assert record["digest"] == read_summary(path).digest
    forget(path, [0])
    partial = json.loads(run_nqueens("journal", str(path), "--json").stdout)
    assert partial["done"] == record["done"] - 1 and partial["total"] is None


def test_the_journal_command_refuses_what_is_not_a_journal(tmp_path: Path) -> None:
    assert "no journal at" in _refused(run_nqueens("journal", str(tmp_path / "none.sqlite")))
    (tmp_path / "x.txt").write_text("hello")
    assert "not an SQLite file" in _refused(run_nqueens("journal", str(tmp_path / "x.txt")))


# ---------------------------------------------------------------------------- verify
@pytest.mark.parametrize("method", list(METHODS))
def test_verify_passes_an_honest_journal(tmp_path: Path, method: str) -> None:
    n = affordable(method, 11)
    path = tmp_path / "honest.sqlite"
    done = run_nqueens(
        "count", str(n), "-m", method, "-j", str(path), "--verify", "100000", "--json"
    )
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert (record["total"], record["unique"]) == expected_counts(method, n)
    assert sorted(record["verified"]) == list(range(record["subproblems"]))
    checked = nqueens.counting.verify(path, 5, seed=1)
    assert len(checked.checked) == 5 and checked.method == method
    independent = METHODS[method].recounted_by
    assert checked.recounted_by == (independent or checked.recounted_by)


@pytest.mark.parametrize("method", list(METHODS))
def test_verify_catches_a_wrong_row(tmp_path: Path, method: str) -> None:
    """A faulty worker's count, recorded as any other (so the digest holds)."""
    n = affordable(method, 11)
    path = _journal(tmp_path, n, method)
    summary = read_summary(path)
    wrong = sorted(summary.rows)[len(summary.rows) // 2]
    row = np.array([summary.rows[wrong]], np.int64)
    row[0, 0] += 8  # still whole symmetry classes, so only a recount can tell
    forget(path, [wrong])
    identity = {"n": str(n), "method": method, "version": METHODS[method].version}
    identity |= {"subproblems": str(summary.subproblems), "split": summary.split}
    with Journal(path, identity, summary.fields) as journal:
        journal.record([wrong], row)
    done = run_nqueens("count", str(n), "-m", method, "-j", str(path), "--verify", "100000")
    line = _refused(done, status=1)
    assert f"subproblem {wrong} of {path} disagrees" in line
    with pytest.raises(VerificationError, match=f"subproblem {wrong} "):
        nqueens.counting.verify(path, 100000)


def test_verify_needs_a_journal() -> None:
    assert "--journal" in _refused(run_nqueens("count", "9", "--verify", "3"))


_IDENTITY = {"n": "8", "method": "python", "version": "1", "split": "x", "subproblems": "4"}
_FIELDS = ("solutions", "unique")


def test_a_second_count_on_a_journal_in_use_is_refused(tmp_path: Path) -> None:
    """Two counts on one journal both counted everything, silently: the second is refused
    in one line, in this process (another thread) as in another, naming the first."""
    path = tmp_path / "shared.db"
    with Journal(path, _IDENTITY, _FIELDS) as one:
        one.record([0], np.array([[4, 1]], np.int64))
        with pytest.raises(JournalError, match="in use by another count in this process"):
            Journal(path, _IDENTITY, _FIELDS)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from nqueens.engine.runtime.journal import Journal\n"
            f"j = Journal(sys.argv[1], {_IDENTITY!r}, {_FIELDS!r})\n"
            "print('held', flush=True)\ntime.sleep(60)\n",
            str(path),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        running = f"in use by a running count \\(process {holder.pid}"
        with pytest.raises(JournalError, match=running):
            Journal(path, _IDENTITY, _FIELDS)
        line = _refused(
            run_nqueens("count", "8", "-m", "python", "-w", "1", "--journal", str(path))
        )
        assert f"process {holder.pid}:" in line and "shared.db" in line
        from nqueens.engine.runtime.journal import rewrite

        with pytest.raises(JournalError, match="in use by a running count"):
            rewrite(path, {}, [0])  # a repair waits for the count, not writes beneath it
    finally:
        holder.kill()
        holder.wait()
    with Journal(path, _IDENTITY, _FIELDS) as again:  # let go: taken again, rows kept
        assert again.finished() == {0: (4, 1)}


def test_a_journal_made_meanwhile_by_another_is_opened_not_made_twice(tmp_path: Path) -> None:
    """Two counts creating one new journal at once: the second found the file empty,
    then failed with SQLite's "table meta already exists"; now it opens the journal."""
    from nqueens.engine.runtime.journal import _create, connect

    path = tmp_path / "new.db"
    first, second = connect(path), connect(path)
    try:
        identity = {"format": "2", **_IDENTITY, "fields": " ".join(_FIELDS)}
        digest = _create(first, path, identity, _FIELDS)
        assert _create(second, path, identity, _FIELDS) == digest
    finally:
        first.close()
        second.close()


def test_a_journal_read_while_a_count_writes_is_read_in_one_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`read_summary` read the digest, then the rows: a batch recorded between the two
    made a live count's journal look changed by hand. A batch is recorded (by a writer
    in another thread) right between them here; it lands after the reading."""
    import threading

    from nqueens.engine.runtime import journal

    path = tmp_path / "live.db"
    with Journal(path, _IDENTITY, _FIELDS) as count:
        count.record([0], np.array([[4, 1]], np.int64))
    real = journal._read_identity
    writers: list[threading.Thread] = []

    def record_meanwhile() -> None:
        with Journal(path, _IDENTITY, _FIELDS) as count:
            count.record([1], np.array([[6, 2]], np.int64))

    def identity_then_a_batch(*args: object) -> object:
        found = real(*args)  # type: ignore[arg-type]
        if not writers:
            writers.append(threading.Thread(target=record_meanwhile))
            writers[0].start()
            writers[0].join(1.0)  # done at once, unless the reading holds it back
        return found

    monkeypatch.setattr(journal, "_read_identity", identity_then_a_batch)
    assert read_summary(path).rows == {0: (4, 1)}
    writers[0].join()
    monkeypatch.undo()
    assert read_summary(path).rows == {0: (4, 1), 1: (6, 2)}


# ---------------------------------------------------------------------------- forgery
def _forge(path: Path, n: int, method: str, extra: int = 8) -> int:
    """Rewrite one finished row and its digest, as a forger (or a faulty worker) would:
    the journal still matches its digest. Returns the subproblem changed."""
    summary = read_summary(path)
    wrong = sorted(summary.rows)[len(summary.rows) // 2]
    row = np.array([summary.rows[wrong]], np.int64)
    row[0, 0] += extra  # whole symmetry classes still, so no sum can tell
    forget(path, [wrong])
    identity = {"n": str(n), "method": method, "version": METHODS[method].version}
    identity |= {"subproblems": str(summary.subproblems), "split": summary.split}
    with Journal(path, identity, summary.fields) as journal:
        journal.record([wrong], row)
    return wrong


@pytest.mark.parametrize("method", ["backtrack", "join"])
def test_a_forged_journal_is_refused_by_the_published_count(tmp_path: Path, method: str) -> None:
    path = _journal(tmp_path, 11, method)
    honest = read_summary(path).digest
    wrong = _forge(path, 11, method)
    assert read_summary(path).digest != honest  # the digest was rewritten to match
    line = _refused(run_nqueens("count", "11", "-m", method, "-j", str(path)), status=1)
    assert "published count is 2,680" in line and "do not trust" in line
    with pytest.raises(PublishedMismatchError, match="published count is 2,680"):
        nqueens.count(11, method=method, journal=path)
    line = _refused(run_nqueens("count", "11", "-m", method, "-j", str(path), "--verify", "all"), 1)
    assert f"subproblem {wrong} of {path} disagrees" in line
    assert "published count" in _refused(run_nqueens("journal", str(path)), status=1)
    done = run_nqueens("journal", str(path), "--repair", "-w", "1")
    assert done.returncode == 0, done.stderr
    assert f"  subproblem {wrong}: " in done.stdout and "1 disagreed, 0 dropped" in done.stdout
    assert read_summary(path).digest == honest  # exactly the honest journal again
    result = nqueens.count(11, method=method, journal=path)
    assert (result.total, result.unique, result.published) == (*known_counts()[11], True)


def test_repair_is_exact_after_a_truncated_or_stray_row(tmp_path: Path) -> None:
    path = _journal(tmp_path, 11, "backtrack")
    honest = read_summary(path)
    with sqlite3.connect(path) as db:  # damage outside nqueens: the digest no longer matches
        db.execute("UPDATE done SET classes_of_8 = substr(classes_of_8, 1, 1) || 'x' WHERE idx = 3")
        db.execute("DELETE FROM done WHERE idx = 4")
        db.execute("INSERT INTO done VALUES (99999, 1, 2, 3, 4)")
    db.close()
    assert "`nqueens journal --repair` recounts it" in _refused(run_nqueens("journal", str(path)))
    repaired = repair_journal(path, workers=2)
    assert not repaired.digest_matched and repaired.dropped == (99999,)
    assert repaired.replaced == {3: (None, honest.rows[3])}
    assert repaired.recounted == honest.done - 1  # the deleted row is the next count's
    result = nqueens.count(11, method="backtrack", journal=path)
    assert (result.total, result.unique) == known_counts()[11] and result.resumed == honest.done - 1
    assert read_summary(path).digest == honest.digest


def test_repair_refuses_a_journal_whose_identity_was_changed(tmp_path: Path) -> None:
    path = _journal(tmp_path, 10, "backtrack")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '11' WHERE key = 'n'")
    db.close()
    before = _md5(path)
    assert "identity was changed" in _refused(run_nqueens("journal", str(path), "--repair"))
    assert _md5(path) == before


def test_the_journal_command_labels_fields_by_how_they_combine(tmp_path: Path) -> None:
    path = _journal(tmp_path, 10, "join")
    done = run_nqueens("journal", str(path))
    summary = read_summary(path)
    solutions, table_bytes = summary.sums["solutions"], summary.sums["table_bytes"]
    assert table_bytes == max(row[1] for row in summary.rows.values())
    expected = f"solutions {solutions:,} (summed), table_bytes {table_bytes:,} (the largest)"
    assert f"fields so far: {expected}" in done.stdout.splitlines()
    assert "matches the published count" in done.stdout
    record = json.loads(run_nqueens("journal", str(path), "--json").stdout)
    assert record["combined"] == {"solutions": "sum", "table_bytes": "max"}
    assert record["published"] is True


# ---------------------------------------------------------------------------- samples
def test_a_verify_sample_prints_its_seed_and_can_be_repeated(tmp_path: Path) -> None:
    path = _journal(tmp_path, 11, "join")
    first = run_nqueens("count", "11", "-m", "join", "-j", str(path), "--verify", "5")
    said = re.search(
        r"\(seed (\d+); --verify 5 --verify-seed \1 repeats the choice\)", first.stdout
    )
    assert first.returncode == 0 and said is not None, first.stdout
    seed = int(said.group(1))
    again = json.loads(
        run_nqueens(
            "count",
            "11",
            "-m",
            "join",
            "-j",
            str(path),
            "--verify",
            "5",
            "--verify-seed",
            str(seed),
            "--json",
        ).stdout
    )
    chosen = nqueens.counting.verify(path, 5, seed=seed)
    assert again["verified"] == list(chosen.checked) and again["verify_seed"] == seed
    assert len(set(chosen.checked)) == 5 and chosen.finished == read_summary(path).done
    every = nqueens.counting.verify(path, "all")
    assert every.seed is None and every.checked == tuple(sorted(read_summary(path).rows))
    assert nqueens.counting.verify(path, 5).seed is not None  # a new seed, said


def test_verify_options_are_checked() -> None:
    assert "'some'" in _refused(run_nqueens("count", "9", "-j", "x.sqlite", "--verify", "some"))
    assert "--verify K" in _refused(run_nqueens("count", "9", "--verify-seed", "3"))


def test_a_count_past_the_published_table_says_it_is_new() -> None:
    from nqueens.engine.runtime.verify import Verification, versus_published
    from nqueens.known import published_count
    from nqueens.render.counted import new_count

    assert versus_published(28, 1, 1) is False and published_count(27) is not None
    line = new_count(28, "classic", None)
    assert line.startswith("new: no count for N = 28 is published (the table ends at N = 27)")
    assert "--verify all" in line
    every = Verification(Path("j"), 28, "join", (0, 1), "a search", finished=2, seed=None)
    assert "every subproblem recounted independently" in new_count(28, "classic", every)
    assert "(the table ends at N = 19)" in new_count(23, "toroidal", None)
    with pytest.raises(PublishedMismatchError, match="published count is 92, 12 unique"):
        versus_published(8, 92, 11)


def test_a_journal_whose_columns_are_not_its_methods_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Written by a version of the method with other fields (its version not bumped, say):
    one line, not a traceback from adding up columns that are not there."""
    from dataclasses import replace

    path = _journal(tmp_path, 9, "backtrack")
    fewer = replace(METHODS["backtrack"], fields=METHODS["backtrack"].fields[:3])
    monkeypatch.setitem(METHODS, "backtrack", fewer)
    with pytest.raises(JournalMismatchError, match="not what this version's backtrack method"):
        read_summary(path)


# ---------------------------------------------------------------- issue 38: F14, F16
def _redigest(path: Path) -> None:
    """Write the digest that matches the journal as it stands (as a forger would)."""
    from nqueens.engine.runtime.journal import _digest_of

    with sqlite3.connect(path) as db:
        stored = dict(db.execute("SELECT key, value FROM meta").fetchall())
        stored.pop("digest")
        fields = ", ".join(f'"{f}"' for f in stored["fields"].split())
        rows = db.execute(f"SELECT idx, {fields} FROM done").fetchall()
        digest = f"{_digest_of(stored, rows):064x}"
        db.execute("UPDATE meta SET value = ? WHERE key = 'digest'", (digest,))
    db.close()


@pytest.mark.parametrize("key", ["n", "subproblems"])
@pytest.mark.parametrize("redigested", [False, True])
def test_an_identity_edited_to_text_is_one_line_everywhere(
    tmp_path: Path, key: str, redigested: bool
) -> None:
    """F14: `journal --repair` (which `nqueens journal` recommends for a journal changed
    by hand) raised ValueError on metadata that is not a number, and so did `journal`
    and `count` once the digest was made to match."""
    path = _journal(tmp_path, 8, "backtrack")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = 'abc' WHERE key = ?", (key,))
    db.close()
    if redigested:
        _redigest(path)
    before = _md5(path)
    for args in (("journal", str(path)), ("journal", str(path), "--repair"),
                 ("count", "8", "-m", "backtrack", "-j", str(path))):  # fmt: skip
        line = _refused(_here(*args))
        assert "identity was changed" in line or "does not match its digest" in line, line
    assert _md5(path) == before


def _here(*args: str) -> subprocess.CompletedProcess[str]:
    """`nqueens ARGS` in this process, as a completed process (for `_refused`)."""
    result = invoke(*args)
    return subprocess.CompletedProcess(args, result.status, result.stdout, result.stderr)


def test_rows_edited_to_text_are_one_line_and_repaired(tmp_path: Path) -> None:
    """F14: text where a count belongs, with a digest made to match."""
    path = _journal(tmp_path, 8, "backtrack")
    honest = read_summary(path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE done SET classes_of_8 = 'many' WHERE idx = 0")
    db.close()
    _redigest(path)
    for args in (("journal", str(path)), ("count", "8", "-m", "backtrack", "-j", str(path))):
        assert "holds text where numbers belong" in _refused(_here(*args))
    done = _here("journal", str(path), "--repair", "-w", "1")
    assert done.returncode == 0, done.stderr
    assert "subproblem 0: unreadable, now the recount" in done.stdout
    assert read_summary(path).digest == honest.digest


def test_a_full_disk_is_said_as_such(tmp_path: Path) -> None:
    """F16: SQLite rolls a transaction back itself when the disk is full; rolling back
    again failed, and its message ("cannot rollback - no transaction is active") hid the
    first. SQLite's page limit makes the disk full here."""
    with Journal(tmp_path / "j.db", {"n": "8", "subproblems": "100000"}, ["a", "b"]) as journal:
        pages = journal._db.execute("PRAGMA page_count").fetchone()[0]
        journal._db.execute(f"PRAGMA max_page_count = {pages + 2}")
        with pytest.raises(JournalError, match="database or disk is full"):
            for start in range(0, 100_000, 500):
                journal.record(range(start, start + 500), np.ones((500, 2), np.int64))
        kept = journal.done()
    with sqlite3.connect(tmp_path / "j.db") as db:  # what was recorded is whole
        assert db.execute("SELECT count(*) FROM done").fetchone()[0] == kept
    db.close()
    assert 0 < kept < 100_000


def _limited(size: int) -> None:
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def test_a_journal_that_cannot_be_made_leaves_nothing(tmp_path: Path) -> None:
    """F16: on a full disk `count --journal` refused, but left an empty journal behind.
    A file-size limit of 0 bytes plays the full disk (the write fails as it would)."""
    done = subprocess.run(
        [*NQUEENS, "count", "8", "--journal", "j.db"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=lambda: _limited(0),
    )
    assert "cannot use the journal j.db" in _refused(done)
    assert list(tmp_path.iterdir()) == []


def test_a_journal_that_fills_its_disk_mid_count_keeps_what_it_recorded(tmp_path: Path) -> None:
    done = subprocess.run(
        [*NQUEENS, "count", "14", "-m", "backtrack", "-w", "1", "--batch-size", "1", "-j", "j.db"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=lambda: _limited(24_576),
    )
    line = _refused(done)
    assert "cannot write the journal j.db" in line and "rollback" not in line
    assert 0 < read_summary(tmp_path / "j.db").done < 1000


def test_n_1_checks_its_options_as_any_n(tmp_path: Path) -> None:
    journal = str(tmp_path / "one.db")
    assert "K/M" in _refused(run_nqueens("count", "1", "--part", "abc", "--journal", journal))
    done = run_nqueens("count", "1", "--verify", "3", "--journal", journal)
    assert "no journal at" not in done.stderr
    assert "N = 1 is answered at once and keeps no journal" in _refused(done)
