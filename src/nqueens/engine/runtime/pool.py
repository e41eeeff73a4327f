"""Subproblems run on this machine: on forked worker processes (one for `--workers 1`),
or in this process for a method whose kernels live only here (a GPU's), in batches
sized so that no worker is left with a long tail at the end. A Dask cluster is reached
through `scheduler=` instead (cluster/), which binds its client into a runner of the
same shape (`Backend`).

A stop must come within a second, and a compiled call cannot be interrupted: one
subproblem of N = 28 takes hours. So the counting is done in worker processes, which
ignore the stopping signals (a terminal's Ctrl-C and `kill -TERM -PGID` reach the whole
process group): this process hears them, kills its workers outright and keeps what
they sent. Each worker streams its batch back in pieces of about `CALL_SECONDS`, so a
stop loses at most a piece a worker. `Workers` is a pool of its own for that:
multiprocessing's Pool stops its workers by SIGTERM and then takes a lock that a worker
killed while it waited for a task still holds, and hung for ever (issue 44).
"""

from __future__ import annotations

import atexit
import multiprocessing
import multiprocessing.connection
import signal
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from nqueens.engine.arrays import Counts, Indices
from nqueens.engine.counter import Parts
from nqueens.errors import NQueensError

__all__ = [
    "BACKENDS",
    "BATCH_LIMIT",
    "TASKS_PER_WORKER",
    "Backend",
    "Workers",
    "batches",
    "default_batch",
    "in_a_worker",
    "process_context",
    "quiet_worker",
    "start_pool",
]

_T = TypeVar("_T")
Batches = Sequence[Indices]
Backend = Callable[[Parts, Batches, int], Generator[tuple[Indices, Counts], None, None]]


def process_context() -> multiprocessing.context.BaseContext:
    """fork where the platform has it: workers inherit the compiled kernels and their
    data, and callers need no `if __name__ == "__main__"` guard. The CLI keeps this
    process free of threads (its progress bar refreshes from the progress callback), so
    forking is safe."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


_STOPPING = {signal.SIGINT, signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])}


def start_pool(
    workers: int, initializer: Callable[..., None] | None = None, initargs: tuple[object, ...] = ()
) -> Workers:
    """`workers` processes, each set up by `initializer` (default `quiet_worker`, which
    the initializer must call). The stopping signals are held back while the workers
    are forked, so each starts with them blocked and takes them only once
    `quiet_worker` has given them their worker's handling: a pool stopped as soon as it
    starts would otherwise see a worker end in the parent's handler, with a traceback."""
    return Workers(workers, initializer, initargs)


def quiet_worker() -> None:
    """A worker's set-up: the stopping signals (Ctrl-C, SIGTERM, SIGHUP) are the
    parent's to handle: it kills its workers (SIGKILL) when it stops, so a worker
    ignores them, never prints a traceback, and never dies while the parent still
    expects its answer. It ends with its parent, however that ends. The signals, held
    back while the worker was forked (`start_pool`), are let through again."""
    for number in _STOPPING:
        signal.signal(number, signal.SIG_IGN)
    _end_with_the_parent()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)


_given: tuple[Callable[..., Any], tuple[Any, ...]] | None = None


def _init_given(function: Callable[..., Any], arguments: tuple[Any, ...]) -> None:
    global _given
    _given = (function, arguments)
    quiet_worker()


def _call_given() -> Any:
    assert _given is not None
    function, arguments = _given
    return function(*arguments)


def in_a_worker(function: Callable[..., _T], *arguments: Any) -> _T:
    """`function(*arguments)` run in a forked worker, so that a stop need not wait for
    a compiled call under way in it (a plan's timed subproblem may take minutes). The
    arguments reach it by the fork, unpickled; its result comes back pickled."""
    with start_pool(1, _init_given, (function, arguments)) as worker:
        result: _T = next(worker.imap(_call_given_of, [None]))
        return result


def _call_given_of(_: object) -> Any:
    return _call_given()


class WorkerLostError(NQueensError, RuntimeError):
    """A worker process ended without answering (killed by another, out of memory)."""


def _serve(
    connection: multiprocessing.connection.Connection,
    initializer: Callable[..., None] | None,
    initargs: tuple[object, ...],
) -> None:
    """A worker's loop: a task (index, function, arguments) in, its results out, each
    item of a generator as it comes, then `done` (or the error it raised)."""
    (initializer or quiet_worker)(*initargs)
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        index, function, arguments = task
        try:
            result = function(*arguments)
            if isinstance(result, Generator):
                for item in result:
                    connection.send(("item", index, item))
            else:
                connection.send(("item", index, result))
            connection.send(("done", index, None))
        except Exception as error:  # the parent raises it: one line, as here
            connection.send(("error", index, error))


class Workers:
    """Forked worker processes, each with a pipe of its own: no thread in this process,
    no lock shared with a worker, so stopping them (`terminate`: SIGKILL, then each
    reaped) never waits on one, and waiting for results (`multiprocessing.connection.
    wait`) is interrupted by a signal at once. Used as a context manager, its workers
    are killed when the block ends, however it ends."""

    def __init__(
        self,
        count: int,
        initializer: Callable[..., None] | None = None,
        initargs: tuple[object, ...] = (),
    ) -> None:
        context = process_context()
        self._processes: list[Any] = []
        self._connections: list[multiprocessing.connection.Connection] = []
        held = hasattr(signal, "pthread_sigmask")
        before = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING) if held else set()
        try:
            for _ in range(count):
                ours, theirs = context.Pipe(duplex=True)
                process = context.Process(  # type: ignore[attr-defined]
                    target=_serve, args=(theirs, initializer, initargs), daemon=True
                )
                process.start()
                _LIVE.add(self)
                theirs.close()
                self._processes.append(process)
                self._connections.append(ours)
            if held:  # a stop held back while they were forked is raised here, so...
                signal.pthread_sigmask(signal.SIG_SETMASK, before)
        except BaseException:  # ...these workers are killed before it goes on
            if held:
                signal.pthread_sigmask(signal.SIG_SETMASK, before)
            self.terminate()
            raise

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.terminate()

    def terminate(self) -> None:
        """Kill every worker now and reap it (a killed process ends at once)."""
        _LIVE.discard(self)
        for process in self._processes:
            if process.pid is not None and process.exitcode is None:
                with _suppressed():
                    process.kill()
        for process in self._processes:
            if process.pid is not None:
                process.join()
        for connection in self._connections:
            connection.close()
        self._processes, self._connections = [], []

    close = join = terminate  # multiprocessing.Pool's names, for its callers

    def imap_unordered(
        self, function: Callable[..., Any], items: Iterable[Any], chunksize: int = 1
    ) -> Iterator[Any]:
        """`function(item)` for each item, its results as they come (a generator's
        items one by one)."""
        return self._results(function, ((item,) for item in items), ordered=False)

    def imap(
        self, function: Callable[..., Any], items: Iterable[Any], chunksize: int = 1
    ) -> Iterator[Any]:
        """`function(item)` for each item, its results in the items' order, a few items
        ahead at most (twice as many as workers)."""
        return self._results(function, ((item,) for item in items), ordered=True)

    def starmap(
        self, function: Callable[..., _T], arguments: Iterable[tuple[Any, ...]]
    ) -> list[_T]:
        """`function(*arguments)` for each, their results in order."""
        return list(self._results(function, arguments, ordered=True))

    def _results(
        self, function: Callable[..., Any], arguments: Iterable[tuple[Any, ...]], ordered: bool
    ) -> Iterator[Any]:
        tasks = enumerate(arguments)
        idle = list(range(len(self._connections)))
        busy: dict[int, int] = {}  # worker -> its task
        held: dict[int, list[Any]] = {}  # ordered: task -> its items not yet handed on
        finished: set[int] = set()  # ordered: tasks done, still held
        next_out = 0
        exhausted = False
        while True:
            while idle and not exhausted and len(held) < 2 * len(self._connections):
                try:
                    index, given = next(tasks)
                except StopIteration:
                    exhausted = True
                    break
                worker = idle.pop()
                self._connections[worker].send((index, function, tuple(given)))
                busy[worker] = index
                if ordered:
                    held[index] = []
            if not busy:
                return
            for connection in multiprocessing.connection.wait([self._connections[w] for w in busy]):
                worker = self._connections.index(connection)  # type: ignore[arg-type]
                try:
                    kind, index, value = connection.recv()  # type: ignore[union-attr,call-arg]
                except (EOFError, OSError):
                    raise self._lost(worker) from None
                if kind == "error":
                    assert isinstance(value, BaseException)
                    raise value
                if kind == "item" and ordered:
                    held[index].append(value)
                elif kind == "item":
                    yield value
                else:
                    del busy[worker]
                    idle.append(worker)
                    finished.add(index)
            while ordered and next_out in held:
                items, held[next_out] = held[next_out], []
                yield from items
                if next_out not in finished:
                    break
                del held[next_out]
                finished.discard(next_out)
                next_out += 1
            if not ordered:
                finished.clear()

    def _lost(self, worker: int) -> WorkerLostError:
        process = self._processes[worker]
        process.join(1.0)
        code = process.exitcode
        how = (
            f"by signal {signal.Signals(-code).name}"
            if code is not None and code < 0
            else f"with status {code}"
        )
        return WorkerLostError(
            f"a worker process ended {how} before it answered (killed by another process, "
            "or out of memory); what finished before it is kept"
        )


class _Left:
    """Workers not yet killed, killed when this process exits: a stop that comes between
    a pool's making and its `with` leaves one to the exit, where multiprocessing's own
    handler would stop its workers by SIGTERM, which they ignore, and wait for them for
    ever (a count hung so in CI). Registered at the first worker's start, after
    multiprocessing's handler, so it runs before it."""

    def __init__(self) -> None:
        self._workers: set[Workers] = set()  # held until killed, dropped or not
        self._registered = False

    def add(self, workers: Workers) -> None:
        if not self._registered:
            atexit.register(self.kill)
            self._registered = True
        self._workers.add(workers)

    def discard(self, workers: Workers) -> None:
        self._workers.discard(workers)

    def kill(self) -> None:
        for workers in list(self._workers):
            workers.terminate()


_LIVE = _Left()


def _suppressed() -> Any:
    import contextlib

    return contextlib.suppress(OSError)


_PR_SET_PDEATHSIG = 1
"""Linux's prctl option: a signal for this process when the one that started it ends."""


def _end_with_the_parent() -> None:
    """On Linux, SIGKILL as soon as the parent ends, even by kill -9: an orphaned worker
    would otherwise count on for hours, or print a BrokenPipeError traceback for each
    result it cannot send."""
    import ctypes
    import ctypes.util
    import os
    import sys

    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no C library to ask: the old behaviour
        return
    parent = multiprocessing.parent_process()
    if parent is not None and os.getppid() != parent.pid:  # it ended before we asked
        os.kill(os.getpid(), signal.SIGKILL)


BATCH_LIMIT = 32
"""The most subproblems a task counts by default (a method's `batch_limit`)."""


TASKS_PER_WORKER = 16
"""Tasks a worker's share is cut into by default (a method's `tasks_per_worker`)."""


def default_batch(
    pending: int, workers: int, limit: int | None = BATCH_LIMIT, tasks: int = TASKS_PER_WORKER
) -> int:
    """Small batches by default, so that no worker is left with a long tail at the end: a
    worker's share cut into `tasks`, at most `limit` subproblems each (None: no limit, for
    a method whose task is wide, a GPU's: then exactly `tasks` of them, the last a little
    smaller, never a sliver left over as one more).

    >>> default_batch(10, 1, 32, 4), default_batch(10, 1, None, 4)
    (2, 3)
    """
    if limit is None:
        return max(1, -(-pending // (workers * tasks)))
    return max(1, min(limit, pending // (workers * tasks)))


def batches(
    pending: Indices,
    workers: int,
    size: int | None = None,
    limit: int | None = BATCH_LIMIT,
    tasks: int = TASKS_PER_WORKER,
) -> list[Indices]:
    size = size or default_batch(len(pending), workers, limit, tasks)
    return [pending[i : i + size] for i in range(0, len(pending), size)]


def _count(parts: Parts, indices: Indices) -> Counts:
    function, arguments = parts.task(indices)
    counts: Counts = function(*arguments)
    return counts


CALL_SECONDS = 0.25
"""About the longest one compiled call runs in this process. A signal (Ctrl-C, SIGTERM)
waits for the call under way, since a numba kernel cannot be interrupted from Python:
each batch is counted in pieces about this long, so that a stop comes within a second and
keeps every piece that finished."""


def next_piece(size: int, seconds: float) -> int:
    """The size of the next piece, after one of `size` subproblems took `seconds`: sized
    to take about `CALL_SECONDS`, growing at most fourfold and shrinking at once (a
    subproblem may take far longer than the one before it).

    >>> next_piece(1, 0.001), next_piece(100, 1.0), next_piece(100, 0.25)
    (4, 25, 100)
    """
    wanted = round(size * CALL_SECONDS / max(seconds, 1e-9))
    return max(1, min(4 * size, wanted))


def _pieces(parts: Parts, batches: Batches) -> Generator[tuple[Indices, Counts], None, None]:
    """Each batch in pieces of about `CALL_SECONDS` (`next_piece`), each piece yielded,
    so recorded, as it finishes."""
    size = 1
    for indices in batches:
        start = 0
        while start < len(indices):
            piece = indices[start : start + size]
            began = time.perf_counter()
            counts = _count(parts, piece)
            size = next_piece(len(piece), time.perf_counter() - began)
            start += len(piece)
            yield piece, counts


def _run_whole(
    parts: Parts, batches: Batches, workers: int
) -> Generator[tuple[Indices, Counts], None, None]:
    """Each batch counted whole, in one call, and yielded as it finishes: for a method
    whose task is as wide as its batch (`Method.batch_limit` None: a GPU's task, its own
    pipeline of launches, whose wait for the GPU polls, so that a stop comes at once)."""
    for indices in batches:
        yield indices, _count(parts, indices)


def _run_inprocess(
    parts: Parts, batches: Batches, workers: int
) -> Generator[tuple[Indices, Counts], None, None]:
    """In this process, for a method whose kernels live only here: a stop waits for the
    piece under way."""
    yield from _pieces(parts, batches)


_worker_parts: Parts | None = None


def _init_worker(parts: Parts) -> None:
    global _worker_parts
    _worker_parts = parts
    quiet_worker()


def _count_in_worker(indices: Indices) -> Generator[tuple[Indices, Counts], None, None]:
    """A batch counted in a worker, sent back a piece at a time."""
    assert _worker_parts is not None
    yield from _pieces(_worker_parts, [indices])


def _run_processes(
    parts: Parts, batches: Batches, workers: int
) -> Generator[tuple[Indices, Counts], None, None]:
    if not batches:  # nothing left to count: no worker to start
        return
    with start_pool(min(workers, len(batches)), _init_worker, (parts,)) as pool:
        yield from pool.imap_unordered(_count_in_worker, batches)


BACKENDS: dict[str, Backend] = {
    "inprocess": _run_inprocess,
    "whole": _run_whole,
    "process": _run_processes,
}
"""How subproblems are run on this machine, by name; a Dask cluster is reached through
`scheduler=` instead, which binds its client into a runner."""
