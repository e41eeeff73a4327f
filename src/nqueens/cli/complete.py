"""`nqueens complete`: one board completed or proved impossible, or a batch as JSON lines."""

from __future__ import annotations

import sys
import time
from typing import Any

import click

from nqueens.boardtext import parse_board, quoted
from nqueens.cli._app import cli
from nqueens.cli._options import one_based_option, workers_option
from nqueens.cli._types import Real, Whole
from nqueens.completion import Partial
from nqueens.errors import InputFileError, InvalidPlacementError, NQueensError
from nqueens.files import read_board_input
from nqueens.i18n import _

EXIT_STATUS = {"solved": 0, "impossible": 1, "unknown": 3}


@cli.command()
@click.argument("boards", nargs=-1, required=True, metavar="BOARD|FILE...")
@click.option("--n", "size", type=Whole(), help="Board size, needed with row:col pairs.")
@click.option(
    "--block",
    multiple=True,
    metavar="R:C",
    help="Block a square (repeat, or give several: --block '0:1 2:3').",
)
@click.option(
    "--exclude-sum",
    type=Whole(),
    multiple=True,
    metavar="K",
    help="No queen on the diagonal row + col = K (0-based; repeat for more).",
)
@click.option(
    "--exclude-diff",
    type=Whole(),
    multiple=True,
    metavar="K",
    help="No queen on the diagonal row - col = K (0-based; repeat for more).",
)
@click.option(
    "--diagonals",
    type=Whole(min=0),
    metavar="D",
    help="With a CSPLib excluded-diagonals file: use its first D pairs (default all).",
)
@click.option("--count", "count_all", is_flag=True, help="Count every completion.")
@click.option(
    "--time-limit",
    type=Real(min=0),
    help="Give up after this many seconds (reading the board included) and answer unknown; "
    "a stage under way ends first (reducing 50 million rows: about 3 s).",
)
@click.option("--seed", type=Whole(), default=0, show_default=True, help="For the restarts' draws.")
@click.option(
    "--format",
    "-f",
    "fmt",
    type=click.Choice(["board", "dimacs"]),
    default="board",
    show_default=True,
    help="board: the answer; dimacs: the instance as DIMACS CNF for a SAT solver (no search).",
)
@click.option("--jsonl", is_flag=True, help="One JSON line per instance (the batch form).")
@workers_option("Worker processes for a batch (default: every core; 1 answers in this process).")
@one_based_option
def complete(
    boards: tuple[str, ...],
    size: int | None,
    block: tuple[str, ...],
    exclude_sum: tuple[int, ...],
    exclude_diff: tuple[int, ...],
    diagonals: int | None,
    count_all: bool,
    time_limit: float | None,
    seed: int,
    fmt: str,
    jsonl: bool,
    workers: int | None,
    one_based: bool,
) -> None:
    """Complete a board with queens fixed and squares ruled out, or prove it cannot be done.

    BOARD is rows of Q (a fixed queen), . (free) and x (blocked), lines or /-separated, or
    row:col pairs with --n, or a file holding either, or - for standard input. Files in
    CSPLib prob079's formats are read as they are: excluded diagonals (n = ..., numdiags =
    ..., diags = [[index, type], ...]; --diagonals D takes the first D) and Essence'
    completion (letting n = ..., letting init = [[row, col], ...]). The answer board shows
    fixed queens as Q, added ones as q, blocked squares as x. Exit status 0 when
    completed, 1 when no completion exists, 2 for bad input, 3 when the time limit ran
    out first.

    Several FILEs, or --jsonl, answer a batch on every core: one JSON line each (file, n,
    status solved/impossible/unknown/error, nodes, seconds), a summary on stderr; exit
    status 2 if any file was bad, else 3 if any answer is unknown, else 0.

    \b
    Examples:
      nqueens complete "Q......./......../......../......../......../......../......../........"
      nqueens complete "0:0 1:4" --n 8 --count
      nqueens complete "0:5 7:3" --n 64 --block "10:10 20:20" --exclude-sum 40
      nqueens complete diag-21-4-75.param --diagonals 18 --time-limit 60
      nqueens complete diag-21/*.param --diagonals 19 --jsonl > answers.jsonl
    """
    start = time.perf_counter()
    base = 1 if one_based else 0
    if workers is not None:  # bounded as every command bounds it, a batch or not
        from nqueens.validate import worker_count

        worker_count(workers)
    if jsonl or len(boards) > 1:
        if fmt != "board" or block or exclude_sum or exclude_diff:
            raise click.UsageError(
                _("a batch (--jsonl or several files) takes no --format, --block or --exclude-*")
            )
        _batch(boards, size, base, diagonals, count_all, time_limit, seed, workers)
        return
    from nqueens.completion.formats import to_dimacs

    read = _read_one(boards[0], size, base, diagonals)
    squares = [sq for text in block for sq in _squares(text, base)]
    sums = frozenset(exclude_sum)
    diffs = frozenset(exclude_diff)
    if not isinstance(read, Partial):
        if fmt == "board" and not (squares or sums or diffs):
            _answer_whole(read, count_all, base, start)
            return
        read = Partial(len(read), dict(enumerate(read.tolist())), numbered_from=base)
    partial = read
    if squares or sums or diffs:
        partial = partial.restricted(blocked=squares, sums=sums, diffs=diffs)
    if fmt == "dimacs":
        for line in to_dimacs(partial):
            click.echo(line)
        return
    _solve_one(partial, count_all, time_limit, seed, base, start)


def _read_one(argument: str, size: int | None, base: int, diagonals: int | None) -> Partial | Any:
    """The one instance BOARD stands for. A file (or standard input) that is a column list
    fixing every row is read a slice at a time into an array and checked in O(N), as
    `check` reads it (held whole as text and parsed, 50 MB took 4.6 GB), and given back
    as that array (0-based) when no two of its queens attack."""
    from nqueens.columns import sniff_column_list
    from nqueens.completion.formats import every_row_fixed, read_instance
    from nqueens.files import board_source, contents_of, read_text

    name: str | None = None  # the input's, for refusals of its text (`contents_of`)
    with board_source(argument) as source:
        if source is None:
            text = argument
        else:
            stream, name = source
            try:
                cols, head = sniff_column_list(stream, name)
                if cols is not None:
                    return every_row_fixed(cols, name, size, base)
                text = read_text(stream, name, head=head)
            except MemoryError:
                raise InputFileError(
                    _(
                        "not enough memory to read {name}: give a smaller board, or its queens "
                        "as a column list (read in about the memory of its columns)"
                    ).format(name=name)
                ) from None
    with contents_of(name):
        return read_instance(text, n=size, base=base, diagonals=diagonals)


def _answer_whole(cols: Any, count_all: bool, base: int, start: float) -> None:
    """A board whose every row is fixed, without attacks, is its own one completion:
    answered from its columns. Before, a Partial of 10 million fixed queens and the
    search over it took 72 s and 6.8 GB for a 79 MB file."""
    from nqueens.completion import Completion
    from nqueens.render.completion import whole_board_answer

    seconds = time.perf_counter() - start
    answer = Completion("solved", cols, 1 if count_all else None, 0, seconds)
    for piece in whole_board_answer(answer, base=base):
        click.echo(piece, nl=False)


def _squares(text: str, base: int) -> list[tuple[int, int]]:
    """The squares of one --block value: row:col pairs, read by the board-text parser."""
    try:
        board = parse_board(text, base=base)
    except InvalidPlacementError:
        board = None
    if board is None or board.form != "pairs":
        raise InvalidPlacementError(
            _("--block takes row:col pairs such as '0:1 2:3', not {text}").format(text=quoted(text))
        )
    return list(board.queens)


def _solve_one(
    partial: Partial,
    count_all: bool,
    time_limit: float | None,
    seed: int,
    base: int,
    start: float,
) -> None:
    from nqueens.completion import complete
    from nqueens.render.completion import answer_lines

    left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
    result = complete(partial, count=count_all, time_limit=left, seed=seed)
    seconds = time.perf_counter() - start
    for line in answer_lines(partial, result, base=base, seconds=seconds, time_limit=time_limit):
        click.echo(line)
    if result.status != "solved":
        raise click.exceptions.Exit(EXIT_STATUS[result.status])


def _batch(
    files: tuple[str, ...],
    size: int | None,
    base: int,
    diagonals: int | None,
    count_all: bool,
    time_limit: float | None,
    seed: int,
    workers: int | None,
) -> None:
    from nqueens.completion.batch import Job, complete_many, summary

    start = time.perf_counter()

    def job(name: str) -> Job:
        try:
            text, unreadable = read_board_input(name), None
        except NQueensError as error:  # a missing or unreadable file: its own error line
            text, unreadable = "", str(error)
        return Job(name, text, size, base, diagonals, count_all, time_limit, seed, unreadable)

    jobs = (job(name) for name in files)
    answers = []
    for answer in complete_many(jobs, workers=workers):
        answers.append(answer)
        click.echo(answer.to_json())
        sys.stdout.flush()
    click.echo(summary(answers, time.perf_counter() - start), err=True)
    if any(a.status == "error" for a in answers):
        raise click.exceptions.Exit(2)
    if any(a.status == "unknown" for a in answers):
        raise click.exceptions.Exit(3)
