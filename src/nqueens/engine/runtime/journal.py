"""A SQLite record of finished subproblems, so that a count resumes after a crash.

Each finished batch is committed in one transaction, so a kill -9 loses at most the
batches in flight; a subproblem is recorded once (its index is the primary key), so none
is ever counted twice. The table `done` has one column per field of the method (named
in its registry entry: `classes_of_8`, `solutions`, ...). The table `meta` records what
the journal belongs to (format, N, method and its version, the split) and a digest of
all that and of every row, updated in the same transaction as the rows: a journal made
for other work, written by an earlier format, or changed by hand is refused, never mixed
in. A file that is not a journal (another SQLite database, any other file) is refused
without being touched, and the place is checked before any work starts.

One count writes a journal at a time: it holds a lock on the file (claim.py's `Claim`)
while it runs, and a second count, here or in another process, is refused with a line
naming the first. A reader (`nqueens journal`) takes no lock but reads in one
transaction, so a count's batch lands wholly before or after what it reads, never
between its digest and its rows.

About 500 lines, on purpose: the writer and the readers (summary, unchecked rows, a
repair's rewrite) share the format's private parts (the digest, the identity, the meta
table), which no other module should know.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from nqueens.engine.registry import METHODS
from nqueens.engine.runtime.claim import Claim
from nqueens.errors import JournalError, JournalMismatchError, shorten
from nqueens.files import followed, name_max, not_a_file, system_reason
from nqueens.i18n import N_, _, pgettext
from nqueens.messages import apart

__all__ = [
    "FORMAT",
    "Journal",
    "JournalSummary",
    "Unchecked",
    "check_place",
    "connect",
    "read_summary",
    "read_unchecked",
    "rewrite",
]

FORMAT = "2"
"""The journal's layout: 2 names its columns per method and keeps a digest. Format 1
(columns c2, c4, c8, nodes for every method) is refused: its columns meant other things."""

_SQLITE_HEADER = b"SQLite format 3\x00"
_MODULUS = 1 << 256


def _row_hash(*values: object) -> int:
    text = " ".join(str(v) for v in values)
    return int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")


def _digest_of(identity: dict[str, str], rows: Iterable[Sequence[int]]) -> int:
    """The sum (mod 2^256) of the hashes of the identity and of every row: the same
    whatever order the rows were recorded in, and updated by adding a batch's hashes."""
    total = sum(_row_hash("meta", k, v) for k, v in sorted(identity.items()))
    return (total + sum(_row_hash(*row) for row in rows)) % _MODULUS


def _columns(fields: Sequence[str]) -> str:
    """The fields as quoted column names (a field may be an SQL word, such as `unique`)."""
    return ", ".join(f'"{name}"' for name in fields)


COMPANION = "-journal"
"""SQLite's rollback journal, kept beside the file under its name and this ending while a
transaction is written: the file's name must leave room for it."""


def connect(path: str | Path, *, read_only: bool = False) -> sqlite3.Connection:
    """The one way a journal is opened: by a `file:` URI built from the path quoted, so
    that a `#`, `?` or `%` in a name is part of the name (a URI would read `n#1.db` as
    the file `n`); read-only when asked, never creating a file then."""
    # absolute(), not abspath: `link/..` is the kernel's to follow, not folded as text
    uri = Path(path).absolute().as_uri() + ("?mode=ro" if read_only else "")
    return sqlite3.connect(uri, uri=True, isolation_level=None)


def _rollback(db: sqlite3.Connection) -> None:
    """Roll back the open transaction, if SQLite has not already (it does itself when a
    write fails for a full disk or an I/O error: rolling back again would fail, and its
    message hide the first)."""
    if db.in_transaction:
        db.execute("ROLLBACK")


_CANNOT = {
    "create": N_("cannot create the journal {path} ({reason})"),
    "open": N_("cannot open the journal {path} ({reason})"),
    "use": N_("cannot use the journal {path} ({reason})"),
    "read": N_("cannot read the journal {path} ({reason})"),
    "write": N_("cannot write the journal {path} ({reason})"),
}


def identity_label(key: str) -> str:
    """A key of a journal's identity as its differences name it: the key itself in
    English (n, subproblems, split), the thing it means in Japanese."""
    labels = {
        "format": pgettext("a journal's identity", "format"),
        "n": pgettext("a journal's identity", "n"),
        "method": pgettext("a journal's identity", "method"),
        "version": pgettext("a journal's identity", "version"),
        "subproblems": pgettext("a journal's identity", "subproblems"),
        "split": pgettext("a journal's identity", "split"),
        "part": pgettext("a journal's identity", "part"),
        "fields": pgettext("a journal's identity", "fields"),
    }
    return labels.get(key, key)


OPTIONAL_IDENTITY = ("part",)
"""Keys of a journal's identity that only some journals have (a part's journal says which
share it holds; a whole count's says none): a journal that has one is other work than a
count without it, and the other way round."""


def _said(key: str, value: str | None) -> str:
    """A value of a journal's identity as a difference names it (a key it lacks: none,
    which for the part is the whole count's)."""
    if value is not None:
        return value
    return _("(none: the whole count)") if key == "part" else _("(none)")


def _cannot(doing: str, path: Path, error: BaseException) -> str:
    """What failed with the journal, and the system's (or SQLite's) reason."""
    reason = getattr(error, "strerror", None) or error
    return _(_CANNOT[doing]).format(path=path, reason=reason)


def _not_a_journal(path: Path) -> str:
    return _("{path} is not a journal (not an SQLite file): give another file").format(path=path)


def _no_journal(path: Path) -> str:
    return _("no journal at {path}: give the file a count wrote with --journal").format(path=path)


def check_place(path: Path) -> bool:
    """Whether the journal exists; refuse a place it could not be kept in (a directory, a
    stream, a missing or read-only folder, a read-only or foreign file, a name too long
    for SQLite's own journal beside it), before any work starts. A FIFO or a device is
    told by its kind, never opened (opening a FIFO would wait for a writer); a symlink
    only where the kernel would follow it (`files.followed`), and judged by its target,
    which SQLite creates where the link points to nothing yet."""
    target = followed(path)
    kind = not_a_file(path)  # by its name (`-`, /dev/stdout) or what it leads to
    if kind is not None and os.path.isdir(path):
        raise JournalError(
            _("journal {path} is a directory: give a file name for --journal").format(path=path)
        )
    if kind is not None:
        raise JournalError(
            _("journal {path} is {kind}, not a file: give a file name for --journal").format(
                path=shorten(str(path)), kind=kind
            )
        )
    folder = target.parent
    if not folder.is_dir():
        raise JournalError(
            _("cannot keep a journal in {folder}: no such folder").format(folder=folder)
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise JournalError(
            _("cannot keep a journal in {folder}: the folder is read-only").format(folder=folder)
        )
    most = name_max(folder) - len(COMPANION)
    if len(os.fsencode(path.name)) > most:
        raise JournalError(
            _(
                "journal name {name} is too long: SQLite keeps NAME{companion} beside it; give "
                "a name of at most {most} bytes"
            ).format(name=shorten(path.name), companion=COMPANION, most=most)
        )
    if not target.exists():
        try:  # the surest test that it can be created: create it (and leave no trace)
            target.touch(exist_ok=False)
            target.unlink()
        except OSError as error:
            if error.errno == errno.ENOENT:  # the folder is there: it makes no files (/proc)
                raise JournalError(
                    _(
                        "cannot keep a journal in {folder}: the folder takes no new files (the "
                        "system says: {reason})"
                    ).format(folder=folder, reason=system_reason(error))
                ) from None
            raise JournalError(_cannot("create", path, error)) from None
        return False
    if not os.access(path, os.R_OK | os.W_OK):
        raise JournalError(
            _("cannot write the journal {path}: the file is read-only").format(path=path)
        )
    with path.open("rb") as f:
        header = f.read(len(_SQLITE_HEADER))
    if header and header != _SQLITE_HEADER:
        raise JournalError(_not_a_journal(path))
    return bool(header)


class Journal:
    """Finished subproblems of one count, kept in a SQLite file.

    `identity` is what the journal belongs to; `fields` the method's column names.
    """

    def __init__(self, path: str | Path, identity: dict[str, str], fields: Sequence[str]) -> None:
        self.path = Path(path)
        self.fields = tuple(fields)
        self.identity = {"format": FORMAT, **identity, "fields": " ".join(self.fields)}
        existing = check_place(self.path)
        try:
            self._claim = Claim(self.path)
        except JournalError:
            raise
        except OSError as error:
            raise JournalError(_cannot("create", self.path, error)) from None
        try:
            self._db = connect(self.path)
        except sqlite3.Error as error:
            self._forget_new(existing)
            raise JournalError(_cannot("open", self.path, error)) from None
        try:
            self._digest = _open_or_create(self._db, self.path, self.identity, self.fields)
        except sqlite3.Error as error:
            self._db.close()
            self._forget_new(existing)
            raise JournalError(_cannot("use", self.path, error)) from None
        except BaseException:
            self._db.close()
            self._forget_new(existing)
            raise

    def _forget_new(self, existing: bool) -> None:
        """Remove the empty file a failed creation left (a full disk, an interrupt): a
        refused journal leaves nothing behind. A file with anything in it is another
        count's, made meanwhile, and stays."""
        if not existing:
            with contextlib.suppress(OSError):
                if self.path.stat().st_size == 0:
                    self.path.unlink()
        self._claim.release()

    def finished(self) -> dict[int, tuple[int, ...]]:
        """{subproblem index: its fields} for every subproblem already done."""
        rows = self._db.execute(f"SELECT idx, {_columns(self.fields)} FROM done").fetchall()
        return {idx: tuple(counts) for idx, *counts in rows}

    def done(self) -> int:
        """How many subproblems the journal holds now."""
        return int(self._db.execute("SELECT count(*) FROM done").fetchone()[0])

    def record(self, indices: Iterable[int], counts: npt.NDArray[np.int64]) -> None:
        """Record a finished batch (one row of fields each) and the digest, all or nothing;
        a subproblem already recorded keeps its first count."""
        rows = [(int(i), *(int(x) for x in c)) for i, c in zip(indices, counts, strict=True)]
        marks = ", ".join("?" * (1 + len(self.fields)))
        try:
            self._db.execute("BEGIN IMMEDIATE")  # the write lock: another writer waits
            try:
                known = {
                    idx
                    for (idx,) in self._db.execute(
                        f"SELECT idx FROM done WHERE idx IN ({', '.join('?' * len(rows))})",
                        [r[0] for r in rows],
                    )
                }
                fresh = [r for r in rows if r[0] not in known]
                self._db.executemany(f"INSERT INTO done VALUES ({marks})", fresh)
                (stored,) = self._db.execute(
                    "SELECT value FROM meta WHERE key = 'digest'"
                ).fetchone()
                digest = (int(stored, 16) + sum(_row_hash(*r) for r in fresh)) % _MODULUS
                self._db.execute(
                    "UPDATE meta SET value = ? WHERE key = 'digest'", (f"{digest:064x}",)
                )
            except BaseException:
                _rollback(self._db)
                raise
            self._db.execute("COMMIT")
        except sqlite3.Error as error:
            raise JournalError(_cannot("write", self.path, error)) from None
        self._digest = digest

    @property
    def digest(self) -> str:
        return f"{self._digest:064x}"

    def close(self) -> None:
        self._db.close()
        self._claim.release()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _open_or_create(
    db: sqlite3.Connection, path: Path, identity: dict[str, str], fields: Sequence[str]
) -> int:
    """The journal's digest: of the journal the file holds, checked against `identity`,
    or of a new one created in it. Decided under the write lock, so that two processes
    (or threads) that find the same new file both end with one journal, made once."""
    if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0:
        return _open_existing(db, path, identity, fields)
    return _create(db, path, identity, fields)


def _create(
    db: sqlite3.Connection, path: Path, identity: dict[str, str], fields: Sequence[str]
) -> int:
    columns = ", ".join(f'"{name}" INTEGER NOT NULL' for name in fields)
    digest = _digest_of(identity, [])
    db.execute("BEGIN IMMEDIATE")
    try:
        if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0:
            _rollback(db)  # made meanwhile, by another: opened as it is
            return _open_existing(db, path, identity, fields)
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute(f"CREATE TABLE done (idx INTEGER PRIMARY KEY, {columns})")
        db.executemany("INSERT INTO meta VALUES (?, ?)", [*identity.items()])
        db.execute("INSERT INTO meta VALUES ('digest', ?)", (f"{digest:064x}",))
    except BaseException:
        _rollback(db)
        raise
    db.execute("COMMIT")
    return digest


def _read_identity(db: sqlite3.Connection, path: Path) -> tuple[dict[str, str], str]:
    """The stored identity and digest, after checking the file is one of our journals,
    of this format (but not yet that its rows match the digest)."""
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if tables != {"meta", "done"}:
        raise JournalError(
            _("{path} is an SQLite file but not an nqueens journal: give another file").format(
                path=path
            )
        )
    stored = dict(db.execute("SELECT key, value FROM meta").fetchall())
    if stored.get("format") != FORMAT:
        raise JournalMismatchError(
            _(
                "journal {path} is from an earlier nqueens (format {format}; its columns meant "
                "other things): start a new one"
            ).format(path=path, format=stored.get("format", "1"))
        )
    for key in ("n", "subproblems"):
        if not str(stored.get(key, "")).isdecimal() or not str(stored[key]).isascii():
            raise JournalMismatchError(
                _(
                    "journal {path}: its identity was changed ({key} = {value} is not a "
                    "number); start a new one"
                ).format(path=path, key=key, value=shorten(str(stored.get(key)), 24))
            )
    recorded = stored.pop("digest", "")
    return stored, recorded


def _read_meta(
    db: sqlite3.Connection, path: Path
) -> tuple[dict[str, str], str, list[tuple[int, ...]]]:
    """The stored identity, its digest and the rows, after checking the file is one of
    our journals, of this format, and unchanged since nqueens last wrote it. Called
    within one transaction, so that the digest and the rows are of the same moment."""
    stored, recorded = _read_identity(db, path)
    fields = stored.get("fields", "").split()
    rows = db.execute(f"SELECT idx, {_columns(fields)} FROM done").fetchall()
    if recorded != f"{_digest_of(stored, rows):064x}":
        raise JournalMismatchError(
            _(
                "journal {path} does not match its digest (changed outside nqueens): "
                "`nqueens journal --repair` recounts it"
            ).format(path=path)
        )
    if not all(type(value) is int for row in rows for value in row):
        raise JournalMismatchError(
            _(
                "journal {path} holds text where numbers belong (changed outside nqueens): "
                "`nqueens journal --repair` recounts those rows"
            ).format(path=path)
        )
    return stored, recorded, rows


def _open_existing(
    db: sqlite3.Connection, path: Path, identity: dict[str, str], fields: Sequence[str]
) -> int:
    db.execute("BEGIN")
    try:
        stored, _recorded, rows = _read_meta(db, path)
    finally:
        _rollback(db)
    keys = [*identity, *(key for key in OPTIONAL_IDENTITY if key in stored and key not in identity)]
    differences = [
        _("{key} {stored} here, {value} now").format(
            key=identity_label(key),
            stored=_said(key, stored.get(key)),
            value=_said(key, identity.get(key)),
        )
        for key in keys
        if stored.get(key) != identity.get(key)
    ]
    if differences:
        raise JournalMismatchError(
            _(
                "journal {path} was made for other work ({differences}): use a new --journal "
                "file, or rerun the command that made it"
            ).format(path=path, differences=apart(differences))
        )
    db.execute("BEGIN IMMEDIATE")  # can it still be written? (a read-only place says no)
    try:
        db.execute("UPDATE meta SET value = value WHERE key = 'format'")
    finally:
        _rollback(db)
    return _digest_of(stored, rows)


@dataclass(frozen=True)
class JournalSummary:
    """What a journal holds: its identity, how far the count got, its fields' sums."""

    path: Path
    n: int
    method: str
    done: int
    subproblems: int
    sums: dict[str, int]
    digest: str
    split: str
    rows: dict[int, tuple[int, ...]] = field(repr=False, default_factory=dict)
    part: str | None = None  # "K/M" for a part's journal (`count --part`)
    identity: dict[str, str] = field(repr=False, default_factory=dict)  # as stored

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(self.sums)

    @property
    def share(self) -> int:
        """The subproblems this journal is to hold: a part's share, or all of them."""
        from nqueens.engine.runtime.parts import Part, share

        if self.part is None:
            return self.subproblems
        return len(share(self.subproblems, Part.from_string(self.part)))

    @property
    def finished(self) -> bool:
        return self.done == self.share


def read_summary(path: str | Path) -> JournalSummary:
    """Read a journal without writing to it, refusing one that is not ours, of another
    format, or changed by hand; its fields combined as its method combines them."""
    path = Path(path)
    kind = not_a_file(path)
    if kind is not None:
        raise JournalError(
            _("{path} is {kind}, not a journal: give the file a count wrote with --journal").format(
                path=shorten(str(path)), kind=kind
            )
        )
    if not path.is_file():
        raise JournalError(_no_journal(path))
    with path.open("rb") as f:
        if f.read(len(_SQLITE_HEADER)) != _SQLITE_HEADER:
            raise JournalError(_not_a_journal(path))
    try:
        db = connect(path, read_only=True)
    except sqlite3.Error as error:
        raise JournalError(_cannot("open", path, error)) from None
    try:
        db.execute("BEGIN")  # one reading: a count's batch lands before it or after
        stored, digest, found = _read_meta(db, path)
        fields = stored["fields"].split()
        rows = {idx: tuple(values) for idx, *values in found}
        method = METHODS[stored["method"]]
    except (sqlite3.Error, KeyError) as error:
        raise JournalError(_cannot("read", path, error)) from None
    finally:
        db.close()
    if fields != [f.name for f in method.fields]:
        raise JournalMismatchError(
            _(
                "journal {path} holds {fields}, not what this version's {method} method counts "
                "({counted}): start a new one"
            ).format(
                path=path,
                fields=" ".join(fields) or _("no fields"),
                method=method.name,
                counted=" ".join(f.name for f in method.fields),
            )
        )
    table = np.array(list(rows.values()), np.int64).reshape(len(rows), len(fields))
    combined = method.sum_rows(table)
    totals = dict(zip(fields, combined, strict=True))
    return JournalSummary(
        path,
        int(stored["n"]),
        stored["method"],
        len(rows),
        int(stored.get("subproblems", "0")),
        totals,
        digest,
        stored.get("split", ""),
        rows,
        stored.get("part"),
        stored,
    )


@dataclass(frozen=True)
class Unchecked:
    """A journal as it stands, its digest not trusted: its identity, the rows that read as
    whole numbers, and the indices of those that do not (to be counted again)."""

    path: Path
    identity: dict[str, str]
    rows: dict[int, tuple[int, ...]]
    unreadable: tuple[object, ...]
    digest_matches: bool


def read_unchecked(path: str | Path) -> Unchecked:
    """Read a journal whose digest may not match (to repair it): refused only when the
    file is not one of our journals, or of another format."""
    path = Path(path)
    check_place(path)
    if not path.exists():
        raise JournalError(_no_journal(path))
    db = connect(path)
    try:
        db.execute("BEGIN")  # one reading, as `read_summary`'s
        stored, recorded = _read_identity(db, path)
        fields = stored.get("fields", "").split()
        found = db.execute(f"SELECT idx, {_columns(fields)} FROM done").fetchall()
    except sqlite3.Error as error:
        raise JournalError(_cannot("read", path, error)) from None
    finally:
        db.close()
    rows: dict[int, tuple[int, ...]] = {}
    unreadable = []
    for idx, *values in found:
        if all(type(v) is int for v in values):
            rows[idx] = tuple(values)
        else:  # a value cut short or overwritten: text, a blob, a real number
            unreadable.append(idx)
    matches = recorded == f"{_digest_of(stored, found):064x}"
    return Unchecked(path, stored, rows, tuple(unreadable), matches)


def rewrite(path: str | Path, replace: dict[int, tuple[int, ...]], drop: Iterable[object]) -> str:
    """Replace rows (`replace`: index -> fields) and delete others (`drop`: indices as
    stored) in one transaction, then write a fresh digest of every row; returns it.
    Refused while a count writes the journal (`Claim`)."""
    path = Path(path)
    claim = Claim(path)
    db = connect(path)
    try:
        stored, _ = _read_identity(db, path)
        fields = stored["fields"].split()
        marks = ", ".join("?" * (1 + len(fields)))
        db.execute("BEGIN IMMEDIATE")
        try:
            db.executemany("DELETE FROM done WHERE idx = ?", [(i,) for i in drop])
            db.executemany(
                f"INSERT OR REPLACE INTO done VALUES ({marks})",
                [(i, *values) for i, values in replace.items()],
            )
            rows = db.execute(f"SELECT idx, {_columns(fields)} FROM done").fetchall()
            digest = f"{_digest_of(stored, rows):064x}"
            db.execute("UPDATE meta SET value = ? WHERE key = 'digest'", (digest,))
        except BaseException:
            _rollback(db)
            raise
        db.execute("COMMIT")
    except sqlite3.Error as error:
        raise JournalError(_cannot("write", path, error)) from None
    finally:
        db.close()
        claim.release()
    return digest
