"""The console examples of README.md and docs/*.md as tests (see tests/console_examples.py);
their Python examples run as doctests (pyproject's --doctest-glob)."""

from sybil import Sybil
from sybil.parsers.markdown import SkipParser
from tests.console_examples import ConsoleParser, setup, teardown

pytest_collect_file = Sybil(
    parsers=[ConsoleParser(), SkipParser()],
    patterns=["README.md", "docs/*.md"],
    setup=setup,
    teardown=teardown,
    name="console",
).pytest()
