"""`nqueens journal FILE`: what a count's journal holds (`--repair` recounts its rows);
and `nqueens journal merge` (cli/journal_merge.py) for the journals of a count's parts."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from nqueens.cli._app import cli
from nqueens.cli._options import json_option, workers_option
from nqueens.errors import printable
from nqueens.i18n import N_, _
from nqueens.messages import listed, plural

if TYPE_CHECKING:
    from nqueens.engine.runtime.verify import Repair


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
@json_option("the summary")
@click.option(
    "--repair",
    is_flag=True,
    help="Recount every finished subproblem (even when the digest does not match), put the "
    "recount in each row that disagrees or cannot be read, write a fresh digest; every "
    "change is listed. Takes as long as the count itself.",
)
@workers_option("With --repair: worker processes (default: every core).")
def show(file: str, as_json: bool, repair: bool, workers: int | None) -> None:
    """Summarise a journal written by `nqueens count --journal FILE` (the default:
    `nqueens journal FILE`).

    Prints N, the method, the subproblems done of all, its fields so far, each labelled by
    how it combines (most are summed; a peak such as table_bytes is the largest of any
    subproblem), the totals once every subproblem is done, checked against the published
    counts, and the digest of its rows. A journal changed outside nqueens does not match
    its digest and is refused; --repair recounts it.

    \b
    Examples:
      nqueens journal n19.sqlite
      nqueens journal n19.sqlite --json
      nqueens journal n19.sqlite --repair
    """
    from nqueens.engine.runtime.verify import repair_journal
    from nqueens.errors import IncompatibleOptionsError

    if workers is not None and not repair:
        raise IncompatibleOptionsError("--workers goes with --repair")
    _show(file, as_json, repair_journal(file, workers=workers) if repair else None)


def _show(file: str, as_json: bool, repaired: Repair | None = None) -> None:
    """The summary of a journal (and what a repair changed), as lines or JSON."""
    from nqueens.engine.registry import METHODS
    from nqueens.engine.runtime.journal import read_summary
    from nqueens.engine.runtime.totals import journal_totals

    summary = read_summary(file)
    method = METHODS[summary.method]
    finished = summary.part is None and summary.finished  # a part's sums are not the count's
    tally, published = journal_totals(summary) if finished else (None, None)
    combined = {f.name: "max" if f.peak else "sum" for f in method.fields}
    if as_json:
        record = {
            "path": str(summary.path),
            "n": summary.n,
            "method": summary.method,
            "done": summary.done,
            "subproblems": summary.subproblems,
            "part": summary.part,
            "share": summary.share,
            "sums": summary.sums,
            "combined": combined,
            "total": tally.total if tally else None,
            "unique": tally.unique if tally else None,
            "published": published,
            "digest": summary.digest,
        }
        if repaired is not None:
            record["repaired"] = {
                str(i): {"was": None if old is None else list(old), "now": list(new)}
                for i, (old, new) in repaired.replaced.items()
            }
            record["dropped"] = [str(i) for i in repaired.dropped]
        click.echo(json.dumps(record))
        return
    if repaired is not None:
        for line in _repair_lines(repaired):
            click.echo(printable(line))
    how = {"sum": N_("{name} {value} (summed)"), "max": N_("{name} {value} (the largest)")}
    fields = listed(
        [
            _(how[combined[name]]).format(name=name, value=f"{value:,}")
            for name, value in summary.sums.items()
        ]
    )
    click.echo(
        _("journal {path}: N = {n}, method {method}").format(
            path=printable(str(summary.path)), n=summary.n, method=summary.method
        )
    )
    click.echo(_done_line(summary.done, summary.share, summary.part))
    click.echo(_("fields so far: {fields}").format(fields=fields))
    if tally is not None:
        click.echo(
            plural(
                tally.total,
                "finished: {count} solution, {unique} unique",
                "finished: {count} solutions, {unique} unique",
                unique=f"{tally.unique:,}",
            )
        )
        click.echo(
            _("matches the published count")
            if published
            else _("new: N = {n} is past the published counts").format(n=summary.n)
        )
    click.echo(_("digest: {digest} (rows match)").format(digest=summary.digest[:32]))


def _done_line(done: int, share: int, part: str | None) -> str:
    """How far the count got: of all the subproblems, or of a part's share (as the
    interrupted part's count says it, and with what comes next once it is finished)."""
    counts = {"done": f"{done:,}", "all": f"{share:,}", "part": part}
    if part is None:
        return _("subproblems done: {done} of {all}").format(**counts)
    if done == share:
        return _(
            "part {part}: finished, {done} of {all} subproblems; when every part is done: "
            "`nqueens journal merge PARTS... --out FILE`"
        ).format(**counts)
    return _("part {part}: {done} of {all} subproblems done").format(**counts)


def _repair_lines(repaired: Repair) -> list[str]:
    """Every change a repair made, one line each."""
    state = "matched" if repaired.digest_matched else "did not match"
    subproblems = plural(repaired.recounted, "{count} subproblem", "{count} subproblems")
    lines = [
        f"repaired {repaired.path}: recounted {subproblems} "
        f"(its digest {state}); {len(repaired.replaced)} disagreed, "
        f"{len(repaired.dropped)} dropped"
    ]
    fields = _field_names(repaired.method)
    for index, (kept, again) in sorted(repaired.replaced.items()):
        if kept is None:
            said = ", ".join(f"{name} {new:,}" for name, new in zip(fields, again, strict=True))
            lines.append(f"  subproblem {index}: unreadable, now the recount: {said}")
            continue
        changes = ", ".join(
            f"{name} {old:,} -> {new:,}"
            for name, old, new in zip(fields, kept, again, strict=True)
            if old != new
        )
        lines.append(f"  subproblem {index}: {changes} (the recount)")
    for stray in repaired.dropped:
        lines.append(f"  row {stray!r} dropped: it names no subproblem of this count")
    return lines


def _field_names(method: str) -> tuple[str, ...]:
    from nqueens.engine.registry import METHODS

    return tuple(f.name for f in METHODS[method].fields)
