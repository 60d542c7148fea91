"""Deck files (SA-1): the shipped example deck passes `companion deck check`; a broken one
lists its faults line by line; a deck card id turns into the contract's card attributes."""

from __future__ import annotations

import json

import pytest

from companion.games.sales.deck import (
    Deck,
    card_attributes,
    load_deck,
    problems,
    record_card,
    shipped_decks,
)
from tests.conftest import run_cli, run_companion
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
    proc = run_cli("deck", "check", str(shipped_decks()[0]))
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
    proc = run_cli("deck", "check", str(path))
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
    proc = run_cli("deck", "check", str(path))
    assert proc.returncode == 1 and proc.stdout == b""
    assert len(proc.stderr.decode().splitlines()) == 1 and "not valid JSON" in proc.stderr.decode()


def test_sa1_deck_card_id_gives_the_contract_card():
    """SA-1: a deck card id gives the record's attribute form, which the referee accepts."""
    deck = load_deck(shipped_decks()[0])
    assert card_attributes(deck, "rain-7") == {
        "suit": "rain", "value": 7, "discard": 0, "icons": ["umbrella"],
        "set": {"kind": "1x", "icon": "umbrella"}}
    assert card_attributes(deck, "WILD-0") == {"suit": "wild", "value": 0, "discard": 2}
    assert record_card(deck, "snow-8")["set"]["kind"] == "neighbor"
    rec = {"game": "sales", "players": ["Ann", "Ben"], "hand_size": 1, "rounds": [{"sales": [{"plays": [
        {"player": "Ann", "card": card_attributes(deck, "sun-9")},
        {"player": "Ben", "card": card_attributes(deck, "wild-3")}]}]}]}
    out = ref(rec)
    assert out["rounds"][0]["sales"][0]["winner"] == "Ben"


def test_deck_model_is_strict():
    assert isinstance(Deck.model_validate(json.loads(shipped_decks()[0].read_text())), Deck)


def _deck_file(tmp_path, **changes):
    deck = json.loads(shipped_decks()[0].read_text(encoding="utf-8"))
    deck.update(changes)
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck), encoding="utf-8")
    return path, deck


def test_deck_check_escapes_control_characters_in_every_line(tmp_path, capsys):
    """Text from the file (a deck name, a card id, a suit) never reaches the terminal raw:
    an escape sequence could clear the screen or retitle the window. A control or bidi
    character is refused in every field a player reads (companion.core.text), each
    fault naming its field, the character written as its code."""
    from companion.cli import main

    path, deck = _deck_file(tmp_path, name="Mine\x1b]0;owned\x07")
    assert main(["deck", "check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == ("name: holds a character that does not show (U+001B, a control character): "
                                 "type it again without it\n")

    deck["name"] = "Mine"
    deck["cards"][0]["id"] = "a\x1b[2J"
    deck["cards"][1]["id"] = "A\x1b[2J"
    deck["cards"][2]["suit"] = "fog\x1b[2j"
    deck["cards"][3]["icons"] = ["hat\u202e"]
    path.write_text(json.dumps(deck), encoding="utf-8")
    assert main(["deck", "check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 4
    assert all(line.isprintable() for line in err.splitlines())
    assert err.splitlines()[0].startswith("cards[0] (id 'a\\x1b[2J').id: holds a character that does not show "
                                          "(U+001B, a control character)")
    assert err.splitlines()[2].startswith("cards[2] (id 'sun-3').suit: holds a character")
    assert "(U+202E right-to-left override)" in err.splitlines()[3]

    assert main(["deck", "check", str(tmp_path / "no\x1b[2Jdeck.json")]) == 1
    assert capsys.readouterr().err.startswith(f"cannot read {tmp_path}/no\\x1b[2Jdeck.json: ")


NESTED = ["[" * 100_000, '{"name": ' * 100_000, '{"name": "x", "cards": ' + "[" * 100_000]


@pytest.mark.parametrize("text", NESTED, ids=["list", "object", "in-a-deck"])
def test_deck_check_deeply_nested_json_is_one_line(tmp_path, capsys, text):
    """Nested too deeply for the JSON reader: one line and exit 1, as the referee says it."""
    from companion.cli import main

    path = tmp_path / "deep.json"
    path.write_text(text)
    assert main(["deck", "check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == f"{path}: not valid JSON (nested too deeply)\n"


def test_deck_check_as_a_user_runs_it_never_shows_a_traceback(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    proc = run_companion("deck", "check", str(path))  # a fresh interpreter's own stack
    assert proc.returncode == 1 and proc.stdout == b""
    assert proc.stderr.decode() == f"{path}: not valid JSON (nested too deeply)\n"
    path, _ = _deck_file(tmp_path, name="Mine\r\x1b[2J")
    proc = run_cli("deck", "check", str(path))
    assert proc.returncode == 1 and proc.stdout == b"" and b"\x1b" not in proc.stderr and b"\r" not in proc.stderr
    assert proc.stderr.decode().startswith("name: holds a character that does not show (U+000D, a control character)")
