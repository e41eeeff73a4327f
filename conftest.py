"""The console examples of README.md and docs/*.md as tests (see tests/console_examples.py);
their Python examples run as doctests (pyproject's --doctest-glob); and what every test,
example and doctest assumes of the machine, set here (the root, loaded whichever file
runs) so that `uv run pytest -n 0 docs/x.md` sees what the whole suite sees."""

import os

# The suite speaks English whatever the machine's locale (LANGUAGE wins over LC_ALL and
# LANG); the Japanese tests choose their language themselves.
os.environ["LANGUAGE"] = "en"

# The GPU method's kernels run on numba's CUDA simulator, here and in every command a test
# starts, unless the runner says otherwise: `NUMBA_ENABLE_CUDASIM=0 uv run pytest
# tests/test_gpu.py` runs the same tests on a real GPU. Set before numba is imported.
os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "1")

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
