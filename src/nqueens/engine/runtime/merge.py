"""Merge the journals of a count's parts (`--part K/M`) into the journal of the whole.

The parts must belong to one run (the same N, method and version, split and fields),
all M of them, each finished, none holding another's subproblems: anything else is
refused in one line before a file is written. The merged journal is the one the whole
count would have written (without `--part`), so `nqueens journal` reads its total and
unique count and digest, `--verify` recounts from it, and rerunning the whole command
against it finds nothing left to do.

A part's digest proves only that the file is as the program that last wrote it left it:
anyone can compute a digest, so a part whose rows were changed and its digest computed
again passes that check. What catches such a part is a recount: by default a sample of
each part's finished subproblems (`RECOUNT`, chosen at random) is counted again here
and must agree, so that a part with a share `f` of its rows changed passes unseen with
probability (1 - f)^k for k subproblems sampled; `recount=0` skips it, `"all"` recounts
every one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from nqueens.engine.runtime.claim import Claim
from nqueens.engine.runtime.journal import Journal, JournalSummary, identity_label, read_summary
from nqueens.engine.runtime.parts import Part, share
from nqueens.engine.runtime.totals import journal_totals
from nqueens.errors import CountInterrupted, JournalError, JournalMismatchError, shorten
from nqueens.files import check_output_place, not_a_file, output_path
from nqueens.i18n import _
from nqueens.messages import apart

__all__ = ["merge_journals"]

_CHUNK = 500
_OWN = ("format", "fields", "part")  # what a Journal writes itself, and the share


@dataclass(frozen=True)
class _Piece:
    path: Path
    identity: dict[str, str]
    part: Part
    rows: dict[int, tuple[int, ...]]


def _read_piece(path: Path) -> _Piece:
    summary = read_summary(path)  # refuses a file that is not a journal, or was edited
    stored = summary.identity
    if "part" not in stored:
        raise JournalMismatchError(
            _(
                "journal {path} is a whole count, not a part: merge the journals of --part runs"
            ).format(path=path)
        )
    return _Piece(path, stored, Part.from_string(stored["part"]), summary.rows)


def _same_run(first: _Piece, other: _Piece) -> None:
    keys = sorted((set(first.identity) | set(other.identity)) - {"part"})
    differences = [
        _("{key} {there} there, {here} here").format(
            key=identity_label(key), there=first.identity.get(key), here=other.identity.get(key)
        )
        for key in keys
        if first.identity.get(key) != other.identity.get(key)
    ]
    if differences:
        raise JournalMismatchError(
            _(
                "journal {path} belongs to another run than {first} ({differences}): merge "
                "the parts of one command"
            ).format(path=other.path, first=first.path, differences=apart(differences))
        )
    if first.part.m != other.part.m:
        raise JournalMismatchError(
            _(
                "journal {path} is part {part} but {first} is part {first_part}: the parts of "
                "one run share M"
            ).format(path=other.path, part=other.part, first=first.path, first_part=first.part)
        )


def _check_shares(pieces: Sequence[_Piece], subproblems: int) -> None:
    """Each K once, all M present, every share finished and holding only its own."""
    seen: dict[int, Path] = {}
    for piece in pieces:
        k = piece.part.k
        if k in seen:
            raise JournalError(
                _("overlapping parts: part {part} is both {one} and {other}").format(
                    part=piece.part, one=seen[k], other=piece.path
                )
            )
        seen[k] = piece.path
    m = pieces[0].part.m
    missing = [f"{k}/{m}" for k in range(1, m + 1) if k not in seen]
    if missing:
        raise JournalError(
            _("incomplete: part {missing} missing; merge all {m} parts of the run").format(
                missing=", ".join(missing), m=m
            )
        )
    for piece in pieces:
        wanted = set(share(subproblems, piece.part).tolist())
        held = set(piece.rows)
        if not held <= wanted:
            stray = min(held - wanted)
            raise JournalError(
                _(
                    "overlapping parts: {path} (part {part}) holds subproblem {stray}, which "
                    "belongs to another part"
                ).format(path=piece.path, part=piece.part, stray=stray)
            )
        if held != wanted:
            raise JournalError(
                _(
                    "incomplete: {path} (part {part}) has {done} of {wanted} subproblems done; "
                    "rerun its command to finish it"
                ).format(
                    path=piece.path,
                    part=piece.part,
                    done=f"{len(held):,}",
                    wanted=f"{len(wanted):,}",
                )
            )


RECOUNT = 64
"""Subproblems of each part recounted by default before a merge: a part with 5% of its
rows changed passes unseen with probability 0.95^64, about 4%; one with a tenth changed,
0.1%. It costs 64 subproblems' time a part (a share of its count: 64 of its share)."""


def _recount_sample(pieces: Sequence[_Piece], recount: int | str) -> None:
    """Recount `recount` finished subproblems of each part (chosen at random; "all":
    every one), refusing the merge at the first that disagrees."""
    if recount == 0:
        return
    from nqueens.engine.runtime.verify import verify_journal

    for piece in pieces:
        verify_journal(piece.path, recount)  # type: ignore[arg-type]


def merge_journals(
    paths: Sequence[str | Path], out: str | Path, *, recount: int | str = RECOUNT
) -> JournalSummary:
    """Merge the finished journals of all parts of one run into `out` (written under a
    temporary name and renamed), and return the merged journal's summary; first
    `recount` subproblems of each part (0: none, "all": every one) are counted again,
    since a digest alone does not show a forged part (see the module's docstring).

    Raises
    ------
    JournalMismatchError
        A journal of a whole count, or of another run (N, method, version, split, M).
    JournalError
        A part given twice or holding another's subproblems (overlap), a part missing or
        unfinished (gap), `out` one of the parts, or a file that is not a journal.
    VerificationError
        A recounted subproblem that disagrees with its part's journal.
    """
    from nqueens.engine.runtime.verify import recount_samples

    if recount != 0:
        recount = recount_samples(recount, "recount")
    if isinstance(paths, str | Path):  # one name: its characters are no list of journals
        paths = [paths]
    if not paths:
        raise JournalError(_("nothing to merge: give the journals of every part"))
    kind = not_a_file(out)
    if kind is not None:  # `-`, a FIFO, /dev/null: a database is no stream
        raise JournalError(
            _("--out {out} is {kind}: a merged journal is a file, give its name").format(
                out=shorten(str(out)), kind=kind
            )
        )
    check_output_place(out)
    target = Path(out)
    inputs = [Path(p) for p in paths]
    for path in inputs:
        if target.exists() and path.exists() and path.samefile(target):
            raise JournalError(
                _("--out {out} is one of the parts: give a new file").format(out=target)
            )
    pieces = [_read_piece(path) for path in inputs]
    for other in pieces[1:]:
        _same_run(pieces[0], other)
    identity = pieces[0].identity
    _check_shares(pieces, int(identity["subproblems"]))
    try:
        _recount_sample(pieces, recount)
    except KeyboardInterrupt:  # said, not a bare status 130
        raise CountInterrupted(
            _("interrupted while recounting the parts: nothing was merged, and the parts "
              "are as they were")
        ) from None  # fmt: skip
    fields = identity["fields"].split()
    whole = {key: value for key, value in identity.items() if key not in _OWN}
    indices = sorted(i for piece in pieces for i in piece.rows)
    rows = {i: row for piece in pieces for i, row in piece.rows.items()}
    counts = np.array([rows[i] for i in indices], np.int64).reshape(len(indices), len(fields))
    # A count writing into `out` would lose its work to the rename: refused, as a second
    # count is (and held until the merge is in place, so that none starts meanwhile).
    claim = _claim(target)
    try:
        with output_path(target) as temporary:
            with Journal(temporary, whole, fields) as merged:
                for start in range(0, len(indices), _CHUNK):  # SQLite's limit of parameters
                    merged.record(indices[start : start + _CHUNK], counts[start : start + _CHUNK])
            summary = read_summary(temporary)
            # a count that differs from the published one is refused (PublishedMismatchError)
            # before the rename: a refused merge writes nothing
            journal_totals(summary)
    finally:
        if claim is not None:
            claim.release()
    return dataclasses.replace(summary, path=target)


def _claim(target: Path) -> Claim | None:
    """A count's hold on `out` where it is a file: refused while a count writes it (a
    file this process may not open for writing is not a journal being written)."""
    if not target.is_file():
        return None
    try:
        return Claim(target)
    except JournalError:
        raise
    except OSError:
        return None
