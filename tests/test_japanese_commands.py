"""Every command in Japanese: what each prints, on standard output and standard error,
holds no English word outside names (algorithms, methods, programs, formats), numbers
and code (options, file names, array cells, JSON). Each line is one message of the
catalog, so a line half English, half Japanese fails here.

The commands run in this process through click's runner (the language is the group's
`--lang ja`), so the whole tour costs seconds.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from nqueens.cli import cli
from nqueens.i18n import set_language
from tests.english import english_words
from tests.processes import invoke


def test_the_detector_sees_english_and_lets_names_and_code_pass() -> None:
    said = "N = 8: 解 92 個, 12 distinct\nflags: col[2] = 1 --lang ja x.html `nqueens count N`"
    assert english_words(said) == ["distinct"]
    assert english_words("valid: クイーン 5 個, no two attack each other") == [
        "valid", "no", "two", "attack", "each", "other",
    ]  # fmt: skip
    assert english_words('{"total": 92, "unique": 12}') == []


@pytest.fixture
def japanese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """Run `nqueens --lang ja ARGS` here, in `tmp_path`; its stdout and stderr as one."""
    monkeypatch.chdir(tmp_path)

    def run(*args: str, status: int = 0) -> str:
        result = invoke("--lang", "ja", *args, prog_name="nqueens")
        set_language(None)
        assert result.status == status, (args, result.output, result.exception)
        return result.stdout + result.stderr

    yield run
    set_language(None)


COMMANDS = [
    ("solve", "6"),
    ("solve", "6", "--all"),
    ("solve", "6", "--unique", "--format", "grid"),
    ("solve", "8", "--all", "--format", "list", "--limit", "3"),
    ("solve", "6", "--stats"),
    ("solve", "8", "--all", "--format", "npy", "--out", "all.npy", "--stats"),
    ("solve", "5", "--variant", "toroidal", "--all"),
    ("count", "8"),
    ("count", "8", "--part", "1/2", "--journal", "p1.db"),  # what comes next, in code
    ("count", "10", "--json"),
    ("count", "4x6"),
    ("count", "7", "--variant", "toroidal"),
    ("count", "14", "--estimate"),
    ("check", "0 4 7 5 2 6 1 3"),
    ("check", "0 2 4 1 3", "--variant", "toroidal"),
    ("check", "0 3 1 4 2", "--variant", "toroidal"),
    ("check", "1 3 0 2\n2 0 3 1"),  # a listing, as `solve --all -f list` writes one
    ("check", "0 2 4 1 3\n0 3 1 4 2"),  # two of the 10 solutions: beside the published
    ("construct", "12"),
    ("construct", "1000", "--out", "big.npy"),
    ("complete", "0:0 1:4", "--n", "8"),
    ("complete", "0:0 1:4", "--n", "8", "--count"),
    ("tree", "5", "--levels"),
    ("tree", "4", "--out", "four.svg"),
    ("trace", "4", "--limit", "8", "--state", "--boards"),
    ("trace", "5", "-A", "flags", "--state", "--limit", "3"),
    ("trace", "4", "-A", "bitboard", "--state", "--limit", "2"),
    ("trace", "5", "--variant", "toroidal", "--limit", "5"),
    ("compare", "5"),
    ("algorithms",),
    ("play", "5", "--out", "five.html"),
    ("animate", "4", "--max-frames", "3", "--out", "four.gif"),
    ("show", "6", "--out", "six.png"),
    ("show", "6", "--heatmap", "--out", "heat.png"),
    ("info",),
    ("worksheet", "6", "--out", "sheet.pdf"),
    ("worksheet", "5", "--one-based", "--no-answers", "--out", "sheet.pdf"),
    ("--version",),
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda args: " ".join(args))
def test_every_command_speaks_japanese(japanese: object, args: tuple[str, ...]) -> None:
    said = japanese(*args)  # type: ignore[operator]
    assert said.strip(), args
    text = said
    for name in machine_names():
        text = text.replace(name, "CPU")
    assert english_words(text) == [], said


def machine_names() -> list[str]:
    """What this machine names in its own words, which `info` prints as it is given: the
    processor's model, numba's target (an LLVM name: emeraldrapids, znver3, generic), the
    GPU's model, or the driver's reason for none."""
    from nqueens.engine.methods.gpu import device
    from nqueens.system import info

    machine = info()
    names = [machine.cpu, machine.target]
    found = device._found()
    if isinstance(found, device.GPUInfo):
        names.append(found.name)
    else:
        names.extend(value for key, value in found[1].items() if key == "reason")
    return sorted(filter(None, names), key=len, reverse=True)  # the longest first


def test_a_journal_and_its_report_speak_japanese(japanese: object) -> None:
    said = japanese("count", "10", "--journal", "ten.sqlite")  # type: ignore[operator]
    said += japanese("journal", "ten.sqlite")  # type: ignore[operator]
    said += japanese("count", "10", "--journal", "ten.sqlite", "--verify", "2")  # type: ignore[operator]
    assert english_words(said) == [], said


def test_the_linear_check_of_a_variant_speaks_japanese(japanese: object) -> None:
    """Past 2,000 queens a toroidal or superqueens board is checked in O(N): its verdict,
    crowded lines (round the edges) and knight's moves, is one Japanese message each."""
    line = " ".join(str(col) for col in range(3001))  # every queen on one diagonal
    said = japanese("check", line, "-V", "toroidal", status=1)  # type: ignore[operator]
    said += japanese("check", line, "-V", "superqueens", status=1)  # type: ignore[operator]
    assert english_words(said) == [] and said.count("\n") == 4, said


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "2"),
        ("check", "0 0 0"),
        ("check", "0 1 2 3"),
        ("trace", "99"),
        ("count", "0"),
        ("play", "6", "--out", "six.png"),
        ("check", "abc"),  # said "cannot read 'abc'"
        ("check", "0 4 7"),  # said "invalid placement '0 4 7'"
        ("check", "Q../.Z./..Q"),
        ("check", "0:1 2:3"),
        ("check", "Q.../..Q./.Q../...."),
        ("check", " "),
        ("check", "."),
        ("check", "0 1 2 3\n1 3 0 2"),  # a listing with an invalid placement
        ("check", "1 3 0 2\n0 2 4 1 3"),  # lines of two sizes
        ("check", '[{"cols": [1, 3, 0, 2]}, {"x": 1}]'),
        ("solve", "7", "-V", "toroidal", "-A", "flags"),  # an f-string, never translated
    ],
    ids=lambda args: " ".join(args),
)
def test_answers_and_errors_speak_japanese(japanese: object, args: tuple[str, ...]) -> None:
    invalid = (("solve", "2"), ("check", "0 0 0"), ("check", "0 1 2 3"))
    status = 1 if args in (*invalid, ("check", "0 1 2 3\n1 3 0 2")) else 2
    said = japanese(*args, status=status)  # type: ignore[operator]
    assert english_words(said.replace("nqueens: error:", "")) == [], said


@pytest.mark.parametrize(
    ("status", "args"),
    [
        (1, ("solve", "2", "--variant", "toroidal")),
        (1, ("solve", "4", "--variant", "superqueens")),
        (2, ("solve", "abc")),
        (2, ("solve", "5x3")),
        (2, ("solve", "70x80")),
        (2, ("solve", "20", "--all")),
        (2, ("trace", "3x5")),
        (2, ("show", "6", "--out", "nowhere/six.png")),
        (2, ("show", "6", "--out", ".")),
        (2, ("complete", "0:9", "--n", "8")),
        (2, ("complete", "0:0 1:1", "--n", "8")),
        (2, ("complete", "0:0 1:2")),
        (2, ("complete", "0:0", "--n", "8", "--block", "zz")),
        (2, ("count", "8", "--part", "5/4", "--journal", "eight.sqlite")),
        (2, ("count", "8", "--part", "1/400", "--journal", "eight.sqlite")),
        (2, ("count", "8", "--part", "1/4")),
        (2, ("count", "8", "--verify-seed", "3")),
        (2, ("count", "8", "--verify", "0")),
        (2, ("count", "5x6", "--estimate")),
        (2, ("count", "8", "--method", "join", "--variant", "toroidal")),
        (3, ("construct", "2000", "--method", "min-conflicts", "--max-sweeps", "1")),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, tuple) else str(value),
)
def test_the_refusals_of_boards_files_and_counts_speak_japanese(
    japanese: object, status: int, args: tuple[str, ...]
) -> None:
    """What a class meets beside the answers: a board size mistyped, a variant with no
    solution, a picture's folder missing, a completion's fixed queens that attack, a
    count's part or recount asked wrongly (once all English)."""
    said = japanese(*args, status=status)  # type: ignore[operator]
    assert said.strip()
    assert english_words(said.replace("nqueens: error:", "")) == [], said


def test_a_journal_refused_speaks_japanese(japanese: object) -> None:
    """A journal that is no journal, missing, in no folder, for other work, or a whole
    count merged as a part: each refusal is one Japanese line (once all English)."""
    Path("notes.txt").write_text("not a journal\n")
    said = "".join(
        japanese(*args, status=status)  # type: ignore[operator]
        for status, args in [
            (2, ("count", "8", "--journal", "notes.txt")),
            (2, ("journal", "missing.sqlite")),
            (2, ("count", "8", "--journal", "0/eight.sqlite")),
            (0, ("count", "8", "--journal", "eight.sqlite")),
            (2, ("count", "9", "--journal", "eight.sqlite")),
            (2, ("journal", "merge", "eight.sqlite", "--out", "all.sqlite")),
            (0, ("count", "8", "--part", "1/2", "--journal", "half.sqlite")),
            (2, ("journal", "merge", "half.sqlite", "--out", "all.sqlite")),
        ]
    )
    refusals = [line for line in said.splitlines() if line.startswith("nqueens: error:")]
    assert len(refusals) == 6, said
    assert english_words("\n".join(refusals).replace("nqueens: error:", "")) == [], said


HELP_PATHS = [
    path
    for path in (
        tuple(name for name in p.split() if name)
        for p in [
            "",
            *(
                f"{c} {s}"
                for c, g in cli.commands.items()
                for s in ["", *getattr(g, "commands", {})]
            ),
        ]
    )
]
METAVAR = re.compile(r"(?<![\w-])[A-Z][A-Z_]+(?![\w-])|\[OPTIONS\]|\[ARGS\]")
EXAMPLE = re.compile(r"^\s*(nqueens\s.*?)(?=\s{2,}\S|$)|^\s+--.*$", re.MULTILINE)


@pytest.mark.parametrize("path", HELP_PATHS, ids=lambda path: " ".join(path) or "nqueens")
def test_every_help_speaks_japanese(japanese: object, path: tuple[str, ...]) -> None:
    """`nqueens --lang ja X --help`: the usage, the help, each option's help, click's own
    words; only names, flags, metavars (FILE, N) and example commands stay as typed."""
    said = japanese(*path, "--help")  # type: ignore[operator]
    assert "使い方" in said and "オプション" in said, said
    assert english_words(METAVAR.sub(" ", EXAMPLE.sub(" ", said))) == [], said


def test_click_usage_errors_speak_japanese(japanese: object) -> None:
    said = japanese("trace", status=2)  # type: ignore[operator]
    said += japanese("solve", "8", "--bogus", status=2)  # type: ignore[operator]
    said += japanese("trace", "5", "--limit", "x", status=2)  # type: ignore[operator]
    assert said.count("nqueens: error: ") == 3 and "を参照" in said
    assert english_words(said.replace("nqueens: error:", "")) == [], said


def test_english_help_is_as_written() -> None:
    """The translating formatter leaves English help as click writes it: the docstring's
    words, click's own headings with their ASCII colon, an option's [default: ...]."""
    set_language("en")
    try:
        said = invoke("solve", "--help", prog_name="nqueens").output
    finally:
        set_language(None)
    assert said.startswith("Usage: nqueens solve [OPTIONS] N\n")
    assert "Solve N queens: the first solution, or all / unique ones" in said
    assert "\nOptions:\n" in said and "[default: board]" in said
    assert "nqueens solve 8                          the first solution" in said


@pytest.mark.parametrize("path", HELP_PATHS[1:], ids=" ".join)
def test_every_command_takes_lang_after_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: tuple[str, ...]
) -> None:
    """The docs say `--lang ja` goes before or after the command: after `solve`, `count`,
    `check`... it said "No such option" (only the teaching commands took it there)."""
    monkeypatch.chdir(tmp_path)
    try:
        said = invoke(*path, "--lang", "ja", "--help", prog_name="nqueens")
    finally:
        set_language(None)
    assert said.status == 0 and "使い方" in said.output, said.output


def test_a_variant_is_named_in_japanese(japanese: object) -> None:
    """The variant's own name stood in Japanese sentences: "toroidal の 7x7 の盤面"."""
    said = japanese("solve", "7", "-V", "toroidal", "--all")  # type: ignore[operator]
    said += japanese("check", "0 2 4 1 3", "-V", "toroidal")  # type: ignore[operator]
    said += japanese("count", "7", "-V", "toroidal")  # type: ignore[operator]
    said += japanese("solve", "4x6", "-u", "-l", "2")  # type: ignore[operator]
    assert "トーラスの 7x7 の盤面" in said and "N = 7、トーラス" in said
    assert "toroidal" not in said and "classic" not in said and "4x6 の盤面" in said
