"""Messages in two languages: one gettext domain, `nqueens`, read by everything that speaks.

English is the source language; `locale/ja/LC_MESSAGES/nqueens.po` holds the Japanese (its
compiled `.mo` is committed beside it, so the wheel and a fresh clone carry it). The
language is `--lang`, or else the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, in
gettext's order): `LANG=ja_JP.UTF-8` speaks Japanese. The API takes it from
`use_language("ja")` (a context manager), or from the locale.

Python code marks a message with `_("...")` (or `plural`, in messages.py; `N_` marks a
constant translated where it is said). The player's script marks its own with `_("...")`
and `_n("one", "many", count)`, its page with `{{_ text}}`; `extract_assets` finds these
for Babel, and `asset_messages` finds the very same ones to write their translations into
the page, so no string is copied into JavaScript by hand. docs/development.md says how
to add a message.
"""

from __future__ import annotations

import functools
import gettext
import os
import re
import string
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import IO, Any

__all__ = [
    "DOMAIN",
    "JAPANESE",
    "LANGUAGES",
    "N_",
    "JapaneseMessage",
    "_",
    "asset_messages",
    "current_language",
    "extract_assets",
    "ngettext",
    "pgettext",
    "set_language",
    "translate_template",
    "use_language",
]

DOMAIN = "nqueens"
LANGUAGES = ("en", "ja")
"""The languages spoken: English (the source) and Japanese."""
LOCALE_DIR = Path(__file__).parent / "locale"

_chosen: ContextVar[str | None] = ContextVar("nqueens_language", default=None)


def language_from_environment() -> str:
    """The language the locale asks for, as gettext reads it: "ja" or "en"."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            first = value.split(":")[0]
            code = re.split(r"[_.@-]", first)[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def check_language(lang: str) -> str:
    """`lang` if this package speaks it."""
    if lang not in LANGUAGES:
        from nqueens.errors import UnknownLanguageError

        raise UnknownLanguageError(
            _("unknown language {name}; choose one of: {names}").format(
                name=repr(lang), names=", ".join(LANGUAGES)
            )
        )
    return lang


def current_language() -> str:
    """The language messages are said in now."""
    return _chosen.get() or language_from_environment()


def set_language(lang: str | None) -> None:
    """Speak `lang` from now on (None: follow the locale again)."""
    _chosen.set(None if lang is None else check_language(lang))


@contextmanager
def use_language(lang: str | None) -> Iterator[None]:
    """Speak `lang` ("en" or "ja") inside the block (None: the language already chosen):
    the pictures, pages, traces and errors made in it.

    Examples
    --------
    >>> import nqueens
    >>> with nqueens.use_language("ja"):
    ...     title = nqueens.animate(4, max_frames=2).title
    >>> title.startswith("4 クイーン") and "バックトラック法" in title
    True
    """
    token = _chosen.set(None if lang is None else check_language(lang))
    try:
        yield
    finally:
        _chosen.reset(token)


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of `lang` (English: the messages as written)."""
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [lang])


def _(message: str) -> str:
    """`message` in the current language."""
    lang = current_language()
    return _spoken(translations(lang).gettext(message), lang)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for `count`, in the current language."""
    lang = current_language()
    return _spoken(translations(lang).ngettext(singular, plural, count), lang)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, as said in `context` (one English word can need
    two translations: the tree's root "start", the player's button "start")."""
    lang = current_language()
    return _spoken(translations(lang).pgettext(context, message), lang)


def _spoken(message: str, lang: str) -> str:
    return JapaneseMessage(message) if lang == "ja" else message


JAPANESE = "\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
"""Japanese punctuation, kana, kanji and full-width forms: the characters Japanese sets
with no space between them."""
_JAPANESE_GAP = re.compile(f"[{JAPANESE}] [{JAPANESE}]")
_FIELDS = string.Formatter()


class JapaneseMessage(str):
    """A Japanese message, whose `format` drops a space its text keeps beside a field
    where the value set there is Japanese too: the catalog spaces a field off the words
    around it, as Japanese does beside Latin words and numbers ("{board} の解" for
    "N = 8 の解"), and the same field may hold Japanese ("トーラスの 7x7 の盤面の解", not
    "盤面 の解"). Spaces inside the values are kept as given (a file's name)."""

    __slots__ = ()

    def format(self, /, *args: Any, **kwargs: Any) -> str:
        said = ""
        value_end = 0  # where the last value set ends in `said`: the message's text follows
        numbered = (str(i) for i in range(len(args)))
        for literal, field, spec, conversion in _FIELDS.parse(self):
            if value_end == len(said) and _spaced(said[-1:], literal[:2]):
                literal = literal[1:]
            said += literal
            if field is None:
                continue
            value, _key = _FIELDS.get_field(field or next(numbered), args, kwargs)
            text = _FIELDS.format_field(_FIELDS.convert_field(value, conversion), spec or "")
            if len(said) > value_end and _spaced(said[-2:], text[:1]):
                said = said[:-1]
            said += text
            value_end = len(said)
        return said


def _spaced(before: str, after: str) -> bool:
    """Whether `before + after` is a Japanese character, a space and another."""
    return bool(_JAPANESE_GAP.fullmatch(before + after))


def N_(message: str) -> str:
    """Mark `message` for the catalog, to be translated later where it is said."""
    return message


# The markers of the player's assets: `_("...")` and `_n("...", "...", count)` in its
# script, `{{_ text}}` in its page. Messages hold no double quote or backslash.
_JS_ONE = re.compile(r'\b_\(\s*"([^"\\\n]*)"')
_JS_PLURAL = re.compile(r'\b_n\(\s*"([^"\\\n]*)",\s*"([^"\\\n]*)"')
_TEMPLATE = re.compile(r"\{\{_ (.+?)\}\}", re.DOTALL)


def _asset_markers(text: str) -> Iterator[tuple[int, str | tuple[str, str]]]:
    """(offset, message) for every marked message of a script or page, in order."""
    found: list[tuple[int, str | tuple[str, str]]] = []
    found += [(m.start(), m.group(1)) for m in _JS_ONE.finditer(text)]
    found += [(m.start(), (m.group(1), m.group(2))) for m in _JS_PLURAL.finditer(text)]
    found += [(m.start(), _one_line(m.group(1))) for m in _TEMPLATE.finditer(text)]
    yield from sorted(found, key=lambda item: item[0])


def extract_assets(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str | tuple[str, str], list[str]]]:
    """Babel's extractor for the player's script and page (babel.cfg names it)."""
    text = fileobj.read().decode("utf-8")
    for offset, message in _asset_markers(text):
        line = text.count("\n", 0, offset) + 1
        yield line, "ngettext" if isinstance(message, tuple) else "_", message, []


def asset_messages(texts: list[str]) -> dict[str, str]:
    """The player script's messages and their translations, for the page's table. A
    plural's two English forms map to its forms for one and for many."""
    table: dict[str, str] = {}
    for text in texts:
        for _offset, message in _asset_markers(text):
            if isinstance(message, tuple):
                one, many = message
                table[one] = ngettext(one, many, 1)
                table[many] = ngettext(one, many, 2)
            else:
                table[message] = _(message)
    return table


def translate_template(text: str, escape: Any) -> str:
    """A page with each `{{_ text}}` replaced by its translation, escaped by `escape`."""
    return _TEMPLATE.sub(lambda m: escape(_(_one_line(m.group(1)))), text)


def _one_line(text: str) -> str:
    """A page's message as one line, however the page wraps it."""
    return " ".join(text.split())
