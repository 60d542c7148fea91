"""Which characters companion can draw: those of the fonts it ships.

Screens fall back on DejaVu Sans, Droid Sans Fallback and NanumSquare
(:mod:`companion.ui.fonts`), the printables on the same three
(:mod:`companion.pdf.fonts`). A character none of them has is drawn as an empty box,
so a name holding one is refused (:func:`companion.core.names.name_fault`).

Reading three font files to check a name would be slow and would pull a font parser
into the rules, so their character maps are kept, merged into code-point ranges, in
``assets/fonts/coverage.json``. ``tests/core/test_glyphs.py`` builds it again from the
font files and fails if the two differ (``python -m companion.core.glyphs`` writes it).
"""

from __future__ import annotations

import bisect
import json
import unicodedata
from collections.abc import Iterable
from functools import cache

from companion.core.paths import ASSETS

#: the shipped fonts whose characters can be drawn (the screens' fallbacks, in order)
FONT_FILES = ("DejaVuSans.ttf", "DroidSansFallbackFull.ttf", "NanumSquareR.ttf")
COVERAGE = "fonts/coverage.json"


def ranges_of(points: Iterable[int]) -> list[tuple[int, int]]:
    """Code points as sorted, merged, inclusive ranges."""
    out: list[tuple[int, int]] = []
    for p in sorted(set(points)):
        if out and p == out[-1][1] + 1:
            out[-1] = (out[-1][0], p)
        else:
            out.append((p, p))
    return out


@cache
def _ranges() -> tuple[list[int], list[int]]:
    data = json.loads((ASSETS / COVERAGE).read_text(encoding="utf-8"))
    starts = [a for a, _ in data["ranges"]]
    ends = [b for _, b in data["ranges"]]
    return starts, ends


def drawable(ch: str) -> bool:
    """Whether a shipped font has a glyph for the character ``ch``."""
    p = ord(ch)
    starts, ends = _ranges()
    i = bisect.bisect_right(starts, p) - 1
    return i >= 0 and p <= ends[i]


def undrawable(text: str) -> list[str]:
    """The characters of ``text`` no shipped font can draw, each once, in order
    (spaces and the like are kept to the fonts: every font has the space)."""
    return [ch for ch in dict.fromkeys(text) if not drawable(ch)]


def build() -> dict[str, object]:
    """The coverage file's content, from the font files (needs reportlab: a build step)."""
    from reportlab.pdfbase.ttfonts import TTFontFile  # noqa: PLC0415 - a build step's; the app never loads it here

    points: set[int] = set()
    for name in FONT_FILES:
        points |= set(TTFontFile(str(ASSETS / "fonts" / name)).charToGlyph)
    # a control character maps to an empty glyph in some fonts: it draws nothing
    points = {p for p in points if unicodedata.category(chr(p)) != "Cc"}
    return {"fonts": list(FONT_FILES), "ranges": [list(r) for r in ranges_of(points)]}


if __name__ == "__main__":
    (ASSETS / COVERAGE).write_text(json.dumps(build(), separators=(",", ":")) + "\n", encoding="utf-8")
