"""The Japanese player and learner in a real headless Chromium (Debian's): made by the real
command with `--lang ja`, driven through every state, no English interface string shown."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.english import leftovers
from tests.pages import Opened
from tests.processes import run_in_locale

pytestmark = pytest.mark.browser

# Everything the page says: its visible text and the words on hover or for screen readers,
# but the algorithm's Python source and the names of its structures (col, up, down, stack,
# board, ...: identifiers, as the source texts name them), which stay as they are.
PAGE_WORDS = """() => [
  document.title,
  (() => {
    const body = document.body.cloneNode(true);
    body.querySelectorAll("script, style, #code, .structure .name").forEach((e) => e.remove());
    return body.innerText;
  })(),
  ...[...document.querySelectorAll("[title]")].map((e) => e.getAttribute("title")),
  ...[...document.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label")),
  ...[...document.querySelectorAll("svg title")].map((e) => e.textContent),
  ...[...document.querySelectorAll("svg text")].map((e) => e.textContent),
].join("\\n")"""


@pytest.fixture
def japanese_page(open_page: Opened, tmp_path: Path) -> object:
    def load(*args: str) -> object:
        path = tmp_path / "player.html"
        done = run_in_locale("play", *args, "--out", str(path), "--lang", "ja")
        assert done.returncode == 0, done.stderr
        assert "を書き出しました" in done.stdout
        return open_page(path, viewport=(1000, 820))

    return load


def words(page: object) -> str:
    return page.evaluate(PAGE_WORDS)  # type: ignore[attr-defined,no-any-return]


def test_the_watcher_speaks_japanese_at_every_step(japanese_page: object) -> None:
    page = japanese_page("6", "--max-steps", "300")  # type: ignore[operator]
    assert page.get_attribute("html", "lang") == "ja"
    assert page.inner_text("#title") == "6 クイーン：バックトラック法（backtracking）"
    assert page.inner_text("#caption") == "空の盤面"
    seen = [words(page)]
    page.click("#forward")
    assert page.inner_text("#caption") == "0 行目 0 列目にクイーンを置く"
    page.click("#forward")
    assert (
        page.inner_text("#caption")
        == "1 行目 0 列目には 0 行目 0 列目のクイーンが同じ列で利いている（board[0] が 0）"
    )
    seen.append(words(page))
    for _step in range(12):
        page.click("#forward")
    seen.append(words(page))
    page.click("#next-solution")
    assert page.inner_text("#caption").startswith("1 個目の解が見つかった：")
    seen.append(words(page))
    page.click("#play")
    assert "一時停止" in page.inner_text("#play")
    seen.append(words(page))
    page.click("#play")
    page.fill("#scrubber", "300")  # the end of the recording
    assert page.inner_text("#caption").endswith("（記録の終わり）")
    seen.append(words(page))
    text = "\n".join(seen)
    assert "この記録は探索の最初の 300 ステップです" in text  # capped, in Japanese
    assert "探索木" in text and "バックトラック" in text
    assert leftovers(text) == []


def test_the_learner_speaks_japanese(japanese_page: object) -> None:
    page = japanese_page("6", "--learn")  # type: ignore[operator]
    seen = [words(page)]
    page.click('#board rect[data-row="0"][data-col="1"]')
    assert page.inner_text("#learner-status") == "クイーンを 6 個中 1 個置きました。"
    page.click('#board rect[data-row="1"][data-col="2"]')
    assert page.inner_text("#learner-status") == (
        "1 行目 2 列目には 0 行目 1 列目のクイーンが右下がりの斜めで利いています"
        "（board[0] に記録されています）。"
    )
    page.click("#hint")
    assert page.inner_text("#hint-text").startswith("完成できません。")
    seen.append(words(page))
    page.click("#undo")
    page.click("#hint")
    assert page.inner_text("#hint-text").startswith("この盤面はまだ完成できます")
    seen.append(words(page))
    page.click("#show-solution")
    seen.append(words(page))
    page.click("#clear")
    page.click("#continue")
    assert page.inner_text("#continue") == "探索を止める"
    seen.append(words(page))
    assert leftovers("\n".join(seen)) == []


def test_a_variants_page_names_its_attacks_in_japanese(japanese_page: object) -> None:
    page = japanese_page("7", "--variant", "toroidal", "--max-steps", "400")  # type: ignore[operator]
    legend = page.inner_text("#legend")
    assert "盤の端を回る利き筋のみ" in legend
    captions = []
    for _step in range(40):
        page.click("#forward")
        captions.append(page.inner_text("#caption"))
    assert any("盤の端を回る" in caption for caption in captions)
    assert leftovers("\n".join([words(page), *captions])) == []


def test_english_stays_the_default(open_page: Opened, tmp_path: Path) -> None:
    path = tmp_path / "en.html"
    done = run_in_locale("play", "5", "--out", str(path))
    assert done.returncode == 0, done.stderr
    page = open_page(path)
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("#caption") == "empty board"
    # The leftovers check sees English where there is English: it can fail.
    assert {"empty board", "The search tree", "next solution"} <= set(leftovers(words(page)))
    page.close()


def test_a_deeper_dead_end_says_one_of_several_rows_in_japanese(japanese_page: object) -> None:
    """Queens 0 2 at N = 8: for each safe square of row 2 the hint lists the rows the
    search is then left without a square in. Japanese has one plural form, so "one of
    rows 5, 7" was said as "5, 7 行目に安全なマスが残りません" (both rows); several rows
    are now "のどれか" (one of them), a single row is said as before."""
    page = japanese_page("8", "--learn")  # type: ignore[operator]
    for row, col in ((0, 0), (1, 2)):
        page.click(f'#board rect[data-row="{row}"][data-col="{col}"]')
    page.click("#hint")
    reasons = page.locator("#hint-why li").all_inner_texts()
    several = [r for r in reasons if re.search(r"、(\d+, )+\d+ 行目", r)]
    single = [r for r in reasons if r not in several]
    assert several and single  # both kinds occur at 0 2
    assert all(r.endswith("行目のどれかに安全なマスが残りません") for r in several)
    assert all(r.endswith("行目に安全なマスが残りません") for r in single)
