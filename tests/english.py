"""English left where a reader sees Japanese: the words of the catalog's English messages
(`leftovers`, for pages, pictures and traces) and any English word outside names,
numbers and code (`english_words`, for what the commands print)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import click

from nqueens.cli import cli
from nqueens.i18n import LOCALE_DIR


def english_messages() -> dict[str, str]:
    """Each English message of the catalog and its Japanese (plurals: each form)."""
    from babel.messages.pofile import read_po

    with (LOCALE_DIR / "ja" / "LC_MESSAGES" / "nqueens.po").open("rb") as f:
        catalog = read_po(f)
    pairs: dict[str, str] = {}
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            for form in message.id:
                pairs[form] = message.string[0]
        else:
            pairs[message.id] = message.string
    return pairs


def kept_names() -> set[str]:
    """Words that stay as they are in Japanese: the names a user types (algorithms) and
    the names the algorithms' code gives its structures (`board`, `free`, ...)."""
    from nqueens.search import ALGORITHMS

    structures = {"board", "col", "up", "down", "taken", "left", "right", "free", "stack"}
    return set(ALGORITHMS) | structures | {"used", "checks"}


def leftovers(text: str) -> list[str]:
    """The English pieces of interface messages found in `text`: each message's words
    between its {fields}, where they hold a word of letters and its translation does not
    keep them (a command, an option or an algorithm's name stays as it is)."""
    found = []
    typed = kept_names()
    for english, japanese in english_messages().items():
        for piece in re.split(r"\{\w+\}", english):
            piece = piece.strip(" .,:;()")
            if not re.search(r"[A-Za-z]{3,}", piece) or piece in japanese or piece in typed:
                continue
            # a word of code (`check(1, 2)`, `board[0]`, check_back_tracking) is code,
            # not an English word
            if re.search(rf"(?<![A-Za-z_-]){re.escape(piece)}(?![A-Za-z_(\[-])", text):
                found.append(piece)
    return found


NAMES = {
    # what a user types or installs, and the programs and formats named
    "nqueens", "Python", "CPython", "numba", "llvmlite", "ffmpeg", "Chromium", "Tk", "Dask",
    "bokeh", "Debian", "CPU", "GIF", "MP4", "HTML", "SVG", "PNG", "PDF", "JSON", "CSV",
    "DIMACS", "CSPLib", "SQLite", "TLS", "fps", "avx512", "avx2", "portable", "pext",
    "shifts", "OEIS", "MB", "GB", "GiB", "MiB",
    "classic", "toroidal", "superqueens", "auto", "join", "backtrack", "numpy", "python",
    "board", "col", "up", "down", "taken", "left", "right", "free", "stack", "used",
    "checks", "grid", "list", "csv", "npy", "CUDA", "GPU", "NVIDIA", "gpu",
    # in the help: names of programs, packages, formats, keys and values a user types
    "engine", "numba-cuda", "dask-jobqueue", "LocalCluster", "Essence", "NumPy", "int8",
    "MxN", "rot90", "mirror", "transpose", "A4", "Space", "Home", "End", "Esc",
}  # fmt: skip
CODE = re.compile(
    r"`[^`]*`"  # quoted code
    r"|'[^'\n]*'"  # a value the user typed, quoted as it was typed: 'abc'
    r"|(?<![\w-])--?[A-Za-z][\w-]*"  # an option
    r"|(?<![\w.])\.\w+\b"  # an extension
    r"|\S*[/\\]\S*"  # a path
    r"|\uff08--?[^\uff09\n]*\uff09"  # flags in full-width parentheses (a Japanese refusal's)
    r"|\S*[\[\]()=_{}<>|~^]\S*"  # an expression: col[2], check(1, 2), ~(taken|left|right)
    r"|\b\w+\.\w+\b"  # a file name
    r"|\b[0-9a-f]{8,}\b"  # a digest
)
WORD = re.compile(r"(?<!\w)[A-Za-z][\w'-]*[A-Za-z0-9]")


def typed_names() -> set[str]:
    """The names a user types or reads as code: algorithms, counting methods and their
    journal fields, commands and subcommands, the values of options with a fixed set of
    them, languages."""
    from nqueens.engine.registry import METHODS
    from nqueens.search import ALGORITHMS

    fields = {f.name for m in METHODS.values() for f in m.fields}
    commands, choices = set(), set()
    for command in every_command(cli):
        commands.update(getattr(command, "commands", {}))
        for param in command.params:
            if isinstance(param.type, click.Choice):
                choices.update(str(choice) for choice in param.type.choices)
    return set(ALGORITHMS) | set(METHODS) | fields | commands | choices | {"ja", "en"}


def every_command(group: click.Command) -> Iterator[click.Command]:
    yield group
    for command in getattr(group, "commands", {}).values():
        yield from every_command(command)


def english_words(text: str, names: set[str] = NAMES) -> list[str]:
    """The English words of `text`: words of two letters or more that are not names and
    not inside code."""
    names = names | typed_names()
    found = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("{", "[")) and stripped.endswith(("}", "]")):
            continue  # a JSON record: keys and values are code
        for word in WORD.findall(CODE.sub(" ", line)):
            if word not in names and word.lower() not in names:
                found.append(word)
    return found
