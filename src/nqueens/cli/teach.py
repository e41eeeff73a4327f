"""The teaching commands: `compare` the algorithms, `trace` a search, list them."""

from __future__ import annotations

import functools
import json
import sys

import click

from nqueens.cli._app import _SIZE_COMMAND, _size_argument, cli
from nqueens.cli._options import (
    algorithm_option,
    json_option,
    one_based_option,
    stop_after_option,
    variant_option,
)
from nqueens.cli._types import Whole
from nqueens.errors import IncompatibleOptionsError
from nqueens.i18n import _
from nqueens.messages import variant_name


@cli.command(**_SIZE_COMMAND)
@_size_argument
@click.option("--algorithms", help="Comma-separated names (default: all).")
@json_option("each algorithm's row")
@variant_option(
    "Compare a variant's own two searches instead (toroidal, superqueens): its check "
    "function and its bitboard, under its rules (the teaching algorithms follow the "
    "classic rules)."
)
def compare(n: int, algorithms: str | None, as_json: bool, variant: str) -> None:
    """Run the algorithms side by side: search space, nodes, checks, solutions, time.

    Algorithms too slow for N are skipped with the reason. Example: nqueens compare 8,
    or nqueens compare 7 --variant toroidal
    """
    from rich.console import Console

    from nqueens.compare import compare as run_comparison
    from nqueens.compare import search_spaces
    from nqueens.render.tables import comparison_notes, comparison_table, print_uncut
    from nqueens.variants import Rules

    given = (
        (a.strip() for a in algorithms.split(",") if a.strip()) if algorithms is not None else None
    )
    names = list(dict.fromkeys(given)) if given is not None else None  # "flags,flags": 1 row
    runs = functools.partial(run_comparison, Rules.of(variant, n), names)
    title = None
    if variant != "classic":
        title = _("N = {n}, {variant}: the variant's own searches side by side").format(
            n=n, variant=variant_name(variant)
        )
    if as_json:
        for row in runs():
            click.echo(json.dumps(row.to_dict()))
        return
    from nqueens.compare import expected_nodes
    from nqueens.render.comparison import run_live

    class TableConsole(Console):
        """Standard output's console: its reader closing it (`| head`) ends the command
        as any closed pipe does, status 0 (rich's own exits with 1)."""

        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    spaces = search_spaces(n)
    console = TableConsole()
    status = Console(stderr=True)  # the bar, when the table goes to a file or a pipe
    rows = run_live(console, runs, lambda name: expected_nodes(name, n), status)
    print_uncut(console, comparison_table(n, rows, title))
    for note in comparison_notes(spaces, console.width):
        console.print(note, markup=False, highlight=False, soft_wrap=True)
    for row in rows:
        if row.skipped:
            click.echo(
                _("{algorithm} skipped: {reason}").format(
                    algorithm=row.algorithm, reason=row.skipped
                )
            )


@cli.command(**_SIZE_COMMAND)
@_size_argument
@algorithm_option("backtracking")
@stop_after_option("--limit", "-l", default=200, what="steps", zero="every step")
@click.option("--solutions", type=Whole(min=1), help="Stop after this many solutions.")
@click.option("--boards", "-b", is_flag=True, help="Draw the board after each move.")
@click.option(
    "--state",
    "-s",
    is_flag=True,
    help="Show the algorithm's own structures after each step (flags, masks, stack, candidate).",
)
@one_based_option
@variant_option(
    "Trace a variant's search (toroidal, superqueens): its check function names each attack."
)
def trace(
    n: int,
    algorithm: str,
    limit: int,
    solutions: int | None,
    boards: bool,
    state: bool,
    one_based: bool,
    variant: str,
) -> None:
    """Follow the search step by step: place, attacked-by, remove, found.

    Example: nqueens trace 4 --boards
    """
    from nqueens.messages import one_based_note
    from nqueens.render.trace import _reason, rules_reason, trace_lines
    from nqueens.search import walk
    from nqueens.variants import Rules

    steps = walk(Rules.of(variant, n), algorithm, state=state)
    rules = steps.variant_rules
    if not limit and solutions is None:  # every step: the whole search, as a film's
        steps.algorithm.check_size(n)
    if state and rules is not None:
        raise IncompatibleOptionsError(
            _(
                "--state shows the teaching algorithms' structures; a {variant} board's "
                "search has none to show: drop --state"
            ).format(variant=variant_name(variant))
        )
    if one_based and rules is None:  # the code's cells keep the code's indices: say so
        sys.stdout.write(one_based_note() + "\n")
    lines = trace_lines(
        steps.events(),
        n,
        base=1 if one_based else 0,
        boards=boards,
        limit=limit or None,
        solutions=solutions,
        reason=_reason if rules is None else rules_reason(rules),
        state=state,
    )
    for line in lines:
        sys.stdout.write(line + "\n")


@cli.command()
def algorithms() -> None:
    """List the teaching algorithms and the largest N each handles in reasonable time."""
    from nqueens.search import ALGORITHMS

    for a in ALGORITHMS.values():
        said = _("{summary} (all solutions: N <= {n})").format(summary=a.describe(), n=a.max_n)
        click.echo(f"{a.name:<15} {said}")
