"""The progress bar of long counts, on stderr (rich).

It refreshes only when the engine reports, never from a thread of its own: the engine
forks its workers, and a fork must not happen while another thread holds a lock.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING

from nqueens.i18n import _
from nqueens.render.plan import duration

if TYPE_CHECKING:
    from rich.progress import Progress as RichProgress
    from rich.progress import ProgressColumn, TaskID

    from nqueens.results import Progress

__all__ = ["MEASURED", "CountProgress", "bar_columns"]

MEASURED = 0.05
"""The share of a count done after which its own rate, not the plan, gives the ETA."""


class CountProgress:
    """Subproblems done, solutions so far, rate and ETA; silent when disabled."""

    def __init__(self, *, enabled: bool, quiet: bool = False) -> None:
        self.enabled = enabled
        self.quiet = quiet
        self._bar: RichProgress | None = None
        self._task: TaskID | None = None
        self._started = time.perf_counter()
        self._expected: float | None = None
        self._said_waiting = False
        self._waited = False

    def __enter__(self) -> CountProgress:
        if self.enabled:
            from rich.console import Console
            from rich.progress import Progress

            console = Console(stderr=True)
            self._bar = Progress(
                *bar_columns(console.width),
                console=console,
                auto_refresh=False,
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task(
                "count", total=None, solutions="0", rate="", eta="-:--:--"
            )
        return self

    def compiling(self) -> None:
        """Say why the first count on a machine pauses."""
        if not self.quiet:
            print(
                _(
                    "compiling the counting kernels (once per machine; later runs load them "
                    "from the cache)..."
                ),
                file=sys.stderr,
                flush=True,
            )

    def expect(self, seconds: float) -> None:
        """The plan's prediction of the whole count: the ETA until enough is measured."""
        self._expected = seconds

    def say(self, line: str) -> None:
        """One line on stderr, above the bar."""
        if self._bar is not None:
            self._bar.console.print(line, markup=False, highlight=False)
        else:
            print(line, file=sys.stderr, flush=True)

    def waiting(self, waited: float, limit: float) -> None:
        """While a scheduler has no worker yet: the bar says how long it has waited; with
        no bar, one line says so once. The count's rate and ETA start after the wait."""
        self._waited = True
        if self._bar is not None and self._task is not None:
            self._bar.update(
                self._task,
                rate=_("waiting for the first Dask worker: {waited} of {limit}").format(
                    waited=duration(waited), limit=duration(limit)
                ),
                refresh=True,
            )
        elif not self._said_waiting and not self.quiet:
            self._said_waiting = True
            line = _("waiting up to {limit} for the first Dask worker")
            self.say(f"nqueens: {line.format(limit=duration(limit))}")

    def update(self, progress: Progress) -> None:
        if self._bar is None or self._task is None:
            return
        if self._waited:  # the first progress after a wait for workers: the count starts
            self._waited = False
            self._started = time.perf_counter()
        elapsed = time.perf_counter() - self._started
        fresh = progress.done - progress.resumed
        rate = (
            _("{rate} subproblems/s").format(rate=f"{fresh / elapsed:,.0f}")
            if elapsed > 0 and fresh
            else ""
        )
        self._bar.update(
            self._task,
            total=progress.total,
            completed=progress.done,
            solutions=f"{progress.solutions:,}",
            rate=rate,
            eta=self._eta(progress, elapsed, fresh),
            refresh=True,
        )

    def _eta(self, progress: Progress, elapsed: float, fresh: int) -> str:
        """Measured once `MEASURED` of the subproblems left at the start are done; until
        then the plan's (engine/runtime/estimate.py) prediction, less the time gone."""
        from nqueens.render.plan import eta

        left = progress.total - progress.done
        if left == 0:
            return eta(0)
        if fresh and fresh >= MEASURED * (progress.total - progress.resumed):
            return eta(elapsed / fresh * left)
        if self._expected is not None:
            return eta(max(0.0, self._expected - elapsed))
        return "-:--:--"

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()


WIDE_BAR = 110
"""From this many columns the bar says its rate and the word "subproblems"; below it
(80 columns: a bar two characters wide, the counts cut to "3…" by the table) they go,
and the bar is 10 wide."""


def bar_columns(width: int) -> list[ProgressColumn]:
    """The progress bar's columns for a terminal `width` characters wide: each whole."""
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

    wide = width >= WIDE_BAR
    solutions = _("{solutions} solutions").replace("{solutions}", "{task.fields[solutions]}")
    return [
        TextColumn(_("counting")),
        BarColumn(bar_width=40 if wide else 10),
        MofNCompleteColumn(),
        *([TextColumn(_("subproblems"))] if wide else []),
        TextColumn(solutions),
        *([TextColumn("{task.fields[rate]}")] if wide else []),
        TimeElapsedColumn(),
        TextColumn(_("ETA {eta}").replace("{eta}", "{task.fields[eta]}")),
    ]
