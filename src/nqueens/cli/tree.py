"""`nqueens tree`: the backtracking tree as a picture, or its counts per depth."""

from __future__ import annotations

import click

from nqueens.cli._app import _SIZE_COMMAND, _say_written, _size_argument, cli
from nqueens.cli._options import algorithm_option, out_option
from nqueens.cli._types import Whole
from nqueens.i18n import _
from nqueens.messages import plural


@cli.command(**_SIZE_COMMAND)
@_size_argument
@algorithm_option("backtracking")
@out_option("The picture to write (.svg, .png, .pdf).")
@click.option("--levels", is_flag=True, help="Print nodes, dead ends and solutions per depth.")
@click.option("--rejected", is_flag=True, help="Draw the squares the check function rejected.")
@click.option("--depth", type=Whole(min=0), help="Cut the tree at this depth.")
@click.option("--solutions", type=Whole(min=1), help="Stop after this many solutions.")
@click.option(
    "--layout",
    type=click.Choice(["auto", "icicle", "sideways", "radial"]),
    default="auto",
    show_default=True,
    help="icicle (rows of nodes), sideways (the icicle turned: rows as columns), radial "
    "(rings), or auto: icicle for small trees.",
)
def tree(
    n: int,
    algorithm: str,
    out: str | None,
    levels: bool,
    rejected: bool,
    depth: int | None,
    solutions: int | None,
    layout: str,
) -> None:
    """Draw the tree the search walks: a node per queen placed, labelled by its column.

    Dead ends (no safe square in the next row) are red, solutions green. A cut node
    (--depth) shows how many nodes lie below it, counted without running the search
    there: any algorithm, up to N = 15. Pictures stop at 10,000 nodes (N = 9's whole
    tree); beyond, cut with --depth or count with --levels.

    \b
    Examples:
      nqueens tree 4 --rejected --out four.svg     the whole tree and its rejected squares
      nqueens tree 8 --out eight.png               2,057 nodes as rings (the root too)
      nqueens tree 10 --depth 3 --out top.pdf      the top of a large tree
      nqueens tree 12 -A brute-force --depth 2 -o bf.svg   12^12 boards, cut
      nqueens tree 8 --levels                      nodes, dead ends and solutions per depth
    """
    from nqueens.files import is_stdout
    from nqueens.render.formats import picture_output
    from nqueens.render.tree import levels_table
    from nqueens.search_tree import levels as count_levels
    from nqueens.search_tree import tree as build

    if not (out or levels):
        raise click.UsageError(
            _("name the picture with --out FILE (.svg, .png or .pdf), or use --levels")
        )
    shaping = [name for name, given in (("--depth", depth is not None), ("--rejected", rejected),
               ("--layout", layout != "auto")) if given]  # fmt: skip
    if shaping and not out:  # they shape a picture: --levels alone counts every depth
        raise click.UsageError(
            plural(
                len(shaping),
                "{options} shapes the picture: name it with --out FILE, or drop it",
                "{options} shape the picture: name it with --out FILE, or drop them",
                options=", ".join(shaping),
            )
        )
    if levels:
        if out:  # a picture refused (its name, its place) before any table is printed
            picture_output(out)
        beside = bool(out) and is_stdout(out)  # the picture is the data on stdout
        for line in levels_table(count_levels(n, algorithm, solutions=solutions)):
            click.echo(line, err=beside)
    if out:
        picture = build(
            n,
            algorithm,
            depth=depth,
            solutions=solutions,
            out=out,
            rejected=rejected,
            layout=layout,
        )
        alone = _("wrote {out}: the root alone (the empty board)").format(out=out)
        _say_written(
            out,
            alone
            if len(picture) == 1
            else plural(
                len(picture) - 1,
                "wrote {out}: {nodes} nodes, the root (the empty board) and {count} queen placed",
                "wrote {out}: {nodes} nodes, the root (the empty board) and {count} queens placed",
                out=out,
                nodes=f"{len(picture):,}",
            ),
            data_on_stdout=levels,
        )
