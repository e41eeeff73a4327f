"""The numpy counting method: small boards without numba, a breadth-first bitboard search
in NumPy arrays (breadth.py)."""

from __future__ import annotations

from nqueens.engine.counter import Counter, Uncompiled
from nqueens.engine.methods.numpy.breadth import split

__all__ = ["METHOD"]

METHOD: Counter = Uncompiled(split)
