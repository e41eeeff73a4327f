"""`--help` in the language of the messages, translated when it is shown.

click reads each command's help (its docstring) and each option's help once, at import,
in English, and says its own words (Usage, Options, [default: ...], its usage errors)
through `gettext`. Here both are said through the package's one catalog, at the moment
they are shown, so `nqueens --lang ja solve --help` is Japanese from its first line:

- `speak(cli)` gives every command of the tree a context whose help formatter translates
  what it writes, a paragraph at a time: a command's help and its examples (a `\\b`
  block, kept line by line), an option's help (its `[default: ...]` said apart), and
  each command's one-line summary in a group's list (the first sentence of its help);
  it also points click's own `gettext` at the catalog.
- Japanese has no spaces to break a line at: its paragraphs are broken here, by the
  columns they take on a terminal (a Japanese character takes two).
- `help_messages(cli)` lists every help paragraph with where it is written, so
  `tools/catalog.py` puts them in the catalog beside the messages marked with `_`.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import click

from nqueens.i18n import _, current_language
from nqueens.render.linebreak import break_lines, columns

__all__ = [
    "CLICK_WORDS",
    "help_messages",
    "paragraphs",
    "speak",
    "translate_help",
]

_EXTRAS = re.compile(r"^(?P<help>.*?)(?P<extras>  \[[^\[\]]*\])?$", re.DOTALL)


def paragraphs(text: str) -> list[tuple[bool, str]]:
    """The paragraphs of a help text as messages of the catalog: (kept, message), `kept`
    for a `\\b` block whose lines click leaves as written (the message holds its lines),
    else the paragraph as one line."""
    found = []
    for para in re.split(r"\n[ \t]*\n", inspect.cleandoc(text).partition("\f")[0]):
        if not para.strip():
            continue
        if para.startswith("\b"):
            found.append((True, para[1:].strip("\n")))
        else:
            found.append((False, " ".join(para.split())))
    return found


def translate_help(text: str) -> str:
    """A help text in the current language, paragraph by paragraph; a paragraph the
    catalog does not hold (or English) is left exactly as written."""
    if current_language() == "en" or not text:
        return text
    said = []
    for (kept, message), written in zip(
        paragraphs(text), re.split(r"\n[ \t]*\n", text.strip("\n")), strict=False
    ):
        translated = _(message)
        if translated == message:
            said.append(written)
        else:
            said.append("\b\n" + translated if kept else translated)
    return "\n\n".join(said)


def _fit(text: str, width: int) -> str:
    """Paragraphs of wide (Japanese) characters broken to `width` columns, as `\\b`
    blocks click leaves alone; others as they are, for click to wrap."""
    out = []
    for para in re.split(r"\n[ \t]*\n", text):
        if para.startswith("\b") or columns(para) == len(para):
            out.append(para)
        else:
            out.append("\b\n" + "\n".join(break_lines(" ".join(para.split()), width)))
    return "\n\n".join(out)


def short_help(command: click.Command, limit: int) -> str:
    """A command's line in its group's list, in the current language: its short help, or
    the first sentence of its help, cut to `limit` columns."""
    text = command.short_help or command.help or ""
    if not text:
        return ""
    first = paragraphs(text)[0][1]
    said = _(first)
    sentence = said.split("\u3002")[0] + ("\u3002" if "\u3002" in said else "")
    for shorter in (sentence, sentence.split("\uff1a")[0]):  # or up to its colon
        if columns(shorter) <= limit:
            return shorter
    kept = ""
    for char in sentence:
        if columns(kept + char) > limit - 2:
            break
        kept += char
    return kept + "\u2026"


class _Formatter(click.HelpFormatter):
    """click's help formatter, translating what it writes (see the module)."""

    command: click.Command | None = None

    def write_heading(self, heading: str) -> None:
        if current_language() == "en":
            super().write_heading(heading)
        else:  # the full-width colon a Japanese heading takes
            self.write(f"{'':>{self.current_indent}}{heading}\uff1a\n")

    def write_text(self, text: str) -> None:
        width = max(self.width - self.current_indent, 20)
        super().write_text(_fit(translate_help(text), width))

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        if current_language() == "en":
            super().write_dl(rows, col_max, col_spacing)
            return
        rows = list(rows)
        first = min(max((len(term) for term, _text in rows), default=0), col_max) + col_spacing
        width = max(self.width - first - 2 - self.current_indent, 10)
        said = [(term, _fit(self._definition(term, text, width), width)) for term, text in rows]
        super().write_dl(said, col_max, col_spacing)

    def _definition(self, term: str, text: str, width: int) -> str:
        """A row's text in the current language: a command's summary, or an option's
        help with its [default: ...] kept apart."""
        commands = getattr(self.command, "commands", {})
        if term in commands:
            return short_help(commands[term], width)
        match = _EXTRAS.match(text)
        if match is None or not match.group("help"):
            return text
        return translate_help(match.group("help")) + (match.group("extras") or "")


class _Context(click.Context):
    """A context whose help formatter translates, and knows the command it describes."""

    formatter_class = _Formatter

    def make_formatter(self) -> click.HelpFormatter:
        formatter = super().make_formatter()
        formatter.command = self.command  # type: ignore[attr-defined]
        return formatter


def _commands(group: click.Command) -> Iterator[click.Command]:
    """`group` and every command below it."""
    yield group
    for command in getattr(group, "commands", {}).values():
        yield from _commands(command)


def _click_gettext(message: str) -> str:
    return _(message)


def _click_ngettext(singular: str, plural: str, count: int) -> str:
    """click's plural messages, each form a message of its own: their forms hold
    different fields ({possibility}, {possibilities}), which one Japanese form cannot."""
    return _(singular if count == 1 else plural)


class _PathKind(str):
    """A `click.Path`'s kind ("file"), said in the reader's language where click's
    messages title-case it ("File '/tmp' is a directory."): click names it once, when the
    option is made, before `speak` has pointed its `gettext` at the catalog."""

    __slots__ = ()

    def title(self) -> str:
        return _(str(self)).title()


def speak(cli: click.Command) -> None:
    """Every command of `cli` shows its help in the current language, and takes `--lang`
    after its name; click says its own words (Usage, Options, its usage errors) through
    the package's catalog."""
    import click.core
    import click.decorators
    import click.exceptions
    import click.formatting
    import click.parser
    import click.types

    for module in (click.core, click.decorators, click.exceptions, click.formatting,
                   click.parser, click.types):  # fmt: skip
        module._ = _click_gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _click_ngettext  # type: ignore[attr-defined]
    from nqueens.cli._options import lang_option

    for command in _commands(cli):
        command.context_class = _Context
        if not any(param.name == "lang" for param in command.params):
            lang_option(command)  # `--lang` after any command, as before it
        for param in command.params:
            if isinstance(param.type, click.types.Path):
                param.type.name = _PathKind(param.type.name)


def help_messages(cli: click.Command, root: Path) -> Iterator[tuple[str, str, int]]:
    """Every help paragraph of the command tree as (message, file, line): the commands'
    help and epilogs, and their parameters' help, where each is written (files relative
    to `root`)."""
    seen: set[str] = set()
    for command in _commands(cli):
        where = _where(command, root)
        texts: list[str] = [command.help or "", command.epilog or ""]
        if command.short_help:
            texts.append(command.short_help)
        texts += [getattr(param, "help", None) or "" for param in command.params]
        for text in texts:
            for _kept, message in paragraphs(text) if text else ():
                if message not in seen:
                    seen.add(message)
                    yield message, *where


def _where(command: click.Command, root: Path) -> tuple[str, int]:
    callback: Any = command.callback
    code = getattr(inspect.unwrap(callback), "__code__", None) if callback else None
    if code is None:
        return "src/nqueens/cli/_app.py", 1
    try:
        return Path(code.co_filename).resolve().relative_to(root).as_posix(), code.co_firstlineno
    except ValueError:
        return Path(code.co_filename).name, code.co_firstlineno


CLICK_WORDS = (
    "Usage:",
    "Options",
    "Commands",
    "Positional arguments",
    "Show this message and exit.",
    "Show the version and exit.",
    "default: {default}",
    "required",
    "Missing argument",
    "Missing option",
    "Missing parameter",
    "Missing command.",
    "No such option {name!r}.",
    "No such command {name!r}.",
    "Invalid value for {param_hint}: {message}",
    "Invalid value: {message}",
    "Option {name!r} does not take a value.",
    "{value!r} is not a valid {number_type}.",
    "{value} is not in the range {range}.",
    "Argument {name!r} takes {nargs} values.",
    "Error: {message}",
    "Aborted!",
    "Did you mean {possibility}?",
    "(Did you mean one of: {possibilities}?)",
    "Option {name!r} requires an argument.",
    "Option {name!r} requires {nargs} arguments.",
    "Got unexpected extra argument ({args})",
    "Got unexpected extra arguments ({args})",
    "{value!r} is not {choice}.",
    "{value!r} is not one of {choices}.",
    "file",
    "directory",
    "path",
    "{name} {filename!r} does not exist.",
    "{name} {filename!r} is a file.",
    "{name} {filename!r} is a directory.",
    "{name} {filename!r} is not readable.",
    "{name} {filename!r} is not writable.",
)
"""click's own words that a user of `nqueens` reads (`tools/catalog.py` puts them in the
catalog), each form of a plural a message of its own (`_click_ngettext`)."""
