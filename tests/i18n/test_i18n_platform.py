"""The platform's words in German: a refusal's place, the printables' shared parts, the
game night's sentences, the phones' lines and ``companion print --lang de``'s refusals.
English stays as it was (the rest of the suite checks it word for word)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from companion.cli import main
from companion.core import i18n
from companion.core.edits import say_where
from companion.core.errors import RecordError, RuleError
from companion.core.names import name_fault
from companion.core.words import names
from companion.net.screens import bids_line, seats_line
from companion.net.views import SeatState
from companion.pdf import api
from companion.tallies.night import ordinal, points_text
from tests.pdf.helpers import page_texts

DATE = dt.date(2026, 11, 29)


def test_a_refusal_says_where_in_german_and_a_setup_refusal_has_no_place():
    i18n.set_language("de")
    assert str(RecordError("zu viel", round=2, player="Bernd")) == "Runde 2: Bernd: zu viel"
    assert say_where(RuleError("HD-1", "zu viele")) == "HD-1: zu viele"
    assert say_where(RuleError("SA-3", "falsch", sale=3)) == "Verkauf 3: SA-3: falsch"


def test_names_ordinals_and_points_in_german():
    i18n.set_language("de")
    assert names(["Anna", "Bernd", "Chris"]) == "Anna, Bernd und Chris"
    assert [ordinal(n) for n in (1, 2, 11, 22)] == ["1.", "2.", "11.", "22."]
    assert points_text(Fraction(5, 2)) == "2,5"
    assert name_fault("Anna", ["anna"]).startswith("„Anna“ und „anna“ sehen gleich aus")
    i18n.set_language("en")
    assert [ordinal(n) for n in (1, 2, 3, 11, 22)] == ["1st", "2nd", "3rd", "11th", "22nd"]
    assert points_text(Fraction(5, 2)) == "2.5"


def test_the_phones_lines_in_german():
    i18n.set_language("de")
    assert bids_line(["Anna"], ["Bernd", "Chris"], False) == "Gebote abgegeben: Anna · es fehlen: Bernd, Chris"
    assert seats_line([SeatState("Anna", True), SeatState("Bernd", False)]) == "1 von 2 Plätzen belegt"


def test_a_printables_shared_parts_in_german_and_english_as_before():
    i18n.set_language("de")
    sheet = page_texts(api.build_score_sheet("hotdog", paper="a4", date=DATE))[0]
    assert "Datum 29.11.2026" in sheet and "companion · Seite 1" in sheet
    card = page_texts(api.build_rules_card("hotdog", date=DATE))[-1]
    assert "HAUSREGEL" in card and "companion · 29.11.2026" in card
    i18n.set_language("en")
    card = page_texts(api.build_rules_card("hotdog", date=DATE))[-1]
    assert "HOUSE RULE" in card and "companion · 2026-11-29" in card


def test_companion_print_refuses_in_the_language_printed(capsys, tmp_path):
    assert main(["print", "rules", "hotdog", "--lang", "de", "--date", "29.11.", "-o", str(tmp_path / "x.pdf")]) == 1
    assert capsys.readouterr().err == "companion print: --date „29.11.“ ist kein Datum wie 2026-11-29\n"
    assert main(["print", "rules", "hotdog", "--date", "29.11.", "-o", str(tmp_path / "x.pdf")]) == 1
    assert capsys.readouterr().err == "companion print: --date '29.11.' is not a date like 2026-11-29\n"


def test_the_game_night_sheet_prints_only_translated_text():
    from companion.core.match import MatchRecord
    from companion.pdf.night import build_night_sheet
    from companion.tallies.night import NightRecord, tally
    from tests.i18n.pseudo import uncovered
    from tests.night_records import burger_game, hotdog_match, match_of, sales_game

    matches = {i: MatchRecord.model_validate(m)
               for i, m in enumerate((hotdog_match(), match_of(sales_game()), match_of(burger_game())), 1)}
    record = NightRecord(name="Freitag bei Anna", date="2026-11-27", matches=[1, 2, 3, 4])   # 4: deleted
    i18n.set_language(i18n.PSEUDO)
    (page,) = page_texts(build_night_sheet(tally(record, matches), date=DATE))
    from companion.core.registry import games

    players = {"Anna", "anna", "Bernd", "Chris", record.name, *(spec.title for spec in games().values())}
    assert uncovered(page, {*players, i18n.date(DATE), i18n.date(dt.date(2026, 11, 27))}) is None, page
