"""The options several commands share, each said once: its names, its type, its check.

A command says what an option does there (its help); everything else about it is here.
`FLAGS` is the other direction: the library's errors name the arguments their remedy is
about as the API spells them (`NQueensError.options`), and the error boundary adds the
flags that set them (`with_flags`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from nqueens.cli._types import Whole
from nqueens.errors import InvalidSchedulerAddressError
from nqueens.i18n import LANGUAGES, _, set_language
from nqueens.search import ALGORITHMS
from nqueens.variants.rules import VARIANTS
from nqueens.visual.common import PLAYER_STEPS

__all__ = [
    "FLAGS",
    "algorithm_option",
    "given_options",
    "json_option",
    "lang_option",
    "max_steps_option",
    "one_based_option",
    "out_option",
    "stop_after_option",
    "tls_options",
    "variant_option",
    "with_flags",
    "workers_option",
]

_F = TypeVar("_F", bound=Callable[..., Any])


def given_options(*names: str) -> tuple[str, ...]:
    """Those of the running command's options `names` that were given (on the line or by
    the environment), not left at their defaults: an option that would go unused is
    refused only where it was asked for."""
    from click.core import ParameterSource

    context = click.get_current_context()
    return tuple(n for n in names if context.get_parameter_source(n) is not ParameterSource.DEFAULT)


FLAGS = {
    "algorithm": "--algorithm",
    "algorithms": "--algorithms",
    "batch_size": "--batch-size",
    "fmt": "--format",
    "journal": "--journal FILE",
    "learn": "--learn",
    "method": "--method",
    "part": "--part K/M",
    "parts": "--slurm M",
    "scheduler": "--scheduler",
    "slurm": "--slurm M",
    "tls": "--tls-ca-file, --tls-cert, --tls-key",
    "variant": "--variant",
    "verify": "--verify K|all",
    "wait_for_workers": "--wait-for-workers SECONDS",
    "workers": "--workers",
}
"""The flag that sets each argument an error may name (`NQueensError.options`)."""


def with_flags(message: str, options: Sequence[str]) -> str:
    """`message` with the flags of the arguments it is about: "...: it needs a journal
    (--journal FILE)"."""
    if not options:
        return message
    flags = [FLAGS.get(name, "--" + name.replace("_", "-")) for name in options]
    return _("{message} ({flags})").format(message=message, flags=", ".join(flags))


def _set_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        set_language(value)


def lang_option(f: _F) -> _F:
    """`--lang ja|en`: the language of every command's output and errors (default: the
    locale, LANG=ja_JP.UTF-8 speaks Japanese). Given before the command or after it: the
    group takes it here, `_help.speak` gives it to every command."""
    return click.option(
        "--lang",
        type=click.Choice(LANGUAGES),
        callback=_set_language,
        expose_value=False,
        is_eager=True,
        help="Language of pages, pictures, traces and messages (default: from LANG).",
    )(f)


def algorithm_option(default: str) -> Callable[[_F], _F]:
    """`--algorithm` (`-A`): a teaching algorithm."""
    return click.option(
        "--algorithm",
        "-A",
        default=default,
        show_default=True,
        help=f"{', '.join(ALGORITHMS)} (see `nqueens algorithms`).",
    )


def variant_option(help: str, default: str | None = "classic") -> Callable[[_F], _F]:
    """`--variant` (`-V`); `help` says what it does there."""
    return click.option(
        "--variant",
        "-V",
        type=click.Choice(list(VARIANTS)),
        default=default,
        show_default=default is not None,
        help=help,
    )


one_based_option = click.option(
    "--one-based", is_flag=True, help="Number rows and columns from 1 instead of 0."
)


def workers_option(help: str) -> Callable[[_F], _F]:
    """`--workers` (`-w`): worker processes, 1 or more (the library bounds the most);
    `help` says for what."""
    return click.option("--workers", "-w", type=Whole(min=1), help=help)


def json_option(what: str) -> Callable[[_F], _F]:
    """`--json`: print `what` ("the result") as JSON, into `as_json`."""
    return click.option("--json", "as_json", is_flag=True, help=f"Print {what} as JSON.")


def stop_after_option(*names: str, default: int, what: str, zero: str) -> Callable[[_F], _F]:
    """A number of `what` to stop after, 0 for none: "Stop after this many `what` (0:
    `zero`).", the default shown."""
    return click.option(
        *names,
        type=Whole(min=0),
        default=default,
        show_default=True,
        help=f"Stop after this many {what} (0: {zero}).",
    )


def max_steps_option(help: str) -> Callable[[_F], _F]:
    """`--max-steps`: how many steps of the search a page records."""
    return click.option(
        "--max-steps",
        type=Whole(min=1),
        default=PLAYER_STEPS,
        show_default=True,
        help=help,
    )


class _AliasedOption(click.Option):
    """An option whose later names are aliases: accepted, and left out of the help."""

    def __init__(self, *args: Any, aliases: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.aliases = tuple(aliases)

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        names = self.opts
        self.opts = [name for name in names if name not in self.aliases]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts = names


def out_option(help: str, *, required: bool = False, dest: str = "out") -> Callable[[_F], _F]:
    """`--out FILE` (`-o`; `--output` an alias), as every command that writes a file spells
    it: one name everywhere, so neither is a typo."""
    return click.option(
        "--out",
        "-o",
        "--output",
        dest,
        cls=_AliasedOption,
        aliases=("--output",),
        required=required,
        type=click.Path(dir_okay=False),
        metavar="FILE",
        help=help,
    )


TLS_FILES = (
    ("--tls-ca-file", "the CA certificate"),
    ("--tls-cert", "{whose} certificate"),
    ("--tls-key", "{whose} private key"),
)


def tls_options(whose: str, *, exists: bool = False) -> Callable[[_F], _F]:
    """`--tls-ca-file`, `--tls-cert` and `--tls-key`, all three or none: the command gets
    one argument, `tls`, a `TLSFiles` or None. `whose` certificate it is ("this
    client's"); `exists`: the files must be there when the command starts."""

    def decorate(f: _F) -> _F:
        @functools.wraps(f)
        def command(*args: Any, tls_ca_file: Any, tls_cert: Any, tls_key: Any, **kw: Any) -> Any:
            return f(*args, tls=_tls_files(tls_ca_file, tls_cert, tls_key), **kw)

        for name, what in reversed(TLS_FILES):
            option = click.option(
                name,
                type=click.Path(dir_okay=False, exists=exists),
                help=f"TLS: {what.format(whose=whose)}.",
            )
            command = option(command)
        return command  # type: ignore[return-value]

    return decorate


def _tls_files(ca_file: str | None, cert: str | None, key: str | None) -> Any:
    """The TLS files as one value, or None; two of three are refused."""
    given = [f for f in (ca_file, cert, key) if f is not None]
    if not given:
        return None
    if len(given) < 3:
        raise InvalidSchedulerAddressError("TLS needs all of --tls-ca-file, --tls-cert, --tls-key")
    from nqueens.engine.runtime.cluster import TLSFiles

    return TLSFiles(str(ca_file), str(cert), str(key))
