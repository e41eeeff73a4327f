"""`nqueens solve`: the first solution, or every / every unique one, streamed."""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, BinaryIO

import click

from nqueens.cli._app import _SIZE_COMMAND, HUMAN_STYLES, _answer_no, _opened, _say_written, cli
from nqueens.cli._options import one_based_option, out_option, variant_option, workers_option
from nqueens.cli._types import Whole
from nqueens.errors import IncompatibleOptionsError
from nqueens.i18n import _
from nqueens.limits import FIRST_ENGINE_FROM_N, LISTING_ENGINE_FROM_N
from nqueens.messages import listed, npy_counts_from_zero, plural, seconds_of, variant_name
from nqueens.render.text import ARRAY_FORMATS, MACHINE_FORMATS
from nqueens.search import ALGORITHMS
from nqueens.solving import solutions

if TYPE_CHECKING:
    from nqueens.placement import Placement
    from nqueens.search import SearchStats
    from nqueens.variants.board import VariantBoard
    from nqueens.variants.rules import Rules

SOLVE_EXAMPLES = """\
\b
Examples:
  nqueens solve 8                          the first solution
  nqueens solve 8 --all --format grid      all 92, numbered, as +-+ grids
  nqueens solve 8 --unique --format list   the 12 unique up to symmetry
  nqueens solve 30                         the first solution, by the engine
  nqueens solve 16 --all -f list | wc -l   14,772,512 lines, streamed
  nqueens solve 14 -u -f npy --out u.npy   a NumPy array of shape (45752, 14)
  nqueens solve 7 -V toroidal --all        a variant; 5x8 for a rectangle
"""


@cli.command(epilog=SOLVE_EXAMPLES, **_SIZE_COMMAND)
@click.argument("size", metavar="N")
@click.option("--all", "-a", "all_", is_flag=True, help="Every solution, numbered.")
@click.option("--unique", "-u", is_flag=True, help="One solution per symmetry class.")
@click.option("--limit", "-l", type=Whole(min=0), help="At most this many solutions.")
@click.option(
    "--algorithm",
    "-A",
    default="auto",
    show_default=True,
    help="auto: the pure-Python bitboard search, or the numba engine for long listings "
    f"(N >= {LISTING_ENGINE_FROM_N}) and for the first solution from N = {FIRST_ENGINE_FROM_N} "
    f"(where it lies deep); engine; or a teaching algorithm: {', '.join(ALGORITHMS)}. All "
    "give the same solutions in the same lexicographic order. A variant's board has its own "
    "two searches: bitboard (auto) and backtracking (its check function).",
)
@click.option(
    "--format",
    "-f",
    "fmt",
    type=click.Choice(HUMAN_STYLES + MACHINE_FORMATS),
    default="board",
    show_default=True,
    help=f"Board style ({', '.join(HUMAN_STYLES)}) or machine format "
    f"({', '.join(MACHINE_FORMATS)}; npy: a NumPy int8 array of shape (solutions, N)).",
)
@out_option("Write to this file, not stdout.", dest="output")
@workers_option("Worker processes for engine listings (default: every core).")
@one_based_option
@click.option("--stats", "show_stats", is_flag=True, help="Nodes, checks and time on stderr.")
@variant_option(
    "toroidal: diagonals wrap round the edges; superqueens: queens also move as "
    "knights. N may be MxN for a rectangle of M rows and N columns (M queens, M <= N)."
)
def solve(
    size: str,
    all_: bool,
    unique: bool,
    limit: int | None,
    algorithm: str,
    fmt: str,
    output: str | None,
    workers: int | None,
    one_based: bool,
    show_stats: bool,
    variant: str,
) -> None:
    """Solve N queens: the first solution, or all / unique ones streamed as found.

    Solutions come in lexicographic order, so the first is the lexicographically first
    (0 4 7 5 2 6 1 3 for N = 8, the seed texts' answer), found in seconds for every N up to
    32; `nqueens construct N` places queens on any board.
    """
    from nqueens.search import ALGORITHMS, SearchStats
    from nqueens.search.shape import work
    from nqueens.solving import ENGINE, chosen_algorithm
    from nqueens.variants import Rules

    rules = Rules.of(variant, size)
    listing = all_ or unique or limit is not None
    if fmt == "npy":
        if not rules.classic:
            raise IncompatibleOptionsError(
                _("--format npy holds classic boards only: use list or csv")
            )
        if one_based:
            raise npy_counts_from_zero()
        algorithm = ENGINE  # an array file is the engine's own output
    algorithm = chosen_algorithm(rules, algorithm, listing=listing)
    wanted = limit if listing else 1  # whether to list is --all's choice, not --format's
    stats = SearchStats()
    base = 1 if one_based else 0
    written = 0

    def stats_line() -> None:
        if show_stats:
            click.echo(_stats_line(algorithm, stats, written), err=True)

    with _opened(output, binary=fmt == "npy") as out:
        if algorithm == ENGINE and fmt in ARRAY_FORMATS:
            started = time.perf_counter()
            written = _solve_into_arrays(rules.rows, unique, wanted, fmt, out, base, workers)
            stats.time = time.perf_counter() - started  # the writing too: chunks stream out
        else:  # steps counted only where asked, and then from the tree where it is whole
            whole = show_stats and wanted is None and rules.classic and algorithm in ALGORITHMS
            watched = show_stats and not whole  # a watched run counts its own steps
            started = time.perf_counter()
            found = solutions(
                rules,
                algorithm=algorithm,
                unique=unique,
                limit=wanted,
                stats=stats if watched else None,
                workers=workers,
            )
            written = _write_text(found, fmt, out, base, listing, rules.rows)
            if whole:  # the plain search ran to its end: its work is the tree's
                watch = ALGORITHMS[algorithm].watch
                work(watch.tree, watch.checks, rules.rows, stats)
                stats.time = time.perf_counter() - started
        if fmt in HUMAN_STYLES:  # no board to write: an existing file stays as it was
            _answer_if_none(written, limit, fmt, output, rules, stats_line)
    _answer_if_none(written, limit, fmt, output, rules, stats_line)  # `[]`, a header: kept
    _close_listing(written, listing, unique, limit, fmt, output, rules)
    stats_line()


def _stats_line(algorithm: str, stats: SearchStats, written: int) -> str:
    """`--stats`: the search's work, or for the engine, whose kernel counts no nodes, the
    solutions and the time (zeros would be false, not "not measured")."""
    from nqueens.solving import ENGINE

    elapsed = seconds_of(stats.time, ".3f")
    if algorithm == ENGINE:
        found = plural(written, "{count} solution", "{count} solutions")
        return _("{algorithm}: {work} (the engine counts no nodes, checks or backtracks)").format(
            algorithm=algorithm, work=listed([found, elapsed])
        )
    work = [
        plural(stats.nodes, "{count} node", "{count} nodes"),
        plural(stats.checks, "{count} check", "{count} checks"),
        plural(stats.backtracks, "{count} backtrack", "{count} backtracks"),
        elapsed,
    ]
    return _("{algorithm}: {work}").format(algorithm=algorithm, work=listed(work))


def _write_text(
    found: Iterator[Placement | VariantBoard],
    fmt: str,
    out: BinaryIO,
    base: int,
    listing: bool,
    rows: int,
) -> int:
    """Solutions as text in `fmt` (numbered when listed); how many were written."""
    from nqueens.render.text import write_solutions

    text = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    try:
        return write_solutions(found, text, fmt, base=base, numbered=listing, rows=rows)
    finally:
        text.detach()


def _solve_into_arrays(
    n: int,
    unique: bool,
    limit: int | None,
    fmt: str,
    out: BinaryIO,
    base: int,
    workers: int | None,
) -> int:
    from nqueens.known import listing_length
    from nqueens.render.arrays import write_arrays, write_npy_header
    from nqueens.solving import engine_chunks

    chunks = engine_chunks(n, unique=unique, limit=limit, workers=workers)
    if fmt == "npy":
        write_npy_header(out, listing_length(n, unique=unique, limit=limit), n)
    return write_arrays(chunks, out, fmt, n=n, base=base)


def _answer_if_none(
    written: int,
    limit: int | None,
    fmt: str,
    output: str | None,
    rules: Rules,
    stats_line: Callable[[], None],
) -> None:
    """The answer "no solution" (`_answer_no`, status 1) where none was written and some
    were asked for, after the `--stats` line (`stats_line`)."""
    if written == 0 and (limit is None or limit > 0):
        stats_line()
        human = fmt in HUMAN_STYLES
        _answer_no(str(rules.no_solution()), on_stdout=human and output is None)


def _close_listing(
    written: int,
    listing: bool,
    unique: bool,
    limit: int | None,
    fmt: str,
    output: str | None,
    rules: Rules,
) -> None:
    """The closing line of a listing, `wrote FILE: ...` (`_say_written`), for the board of
    `rules` ("N = 8", a variant's board)."""
    human = fmt in HUMAN_STYLES
    if rules.classic:
        board = f"N = {rules.rows}"
    elif rules.variant == "classic":  # a rectangle: its size says it all
        board = _("the {rows}x{cols} board").format(rows=rules.rows, cols=rules.cols)
    else:
        board = _("the {variant} {rows}x{cols} board").format(
            variant=variant_name(rules.variant), rows=rules.rows, cols=rules.cols
        )
    first = (
        listing and limit is not None and written == limit and not _all_of(rules, unique, written)
    )
    shown = _listed(written, unique, first, board)
    if output is not None:
        _say_written(output, _("wrote {out}: {what}").format(out=output, what=shown))
    elif listing and human and written:
        click.echo("\n" + shown)


def _all_of(rules: Rules, unique: bool, written: int) -> bool:
    """Whether `written` solutions are all the board has, as published (a listing cut at
    its limit is called its "first" ones only where more remain)."""
    from nqueens.known import published_count

    published = published_count(rules.rows, rules.variant) if rules.square else None
    if published is None:
        return False
    return written == (published[1] if unique else published[0])


def _listed(count: int, unique: bool, first: bool, board: str) -> str:
    """What a listing holds, in one message: "first 3 unique solutions for N = 8"."""
    if first and unique:
        return plural(
            count,
            "first {count} unique solution for {board}",
            "first {count} unique solutions for {board}",
            board=board,
        )
    if first:
        return plural(
            count, "first {count} solution for {board}", "first {count} solutions for {board}",
            board=board,
        )  # fmt: skip
    if unique:
        return plural(
            count, "{count} unique solution for {board}", "{count} unique solutions for {board}",
            board=board,
        )  # fmt: skip
    return plural(
        count, "{count} solution for {board}", "{count} solutions for {board}", board=board
    )
