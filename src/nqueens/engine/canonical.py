"""Is a placement the least of its symmetry class? The numba test every listing and
counting kernel that finds unique solutions shares (the listing's `unique`, the
variants' least members).

The 7 non-trivial symmetries of the square come from the one definition of the group in
placement.py, each as three switches (use the inverse, reverse the rows, reverse the
values), so a kernel needs no Python object to apply them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from nqueens.placement import SYMMETRIES, symmetry_view

__all__ = ["IMAGES", "is_canonical", "is_least"]

# The 7 non-trivial symmetries as (use inverse, reverse rows, reverse columns), from the
# one definition of the group in placement.py.
IMAGES = np.array([symmetry_view(name) for name in SYMMETRIES[1:]], np.int64)


@njit(cache=True)
def is_canonical(cols, inv, n, images):  # type: ignore[no-untyped-def]
    """True when no image of the permutation `cols` is lexicographically smaller."""
    for r in range(n):
        inv[cols[r]] = r
    return is_least(cols, inv, n, n, images)


@njit(cache=True)
def is_least(cols, inv, rows, width, images):  # type: ignore[no-untyped-def]
    """True when no image of `cols` (one queen per row on a board `width` wide; `inv` its
    inverse, where an image uses it) under `images` is lexicographically smaller.
    Each image is three switches: use the inverse, reverse the rows, reverse the values."""
    for k in range(images.shape[0]):
        use_inverse = images[k, 0]
        reverse_rows = images[k, 1]
        reverse_values = images[k, 2]
        for r in range(rows):
            source = rows - 1 - r if reverse_rows else r
            value = inv[source] if use_inverse else cols[source]
            if reverse_values:
                value = width - 1 - value
            if value < cols[r]:
                return False
            if value > cols[r]:
                break
    return True
