"""`nqueens count`: total and unique counts on the fast engine, locally or on Dask."""

from __future__ import annotations

import json
import sys

import click

from nqueens.cli._app import (
    _SIZE_COMMAND,
    _size_argument,
    cli,
)


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
    help="auto (the fastest for N), join (half-boards matched; N <= 23), backtrack "
    "(symmetric bitboard search) or python (pure Python, N <= 15).",
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
      nqueens count 16 --method backtrack
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
