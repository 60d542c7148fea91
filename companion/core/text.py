"""What text companion keeps: one policy for every free-text field a person reads.

A player's name, a night's name, a sales deck's name, suits and icons, a recipe's
name and ingredients, a burger deck's cards: each is read off a screen, a phone or a
printed sheet, so each must show every character it holds and no character may
change how the text around it shows. A field is refused, in one line naming it,
when it holds:

- half of a UTF-16 surrogate pair (a ``"\\ud800"`` JSON escape with no other half):
  not a character at all; it cannot even be written to the saved data or sent to a
  browser;
- a control character (line break, tab, ESC, BEL, DEL…), except the line breaks of
  the few fields written as paragraphs (a deck's description, a recipe file's note:
  :data:`Prose`);
- a format character (bidi embeddings, overrides and isolates such as U+202E
  RIGHT-TO-LEFT OVERRIDE, zero-width spaces and joiners, the byte order mark, soft
  hyphen…), a line or paragraph separator, or a character that shows nothing
  (:data:`_HIDDEN_RANGES`).

Players' names follow the same character policy and the rules of their own on top
(length, glyphs the fonts draw, no two alike: :mod:`companion.core.names`); the
record models use :data:`Label` and :data:`Prose` for the other fields, so the
referee, Import, the editors and the setups refuse the same text in the same words.

A UTF-8 byte order mark at the start of a file is not part of its text: every reader
of records (``companion referee``, Import, the deck and recipe files) drops it
(:func:`decoded`).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator
from pydantic_core import PydanticCustomError

from companion.core.i18n import _

# Characters that are not in one of the refused categories but show nothing: the
# Default_Ignorable_Code_Point letters and marks of Unicode (DerivedCoreProperties)
# and the blank braille pattern. The categories refused as a whole are in
# ``_HIDDEN_CATEGORIES``.
_HIDDEN_RANGES = (
    (0x034F, 0x034F),    # combining grapheme joiner
    (0x115F, 0x1160),    # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),    # Khmer inherent vowels (shown as nothing)
    (0x2065, 0x2065),    # reserved among the invisible operators
    (0x2800, 0x2800),    # braille pattern blank: a character that looks like a space
    (0x3164, 0x3164),    # Hangul filler
    (0xFFA0, 0xFFA0),    # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),    # reserved, ignorable
    (0xE0000, 0xE00FF),  # tags and reserved (format characters, and unassigned ones)
    (0xE01F0, 0xE0FFF),  # reserved, ignorable
)

# Cc: control characters (line breaks, tab, escape, delete…). Cf: format characters,
# none of which is drawn — zero width space and (non-)joiners, left-to-right and
# right-to-left marks, bidi embeddings, overrides and isolates (U+202A–U+202E,
# U+2066–U+2069), word joiner, byte order mark, soft hyphen, Arabic letter mark.
# Cs: half of a UTF-16 pair, not a character at all. Zl, Zp: line and paragraph
# separators, which break a line like a newline. The joiners go too, though emoji
# sequences (a family, a rainbow flag) and some scripts (Persian, Indic) use them:
# a text that holds one looks like a text without it, and companion's fonts print
# neither those emoji nor those scripts. Spaces other than U+0020 (no-break,
# ideographic) are kept: they show as space. Private-use and unassigned characters
# are kept: they show as a box (and an emoji newer than this Python's Unicode tables
# is unassigned here).
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})

# Python calls every character of the hidden categories not printable, so a printable
# text can hold a hidden character only from the ranges: most texts need no look at
# each character.
_IN_HIDDEN_RANGES = re.compile(
    "[" + "".join(f"{re.escape(chr(low))}-{re.escape(chr(high))}" for low, high in _HIDDEN_RANGES) + "]"
)
_SURROGATE = re.compile("[\ud800-\udfff]")


def hidden(ch: str) -> bool:
    """``ch`` shows nothing, or changes how the text around it shows."""
    if unicodedata.category(ch) in _HIDDEN_CATEGORIES:
        return True
    code = ord(ch)
    return any(low <= code <= high for low, high in _HIDDEN_RANGES)


def first_hidden(text: str, *, lines: bool = False) -> str | None:
    """The first character of ``text`` that :func:`hidden` refuses, or None;
    ``lines``: a line break (``\\n``) is allowed (a paragraph)."""
    if text.isprintable() and not _IN_HIDDEN_RANGES.search(text):
        return None
    return next((ch for ch in text if hidden(ch) and not (lines and ch == "\n")), None)


def shown(text: str) -> str:
    """A text as quoted in a message: its hidden characters written as escapes
    ('Anna\\u200b'), so the reader sees where they are (and a half of a UTF-16 pair
    never reaches a file, a terminal or a browser)."""
    return "".join(
        ch.encode("unicode_escape").decode("ascii") if hidden(ch) else ch for ch in text
    )


def what(ch: str) -> str:
    """'U+200B zero width space', 'U+0007, a control character', 'U+D800, half of a
    UTF-16 surrogate pair'."""
    category = unicodedata.category(ch)
    label = unicodedata.name(ch, "").lower()
    if category == "Cs":
        return f"U+{ord(ch):04X}, " + _("half of a UTF-16 surrogate pair, not a character")
    if not label:
        label = _("a control character") if category == "Cc" else _("an unnamed character")
        return f"U+{ord(ch):04X}, {label}"
    return f"U+{ord(ch):04X} {label}"


def text_fault(text: str, *, lines: bool = False) -> str | None:
    """Why ``text`` cannot be kept as a field a person reads (the reason, to follow the
    field's name: "suit holds a character that does not show …"), or None."""
    bad = first_hidden(text, lines=lines)
    if bad is None:
        return None
    return _("holds a character that does not show ({character}): type it again without it").format(
        character=what(bad))


def has_surrogate(text: str) -> bool:
    return _SURROGATE.search(text) is not None


@functools.lru_cache(maxsize=8192)
def _clean_short(value: str, lines: bool) -> bool:
    return first_hidden(value, lines=lines) is None


def _clean(value: str, lines: bool) -> bool:
    """Whether ``value`` holds no hidden character. The same few names, suits and icons
    are checked again in every record a replay reads, so for a short text the answer
    (a fact about the string, in no language) is remembered; a long one is looked at
    each time, never kept."""
    return _clean_short(value, lines) if len(value) <= 64 else first_hidden(value, lines=lines) is None


def label(value: str) -> str:
    """``value`` if a one-line field may hold it; else pydantic's error (see :data:`Label`)."""
    if _clean(value, False):
        return value
    fault = text_fault(value)
    if fault is not None:
        raise PydanticCustomError("text_hidden", fault)
    return value


def prose(value: str) -> str:
    """``value`` if a paragraph field may hold it; else pydantic's error (see :data:`Prose`)."""
    if _clean(value, True):
        return value
    fault = text_fault(value, lines=True)
    if fault is not None:
        raise PydanticCustomError("text_hidden", fault)
    return value


#: A one-line field a person reads (a suit, an icon, a deck's or recipe's name, an
#: ingredient, a night's name): refused when it holds a character :func:`hidden` refuses.
Label = Annotated[str, AfterValidator(label)]
#: A paragraph a person reads (a deck's description, a recipe file's note): the same,
#: line breaks allowed.
Prose = Annotated[str, AfterValidator(prose)]


def decoded(data: str | bytes) -> str:
    """A file's text: UTF-8, without the byte order mark some editors put first (it is
    not part of the text: ``companion referee`` and Import read a file with one the
    same as without). Raises ``UnicodeDecodeError`` for bytes that are not UTF-8."""
    text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    return text[1:] if text.startswith("\ufeff") else text
