"""Single boards of any size: `check` one, `construct` one."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click

from nqueens.cli._app import _SIZE_COMMAND, _answer_no, _say_written, _size_argument, cli
from nqueens.cli._options import given_options, one_based_option, out_option, variant_option
from nqueens.cli._types import Whole
from nqueens.columns import read_placements
from nqueens.files import STDOUT, check_output_place
from nqueens.i18n import _
from nqueens.listings import Listing, listing_of_text, other_width
from nqueens.messages import listed, no_solution, npy_counts_from_zero, plural, variant_name
from nqueens.placement import Placement

if TYPE_CHECKING:
    from nqueens.checking import CheckResult, ListingCheck
    from nqueens.variants.rules import Rules


@cli.command()
@click.argument("placement")
@one_based_option
@variant_option("Check under a variant's rules: toroidal (diagonals wrap), superqueens (knights).")
@click.option(
    "--board",
    "size",
    metavar="MxN",
    help="The board the placement is on: MxN, a rectangle of M rows and N columns "
    "(M queens, M <= N), or N; default the square of the placement's size.",
)
def check(placement: str, one_based: bool, variant: str, size: str | None) -> None:
    """Say whether PLACEMENT is valid, and which queens attack which.

    PLACEMENT is a column per row ("0 4 7 5 2 6 1 3"), board rows ("Q.../..Q."), a file
    holding either (or a .npy array), or - for standard input. Above 2,000 queens the
    check is O(N), under any variant's rules, and names a few attacking pairs. What
    `solve --all` writes, in any of its formats, is checked placement by placement, and
    said how many are distinct and in how many symmetry classes. Exit status 0 when
    valid, 1 when queens attack each other, 2 when the input is not a placement.

    \b
    Examples:
      nqueens check "1 3 0 2"
      nqueens solve 8 --all -f list | nqueens check -
    """
    from nqueens.checking import check as check_placement

    base = 1 if one_based else 0
    if one_based and placement.lower().endswith(".npy"):
        raise npy_counts_from_zero()
    from nqueens.variants.rules import Rules

    given = None if size is None else Rules.of(variant, size)
    if given is not None and not given.square:  # its rows are wider: read as text
        _check_rectangle(placement, given, base)
        return
    queens = read_placements(placement, base=base, narrow=True)
    if isinstance(queens, Listing):
        if given is not None and queens.width is not None and queens.width != given.cols:
            raise other_width(queens.width, given.cols)
        wide = queens.width not in (None, queens.n)  # a rectangle's JSON says its width
        rules = given or Rules.of(variant, f"{queens.n}x{queens.width}" if wide else queens.n)
        if len(queens) > 1:
            _judge_listing(queens, rules, base)
            return
        if wide:
            _judge_rectangle(tuple(queens.rows[0].tolist()), rules, base)
            return
        queens = Placement(tuple(queens.rows[0].tolist()))  # one: as one placement
    board = given or (None if variant == "classic" else Rules.of(variant, len(queens)))
    result = check_placement(queens, board)
    _judge(result, None if result.placement is None else str(result.placement), base)


def _check_rectangle(placement: str, rules: Rules, base: int) -> None:
    """`check --board MxN` of a rectangle: its column list or rows (M queens, N wide),
    drawn as `solve` draws it, then the verdict."""
    from nqueens.files import board_source, contents_of, read_text
    from nqueens.placement import columns_of

    with board_source(placement) as source:
        text, name = (placement, None) if source is None else (read_text(*source), source[1])
    with contents_of(name):
        listing = listing_of_text(text, base=base, width=rules.cols)
        if listing is None:
            cols: tuple[int, ...] = columns_of(text, base=base, width=rules.cols)
    if listing is not None and len(listing) > 1:
        _judge_listing(listing, rules, base)
        return
    if listing is not None:
        cols = tuple(listing.rows[0].tolist())
    _judge_rectangle(cols, rules, base)


def _judge_rectangle(cols: tuple[int, ...], rules: Rules, base: int) -> None:
    """A rectangle's placement drawn as `solve` draws it, then the verdict."""
    from nqueens.checking import check as check_placement
    from nqueens.render.text import STYLES
    from nqueens.variants.board import VariantBoard

    result = check_placement(list(cols), rules)
    _judge(result, STYLES["board"](VariantBoard(cols, rules.cols), base), base)


SHOWN_INVALID = 10
"""The most invalid placements of a listing whose attacks `check` names."""


def _judge_listing(listing: Listing, rules: Rules, base: int) -> None:
    """A listing's verdict: its first invalid placements with their attacks, then how
    many are valid, distinct and in how many symmetry classes (beside the published
    counts where there are some), and status 1 when any is invalid."""
    from nqueens.checking import check as check_placement
    from nqueens.checking import check_listing

    found = check_listing(listing, rules)
    for k in found.invalid[:SHOWN_INVALID]:
        lines = list(_verdict_lines(check_placement(listing.rows[k].tolist(), rules), base))
        click.echo(
            _("placement {label}: {verdict}").format(label=listing.label(k), verdict=lines[0])
        )
        for line in lines[1:]:
            click.echo(line)
    for line in _listing_summary(found, len(found.invalid) - SHOWN_INVALID):
        click.echo(line)
    if not found.valid:
        raise click.exceptions.Exit(1)


def _judge(result: CheckResult, drawn: str | None, base: int) -> None:
    """The board checked (where it is drawn), the verdict, and status 1 when invalid."""
    if drawn is not None:
        click.echo(drawn)
    for line in _verdict_lines(result, base):
        click.echo(line)
    if not result.valid:
        raise click.exceptions.Exit(1)


def _verdict_lines(result: CheckResult, base: int) -> Iterator[str]:
    """The check's verdict, each line one message of the catalog: valid (and the
    canonical form), or which queens attack, along which line."""
    rules, placement = result.rules, result.placement
    variant = None if rules.variant == "classic" else rules.variant  # a rectangle's too
    if result.valid:
        yield _valid(result.n, variant)
        if rules.classic and placement is not None and result.n > 1:
            yield _(
                "canonical form: {cols} ({images} distinct images under rotation and reflection)"
            ).format(cols=placement.canonical().to_string(base=base), images=placement.orbit_size())
        return
    if result.lines is not None:
        yield _crowded(result)
    elif variant is None:
        yield plural(
            len(result.attacks),
            "invalid: {count} pair of queens attack",
            "invalid: {count} pairs of queens attack",
        )
    else:
        yield plural(
            len(result.attacks),
            "invalid as {variant}: {count} pair of queens attack",
            "invalid as {variant}: {count} pairs of queens attack",
            variant=variant_name(variant),
        )
    for (r1, c1), (r2, c2), how in result.attacks:  # a diagonal named rising or falling
        said = _(how)
        yield _("  row {r1} col {c1}  and  row {r2} col {c2}  ({how})").format(
            r1=r1 + base, c1=c1 + base, r2=r2 + base, c2=c2 + base, how=said
        )


def _crowded(result: CheckResult) -> str:
    """The O(N) check's verdict on an invalid board: how many of its lines hold more
    than one queen (round the edges on a torus) and, on a superqueens board, how many
    pairs stand a knight's move apart."""
    assert result.lines is not None
    columns, rising, falling = result.lines  # r + c, r - c constant: as the pairs say
    counts = {"columns": f"{columns:,}", "rising": f"{rising:,}", "falling": f"{falling:,}"}
    variant = variant_name(result.rules.variant)
    if result.rules.wrap:
        return _(
            "invalid as {variant}: lines with more than one queen, the diagonals running "
            "round the edges: columns {columns}, diagonals rising to the right {rising}, "
            "falling to the right {falling}; for example:"
        ).format(variant=variant, **counts)
    if result.knights is not None:
        return _(
            "invalid as {variant}: lines with more than one queen: columns {columns}, "
            "diagonals rising to the right {rising}, falling to the right {falling}; pairs "
            "of queens a knight's move apart {knights}; for example:"
        ).format(variant=variant, knights=f"{result.knights:,}", **counts)
    return _(
        "invalid: lines with more than one queen: columns {columns}, diagonals rising "
        "to the right {rising}, falling to the right {falling}; for example:"
    ).format(**counts)


def _listing_summary(found: ListingCheck, unshown: int) -> Iterator[str]:
    """How many placements of a listing are valid (and invalid ones not named above),
    how many distinct and in how many symmetry classes, and how that stands beside the
    board's published counts."""
    from nqueens.known import RECTANGLE_TOTALS, published_count
    from nqueens.render.counted import board_of

    rules = found.rules
    if rules.square:
        board = board_of(rules.rows, rules.variant)
        published = published_count(rules.rows, rules.variant)
    else:
        board = _("the {size} board").format(size=rules.size)
        if rules.variant != "classic":
            board = _("the {size} board, {variant}").format(
                size=rules.size, variant=variant_name(rules.variant)
            )
        classic = rules.variant == "classic"  # (`rules.classic`: the square board)
        total = RECTANGLE_TOTALS.get((rules.rows, rules.cols)) if classic else None
        published = None if total is None else (total, None)
    if unshown > 0:
        yield plural(
            unshown,
            "... and {count} more invalid placement",
            "... and {count} more invalid placements",
        )
    if not found.valid:
        yield plural(
            len(found.invalid),
            "invalid: {count} of {total} placements for {board} has queens that attack",
            "invalid: {count} of {total} placements for {board} have queens that attack",
            total=f"{found.count:,}",
            board=board,
        )
    else:
        yield plural(
            found.count,
            "valid: {count} placement for {board}, no two queens attack in it",
            "valid: all {count} placements for {board}, no two queens attack in any",
            board=board,
        )
    repeated = found.count - len(found.invalid) - found.distinct
    pieces = [
        plural(found.distinct, "{count} distinct placement", "{count} distinct placements"),
        plural(found.classes, "{count} symmetry class", "{count} symmetry classes"),
    ]
    if repeated:
        pieces.append(plural(repeated, "{count} repeated", "{count} repeated"))
    yield listed(pieces)
    if published is not None and found.distinct:
        yield _beside_published(found, board, *published)


def _beside_published(found: ListingCheck, board: str, total: int, unique: int | None) -> str:
    """What a listing's distinct placements are beside the board's published counts."""
    if found.distinct == total:
        return _("every solution for {board}").format(board=board)
    if unique is not None and found.distinct == found.classes == unique:
        return _("one solution of each symmetry class for {board}").format(board=board)
    if unique is None:
        return plural(
            total, "{board} has {count} solution", "{board} has {count} solutions", board=board
        )
    return plural(
        total,
        "{board} has {count} solution, {unique} unique",
        "{board} has {count} solutions, {unique} unique",
        board=board,
        unique=f"{unique:,}",
    )


def _valid(n: int, variant: str | None = None) -> str:
    if variant is None:
        return plural(
            n,
            "valid: {count} queen, no two attack each other",
            "valid: {count} queens, no two attack each other",
        )
    return plural(
        n,
        "valid: {count} queen, no two attack each other as {variant}",
        "valid: {count} queens, no two attack each other as {variant}",
        variant=variant_name(variant),
    )


@cli.command(**_SIZE_COMMAND)
@_size_argument
@click.option(
    "--method",
    type=click.Choice(["explicit", "min-conflicts"]),
    default="explicit",
    show_default=True,
    help="explicit: the classical construction; min-conflicts: a random solution by "
    "local search (reproducible with --seed).",
)
@click.option("--seed", type=Whole(), default=0, show_default=True, help="For min-conflicts.")
@click.option(
    "--max-sweeps",
    type=Whole(min=1),
    default=1000,
    show_default=True,
    help="Give up min-conflicts after this many passes over the conflicted rows.",
)
@click.option(
    "--symmetry",
    default="identity",
    show_default=True,
    help="Apply one of the 8 symmetries of the square (rot90, mirror, transpose, ...) to "
    "get another solution of the same family.",
)
@click.option(
    "--format",
    "-f",
    "fmt",
    type=click.Choice(["board", "list", "lines", "npy"]),
    help="board, list (one line), lines (one column per line) or npy. Default: board up "
    "to N = 30, lines beyond; npy when --out ends in .npy.",
)
@out_option("Write to this file, not stdout.", dest="output")
@one_based_option
def construct(
    n: int,
    method: str,
    seed: int,
    max_sweeps: int,
    symmetry: str,
    fmt: str | None,
    output: str | None,
    one_based: bool,
) -> None:
    """One valid placement for any N: the classical explicit construction in O(N), or a
    random one by min-conflicts local search (N = 1,000,000 in about a second).

    \b
    Examples:
      nqueens construct 8
      nqueens construct 10000000 --out queens.npy
      nqueens construct 1000 --symmetry rot90 --format lines
      nqueens construct 1000000 --method min-conflicts --seed 7 --out random.npy
    """
    from nqueens.columns import check_column_format, column_format, save_columns
    from nqueens.large import construct as construct_columns
    from nqueens.large import min_conflicts, transform_array
    from nqueens.validate import board_size

    n = board_size(n)
    if method == "explicit":  # the construction takes no seed: given, they went unused
        from nqueens.errors import IncompatibleOptionsError

        given = given_options("seed", "max_sweeps")
        if given:
            raise IncompatibleOptionsError(
                _("the explicit construction has no seed and no sweeps: use them with "
                  "--method min-conflicts, or drop them"),
                option=given,
            )  # fmt: skip
    fmt = fmt or column_format(n, output)
    check_column_format(n, fmt)  # before a long search
    if one_based and fmt == "npy":
        raise npy_counts_from_zero()
    place = STDOUT if output is None else output  # "" is a name, refused as such
    check_output_place(place, binary=fmt == "npy")  # before a long search
    if n in (2, 3):
        _answer_no(str(no_solution(n)), on_stdout=output is None and fmt == "board")
    if method == "explicit":
        cols = construct_columns(n, symmetry=symmetry)
    else:

        def report(sweeps: int, left: int) -> None:
            if sys.stderr.isatty():
                said = plural(
                    left,
                    "sweep {sweep}: {count} row in conflict",
                    "sweep {sweep}: {count} rows in conflict",
                    sweep=f"{sweeps:,}",
                )
                click.echo(said, err=True)

        found = min_conflicts(n, seed=seed, max_sweeps=max_sweeps, on_progress=report)
        if not found.solved:
            within = plural(
                max_sweeps,
                "unknown: no solution within {count} sweep ({left} rows still in conflict); "
                "raise --max-sweeps or try another --seed",
                "unknown: no solution within {count} sweeps ({left} rows still in conflict); "
                "raise --max-sweeps or try another --seed",
                left=f"{found.conflicts:,}",
            )
            click.echo(within, err=True)
            raise click.exceptions.Exit(3)
        cols = transform_array(found.cols, symmetry)
    assert cols is not None
    written = save_columns(cols, place, fmt=fmt, base=1 if one_based else 0)
    if output is not None:
        queens = plural(
            n,
            "wrote {out}: {count} queen ({format})",
            "wrote {out}: {count} queens ({format})",
            out=output,
            format=written,
        )
        _say_written(output, queens)
