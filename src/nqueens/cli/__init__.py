"""The `nqueens` command: parse, call the library, render. No logic of its own.

One module per family of commands; importing them registers them with the group. Built
on click rather than typer: typer now pulls in pydantic, which alone takes longer to
import than `nqueens solve 8` may take in all.
"""

from nqueens.cli import (  # noqa: F401  (registers the commands)
    boards,
    cluster,
    complete,
    count,
    info,
    journal,
    journal_merge,
    solve,
    teach,
    tree,
    visual,
    worksheet,
)
from nqueens.cli._app import cli, main
from nqueens.cli._help import speak

speak(cli)  # every command's --help in the language of the messages

__all__ = ["cli", "main"]
