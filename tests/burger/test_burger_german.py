"""Burger in German: what the table reads and what is printed follows the language
chosen, and the referee's record stays as it is."""

from __future__ import annotations

import pytest

from companion.core import i18n
from companion.games.burger import present, printable
from companion.games.burger.state import replay
from companion.pdf import card
from companion.pdf.api import build_rules_card
from companion.pdf.card import MM
from companion.pdf.layout import FACE_MM

RECORD = {
    "game": "burger", "players": ["Anna", "Bernd", "Chris"], "first": "Anna",
    "tools": {"tongs": 2, "tease": 1}, "scoring": {"hamburger": 1, "rat": 0}, "draw_pile": 60,
    "rounds": [{"decks": [["bottom bun", "cheese"], ["patty", "rat"], ["top bun", "onion"]],
                "tools": {"Anna": "tongs", "Bernd": "tongs", "Chris": "tease"}}],
}


def test_a_round_read_in_english_is_read_again_in_german_after_the_switch():
    with i18n.using("en"):
        english = present.round_lines(present.last_round(replay(RECORD)))
    with i18n.using("de"):
        german = present.round_lines(present.last_round(replay(RECORD)))
    assert english[0].text == "Anna revealed 5 ingredients and 1 rat (rats do not count) into 3 decks (BU-2)."
    assert german[0].text == ("Anna hat 5 Zutaten und 1 Ratte (Ratten zählen nicht) auf 3 Stapel "
                              "aufgedeckt (BU-2).")
    assert "Bernd nimmt Stapel 1: Brötchenboden, cheese" in [line.text for line in german]


def test_the_referee_result_keeps_the_record_spellings_in_german():
    with i18n.using("de"):
        results = replay(RECORD).rounds
    assert results[0]["take_order"] == ["Bernd", "Anna", "Bernd"]
    assert results[0]["wastebasket"] is None


@pytest.mark.parametrize("sheet", ["a6", "a4", "letter"])
def test_the_german_rules_card_fits_its_faces(sheet):
    with i18n.using("de"):
        heights = card.face_heights(printable.rules_card())
        assert build_rules_card("burger", sheet=sheet).startswith(b"%PDF")
    assert max(heights) <= FACE_MM[1] * MM


def test_a_tool_hand_in_german_agrees_with_its_number():
    with i18n.using("de"):
        assert present.hand_text({"tongs": 1, "tease": 2}) == "1 Zange + 2 Finten"
    with i18n.using("en"):
        assert present.hand_text({"tongs": 1, "tease": 2}) == "1 tongs + 2 tease"


def test_a_german_refusal_counts_decks_from_1_and_keeps_its_ruling():
    """A player counts decks from 1; ``companion referee`` names them as the record does."""
    from companion.core.edits import say_where
    from companion.core.message import for_the_record

    bad = {**RECORD, "rounds": [{**RECORD["rounds"][0], "decks": [["", "cheese"], ["patty"], ["onion"]]}]}
    with pytest.raises(Exception) as caught:
        replay(bad)
    with i18n.using("de"):
        assert say_where(caught.value) == "Runde 1: BU-2: Stapel 1 hat eine Karte ohne Namen"
    with i18n.using("en"), for_the_record():
        assert str(caught.value) == "round 1: BU-2 deck 0 has a card with no name"


def test_german_picks_refusal_keeps_the_deck_numbers_it_names():
    """The picks are the record's deck indexes, in a player's words too (BU-4)."""
    from companion.core.edits import say
    from companion.games.burger import rules

    state = replay(RECORD).before(0)
    bad = {**RECORD["rounds"][0], "picks": [0, 0, 1], "complete": {}}
    with i18n.using("de"):
        said = say(rules.check_round(state, bad))
    assert "[0, 0, 1]" in said and "0–2" in said
