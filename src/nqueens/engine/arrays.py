"""The contract's array types, for the modules that name them at run time: a task's
subproblem indices, its counts (one row of a method's fields per subproblem) and the
kernels' 64-bit arrays. (engine/counter.py names them for the type checker only, so that
importing the contract loads no numpy.)"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["Array", "Counts", "Indices"]

Indices = npt.NDArray[np.intp]
"""Subproblems by their index in a split."""
Counts = npt.NDArray[np.int64]
"""One row of a method's fields per subproblem."""
Array = npt.NDArray[np.int64]
"""What a kernel takes and fills: 64-bit integers."""
