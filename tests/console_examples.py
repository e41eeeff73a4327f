"""The console examples of README.md and docs/*.md, run as tests (Sybil reads the Markdown).

Every fenced ``console`` block is a test. Each line starting with ``$ `` is a command
(going on over the next lines while it is unfinished shell: a trailing ``\\``, an open
loop); the lines after it, up to the next command, are the output it must print, as a
terminal 80 columns wide shows it: standard output, then standard error (what a command
says on standard error, a `wrote FILE` or an error line, comes last; taken in that
order, a pipe's reader and the writer's last line cannot race). A command
shown without output must succeed (exit status 0); its output is not compared. The one
line left out of every output is numba's notice of its first compile, which shows once
per machine (`COMPILING`).

What must vary is marked where it appears, and only there:

- ``~1.91``: a number that differs from run to run or machine to machine (a time, a size
  that depends on the CPU); the spaces around it may differ too, as a table's columns
  widen;
- ``...``: any text within the line (a digest that follows those sizes).

``uv run`` runs the rest of the command in the environment the tests run in. Each page
runs its blocks in order in a temporary folder of its own, so the files they write land
there, never in the checkout. A block that cannot run here (a window, a remote cluster,
an interrupt, the test suite itself) is preceded by ``<!-- skip: next "why" -->``.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sybil import Example
from sybil.parsers.markdown import CodeBlockParser

__all__ = ["ConsoleParser", "Step", "matches", "setup", "steps", "teardown"]

PRELUDE = 'uv() { if [ "$1" = run ]; then shift; "$@"; else command uv "$@"; fi; }\n'
"""`uv run CMD` as the reader types it, run as CMD in the tests' own environment."""

FOLDER = "console_examples_folder"
TIMEOUT = 600
COMPILING = (
    "compiling the counting kernels (once per machine; later runs load them from the cache)..."
)
VARYING_NUMBER = re.compile(r"~(\d[\d,.]*\d|\d)")
NUMBER = r"\d[\d,.]*\d|\d"


@dataclass(frozen=True)
class Step:
    """One command of a block and the output shown for it (None when none is shown)."""

    command: str
    output: list[str] | None


def steps(block: str) -> list[Step]:
    """The commands of a console block, each with the output shown after it."""
    found: list[Step] = []
    command: list[str] = []
    output: list[str] = []

    def close() -> None:
        if command:
            while output and not output[-1].strip():
                output.pop()
            found.append(Step("\n".join(command), list(output) or None))

    lines = block.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("$ "):
            close()
            command, output = [line[2:]], []
            while _unfinished("\n".join(command)) and index + 1 < len(lines):
                index += 1
                command.append(lines[index])
        elif command:
            output.append(line.rstrip())
        index += 1
    close()
    return found


def _unfinished(command: str) -> bool:
    """Whether the shell would read on: a trailing backslash, an open loop or quote."""
    if command.endswith("\\"):
        return True
    check = subprocess.run(["bash", "-n", "-c", command], capture_output=True, text=True)
    return "unexpected end of file" in check.stderr


def _pattern(line: str) -> str:
    """A regular expression for one expected line, its marked parts left free."""
    marked = bool(VARYING_NUMBER.search(line))
    parts = re.split(r"(~(?:\d[\d,.]*\d|\d)|\.\.\.| +)", line)
    pattern = []
    for part in parts:
        if not part:
            continue
        if part == "...":
            pattern.append(".*")
        elif VARYING_NUMBER.fullmatch(part):
            pattern.append(f"(?:{NUMBER})")
        elif part.startswith(" ") and marked:
            pattern.append(" *")
        else:
            pattern.append(re.escape(part))
    return "".join(pattern)


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether the output shown, its marked parts aside, is what the command printed."""
    return len(expected) == len(actual) and all(
        re.fullmatch(_pattern(want), got) for want, got in zip(expected, actual, strict=True)
    )


def _run(command: str, folder: Path) -> subprocess.CompletedProcess[str]:
    bin_dir = str(Path(sys.executable).parent)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "COLUMNS": "80",
        "LINES": "24",
        "TERM": "dumb",
    }
    env.pop("FORCE_COLOR", None)
    return subprocess.run(
        ["bash", "-c", PRELUDE + command],
        cwd=folder,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


def evaluate(example: Example) -> str | None:
    """Run a block's commands in the page's folder; a message for the first that differs."""
    folder = example.namespace[FOLDER]
    for step in steps(example.parsed):
        result = _run(step.command, folder)
        printed = "\n".join(part.rstrip("\n") for part in (result.stdout, result.stderr) if part)
        actual = [line.rstrip() for line in printed.rstrip().splitlines()]
        actual = [line for line in actual if line != COMPILING]
        if step.output is None:
            if result.returncode != 0:
                return f"$ {step.command}\nexit status {result.returncode}:\n{printed}"
            continue
        if not matches(step.output, actual):
            diff = difflib.unified_diff(step.output, actual, "shown", "printed", lineterm="")
            return f"$ {step.command}\n" + "\n".join(diff)
    return None


class ConsoleParser(CodeBlockParser):
    """The fenced ``console`` blocks of a Markdown page."""

    def __init__(self) -> None:
        super().__init__(language="console", evaluator=evaluate)


def setup(namespace: dict[str, Any]) -> None:
    namespace[FOLDER] = Path(tempfile.mkdtemp(prefix="nqueens-docs-"))


def teardown(namespace: dict[str, Any]) -> None:
    shutil.rmtree(namespace.pop(FOLDER), ignore_errors=True)
