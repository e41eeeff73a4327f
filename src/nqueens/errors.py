"""One exception root for the whole package.

Every error a user can cause is an `NQueensError` whose message says what was wrong and
what to do instead; the command line turns these into one line and exit status 2.
"""

from __future__ import annotations

__all__ = [
    "BackendUnavailableError",
    "ClusterNoticeWarning",
    "CountInterrupted",
    "DeviceError",
    "IncompatibleOptionsError",
    "InputFileError",
    "InsecureSchedulerWarning",
    "InvalidPlacementError",
    "InvalidSchedulerAddressError",
    "InvalidSizeError",
    "JournalError",
    "JournalMismatchError",
    "NQueensError",
    "NoSolutionError",
    "OutputFormatError",
    "OutputPlaceError",
    "PublishedMismatchError",
    "SizeTooLargeError",
    "UnknownAlgorithmError",
    "UnknownLanguageError",
    "VerificationError",
    "printable",
    "shorten",
]

QUOTE_LIMIT = 60
"""The most characters of a user's value quoted in a message, so every message stays one
short line however long (or binary) the value was."""


def printable(text: str) -> str:
    r"""`text` with every character a terminal would act on (escapes, bells, carriage
    returns, bidirectional overrides: all that `str.isprintable` refuses) written as
    `repr` writes it, so that a file name or a value in a message is shown, never obeyed.

    >>> print(printable("wrote \x1b]0;PWN\x07x.svg"))
    wrote \x1b]0;PWN\x07x.svg
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def shorten(value: object, limit: int = QUOTE_LIMIT) -> str:
    """`value` quoted as in a repr (so escaped as `printable` escapes), cut short with an
    ellipsis when it is long."""
    quoted = repr(value)
    if len(quoted) <= limit:
        return quoted
    return quoted[: limit - 4] + "..." + quoted[-1]


class NQueensError(Exception):
    """Root of every error this package raises on purpose.

    `options` names the arguments the message's remedy is about, as the API spells them
    (``"journal"``, ``"algorithm"``), where there are some (`option=` one name or several):
    the message says what they mean, and the command line adds the flags that set them.
    """

    options: tuple[str, ...] = ()

    def __init__(self, *args: object, option: str | tuple[str, ...] | None = None) -> None:
        super().__init__(*args)
        if option is not None:  # kept in __dict__, so a pickled error keeps it too
            self.options = (option,) if isinstance(option, str) else tuple(option)


class InvalidSizeError(NQueensError, ValueError):
    """A board size that is not a positive whole number."""


class SizeTooLargeError(InvalidSizeError):
    """A board size the chosen method cannot finish in reasonable time or memory."""


class InvalidPlacementError(NQueensError, ValueError):
    """Text or numbers that do not describe a placement of queens on a board."""


class UnknownAlgorithmError(NQueensError, ValueError):
    """An algorithm or method name that does not exist; the message lists the valid ones."""


class UnknownLanguageError(NQueensError, ValueError):
    """A language this package does not speak (`--lang`); the message lists those it does."""


class BackendUnavailableError(NQueensError, RuntimeError):
    """An optional part (numba, matplotlib, dask, ...) is missing; the message names the fix."""


class DeviceError(NQueensError, RuntimeError):
    """The GPU failed in mid-count (a launch, the driver, its memory): what finished is kept."""


class OutputFormatError(NQueensError, ValueError):
    """A file name whose extension names no format the command can write."""


class IncompatibleOptionsError(NQueensError, ValueError):
    """Options that each make sense but not together (the message says which to drop)."""


class InputFileError(NQueensError, ValueError):
    """An input file that is missing, a folder, unreadable, or not text."""


class OutputPlaceError(NQueensError, ValueError):
    """A place an output file cannot be written to (no such folder, read-only, ...)."""


class NoSolutionError(NQueensError):
    """Nothing to draw or return: N = 2 and N = 3 have no solution."""

    exit_status = 1


class JournalMismatchError(NQueensError, ValueError):
    """A journal file that belongs to other work (another N, split or engine version)."""


class JournalError(NQueensError, OSError):
    """A journal that cannot be kept: its place cannot be written, or the file is not one."""


class InvalidSchedulerAddressError(NQueensError, ValueError):
    """A Dask scheduler address that is not `local` or SCHEME://HOST:PORT."""


class InsecureSchedulerWarning(UserWarning):
    """A plain tcp:// connection to a scheduler beyond this machine: unencrypted, and any
    client that reaches it can run code on its workers."""


class ClusterNoticeWarning(UserWarning):
    """Something the Dask cluster did that leaves the count exact but is worth a line (a
    worker lost, its tasks run again elsewhere), said in our words instead of Dask's log."""


class VerificationError(NQueensError):
    """A recounted subproblem disagrees with its journal: the count is not to be trusted."""

    exit_status = 1


class PublishedMismatchError(VerificationError):
    """A count that differs from the published count for its N: the message names both."""


class CountInterrupted(NQueensError):
    """A count stopped by Ctrl-C; the message says what was kept and how to resume."""

    exit_status = 130


class InvalidPartError(NQueensError, ValueError):
    """A `--part K/M` that names no share of the subproblems. `reason` is the message
    without the part it names, for a plan of every part to say of them all."""

    reason: str = ""
