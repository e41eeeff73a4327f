"""What the join shares with the GPU join (methods/gpu_join), the one door between them:
the same subproblems and their task's shape (the split, with a block counter of its
own), the workspace a representative's strips are listed in, the strips and the
long-diagonal weights that the GPU's matching must agree with, the bit-sliced tables'
chunking, and the independent recount. gpu_join imports the join through this module
only, so what the join may change freely is everything not named here."""

from __future__ import annotations

from nqueens.engine.methods.join.bitops import CHUNK_BITS, MAX_ROWS
from nqueens.engine.methods.join.confined import recount
from nqueens.engine.methods.join.match import PAIR_WEIGHT, long_diagonals
from nqueens.engine.methods.join.split import JoinSplit, split, streamed_split
from nqueens.engine.methods.join.strips import list_strips, representative
from nqueens.engine.methods.join.workspace import Workspace

__all__ = [
    "CHUNK_BITS",
    "MAX_ROWS",
    "PAIR_WEIGHT",
    "JoinSplit",
    "Workspace",
    "list_strips",
    "long_diagonals",
    "recount",
    "representative",
    "split",
    "streamed_split",
]
