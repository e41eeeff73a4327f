"""The pictures the teaching pages embed, made again from the library as it stands.

    uv run python tools/screenshots.py        # into docs/images/, English and Japanese

Each picture is made twice, `NAME.png` and `NAME.ja.png` (the Japanese site shows the
second): the player at step 60 of `play 6 -A flags`, the learner with a queen refused,
the trees of 5 (with the squares rejected) and 8 queens, the first page of a worksheet,
and the learner on a phone's screen. Pages are photographed in Debian's Chromium
through Playwright (as the browser tests open them), at 1280 x 720 (the projector's
size the pages are made to fit) or 390 x 844 (a phone). Every picture is reduced to 256
colours, so that each stays under about 200 KB.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from PIL import Image

import nqueens

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]


def small(path: Path, width: int | None = None) -> None:
    """The PNG at `path` at most `width` pixels wide, in 256 colours."""
    with Image.open(path) as image:
        picture = image.convert("RGB")
    if width is not None and picture.width > width:
        height = round(picture.height * width / picture.width)
        picture = picture.resize((width, height), Image.Resampling.LANCZOS)
    picture.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        path, optimize=True
    )


def shoot(browser: object, html: str, out: Path, act: Callable[[object], None],
          viewport: tuple[int, int] = (1280, 720), full_page: bool = False,
          **options: object) -> None:  # fmt: skip
    """The page `html` after `act`, photographed into `out` (`full_page`: all of it, not
    only the screen's worth)."""
    with tempfile.TemporaryDirectory() as folder:
        page_file = Path(folder) / "page.html"
        page_file.write_text(html, encoding="utf-8")
        context = browser.new_context(  # type: ignore[attr-defined]
            viewport={"width": viewport[0], "height": viewport[1]}, **options
        )
        page = context.new_page()
        page.goto(page_file.as_uri())
        act(page)
        page.wait_for_timeout(300)
        page.screenshot(path=str(out), full_page=full_page)
        context.close()


def go_to(step: int) -> Callable[[object], None]:
    def act(page: object) -> None:
        page.evaluate(  # type: ignore[attr-defined]
            """(step) => { const s = document.getElementById("scrubber");
            s.value = step; s.dispatchEvent(new Event("input")); }""",
            step,
        )

    return act


def refuse_and_hint(page: object) -> None:
    """Queens on row 0, col 1 and on row 3, col 1 (the same column), then the hint."""
    for row, col in ((0, 1), (2, 4), (3, 1)):
        page.click(f"rect[data-row='{row}'][data-col='{col}']")  # type: ignore[attr-defined]
    page.click("#hint")  # type: ignore[attr-defined]


def tap_a_queen(page: object) -> None:
    for row, col in ((0, 1), (1, 3)):
        page.tap(f"rect[data-row='{row}'][data-col='{col}']")  # type: ignore[attr-defined]


def worksheet_page(out: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "sheet.pdf"
        nqueens.worksheet(6, seed=1, out=pdf)
        subprocess.run(["pdftoppm", "-r", "60", "-f", "1", "-l", "1", "-png", str(pdf),
                        str(Path(folder) / "page")], check=True)  # fmt: skip
        next(Path(folder).glob("page-*.png")).replace(out)


def main() -> int:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for lang, suffix in (("en", ""), ("ja", ".ja")):
            with nqueens.use_language(lang):
                made = {
                    "player-state-6": lambda out: shoot(
                        browser, nqueens.play(6, "flags").html, out, go_to(60)
                    ),
                    "learner-8": lambda out: shoot(
                        browser,
                        nqueens.play(8, learn=True).html,
                        out,
                        refuse_and_hint,
                        full_page=True,
                    ),
                    "learner-phone-6": lambda out: shoot(
                        browser,
                        nqueens.play(6, learn=True).html,
                        out,
                        tap_a_queen,
                        viewport=(390, 844),
                        is_mobile=True,
                        has_touch=True,
                        device_scale_factor=1,
                    ),
                    "tree-5-rejected": lambda out: nqueens.tree(5).save(out, rejected=True),
                    "tree-8": lambda out: nqueens.tree(8).save(out),
                    "worksheet-6": worksheet_page,
                }
                widths = {"tree-8": 900, "tree-5-rejected": 900}
                for name, make in made.items():
                    out = IMAGES / f"{name}{suffix}.png"
                    make(out)
                    small(out, widths.get(name))
                    print(out.relative_to(ROOT), f"{out.stat().st_size // 1024} KB")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
