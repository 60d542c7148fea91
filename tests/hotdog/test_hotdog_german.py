"""Hot Dog in German: the referee's words and the screens' money follow the language
in effect, also for a record already replayed in another language."""

from __future__ import annotations

from companion.core import i18n
from companion.core.record import read
from companion.games.hotdog import present, rules, summaries
from companion.games.hotdog.models import HotDogRecord

RECORD = {"game": "hotdog", "players": ["Anna", "Bernd", "Chris"], "mustard": "Anna", "rounds": [
    {"bids": [{"player": "Anna", "table": 5, "hotdogs": 3, "dollars": 1}, {"player": "Bernd", "table": 5, "hotdogs": 2},
              {"player": "Chris", "table": 7, "hotdogs": 8}]}]}


def test_a_record_replayed_in_english_is_explained_in_german_once_german_is_chosen():
    i18n.set_language("en")
    english = present.game_view(RECORD)
    i18n.set_language("de")
    german = present.game_view(RECORD)
    assert english.explanation == "Game in progress after 1 round; Bernd holds the mustard card."
    assert german.explanation == "Spiel läuft, nach 1 Runde; Bernd hat die Senfkarte."
    steps = [why for _head, why, _rulings, _sold in german.round(0).steps]
    assert steps[0].startswith("Anna verkauft am 5er-Tisch an erster Stelle: Preis 2\u00a0$ (3 Hot Dogs − 1\u00a0$)")
    assert "Chris nimmt 8 Hot Dogs zurück: nur noch 7 Plätze frei (HD-8)." in steps[2]


def test_german_money_has_the_sign_after_the_amount_and_english_keeps_its_own():
    i18n.set_language("de")
    grid = summaries.money_grid(present.game_view(RECORD))
    assert [line.cells for line in grid][0] == ["5\u00a0$", "5\u00a0$", "3\u00a0$"]
    i18n.set_language("en")
    assert [line.cells for line in summaries.money_grid(present.game_view(RECORD))][0] == ["$5", "$5", "$3"]


def test_a_refusal_is_worded_in_the_language_in_effect_and_keeps_its_ruling():
    record = read(HotDogRecord, {**RECORD, "rounds": [{"bids": [
        {"player": "Anna", "table": 5, "hotdogs": 1, "dollars": 2}, {"player": "Bernd", "table": 5, "hotdogs": 1},
        {"player": "Chris", "table": 5, "hotdogs": 1}]}]}, {})
    err = rules.check_round(rules.start(record), record["rounds"][0])
    assert err is not None and err.ruling == "HD-6"
    # the refusal is a typed message, worded when it is read: in the language then
    assert err.said.id == "dollars ({dollars}) exceed hot dogs ({hotdogs}): the price may not fall below zero"
    i18n.set_language("de")
    assert err.message == "Dollar (2) mehr als Hot Dogs (1): Der Preis darf nicht unter null fallen"
    assert str(err) == "Runde 1: Anna: HD-6 Dollar (2) mehr als Hot Dogs (1): Der Preis darf nicht unter null fallen"
    i18n.set_language("en")
    assert str(err) == "round 1: Anna: HD-6 dollars (2) exceed hot dogs (1): the price may not fall below zero"
