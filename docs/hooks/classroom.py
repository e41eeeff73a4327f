"""MkDocs hook: the classroom's live pages, made by the site's build from the library.

For each teaching algorithm and N = 4-8 the player (`nqueens.play`), and for N = 4-8 the
learner alone (`play(n, learn_only=True)`: no recorded search to open, no "give up", so a
class finds the solutions itself), in English and in Japanese, under `live/` and
`live/ja/`: a teacher shares a link, a student opens it on any device with nothing to
install. The pages are the very ones `nqueens play` writes, so they change with the
library and are never edited by hand.

Each page records at most `STEPS` steps of its search (enough for the first solutions of
the pruned searches at N = 8; brute force shows its first complete boards), which keeps a
page near 400 KiB at most and the whole set, about 80 pages, to seconds of the build.
The i18n plugin builds the site once per language, so the pages are made once and kept
(`mkdocs serve` makes them once per start).

A page asks for the table of links with the line `<!-- live pages -->`; in a Japanese
page (`*.ja.md`) the table speaks Japanese and links the Japanese pages.
"""

from __future__ import annotations

import functools
from typing import Any

from mkdocs.plugins import event_priority

MARKER = "<!-- live pages -->"
FOLDER = "live"
SIZES = range(4, 9)
STEPS = 1_000
LANGUAGES = ("en", "ja")
WORDS = {
    "en": {"algorithm": "algorithm", "learner": "the learner: place the queens yourself"},
    "ja": {"algorithm": "アルゴリズム", "learner": "学習モード：自分でクイーンを置く"},  # noqa: RUF001
}


def page_name(language: str, what: str, n: int) -> str:
    """The live page's path in the site: `live/backtracking-8.html`,
    `live/ja/learn-8.html`."""
    folder = FOLDER if language == "en" else f"{FOLDER}/{language}"
    return f"{folder}/{what}-{n}.html"


@functools.cache
def live_pages() -> dict[str, str]:
    """Every live page, by its path in the site: the player of each algorithm and the
    learner, at each size, in each language."""
    import nqueens
    from nqueens.search import ALGORITHMS

    pages: dict[str, str] = {}
    for language in LANGUAGES:
        with nqueens.use_language(language):
            for n in SIZES:
                for name in ALGORITHMS:
                    player = nqueens.play(n, name, max_steps=STEPS)
                    pages[page_name(language, name, n)] = player.html
                learner = nqueens.play(n, "backtracking", learn_only=True)
                pages[page_name(language, "learn", n)] = learner.html
    return pages


def links_table(language: str, prefix: str = "") -> str:
    """The table of the live pages: a row per algorithm (its name as the source texts
    give it, and the name to type), a column per N, and the learner's row last."""
    import nqueens
    from nqueens.search import ALGORITHMS

    with nqueens.use_language(language):
        head = [WORDS[language]["algorithm"], *(f"N = {n}" for n in SIZES)]
        rows = [f"| {' | '.join(head)} |", "|---" * len(head) + "|"]
        for name, algorithm in ALGORITHMS.items():
            title = algorithm.display_name()
            shown = title if title.replace(" ", "-") == name else f"{title} (`{name}`)"
            cells = [f"[{n}]({prefix}{page_name(language, name, n)})" for n in SIZES]
            rows.append(f"| {shown} | {' | '.join(cells)} |")
        cells = [f"[{n}]({prefix}{page_name(language, 'learn', n)})" for n in SIZES]
        rows.append(f"| **{WORDS[language]['learner']}** | {' | '.join(cells)} |")
    return "\n".join(rows)


@event_priority(-200)  # after the i18n plugin's, which would sort them by language
def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    for path, html in live_pages().items():
        if files.get_file_from_path(path) is None:
            files.append(File.generated(config, path, content=html))
    return files


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    if MARKER not in markdown:
        return markdown
    language = "ja" if page.file.src_uri.endswith(".ja.md") else "en"
    depth = page.file.src_uri.count("/")
    return markdown.replace(MARKER, links_table(language, "../" * depth))


def on_post_build(config: Any) -> None:
    """The live pages name no icon, so a browser asks the server for /favicon.ico: the
    theme's icon is put there, and the pages load with no request failing."""
    import shutil
    from pathlib import Path

    site = Path(config["site_dir"])
    icon = site / "assets" / "images" / "favicon.png"
    if icon.exists() and not (site / "favicon.ico").exists():
        shutil.copyfile(icon, site / "favicon.ico")
