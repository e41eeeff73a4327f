"""Complete a board with queens fixed and squares ruled out, or prove it cannot be done.

n-Queens Completion is NP-complete and counting its solutions #P-complete (Gent,
Jefferson and Nightingale, JAIR 59, 2017): the research form of the puzzle. `Partial`
holds an instance (fixed queens, blocked squares, excluded diagonals), `formats` reads
and writes the CSPLib prob079 files and DIMACS CNF, `complete()` answers one instance
with numba searches over the board's free part (an exact search, which alone proves
"impossible", and min-conflicts local search for huge free parts), and `batch` answers
many on every core.
Importing this package loads neither NumPy nor numba: `complete()` does.
"""

from nqueens.completion.model import Completion, Partial, Status
from nqueens.completion.solver import complete

__all__ = ["Completion", "Partial", "Status", "complete"]
