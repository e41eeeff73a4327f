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
from click.testing import CliRunner

from nqueens.cli import cli
from nqueens.i18n import set_language

NAMES = {
    # what a user types or installs, and the programs and formats named
    "nqueens", "Python", "CPython", "numba", "llvmlite", "ffmpeg", "Chromium", "Tk", "Dask",
    "bokeh", "Debian", "CPU", "GIF", "MP4", "HTML", "SVG", "PNG", "PDF", "JSON", "CSV",
    "DIMACS", "CSPLib", "SQLite", "TLS", "fps", "avx512", "avx2", "portable", "pext",
    "shifts", "OEIS", "MB", "GB", "GiB", "MiB",
    "classic", "toroidal", "superqueens", "auto", "join", "backtrack", "numpy", "python",
    "board", "col", "up", "down", "taken", "left", "right", "free", "stack", "used",
    "checks", "grid", "list", "csv", "npy", "CUDA", "GPU", "NVIDIA", "gpu",
}  # fmt: skip
CODE = re.compile(
    r"`[^`]*`"  # quoted code
    r"|(?<![\w-])--?[A-Za-z][\w-]*"  # an option
    r"|(?<![\w.])\.\w+\b"  # an extension
    r"|\S*[/\\]\S*"  # a path
    r"|\S*[\[\]()=_{}<>|~^]\S*"  # an expression: col[2], check(1, 2), ~(taken|left|right)
    r"|\b\w+\.\w+\b"  # a file name
    r"|\b[0-9a-f]{8,}\b"  # a digest
)
WORD = re.compile(r"(?<!\w)[A-Za-z][\w'-]*[A-Za-z0-9]")


def typed_names() -> set[str]:
    """The names a user types or reads as code: algorithms, counting methods and their
    journal fields, commands, languages."""
    from nqueens.engine.registry import METHODS
    from nqueens.search import ALGORITHMS

    fields = {f.name for m in METHODS.values() for f in m.fields}
    return set(ALGORITHMS) | set(METHODS) | fields | set(cli.commands) | {"ja", "en"}


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
        result = CliRunner().invoke(cli, ["--lang", "ja", *args])
        set_language(None)
        assert result.exit_code == status, (args, result.output, result.exception)
        return result.stdout + result.stderr

    yield run
    set_language(None)


COMMANDS = [
    ("solve", "6"),
    ("solve", "6", "--all"),
    ("solve", "6", "--unique", "--format", "grid"),
    ("solve", "8", "--all", "--format", "list", "--limit", "3"),
    ("solve", "5", "--variant", "toroidal", "--all"),
    ("count", "8"),
    ("count", "10", "--json"),
    ("count", "4x6"),
    ("count", "7", "--variant", "toroidal"),
    ("count", "14", "--estimate"),
    ("check", "0 4 7 5 2 6 1 3"),
    ("check", "0 2 4 1 3", "--variant", "toroidal"),
    ("check", "0 3 1 4 2", "--variant", "toroidal"),
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


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "2"),
        ("check", "0 0 0"),
        ("check", "0 1 2 3"),
        ("trace", "99"),
        ("count", "0"),
        ("play", "6", "--out", "six.png"),
    ],
    ids=lambda args: " ".join(args),
)
def test_answers_and_errors_speak_japanese(japanese: object, args: tuple[str, ...]) -> None:
    said = japanese(*args, status=1 if args[0] in ("solve", "check") else 2)  # type: ignore[operator]
    assert english_words(said.replace("nqueens: error:", "")) == [], said
