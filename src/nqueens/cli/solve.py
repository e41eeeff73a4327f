"""`nqueens solve`: the first solution, or every / every unique one, streamed."""

from __future__ import annotations

import io
import itertools
from typing import Any, BinaryIO

import click

from nqueens.cli._app import (
    _SIZE_COMMAND,
    HUMAN_STYLES,
    _answer_no,
    _one_based_option,
    _opened,
    _out_option,
    _say_written,
    _variant_option,
    cli,
)
from nqueens.errors import NoSolutionError
from nqueens.i18n import _
from nqueens.limits import FIRST_ENGINE_FROM_N, LISTING_ENGINE_FROM_N, VARIANT_FIRST_MAX_N
from nqueens.messages import plural
from nqueens.render.text import ARRAY_FORMATS, MACHINE_FORMATS
from nqueens.search import ALGORITHMS

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
@click.option("--limit", "-l", type=click.IntRange(min=0), help="At most this many solutions.")
@click.option(
    "--algorithm",
    "-A",
    default="auto",
    show_default=True,
    help="auto: the pure-Python bitboard search, or the numba engine for long listings "
    f"(N >= {LISTING_ENGINE_FROM_N}) and for the first solution from N = {FIRST_ENGINE_FROM_N} "
    f"(where it lies deep); engine; or a teaching algorithm: {', '.join(ALGORITHMS)}. All "
    "give the same solutions in the same lexicographic order.",
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
@_out_option("Write to this file, not stdout.", dest="output")
@click.option(
    "--workers",
    "-w",
    type=click.IntRange(min=1),
    help="Worker processes for engine listings (default: every core).",
)
@_one_based_option
@click.option("--stats", "show_stats", is_flag=True, help="Nodes, checks and time on stderr.")
@_variant_option(
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
    from nqueens.search import SearchStats
    from nqueens.solving import ENGINE, auto_algorithm
    from nqueens.validate import worker_count
    from nqueens.variants import Rules

    rules = Rules.of(variant, size)
    if workers is not None:
        worker_count(workers)  # a bound broken is refused even where no worker would start
    if not rules.classic:
        _solve_variant(rules, all_, unique, limit, algorithm, fmt, output, one_based, show_stats)
        return
    n = rules.rows
    listing = all_ or unique or limit is not None
    if algorithm == "auto":
        algorithm = auto_algorithm(n, listing=listing)
    if fmt == "npy" and algorithm != ENGINE:
        algorithm = ENGINE  # an array file is the engine's own output
    stats = SearchStats()
    base = 1 if one_based else 0
    with _opened(output, binary=fmt == "npy") as out:
        if algorithm == ENGINE and fmt in ARRAY_FORMATS:
            chosen = limit if listing else 1  # whether to list is --all's choice, not --format's
            written = _solve_into_arrays(n, unique, chosen, fmt, out, base, workers)
        else:
            written = _solve_into_text(
                n, listing, unique, limit, algorithm, fmt, out, base, stats, workers
            )
    none = str(NoSolutionError.for_size(n))
    _close_listing(written, listing, unique, limit, fmt, output, f"N = {n}", none)
    if show_stats:
        click.echo(
            f"{algorithm}: {stats.nodes:,} nodes, {stats.checks:,} checks, "
            f"{stats.backtracks:,} backtracks, {stats.time:.3f} s",
            err=True,
        )


def _solve_into_text(
    n: int,
    listing: bool,
    unique: bool,
    limit: int | None,
    algorithm: str,
    fmt: str,
    out: BinaryIO,
    base: int,
    stats: Any,
    workers: int | None,
) -> int:
    from nqueens.render.text import write_solutions
    from nqueens.solving import first, solutions

    if listing:
        found = solutions(
            n, algorithm=algorithm, unique=unique, limit=limit, stats=stats, workers=workers
        )
    else:
        solution = first(n, algorithm=algorithm, stats=stats)
        found = iter([solution] if solution is not None else [])
    text = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    try:
        return write_solutions(found, text, fmt, base=base, numbered=listing)
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


def _solve_variant(
    rules: Any,
    all_: bool,
    unique: bool,
    limit: int | None,
    algorithm: str,
    fmt: str,
    output: str | None,
    one_based: bool,
    show_stats: bool,
) -> None:
    """A variant's solutions, by its own bitboard search (the teaching algorithms and the
    engine know only the classic board)."""
    from nqueens.errors import IncompatibleOptionsError, SizeTooLargeError
    from nqueens.render.text import write_solutions
    from nqueens.search import SearchStats
    from nqueens.variants import VariantBoard, solutions
    from nqueens.variants.search import proved_empty

    if algorithm != "auto":
        raise IncompatibleOptionsError(
            f"the {rules.variant} {rules.rows}x{rules.cols} board has its own search: "
            "drop --algorithm"
        )
    if fmt == "npy":
        raise IncompatibleOptionsError("--format npy holds classic boards only: use list or csv")
    where = f"the {rules.variant} {rules.rows}x{rules.cols} board"
    board = _("the {variant} {rows}x{cols} board").format(
        variant=rules.variant, rows=rules.rows, cols=rules.cols
    )
    if rules.rows > VARIANT_FIRST_MAX_N and not proved_empty(rules):
        raise SizeTooLargeError(
            f"{rules.rows} queens are too many for {where}'s search to find a first "
            f"solution in seconds: use at most {VARIANT_FIRST_MAX_N}"
        )
    listing = all_ or unique or limit is not None
    stats = SearchStats()
    found = solutions(rules, unique=unique, stats=stats)
    boards = (VariantBoard(cols, rules.cols) for cols in found)
    chosen = itertools.islice(boards, limit if listing else 1)
    with _opened(output) as out:
        text = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
        try:
            written = write_solutions(
                chosen, text, fmt, base=1 if one_based else 0, numbered=listing
            )
        finally:
            text.detach()
    none = str(rules.no_solution())
    _close_listing(written, listing, unique, limit, fmt, output, board, none)
    if show_stats:
        click.echo(
            f"{stats.nodes:,} nodes, {stats.solutions:,} found, {stats.time:.3f} s", err=True
        )


def _close_listing(
    written: int,
    listing: bool,
    unique: bool,
    limit: int | None,
    fmt: str,
    output: str | None,
    board: str,
    none: str,
) -> None:
    """The closing line of a listing, `wrote FILE: ...` (`_say_written`), or the answer "no
    solution" (`_answer_no`); `board` says which ("N = 8", a variant's board)."""
    human = fmt in HUMAN_STYLES
    if written == 0 and (limit is None or limit > 0):
        _answer_no(none, on_stdout=human and output is None)
    first = listing and limit is not None and written == limit
    shown = _listed(written, unique, first, board)
    if output is not None:
        _say_written(output, _("wrote {out}: {what}").format(out=output, what=shown))
    elif listing and human and written:
        click.echo("\n" + shown)


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
