"""Sales in German: what a hosted table hands the phones is facts, worded on each phone
in the language chosen now, not the one the record was first replayed in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.core import i18n
from companion.games.sales.present import resolution_view
from companion.games.sales.seat import SEAT

RECORD = json.loads((Path(__file__).parents[1] / "examples" / "sales-contract.json").read_text(encoding="utf-8"))


def test_a_hosted_sale_is_explained_in_the_language_chosen_now():
    with i18n.using("en"):
        english = SEAT.resolution(RECORD, None)
    with i18n.using("de"):
        german = SEAT.resolution(RECORD, None)
    assert english is not None and german is not None
    assert german == english                                    # facts: no words in them
    players = RECORD["players"]
    with i18n.using("en"):
        assert resolution_view(english, players).explanation.startswith("Cat wins with the wild 2")
    with i18n.using("de"):
        assert resolution_view(german, players).explanation.startswith("Cat gewinnt mit Joker 2")
    assert german["winner"] == "Cat"


def _deck_lines(store: Any) -> list[str]:
    """The deck summary the sales setup shows for the first shipped deck, drawn now."""
    from companion.games.sales import setup_screen
    from tests.sales_app.test_sales_screens import draw, texts
    from tests.tabs import tab

    return [t for t in texts(draw(setup_screen.SetupScreen, tab(store))) if "45" in t]


@pytest.mark.parametrize("first, then", [("en", "de"), ("de", "en")])
def test_sa1_the_setups_deck_summary_follows_the_language_switched_to(store, first, then):
    """The deck file is read and checked once (its facts kept per file version), and its
    summary worded each time it is drawn: after switching language the setup says it in
    the new one, without a restart."""
    said = {"en": "Example weather deck (edit me): 45 cards, 4 suits",
            "de": "Beispiel-Wetterdeck (Beispiel zum Anpassen): 45 Karten, 4 Farben"}
    with i18n.using(first):
        assert _deck_lines(store) == [said[first]]
    with i18n.using(then):
        assert _deck_lines(store) == [said[then]]


def test_sa1_a_deck_file_is_checked_once_for_every_language():
    """One copy of a checked deck file serves every language: it holds facts, not lines."""
    from companion.games.sales.deck import shipped_decks
    from companion.games.sales.deckfiles import deck_file

    path = str(shipped_decks()[0])
    with i18n.using("en"):
        english = deck_file(path)
        summary = english.summary if english is not None else []
    with i18n.using("de"):
        german = deck_file(path)
        assert german is english
        assert german is not None and german.summary != summary
        assert german.summary[0].endswith("45 Karten, 4 Farben")
