"""`nqueens journal FILE`: what a count's journal holds, read without changing it; and
`nqueens journal merge` (cli/journal_merge.py) for the journals of a count's parts."""

from __future__ import annotations

import json
from typing import Any

import click

from nqueens.cli._app import cli
from nqueens.messages import plural


class _ShowByDefault(click.Group):
    """`nqueens journal FILE` shows the file; a first word naming a subcommand (merge)
    runs it instead."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
            args = ["show", *args]
        return super().parse_args(ctx, args)

    def format_usage(self, ctx: click.Context, formatter: Any) -> None:
        formatter.write_usage(ctx.command_path, "FILE [--json] | merge PARTS... --out FILE")


@cli.group(cls=_ShowByDefault, no_args_is_help=True)
def journal() -> None:
    """Read a count's journal, or merge the journals of its parts.

    \b
    Examples:
      nqueens journal n19.sqlite
      nqueens journal n19.sqlite --json
      nqueens journal merge part-*.db --out all.db
    """


@journal.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def show(file: str, as_json: bool) -> None:
    """Summarise a journal written by `nqueens count --journal FILE` (the default:
    `nqueens journal FILE`).

    Prints N, the method, the subproblems done of all, the sums of its fields so far
    (and the totals once every subproblem is done), and the digest of its rows. A journal
    changed outside nqueens does not match its digest and is refused.

    \b
    Examples:
      nqueens journal n19.sqlite
      nqueens journal n19.sqlite --json
    """
    _show(file, as_json)


def _show(file: str, as_json: bool) -> None:
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
