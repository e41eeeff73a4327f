"""`nqueens compare` while it runs: a bar for the algorithm running, with the nodes it has
placed so far (against all it will place, where that is known: N^N boards' worth for
brute force), and each algorithm's line as soon as it finishes; the whole table after.

Brute force takes half a minute at N = 8: a bar that moves says that the work goes on,
and how much there is of it. On a terminal only; piped, the table alone is printed.
"""

from __future__ import annotations

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


def run_live(
    console: Console, runs: Runs, expected: Callable[[str], int | None]
) -> list[ComparisonRow]:
    """Run the comparison (`runs(on_start=...)`), showing its progress on `console`, and
    return its rows. `expected(name)` is how many nodes that algorithm will place, or
    None where only the search itself can tell (the bar then pulses)."""
    if not console.is_terminal:
        return list(runs())
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(
        TextColumn("{task.description:<15}"),
        BarColumn(),
        TextColumn("{task.fields[nodes]}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )
    running: dict[str, object] = {}
    lock = threading.Lock()

    def start(name: str, stats: SearchStats) -> None:
        with lock:
            task = bar.add_task(name, total=expected(name), nodes="")
            running.update(task=task, stats=stats)

    def show() -> None:
        with lock:
            if "task" in running:
                nodes = running["stats"].nodes  # type: ignore[attr-defined]
                said = plural(nodes, "{count} node", "{count} nodes")
                bar.update(running["task"], completed=nodes, nodes=said)  # type: ignore[arg-type]

    stop = threading.Event()

    def poll() -> None:
        while not stop.wait(POLL):
            show()

    rows = []
    watcher = threading.Thread(target=poll, name="compare-progress", daemon=True)
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
