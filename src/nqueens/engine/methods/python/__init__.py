"""The python counting method: the teaching bitboard search, split like the others, with
no numba (pure.py)."""

from __future__ import annotations

from nqueens.engine.counter import Counter, Uncompiled
from nqueens.engine.methods.python.pure import split

__all__ = ["METHOD"]

METHOD: Counter = Uncompiled(split)
