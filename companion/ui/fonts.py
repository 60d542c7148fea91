"""The fonts the app's screens are drawn in: every name the table types, in any of
the scripts companion's shipped fonts hold, is drawn, offline.

Flutter's web client draws its own text: it has Roboto (Latin, Greek, Cyrillic) and,
for a character Roboto lacks, fetches a Noto font from Google's servers. At the table
there is no internet, so a Chinese, Japanese or Korean name was drawn as empty boxes.

Here the session registers the fonts shipped in ``assets/fonts/`` (package data,
served by the app with its other assets) and names them as the fallbacks of every
text style of the theme, tried in order after Roboto:

- DejaVu Sans: Latin with accents, Greek, Cyrillic, and also Armenian, Georgian,
  Hebrew and many symbols Roboto lacks;
- Droid Sans Fallback: Chinese and Japanese (kanji and kana);
- NanumSquare: Korean (every Hangul syllable).

Flutter then finds each character in the first of these that has it and never asks
the network for a font. Characters none of them has (emoji, Thai, Indic scripts…)
are still drawn as boxes.

The two CJK fonts are 4.7 MB, and the client downloads every font a page registers as
it starts: in the browser build (where that is a phone's download) a session registers
them only once a CJK character is to be drawn (:func:`fonts_for`): one the store holds
(a player's name, a file's, a night's) when the session starts or after an import, or
one typed into a field (:func:`make_room_for`). A character typed before that asks
Flutter for a CJK font of its own: the site's service worker answers with these
(``companion/web/site/sw.js``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.core.font_files import FONTS

if TYPE_CHECKING:
    from companion.store import Store

#: the order a character is looked for in: Flutter's own Roboto first (the app's look)
FALLBACK = ["Roboto", *FONTS]
#: the families registered only once a text needs them (CJK: Chinese, Japanese, Korean)
CJK = ("Droid Sans Fallback", "NanumSquare")

#: code points DejaVu Sans lacks that the CJK fonts draw: CJK radicals to Yi, Hangul,
#: compatibility ideographs and forms, half- and full-width forms, and the planes above
_CJK_RANGES = ((0x1100, 0x11FF), (0x2E80, 0xA4CF), (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0xF900, 0xFAFF),
               (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))


def needs_cjk(text: str) -> bool:
    """Whether ``text`` has a character only the CJK fonts draw."""
    return any(a <= ord(ch) <= b for ch in text if ord(ch) >= 0x1100 for a, b in _CJK_RANGES)


def fonts_for(texts: Iterable[str]) -> dict[str, str]:
    """The families to register for a session that draws ``texts``: DejaVu Sans always,
    the CJK fonts once one of them needs them."""
    cjk = any(needs_cjk(t) for t in texts)
    return {family: path for family, path in FONTS.items() if cjk or family not in CJK}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def stored_texts(store: Store) -> Iterator[str]:
    """The names the store holds: its matches' players and own settings (a match's deck),
    its files (decks, recipe sets: their names and contents) and its game nights."""
    with store.reading() as c:
        rows = c.execute("SELECT players FROM matches UNION ALL SELECT value FROM match_settings "
                         "UNION ALL SELECT name FROM library UNION ALL SELECT body FROM library "
                         "UNION ALL SELECT record FROM nights").fetchall()
    for (text,) in rows:
        try:
            yield from _strings(json.loads(text))
        except ValueError:
            yield text


def make_room_for(page: Any, text: str | None) -> None:
    """Register the CJK fonts on ``page`` if ``text`` needs them and they are not yet."""
    if page is None or not text or not needs_cjk(text):
        return
    fonts = dict(page.fonts or {})
    if all(family in fonts for family in CJK):
        return
    page.fonts = {**fonts, **FONTS}
    page.update()


_STYLES = [f"{group}_{size}" for group in ("display", "headline", "title", "body", "label")
           for size in ("large", "medium", "small")]


def text_theme() -> ft.TextTheme:
    """Every text style of the Material theme, with the shipped fonts to fall back on.

    Each style also names its colour, the theme's ``on surface`` (what Material's own
    text styles use): a style given here replaces the theme's whole, and one without a
    colour drew the dark theme's text near-black on its dark background."""
    return ft.TextTheme(**{name: ft.TextStyle(font_family_fallback=list(FALLBACK), color=ft.Colors.ON_SURFACE)
                           for name in _STYLES})
