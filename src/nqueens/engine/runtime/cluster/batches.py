"""How many subproblems a task on a Dask cluster holds."""

from __future__ import annotations

__all__ = [
    "CLUSTER_BATCH_MAX",
    "CLUSTER_TASKS",
    "SMALL_TASK",
    "SMALL_TASK_BELOW",
    "default_batch_size",
]


CLUSTER_TASKS = 2048
"""About how many tasks a count on a cluster is cut into: enough that 256 workers get 8
each, whenever they join (the batch is sized by the subproblems, never by the workers
present at the start), and few enough for the scheduler (a task costs it about a
millisecond)."""

CLUSTER_BATCH_MAX = 256
"""The most subproblems in one of a cluster's tasks by default: a task is recorded in the
journal only when it finishes."""


SMALL_TASK_BELOW = 22
"""Below this N a subproblem takes milliseconds (the whole count minutes at most): a task
then holds `SMALL_TASK` subproblems at least, so that the scheduler's round trip per task
stays a small share of it, and workers that join late have little to miss."""
SMALL_TASK = 32


def default_batch_size(
    subproblems: int, limit: int | None = None, workers: int | None = None, n: int = 0
) -> int:
    """Subproblems per task on a cluster: about `CLUSTER_TASKS` tasks, at most
    `CLUSTER_BATCH_MAX` (or the method's own `limit`) subproblems each, and below N =
    `SMALL_TASK_BELOW` at least `SMALL_TASK`. A cluster whose `workers` are all there
    from the start (`--scheduler local`) gets about 8 tasks a worker instead: fewer
    round trips, none joins later.

    >>> default_batch_size(7_954, n=24), default_batch_size(100_000, n=25)
    (4, 49)
    >>> default_batch_size(4_000_000, n=27), default_batch_size(3_876, n=20)
    (256, 32)
    >>> default_batch_size(3_876, workers=2)
    242
    """
    most = CLUSTER_BATCH_MAX if limit is None else min(limit, CLUSTER_BATCH_MAX)
    if workers is not None:
        return max(min(SMALL_TASK, most), min(most, subproblems // (workers * 8)))
    least = SMALL_TASK if n < SMALL_TASK_BELOW else 1
    return max(min(least, most), min(most, -(-subproblems // CLUSTER_TASKS)))
