"""`nqueens journal merge PARTS... --out FILE`: the journals of a count's parts
(`nqueens count N --part K/M --journal ...`) joined into the journal of the whole."""

from __future__ import annotations

import click

from nqueens.cli._options import json_option, out_option
from nqueens.cli._types import Samples
from nqueens.cli.journal import _show, journal
from nqueens.i18n import _


@journal.command()
@click.argument("parts", nargs=-1, required=True, type=click.Path(dir_okay=False))
@out_option("The merged journal (written under a temporary name, then renamed).", required=True)
@click.option(
    "--recount",
    "recount",
    type=Samples(),
    metavar="K|all",
    help="Subproblems of each part counted again first, chosen at random: K >= 1 (a K "
    "past a part's subproblems recounts them all) or all (default: a sample of 64; a "
    "forged part's digest passes, a recount does not).",
)
@click.option("--no-recount", is_flag=True, help="Merge without recounting any part.")
@json_option("the merged summary")
def merge(
    parts: tuple[str, ...], out: str, recount: int | str | None, no_recount: bool, as_json: bool
) -> None:
    """Merge the journals of all M parts of one count into one journal.

    The parts must be of one run (same N, method, version and split), all M present,
    each finished, none overlapping another; anything else is refused in one line and
    nothing is written. The merged journal then reads as the whole count's. A sample of
    each part is recounted first (--recount): a digest shows that a file is as its
    writer left it, not that its counts are true.

    \b
    Examples:
      nqueens journal merge part-*.db --out all.db
    """
    from nqueens.engine.runtime.merge import RECOUNT, merge_journals

    if no_recount and recount is not None:
        raise click.UsageError(_("--recount and --no-recount ask for opposite things: give one"))
    samples = 0 if no_recount else RECOUNT if recount is None else recount
    merged = merge_journals(parts, out, recount=samples)
    _show(str(merged.path), as_json)
