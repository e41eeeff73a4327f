"""The message catalog's chores, with Babel (a dev dependency): extract, update, compile.

    uv run python tools/catalog.py update    # new messages into the .po files, marked empty
    uv run python tools/catalog.py compile   # the .po files into the committed .mo files
    uv run python tools/catalog.py check     # messages without a translation (exit 1)

The tests (tests/test_i18n.py) run `missing` and `stale`: a message without a Japanese
entry, or a .mo older than its .po, fails them.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "src"
LOCALE = SOURCES / "nqueens" / "locale"
DOMAIN = "nqueens"
TRANSLATED = ("ja",)
KEYWORDS = ("_", "N_", "ngettext:1,2", "pgettext:1c,2", "plural:2,3")
"""The functions whose string arguments are messages (messages.plural: its two forms)."""


def _babel(*args: str) -> None:
    """Run pybabel from the checkout's root, so the catalog names files as src/..."""
    here = Path.cwd()
    os.chdir(ROOT)
    try:
        CommandLineInterface().run(["pybabel", "--quiet", *args])
    finally:
        os.chdir(here)


def extract(pot: Path) -> None:
    """Every marked message of the sources into the template `pot`."""
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    _babel(
        "extract",
        "--no-default-keywords",
        *keywords,
        "-F",
        str(ROOT / "babel.cfg"),
        "--no-wrap",
        "--sort-by-file",
        "--add-location",
        "file",
        "--project",
        "nqueens-lab",
        "-o",
        str(pot),
        "src",
    )
    add_help(pot)


def add_help(pot: Path) -> None:
    """The command line's help (each command's and option's, a paragraph at a time) and
    click's own words, appended to the template: they are not marked with `_` where they
    are written, and are translated when `--help` shows them (`nqueens.cli._help`). The
    marked messages keep their order, so the catalog's diff stays small."""
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from nqueens.cli import cli
    from nqueens.cli._help import CLICK_WORDS, help_messages

    with pot.open("rb") as f:
        marked = {message.id for message in read_po(f) if message.id}
    extra = Catalog()
    for message, path, _line in help_messages(cli, ROOT):
        if message not in marked:
            extra.add(message, locations=[(path, None)])
    for word in CLICK_WORDS:
        if word not in marked:
            extra.add(word, locations=[("src/nqueens/cli/_help.py", None)])
    out = io.BytesIO()
    write_po(out, extra, width=0, omit_header=True, include_lineno=False)
    with pot.open("ab") as f:
        f.write(b"\n" + out.getvalue())


def update() -> None:
    with tempfile.TemporaryDirectory() as folder:
        pot = Path(folder) / f"{DOMAIN}.pot"
        extract(pot)
        for lang in TRANSLATED:
            po = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
            command = "update" if po.exists() else "init"
            extra = ["--no-wrap", "--ignore-obsolete"] if command == "update" else ["--no-wrap"]
            _babel(command, "-i", str(pot), "-d", str(LOCALE), "-D", DOMAIN, "-l", lang, *extra)


def compile_catalogs() -> None:
    _babel("compile", "-d", str(LOCALE), "-D", DOMAIN)


def missing() -> dict[str, list[str]]:
    """For each language, the messages of the sources that its catalog does not translate
    (absent, empty or fuzzy)."""
    with tempfile.TemporaryDirectory() as folder:
        pot = Path(folder) / f"{DOMAIN}.pot"
        extract(pot)
        with pot.open("rb") as f:
            template = read_po(f)
    gaps: dict[str, list[str]] = {}
    for lang in TRANSLATED:
        with (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
            catalog = read_po(f)
        gaps[lang] = []
        for message in template:
            if not message.id:
                continue
            found = catalog.get(message.id, context=message.context)
            strings = found.string if found is not None else ""
            forms = strings if isinstance(strings, tuple) else (strings,)
            if found is None or found.fuzzy or not all(forms):
                gaps[lang].append(str(message.id))
    return gaps


def _key(value: object) -> object:
    """A message's id, string or context as one comparable value (Babel's .mo reader
    gives plurals as lists and contexts as bytes)."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    return tuple(value) if isinstance(value, list | tuple) else value


def stale() -> list[str]:
    """The languages whose committed .mo does not say what their .po says."""
    out = []
    for lang in TRANSLATED:
        folder = LOCALE / lang / "LC_MESSAGES"
        with (folder / f"{DOMAIN}.po").open("rb") as f:
            po = {
                (_key(m.context), _key(m.id)): _key(m.string)
                for m in read_po(f)
                if m.id and not m.fuzzy
            }
        with (folder / f"{DOMAIN}.mo").open("rb") as f:
            mo = {(_key(m.context), _key(m.id)): _key(m.string) for m in read_mo(f) if m.id}
        if po != mo:
            out.append(lang)
    return out


def main(command: str) -> int:
    if command == "update":
        update()
    elif command == "compile":
        compile_catalogs()
    elif command == "check":
        gaps = missing()
        for lang, ids in gaps.items():
            for message_id in ids:
                print(f"{lang}: no translation of {message_id!r}")
        for lang in stale():
            print(f"{lang}: the .mo is older than the .po: run `tools/catalog.py compile`")
        return 1 if any(gaps.values()) or stale() else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ""))
