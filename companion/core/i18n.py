"""Translation: every string a player reads, in English or German.

One language for the whole process (one device, one language: the phones at a hosted
table show the host's language). :func:`set_language` picks it (None follows the
system, :func:`system_language`); :func:`language` is the one in effect.

Strings are translated through a :class:`Domain`: ``companion`` (this module's ``_``,
``ngettext``, ``pgettext``) for everything outside the games, and one per game, kept in
the game's own folder (``companion/games/<game>/i18n.py`` and ``locale/``). A domain
reads its catalog ``<folder>/<lang>/LC_MESSAGES/<name>.po`` when first asked in that
language; English is the message itself, and an entry missing or empty in a catalog
falls back to English (``tests/i18n`` forbids that in the shipped catalogs).

Formatting happens after translation, with named placeholders::

    _("{name} wins").format(name=player)
    ngettext("{n} round", "{n} rounds", n).format(n=number(n))

:func:`N_` marks a string defined at import time (a constant, a table of labels) for
the catalog without translating it; it is translated where it is shown, by the same
domain's ``_``.

:data:`PSEUDO` is a language for tests only: every message the catalogs hold comes back
wrapped in ``⟦…⟧``, so a test can see which texts on a screen went through a catalog
(a message they lack comes back bare, as does text that was never marked).

Numbers, dates and dollars are written in the language's own form: :func:`number`,
:func:`decimal`, :func:`date`, :func:`datetime`, :func:`money`, :func:`percent`.

The catalogs are kept with ``python -m companion.core.catalogs`` (extract, update, check).
"""

from __future__ import annotations

import datetime as dt
import gettext as _gettext
import os
import threading
from collections.abc import Callable
from pathlib import Path

from babel import Locale
from babel.dates import format_date, format_time, get_datetime_format
from babel.messages.pofile import read_po
from babel.numbers import format_currency, format_decimal, format_percent

#: The languages a player can choose, by code, each named in its own language.
LANGUAGES = {"en": "English", "de": "Deutsch"}

#: A language for tests only (never offered in Settings): every translated string
#: comes back wrapped in ``⟦…⟧``; numbers and dates are written as in English.
PSEUDO = "qps"
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"

#: The environment variables naming the system's language, in the order read.
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_lock = threading.Lock()
_chosen: str | None = None          # None: follow the system
_system: str | None = None          # the system's language, where it is told (the browser)


def known(code: str | None) -> str | None:
    """The language of a locale name ("de_DE.UTF-8", "de-AT", "en"), if it is one of
    :data:`LANGUAGES`; else None."""
    if not code:
        return None
    base = code.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def set_system_language(code: str | None) -> None:
    """Tell the system's language where the environment cannot (the browser build,
    from ``navigator.language``). None: read the environment again."""
    global _system
    with _lock:
        _system = known(code)


def system_language() -> str:
    """The system's language: the first known code in ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` (or the one told by :func:`set_system_language`); else English."""
    with _lock:
        told = _system
    if told is not None:
        return told
    for name in ENVIRONMENT:
        for part in os.environ.get(name, "").split(":"):
            code = known(part)
            if code is not None:
                return code
    return "en"


def set_language(code: str | None) -> None:
    """Use ``code`` (one of :data:`LANGUAGES`, or :data:`PSEUDO` in tests) from now on,
    in the whole process; None follows the system. An unknown code follows the system."""
    global _chosen
    with _lock:
        _chosen = code if code == PSEUDO else known(code)


def chosen() -> str | None:
    """The language chosen with :func:`set_language`; None when following the system."""
    with _lock:
        return _chosen


def language() -> str:
    """The language in effect: the chosen one, else the system's."""
    with _lock:
        code = _chosen
    return code if code is not None else system_language()


class using:
    """``with using("de"):`` — a language for a block (a printout), the one before restored."""

    def __init__(self, code: str | None) -> None:
        self.code = code

    def __enter__(self) -> None:
        self.before = chosen()
        set_language(self.code)

    def __exit__(self, *exc: object) -> None:
        set_language(self.before)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (translate it where shown)."""
    return message


# ================================================================ domains

_Entry = str | tuple[str, ...]


class Domain:
    """The messages of one part of the app: ``folder/<lang>/LC_MESSAGES/<name>.po``."""

    def __init__(self, name: str, folder: Path) -> None:
        self.name = name
        self.folder = Path(folder)
        self._catalogs: dict[str, tuple[dict[tuple[str | None, str], _Entry], Callable[[int], int]]] = {}
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"Domain({self.name!r}, {str(self.folder)!r})"

    def path(self, code: str) -> Path:
        return self.folder / code / "LC_MESSAGES" / f"{self.name}.po"

    def _catalog(self, code: str) -> tuple[dict[tuple[str | None, str], _Entry], Callable[[int], int]]:
        with self._lock:
            found = self._catalogs.get(code)
            if found is None:
                found = self._read(code)
                self._catalogs[code] = found
            return found

    def _read(self, code: str) -> tuple[dict[tuple[str | None, str], _Entry], Callable[[int], int]]:
        path = self.path(code)
        entries: dict[tuple[str | None, str], _Entry] = {}
        plural: Callable[[int], int] = lambda n: int(n != 1)  # noqa: E731
        if not path.is_file():
            return entries, plural
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=code, domain=self.name)
        plural = _gettext.c2py(catalog.plural_expr)
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
            string = message.string
            entries[(message.context, key)] = tuple(string) if isinstance(string, (list, tuple)) else string or ""
        return entries, plural

    def forget(self) -> None:
        """Read the catalogs again when next asked (after they were edited)."""
        with self._lock:
            self._catalogs.clear()

    def _translate(self, context: str | None, singular: str, plural: str | None, n: int) -> str:
        english = singular if plural is None or n == 1 else plural
        code = language()
        if code == PSEUDO:
            # Only a message the catalogs hold comes back wrapped: one the extractor
            # cannot see (a call inside an f-string, a text that is not a literal) stays
            # bare, and the test that draws the screens in this language names it.
            known, _unused = self._catalog("de")
            if (context, singular) not in known:
                return english
            return f"{PSEUDO_OPEN}{english}{PSEUDO_CLOSE}"
        if code == "en":
            return english
        entries, index = self._catalog(code)
        entry = entries.get((context, singular))
        if plural is None:
            return entry if isinstance(entry, str) and entry else english
        if isinstance(entry, tuple):
            i = index(n)
            if 0 <= i < len(entry) and entry[i]:
                return entry[i]
        return english

    def gettext(self, message: str) -> str:
        return self._translate(None, message, None, 1)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._translate(None, singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._translate(context, message, None, 1)


#: Everything outside the games: ``companion/locale/``.
COMPANION = Domain("companion", Path(__file__).resolve().parent.parent / "locale")
_ = COMPANION.gettext
ngettext = COMPANION.ngettext
pgettext = COMPANION.pgettext


# ================================================================ formatting

def _locale() -> Locale:
    code = language()
    return Locale.parse("en" if code == PSEUDO else code)


def number(n: int) -> str:
    """A whole number: 1,234 (English), 1.234 (German)."""
    return format_decimal(n, locale=_locale())


def decimal(x: float, digits: int) -> str:
    """A number with exactly ``digits`` decimals: 2.50 (English), 2,50 (German)."""
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return format_decimal(x, format=pattern, locale=_locale())


def date(d: dt.date) -> str:
    """A date in the language's medium form: Nov 29, 2026 (English), 29.11.2026 (German)."""
    return format_date(d, format="medium", locale=_locale())


def datetime(moment: dt.datetime) -> str:
    """A date (as :func:`date`) and a time to the minute: Nov 29, 2026, 8:15 PM (English),
    29.11.2026, 20:15 (German)."""
    loc = _locale()
    return str(get_datetime_format("medium", locale=loc)).replace("'", "").format(
        format_time(moment, format="short", locale=loc), format_date(moment, format="medium", locale=loc))


def money(dollars: float) -> str:
    """Whole dollars, as Hot Dog counts them: $5 (English), 5 $ (German); an amount with
    cents (an average) with two decimals: $6.50, 6,50 $."""
    loc = _locale()
    pattern = loc.currency_formats["standard"].pattern
    if dollars == int(dollars):
        pattern, dollars = pattern.replace(".00", ""), int(dollars)
    return format_currency(dollars, "USD", format=pattern, locale=loc, currency_digits=False)


def percent(share: float) -> str:
    """A share (0.78) as a whole percentage: 78% (English), 78 % (German, with a no-break
    space). The one way the app writes a percentage."""
    return format_percent(share, locale=_locale())
