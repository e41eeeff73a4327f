"""The documentation site: built strictly by MkDocs, then read in Debian's headless Chromium
with no network: from a static server on loopback (as `python -m http.server -d site`
serves it; the search index needs one) and straight from file://."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.pages import open_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built with --strict: a broken link or reference fails the build."""
    folder = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert build.returncode == 0, build.stderr[-3000:]
    assert "WARNING" not in build.stderr, build.stderr[-3000:]
    return folder


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The built site on a static server on 127.0.0.1, as its root URL."""
    import functools
    import http.server
    import threading

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def _open(browser: object, url: str) -> tuple[object, list[str], list[str]]:
    """The page, with the console errors and the requests it made while loading."""
    page = open_page(browser, url, ready=None, console=True)
    page.wait_for_load_state("networkidle")
    return page, page.errors, page.requests


@pytest.mark.parametrize(
    ("name", "heading"),
    [
        ("index.html", "Getting started"),
        ("api.html", "API reference"),
        ("variants.html", "Variants"),
        ("teaching.html", "Teaching"),
        ("ja/teaching.html", "教える"),
        ("ja/index.html", "nqueens-lab（日本語）"),  # noqa: RUF001
    ],
)
def test_pages_render_offline(browser: object, served: str, name: str, heading: str) -> None:
    page, errors, requests = _open(browser, served + name)
    title = page.locator("h1").first.inner_text()  # type: ignore[attr-defined]
    assert title.rstrip("¶").strip() == heading
    language = "ja" if name.startswith("ja/") else "en"
    assert page.get_attribute("html", "lang") == language  # type: ignore[attr-defined]
    assert errors == []
    leaving = [url for url in requests if not url.startswith((served, "data:", "blob:"))]
    assert leaving == []
    page.close()  # type: ignore[attr-defined]


def test_the_api_page_documents_count(browser: object, served: str) -> None:
    page, errors, _ = _open(browser, served + "api.html")
    entry = page.locator("[id='nqueens.count']")  # type: ignore[attr-defined]
    assert entry.count() == 1
    text = page.locator("body").inner_text()  # type: ignore[attr-defined]
    assert "count(" in text and "CountResult" in text
    assert errors == []
    page.close()  # type: ignore[attr-defined]


def test_search_finds_the_variants(browser: object, served: str) -> None:
    page, errors, _ = _open(browser, served + "index.html")
    page.locator("input.md-search__input").click()  # type: ignore[attr-defined]
    page.keyboard.type("toroidal")  # type: ignore[attr-defined]
    results = page.locator(".md-search-result__item")  # type: ignore[attr-defined]
    results.first.wait_for(timeout=15_000)
    assert results.count() >= 1 and errors == []
    page.close()  # type: ignore[attr-defined]


def test_pages_open_from_file_with_no_request_leaving(browser: object, site: Path) -> None:
    page, _, requests = _open(browser, (site / "variants.html").as_uri())
    title = page.locator("h1").first.inner_text()  # type: ignore[attr-defined]
    assert title.rstrip("¶").strip() == "Variants"
    assert [url for url in requests if not url.startswith(("file://", "data:", "blob:"))] == []
    page.close()  # type: ignore[attr-defined]


class _Rendered(HTMLParser):
    """A built page's paragraphs (their text outside code, line by line as in the source),
    each table's cells per row, the items of each ordered list with the heading it
    follows, the lists whose last item ends announcing what follows (a colon: the table,
    picture or code it announced was rendered outside the list), and every link (href,
    src)."""

    def __init__(self) -> None:
        super().__init__()
        self.paragraphs: list[str] = []
        self.tables: list[list[int]] = []
        self.ordered: list[tuple[int, int]] = []  # (heading, items) per <ol>, in order
        self.links: list[str] = []
        self._text: list[str] | None = None
        self._cells: int | None = None
        self._headings = 0
        self._code = 0  # how deep inside <pre>
        self._last_item = ""  # the text of the <li> that closed last
        self._lists: list[int | None] = []  # per open <ol>/<ul>: its index in `ordered`
        self._items: list[list[str]] = []  # the text of each open <li>, outside code
        self.cut_lists: list[str] = []  # the end of each list that lost its block

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.links += [value for name, value in attrs if name in ("href", "src") and value]
        if tag == "p":
            self._text = []
        elif tag == "pre":
            self._code += 1
        elif tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self._cells = 0
        elif tag in ("td", "th") and self._cells is not None:
            self._cells += 1
        elif re.fullmatch(r"h[1-6]", tag):
            self._headings += 1
        elif tag == "ol":
            self._lists.append(len(self.ordered))
            self.ordered.append((self._headings, 0))
        elif tag == "ul":
            self._lists.append(None)
        elif tag == "li":
            self._items.append([])
            if self._lists and self._lists[-1] is not None:
                heading, items = self.ordered[self._lists[-1]]
                self.ordered[self._lists[-1]] = (heading, items + 1)

    def handle_endtag(self, tag: str) -> None:
        if tag == "p" and self._text is not None:
            self.paragraphs.append("".join(self._text))
            self._text = None
        elif tag == "tr" and self._cells is not None and self.tables:
            self.tables[-1].append(self._cells)
            self._cells = None
        elif tag == "li" and self._items:
            said = "".join(self._items.pop()).strip()
            if self._items:  # a nested item is its parent's text too
                self._items[-1].append(said)
            self._last_item = said
        elif tag in ("ol", "ul") and self._lists:
            self._lists.pop()
            if self._last_item.endswith(":"):
                self.cut_lists.append(self._last_item[-60:])
            self._last_item = ""
        elif tag == "pre" and self._code:
            self._code -= 1

    def handle_data(self, data: str) -> None:
        if self._text is not None and not self._code:
            self._text.append(data)
        if self._items and not self._code:
            self._items[-1].append(data)


def _rendered(site: Path) -> Iterator[tuple[str, _Rendered]]:
    """Each built page, by its name in the site, as read back."""
    for page in sorted(site.rglob("*.html")):
        rendered = _Rendered()
        rendered.feed(page.read_text(encoding="utf-8"))
        yield page.relative_to(site).as_posix(), rendered


def test_every_page_renders_its_lists_and_tables_as_written(site: Path) -> None:
    """MkDocs' Markdown (Python-Markdown) needs what CommonMark does not: a blank line
    before a numbered step after a paragraph (else "2. Make a CA" is swallowed as text),
    before a sentence under a table (else it becomes a cell of the last row), and four
    spaces before a code block inside a list item (with two, the block ends the list:
    the bullets after it become one paragraph starting with "- ", and each numbered
    step becomes a list of its own, all shown as "1."). Each shows in the built page,
    whatever the source looked like."""
    wrong = []
    for name, rendered in _rendered(site):
        for text in rendered.paragraphs:
            for line in text.splitlines():
                if re.match(r"\s*[-*+]\s+\S", line):
                    wrong.append(f"{name}: a bullet list as text: {line[:60]}")
            for line in text.splitlines()[1:]:
                if re.match(r"\s*\d+\.\s+\S", line):
                    wrong.append(f"{name}: a list item as text: {line[:60]}")
        for rows in rendered.tables:
            if len(set(rows)) > 1:
                wrong.append(f"{name}: a table's rows of {sorted(set(rows))} cells")
        for end in rendered.cut_lists:
            wrong.append(f"{name}: a list ends on a colon, its block outside it: {end}")
        for (heading, items), (next_heading, next_items) in itertools.pairwise(rendered.ordered):
            if items == next_items == 1 and heading == next_heading:
                wrong.append(f"{name}: numbered steps as one-item lists, each shown as 1.")
    assert wrong == []


def test_no_link_assumes_the_site_is_served_at_a_root(site: Path) -> None:
    """The site opens from file:// (README: open site/index.html), where a link starting
    with / is file:///... : every link is relative, but the 404 page's, which a server
    shows for a missing path at any depth. That page is the default language's, and its
    language switch goes to each language's home."""
    absolute = [
        f"{name}: {link}"
        for name, rendered in _rendered(site)
        if name != "404.html"
        for link in rendered.links
        if link.startswith("/") and not link.startswith("//")
    ]
    assert absolute == []
    missing = (site / "404.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in missing
    switch = re.findall(r'<a href="([^"]*)" hreflang="(\w+)"', missing)
    assert sorted(switch) == [("/index.html", "en"), ("/ja/index.html", "ja")]


def test_japanese_paragraphs_keep_no_stray_spaces(browser: object, served: str) -> None:
    """A line break inside a Japanese paragraph would show as a space between two words
    ("バックトラックの 枝刈り"): the rendered page has none between Japanese characters."""
    page, errors, _requests = _open(browser, served + "ja/teaching.html")
    text = page.evaluate(  # type: ignore[attr-defined]
        """() => Array.from(document.querySelectorAll("article p, article li, article td"),
        (e) => e.textContent).join("\\n")"""
    )
    page.close()  # type: ignore[attr-defined]
    japanese = "[\u3040-\u30ff\u4e00-\u9fff\u3001\u3002\uff08\uff09]"
    assert "配置フラグ" in text and errors == []
    assert re.findall(f"{japanese} {japanese}", text) == []


def _live_links(site: Path, page: str) -> list[str]:
    """The live pages a built page links to, as paths in the site."""
    html = (site / page).read_text(encoding="utf-8")
    base = (site / page).parent
    return sorted(
        {
            (base / href).resolve().relative_to(site.resolve()).as_posix()
            for href in re.findall(r'href="([^"#]*live/[^"#]*\.html)"', html)
        }
    )


def test_the_classroom_guide_links_every_live_page_in_its_language(site: Path) -> None:
    """The player of each algorithm and the learner at N = 4-8, in English and Japanese,
    each a page the site's build made from the library (its title the player's own)."""
    from nqueens.search import ALGORITHMS

    guides = (("classroom.html", "live", "en"), ("ja/classroom.html", "live/ja", "ja"))
    for guide, folder, lang in guides:
        expected = sorted(
            f"{folder}/{name}-{n}.html" for name in [*ALGORITHMS, "learn"] for n in range(4, 9)
        )
        assert _live_links(site, guide) == expected
        for path in expected:
            html = (site / path).read_text(encoding="utf-8")
            assert f'<html lang="{lang}">' in html and len(html) < 600_000, path
            alone = re.search(r"<body [^>]*data-learn-only", html) is not None
            assert alone == ("/learn-" in path), path  # the learner alone
    assert "live/learn-8.html" in _live_links(site, "teaching.html")
    assert "live/ja/learn-8.html" in _live_links(site, "ja/teaching.html")


def test_a_teacher_opens_a_player_from_the_guide_and_steps_it(browser: object, served: str) -> None:
    page, errors, requests = _open(browser, served + "classroom.html")
    with page.expect_navigation():  # type: ignore[attr-defined]
        page.click("a[href='live/backtracking-6.html']")  # type: ignore[attr-defined]
    assert page.title().startswith("6 queens: backtracking")  # type: ignore[attr-defined]
    for _step in range(4):
        page.click("#forward")  # type: ignore[attr-defined]
    assert page.inner_text("#step") == "4"  # type: ignore[attr-defined]
    caption = page.inner_text("#caption")  # type: ignore[attr-defined]
    assert caption == "place row 1, col 2", caption  # the fourth step of seed 004's search
    assert errors == []
    assert [url for url in requests if not url.startswith((served, "data:", "blob:"))] == []
    page.close()  # type: ignore[attr-defined]


def test_a_student_learns_on_a_phone_in_japanese(browser: object, served: str) -> None:
    """A phone's viewport (390 x 844, touch): the Japanese learner fits its width, and a tap
    places a queen and says so in Japanese."""
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = open_page(context, served + "ja/classroom.html", ready=None)
    errors = page.errors
    with page.expect_navigation():
        page.click("a[href='../live/ja/learn-5.html']")
    assert page.get_attribute("html", "lang") == "ja"
    page.tap("rect[data-row='0'][data-col='1']")
    status = page.inner_text("#learner-status")
    assert "5" in status and "クイーン" in status, status
    assert page.get_attribute("#board", "data-queens").split() == ["0:1"]
    overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert overflow <= 1
    board = page.locator("#board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 390
    assert errors == []
    context.close()
