"""Deck files (SA-1): the shipped example deck passes `companion deck check`; a broken one
lists its faults line by line; a deck card id turns into the contract's card attributes."""

from __future__ import annotations

import json

from companion.games.sales.deck import (
    Deck,
    card_attributes,
    load_deck,
    problems,
    record_card,
    shipped_decks,
)
from tests.conftest import run_companion
from tests.sales.helpers import ref


def test_sa1_example_deck_is_shipped_and_exercises_every_feature():
    """SA-1: one example deck, labelled as an example to edit, with wilds, discard icons and
    both set kinds."""
    decks = shipped_decks()
    assert [p.name for p in decks] == ["example-weather.json"]
    deck = load_deck(decks[0])
    assert "EXAMPLE TO EDIT" in deck.description and "edit me" in deck.name
    assert any(c.suit == "wild" for c in deck.cards)
    assert any(c.discard for c in deck.cards)
    assert {c.set.kind for c in deck.cards if c.set} == {"1x", "neighbor"}


def test_sa1_deck_check_passes_the_shipped_deck():
    """`companion deck check` prints a short summary and exits 0."""
    proc = run_companion("deck", "check", str(shipped_decks()[0]))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    assert proc.stdout.decode().splitlines() == [
        "Example weather deck (edit me): 45 cards, 4 suits",
        "  sun: 10 cards, values 1–10",
        "  rain: 10 cards, values 1–10",
        "  snow: 10 cards, values 1–10",
        "  wind: 10 cards, values 1–10",
        "  wild: 5 cards, values 0–4",
        "  values 0–10 in all",
        "  discard icons: 20 on 15 cards",
        "  set cards: 3 1x, 3 neighbor",
    ]


def test_sa1_deck_check_lists_every_fault(tmp_path):
    """A broken deck: each fault on its own line on stderr, exit 1, nothing on stdout."""
    bad = {"name": "Mine", "suits": ["sun", "sun", "wild"], "icons": ["kite"], "cards": [
        {"id": "a", "suit": "rain", "value": 1},
        {"id": "b", "suit": "sun", "value": 2, "icons": ["hat"], "set": {"kind": "1x", "icon": "cap"}},
        {"id": "b", "suit": "sun", "value": 3}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    proc = run_companion("deck", "check", str(path))
    assert proc.returncode == 1 and proc.stdout == b""
    assert proc.stderr.decode().splitlines() == [
        "suits: 'sun' is listed 2 times",
        "suits: 'wild' is not a suit: wild cards are on suit for every suit (SA-4)",
        "cards[0] (id 'a'): suit 'rain' is not one of the deck's suits (sun, sun, wild) or wild",
        "cards[1] (id 'b'): the id 'b' is used by 2 cards",
        "cards[1] (id 'b'): icon 'hat' is not one of the deck's icons",
        "cards[1] (id 'b'): set icon 'cap' is not one of the deck's icons",
    ]


def test_sa1_deck_shape_faults_are_listed_together():
    """SA-1: negative values, bad suits, unknown fields: every shape fault, one line each."""
    bad = {"name": "Mine", "suits": ["sun"], "cards": [
        {"id": "a", "suit": "sun", "value": -1},
        {"id": "b", "suit": "Sun", "value": 1, "discard": -3},
        {"id": "c", "suit": "sun", "value": 1, "colour": "red"}]}
    assert problems(bad) == [
        "cards[0] (id 'a').value: must be at least 0",
        "cards[1] (id 'b').suit: must be a lowercase name or 'wild'",
        "cards[1] (id 'b').discard: must be at least 0",
        "cards[2] (id 'c').colour: is not a field here",
    ]
    assert problems([1]) == ["deck: a deck file must be a JSON object"]


def test_deck_check_not_json(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{nope")
    proc = run_companion("deck", "check", str(path))
    assert proc.returncode == 1 and proc.stdout == b""
    assert len(proc.stderr.decode().splitlines()) == 1 and "not valid JSON" in proc.stderr.decode()


def test_sa1_deck_card_id_gives_the_contract_card():
    """SA-1: a deck card id gives the record's attribute form, which the referee accepts."""
    deck = load_deck(shipped_decks()[0])
    assert card_attributes(deck, "rain-7") == {
        "suit": "rain", "value": 7, "discard": 0, "icons": ["umbrella"],
        "set": {"kind": "1x", "icon": "umbrella"}}
    assert card_attributes(deck, "WILD-0") == {"suit": "wild", "value": 0, "discard": 2}
    assert record_card(deck, "snow-8").set.kind == "neighbor"
    rec = {"game": "sales", "players": ["Ann", "Ben"], "hand_size": 1, "rounds": [{"sales": [{"plays": [
        {"player": "Ann", "card": card_attributes(deck, "sun-9")},
        {"player": "Ben", "card": card_attributes(deck, "wild-3")}]}]}]}
    out = ref(rec)
    assert out["rounds"][0]["sales"][0]["winner"] == "Ben"


def test_deck_model_is_strict():
    assert isinstance(Deck.model_validate(json.loads(shipped_decks()[0].read_text())), Deck)
