"""MkDocs hook: the Japanese pages (ja/, built by mkdocs-static-i18n) get the sitemap too.

Material's language menu reads `sitemap.xml` beside the pages of the language it is on;
the i18n plugin writes one sitemap, listing both languages, at the site's root only.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

LANGUAGES = ("ja",)  # as mkdocs.yml's i18n plugin lists them, beside the default


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    sitemap = site / "sitemap.xml"
    for language in LANGUAGES:
        if sitemap.exists() and (site / language).is_dir():
            shutil.copyfile(sitemap, site / language / "sitemap.xml")
