"""The command group, its one error boundary, and what the commands share.

Errors are handled in one place, `_Group.main`: bad input of any kind becomes one line on
stderr and exit status 2; Ctrl-C ends quietly, and so does a reader that closes standard
output early (`| head`), with status 0; SIGTERM and SIGHUP end as
Ctrl-C does, with one line and the status 128 + the signal's number (`_signals`).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, BinaryIO, NoReturn, TypeVar

import click

from nqueens.cli._options import lang_option, with_flags
from nqueens.cli._signals import Stopped, Terminated, received, stopping_as_interrupt
from nqueens.errors import IncompatibleOptionsError, NQueensError, printable, shorten
from nqueens.files import STDOUT, failure, is_stdout, output_file
from nqueens.i18n import N_, _
from nqueens.render.text import STYLES
from nqueens.validate import whole_number
from nqueens.variants.rules import parse_board_size

__all__ = ["cli", "main"]


class _Group(click.Group):
    """The one place where errors become messages and exit statuses."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            with stopping_as_interrupt():
                result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            stop = received()  # noted in a finalizer, not raised again before the end
            if stop is not None:
                result = _stopped(stop)
        except click.exceptions.NoArgsIsHelpError as error:  # bare `nqueens`: as --help
            click.echo(error.ctx.get_help())
            result = 0
        except click.Abort:  # Ctrl-C (or a stopping signal while the options were read)
            signal = received()
            result = _stopped(signal) if signal is not None else 130
        except Stopped as stopped:
            result = _stopped(stopped)
        except NQueensError as error:
            status = getattr(error, "exit_status", 2)
            signal = received()
            if status == 130 and signal is not None:  # interrupted by a signal, not Ctrl-C
                status = signal.exit_status
            gone = _current_folder_gone()
            said = with_flags(str(error), error.options) if gone is None else gone
            result = _fail(said, status)
        except click.ClickException as error:  # usage errors found while parsing
            ctx = getattr(error, "ctx", None)
            said = _negative(error) or error.format_message()
            if ctx is not None:
                said = _("{message} (see '{command} --help')").format(
                    message=said, command=ctx.command_path
                )
            result = _fail(said, error.exit_code)
        except _ReaderGone:  # standard output's reader went away (`| head`)
            result = _reader_gone()
        except OSError as error:  # a file or device failed mid-way, not a bad argument
            result = _fail(_current_folder_gone() or failure(error), 2)
        except MemoryError:
            result = _fail(_("not enough memory for this size: try a smaller N"), 2)
        if standalone_mode:
            try:  # what is still buffered, here rather than at the interpreter's exit
                sys.stdout.flush()
            except BrokenPipeError:  # the answer (its status) stands
                _reader_gone()
            sys.exit(result or 0)
        return result

    def make_context(self, *args: Any, **extra: Any) -> click.Context:
        try:  # the options are read, and --help printed
            return super().make_context(*args, **extra)
        except BrokenPipeError:  # past click's own, which would exit 1
            raise _ReaderGone from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Terminated as stopped:  # past click's own Ctrl-C handling, which adds a line
            raise Stopped(stopped.signum) from None
        except BrokenPipeError:  # past click's own, which would exit 1
            raise _ReaderGone from None
        except Exception as error:  # what a stop broke where it could not be raised (a
            stop = received()  # callback of numba's compiler swallows it): the stop
            if stop is None or isinstance(error, (NQueensError, click.ClickException)):
                raise
            raise stop from None


class _ReaderGone(Exception):
    """Standard output's reader closed it (files.output_file makes any other broken pipe
    an error with its own line)."""


MESSAGE_LIMIT = 200
"""Error lines stay under this many characters: one line a person reads at a glance."""


def _negative(error: click.ClickException) -> str | None:
    """What `nqueens check "-1 0"` meant, where click says only "No such option '-1'": a
    negative number read as an option (no row, column or size is negative)."""
    if not isinstance(error, click.exceptions.NoSuchOption):
        return None
    if not NEGATIVE_SIZE.match(error.option_name):  # "-1", "-1 0": a number's start
        return None
    return _(
        "{value} starts with '-' and is read as an option: no row, column or size is "
        "negative (put -- before an argument that starts with '-')"
    ).format(value=repr(error.option_name))


def _fail(message: str, status: int = 2) -> int:
    """Print `message` as the one error line (folded and cut short if need be)."""
    # 2: bad input; 128 + a signal's number: Ctrl-C, SIGTERM, SIGHUP
    prefix = "nqueens: error: " if status == 2 else "nqueens: " if status > 128 else ""
    click.echo(one_line(prefix, message), err=True)
    return status


def one_line(prefix: str, message: str, limit: int = MESSAGE_LIMIT) -> str:
    """`message` on one line under `limit` characters: what went wrong is shortened, at a
    word, never the advice after its last colon (what to do).

    >>> said = one_line("nqueens: error: ", "the parts differ (" + "n 10 there, 11 here; " * 12
    ...                 + "): merge the parts of one command")
    >>> said[-60:], len(said) < MESSAGE_LIMIT
    ('; n 10 there, 11 here; n...): merge the parts of one command', True)
    """
    line = _long_words_cut(printable(" ".join(f"{prefix}{message}".split())), limit)
    if len(line) < limit:
        return line
    cut = max(line.rfind(": "), line.rfind("\uff1a"))  # or the full-width colon
    advice = line[cut:] if cut > len(prefix) else ""
    if len(prefix) + len(advice) + 20 > limit:  # no advice, or advice too long to keep whole
        advice = ""
    said = line[: len(line) - len(advice)]
    room = limit - len(advice) - 4
    while True:  # room for the brackets the cut leaves open, closed after it
        kept = _at_word(said, room, len(prefix))
        closing = _closing(kept)
        if len(kept) + 3 + len(closing) + len(advice) < limit:
            return kept + "..." + closing + advice
        room -= len(closing)


def _closing(kept: str) -> str:
    """The brackets a shortened message left open, closed (`one_line`): "(n 17 here, 16
    now; ...: use a new file" read as if the advice were inside them.

    >>> _closing("in use (process 12: nqueens count \\uff0818") == "\\uff09)"
    True
    """
    missing = []
    for char in kept:
        if char in _OPENING:
            missing.append(_OPENING[char])
        elif missing and char == missing[-1]:
            missing.pop()
    return "".join(reversed(missing))


_OPENING = {"(": ")", "[": "]", "\uff08": "\uff09"}


def _long_words_cut(line: str, limit: int) -> str:
    """`line` with its longest words (paths, addresses) cut in the middle, longest first,
    until it fits: what went wrong is usually said after the path, and the file's own
    name is at its end.

    >>> _long_words_cut("journal /tmp/" + "d" * 60 + "/n9.db was made for other work", 60)
    'journal /tmp/ddd...dddddddddd/n9.db was made for other work'
    """
    words = line.split(" ")
    while (excess := len(" ".join(words)) - limit + 1) > 0:
        longest = max(range(len(words)), key=lambda i: len(words[i]))
        word = words[longest]
        keep = max(LONG_WORD_KEPT, len(word) - excess - 3)
        if len(word) <= LONG_WORD_KEPT + 3 or keep >= len(word) - 3:
            break  # no word long enough to shorten: cut at a word (one_line)
        head = keep // 3
        words[longest] = f"{word[:head]}...{word[len(word) - (keep - head) :]}"
    return " ".join(words)


LONG_WORD_KEPT = 24
"""The characters of a long word kept on each side of its "..." together, at least."""


def _at_word(text: str, room: int, keep: int) -> str:
    """`text` cut to `room` characters, at the last space where there is one near (and
    after the first `keep`, the prefix: never to nothing)."""
    if len(text) <= room:
        return text
    space = text.rfind(" ", 0, room + 1)
    return text[:space] if space > max(keep, room - 30) else text[:room]


def _current_folder_gone() -> str | None:
    """Where the current folder was deleted under the shell, the one line that says so,
    naming it: every relative name then fails with a bare "No such file or directory"."""
    try:
        os.getcwd()
    except FileNotFoundError:
        where = os.environ.get("PWD")
        folder = where if where else "the current folder"  # whole: one_line cuts its middle
        return (
            f"the current folder {folder} no longer exists (it was deleted or moved): "
            "cd to a folder that exists, or give full paths"
        )
    except OSError:
        return None
    return None


def _stopped(stopped: Stopped) -> int:
    """The one line and status of a command ended by SIGTERM or SIGHUP."""
    return _fail(f"stopped by {stopped.name}", stopped.exit_status)


def _reader_gone() -> int:
    """Standard output's reader closed it before the end (`| head -30`): the reader has
    what it wanted, so the command ends quietly with status 0, whether its last write
    came before the close or after (a pipe's timing, not an answer; files.output_file
    makes any other broken pipe an error). Standard output is pointed at /dev/null, so
    the interpreter's last flush cannot fail."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return 0


EXAMPLES = """\b
Examples:
  nqueens solve 8                      the first solution
  nqueens solve 8 --all --format grid  all 92, numbered, as +-+ grids
  nqueens solve 8 --unique             the 12 solutions unique up to symmetry
  nqueens count 12                     total and unique counts
  nqueens compare 8                    the algorithms side by side
  nqueens trace 4 --boards             the search step by step
  nqueens show 8 -u --out unique.png   a picture of the 12 unique solutions
  nqueens animate 4 --out search.gif   the search as a film (GIF, MP4, HTML)
  nqueens play 8 --out player.html     an interactive page; `nqueens gui 8`: a window
  nqueens check "0 4 7 5 2 6 1 3"      is this placement valid?
  nqueens construct 1000000 -o q.npy   one placement of a million queens
  nqueens complete "0:0 1:4" --n 8     complete a board with fixed queens
"""


_F = TypeVar("_F", bound=Callable[..., Any])


NEGATIVE_SIZE = re.compile(r"-\d[\d_]*+(?:[x\u00d7]-?+\d++)?+", re.IGNORECASE)
"""A size that starts with a minus sign (-3, -3x5): no option's name starts with a digit."""


class _SizeParser(click.parser._OptionParser):
    """Reads a negative number as the size it is meant to be (for the one line saying why
    it is refused), and anything else that starts with '-' as an option: a mistyped one
    gets click's "No such option ... Did you mean ...?"."""

    def _process_opts(self, arg: str, state: Any) -> None:
        if NEGATIVE_SIZE.fullmatch(arg):
            state.largs.append(arg)
            return
        super()._process_opts(arg, state)


class _SizeCommand(click.Command):
    """A command whose argument is a board size N (or MxN), negative ones included."""

    def make_parser(self, ctx: click.Context) -> click.parser._OptionParser:
        parser = _SizeParser(ctx)
        for param in self.get_params(ctx):
            param.add_to_parser(parser, ctx)
        return parser


_SIZE_COMMAND: dict[str, Any] = {"cls": _SizeCommand}


HUMAN_STYLES = tuple(STYLES)


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """`--version`, from the installed metadata, or "unknown (source tree)" without it."""
    if not value or ctx.resilient_parsing:
        return
    from nqueens.system import version

    click.echo(_("nqueens, version {version}").format(version=version()))
    ctx.exit()


@click.group(cls=_Group, epilog=EXAMPLES, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the version and exit.",
)
@lang_option
def cli() -> None:
    """The N-Queens toolkit: solve, teach, count."""


class _SquareSize(click.ParamType[int, Any]):
    """The board size N of a command for square boards. A rectangle MxN is refused in one
    line naming the commands that take one; NxN is N."""

    name = "N"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        if "x" in str(value).lower() or "\u00d7" in str(value):
            rows, cols = parse_board_size(value)
            if rows == cols:
                return rows
            command = f"`nqueens {ctx.info_name}`" if ctx is not None else "`nqueens`"
            raise IncompatibleOptionsError(
                _(
                    "{command} takes a square board N, not {size}; a rectangle MxN goes to "
                    "`solve`, `show` and `count`"
                ).format(command=command, size=shorten(str(value)))
            )
        number = whole_number(str(value), N_("board size"))
        if number is None:
            self.fail(
                _("{value} is not a whole number.").format(value=shorten(str(value))), param, ctx
            )
        return number


def _size_argument(f: _F) -> _F:
    """N, a square board's size (see `_SquareSize`)."""
    return click.argument("n", type=_SquareSize(), metavar="N")(f)


def _board_size_argument(f: _F) -> _F:
    """N or MxN: the size of a square board or of a rectangle (`Rules.of` reads it)."""
    return click.argument("size", metavar="N")(f)


def _answer_no(message: str, *, on_stdout: bool) -> NoReturn:
    """Answer "no" (exit status 1), such as "no solution": on standard output when that is
    where the command's answer is read by a person, on standard error when it carries data."""
    click.echo(message, err=not on_stdout)
    raise click.exceptions.Exit(1)


def _say_written(out: str, line: str, *, data_on_stdout: bool = False) -> None:
    """The one line every writing command ends with once its file is complete, `wrote
    FILE: what` (worded, and translated, by the command), on standard output, or on
    standard error when that carries the command's own data. Nothing where the output
    was standard output itself (`--out -`, /dev/stdout: `files.is_stdout`): no file was
    written, and the data is the answer, as when no --out is given."""
    if not is_stdout(out):
        click.echo(printable(line), err=data_on_stdout)


@contextmanager
def _opened(output: str | None, *, binary: bool = False) -> Iterator[BinaryIO]:
    """The binary stream to write to: standard output when no output is named, else the
    place `files.output_file` makes of the name (a file whole or not at all, a stream)."""
    with output_file(STDOUT if output is None else output, binary=binary) as out:
        yield out


def main() -> None:
    """Entry point of the `nqueens` console script."""
    refused = _guard_standard_streams()
    if refused is not None:
        sys.exit(refused)
    _escape_what_cannot_be_encoded()
    from nqueens import cache_place

    if cache_place.NOTICE is not None:  # said once, by the command that chose
        click.echo(printable(f"nqueens: warning: {cache_place.NOTICE}"), err=True)
    _speak_first(sys.argv[1:])
    cli()


def _speak_first(arguments: list[str]) -> None:
    """Take `--lang` before anything else is said: click takes its eager options in the
    order given, so `construct --help --lang ja` printed the help in English (a value
    click refuses is left for it to refuse)."""
    from nqueens.i18n import LANGUAGES, set_language

    for i, word in enumerate(arguments):
        if word == "--":
            return
        value = arguments[i + 1] if word == "--lang" and i + 1 < len(arguments) else None
        if word.startswith("--lang="):
            value = word.removeprefix("--lang=")
        if value in LANGUAGES:
            set_language(value)


def _escape_what_cannot_be_encoded() -> None:
    """Standard output and error write what their encoding can and escape the rest
    (`\\u30af`), as Python's own stderr does: `--lang ja` on a Latin-1 or cp1252
    terminal (PYTHONIOENCODING) reads oddly, but never ends in a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _guard_standard_streams() -> int | None:
    """A standard stream the shell closed (`>&-`, `<&-`) is opened on /dev/null, so that
    no file this command opens takes its number (a journal, or a worker's output, written
    as standard output), and Python's `sys.stdout` stays None. Standard output closed is
    refused in one line: every command says something there. Standard input closed is
    refused only by what reads it (`files.standard_input`)."""
    closed = []
    for descriptor in (0, 1, 2):
        try:
            os.fstat(descriptor)
        except OSError:
            closed.append(descriptor)
    for descriptor in closed:
        devnull = os.open(os.devnull, os.O_RDWR)
        if devnull != descriptor:
            os.dup2(devnull, descriptor)
            os.close(devnull)
    if 1 in closed or sys.stdout is None:
        return _fail(
            "standard output is closed: redirect it (> FILE, > /dev/null) rather than close it"
        )
    return None
