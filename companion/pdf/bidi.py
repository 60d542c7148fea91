"""Right-to-left text as printed: Arabic joined, Arabic and Hebrew in reading order.

ReportLab draws a string's characters left to right, each as its own glyph. Arabic and
Hebrew names ("محمد", "שרה") came out reversed, and Arabic unjoined. ReportLab 5.1's own
right-to-left support needs ``rlbidi``, which is not on the package index, and its
HarfBuzz shaping (``uharfbuzz``) shapes word by word without putting the words and runs
of a line in order. So a text is made ready for it here, with the two libraries made
for the job, before it is measured, wrapped or drawn:

1. ``arabic_reshaper`` turns Arabic letters into the contextual forms Unicode encodes
   (initial, medial, final, isolated; the lam-alef ligatures), which the vendored DejaVu
   fonts have; Hebrew needs no shaping;
2. ``python-bidi`` (Unicode's bidirectional algorithm, UAX #9) puts the characters in
   the order they are seen, left to right;
3. combining marks (Arabic harakat, Hebrew points) are put after their letter (UAX #9's
   rule L3), as a left-to-right drawing expects them.

The result is plain text: measured, wrapped, set and extracted like any other. Only text
with a right-to-left character goes through this, so every other printable keeps its
bytes. A build without the two libraries (the browser build) refuses such a text in one
line instead of printing it backwards.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import cache
from typing import Protocol

from companion.core.errors import CompanionError
from companion.core.i18n import _

RTL_CLASSES = frozenset({"R", "AL"})       # Hebrew, Arabic (and other right-to-left) letters
NBSP = "\u00a0"


def is_rtl(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in RTL_CLASSES


def has_rtl(text: str) -> bool:
    """Whether ``text`` has a right-to-left letter (and so needs :func:`visual`)."""
    return any(is_rtl(ch) for ch in text)


class _Display(Protocol):
    """python-bidi's ``get_display`` as it is called here (the library ships no types)."""

    def __call__(self, text: str, base_dir: str = ...) -> str: ...


@cache
def _libraries() -> tuple[Callable[[str], str], _Display] | None:
    try:
        from arabic_reshaper import ArabicReshaper
        from bidi import get_display
    except ImportError:
        return None
    reshaper = ArabicReshaper(configuration={
        # keep the vowel marks a player typed; they follow their letter (rule L3 below)
        "delete_harakat": False,
        "shift_harakat_position": False,
        # whole-word ligatures (ALLAH …) are not in the fonts: letters only (lam-alef)
        "support_ligatures": True,
        "ARABIC LIGATURE ALLAH": False,
    })
    return reshaper.reshape, get_display


def available() -> bool:
    """Whether this build can print right-to-left text."""
    return _libraries() is not None


def visual(text: str, base: str | None = "L") -> str:
    """``text`` (logical order, as typed) in the order and forms it is printed in.
    ``base``: the direction of the line — "L" for companion's own sentences (English and
    German) that name a player; None for a name on its own (the direction of its first
    letter). Text without a right-to-left letter comes back as it is."""
    if not has_rtl(text):
        return text
    libs = _libraries()
    if libs is None:
        raise CompanionError(_("'{text}' is written right to left, which this build of companion cannot print; "
                               "print it with the installed companion").format(text=text))
    reshape, get_display = libs
    shaped = keep_together(reshape(text))
    seen = get_display(shaped, base_dir=base) if base else get_display(shaped)
    return marks_after_letters(seen)


def keep_together(text: str) -> str:
    """Spaces between two right-to-left words made no-break spaces: a name written right to
    left is wrapped as one word (its words in a line's visual order would otherwise be
    split across lines in the wrong order: the bidirectional order is per line)."""
    chars = list(text)
    for i, ch in enumerate(chars):
        if ch == " ":
            before = next((c for c in reversed(chars[:i]) if not unicodedata.combining(c)), "")
            after = next((c for c in chars[i + 1:] if not unicodedata.combining(c)), "")
            if before and after and is_rtl(before) and is_rtl(after):
                chars[i] = NBSP
    return "".join(chars)


def marks_after_letters(seen: str) -> str:
    """In visual order a right-to-left letter's combining marks come before it; put them
    after it, where a mark drawn with no advance sits on the letter before it (UAX #9, L3)."""
    out: list[str] = []
    marks: list[str] = []
    for ch in seen:
        if unicodedata.combining(ch):
            marks.append(ch)
            continue
        if marks and is_rtl(ch):
            out.append(ch)
            out.extend(marks)
        else:
            out.extend(marks)
            out.append(ch)
        marks = []
    out.extend(marks)
    return "".join(out)
