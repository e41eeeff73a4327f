"""The runner of the docs' console examples: what it reads, what it lets vary, what fails."""

from __future__ import annotations

from pathlib import Path

import pytest
from sybil import Sybil
from sybil.example import SybilFailure
from sybil.parsers.markdown import SkipParser

from tests.console_examples import ConsoleParser, Step, matches, setup, steps, teardown


def test_commands_their_output_and_unfinished_shell() -> None:
    block = (
        "$ uv run nqueens solve 4 --format list   # a comment\n"
        "1 3 0 2\n"
        "$ uv run nqueens construct 8 \\\n"
        "      --format list\n"
        "$ for n in 4 5; do\n"
        "      echo $n\n"
        "  done\n"
        "4\n"
        "5\n"
    )
    assert steps(block) == [
        Step("uv run nqueens solve 4 --format list   # a comment", ["1 3 0 2"]),
        Step("uv run nqueens construct 8 \\\n      --format list", None),
        Step("for n in 4 5; do\n      echo $n\n  done", ["4", "5"]),
    ]


@pytest.mark.parametrize(
    ("shown", "printed", "same"),
    [
        (["(15 nodes, ~1.91 s)"], ["(15 nodes, 12.07 s)"], True),
        (["(15 nodes, ~1.91 s)"], ["(20 nodes, 1.91 s)"], False),  # only the marked number
        (["(15 nodes, ~1.91 s)"], ["(15 nodes, fast s)"], False),  # a number, not any text
        ([" flags   2,056   ~0.003"], [" flags   2,056  10.250"], True),  # columns widen
        ([" flags   2,056    0.003"], [" flags   2,056   0.003"], False),  # unmarked: exact
        (["digest: ... (rows match)"], ["digest: 81200aff (rows match)"], True),
        (["digest: ... (rows match)"], ["digest: 81200aff (rows differ)"], False),
        (["free   1 1   ~(taken|left)"], ["free   1 1   ~(taken|left)"], True),  # no number
        (["one", "two"], ["one"], False),
        (["one"], ["one", "two"], False),
    ],
)
def test_only_what_is_marked_may_vary(shown: list[str], printed: list[str], same: bool) -> None:
    assert matches(shown, printed) is same


PAGE = """\
# A page

```console
$ uv run nqueens solve 4 --format list
1 3 0 2
$ uv run nqueens solve 6 --out six.txt
wrote six.txt: 1 solution for N = 6
$ cat six.txt
. Q . . . .
. . . Q . .
. . . . . Q
Q . . . . .
. . Q . . .
. . . . Q .
```

```console
$ uv run nqueens solve 4 --format list
0 2 1 3
```

<!-- skip: next "not here" -->
```console
$ uv run nqueens gui 8
```

```console
$ uv run nqueens solve -3
```
"""


def test_a_page_runs_in_its_own_folder_and_a_stale_example_fails(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(PAGE)
    sybil = Sybil([ConsoleParser(), SkipParser()], path=str(tmp_path), patterns=["*.md"])
    document = sybil.parse(page)
    setup(document.namespace)
    try:
        folder = document.namespace["console_examples_folder"]
        outcomes = []
        for example in document.examples():
            try:
                example.evaluate()
                outcomes.append("ok")
            except SybilFailure as failure:
                outcomes.append(str(failure))
            except Exception as skipped:  # unittest.SkipTest, as pytest reports it
                outcomes.append(type(skipped).__name__)
        assert (folder / "six.txt").is_file() and not (Path.cwd() / "six.txt").exists()
    finally:
        teardown(document.namespace)
    assert not folder.exists()
    assert outcomes[0] == "ok"
    assert "-0 2 1 3\n+1 3 0 2" in outcomes[1]  # the stale example, as a diff
    assert outcomes[2:4] == ["ok", "SkipTest"]  # the skip comment, then the block it skips
    assert "exit status 2" in outcomes[4]  # shown without output: it must succeed
