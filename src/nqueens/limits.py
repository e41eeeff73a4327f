"""The one table of size limits: the largest N each path takes, and where `auto` switches.

Commands, the API and the error messages all read these names, so a limit is changed here
and nowhere else. The counting methods' own ranges live in their registry entries; the
bounds below are those shared by several paths. Importing this module costs nothing.
"""

from __future__ import annotations

__all__ = [
    "BITBOARD_MAX_N",
    "LISTING_ENGINE_FROM_N",
    "LISTING_MAX_N",
]

BITBOARD_MAX_N = 63
"""The largest N a 64-bit bitboard kernel takes: one row in a machine word, one bit spare
for the shifted diagonals."""

LISTING_MAX_N = 17
"""The largest N whose every solution the engine lists in about a minute (95,815,104 at
N = 17); a limited listing (`--limit`) may go further."""

LISTING_ENGINE_FROM_N = 11
"""`auto` lists with the numba engine from this N up; below it the teaching bitboard
search answers before numba would have loaded."""
