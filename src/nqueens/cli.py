"""The `nqueens` command: parse, call the library, render. No logic of its own.

Errors are handled in one place, `_Group.main`: bad input of any kind becomes one line on
stderr and exit status 2; Ctrl-C and a closed pipe end quietly. Built on click rather than
typer: typer now pulls in pydantic, which alone takes longer to import than
`nqueens solve 8` may take in all.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

import click

from nqueens.errors import InvalidPlacementError, NQueensError, SizeTooLargeError
from nqueens.placement import Placement

__all__ = ["cli", "main"]


class _Group(click.Group):
    """The one place where errors become messages and exit statuses."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as error:
            result = _fail(error.format_message(), 2)  # bare `nqueens`: show the help
        except click.Abort:  # Ctrl-C
            result = 130
        except NQueensError as error:
            result = _fail(f"nqueens: error: {error}", getattr(error, "exit_status", 2))
        except click.ClickException as error:  # usage errors found while parsing
            ctx = getattr(error, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            result = _fail(f"nqueens: error: {error.format_message()}{hint}", error.exit_code)
        if standalone_mode:
            sys.exit(result or 0)
        return result


def _fail(message: str, status: int = 2) -> int:
    click.echo(message, err=True)
    return status


EXAMPLES = """\b
Examples:
  nqueens solve 8                      the first solution
  nqueens solve 8 --all --format grid  all 92, numbered, as +-+ grids
  nqueens solve 8 --unique             the 12 solutions unique up to symmetry
  nqueens count 12                     total and unique counts
  nqueens compare 8                    the algorithms side by side
  nqueens trace 4 --boards             the search step by step
  nqueens check "0 4 7 5 2 6 1 3"      is this placement valid?
  nqueens construct 1000000 -o q.npy   one placement of a million queens
  nqueens complete "0:0 1:4" --n 8     complete a board with fixed queens
"""

# "-3" must reach our own size check ("board size must be at least 1"), not be taken
# for an unknown option.
_SIZE_COMMAND: dict[str, Any] = {"context_settings": {"ignore_unknown_options": True}}

HUMAN_STYLES = ("board", "compact", "grid", "unicode")
MACHINE_FORMATS = ("list", "json", "jsonl", "csv", "npy")


@click.group(cls=_Group, epilog=EXAMPLES, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="nqueens-lab")
def cli() -> None:
    """The N-Queens toolkit: solve, teach, count."""


_F = TypeVar("_F", bound=Callable[..., Any])


def _size_argument(f: _F) -> _F:
    return click.argument("n", type=int, metavar="N")(f)


def _algorithm_option(default: str) -> Callable[[_F], _F]:
    return click.option(
        "--algorithm",
        "-A",
        default=default,
        show_default=True,
        help="brute-force, permutations, backtracking, flags, flags-stack, bitboard or "
        "bitboard-stack (see `nqueens algorithms`).",
    )


_one_based_option = click.option(
    "--one-based", is_flag=True, help="Number rows and columns from 1 instead of 0."
)


def _no_solution(n: int) -> str:
    return (
        f"No solution: {n} queens cannot be placed on a {n}x{n} board without two of them "
        "attacking each other."
    )


@cli.command(epilog=EXAMPLES, **_SIZE_COMMAND)
@_size_argument
@click.option("--all", "-a", "all_", is_flag=True, help="Every solution, numbered.")
@click.option("--unique", "-u", is_flag=True, help="One solution per symmetry class.")
@click.option("--limit", "-l", type=click.IntRange(min=0), help="At most this many solutions.")
@click.option(
    "--algorithm",
    "-A",
    default="auto",
    show_default=True,
    help="auto (pure-Python bitboard, or the numba engine for long listings), engine, or a "
    "teaching algorithm: brute-force, permutations, backtracking, flags, flags-stack, "
    "bitboard, bitboard-stack.",
)
@click.option(
    "--format",
    "-f",
    "fmt",
    type=click.Choice(HUMAN_STYLES + MACHINE_FORMATS),
    default="board",
    show_default=True,
    help="Board style (board, compact, grid, unicode) or machine format (list, json, "
    "jsonl, csv, npy: a NumPy int8 array of shape (solutions, N)).",
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
def solve(
    n: int,
    all_: bool,
    unique: bool,
    limit: int | None,
    algorithm: str,
    fmt: str,
    output: str | None,
    workers: int | None,
    one_based: bool,
    show_stats: bool,
) -> None:
    """Solve N queens: the first solution, or all / unique ones streamed as found."""
    from nqueens.search import SearchStats
    from nqueens.solving import ENGINE, auto_algorithm
    from nqueens.validate import board_size

    n = board_size(n)
    listing = all_ or unique or limit is not None or fmt == "npy"
    if algorithm == "auto":
        algorithm = auto_algorithm(n, listing=listing)
    if fmt == "npy" and algorithm != ENGINE:
        algorithm = ENGINE  # an array file is the engine's own output
    if fmt == "npy" and output is None and sys.stdout.isatty():
        raise click.UsageError("--format npy writes binary data: give --output FILE")
    stats = SearchStats()
    base = 1 if one_based else 0
    with _opened(output) as out:
        if algorithm == ENGINE and fmt in ("list", "csv", "npy"):
            written = _solve_into_arrays(n, unique, limit, fmt, out, base, workers)
        else:
            written = _solve_into_text(
                n, listing, unique, limit, algorithm, fmt, out, base, stats, workers
            )
    human = fmt in HUMAN_STYLES
    if written == 0:
        click.echo(_no_solution(n), err=not human)
    elif listing and human:
        kind = "unique solution" if unique else "solution"
        shown = f"first {written}" if limit is not None and written == limit else str(written)
        click.echo(f"\n{shown} {kind}{'s' if written != 1 else ''} for N = {n}")
    if show_stats:
        click.echo(
            f"{algorithm}: {stats.nodes:,} nodes, {stats.checks:,} checks, "
            f"{stats.backtracks:,} backtracks, {stats.time:.3f} s",
            err=True,
        )


@contextmanager
def _opened(output: str | None) -> Iterator[BinaryIO]:
    """The binary stream to write to: a file, or standard output."""
    if output is None:
        sys.stdout.flush()
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    with open(output, "wb") as out:
        yield out


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

    from nqueens.counting import count as count_solutions
    from nqueens.engine.enumerate import CHUNK, solution_arrays
    from nqueens.render.arrays import write_arrays, write_npy_header
    from nqueens.solving import ENGINE_MAX_N

    if limit is None and n > ENGINE_MAX_N:
        raise SizeTooLargeError(
            f"N = {n} has too many solutions to list: use N <= {ENGINE_MAX_N}, --limit, "
            "or `nqueens count N`"
        )
    chunk = min(CHUNK, max(limit or CHUNK, 1))
    chunks = solution_arrays(n, unique=unique, chunk=chunk, workers=workers if limit is None else 1)
    if limit is not None:
        chunks = _first_rows(chunks, limit)
    if fmt == "npy":
        known = count_solutions(n, workers=1 if n < 12 else None)
        rows = known.unique if unique else known.total
        write_npy_header(out, rows if limit is None else min(rows, limit), n)
    return write_arrays(chunks, out, fmt, n=n, base=base)


def _first_rows(chunks: Iterator[Any], limit: int) -> Iterator[Any]:
    left = limit
    for chunk in chunks:
        if left <= 0:
            return
        yield chunk[:left]
        left -= len(chunk[:left])


@cli.command(**_SIZE_COMMAND)
@_size_argument
@click.option(
    "--workers",
    "-w",
    type=click.IntRange(min=1),
    help="Worker processes (default: every core; 1 counts in this process).",
)
@click.option(
    "--journal",
    "-j",
    type=click.Path(dir_okay=False),
    help="SQLite file keeping finished work; rerun the same command to resume.",
)
@click.option(
    "--method",
    "-m",
    default="auto",
    show_default=True,
    help="auto, backtrack (numba engine) or python (pure Python, N <= 15).",
)
@click.option(
    "--scheduler",
    "-s",
    metavar="ADDRESS",
    help="Count on a Dask cluster: tcp://HOST:8786, or `local` for a LocalCluster.",
)
@click.option(
    "--batch-size",
    type=click.IntRange(min=1),
    help="Subproblems per task (default: small enough to keep every worker busy).",
)
@click.option(
    "--connect-timeout",
    type=click.FloatRange(min=0.1),
    default=10.0,
    show_default=True,
    help="Seconds to wait for the Dask scheduler and its first worker.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar or notices.")
def count(
    n: int,
    workers: int | None,
    journal: str | None,
    method: str,
    scheduler: str | None,
    batch_size: int | None,
    connect_timeout: float,
    as_json: bool,
    quiet: bool,
) -> None:
    """Count every solution and the unique ones (up to rotation and reflection).

    Uses every core, shows progress on a terminal, and with --journal survives a crash:
    rerun the same command and only the unfinished part is counted.

    \b
    Examples:
      nqueens count 12
      nqueens count 17 --workers 2 --json
      nqueens count 19 --journal n19.sqlite
      nqueens count 20 --scheduler tcp://10.0.0.5:8786 --journal n20.sqlite
    """
    from nqueens.counting import count as count_solutions
    from nqueens.render.progress import CountProgress

    with CountProgress(enabled=not quiet and sys.stderr.isatty(), quiet=quiet) as progress:
        result = count_solutions(
            n,
            method=method,
            workers=workers,
            journal=journal,
            on_progress=progress.update,
            on_compile=progress.compiling,
            scheduler=scheduler,
            batch_size=batch_size,
            connect_timeout=connect_timeout,
        )
    if as_json:
        click.echo(json.dumps(result.to_dict()))
    else:
        click.echo(f"N = {result.n}: {result.total:,} solutions, {result.unique:,} unique")


@cli.command(**_SIZE_COMMAND)
@_size_argument
@click.option("--algorithms", help="Comma-separated names (default: all).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per algorithm.")
def compare(n: int, algorithms: str | None, as_json: bool) -> None:
    """Run the algorithms side by side: search space, nodes, checks, solutions, time.

    Algorithms too slow for N are skipped with the reason. Example: nqueens compare 8
    """
    from rich.console import Console

    from nqueens.compare import compare as run_comparison
    from nqueens.compare import search_spaces
    from nqueens.render.tables import comparison_table

    names = [a.strip() for a in algorithms.split(",") if a.strip()] if algorithms else None
    if as_json:
        for row in run_comparison(n, names):
            click.echo(json.dumps(row.to_dict()))
        return
    spaces = search_spaces(n)
    console = Console()
    with console.status("comparing...") as status:
        rows = list(
            run_comparison(n, names, on_start=lambda name: status.update(f"running {name}..."))
        )
    console.print(comparison_table(n, spaces, rows))
    for row in rows:
        if row.skipped:
            console.print(f"{row.algorithm} skipped: {row.skipped}", highlight=False)


@cli.command(**_SIZE_COMMAND)
@_size_argument
@_algorithm_option("backtracking")
@click.option(
    "--limit",
    "-l",
    type=click.IntRange(min=0),
    default=200,
    show_default=True,
    help="Stop after this many steps (0: every step).",
)
@click.option("--solutions", type=click.IntRange(min=1), help="Stop after this many solutions.")
@click.option("--boards", "-b", is_flag=True, help="Draw the board after each move.")
@_one_based_option
def trace(
    n: int, algorithm: str, limit: int, solutions: int | None, boards: bool, one_based: bool
) -> None:
    """Follow the search step by step: place, attacked-by, remove, found.

    Example: nqueens trace 4 --boards
    """
    from nqueens.render.trace import trace_lines
    from nqueens.search import get_algorithm
    from nqueens.validate import board_size

    chosen = get_algorithm(algorithm)
    chosen.check_size(board_size(n), first_only=True)
    lines = trace_lines(
        chosen.events(n),
        n,
        base=1 if one_based else 0,
        boards=boards,
        limit=limit or None,
        solutions=solutions,
    )
    for line in lines:
        sys.stdout.write(line + "\n")


@cli.command()
@click.argument("placement")
@_one_based_option
def check(placement: str, one_based: bool) -> None:
    """Say whether PLACEMENT is valid, and which queens attack which.

    PLACEMENT is a column per row ("0 4 7 5 2 6 1 3"), board rows ("Q.../..Q."), a file
    holding either (or a .npy array), or - for standard input. Above 2,000 queens the
    check is O(N) and names a few attacking pairs. Exit status 0 when valid, 1 when
    queens attack each other, 2 when the input is not a placement.

    Example: nqueens check "1 3 0 2"
    """
    base = 1 if one_based else 0
    if placement.endswith(".npy") and Path(placement).is_file():
        _check_large(_load_npy(placement) - base, base)
        return
    text = _read_placement_text(placement)  # read once: it may be standard input
    large = _large_columns(text)
    if large is not None:
        _check_large(large - base, base)
        return
    board = Placement.from_string(text, base=base)
    click.echo(str(board))
    pairs = board.attacks()
    if not pairs:
        click.echo(f"valid: {board.n} queens, no two attack each other")
        if board.n > 1:
            click.echo(
                f"canonical form: {board.canonical().to_string(base=base)} "
                f"({board.orbit_size()} distinct images under rotation and reflection)"
            )
        return
    click.echo(f"invalid: {len(pairs)} pair{'s' if len(pairs) != 1 else ''} of queens attack")
    for (r1, c1), (r2, c2) in pairs:
        how = "same column" if c1 == c2 else "same diagonal"
        click.echo(
            f"  row {r1 + base} col {c1 + base}  and  row {r2 + base} col {c2 + base}  ({how})"
        )
    raise click.exceptions.Exit(1)


LARGE = 2000
"""Above this many queens, `check` uses the O(N) NumPy check and prints no board."""


def _load_npy(path: str) -> Any:
    import numpy as np

    try:
        return np.load(path, allow_pickle=False)
    except ValueError as error:
        raise InvalidPlacementError(f"{path} is not a NumPy array file: {error}") from None


def _large_columns(text: str) -> Any:
    """A long column list as an array (for the O(N) check); None for anything else."""
    import re

    if len(text) < 2 * LARGE or not re.fullmatch(r"[\s\d,]*", text):
        return None
    import numpy as np

    values = np.array(text.replace(",", " ").split(), dtype=np.int64)
    return values if values.size > LARGE else None


def _check_large(cols: Any, base: int) -> None:
    from nqueens.large import check_array

    result = check_array(cols)
    if result.is_valid:
        click.echo(f"valid: {result.n:,} queens, no two attack each other")
        return
    click.echo(
        f"invalid: lines with more than one queen: columns {result.columns:,}, diagonals "
        f"{result.diagonals:,}, anti-diagonals {result.antidiagonals:,}; for example:"
    )
    for (r1, c1), (r2, c2) in result.examples:
        how = "same column" if c1 == c2 else "same diagonal"
        click.echo(
            f"  row {r1 + base} col {c1 + base}  and  row {r2 + base} col {c2 + base}  ({how})"
        )
    raise click.exceptions.Exit(1)


def _read_placement_text(argument: str) -> str:
    if argument == "-":
        return sys.stdin.read()
    path = Path(argument)
    if argument.strip() and "\n" not in argument and path.is_file():
        return path.read_text()
    return argument


@cli.command(**_SIZE_COMMAND)
@_size_argument
@click.option(
    "--method",
    type=click.Choice(["explicit", "min-conflicts"]),
    default="explicit",
    show_default=True,
    help="explicit: the classical construction; min-conflicts: a random solution by "
    "local search (reproducible with --seed).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="For min-conflicts.")
@click.option(
    "--max-sweeps",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="Give up min-conflicts after this many passes over the conflicted rows.",
)
@click.option(
    "--symmetry",
    default="identity",
    show_default=True,
    help="Apply one of the 8 symmetries of the square (rot90, mirror, transpose, ...) to "
    "get another solution of the same family.",
)
@click.option(
    "--format",
    "-f",
    "fmt",
    type=click.Choice(["board", "list", "lines", "npy"]),
    help="board, list (one line), lines (one column per line) or npy. Default: board up "
    "to N = 30, lines beyond; npy when --output ends in .npy.",
)
@click.option(
    "--output", "-o", type=click.Path(dir_okay=False), help="Write to this file, not stdout."
)
@_one_based_option
def construct(
    n: int,
    method: str,
    seed: int,
    max_sweeps: int,
    symmetry: str,
    fmt: str | None,
    output: str | None,
    one_based: bool,
) -> None:
    """One valid placement for any N: the classical explicit construction in O(N), or a
    random one by min-conflicts local search (N = 1,000,000 in about a second).

    \b
    Examples:
      nqueens construct 8
      nqueens construct 10000000 --output queens.npy
      nqueens construct 1000 --symmetry rot90 --format lines
      nqueens construct 1000000 --method min-conflicts --seed 7 -o random.npy
    """
    import numpy as np

    from nqueens.large import construct as construct_columns
    from nqueens.large import min_conflicts, transform_array
    from nqueens.render.arrays import text_rows, write_npy_header
    from nqueens.validate import board_size

    n = board_size(n)
    if n in (2, 3):
        click.echo(_no_solution(n), err=True)
        raise click.exceptions.Exit(1)
    if method == "explicit":
        cols = construct_columns(n, symmetry=symmetry)
    else:

        def report(sweeps: int, left: int) -> None:
            if sys.stderr.isatty():
                click.echo(f"sweep {sweeps}: {left:,} rows in conflict", err=True)

        found = min_conflicts(n, seed=seed, max_sweeps=max_sweeps, on_progress=report)
        if not found.solved:
            click.echo(
                f"unknown: no solution within {max_sweeps} sweeps ({found.conflicts:,} rows "
                "still in conflict); raise --max-sweeps or try another --seed",
                err=True,
            )
            raise click.exceptions.Exit(3)
        cols = transform_array(found.cols, symmetry)
    assert cols is not None
    if fmt is None:
        fmt = "npy" if output and output.endswith(".npy") else ("board" if n <= 30 else "lines")
    if fmt == "npy" and output is None and sys.stdout.isatty():
        raise click.UsageError("--format npy writes binary data: give --output FILE")
    base = 1 if one_based else 0
    with _opened(output) as out:
        if fmt == "board":
            out.write((str(Placement(tuple(cols.tolist()))) + "\n").encode())
        elif fmt == "npy":
            write_npy_header(out, n, 0, descr="<i8")
            out.write(np.ascontiguousarray(cols, "<i8").tobytes())
        else:
            rows = cols.reshape(-1, 1) if fmt == "lines" else cols.reshape(1, -1)
            out.write(text_rows(rows, base, " "))


@cli.command()
@click.argument("board")
@click.option("--n", "size", type=int, help="Board size, needed with row:col pairs.")
@click.option("--count", "count_all", is_flag=True, help="Count every completion.")
@click.option(
    "--time-limit",
    type=click.FloatRange(min=0),
    help="Give up after this many seconds and answer unknown.",
)
@_one_based_option
def complete(
    board: str, size: int | None, count_all: bool, time_limit: float | None, one_based: bool
) -> None:
    """Complete a board with queens already fixed, or prove it cannot be done.

    BOARD is rows of Q (a fixed queen) and . (empty), lines or /-separated, or row:col
    pairs with --n, or a file holding either, or - for standard input. The answer board
    shows fixed queens as Q and added ones as q. Exit status 0 when completed, 1 when no
    completion exists, 2 for bad input, 3 when the time limit ran out first.

    \b
    Examples:
      nqueens complete "Q......./......../......../......../......../......../......../........"
      nqueens complete "0:0 1:4" --n 8 --count
      nqueens complete "0:5 7:3" --n 64 --time-limit 10
    """
    from nqueens.completion import Partial
    from nqueens.completion import complete as complete_board

    base = 1 if one_based else 0
    partial = Partial.from_string(_read_placement_text(board), n=size, base=base)
    result = complete_board(partial, count=count_all, time_limit=time_limit)
    work = f"{result.nodes:,} nodes, {result.time:.2f} s"
    if result.status == "unknown":
        click.echo(f"unknown: no answer within {time_limit:g} s ({work})")
        raise click.exceptions.Exit(3)
    if result.placement is None:
        fixed = len(partial.fixed)
        queens = "queen" if fixed == 1 else "queens"
        click.echo(f"impossible: no completion of the {fixed} fixed {queens} ({work})")
        raise click.exceptions.Exit(1)
    for row, col in enumerate(result.placement.cols):
        mark = "Q" if row in partial.fixed else "q"
        click.echo(" ".join(mark if c == col else "." for c in range(partial.n)))
    added = partial.n - len(partial.fixed)
    click.echo(f"completed: {added} added to {len(partial.fixed)} fixed ({work})")
    click.echo(f"columns: {result.placement.to_string(base=base)}")
    if result.count is not None:
        click.echo(f"{result.count:,} completion{'s' if result.count != 1 else ''} in all")


@cli.command()
def algorithms() -> None:
    """List the teaching algorithms and the largest N each handles in reasonable time."""
    from nqueens.search import ALGORITHMS

    for a in ALGORITHMS.values():
        click.echo(f"{a.name:<15} {a.summary}  (all solutions: N <= {a.max_n})")


def main() -> None:
    """Entry point of the `nqueens` console script."""
    cli()
