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
"""

from __future__ import annotations

import flet as ft

#: family → font file, relative to the app's assets (``companion.core.paths.ASSETS``)
FONTS = {
    "DejaVu Sans": "fonts/DejaVuSans.ttf",
    "Droid Sans Fallback": "fonts/DroidSansFallbackFull.ttf",
    "NanumSquare": "fonts/NanumSquareR.ttf",
}
#: the order a character is looked for in: Flutter's own Roboto first (the app's look)
FALLBACK = ["Roboto", *FONTS]

_STYLES = [f"{group}_{size}" for group in ("display", "headline", "title", "body", "label")
           for size in ("large", "medium", "small")]


def text_theme() -> ft.TextTheme:
    """Every text style of the Material theme, with the shipped fonts to fall back on.

    Each style also names its colour, the theme's ``on surface`` (what Material's own
    text styles use): a style given here replaces the theme's whole, and one without a
    colour drew the dark theme's text near-black on its dark background."""
    return ft.TextTheme(**{name: ft.TextStyle(font_family_fallback=list(FALLBACK), color=ft.Colors.ON_SURFACE)
                           for name in _STYLES})
