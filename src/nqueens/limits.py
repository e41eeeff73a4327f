"""The one table of size limits: the largest N each path takes, where `auto` switches, and
the most processes, frames, steps and sweeps a user may ask for.

Commands, the API and the error messages all read these names, so a limit is changed here
and nowhere else. The counting methods' own ranges live in their registry entries; the
bounds below are those shared by several paths. Every count of a resource that a user can
type has its bound here, checked before any work (`check_count`), so that a slip of the
finger (`--workers 100000`) is one line, not a machine brought to its knees. Importing this
module costs nothing.
"""

from __future__ import annotations

import os

from nqueens.errors import SizeTooLargeError
from nqueens.i18n import _

__all__ = [
    "ANIMATION_MAX_N",
    "BATCH_MAX_SIZE",
    "BITBOARD_MAX_N",
    "BOARD_DRAWN_UP_TO",
    "BOARD_TEXT_MAX_BYTES",
    "BOARD_TEXT_MAX_N",
    "CHECK_ARRAY_FROM_N",
    "COLUMN_LIST_MIN_CHARS",
    "CUT_TREE_MAX_N",
    "FILM_MAX_FPS",
    "FILM_MAX_FRAMES",
    "FILM_MAX_PIXELS",
    "FILM_MIN_FPS",
    "FILM_WHOLE_MAX_N",
    "FIRST_ENGINE_FROM_N",
    "HEATMAP_MAX_N",
    "JOIN_MAX_N",
    "JOIN_WORKER_BYTES",
    "LISTING_ENGINE_FROM_N",
    "LISTING_FIRST_MAX_N",
    "LISTING_MAX_N",
    "NUMBER_MAX_DIGITS",
    "PICTURE_MAX_N",
    "PLAN_MAX_WORKERS",
    "PLAYER_MAX_N",
    "PLAYER_MAX_STEPS",
    "PLAYER_TREE_NODES",
    "SWEEPS_MAX",
    "TRACE_MAX_STEPS",
    "TREE_MAX_NODES",
    "VARIANT_BITBOARD_MAX_N",
    "VARIANT_CHECK_LIST_MAX_N",
    "VARIANT_CHECK_MAX_N",
    "VARIANT_FIRST_MAX_N",
    "VARIANT_KERNEL_FROM_N",
    "VARIANT_LIST_MAX_N",
    "VARIANT_STEPS_FIRST_MAX_N",
    "WAIT_MAX_SECONDS",
    "WORKERS_PER_CORE",
    "WORKSHEET_MAX_N",
    "check_count",
    "check_n",
    "max_workers",
]

BITBOARD_MAX_N = 63
"""The largest N a 64-bit bitboard kernel takes: one row in a machine word, one bit spare
for the shifted diagonals."""

JOIN_MAX_N = 27
"""The largest N the join takes (its registry entry's `largest`, and the matchers it
generates, engine/methods/join/bitops.py): past 23 each task generates its own orbits
(its streamed split); past 27 the diagonals' signatures (2(N - 1) bits) and the
matchers were never tried."""

LISTING_MAX_N = 17
"""The largest N whose every solution the engine lists in about a minute (95,815,104 at
N = 17); a limited listing (`--limit`) may go further."""

LISTING_FIRST_MAX_N = 32
"""The largest N for which the engine lists the first solutions in lexicographic order in
seconds. The lexicographically first solution lies ever deeper in the search: the engine
needs more than 100 s for it at N = 36 (`nqueens construct N` makes one at any N)."""

LISTING_ENGINE_FROM_N = 11
"""`auto` lists with the numba engine from this N up; below it the teaching bitboard
search answers before numba would have loaded."""

VARIANT_KERNEL_FROM_N = 11
"""A variant's board is counted with the numba kernel (variants/kernel.py) from this width
up; below it the Python search answers before numba would have loaded (`count`, and the
variants' counting methods, whose counts of a smaller N load no kernel)."""

FIRST_ENGINE_FROM_N = 28
"""`auto` finds the first solution with the numba engine from this N up. The first
solution in lexicographic order lies ever deeper, unevenly: the bitboard search visits
1.7 million nodes for it at N = 22 (about a second of pure Python), 3.0 million at N = 28,
56 million at N = 30 (half a minute) and 87 million at N = 32, which the engine visits in
a second or two after numba's start."""

BOARD_DRAWN_UP_TO = 30
"""Up to this N a placement is written as a board by default (`construct`, `complete`'s
answer); beyond, as its columns."""

BOARD_TEXT_MAX_N = 1_000
"""The largest board written as text when asked (`construct --format board`): N lines of
2N characters, 2 MB at N = 1,000; N = 20,000 would be 800 MB, built whole in memory,
and N = 1,000,000 two terabytes. Larger placements are written as their columns."""

PICTURE_MAX_N = 200
"""The largest board a picture draws (`show`, a placement in a notebook): a square each,
N^2 of them; 200 queens take about 4 s to draw as a PNG and a 3 MB SVG, 2,000 took
seven minutes and 70 MB. A larger placement is checked and written as columns."""

ANIMATION_MAX_N = 32
"""Beyond this, the squares of a default-sized film frame are a few pixels wide."""

PLAYER_MAX_N = 12
"""The player page and the desktop viewer step through boards up to this size."""

WORKSHEET_MAX_N = 12
"""A printed worksheet's boards go up to this size: beyond, the squares are too small
for a pencil (and the arrays too long for the page)."""

CHECK_ARRAY_FROM_N = 2000
"""Above this many queens, `check` uses the O(N) NumPy check and prints no board."""
COLUMN_LIST_MIN_CHARS = 2 * CHECK_ARRAY_FROM_N
"""The shortest text that can be a long column list (more than CHECK_ARRAY_FROM_N numbers,
two characters each at least): shorter text is read without loading NumPy."""

TREE_MAX_NODES = 10_000
"""The most nodes one picture of the search tree holds and stays a picture (N = 9's whole
backtracking tree has 8,394); beyond, the tree is cut (`--depth`) or counted (`--levels`)."""

CUT_TREE_MAX_N = 15
"""The largest board whose tree is drawn cut at a depth (`tree N --depth K`), by any
algorithm: what lies below the cut is counted from the pruned tree's shape, which a plain
recursion walks in about 3 s at N = 13, 15 s at N = 14 and a minute and a half at
N = 15 (as `--levels` counts it), where walking the search itself would take hours."""

PLAYER_TREE_NODES = 4_000
"""The most nodes of the tree beside the player's board; beyond, it is cut at the deepest
depth whose nodes all fit (N = 8's whole tree, 2,057 nodes, is drawn whole)."""

HEATMAP_MAX_N = 17
"""The heat map's kernel visits every solution: N = 17's 95,815,104 take about half a
minute, and each N more about 7 times as long."""

VARIANT_CHECK_MAX_N = 12
"""The largest N whose whole search a variant's check-function search (variants.events)
runs in seconds in `compare`: 4 s for the toroidal N = 12, about 5 times as long per N."""

VARIANT_BITBOARD_MAX_N = 14
"""The same for a variant's pure-Python bitboard search (variants.solutions): about a
second for superqueens at N = 14, 5 to 6 times as long per N."""

VARIANT_LIST_MAX_N = 16
"""The largest N whose every solution a variant's bitboard search lists in about a minute
(superqueens N = 15 in 12 to 25 s, 16 about five times as long; a limit of K solutions
stops it at any N up to VARIANT_FIRST_MAX_N) ..."""
VARIANT_CHECK_LIST_MAX_N = 13
"""... and its check-function search, which reports every step (toroidal N = 13 in about
20 s)."""

VARIANT_STEPS_FIRST_MAX_N = 19
"""The largest N whose first toroidal or superqueens solution the variant's step-by-step
check-function search (`--algorithm backtracking`, pure Python, every square checked
against every queen above) finds in seconds: toroidal N = 19 in about 6 s, superqueens
20 in 6 s and 21 in 22 s, toroidal 23 past two minutes."""

VARIANT_FIRST_MAX_N = 23
"""The largest N whose first toroidal or superqueens solution `solve` finds in seconds by
the variant's pure-Python bitboard search: 825,000 nodes for the toroidal N = 23 and
245,000 for superqueens, against 3.4 million (toroidal) and 790,000 (superqueens) at
N = 25, 44 million for superqueens at N = 30. The same bound holds for the queens of a
rectangle (29x30 takes seconds, 60x63 minutes). A toroidal N that is not coprime to 6 has
no solution at any size, and is answered at once."""

BOARD_TEXT_MAX_BYTES = 1 << 30
"""The most bytes of board text read from a file, a pipe or standard input: a board of
32,768 x 32,768 squares at one byte each. Larger instances are given by their queens
(`nqueens complete "0:0" --n 1000000`); a stream that never ends (a device, a pipe left
open) stops here with one line rather than filling the memory."""

NUMBER_MAX_DIGITS = 18
"""The most digits of a number read from text (a row, a column, a size, a share): more is
past any board and any 64-bit integer, and is refused before Python converts it (which
takes long, and fails past 4,300 digits)."""

WORKERS_PER_CORE = 4
"""The most worker processes (or Dask workers started here) per core of this machine.
More than one per core only shares the cores; 4 leaves room for workers that wait on
I/O, while `--workers 100000` is refused instead of starting processes until the machine
stalls."""

JOIN_WORKER_BYTES = 2 * 2**30
"""The most working memory one worker of the join may hold (its strips' lists, partial
placements and match tables: its `Workspace`). At N = 26 one orbit representative's
longer list passes 37 million signatures, and a table for it alone would need about
2 GB: past this budget the lists are joined in pieces (`match.join_in_pieces`) instead
of growing the table. Measured at N = 26 and 27 by `--estimate`: the buffers reach this,
with pieces of 8 and 17 million signatures."""

PLAN_MAX_WORKERS = 1_000_000
"""The most workers a plan may be made for (`count --estimate --workers W`): the plan
starts none, so it may speak of a cluster far larger than this machine."""

WAIT_MAX_SECONDS = 7 * 86400.0
"""The longest a count on a Dask scheduler waits for its first worker (`count
--wait-for-workers`): a week, longer than any batch queue's wait worth sitting through."""

BATCH_MAX_SIZE = 100_000
"""The most subproblems in one task (`count --batch-size`): beyond, one task is the
whole count (N = 20 splits into about 65,000) and the journal records nothing until
it ends."""

FILM_MAX_FRAMES = 1_000_000
"""The most frames one film has (`animate --max-frames`): a day and a half at 8 fps.
`--max-frames 0`, the whole search, is bounded by the algorithm's own N, and by this
too: a film that would pass it is refused when its frames are counted, before any is
drawn."""

FILM_WHOLE_MAX_N = 11
"""The largest classic board whose whole search can be a film: at N = 12 the shortest,
the bitboards' (a Place and a Remove a node, no rejections), has 1.7 million steps, past
`FILM_MAX_FRAMES`, and every other is longer; refused at once, not after counting."""

FILM_MIN_FPS = 0.1
"""The slowest film (`animate --fps`): ten seconds a frame."""

FILM_MAX_FPS = 50.0
"""The fastest film: a frame every two hundredths of a second, the shortest delay a GIF
holds a frame for in browsers. A solution is held a second, `round(fps)` frames."""

FILM_MAX_PIXELS = 4000
"""The widest film frame (`animate --size`): 16 million pixels drawn for each frame."""

TRACE_MAX_STEPS = 10_000_000
"""The most steps `trace --limit` may name: a few hundred megabytes of lines. `--limit 0`,
every step, is bounded by the algorithm's own N."""

PLAYER_MAX_STEPS = 1_000_000
"""The most steps one player page records (`play --max-steps`): each is a row in the
page, which the browser holds whole (about 20 MB at this bound)."""

SWEEPS_MAX = 1_000_000
"""The most min-conflicts passes (`construct --max-sweeps`): a million queens settle in
a few dozen; a board still in conflict after this many will not settle."""


def max_workers() -> int:
    """The most workers this machine takes: `WORKERS_PER_CORE` for each core."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def check_count(
    what: str, value: int, most: int, why: str = "", *, option: str | None = None
) -> int:
    """`value`, if it is at most `most`; else the one line naming the bound (`what` and
    `why` marked with `N_` by the caller, said translated), about the argument `option`
    (the command line adds its flag: `--limit`).

    Examples
    --------
    >>> check_count("frames", 10, FILM_MAX_FRAMES)
    10
    """
    if value > most:
        message = _("{what} = {value} is too many: use at most {most}").format(
            what=_(what), value=f"{value:,}", most=f"{most:,}"
        )
        if why:
            message += _(" ({why})").format(why=_(why))
        raise SizeTooLargeError(message, option=option)
    return value


def check_n(
    n: int, most: int, what: str, *, instead: str | None = None, why: str | None = None
) -> int:
    """`n`, if it is at most `most`; else the one line refusing it (`messages.too_large`:
    `what`, `instead` and `why` come translated by the caller).

    Examples
    --------
    >>> check_n(12, PLAYER_MAX_N, "the player")
    12
    """
    if n > most:
        from nqueens.messages import too_large

        raise SizeTooLargeError(too_large(n, what, most, instead=instead, why=why))
    return n
