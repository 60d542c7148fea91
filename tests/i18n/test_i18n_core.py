"""companion.core.i18n: the language (the system's, or chosen), catalogs read with
fallback to English, plural forms and contexts, the test language, and numbers,
dates and dollars in each language's form."""

from __future__ import annotations

import datetime as dt
import threading

import pytest

from companion.core import i18n
from companion.core.i18n import Domain


@pytest.fixture
def environment(monkeypatch):
    for name in i18n.ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    i18n.set_system_language(None)   # the language is worked out again from the environment
    return monkeypatch


@pytest.mark.parametrize(("variables", "expected"), [
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANGUAGE": "fr:de_AT", "LANG": "en_US.UTF-8"}, "de"),
    ({"LC_ALL": "en_GB.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_MESSAGES": "de_CH", "LANG": "fr_FR"}, "de"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
])
def test_the_system_language_is_the_first_known_one_in_the_environment(environment, variables, expected):
    for name, value in variables.items():
        environment.setenv(name, value)
    assert i18n.system_language() == expected


def test_the_browser_can_tell_the_system_language(environment):
    environment.setenv("LANG", "en_US.UTF-8")
    i18n.set_system_language("de-DE")
    assert i18n.system_language() == "de"
    i18n.set_system_language(None)
    assert i18n.system_language() == "en"


def test_a_chosen_language_wins_over_the_system_and_none_follows_it(environment):
    environment.setenv("LANG", "de_DE.UTF-8")
    i18n.set_language(None)
    assert i18n.language() == "de"
    i18n.set_language("en")
    assert i18n.language() == "en"
    i18n.set_language("xx")             # unknown: follows the system
    assert i18n.language() == "de"
    i18n.set_language(None)
    assert i18n.language() == "de"


def test_using_a_language_for_a_block_restores_the_one_before():
    i18n.set_language("en")
    with i18n.using("de"):
        assert i18n.language() == "de"
    assert i18n.chosen() == "en"


PO = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Scores"
msgstr "Punkte"

msgid "Round {n}"
msgstr "Runde {n}"

msgid "Empty"
msgstr ""

#, fuzzy
msgid "Unsure"
msgstr "Unsicher"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} Karte"
msgstr[1] "{n} Karten"

msgctxt "verb"
msgid "Deal"
msgstr "Geben"

msgctxt "noun"
msgid "Deal"
msgstr "Geschäft"
'''


@pytest.fixture
def domain(tmp_path) -> Domain:
    d = Domain("fake", tmp_path)
    d.path("de").parent.mkdir(parents=True)
    d.path("de").write_text(PO, encoding="utf-8")
    return d


def test_a_domain_translates_with_plural_forms_and_contexts(domain):
    i18n.set_language("de")
    assert domain.gettext("Scores") == "Punkte"
    assert domain.gettext("Round {n}").format(n=3) == "Runde 3"
    assert domain.ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 Karte"
    assert domain.ngettext("{n} card", "{n} cards", 5).format(n=5) == "5 Karten"
    assert domain.pgettext("verb", "Deal") == "Geben"
    assert domain.pgettext("noun", "Deal") == "Geschäft"


def test_a_missing_empty_or_fuzzy_entry_falls_back_to_english(domain, tmp_path):
    i18n.set_language("de")
    assert domain.gettext("Not there") == "Not there"
    assert domain.gettext("Empty") == "Empty"
    assert domain.gettext("Unsure") == "Unsure"
    assert domain.ngettext("{n} hand", "{n} hands", 2) == "{n} hands"
    assert Domain("none", tmp_path / "nowhere").gettext("Scores") == "Scores"


def test_english_is_the_message_itself(domain):
    i18n.set_language("en")
    assert domain.gettext("Scores") == "Scores"
    assert domain.ngettext("{n} card", "{n} cards", 2) == "{n} cards"


def test_the_test_language_wraps_every_string_the_catalogs_hold_and_only_those(domain):
    i18n.set_language(i18n.PSEUDO)
    assert domain.gettext("Round {n}").format(n=3) == "⟦Round 3⟧"
    assert domain.ngettext("{n} card", "{n} cards", 2).format(n=2) == "⟦2 cards⟧"
    assert domain.pgettext("verb", "Deal") == "⟦Deal⟧"
    # a message the extractor did not see (a call inside an f-string, a text not written
    # as a literal) is not in the catalogs: it stays bare, and the screen test names it
    assert domain.gettext("House rule:") == "House rule:"
    assert domain.pgettext("adjective", "Deal") == "Deal"
    assert i18n.PSEUDO not in i18n.LANGUAGES     # never offered to a player


def test_a_catalog_is_read_once_per_language_and_again_when_forgotten(domain):
    i18n.set_language("de")
    assert domain.gettext("Scores") == "Punkte"
    domain.path("de").write_text(PO.replace("Punkte", "Wertung"), encoding="utf-8")
    assert domain.gettext("Scores") == "Punkte"
    domain.forget()
    assert domain.gettext("Scores") == "Wertung"


def test_switching_languages_reads_no_catalog_again(domain, monkeypatch):
    """The compiled catalogs are kept per language: a table that switches between
    English and German (a printout in the other language, Settings) reads each catalog
    once, and every word comes back in the language asked for, never the other's."""
    reads: list[str] = []
    real = domain._read
    monkeypatch.setattr(domain, "_read", lambda code: reads.append(code) or real(code))
    seen = []
    for code in ("de", "en", "de", "en", "de"):
        i18n.set_language(code)
        seen.append((domain.gettext("Scores"), domain.ngettext("{n} card", "{n} cards", 2)))
    assert seen == [("Punkte", "{n} Karten"), ("Scores", "{n} cards")] * 2 + [("Punkte", "{n} Karten")]
    assert reads == ["de"]                      # English is the message itself: no catalog


def test_threads_read_one_catalog(domain):
    i18n.set_language("de")
    seen: list[str] = []
    threads = [threading.Thread(target=lambda: seen.append(domain.gettext("Scores"))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == ["Punkte"] * 8


def test_the_shipped_domains_read_their_german_catalogs():
    i18n.set_language("de")
    assert i18n._("Settings") == "Einstellungen"


@pytest.mark.parametrize(("code", "number", "decimal", "date", "moment", "money", "debt"), [
    ("en", "1,234", "2.50", "Nov 29, 2026", "Nov 29, 2026, 8:15\u202fPM", "$5", "-$1,234"),
    ("de", "1.234", "2,50", "29.11.2026", "29.11.2026, 20:15", "5\u00a0$", "-1.234\u00a0$"),
])
def test_numbers_dates_and_dollars_in_each_language(code, number, decimal, date, moment, money, debt):
    i18n.set_language(code)
    assert i18n.number(1234) == number
    assert i18n.decimal(2.5, 2) == decimal
    assert i18n.date(dt.date(2026, 11, 29)) == date
    assert i18n.money(5) == money
    assert i18n.money(-1234) == debt
    assert i18n.datetime(dt.datetime(2026, 11, 29, 20, 15)) == moment


def test_the_language_is_worked_out_once_and_again_after_a_change(environment):
    """A screen asks the language for every text it draws: it is remembered, and worked
    out again when the language or the system's is set (not read from the environment
    per text)."""
    environment.setenv("LANG", "de_DE.UTF-8")
    i18n.set_system_language(None)
    assert i18n.language() == "de"
    reads = []
    real = i18n._from_environment
    environment.setattr(i18n, "_from_environment", lambda: reads.append(1) or real())
    assert [i18n.language() for _ in range(100)] == ["de"] * 100 and reads == []
    environment.setenv("LANG", "en_US.UTF-8")
    i18n.set_system_language(None)              # the environment is read again
    assert i18n.language() == "en" and reads == [1]


def test_number_patterns_are_parsed_once_per_language():
    """Numbers and dollars are written with Babel's patterns, parsed once per language."""
    i18n.set_language("de")
    assert i18n.money(3) == "3\u00a0$" and i18n.number(1234) == "1.234"
    forms = i18n._forms["de"]
    assert i18n.money(12) == "12\u00a0$" and i18n._forms["de"] is forms


def test_small_numbers_and_dollars_are_written_once_per_language_and_kept_apart():
    """A redraw writes the same small numbers again and again: each is written once per
    language (Babel asked once) and kept with that language, never served to the other."""
    from babel.numbers import NumberPattern

    calls = []
    real = NumberPattern.apply

    def counted(self, value, *args, **kwargs):
        calls.append(value)
        return real(self, value, *args, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(NumberPattern, "apply", counted)
        mp.setattr(i18n, "_forms", {})            # nothing written before this test
        seen = []
        for code in ("de", "en", "de", "en"):
            i18n.set_language(code)
            seen.append((i18n.number(7), i18n.money(-12), i18n.number(1234), i18n.money(1234)))
    de = ("7", "-12\u00a0$", "1.234", "1.234\u00a0$")
    en = ("7", "-$12", "1,234", "$1,234")
    assert seen == [de, en, de, en]
    assert sorted(calls) == sorted([7, -12, 7, -12] + [1234, 1234] * 4)   # small ones once per language
