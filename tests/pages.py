"""Pages in the one headless Chromium (tests/conftest.py's `browser`), opened one way.

`open_page` loads a file or a URL and waits until the player's script has drawn its mode
(`body[data-ready]`; a page of the built site waits for nothing of it), and collects what
the page did meanwhile and later: its script errors (`page.errors`, with the console's
errors where asked) and the URLs it requested (`page.requests`). `Opened` keeps the pages
a fixture or a test opened and, at its end, asserts that none had a script error (and,
offline, that each asked for files alone) before closing them. `counters` and `queens`
read the player's counters and the queens on its board.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

READY = "body[data-ready]"
"""The player's page has drawn its mode: its script ran to the end of its start."""


def open_page(
    browser: Any,
    where: Path | str,
    viewport: tuple[int, int] | None = None,
    ready: str | None = READY,
    console: bool = False,
) -> Any:
    """A new page of `browser` (or of a browser context) at `where` (a file, or a URL),
    `viewport` (width, height) wide where given, once `ready` is on it; its script errors
    in `page.errors` (and the console's errors, with `console`), its requests' URLs in
    `page.requests`."""
    size = {} if viewport is None else {"viewport": {"width": viewport[0], "height": viewport[1]}}
    page = browser.new_page(**size)
    page.errors = []
    page.requests = []
    if console:
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("request", lambda request: page.requests.append(request.url))
    page.goto(where.as_uri() if isinstance(where, Path) else where)
    if ready is not None:
        page.wait_for_selector(ready)  # the mode drawn
    return page


class Opened:
    """The pages opened through it (`opened(where, ...)` takes `open_page`'s options);
    `close()` asserts that none had a script error (and, `offline`, that none requested
    anything but a file) and closes them."""

    def __init__(self, browser: Any, offline: bool = False) -> None:
        self.browser = browser
        self.offline = offline
        self.pages: list[Any] = []

    def __call__(self, where: Path | str, **options: Any) -> Any:
        page = open_page(self.browser, where, **options)
        self.pages.append(page)
        return page

    def close(self) -> None:
        for page in self.pages:
            assert page.errors == []  # no script errors
            if self.offline:
                assert all(url.startswith("file://") for url in page.requests)  # offline
            if not page.is_closed():
                page.close()


def counters(page: Any) -> dict[str, str]:
    """The player's counters: the step, nodes, backtracks and solutions found."""
    return {name: page.inner_text(f"#{name}") for name in ("step", "nodes", "backtracks", "found")}


def queens(page: Any) -> str:
    """The columns of the queens on the player's board, row by row."""
    return page.get_attribute("#board", "data-cols")  # type: ignore[no-any-return]
