"""`nqueens compare` while it runs: a bar for the algorithm running, with the nodes it has
placed so far and, where the whole is known (brute force's boards, the permutations),
the share done and the time left; each algorithm's line as soon as it finishes; the
whole table after.

Brute force takes half a minute at N = 8: a bar that moves says that the work goes on,
and how much there is of it. The bar is drawn on a terminal: the table's own when the
table goes to one, else standard error's, so that `compare 8 > table.txt` still says
what it is doing; with neither a terminal, the table alone is printed.

The bar is redrawn from a thread of its own, which runs in the caller's context, so it
speaks the language chosen with `--lang` (a context variable) as the table does.
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from nqueens.i18n import _
from nqueens.messages import plural

if TYPE_CHECKING:
    from rich.console import Console

    from nqueens.compare import ComparisonRow
    from nqueens.search import SearchStats

__all__ = ["POLL", "finished_line", "run_live"]

POLL = 0.1
"""How often, in seconds, the bar reads the running search's count of nodes."""

Runs = Callable[..., Iterator["ComparisonRow"]]


def finished_line(row: ComparisonRow) -> str:
    """One algorithm's result, said as it finishes (the table says it again after)."""
    if row.stats is None:
        return _("{algorithm} skipped: {reason}").format(
            algorithm=row.algorithm, reason=row.skipped
        )
    s = row.stats
    return plural(
        s.nodes,
        "{algorithm}: {count} node, {checks} checks, {solutions} solutions, {seconds} s",
        "{algorithm}: {count} nodes, {checks} checks, {solutions} solutions, {seconds} s",
        algorithm=row.algorithm,
        checks=f"{s.checks:,}",
        solutions=f"{s.solutions:,}",
        seconds=f"{s.time:.3f}",
    )


def _left(percentage: float, remaining: float | None) -> str:
    """The share done and the time left of a search whose whole is known."""
    if remaining is None:
        return f"{percentage:3.0f}%"
    minutes, seconds = divmod(round(remaining), 60)
    return _("{percent}%, ETA {eta}").format(
        percent=f"{percentage:3.0f}", eta=f"{minutes}:{seconds:02d}"
    )


def run_live(
    console: Console,
    runs: Runs,
    expected: Callable[[str], int | None],
    status: Console | None = None,
) -> list[ComparisonRow]:
    """Run the comparison (`runs(on_start=...)`), showing its progress, and return its
    rows. The bar goes to `console` (the table's) when it is a terminal, else to
    `status` (standard error's) when that is one; with neither, nothing is shown.
    `expected(name)` is how many nodes that algorithm will place, or None where only the
    search itself can tell (the bar then pulses, with no share or time left)."""
    shown = console if console.is_terminal else status
    if shown is None or not shown.is_terminal:
        return list(runs())
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(
        TextColumn("{task.description:<15}"),
        BarColumn(),
        TextColumn("{task.fields[nodes]}"),
        TextColumn("{task.fields[left]}"),
        TimeElapsedColumn(),
        console=shown,
        transient=True,
    )
    running: dict[str, object] = {}
    lock = threading.Lock()

    def start(name: str, stats: SearchStats) -> None:
        with lock:
            task = bar.add_task(name, total=expected(name), nodes="", left="")
            running.update(task=task, stats=stats)

    def show() -> None:
        with lock:
            if "task" in running:
                task_id = running["task"]
                nodes = running["stats"].nodes  # type: ignore[attr-defined]
                said = plural(nodes, "{count} node", "{count} nodes")
                bar.update(task_id, completed=nodes, nodes=said)  # type: ignore[arg-type]
                task = bar.tasks[bar.task_ids.index(task_id)]  # type: ignore[arg-type]
                if task.total:
                    left = _left(task.percentage, task.time_remaining)
                    bar.update(task_id, left=left)  # type: ignore[arg-type]

    stop = threading.Event()

    def poll() -> None:
        while not stop.wait(POLL):
            show()

    rows = []
    context = contextvars.copy_context()  # the language chosen here, in the bar's thread
    watcher = threading.Thread(
        target=context.run, args=(poll,), name="compare-progress", daemon=True
    )
    with bar:
        watcher.start()
        try:
            for row in runs(on_start=start):
                rows.append(row)
                show()
                with lock:
                    if "task" in running:
                        bar.remove_task(running.pop("task"))  # type: ignore[arg-type]
                        running.pop("stats")
                bar.console.print(finished_line(row), markup=False, highlight=False)
        finally:
            stop.set()
            watcher.join()
    return rows
