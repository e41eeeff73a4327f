"""The teaching commands: `compare` the algorithms, `trace` a search, list them."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterator

import click

from nqueens.cli._app import (
    _SIZE_COMMAND,
    _algorithm_option,
    _lang_option,
    _one_based_option,
    _size_argument,
    _variant_option,
    cli,
)
from nqueens.errors import IncompatibleOptionsError
from nqueens.i18n import _


@cli.command(**_SIZE_COMMAND)
@_lang_option
@_size_argument
@click.option("--algorithms", help="Comma-separated names (default: all).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per algorithm.")
@_variant_option(
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

    from nqueens.compare import ComparisonRow, search_spaces
    from nqueens.compare import compare as run_comparison
    from nqueens.render.tables import comparison_table, print_uncut

    names = [a.strip() for a in algorithms.split(",") if a.strip()] if algorithms else None
    title = None
    runs: Callable[..., Iterator[ComparisonRow]] = functools.partial(run_comparison, n, names)
    if variant != "classic":
        from nqueens.validate import board_size
        from nqueens.variants import Rules
        from nqueens.variants.compare import compare as compare_variant

        if names is not None:
            raise IncompatibleOptionsError(
                _(
                    "the {variant} board has its own two searches, check function and "
                    "bitboard (the teaching algorithms follow the classic rules): drop "
                    "--algorithms"
                ).format(variant=variant)
            )
        rules = Rules.of(variant, board_size(n))
        title = _("N = {n}, {variant}: the variant's own searches side by side").format(
            n=n, variant=variant
        )
        runs = functools.partial(compare_variant, rules)
    if as_json:
        for row in runs():
            click.echo(json.dumps(row.to_dict()))
        return
    from nqueens.compare import expected_nodes
    from nqueens.render.comparison import run_live

    spaces = search_spaces(n)
    console = Console()
    rows = run_live(console, runs, lambda name: expected_nodes(name, n))
    print_uncut(console, comparison_table(n, spaces, rows, title))
    for row in rows:
        if row.skipped:
            click.echo(
                _("{algorithm} skipped: {reason}").format(
                    algorithm=row.algorithm, reason=row.skipped
                )
            )


@cli.command(**_SIZE_COMMAND)
@_lang_option
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
@click.option(
    "--state",
    "-s",
    is_flag=True,
    help="Show the algorithm's own structures after each step (flags, masks, stack, candidate).",
)
@_one_based_option
@_variant_option(
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
    from nqueens.render.trace import Reason, _reason, rules_reason, trace_lines
    from nqueens.search import get_algorithm
    from nqueens.search.events import Event
    from nqueens.validate import board_size

    chosen = get_algorithm(algorithm)
    chosen.check_size(board_size(n), first_only=True)
    steps: Iterator[Event] = chosen.events(n, state=state)
    reason: Reason = _reason
    if variant != "classic":
        from nqueens.variants import Rules, events

        if algorithm != "backtracking":
            raise IncompatibleOptionsError(
                _(
                    "a {variant} board is traced by its own check-function search: drop --algorithm"
                ).format(variant=variant)
            )
        if state:
            raise IncompatibleOptionsError(
                _(
                    "--state shows the teaching algorithms' structures; a {variant} board's "
                    "search has none to show: drop --state"
                ).format(variant=variant)
            )
        rules = Rules.of(variant, n)
        steps = events(rules)
        reason = rules_reason(rules)

    lines = trace_lines(
        steps,
        n,
        base=1 if one_based else 0,
        boards=boards,
        limit=limit or None,
        solutions=solutions,
        reason=reason,
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
