"""Every counting method meets the contract (engine/counter.py), checked by mypy: CI's
mypy reads this file too, and `COUNTERS`, the typed list of every method's object, must
type-check as `Counter`s; the test pins that the list holds every method the registry
names, so that none escapes the check."""

from __future__ import annotations

import numpy as np

from nqueens.engine.counter import Counter, Field, Tally, digest, knuth_nodes
from nqueens.engine.methods.backtrack import METHOD as BACKTRACK
from nqueens.engine.methods.gpu import METHOD as GPU
from nqueens.engine.methods.gpu_join import METHOD as GPU_JOIN
from nqueens.engine.methods.join import METHOD as JOIN
from nqueens.engine.methods.numpy import METHOD as NUMPY
from nqueens.engine.methods.python import METHOD as PYTHON
from nqueens.engine.registry import METHODS
from nqueens.variants import counters as variants

COUNTERS: list[Counter] = [
    BACKTRACK,
    JOIN,
    GPU,
    GPU_JOIN,
    NUMPY,
    PYTHON,
    variants.TOROIDAL,
    variants.SUPERQUEENS,
]


def test_the_typed_list_holds_every_registered_method() -> None:
    registered = {id(method.implementation()) for method in METHODS.values()}
    assert {id(counter) for counter in COUNTERS} == registered
    assert len(COUNTERS) == len(METHODS)


def test_the_registry_takes_its_fields_and_tallies_from_the_contract() -> None:
    for method in METHODS.values():
        assert all(isinstance(field, Field) for field in method.fields)
        assert isinstance(method.tally_of([0] * len(method.fields)), Tally)


def test_a_digest_tells_splits_apart() -> None:
    a, b = np.arange(4, dtype=np.int64), np.arange(5, dtype=np.int64)
    assert digest(a) == digest(a.copy()) != digest(b)
    assert len(digest(a)) == 16


def test_knuth_probes_are_exact_where_every_row_has_one_choice() -> None:
    # N = 4 with the queens of rows 0 and 1 at columns 1 and 3: row 2 has column 0 alone,
    # row 3 column 2 alone, so every probe places exactly 2 queens
    mean, error = knuth_nodes(4, [1 << 1, 1 << 3], np.random.default_rng(0), 50)
    assert (mean, error) == (2.0, 0.0)
