"""`nqueens count`: total and unique counts on the fast engine, locally or on Dask."""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

from nqueens.cli._app import _SIZE_COMMAND, _board_size_argument, cli
from nqueens.cli._options import json_option, tls_options, variant_option, workers_option
from nqueens.cli._types import Real, Samples, Whole
from nqueens.engine.registry import METHODS
from nqueens.errors import printable
from nqueens.i18n import _
from nqueens.limits import WAIT_MAX_SECONDS

if TYPE_CHECKING:
    from nqueens.engine.runtime.estimate import Estimate
    from nqueens.options import CountOptions
    from nqueens.results import CountResult


def _methods_help() -> str:
    names = ", ".join(f"{m.name} ({m.summary}; N <= {m.largest})" for m in METHODS.values())
    return f"auto (the fastest for N), or one of: {names}."


@contextmanager
def _warnings_as_lines(quiet: bool) -> Iterator[None]:
    """Our warnings (an insecure scheduler address, a worker lost) as one line each on
    stderr (above the progress bar); the chatter of the parts we use (Dask's ports,
    sockets) not at all; with --quiet, no notices (a worker lost changes no count)."""
    from nqueens.errors import ClusterNoticeWarning, InsecureSchedulerWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        warnings.simplefilter("always", InsecureSchedulerWarning)
        warnings.simplefilter("ignore" if quiet else "default", ClusterNoticeWarning)
        warnings.showwarning = lambda message, *_: click.echo(
            f"nqueens: warning: {message}", err=True
        )
        yield


@cli.command(**_SIZE_COMMAND)
@_board_size_argument
@workers_option("Worker processes (default: every core; 1 counts in one worker process).")
@click.option(
    "--journal",
    "-j",
    type=click.Path(dir_okay=False),
    help="SQLite file keeping finished work; rerun the same command to resume.",
)
@click.option("--method", "-m", default="auto", show_default=True, help=_methods_help())
@variant_option(
    "Count another board: toroidal (diagonals wrap), superqueens (knights too); "
    "unique then counts classes under the square's 8 symmetries. Default: the board of "
    "--method, or classic. N may be MxN for a rectangle of M rows and N columns (M queens, "
    "M <= N), counted by its own search in this process.",
    default=None,
)
@click.option(
    "--verify",
    type=Samples(),
    metavar="K|all",
    help="After the count, recount K random finished subproblems of the --journal (K >= 1; "
    "a K past the subproblems it holds recounts them all), or all of them (by an "
    "independent method where there is one), and compare; a mismatch exits 1. The "
    "sample's seed is printed, to repeat it.",
)
@click.option(
    "--verify-seed",
    type=Whole(min=0),
    metavar="SEED",
    help="The seed that chooses --verify's sample (default: a new one, printed).",
)
@click.option(
    "--scheduler",
    "-s",
    metavar="ADDRESS",
    help="Count on a Dask cluster: tls://HOST:8786 (with --tls-*), tcp://HOST:8786, or "
    "`local` for a LocalCluster on 127.0.0.1.",
)
@tls_options("this client's")
@click.option(
    "--dashboard",
    is_flag=True,
    help="With --scheduler local: start Dask's dashboard on 127.0.0.1 and print its link.",
)
@click.option(
    "--batch-size",
    type=Whole(min=1),
    help="Subproblems per task (default: about 2,048 tasks, so workers that join late get "
    "some; below N = 22 at least 32 a task).",
)
@click.option(
    "--connect-timeout",
    type=Real(min=0.1),
    default=10.0,
    show_default=True,
    help="Seconds to wait for the Dask scheduler to answer.",
)
@click.option(
    "--wait-for-workers",
    type=Real(min=0, max=WAIT_MAX_SECONDS),
    default=10.0,
    show_default=True,
    metavar="SECONDS",
    help="Seconds to wait for the scheduler's first worker: give a batch system "
    "(SLURM, dask-jobqueue) the time its queue takes to start them.",
)
@click.option(
    "--part",
    metavar="K/M",
    help="Count only the K-th of M balanced shares of the subproblems, into --journal; "
    "`nqueens journal merge` joins the M journals (for batch schedulers: SLURM arrays).",
)
@click.option(
    "--estimate",
    is_flag=True,
    help="Do not count: time a random sample of the count's subproblems (under a minute) "
    "and predict its time on this machine's workers and on --workers, and its memory.",
)
@click.option(
    "--slurm",
    type=Whole(min=1),
    metavar="M",
    help="Do not count: plan one of M parts on --workers cores and print a SLURM array "
    "script for the M parts, its --time and --mem-per-cpu taken from the plan.",
)
@json_option("the result")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar or notices.")
def count(
    size: str,
    dashboard: bool,
    estimate: bool,
    slurm: int | None,
    as_json: bool,
    quiet: bool,
    **options: Any,
) -> None:
    """Count every solution and the unique ones (up to rotation and reflection).

    Uses every core, shows progress on a terminal, and with --journal survives a crash:
    rerun the same command and only the unfinished part is counted.

    \b
    Examples:
      nqueens count 12
      nqueens count 17 --workers 2 --json
      nqueens count 16 --method backtrack
      nqueens count 17 --variant toroidal
      nqueens count 5x8                  a rectangle: 568 solutions, 142 unique
      nqueens count 19 --journal n19.sqlite --verify 20
      nqueens count 20 --part 3/8 --journal part-3.db
      nqueens count 24 --estimate --workers 100
      nqueens count 24 --slurm 64 --workers 8 > n24.sh
      nqueens count 19 --journal n19.sqlite --verify all
      nqueens count 20 --scheduler tls://10.0.0.5:8786 --tls-ca-file ca.pem \\
          --tls-cert client.pem --tls-key client-key.pem --journal n20.sqlite
    """
    from nqueens.counting import count as count_solutions
    from nqueens.options import CountOptions
    from nqueens.render.counted import count_lines
    from nqueens.render.plan import warning
    from nqueens.render.progress import CountProgress

    def show_dashboard(link: str) -> None:
        click.echo(f"Dask dashboard: {link}", err=True)

    # The other options are named as CountOptions' fields, which check them.
    chosen = CountOptions(**options, on_dashboard=show_dashboard if dashboard else None)
    if slurm is not None:
        asked = {"--json": as_json, "--estimate": estimate}
        _slurm_script(size, chosen, slurm, [flag for flag, given in asked.items() if given], quiet)
        return
    if estimate:
        _estimate(size, chosen, as_json, quiet)
        return
    journal = None if chosen.journal is None else str(chosen.journal)
    with (
        _warnings_as_lines(quiet),
        CountProgress(enabled=not quiet and sys.stderr.isatty(), quiet=quiet) as progress,
    ):

        def on_plan(plan: Estimate) -> None:
            progress.expect(plan.seconds)
            line = warning(plan, journal)
            if line is not None and not quiet:
                progress.say(f"nqueens: {line}")

        result = count_solutions(
            size,
            chosen.with_changes(
                on_progress=progress.update,
                on_compile=progress.compiling,
                on_plan=on_plan,
                on_waiting=progress.waiting,
            ),
        )
    if as_json:
        click.echo(json.dumps(_rectangle_record(result) if result.cols else result.to_dict()))
        return
    for line in count_lines(result, journal):
        click.echo(printable(line))  # a journal's name shown, never obeyed


def _estimate(size: str, options: CountOptions, as_json: bool, quiet: bool) -> None:
    """`--estimate`: the plan, not the count."""
    import os

    from nqueens.counting import estimate
    from nqueens.render.plan import describe
    from nqueens.render.progress import CountProgress

    with CountProgress(enabled=False, quiet=quiet) as progress:
        plan = estimate(size, options.with_changes(on_compile=progress.compiling))
    if as_json:
        click.echo(json.dumps(plan.to_dict()))
        return
    here = plan.workers if options.workers is None else os.cpu_count() or 1  # as a run here
    for line in describe(plan, here):
        click.echo(printable(line))


def _slurm_script(
    size: str, options: CountOptions, parts: int, outputs: list[str], quiet: bool
) -> None:
    """`--slurm M`: the library plans one of the M parts; the array job of them is printed
    (`outputs`: the flags given that ask for another output, refused)."""
    from nqueens.counting import plan_parts
    from nqueens.render.progress import CountProgress
    from nqueens.render.slurm import ArrayJob

    refused = [*outputs]
    if options.part is not None:
        refused.append("--part")
    if options.journal is not None:  # the script names each part's own
        refused.append("--journal")
    if refused:
        raise click.UsageError(
            _("--slurm prints a script of every part: drop {flag}").format(flag=", ".join(refused))
        )
    with CountProgress(enabled=False, quiet=quiet) as progress:
        plan = plan_parts(size, parts, options.with_changes(on_compile=progress.compiling))
    # the method planned, named: a node that picks another would need another plan
    given = ["--method", plan.method]
    if options.variant is not None:
        given += ["--variant", options.variant]
    job = ArrayJob(parts, plan, tuple(given))
    click.echo(job.script(), nl=False)


def _rectangle_record(result: CountResult) -> dict[str, object]:
    """A rectangle's counts as JSON, in the shape its record has always had (rows and
    columns)."""
    record = {"board": f"{result.n}x{result.cols}", "rows": result.n, "cols": result.cols}
    record |= {"variant": result.variant, "total": result.total, "unique": result.unique}
    return record | {"time": round(result.time, 6), "method": result.method}
