"""Check a finished count after the fact: recount some of a journal's subproblems and
compare. Record computations are trusted because their parts are recounted; a faulty
worker or a journal changed by hand would otherwise give a wrong total silently.

A method whose registry entry names an independent counter (`recounted_by`, provided by
its module's `recount`) is checked against it: the join's subproblems by a plain
backtracking search. Others are recounted by their own task, on this machine, which
still catches a faulty worker or a changed row.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from nqueens.engine.journal import read_summary
from nqueens.engine.registry import METHODS
from nqueens.errors import InvalidSizeError, JournalMismatchError, VerificationError

__all__ = ["Verification", "verify_journal"]


@dataclass(frozen=True)
class Verification:
    """Which finished subproblems of a journal were recounted, and by what."""

    path: Path
    n: int
    method: str
    checked: tuple[int, ...]
    recounted_by: str


def verify_journal(path: str | Path, samples: int, *, seed: int | None = None) -> Verification:
    """Recount `samples` random finished subproblems (all, if fewer are finished)."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise InvalidSizeError(f"--verify takes a number of subproblems >= 1, not {samples!r}")
    summary = read_summary(path)
    method = METHODS[summary.method]
    method.warm_up()
    parts = method.split(summary.n)
    if parts.fingerprint() != summary.split:
        raise JournalMismatchError(
            f"journal {summary.path} was split differently from this version's "
            f"{method.name} method: it cannot be recounted here"
        )
    module = method.implementation()
    independent = method.recounted_by is not None
    by = method.recounted_by or f"the {method.name} method's own task, in this process"
    finished = sorted(summary.rows)
    chosen = sorted(random.Random(seed).sample(finished, min(samples, len(finished))))
    compared = [i for i, f in enumerate(method.fields) if not f.peak]
    for index in chosen:
        indices = np.array([index], np.intp)
        if independent:
            again = module.recount(parts, indices)[0]
        else:
            function, arguments = parts.task(indices)
            again = function(*arguments)[0]
        kept = summary.rows[index]
        wrong = [i for i in compared if int(again[i]) != int(kept[i])]
        if wrong:
            said = ", ".join(f"{method.fields[i].name} {kept[i]}" for i in wrong)
            found = ", ".join(str(int(again[i])) for i in wrong)
            raise VerificationError(
                f"subproblem {index} of {summary.path} disagrees: the journal has {said}, "
                f"a recount {found}; do not trust this count"
            )
    return Verification(summary.path, summary.n, method.name, tuple(chosen), by)
