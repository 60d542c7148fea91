"""Fonts for the printables, vendored in ``assets/fonts/`` (licences beside them).

ReportLab has no automatic fallback: a string is drawn in one font, and a
character that font lacks prints as a box. So every text is set in the first
font whose character map covers all of it — DejaVu Sans (Latin with accents,
Polish, Greek, Cyrillic, and all of companion's own text), else Droid Sans
Fallback (Japanese, Chinese), else NanumSquare (Korean) — and a player's name that no font covers is
refused (:func:`check_printable`). Fonts load on first use: a sheet without CJK
names never parses the 4 MB CJK font.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.errors import CompanionError
from companion.core.glyphs import undrawable
from companion.core.i18n import _
from companion.core.paths import ASSETS

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = ASSETS / "fonts"
#: Called with a font file's path when the file is not there, before the font is read:
#: the browser build, whose package holds no font files, fetches it from its site
#: (:func:`companion.web.browser.fetch_fonts_when_printing`). None: a missing file is an error.
fetch_missing: Callable[[Path], None] | None = None


@dataclass(frozen=True)
class Face:
    name: str      # the name registered with ReportLab
    file: str
    bold: str      # the registered name of its bold face (itself if it has none)


DEJAVU = Face("DejaVuSans", "DejaVuSans.ttf", "DejaVuSans-Bold")
DEJAVU_BOLD = Face("DejaVuSans-Bold", "DejaVuSans-Bold.ttf", "DejaVuSans-Bold")
DROID = Face("DroidSansFallback", "DroidSansFallbackFull.ttf", "DroidSansFallback")
NANUM = Face("NanumSquare", "NanumSquareR.ttf", "NanumSquare")     # Korean (Hangul)
# Rules cards only: dense reference text at a full 8.5 pt (companion's own text, never a name)
CONDENSED = Face("DejaVuSansCondensed", "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold")
CONDENSED_BOLD = Face("DejaVuSansCondensed-Bold", "DejaVuSansCondensed-Bold.ttf",
                      "DejaVuSansCondensed-Bold")
# In the order they are tried (the screens' fallbacks too: companion.core.glyphs). Droid
# and Nanum have no bold here: bold CJK text in a paragraph prints regular, and a name
# head in one of them (companion.pdf.sheet.NameCell) is drawn filled and outlined, as bold
# as the Latin names beside it.
FACES = (DEJAVU, DROID, NANUM)
#: The outline that makes each of them bold, as a share of the font size (NanumSquare's
#: regular is lighter than Droid's, so its outline is heavier), looked at beside DejaVu Bold.
SYNTHETIC_BOLD_FACES = {DROID.name: 0.035, NANUM.name: 0.065}
_ALL = {f.name: f for f in (DEJAVU, DEJAVU_BOLD, DROID, NANUM, CONDENSED, CONDENSED_BOLD)}


def normal(text: str) -> str:
    """Text as printed: NFC, so that 'e' + combining diaeresis prints as one 'ë'."""
    return unicodedata.normalize("NFC", text)


@cache
def _ttfont(name: str) -> TTFont:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    face = _ALL[name]
    path = FONT_DIR / face.file
    if not path.is_file() and fetch_missing is not None:
        fetch_missing(path)
    if not path.is_file():
        raise CompanionError(f"font file missing: {path} (fonts are vendored in assets/fonts/)")
    font = TTFont(face.name, str(path))
    pdfmetrics.registerFont(font)
    return font


def charmap(name: str) -> frozenset[int]:
    """The code points the font ``name`` has a glyph for."""
    return _charmap(name)


@cache
def _charmap(name: str) -> frozenset[int]:
    # a control character maps to an empty glyph in some fonts (NanumSquare): nothing prints
    return frozenset(p for p in _ttfont(name).face.charToGlyph if unicodedata.category(chr(p)) != "Cc")


def covers(name: str, text: str) -> bool:
    cmap = charmap(name)
    return all(ord(ch) in cmap for ch in normal(text))


def face_for(text: str) -> Face | None:
    """The first face whose character map covers all of ``text``; None if none does."""
    for face in FACES:
        if covers(face.name, text):
            return face
    return None


def font_for(text: str, bold: bool = False) -> str:
    """The registered font name to set ``text`` in (registering it on first use)."""
    face = face_for(text) or DEJAVU
    name = face.bold if bold else face.name
    _ttfont(name)
    return name


def runs(text: str, bold: bool = False) -> list[tuple[str, str]]:
    """``text`` cut into runs, each with the registered font that covers it: a sentence
    that names a CJK player ("さくら wins with $8") is set in two fonts, never in boxes."""
    out: list[tuple[str, str]] = []
    for ch in normal(text):
        face = next((f for f in FACES if ord(ch) in charmap(f.name)), DEJAVU)
        name = face.bold if bold else face.name
        if out and out[-1][0] == name:
            out[-1] = (name, out[-1][1] + ch)
        else:
            out.append((name, ch))
    for name in {n for n, _ch in out}:
        _ttfont(name)
    return out


def check_printable(name: str) -> None:
    """Refuse a player's name that no vendored font can show (it would print as boxes),
    as it is printed: a right-to-left name in its joined forms and reading order
    (:mod:`companion.pdf.bidi`; refused in one line by a build that cannot order it)."""
    from companion.pdf.bidi import visual

    if face_for(visual(normal(name), None)) is not None:
        return
    missing = undrawable(normal(name))    # the fonts' merged character maps (core.glyphs)
    shown = ", ".join(f"U+{ord(ch):04X}" for ch in missing[:5])
    if not missing:  # each character is in some font, but no single font has them all
        raise CompanionError(
            _("the name '{name}' mixes scripts no single font can print together "
              "(use one script per name)").format(name=name)
        )
    raise CompanionError(
        _("the name '{name}' has characters no font here can print ({characters}); "
          "spell it in Latin, Greek, Cyrillic, Chinese, Japanese or Korean letters").format(
            name=name, characters=shown)
    )


@cache
def register_text_fonts() -> None:
    """Register the faces companion's own text uses (DejaVu Sans regular and bold)."""
    from reportlab.lib.fonts import addMapping

    _ttfont(DEJAVU.name)
    _ttfont(DEJAVU_BOLD.name)
    for bold, italic, face in ((0, 0, DEJAVU), (1, 0, DEJAVU_BOLD), (0, 1, DEJAVU), (1, 1, DEJAVU_BOLD)):
        addMapping(DEJAVU.name, bold, italic, face.name)  # <b> in a paragraph: DejaVu Sans Bold


@cache
def register_card_fonts() -> None:
    """Register the condensed faces the rules cards are set in."""
    from reportlab.lib.fonts import addMapping

    _ttfont(CONDENSED.name)
    _ttfont(CONDENSED_BOLD.name)
    for bold, italic, face in ((0, 0, CONDENSED), (1, 0, CONDENSED_BOLD), (0, 1, CONDENSED),
                               (1, 1, CONDENSED_BOLD)):
        addMapping(CONDENSED.name, bold, italic, face.name)
