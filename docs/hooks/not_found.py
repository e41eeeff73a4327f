"""MkDocs hook: the site's one 404 page is the default language's (English).

mkdocs-static-i18n builds each language in turn into the same site, and each build
writes its theme's `404.html` at the root; the last (Japanese) one won, with a language
switch to whichever page was built last (`/variants.html`). Only the default
language's build writes it now. Its links stay absolute, as MkDocs makes them: a server
shows that page for a missing path at any depth (a site opened from file:// never
shows it).
"""

from __future__ import annotations

from typing import Any

from mkdocs.plugins import event_priority

DEFAULT = "en"  # mkdocs.yml's i18n default language
PAGE = "404.html"


@event_priority(-200)  # after the i18n plugin has set the language being built
def on_config(config: Any) -> Any:
    templates = config["theme"].static_templates
    if config["theme"]["language"] == DEFAULT:
        templates.add(PAGE)
    else:
        templates.discard(PAGE)
    return config
