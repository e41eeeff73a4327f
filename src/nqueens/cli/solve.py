"""`nqueens solve`: the first solution, or every / every unique one, streamed."""

from __future__ import annotations

import io
import itertools
from typing import Any, BinaryIO

import click

from nqueens.cli._app import (
    _SIZE_COMMAND,
    EXAMPLES,
    HUMAN_STYLES,
    _answer_no,
    _one_based_option,
    _opened,
    _variant_option,
    cli,
)
from nqueens.errors import NoSolutionError
from nqueens.render.text import ARRAY_FORMATS, MACHINE_FORMATS, plural
from nqueens.search import ALGORITHMS


@cli.command(epilog=EXAMPLES, **_SIZE_COMMAND)
@click.argument("size", metavar="N")
@click.option("--all", "-a", "all_", is_flag=True, help="Every solution, numbered.")
@click.option("--unique", "-u", is_flag=True, help="One solution per symmetry class.")
@click.option("--limit", "-l", type=click.IntRange(min=0), help="At most this many solutions.")
@click.option(
    "--algorithm",
    "-A",
    default="auto",
    show_default=True,
    help="auto (pure-Python bitboard, or the numba engine for long listings), engine, or a "
    f"teaching algorithm: {', '.join(ALGORITHMS)}.",
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
@click.option(
    "--output", "-o", type=click.Path(dir_okay=False), help="Write to this file, not stdout."
)
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
    """Solve N queens: the first solution, or all / unique ones streamed as found."""
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
    listing = all_ or unique or limit is not None or fmt == "npy"
    if algorithm == "auto":
        algorithm = auto_algorithm(n, listing=listing)
    if fmt == "npy" and algorithm != ENGINE:
        algorithm = ENGINE  # an array file is the engine's own output
    stats = SearchStats()
    base = 1 if one_based else 0
    with _opened(output, binary=fmt == "npy") as out:
        if algorithm == ENGINE and fmt in ARRAY_FORMATS:
            written = _solve_into_arrays(n, unique, limit, fmt, out, base, workers)
        else:
            written = _solve_into_text(
                n, listing, unique, limit, algorithm, fmt, out, base, stats, workers
            )
    none = str(NoSolutionError.for_size(n))
    _close_listing(written, listing, unique, limit, fmt, output, f"for N = {n}", none)
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
    from nqueens.errors import IncompatibleOptionsError
    from nqueens.render.text import write_solutions
    from nqueens.search import SearchStats
    from nqueens.variants import VariantBoard, solutions

    if algorithm != "auto":
        raise IncompatibleOptionsError(
            f"the {rules.variant} {rules.rows}x{rules.cols} board has its own search: "
            "drop --algorithm"
        )
    if fmt == "npy":
        raise IncompatibleOptionsError("--format npy holds classic boards only: use list or csv")
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
    where = f"the {rules.variant} {rules.rows}x{rules.cols} board"
    none = str(rules.no_solution())
    _close_listing(written, listing, unique, limit, fmt, output, f"on {where}", none)
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
    """The closing line of a listing, or the answer "no solution" (`_answer_no`)."""
    human = fmt in HUMAN_STYLES
    if written == 0 and (limit is None or limit > 0):
        _answer_no(none, on_stdout=human and output is None)
    if listing and human and written:
        kind = plural(written, "unique solution" if unique else "solution")
        shown = f"first {kind}" if limit is not None and written == limit else kind
        click.echo(f"\n{shown} {board}")
