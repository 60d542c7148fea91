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

The catalogs are kept with ``python -m companion.devtools.catalogs`` (extract, update, check).
"""

from __future__ import annotations

import datetime as dt
import importlib
import io
import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

# Babel is imported where a catalog is first read or a number first written, not with
# this module: English text needs neither, and Babel was 40–50 ms of every start of
# ``companion referee``, which words nothing (issue 26).
if TYPE_CHECKING:
    from babel.numbers import NumberPattern
    from babel.support import Translations

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
_current: str | None = None         # language(), remembered until a set_… call


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
    global _system, _current
    with _lock:
        _system = known(code)
        _current = None


def _from_environment() -> str:
    for name in ENVIRONMENT:
        for part in os.environ.get(name, "").split(":"):
            code = known(part)
            if code is not None:
                return code
    return "en"


def system_language() -> str:
    """The system's language: the first known code in ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` (or the one told by :func:`set_system_language`); else
    English. The environment is read when this is asked, not remembered: what is
    remembered is :func:`language`."""
    with _lock:
        told = _system
    return told if told is not None else _from_environment()


def set_language(code: str | None) -> None:
    """Use ``code`` (one of :data:`LANGUAGES`, or :data:`PSEUDO` in tests) from now on,
    in the whole process; None follows the system. An unknown code follows the system."""
    global _chosen, _current
    with _lock:
        _chosen = code if code == PSEUDO else known(code)
        _current = None


def chosen() -> str | None:
    """The language chosen with :func:`set_language`; None when following the system."""
    with _lock:
        return _chosen


def language() -> str:
    """The language in effect: the chosen one, else the system's. Worked out once and
    remembered until :func:`set_language` or :func:`set_system_language` is called
    (a screen asks it for every text it draws)."""
    code = _current
    if code is None:
        with _lock:
            code = _chosen if _chosen is not None else (_system or _from_environment())
            globals()["_current"] = code
    return code


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


class Domain:
    """The messages of one part of the app: ``folder/<lang>/LC_MESSAGES/<name>.po``.

    A catalog is read when first asked in a language and compiled in memory into
    Babel's :class:`babel.support.Translations` (gettext's own lookup, plural forms and
    contexts included); a fuzzy or empty entry is left out, so it falls back to
    English like a missing one."""

    def __init__(self, name: str, folder: Path) -> None:
        self.name = name
        self.folder = Path(folder)
        self._catalogs: dict[str, tuple[Translations, frozenset[tuple[str | None, str]]]] = {}
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"Domain({self.name!r}, {str(self.folder)!r})"

    def path(self, code: str) -> Path:
        return self.folder / code / "LC_MESSAGES" / f"{self.name}.po"

    def _catalog(self, code: str) -> tuple[Translations, frozenset[tuple[str | None, str]]]:
        found = self._catalogs.get(code)
        if found is None:
            with self._lock:
                found = self._catalogs.get(code)
                if found is None:
                    found = self._catalogs[code] = self._read(code)
        return found

    def _read(self, code: str) -> tuple[Translations, frozenset[tuple[str | None, str]]]:
        from babel.support import Translations  # noqa: PLC0415 - Babel when first needed (the module's head)

        path = self.path(code)
        if not path.is_file():
            if path.with_suffix(".mo").is_file():      # the browser build's, compiled by compile_catalog
                with path.with_suffix(".mo").open("rb") as fh:
                    translations = Translations(fh, domain=self.name)
                return translations, _held(translations)
            return Translations(), frozenset()
        compiled, held = compile_catalog(path, code, self.name)
        return Translations(io.BytesIO(compiled), domain=self.name), held

    def forget(self) -> None:
        """Read the catalogs again when next asked (after they were edited)."""
        with self._lock:
            self._catalogs.clear()

    def _pseudo(self, context: str | None, singular: str, english: str) -> str:
        # Only a message the catalogs hold comes back wrapped: one the extractor cannot
        # see (a call inside an f-string, a text that is not a literal) stays bare, and
        # the test that draws the screens in this language names it.
        if (context, singular) not in self._catalog("de")[1]:
            return english
        return f"{PSEUDO_OPEN}{english}{PSEUDO_CLOSE}"

    def gettext(self, message: str) -> str:
        code = language()
        if code == "en":
            return message
        if code == PSEUDO:
            return self._pseudo(None, message, message)
        return self._catalog(code)[0].gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        code = language()
        if code == "en":
            return singular if n == 1 else plural
        if code == PSEUDO:
            return self._pseudo(None, singular, singular if n == 1 else plural)
        return self._catalog(code)[0].ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        code = language()
        if code == "en":
            return message
        if code == PSEUDO:
            return self._pseudo(context, message, message)
        return str(self._catalog(code)[0].pgettext(context, message))


def compile_catalog(path: Path, code: str, name: str) -> tuple[bytes, frozenset[tuple[str | None, str]]]:
    """The catalog at ``path`` (a ``.po`` file) compiled as gettext's ``.mo``, without its fuzzy
    and empty entries, and every message it holds, those too: (context, singular).
    The browser build ships its catalogs compiled by this (``companion.web.archive``), so
    that a start reads them without parsing a ``.po`` and the browser has no use for
    Babel's catalog modules."""
    from babel.messages.catalog import Catalog  # noqa: PLC0415 - Babel when first needed (the module's head)
    from babel.messages.mofile import write_mo  # noqa: PLC0415
    from babel.messages.pofile import read_po  # noqa: PLC0415

    with path.open("rb") as fh:
        catalog = read_po(fh, locale=code, domain=name)
    keep = Catalog(locale=code, domain=name)
    keep.mime_headers = catalog.mime_headers
    held: set[tuple[str | None, str]] = set()
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        held.add((message.context, key))
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        if message.fuzzy or not all(strings):
            continue
        keep.add(message.id, message.string, context=message.context)
    compiled = io.BytesIO()
    write_mo(compiled, keep)
    return compiled.getvalue(), frozenset(held)


def _held(translations: Translations) -> frozenset[tuple[str | None, str]]:
    """The messages a compiled catalog holds: (context, singular). Its fuzzy and empty
    entries were left out when it was compiled (only :data:`PSEUDO` asks, in the tests,
    which read the ``.po`` files)."""
    held = set()
    for key in translations._catalog:       # gettext's: "context\x04message", or (message, n) for a plural
        message = key[0] if isinstance(key, tuple) else key
        if message:
            context, sep, singular = message.rpartition("\x04")
            held.add((context if sep else None, singular))
    return frozenset(held)


#: Everything outside the games: ``companion/locale/``.
COMPANION = Domain("companion", Path(__file__).resolve().parent.parent / "locale")
_ = COMPANION.gettext
ngettext = COMPANION.ngettext
pgettext = COMPANION.pgettext

_domains: dict[str, Domain] = {"companion": COMPANION}


def domain(package: str) -> Domain:
    """The domain of a package: ``companion`` for everything outside the games; a game's
    package (``companion.games.hotdog``, or a game of the tests') has its own, named
    after its folder and kept in its ``locale/`` folder. Every game's ``i18n`` module is
    this one line."""
    found = _domains.get(package)
    if found is None:
        with _lock:
            found = _domains.get(package)
            if found is None:
                module = sys.modules.get(package) or importlib.import_module(package)
                folder = Path(next(iter(module.__path__))).resolve()
                found = _domains[package] = Domain(package.rsplit(".", 1)[-1], folder / "locale")
    return found


# ================================================================ formatting


#: Whole numbers and dollars from -SMALL to SMALL are written once per language and
#: kept (a screen writes the same few hundred of them on every redraw: a table's chips,
#: its money grid); larger ones are written each time.
SMALL = 1000


class _Forms:
    """One language's number, dollar and date forms, worked out once (Babel's patterns
    parsed once, not for every number; small numbers written once)."""

    def __init__(self, code: str) -> None:
        from babel import Locale  # noqa: PLC0415 - Babel when first needed (the module's head)
        from babel.dates import get_datetime_format  # noqa: PLC0415
        from babel.numbers import parse_pattern  # noqa: PLC0415

        self.numbers: dict[int, str] = {}
        self.dollars: dict[int, str] = {}
        self.locale = Locale.parse("en" if code == PSEUDO else code)
        self.number = parse_pattern(self.locale.decimal_formats[None])
        self.money = parse_pattern(self.locale.currency_formats["standard"].pattern.replace(".00", ""))
        self.decimals: dict[int, NumberPattern] = {}
        self.datetime = str(get_datetime_format("medium", locale=self.locale)).replace("'", "")

    def decimal(self, digits: int) -> NumberPattern:
        found = self.decimals.get(digits)
        if found is None:
            from babel.numbers import parse_pattern  # noqa: PLC0415 - imported by __init__ already

            found = self.decimals[digits] = parse_pattern("#,##0" + ("." + "0" * digits if digits > 0 else ""))
        return found


_forms: dict[str, _Forms] = {}


def _here() -> _Forms:
    code = language()
    found = _forms.get(code)
    if found is None:
        found = _forms.setdefault(code, _Forms(code))
    return found


def number(n: int) -> str:
    """A whole number: 1,234 (English), 1.234 (German)."""
    forms = _here()
    found = forms.numbers.get(n)
    if found is None:
        found = forms.number.apply(n, forms.locale)
        if -SMALL <= n <= SMALL and type(n) is int:
            forms.numbers[n] = found
    return found


def decimal(x: float, digits: int) -> str:
    """A number with exactly ``digits`` decimals: 2.50 (English), 2,50 (German)."""
    forms = _here()
    text: str = forms.decimal(digits).apply(x, forms.locale)
    return text


def date(d: dt.date) -> str:
    """A date in the language's medium form: Nov 29, 2026 (English), 29.11.2026 (German)."""
    from babel.dates import format_date  # noqa: PLC0415 - Babel when first needed (the module's head)

    return format_date(d, format="medium", locale=_here().locale)


def datetime(moment: dt.datetime) -> str:
    """A date (as :func:`date`) and a time to the minute: Nov 29, 2026, 8:15 PM (English),
    29.11.2026, 20:15 (German)."""
    from babel.dates import format_date, format_time  # noqa: PLC0415 - Babel when first needed (the module's head)

    forms = _here()
    return forms.datetime.format(format_time(moment, format="short", locale=forms.locale),
                                 format_date(moment, format="medium", locale=forms.locale))


def money(dollars: float) -> str:
    """Whole dollars, as Hot Dog counts them: $5 (English), 5 $ (German); an amount with
    cents (an average) with two decimals: $6.50, 6,50 $."""
    forms = _here()
    if dollars != int(dollars):
        from babel.numbers import format_currency  # noqa: PLC0415 - Babel when first needed (the module's head)

        return format_currency(dollars, "USD", format=forms.locale.currency_formats["standard"].pattern,
                               locale=forms.locale, currency_digits=False)
    whole = int(dollars)
    found = forms.dollars.get(whole)
    if found is None:
        found = forms.money.apply(whole, forms.locale, currency="USD", currency_digits=False)
        if -SMALL <= whole <= SMALL:
            forms.dollars[whole] = found
    return found


def percent(share: float) -> str:
    """A share (0.78) as a whole percentage: 78% (English), 78 % (German, with a no-break
    space). The one way the app writes a percentage."""
    from babel.numbers import format_percent  # noqa: PLC0415 - Babel when first needed (the module's head)

    return format_percent(share, locale=_here().locale)


def language_name(code: str) -> str:
    """A language's name in the language in effect (Babel's): "English", in German
    „Englisch“. :data:`LANGUAGES` names each in itself, for the list to pick from."""
    from babel import Locale  # noqa: PLC0415 - Babel when first needed (the module's head)

    name = Locale.parse(code).get_display_name(_here().locale) or LANGUAGES.get(code, code)
    return name[:1].upper() + name[1:]
