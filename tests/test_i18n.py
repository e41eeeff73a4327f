"""Japanese: the catalog is complete and compiled, and every teaching surface speaks it.

The leftovers check reads the catalog's English messages and looks for their words in
what a Japanese page, picture or trace shows: an English interface string there is one
that was not marked or not translated.
"""

from __future__ import annotations

import contextlib
import importlib.util
import itertools
import re
import string
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

import nqueens
from nqueens.i18n import (
    _,
    asset_messages,
    current_language,
    language_from_environment,
    translations,
    use_language,
)
from nqueens.messages import plural, too_large
from tests.english import english_messages, leftovers
from tests.processes import run_in_locale, run_nqueens

ROOT = Path(__file__).resolve().parent.parent
PLAYER = ROOT / "src" / "nqueens" / "render" / "player"


def _catalog_tool() -> object:
    spec = importlib.util.spec_from_file_location("catalog", ROOT / "tools" / "catalog.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- the catalog ------------------------------------------------------------------------


def test_every_message_has_a_japanese_entry() -> None:
    """Every message marked in the sources (Python, the player's script and page) has a
    translation in the Japanese catalog that is neither empty nor fuzzy."""
    tool = _catalog_tool()
    assert tool.missing() == {"ja": []}  # type: ignore[attr-defined]


def test_the_committed_mo_says_what_the_po_says() -> None:
    tool = _catalog_tool()
    assert tool.stale() == []  # type: ignore[attr-defined]


def test_the_check_finds_a_message_without_an_entry(tmp_path: Path, monkeypatch: object) -> None:
    """The completeness check can fail: a new marked message is reported."""
    tool = _catalog_tool()
    source = tmp_path / "nqueens" / "extra.py"
    source.parent.mkdir()
    source.write_text('from nqueens.i18n import _\n_("a message nobody translated")\n')
    monkeypatch.setattr(tool, "SOURCES", tmp_path)  # type: ignore[attr-defined]
    real_extract = tool.extract  # type: ignore[attr-defined]

    def extract_here(pot: Path) -> None:
        real_extract(pot)
        from babel.messages.pofile import read_po, write_po

        with pot.open("rb") as f:
            template = read_po(f)
        template.add("a message nobody translated")
        with pot.open("wb") as f:
            write_po(f, template)

    monkeypatch.setattr(tool, "extract", extract_here)  # type: ignore[attr-defined]
    assert tool.missing() == {"ja": ["a message nobody translated"]}  # type: ignore[attr-defined]


def test_no_message_is_marked_inside_an_f_string() -> None:
    """Babel cannot see a `_("...")` inside an f-string's braces (Python 3.11 reads the
    f-string as one token): such a message would never reach the catalog."""
    hidden = re.compile(r"""\{[^{}"']*(?<![\w.])(?:(?:_|N_|ngettext|pgettext)\(\s*["']|plural\()""")
    for source in (ROOT / "src" / "nqueens").rglob("*.py"):
        for number, line in enumerate(source.read_text().splitlines(), 1):
            if re.search(r"""\bf["']""", line):
                assert not hidden.search(line), f"{source.name}:{number}: {line.strip()}"


def test_japanese_sentences_use_japanese_punctuation() -> None:
    """No ASCII colon beside Japanese (a teacher writes the full-width one, or a full
    stop), and no "yes:"/"no:" prefixes: the Japanese says what it means."""
    japanese = r"[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff60]"
    for english, translation in english_messages().items():
        assert not re.search(rf"{japanese}:|:\s?{japanese}", translation), (english, translation)
        assert not translation.startswith(("はい", "いいえ")), translation


def test_placeholders_survive_translation() -> None:
    """A translation keeps exactly the {fields} of its message, so .format fills it."""
    for english, japanese in english_messages().items():
        assert set(re.findall(r"\{\w+\}", english)) == set(re.findall(r"\{\w+\}", japanese)), (
            english
        )


def test_the_scripts_mark_messages_only_with_plain_strings() -> None:
    """Every `_(`/`_n(` call in the player's script takes a literal first, so the table
    Python writes into the page holds every message the script says."""
    for script in PLAYER.glob("*.js"):
        text = script.read_text()
        calls = re.findall(r"(?<![\w.])_n?\((?!message|one)", text)
        literal = re.findall(r'(?<![\w.])_n?\(\s*"', text)
        assert len(calls) == len(literal), script.name


def test_the_page_table_translates_every_script_message() -> None:
    scripts = [p.read_text() for p in sorted(PLAYER.glob("*.js"))]
    with use_language("ja"):
        table = asset_messages(scripts)
    assert table["empty board"] == "空の盤面"
    assert table["Yes: this board can still be completed, in {count} ways."].count("{count}")
    assert all(english != japanese for english, japanese in table.items()), [
        e for e, j in table.items() if e == j
    ]


# -- choosing the language --------------------------------------------------------------


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "ja_JP.UTF-8", "LANG": "C"}, "ja"),
        ({"LANGUAGE": "en", "LANG": "ja_JP.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_chooses_the_language(
    environment: dict[str, str], expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert language_from_environment() == expected


def test_use_language_is_a_block_and_checks_its_argument() -> None:
    before = current_language()
    with use_language("ja"):
        assert _("empty board") == "空の盤面"
        assert plural(3, "{count} solution", "{count} solutions") == "解 3 個"
    assert current_language() == before
    with pytest.raises(nqueens.errors.UnknownLanguageError, match="en, ja"), use_language("fr"):
        pass


def test_messages_said_once_read_in_both_languages() -> None:
    assert (
        too_large(99, "64-bit boards", 63) == "N = 99 is too large for 64-bit boards: use N <= 63"
    )
    assert plural(1, "{count} queen", "{count} queens") == "1 queen"
    assert plural(1234, "{count} queen", "{count} queens") == "1,234 queens"
    with use_language("ja"):
        message = too_large(99, _("64-bit boards"), 63)
    assert message == "N = 99 は 64 ビットの盤面には大きすぎます：N <= 63 にしてください"
    assert translations("ja").gettext("a message nobody translated") == (
        "a message nobody translated"
    )


def test_trace_in_japanese_by_option_or_locale() -> None:
    by_option = run_in_locale("--lang", "ja", "trace", "5", "--limit", "0")
    after_command = run_in_locale("trace", "5", "--limit", "0", "--lang", "ja")
    by_locale = run_in_locale("trace", "5", "--limit", "0", LANG="ja_JP.UTF-8")
    assert by_option.returncode == 0, by_option.stderr
    assert by_option.stdout == after_command.stdout == by_locale.stdout
    lines = by_option.stdout.splitlines()
    assert lines[0] == "     1  0 行目 0 列目にクイーンを置く"
    assert "バックトラック" in by_option.stdout and "探索終了" in lines[-1]
    assert leftovers(by_option.stdout) == []
    english = run_in_locale("trace", "5", "--limit", "0", "--lang", "en", LANG="ja_JP.UTF-8")
    assert english.stdout.splitlines()[0] == "     1  place row 0, col 0"


def test_tree_levels_in_japanese() -> None:
    done = run_in_locale("tree", "6", "--levels", "--lang", "ja")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].split() == ["全体", "153", "46", "4"]
    assert leftovers(done.stdout) == []


def test_compare_table_in_japanese() -> None:
    done = run_in_locale("compare", "6", "--lang", "ja")
    assert done.returncode == 0, done.stderr
    assert "アルゴリズムの比較" in done.stdout and "探索空間" in done.stdout
    assert leftovers(done.stdout) == []


@pytest.mark.parametrize(
    "args",
    [
        ("trace", "40"),
        ("play", "13", "--out", "x.html"),
        ("animate", "40", "--out", "x.gif"),
        ("tree", "9", "-A", "brute-force", "--levels"),
        ("show", "8", "--out", "x.bmp"),
        ("trace", "4", "-A", "quantum"),
        ("trace", "0"),
        ("trace", "4", "--limit", "99999999999"),
        ("play", "6", "--max-steps", "99999999", "--out", "x.html"),
    ],
)
def test_errors_of_the_teaching_commands_in_japanese(args: tuple[str, ...]) -> None:
    done = run_in_locale("--lang", "ja", *args)
    assert done.returncode == 2
    line = done.stderr.strip()
    assert line.startswith("nqueens: error: ") and "\n" not in line
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", line), line
    # The prefix stays as it is, for scripts that read the line.
    assert leftovers(line.removeprefix("nqueens: error: ")) == [], line


def test_an_unknown_language_is_refused_in_one_line() -> None:
    done = run_nqueens("--lang", "fr", "trace", "4")
    assert done.returncode == 2 and "'fr' is not one of 'en', 'ja'" in done.stderr


# -- pictures: translated, and every glyph found ----------------------------------------


@pytest.fixture
def glyphs_checked() -> Iterator[None]:
    """matplotlib's missing-glyph warning (and ours, for the films' captions) as an error."""
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=r"Glyph \d+ .*missing from font")
        yield


def _figure_text(figure: object) -> str:
    from matplotlib.text import Text

    return "\n".join(t.get_text() for t in figure.findobj(Text))  # type: ignore[attr-defined]


def test_a_missing_glyph_fails_the_pictures_tests(glyphs_checked: None) -> None:
    """The filter bites: Japanese drawn in DejaVu Sans alone is an error, not a box."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure()
    FigureCanvasAgg(figure)
    figure.text(0.5, 0.5, "空の盤面", fontfamily="DejaVu Sans")
    with pytest.raises(UserWarning, match="missing from font"):
        figure.canvas.draw()


def test_show_in_japanese(glyphs_checked: None, tmp_path: Path) -> None:
    with use_language("ja"):
        figure = nqueens.show(6, unique=True, out=tmp_path / "unique.png")
    assert figure.get_suptitle() == "6 クイーン：ユニーク解 1 個"
    assert leftovers(_figure_text(figure)) == []


def test_show_a_rectangle_in_japanese(glyphs_checked: None, tmp_path: Path) -> None:

    with use_language("ja"):
        figure = nqueens.show("4x6", unique=True, out=tmp_path / "r.png")
    assert figure.get_suptitle().startswith("4x6 の盤面：ユニーク解")
    assert leftovers(_figure_text(figure)) == []


def test_animate_in_japanese(glyphs_checked: None, tmp_path: Path) -> None:
    """The title, the legend (toroidal) and every frame's caption and counters."""
    from nqueens.render.animation import FramePainter

    with use_language("ja"):
        film = nqueens.animate(5, max_frames=40)
        assert film.title == "5 クイーン：バックトラック法（backtracking）"
        captions = [frame.caption + frame.counters() for frame in film.frames]
        film.save(tmp_path / "film.gif")
        film.save(tmp_path / "film.html")
        torus = nqueens.animate(nqueens.Rules.of("toroidal", 5), max_frames=30)
        torus.save(tmp_path / "torus.gif")
        painter = FramePainter(5, 300, torus.title, legend=["line", "wrap"])
        text = _figure_text(painter.figure)
    assert any("クイーンを置く" in c for c in captions)
    assert any("バックトラック" in c for c in captions)
    page = (tmp_path / "film.html").read_text()
    assert '<html lang="ja">' in page
    assert "<title>5 クイーン：バックトラック法（backtracking）</title>" in page
    assert leftovers("\n".join(captions) + text) == []


def test_tree_in_japanese(glyphs_checked: None, tmp_path: Path) -> None:
    from nqueens.render.tree import tree_figure, tree_svg
    from nqueens.search_tree import tree

    with use_language("ja"):
        found = tree(5)
        figure = tree_figure(found)
        figure.canvas.draw()
        svg = str(tree_svg(found))
        tree(5, depth=2, out=tmp_path / "tree.png")
    text = _figure_text(figure)
    assert "5 クイーン、バックトラック法（backtracking）：ノード" in text and "行き止まり" in text
    assert leftovers(text) == []
    visible = re.sub(r"<[^>]+>", "\n", svg)
    assert leftovers(visible) == []


def test_heatmap_in_japanese(glyphs_checked: None, tmp_path: Path) -> None:
    from nqueens.heat import heatmap

    with use_language("ja"):
        heatmap(6, out=tmp_path / "heat.png")


# -- the Tk window ----------------------------------------------------------------------


@pytest.mark.gui
def test_the_window_speaks_japanese(display: str) -> None:
    """Every label and button, the title, the caption and the counters, step by step."""
    import tkinter as tk

    from nqueens.visual.window import open_window

    def texts(widget: tk.Misc) -> Iterator[str]:
        for child in widget.winfo_children():
            with contextlib.suppress(tk.TclError):
                yield str(child.cget("text"))  # type: ignore[no-untyped-call]
            yield from texts(child)

    with use_language("ja"):
        root, viewer = open_window(6, "backtracking")
    try:
        root.update()
        assert root.title() == "6 クイーン：バックトラック法（backtracking）"
        assert viewer.caption.get() == "空の盤面"
        seen = [root.title(), *texts(root)]
        with use_language("ja"):
            for _step in range(12):
                viewer.forward()
                seen += [viewer.caption.get(), viewer.counters.get()]
            viewer.toggle()
            seen += texts(root)
            viewer.toggle()
        assert "▶ 再生" in seen and "見つかった解" in seen and "❚❚ 一時停止" in seen
        assert any(line.startswith("ステップ 12") for line in seen)
        assert leftovers("\n".join(seen)) == []
    finally:
        root.destroy()


def test_the_japanese_pages_write_each_paragraph_on_one_line() -> None:
    """Markdown turns a line break into a space, which Japanese does not put between its
    words: a Japanese line of prose goes on to its end (code blocks aside)."""
    japanese = r"[\u3040-\u30ff\u4e00-\u9fff\u3001\u3002\uff08\uff09\uff1a]"
    for page in (ROOT / "docs").glob("*.ja.md"):
        fenced = False
        lines = page.read_text().splitlines()
        for number, (line, following) in enumerate(itertools.pairwise(lines), 1):
            if line.startswith("```"):
                fenced = not fenced
            if fenced or not line.strip() or not following.strip():
                continue
            joined = re.search(rf"{japanese}$", line) and re.match(rf"\s*{japanese}", following)
            assert not joined, f"{page.name}:{number}: {line}"


@pytest.mark.parametrize("n", [20, 26, 27, 40])
@pytest.mark.parametrize("journal", [None, "n.db"])
def test_the_record_a_long_count_stands_beside_reads_as_one_sentence_in_japanese(
    n: int, journal: str | None
) -> None:
    """The warning before a count of years names the record it stands beside. In
    Japanese the unknown a(40)'s fragment was a sentence of its own, so the warning said
    "...。この数え上げは新記録になります です。": every fragment is now a noun phrase
    (a full stop only inside its brackets) that the warning's sentence holds whole."""
    from nqueens.engine.runtime.estimate import Estimate, Sampling
    from nqueens.known import record_beside
    from nqueens.render.plan import warning

    years = 10 * 365 * 86400.0
    plan = Estimate(
        n, "backtrack", 2, 100, 2 * years, years, 3 * years, 0, 0, 1, 64, 0, Sampling.PROBED
    )
    with use_language("ja"):
        said, line = record_beside(n), warning(plan, journal)
    assert line is not None and f"比べられるのは、{said}です。" in line
    depth = 0
    for character in said:
        depth += {"（": 1, "）": -1}.get(character, 0)
        assert character != "。" or depth > 0, said
    assert depth == 0 and " です" not in line


# -- Japanese spacing beside a field ------------------------------------------------------

JAPANESE_GAP = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff] [\u3040-\u30ff\u4e00-\u9fff]")


def test_a_field_holding_japanese_sets_no_space_beside_japanese(tmp_path: Path) -> None:
    """The catalog spaces a field off the Japanese around it, as Japanese does beside a
    number or a Latin word; where the field held Japanese, the space stood between two
    Japanese words: "トーラスの 7x7 の盤面 の解", "N = 13 は プレイヤーには". Beside Latin
    and numbers the space stays, and so do the spaces inside a value (a file's name)."""
    listing = run_nqueens(
        "--lang", "ja", "solve", "7", "--variant", "toroidal", "--all", "--format", "list",
        "--out", "盤 面.txt", cwd=tmp_path,
    )  # fmt: skip
    assert listing.returncode == 0, listing.stderr
    assert listing.stdout.strip() == "盤 面.txt を書き出しました：トーラスの 7x7 の盤面の解 28 個"
    too_big = run_nqueens("--lang", "ja", "play", "13", "--out", "x.html", cwd=tmp_path)
    assert too_big.stderr.strip() == (
        "nqueens: error: N = 13 はプレイヤーには大きすぎます：N <= 12 にしてください"
    )
    latin = run_nqueens("--lang", "ja", "trace", "5", "--variant", "toroidal", "-A", "flags")
    assert "flags ではなく backtracking を使ってください" in latin.stderr


def test_japanese_messages_drop_only_the_space_between_a_field_and_japanese() -> None:
    """Every Japanese message with fields: filled with Latin words and numbers it reads
    as str.format fills it; filled with Japanese words, no space is left between a field
    and the Japanese beside it, and every other character is kept, in order."""
    with use_language("ja"):
        for english in english_messages():
            message = _(english)
            fields = {field for _text, field, _spec, _how in string.Formatter().parse(message)}
            fields.discard(None)
            if not fields:
                continue
            latin = {name: f"x{i}" for i, name in enumerate(sorted(fields))}
            assert message.format(**latin) == str.format(message, **latin), english
            japanese = {name: "盤面" for name in fields}
            said, plain = message.format(**japanese), str.format(message, **japanese)
            assert said.replace(" ", "") == plain.replace(" ", ""), english
            assert not JAPANESE_GAP.search(said.replace("盤 面", "")), (english, said)
            kept = {name: "盤 面" for name in fields}  # a value's own space stays
            assert message.format(**kept).count("盤 面") == str.format(message, **kept).count(
                "盤 面"
            ), english


def test_a_japanese_message_formats_as_str_does() -> None:
    """Positional fields, conversions, specs and escaped braces, as str.format reads them."""
    with use_language("ja"):
        message = _("wrote {out}: {what}")
    assert type(message).__name__ == "JapaneseMessage"
    template = type(message)("{} と {!r}、{count:,} 個 {{x}} の {0}")
    assert template.format("盤", "面", count=12345) == "盤と '面'、12,345 個 {x} の盤"


def test_a_long_column_list_is_refused_in_japanese(tmp_path: Path) -> None:
    """A column list of a million bytes and more, read a slice at a time, was refused
    with its first words in English ("invalid column list '...'", then the Japanese)."""
    listing = tmp_path / "columns.txt"
    listing.write_text("".join(f"{(2 * i) % 300_007}\n" for i in range(300_000)) + "abc\n")
    done = run_nqueens("--lang", "ja", "check", str(listing))
    assert done.returncode == 2
    line = done.stderr.strip()
    assert line.startswith("nqueens: error: 不正な列の並び ") and "invalid" not in line, line


@pytest.mark.parametrize("order", [("--help", "--lang", "ja"), ("--help", "--lang=ja")])
def test_help_speaks_the_language_given_after_it(order: tuple[str, ...]) -> None:
    """`construct --help --lang ja` printed the help in English: click takes its eager
    options in the order given, and --help came first."""
    done = run_nqueens("construct", *order)
    assert done.returncode == 0 and done.stdout.startswith("使い方"), done.stdout[:80]
