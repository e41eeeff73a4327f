"""nqueens: the N-Queens toolkit. Solve, teach, count fast, go big.

The public API, re-exported here. Importing the package loads no numba, matplotlib or
dask: those are imported where they are used.

>>> import nqueens
>>> nqueens.first(8)
Placement.from_string('0 4 7 5 2 6 1 3')
>>> nqueens.count(8).unique
12
"""

from typing import TYPE_CHECKING, Any

from nqueens import cache_place  # noqa: F401  (first: chooses numba's cache place)
from nqueens.checking import CheckResult, check
from nqueens.completion import Completion, Partial, complete
from nqueens.counting import CountOptions, CountResult, count, estimate
from nqueens.errors import (
    BackendUnavailableError,
    InvalidPlacementError,
    InvalidSizeError,
    NoSolutionError,
    NQueensError,
    OutputFormatError,
    SizeTooLargeError,
    UnknownAlgorithmError,
)
from nqueens.heat import HeatMap, heatmap
from nqueens.i18n import use_language
from nqueens.placement import SYMMETRIES, Placement
from nqueens.search import (
    ALGORITHMS,
    Place,
    Reject,
    Remove,
    SearchStats,
    Solution,
)
from nqueens.search_tree import SearchTree, levels, tree
from nqueens.solving import first, solutions
from nqueens.variants.rules import Rules
from nqueens.visual import Animation, Player, animate, gui, play, show, worksheet

if TYPE_CHECKING:  # what a type checker sees of the names `__getattr__` loads on first use
    from nqueens.large import check_array, construct, min_conflicts
    from nqueens.system import info

__all__ = [
    "ALGORITHMS",
    "SYMMETRIES",
    "Animation",
    "BackendUnavailableError",
    "CheckResult",
    "Completion",
    "CountOptions",
    "CountResult",
    "HeatMap",
    "InvalidPlacementError",
    "InvalidSizeError",
    "NQueensError",
    "NoSolutionError",
    "OutputFormatError",
    "Partial",
    "Place",
    "Placement",
    "Player",
    "Reject",
    "Remove",
    "Rules",
    "SearchStats",
    "SearchTree",
    "SizeTooLargeError",
    "Solution",
    "UnknownAlgorithmError",
    "animate",
    "check",
    "check_array",
    "complete",
    "construct",
    "count",
    "estimate",
    "first",
    "gui",
    "heatmap",
    "info",
    "levels",
    "min_conflicts",
    "play",
    "show",
    "solutions",
    "tree",
    "use_language",
    "worksheet",
]

__version__ = "0.1.0"

_NUMPY_EXPORTS = {"construct", "min_conflicts", "check_array"}


def __getattr__(name: str) -> Any:
    """The huge-board functions (nqueens.large) load NumPy, and `info` (nqueens.system)
    numba, so they load on first use."""
    if name in _NUMPY_EXPORTS:
        from nqueens import large

        return getattr(large, name)
    if name == "info":
        from nqueens.system import info

        return info
    raise AttributeError(f"module 'nqueens' has no attribute {name!r}")
