"""The teaching algorithms, one family per module, all with one interface.

Each is a plain function as its seed writes it (`nqueens.search.seeds`), the code shown
beside the board and the code that runs, and a `Watch` of it (`observe`): the lines whose
end makes a step, and the recorder of its state. Every search is `search(n, *,
stats=None, observer=None, limit=None) -> Iterator[Placement]`: it yields solutions lazily
in lexicographic order, fills `stats`, and reports `Place`, `Reject`, `Remove` and
`Solution` events to `observer` when one is given (the function is then watched line by
line, as it is for `stats`; with neither it runs at full speed). `ALGORITHMS` is the one
table of names, descriptions and limits that the API and the CLI read; `walk` is the one
choice of the events a board is stepped through (a variant's board has its own search:
`stepping.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from nqueens.errors import IncompatibleOptionsError, SizeTooLargeError, UnknownAlgorithmError
from nqueens.i18n import N_, _
from nqueens.messages import plural, steps_on_squares_only, too_large
from nqueens.placement import Placement
from nqueens.search.backtracking import BACKTRACKING
from nqueens.search.bitboard import BITBOARD, BITBOARD_STACK
from nqueens.search.brute_force import BRUTE_FORCE, PERMUTATIONS
from nqueens.search.common import count, run
from nqueens.search.events import (
    Event,
    Observer,
    Place,
    Reject,
    Remove,
    SearchStats,
    Solution,
)
from nqueens.search.flags import FLAGS, FLAGS_STACK
from nqueens.search.observe import Legend, Watch, watched_steps
from nqueens.search.source import listing
from nqueens.search.spaces import SpaceSize, factorial, power
from nqueens.search.state import State, Structure
from nqueens.search.stepping import STEPPED, Walk, variant_search
from nqueens.validate import board_size
from nqueens.variants.rules import BoardLike, Rules

__all__ = [
    "ALGORITHMS",
    "DEFAULT_ALGORITHM",
    "Algorithm",
    "Event",
    "Observer",
    "Place",
    "Reject",
    "Remove",
    "SearchFunction",
    "SearchStats",
    "Solution",
    "State",
    "Structure",
    "Walk",
    "backtracking",
    "bitboard",
    "bitboard_stack",
    "brute_force",
    "flags",
    "flags_stack",
    "get_algorithm",
    "permutations",
    "walk",
]


class SearchFunction(Protocol):
    def __call__(
        self,
        n: int,
        *,
        stats: SearchStats | None = None,
        observer: Observer | None = None,
        limit: int | None = None,
    ) -> Iterator[Placement]: ...


@dataclass(frozen=True)
class Algorithm:
    """A teaching algorithm and what the tools need to know about it.

    `watch` holds its code, the seed's plain function (`code`), and how to watch it run:
    the lines that make its steps, the recorder of its own structures and the `legend`
    that says how to read them. `space` is the number of candidates the algorithm draws
    from (None for the backtracking searches, whose pruned tree is what
    `SearchStats.nodes` measures). `max_n` bounds a full enumeration and `max_n_first`
    the search for one solution, each at about a minute of pure Python (measured on a
    2-core x86-64 machine). `summary` and `title` (the name the source texts give it)
    are marked for the catalog: `describe()` and `display_name()` say them in the
    current language.
    """

    name: str
    watch: Watch
    summary: str
    space: Callable[[int], SpaceSize] | None
    space_label: str
    max_n: int
    max_n_first: int
    title: str = ""

    @property
    def code(self) -> Callable[..., object]:
        """The plain function that runs, and that a student reads (`source()`)."""
        return self.watch.function

    @property
    def legend(self) -> Legend | None:
        return self.watch.legend

    def search(
        self,
        n: int,
        *,
        stats: SearchStats | None = None,
        observer: Observer | None = None,
        limit: int | None = None,
    ) -> Iterator[Placement]:
        """Its solutions, lazily, at most `limit` (see `nqueens.search.common.run`)."""
        return run(self.watch, n, stats, observer, limit)

    def count(self, n: int, stats: SearchStats) -> None:
        """The whole search at full speed, for `compare`: its solutions counted and timed
        in `stats`, its work the tree's (see `nqueens.search.common.count`)."""
        count(self.watch, n, stats)

    def display_name(self) -> str:
        """The algorithm as the source texts name it, in the current language."""
        return _(self.title) if self.title else self.name

    def describe(self) -> str:
        """What the algorithm does, in a line, in the current language."""
        return _(self.summary)

    def heading(self, n: int) -> str:
        """The title of a page, film or window of this search on an N x N board: the
        algorithm as the source texts name it, then the name to type when it differs."""
        title = self.display_name()
        if title.replace(" ", "-") == self.name:
            return plural(n, "{count} queen: {title}", "{count} queens: {title}", title=title)
        return plural(
            n,
            "{count} queen: {title} ({algorithm})",
            "{count} queens: {title} ({algorithm})",
            title=title,
            algorithm=self.name,
        )

    def events(
        self, n: int, stats: SearchStats | None = None, *, state: bool = False
    ) -> Iterator[Event]:
        """The search as a lazy stream of events (a `Solution` for each solution), its
        function watched line by line; with `state`, each event carries the algorithm's
        `State` after it."""
        return watched_steps(self.watch, board_size(n), stats, states=state)

    def source(self) -> list[tuple[int, str]]:
        """The code a student reads: (line number, text) for each line of the function
        that runs, numbered from 1 (its `def`), its comments in the current language.
        The line a `State` names is one of these numbers."""
        return listing(self.code)

    def check_size(self, n: int, *, first_only: bool = False, instead: bool = True) -> None:
        """Refuse sizes this algorithm cannot finish in reasonable time, saying what to use
        `instead` (not where the board has no other teaching search: a variant's)."""
        limit = self.largest_n(first_only=first_only)
        if n <= limit:
            return
        if first_only:
            what = _("{algorithm} to find a first solution").format(algorithm=self.name)
        else:
            what = _("{algorithm} to list every solution").format(algorithm=self.name)
        if self.space:
            what += _(" ({label} = {size} boards)").format(
                label=self.space_label, size=self.space(n)
            )
        other = self._instead(n, first_only) if instead else None
        raise SizeTooLargeError(too_large(n, what, limit, instead=other))

    def largest_n(self, *, first_only: bool = False) -> int:
        """The largest N this algorithm finishes in reasonable time."""
        return self.max_n_first if first_only else self.max_n

    def _instead(self, n: int, first_only: bool) -> str:
        """What to use instead: a faster teaching search while one can do it, else the
        tool made for the job (a placement of any size, or a count)."""
        faster = ALGORITHMS[FASTEST_ALGORITHM]
        if self.name != faster.name and n <= faster.largest_n(first_only=first_only):
            return f"--algorithm {faster.name}"
        return "`nqueens construct N`" if first_only else "`nqueens count N`"


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in (
        Algorithm(
            "brute-force",
            BRUTE_FORCE,
            N_("every one-queen-per-row board, tested only when complete"),
            power,
            "N^N",
            max_n=8,
            max_n_first=9,
            title=N_("brute force"),
        ),
        Algorithm(
            "permutations",
            PERMUTATIONS,
            N_("every one-queen-per-row-and-column board, tested when complete"),
            factorial,
            "N!",
            max_n=10,
            max_n_first=11,
            title=N_("permutations"),
        ),
        Algorithm(
            "backtracking",
            BACKTRACKING,
            N_("place row by row; a check function compares with earlier queens"),
            None,
            "",
            max_n=13,
            max_n_first=21,
            title=N_("backtracking"),
        ),
        Algorithm(
            "flags",
            FLAGS,
            N_("place row by row; column and diagonal flag arrays (recursive)"),
            None,
            "",
            max_n=14,
            max_n_first=29,
            title=N_("placement flags"),
        ),
        Algorithm(
            "flags-stack",
            FLAGS_STACK,
            N_("the flag-array search with an explicit stack instead of recursion"),
            None,
            "",
            max_n=14,
            max_n_first=29,
            title=N_("placement flags, with a stack"),
        ),
        Algorithm(
            "bitboard",
            BITBOARD,
            N_("columns and diagonals as bits; only free squares are ever visited"),
            None,
            "",
            max_n=15,
            max_n_first=30,
            title=N_("bitmaps"),
        ),
        Algorithm(
            "bitboard-stack",
            BITBOARD_STACK,
            N_("the bitboard search with an explicit stack of free-square masks"),
            None,
            "",
            max_n=15,
            max_n_first=30,
            title=N_("bitmaps, with a stack"),
        ),
    )
}

DEFAULT_ALGORITHM = "bitboard"
FASTEST_ALGORITHM = "bitboard"
"""The teaching search that goes furthest; the others' errors point to it."""


brute_force = ALGORITHMS["brute-force"].search
permutations = ALGORITHMS["permutations"].search
backtracking = ALGORITHMS["backtracking"].search
flags = ALGORITHMS["flags"].search
flags_stack = ALGORITHMS["flags-stack"].search
bitboard = ALGORITHMS["bitboard"].search
bitboard_stack = ALGORITHMS["bitboard-stack"].search


def get_algorithm(name: str) -> Algorithm:
    """The algorithm called `name`; the error lists the valid names."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise UnknownAlgorithmError(
            _("unknown algorithm {name}; choose one of: {names}").format(
                name=repr(name), names=", ".join(ALGORITHMS)
            )
        ) from None


def walk(board: BoardLike, algorithm: str = STEPPED, *, state: bool = False) -> Walk:
    """The search to step through on `board`: a teaching algorithm on the classic board,
    a variant's own check-function search on a variant's (`backtracking` only).

    Parameters
    ----------
    board : int, str or Rules
        N, or a variant's `Rules` (a square board: rectangles are listed, not stepped).
    algorithm : str
        A teaching algorithm (`ALGORITHMS`); a variant's board takes ``backtracking``.
    state : bool
        Each event carries the algorithm's `State`, where its search keeps one
        (`Walk.state` says whether it does).

    Raises
    ------
    UnknownAlgorithmError
        No algorithm has that name.
    IncompatibleOptionsError
        A variant with another algorithm than backtracking, or a rectangle.
    SizeTooLargeError
        N is beyond where the algorithm finds even a first solution.

    Examples
    --------
    >>> steps = walk(4)
    >>> sum(1 for e in steps if type(e).__name__ == "Solution")
    2
    >>> torus = walk(Rules.of("toroidal", 5))
    >>> torus.search, torus.state, next(iter(torus))
    ('check-function', False, Place(row=0, col=0))
    """
    rules = Rules.given(board)
    chosen = get_algorithm(algorithm)
    if not rules.classic:
        variant_search(rules, chosen.name, steps=True)
        if not rules.square:
            raise IncompatibleOptionsError(steps_on_squares_only(rules.rows, rules.cols))
    chosen.check_size(rules.rows, first_only=True, instead=rules.classic)
    return Walk(rules, chosen, state and rules.classic)
