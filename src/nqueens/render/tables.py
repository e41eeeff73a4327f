"""Tables for the terminal (rich), kept apart from the code that fills them."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

from nqueens.i18n import N_, _, pgettext
from nqueens.results import ComparisonRow
from nqueens.search.spaces import SpaceSize

__all__ = ["comparison_notes", "comparison_table", "print_uncut"]

HEADERS = (
    N_("algorithm"),
    N_("candidates"),
    N_("nodes"),
    N_("checks"),
    N_("solutions"),
    N_("seconds"),
)


def comparison_table(
    n: int,
    rows: Sequence[ComparisonRow],
    title: str | None = None,
) -> Table:
    """The side-by-side comparison (its notes are `comparison_notes`, printed below it:
    as the table's caption they wrapped at its width, a closing bracket left alone)."""
    table = Table(
        title=title or _("N = {n}: the algorithms side by side").format(n=n),
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    for i, header in enumerate(HEADERS):
        table.add_column(
            _(header),
            justify="right" if i else "left",
            no_wrap=header != "candidates",  # "8,916,100,448,256 (N^N)" may take two lines
        )
    for row in rows:
        candidates = f"{row.space} ({row.space_label})" if row.space else _("pruned tree")
        if row.stats is None:
            table.add_row(row.algorithm, candidates, "-", "-", _("skipped"), "-")
            continue
        s = row.stats
        table.add_row(
            row.algorithm,
            candidates,
            f"{s.nodes:,}",
            f"{s.checks:,}",
            f"{s.solutions:,}",
            f"{s.time:.3f}",
        )
    return table


def comparison_notes(spaces: dict[str, SpaceSize], width: int) -> list[str]:
    """What the table's words mean: the search spaces' sizes (on one line where it fits
    in `width` cells, else one size a line, never one cut in two), and what a node is."""
    sizes = [f"{k} = {v}" for k, v in spaces.items()]
    line = _("Search spaces: {sizes}").format(sizes=pgettext("a list of sizes", "; ").join(sizes))
    if cell_len(line) <= width or not sizes:
        lines = [line]
    else:
        first = _("Search spaces: {sizes}").format(sizes=sizes[0])
        indent = " " * (cell_len(first) - cell_len(sizes[0]))
        lines = [first, *(indent + size for size in sizes[1:])]
    return [*lines, _("nodes: the queens placed, every node of the tree but its root")]


def print_uncut(console: Console, table: Table) -> None:
    """Print `table` at the console's width, or wider when it cannot fit: a number is
    never cut short with an ellipsis. Text columns wrap first; a row too wide even then
    is left for the terminal to wrap."""
    needed = console.measure(table, options=console.options.update_width(10_000)).minimum
    width = console.width
    console.width = max(width, needed)  # print(width=...) would take at most console.width
    try:
        console.print(table)
    finally:
        console.width = width
