"""`nqueens journal merge PARTS... --out FILE`: the journals of a count's parts
(`nqueens count N --part K/M --journal ...`) joined into the journal of the whole."""

from __future__ import annotations

import click

from nqueens.cli._options import json_option, out_option
from nqueens.cli.journal import _show, journal


@journal.command()
@click.argument("parts", nargs=-1, required=True, type=click.Path(dir_okay=False))
@out_option("The merged journal (written under a temporary name, then renamed).", required=True)
@json_option("the merged summary")
def merge(parts: tuple[str, ...], out: str, as_json: bool) -> None:
    """Merge the journals of all M parts of one count into one journal.

    The parts must be of one run (same N, method, version and split), all M present,
    each finished, none overlapping another; anything else is refused in one line and
    nothing is written. The merged journal then reads as the whole count's.

    \b
    Examples:
      nqueens journal merge part-*.db --out all.db
    """
    from nqueens.engine.runtime.merge import merge_journals

    merged = merge_journals(parts, out)
    _show(str(merged.path), as_json)
