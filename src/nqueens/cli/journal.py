"""`nqueens journal FILE`: what a count's journal holds, read without changing it."""

from __future__ import annotations

import json

import click

from nqueens.cli._app import cli
from nqueens.messages import plural


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def journal(file: str, as_json: bool) -> None:
    """Summarise a journal written by `nqueens count --journal FILE`.

    Prints N, the method, the subproblems done of all, the sums of its fields so far
    (and the totals once every subproblem is done), and the digest of its rows. A journal
    changed outside nqueens does not match its digest and is refused.

    \b
    Examples:
      nqueens journal n19.sqlite
      nqueens journal n19.sqlite --json
    """
    from nqueens.engine.journal import read_summary
    from nqueens.engine.registry import METHODS

    summary = read_summary(file)
    method = METHODS[summary.method]
    finished = summary.done == summary.subproblems
    tally = method.final_tally(summary.n, list(summary.sums.values())) if finished else None
    if as_json:
        record = {
            "path": str(summary.path),
            "n": summary.n,
            "method": summary.method,
            "done": summary.done,
            "subproblems": summary.subproblems,
            "sums": summary.sums,
            "total": tally.total if tally else None,
            "unique": tally.unique if tally else None,
            "digest": summary.digest,
        }
        click.echo(json.dumps(record))
        return
    sums = ", ".join(f"{name} {value:,}" for name, value in summary.sums.items())
    click.echo(f"journal {summary.path}: N = {summary.n}, method {summary.method}")
    click.echo(f"subproblems done: {summary.done:,} of {summary.subproblems:,}")
    click.echo(f"sums so far: {sums}")
    if tally is not None:
        solutions = plural(tally.total, "{count} solution", "{count} solutions")
        click.echo(f"finished: {solutions}, {tally.unique:,} unique")
    click.echo(f"digest: {summary.digest[:32]} (rows match)")
