"""nqueens: the N-Queens toolkit. Solve, teach, count fast, go big.

The public API, re-exported here. Importing the package loads no numba, matplotlib or
dask: those are imported where they are used.

>>> import nqueens
>>> nqueens.first(8)
Placement.from_string('0 4 7 5 2 6 1 3')
>>> nqueens.count(8).unique
12
"""

from nqueens.counting import CountResult, count
from nqueens.errors import (
    BackendUnavailableError,
    InvalidPlacementError,
    InvalidSizeError,
    NQueensError,
    SizeTooLargeError,
    UnknownAlgorithmError,
)
from nqueens.placement import SYMMETRIES, Placement
from nqueens.search import (
    ALGORITHMS,
    Place,
    Reject,
    Remove,
    SearchStats,
    Solution,
)
from nqueens.solving import first, solutions

__all__ = [
    "ALGORITHMS",
    "SYMMETRIES",
    "BackendUnavailableError",
    "CountResult",
    "InvalidPlacementError",
    "InvalidSizeError",
    "NQueensError",
    "Place",
    "Placement",
    "Reject",
    "Remove",
    "SearchStats",
    "SizeTooLargeError",
    "Solution",
    "UnknownAlgorithmError",
    "count",
    "first",
    "solutions",
]

__version__ = "0.1.0"
