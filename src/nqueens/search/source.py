"""The code a student reads beside the board: the source of the seeds' plain function
that runs, line by line, its comments said in the reader's language.

The text is `inspect.getsource` of the very function the tracer watches, so the line a
step names is a line of what is shown. Only its comments change: each is a message of
the catalog (`extract_comments`, which babel.cfg names for `search/seeds/`), said in the
current language (`--lang ja` shows them in Japanese); the code is the code.
"""

from __future__ import annotations

import inspect
import io
import tokenize
from collections.abc import Callable, Iterator
from typing import IO, Any

from nqueens.i18n import _

__all__ = ["comments", "extract_comments", "listing"]


def comments(text: str) -> Iterator[tuple[int, int, str]]:
    """Each comment of Python source `text`: its line (from 1), its column, and what it
    says (without the `# `)."""
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    for token in tokens:
        if token.type == tokenize.COMMENT:
            row, col = token.start
            yield row, col, token.string.removeprefix("#").strip()


def listing(function: Callable[..., object]) -> list[tuple[int, str]]:
    """(line number, text) for each line of `function`'s source, numbered from 1 (its
    `def`) with no gap, each comment said in the current language."""
    lines, _first = inspect.getsourcelines(function)
    shown = [line.rstrip("\n") for line in lines]
    for row, col, said in comments("".join(lines)):
        shown[row - 1] = shown[row - 1][:col] + "# " + _(said)
    return list(enumerate(shown, start=1))


def extract_comments(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for the seeds' code: every comment is a message."""
    for row, _col, said in comments(fileobj.read().decode("utf-8")):
        yield row, "_", said, []
