"""Check a finished count: against the published counts where N is in their table, and
after the fact by recounting some or all of a journal's subproblems. Record computations
are trusted because their parts are recounted; a faulty worker or a journal changed by
hand would otherwise give a wrong total silently.

A method whose registry entry names an independent counter (`recounted_by`, provided by
its counter's `recount`) is checked against it: the join's subproblems by a plain
backtracking search. Others are recounted by their own task, on this machine, which
still catches a faulty worker or a changed row.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from nqueens.engine.registry import METHODS
from nqueens.engine.runtime.journal import read_summary, read_unchecked, rewrite
from nqueens.engine.runtime.warm import warm_up
from nqueens.errors import (
    InvalidSizeError,
    JournalMismatchError,
    PublishedMismatchError,
    VerificationError,
    shorten,
)
from nqueens.i18n import _
from nqueens.known import published_count
from nqueens.validate import as_whole

__all__ = [
    "ALL",
    "Repair",
    "Verification",
    "recount_samples",
    "repair_journal",
    "verify_journal",
    "versus_published",
]

ALL: Literal["all"] = "all"
"""`verify`'s every finished subproblem."""

SEEDS = 1 << 31
"""Seeds chosen for a sample are below this: short enough to read out and type again."""


def recount_samples(samples: object, option: str = "verify") -> int | Literal["all"]:
    """`samples` as the subproblems a recount checks: a number >= 1 (a NumPy integer
    too), or ``"all"``; a refusal names the argument `option` that gave it."""
    if isinstance(samples, str) and samples == ALL:
        return ALL
    number = as_whole(samples)
    if number is None or number < 1:
        raise InvalidSizeError(
            _("a recount takes a number of subproblems >= 1 or 'all', not {value}").format(
                value=shorten(samples)
            ),
            option=option,
        )
    return number


def versus_published(n: int, total: int, unique: int, variant: str = "classic") -> bool:
    """Whether N has published counts that this count matches (False: N is past the
    table, so the count is new). A count that differs raises PublishedMismatchError,
    naming the published values."""
    published = published_count(n, variant)
    if published is None:
        return False
    known_total, known_unique = published
    if total == known_total and known_unique in (None, unique):
        return True
    board = f"N = {n}" + ("" if variant == "classic" else f", {variant},")
    message = (
        _(
            "{board} counted {total} solutions, but the published count is {known_total}: do "
            "not trust this count"
        )
        if known_unique is None
        else _(
            "{board} counted {total} solutions, {unique} unique, but the published count is "
            "{known_total}, {known_unique} unique: do not trust this count"
        )
    )
    raise PublishedMismatchError(
        message.format(
            board=board,
            total=f"{total:,}",
            unique=f"{unique:,}",
            known_total=f"{known_total:,}",
            known_unique=f"{known_unique or 0:,}",
        )
    )


@dataclass(frozen=True)
class Verification:
    """Which finished subproblems of a journal were recounted, and by what."""

    path: Path
    n: int
    method: str
    checked: tuple[int, ...]
    recounted_by: str
    finished: int = 0
    seed: int | None = None  # None: every finished subproblem was recounted

    @property
    def complete(self) -> bool:
        return len(self.checked) == self.finished


def verify_journal(
    path: str | Path, samples: int | Literal["all"], *, seed: int | None = None
) -> Verification:
    """Recount `samples` finished subproblems (all of them for `"all"`, or when fewer are
    finished), chosen at random with `seed`; without one, a seed is chosen and returned
    in the `Verification`, so that anyone can repeat the same choice."""
    samples = recount_samples(samples, "samples")
    summary = read_summary(path)
    method = METHODS[summary.method]
    warm_up(method, summary.n)
    parts = method.split(summary.n)
    if parts.fingerprint() != summary.split:
        raise JournalMismatchError(
            _(
                "journal {path} was split differently from this version's {method} method: it "
                "cannot be recounted here"
            ).format(path=summary.path, method=method.name)
        )
    recount = method.implementation().recount
    by = method.recounted_by or f"the {method.name} method's own task, in this process"
    finished = sorted(summary.rows)
    if samples == ALL or samples >= len(finished):
        chosen, seed = finished, None
    else:
        if seed is None:
            seed = random.SystemRandom().randrange(SEEDS)
        chosen = sorted(random.Random(seed).sample(finished, samples))
    compared = [i for i, f in enumerate(method.fields) if not f.peak]
    for index in chosen:
        indices = np.array([index], np.intp)
        if recount is not None:
            again = recount(parts, indices)[0]
        else:
            function, arguments = parts.task(indices)
            again = function(*arguments)[0]
        kept = summary.rows[index]
        wrong = [i for i in compared if int(again[i]) != int(kept[i])]
        if wrong:
            said = ", ".join(f"{method.fields[i].name} {kept[i]}" for i in wrong)
            found = ", ".join(str(int(again[i])) for i in wrong)
            raise VerificationError(
                _(
                    "subproblem {index} of {path} disagrees: the journal has {said}, a recount "
                    "{found}; do not trust this count"
                ).format(index=index, path=summary.path, said=said, found=found)
            )
    return Verification(
        summary.path, summary.n, method.name, tuple(chosen), by, len(finished), seed
    )


@dataclass(frozen=True)
class Repair:
    """What `repair_journal` did: every finished row recounted; those that disagreed or
    could not be read now hold their recount (`replaced`: index -> (what the journal
    had, None if unreadable; the recount)); rows naming no subproblem dropped."""

    path: Path
    n: int
    method: str
    recounted: int
    replaced: dict[int, tuple[tuple[int, ...] | None, tuple[int, ...]]]
    dropped: tuple[object, ...]
    digest_matched: bool
    digest: str


def repair_journal(path: str | Path, *, workers: int | None = None) -> Repair:
    """Recount every finished subproblem of a journal, even one that fails its digest,
    by the method's own task (on `workers` processes; None: every core), replace each
    row that disagrees or cannot be read with its recount, drop rows that name no
    subproblem, and write a fresh
    digest. No finished count is lost: a row is only ever replaced by a recount of the
    same subproblem (an unreadable one too), and the `Repair` lists every change."""
    from nqueens.engine.runtime.pool import BACKENDS
    from nqueens.validate import worker_count

    workers = worker_count(workers)
    journal = read_unchecked(path)
    identity = journal.identity
    method = METHODS.get(identity.get("method", ""))
    if method is None or identity.get("version") != method.version:
        raise JournalMismatchError(
            _(
                "journal {path} was written by another version of the {method} method: it "
                "cannot be recounted here"
            ).format(path=journal.path, method=identity.get("method", "?"))
        )
    n = int(identity.get("n", "0"))
    warm_up(method, n)
    parts = method.split(n)
    same = (
        parts.fingerprint() == identity.get("split")
        and str(len(parts)) == identity.get("subproblems")
        and " ".join(f.name for f in method.fields) == identity.get("fields")
    )
    if not same:
        raise JournalMismatchError(
            _(
                "journal {path}: its identity was changed (it is not this version's split of "
                "N = {n}, {method}); start a new one"
            ).format(path=journal.path, n=n, method=method.name)
        )
    stored = [*journal.rows, *journal.unreadable]
    ours = {i for i in stored if isinstance(i, int) and 0 <= i < len(parts)}
    wanted = np.array(sorted(ours), np.intp)
    strays = tuple(i for i in stored if i not in ours)
    compared = [i for i, f in enumerate(method.fields) if not f.peak]
    runner = BACKENDS["process" if method.survives_fork else "inprocess"]
    size = max(1, min(32, len(wanted) // (workers * 8)))
    batches = [wanted[i : i + size] for i in range(0, len(wanted), size)]
    replaced: dict[int, tuple[tuple[int, ...] | None, tuple[int, ...]]] = {}
    for indices, counts in runner(parts, batches, workers):
        for index, again in zip(indices.tolist(), counts.tolist(), strict=True):
            kept = journal.rows.get(index)  # None: unreadable
            if kept is None or any(kept[i] != again[i] for i in compared):
                replaced[index] = (kept, tuple(int(x) for x in again))
    digest = rewrite(journal.path, {i: new for i, (_, new) in replaced.items()}, strays)
    return Repair(
        journal.path, n, method.name, len(wanted), replaced, strays, journal.digest_matches, digest
    )
