"""The documentation site: built strictly by MkDocs, then read in Debian's headless Chromium
with no network: from a static server on loopback (as `python -m http.server -d site`
serves it; the search index needs one) and straight from file://."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

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
    page = browser.new_page()  # type: ignore[attr-defined]
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: requests.append(request.url))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return page, errors, requests


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
