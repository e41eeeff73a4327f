"""A SQLite record of finished subproblems, so that a count resumes after a crash.

Each finished batch is committed in one transaction, so a kill -9 loses at most the
batches in flight; a subproblem is recorded once (its index is the primary key), so none
is ever counted twice. The journal also records what it belongs to: N, the split, and the
engine version. A journal made for other work is refused rather than mixed in.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType

import numpy as np
import numpy.typing as npt

from nqueens.errors import JournalMismatchError

__all__ = ["Journal"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS done (
    idx INTEGER PRIMARY KEY,
    c2 INTEGER NOT NULL, c4 INTEGER NOT NULL, c8 INTEGER NOT NULL, nodes INTEGER NOT NULL
);
"""


class Journal:
    """Finished subproblems of one count, kept in a SQLite file."""

    def __init__(self, path: str | Path, identity: dict[str, str]) -> None:
        self.path = Path(path)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)
            self._db.executescript(_SCHEMA)
            self._check_identity(identity)
        except sqlite3.DatabaseError as error:
            raise JournalMismatchError(
                f"{self.path} is not a usable journal ({error}); give another --journal file"
            ) from None

    def _check_identity(self, identity: dict[str, str]) -> None:
        stored = dict(self._db.execute("SELECT key, value FROM meta").fetchall())
        if not stored:
            with self._db:
                self._db.execute("BEGIN")
                self._db.executemany("INSERT INTO meta VALUES (?, ?)", identity.items())
            return
        differences = [
            f"{key} {stored.get(key)!s} here, {value} now"
            for key, value in identity.items()
            if stored.get(key) != value
        ]
        if differences:
            raise JournalMismatchError(
                f"journal {self.path} was made for other work ({'; '.join(differences)}): "
                "use a new --journal file, or rerun the command that made it"
            )

    def finished(self) -> dict[int, tuple[int, ...]]:
        """{subproblem index: (c2, c4, c8, nodes)} for every subproblem already done."""
        rows = self._db.execute("SELECT idx, c2, c4, c8, nodes FROM done").fetchall()
        return {idx: tuple(counts) for idx, *counts in rows}

    def record(self, indices: Iterable[int], counts: npt.NDArray[np.int64]) -> None:
        """Record a finished batch (rows of c2, c4, c8, nodes), all or nothing."""
        rows = [(int(i), *(int(x) for x in c)) for i, c in zip(indices, counts, strict=True)]
        self._db.execute("BEGIN")
        try:
            self._db.executemany("INSERT OR IGNORE INTO done VALUES (?, ?, ?, ?, ?)", rows)
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
