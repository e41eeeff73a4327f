"""The commands that draw: `show` a picture, `animate` the search, `play` it in a page, `gui`."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from nqueens.cli._app import _SIZE_COMMAND, _board_size_argument, _say_written, _size_argument, cli
from nqueens.cli._options import (
    algorithm_option,
    given_options,
    max_steps_option,
    one_based_option,
    out_option,
    stop_after_option,
    variant_option,
)
from nqueens.cli._types import Real, Whole
from nqueens.errors import IncompatibleOptionsError
from nqueens.i18n import _
from nqueens.limits import FILM_MAX_FPS, FILM_MAX_PIXELS, FILM_MIN_FPS
from nqueens.messages import plural, variant_name
from nqueens.render.frames import MAX_FRAMES

if TYPE_CHECKING:
    from rich.console import Console

    from nqueens.variants.rules import Rules

_file_option = out_option("The file to write.", required=True)


@cli.command(**_SIZE_COMMAND)
@_board_size_argument
@click.option("--all", "-a", "all_", is_flag=True, help="Every solution, in a numbered grid.")
@click.option("--unique", "-u", is_flag=True, help="One solution per symmetry class.")
@click.option("--limit", "-l", type=Whole(min=1), help="At most this many solutions.")
@click.option(
    "--heatmap", is_flag=True, help="On how many solutions each square holds a queen (N <= 17)."
)
@_file_option
@one_based_option
@variant_option(
    "Draw a variant's solutions: toroidal or superqueens. N may be MxN for a rectangle of M "
    "rows and N columns (M queens, M <= N)."
)
def show(
    size: str,
    all_: bool,
    unique: bool,
    limit: int | None,
    heatmap: bool,
    out: str,
    one_based: bool,
    variant: str,
) -> None:
    """Draw a solution, or a numbered grid of many, as a PNG, SVG or PDF picture.

    \b
    Examples:
      nqueens show 8 --out queen.png              the first solution
      nqueens show 8 --unique --out unique.svg    the 12 unique solutions on one page
      nqueens show 10 --limit 6 --out six.pdf     the first six solutions
      nqueens show 8 --heatmap --out heat.png     how often each square holds a queen
      nqueens show 7 -V toroidal --all --out t.png  the 28 toroidal solutions
      nqueens show 4x6 --unique --out r.png       a rectangle's solutions
    """
    from nqueens.variants import Rules
    from nqueens.visual import show as draw

    rules = Rules.of(variant, size)
    if heatmap:
        choosing = (("--all", all_), ("--unique", unique), ("--limit", limit is not None))
        chosen = [name for name, given in choosing if given]
        if chosen:  # the map counts every solution: it was drawn as if none was chosen
            raise IncompatibleOptionsError(
                _("--heatmap counts every solution: drop {options}").format(
                    options=", ".join(chosen)
                )
            )
        _draw_heatmap(rules, out, one_based)
        return
    figure = draw(rules, all=all_, unique=unique, limit=limit, one_based=one_based, out=out)
    boards = plural(
        len(figure.axes), "wrote {out}: {count} board", "wrote {out}: {count} boards", out=out
    )
    _say_written(out, boards)


def _draw_heatmap(rules: Rules, out: str, one_based: bool) -> None:
    """`show --heatmap`: the classic board's solutions counted square by square."""
    from nqueens.heat import heatmap as count_squares

    if not rules.classic:
        raise IncompatibleOptionsError(
            _(
                "--heatmap counts classic N x N solutions, not the {variant} "
                "{rows}x{cols} board: drop --heatmap"
            ).format(variant=variant_name(rules.variant), rows=rules.rows, cols=rules.cols)
        )
    found = count_squares(rules.rows, out=out, one_based=one_based)
    _say_written(
        out,
        plural(
            found.total,
            "wrote {out}: heat map of {count} solution",
            "wrote {out}: heat map of {count} solutions",
            out=out,
        ),
    )


@cli.command(**_SIZE_COMMAND)
@_size_argument
@algorithm_option("backtracking")
@_file_option
@click.option(
    "--fps",
    type=Real(min=FILM_MIN_FPS, max=FILM_MAX_FPS),
    default=8.0,
    show_default=True,
    help="Frames per second.",
)
@stop_after_option("--max-frames", default=MAX_FRAMES, what="frames", zero="no limit")
@stop_after_option("--solutions", default=0, what="solutions", zero="the whole search")
@click.option(
    "--size",
    type=Whole(min=100, max=FILM_MAX_PIXELS),
    default=480,
    show_default=True,
    help="Height of the film in pixels (and its board's width).",
)
@click.option(
    "--state/--no-state",
    default=True,
    show_default=True,
    help="A panel beside the board with the algorithm's own state at each step.",
)
@one_based_option
@variant_option(
    "Film a variant's own check-function search (toroidal, superqueens); squares attacked "
    "only round the edge or only by a knight's move are shaded apart."
)
def animate(
    n: int,
    algorithm: str,
    out: str,
    fps: float,
    max_frames: int,
    solutions: int,
    size: int,
    state: bool,
    one_based: bool,
    variant: str,
) -> None:
    """Animate the search as a GIF, MP4 (needs ffmpeg) or HTML page.

    Queens are placed and taken back, the squares they attack are shaded, a rejected
    square is crossed and tied to the queen attacking it, each solution is held for a
    second, and the step and counters run below the board. Beside it, the algorithm's
    own state: its flag arrays, bit masks, stack or candidate board (--no-state: none).

    \b
    Examples:
      nqueens animate 4 --out four.gif                        the whole search for 4
      nqueens animate 8 --solutions 1 --out eight.mp4         up to the first solution
      nqueens animate 6 -A bitboard --fps 4 --out six.html    a page that plays it
      nqueens animate 5 --variant toroidal --out torus.gif    wrapped attacks in blue
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from nqueens.render.formats import animation_output
    from nqueens.variants import Rules
    from nqueens.visual import Animation

    animation_output(out)  # a bad file name or place fails before the search runs
    film = Animation(
        Rules.of(variant, n),
        algorithm,
        fps=fps,
        max_frames=max_frames or None,
        solutions=solutions or None,
        size=size,
        one_based=one_based,
        state=state,
    )
    total = film.frame_count()
    with Progress(
        "drawing frames",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        transient=True,
        disable=not sys.stderr.isatty(),
        console=_stderr_console(),
    ) as progress:
        task = progress.add_task("frames", total=total)
        written = film.save(out, on_frame=lambda done: progress.update(task, completed=done))
    _say_written(
        out,
        plural(
            written,
            "wrote {out}: {count} frame at {fps} fps ({seconds} s)",
            "wrote {out}: {count} frames at {fps} fps ({seconds} s)",
            out=out,
            fps=f"{fps:g}",
            seconds=f"{written / fps:.1f}",
        ),
    )
    if film.capped:
        click.echo(
            plural(
                max_frames,
                "stopped at {count} frame before the search ended "
                "(--max-frames 0 for no limit, or --solutions K to stop after K solutions)",
                "stopped at {count} frames before the search ended "
                "(--max-frames 0 for no limit, or --solutions K to stop after K solutions)",
            ),
            err=True,
        )


def _stderr_console() -> Console:
    from rich.console import Console

    return Console(stderr=True)


@cli.command(**_SIZE_COMMAND)
@_size_argument
@algorithm_option("backtracking")
@_file_option
@max_steps_option("Record at most this many steps of the search.")
@click.option("--learn", is_flag=True, help="Open in the learner mode: place the queens yourself.")
@click.option(
    "--learn-only",
    is_flag=True,
    help="The learner alone, for a class: no recorded search in the page, no other mode, "
    "no list of every solution; the students find them.",
)
@one_based_option
@variant_option(
    "Record a variant's own check-function search (toroidal, superqueens); the page shades "
    "its wrapped and knight attacks apart. Not with --learn (classic rules only)."
)
def play(
    n: int,
    algorithm: str,
    out: str,
    max_steps: int,
    learn: bool,
    learn_only: bool,
    one_based: bool,
    variant: str,
) -> None:
    """Write a self-contained, offline HTML player of the search (N up to 12).

    Play/pause, step on and back, speed, jump to the next solution, and the list of
    solutions found, clickable. Keys: Space, Left/Right, N, Home/End; + - 0 zoom the
    search tree.

    \b
    Examples:
      nqueens play 8 --out eight.html
      nqueens play 6 -A bitboard --out six.html
      nqueens play 7 --variant toroidal --out torus.html
      nqueens play 8 --learn-only --out class.html
    """
    from nqueens.variants import Rules
    from nqueens.visual import play as record

    board = Rules.of(variant, n)
    player = record(
        board,
        algorithm,
        max_steps=None if learn_only and not given_options("max_steps") else max_steps,
        out=out,
        learn=learn,
        learn_only=learn_only,
        one_based=one_based,
    )
    if learn_only:
        _say_written(
            out,
            _("wrote {out}: the learner alone, for {n} queens (no recorded search)").format(
                out=out, n=board.rows
            ),
        )
        return
    recording = player.recording
    steps = plural(len(recording.events), "{count} step", "{count} steps")
    found = plural(len(recording.solutions), "{count} solution", "{count} solutions")
    _say_written(
        out,
        _("wrote {out}: {steps}, {solutions}").format(out=out, steps=steps, solutions=found),
    )
    if recording.capped:
        click.echo(
            _(
                "the search goes on beyond {count} steps: the page plays the first "
                "{count} (raise --max-steps to record more)"
            ).format(count=f"{max_steps:,}"),
            err=True,
        )


@cli.command(**_SIZE_COMMAND)
@_size_argument
@algorithm_option("backtracking")
@one_based_option
@variant_option(
    "Step through a variant's own check-function search (toroidal, superqueens); squares "
    "attacked only round the edge or only by a knight's move are shaded apart."
)
def gui(n: int, algorithm: str, one_based: bool, variant: str) -> None:
    """Open a window that runs the search live, with the player's controls (N up to 12).

    Keys: Space play/pause, Left/Right step, N next solution, Home start, Q or Esc close.
    Example: nqueens gui 8, or nqueens gui 7 --variant toroidal
    """
    from nqueens.variants import Rules
    from nqueens.visual import gui as open_viewer

    open_viewer(Rules.of(variant, n), algorithm, one_based=one_based)
