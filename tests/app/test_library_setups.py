"""A game set up with a file made in the app keeps its own copy (SA-1, BU-5): editing
or deleting the file afterwards never changes a stored game, whose record names cards
by their attributes, so its replay stays identical and its table keeps the cards it
was set up with."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.core.registry import parse_record, referee
from companion.games.burger import recipefiles as burger_recipefiles
from companion.games.burger import setup_form as burger_setup_form
from companion.games.burger import setup_screen as burger_setup_screen
from companion.games.sales import actions, forms, setup_form, setup_screen, table_screen
from companion.games.sales.deckfiles import DECK, DECK_COPY, match_deck
from companion.store import library
from companion.ui.library import choices
from tests.sales_app.test_sales_screens import draw, tap, texts
from tests.tabs import tab

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def our_deck() -> dict[str, Any]:
    raw = json.loads((ASSETS / "decks" / "example-weather.json").read_text(encoding="utf-8"))
    raw["name"] = "Our weather"
    return raw


def text(raw: Any) -> str:
    return json.dumps(raw, ensure_ascii=False, indent=1) + "\n"


def test_sa1_a_sales_game_keeps_a_copy_of_its_deck_and_replays_the_same_after_it_is_edited_and_deleted(store):
    shell = tab(store)
    deck = our_deck()
    kept = library.add(store, "sales", "Our weather", text(deck))
    shell.set_ui(setup_screen.SETUP, lambda d: setup_form.SetupDraft(names=("Ann", "Ben", "Cat"), hand_size="2",
                                                        deck=f"{setup_form.STORED}{kept}"), setup_form.SetupDraft())
    setup = draw(setup_screen.SetupScreen, shell)
    assert "Our weather: 45 cards, 4 suits" in texts(setup)
    tap(setup, "Start game")
    mid = shell.state.route.args["match"]
    settings = store.match_settings(mid)
    assert settings == {DECK_COPY: text(deck)}          # a copy, no path to a file that may change
    # a sale played from the deck's cards
    for card_id in ("sun-3", "sun-5", "rain-2"):
        t = actions.open_table(shell, mid)
        d = actions.deck_of(t.match)
        assert d is not None and d.deck is not None
        actions.add_card(t, forms.CardDraft.of_deck(d.deck, card_id), d.deck)
    actions.record_sale(actions.open_table(shell, mid))
    record = store.match(mid).games[-1].record
    assert record["rounds"][0]["sales"][0]["plays"][0]["card"]["value"] == 3
    before = referee(parse_record(json.dumps(record)))

    # the deck edited: values, a suit renamed, a card gone; then deleted
    deck["cards"] = [dict(c, value=c["value"] + 10) for c in deck["cards"][1:]]
    deck["suits"][0] = "sunshine"
    library.save(store, kept, "Our weather", text(deck))
    library.delete(store, kept)

    assert store.match_settings(mid) == settings
    after = store.match(mid).games[-1].record
    assert after == record and referee(parse_record(json.dumps(after))) == before
    kept_deck = match_deck(store.match_settings(mid))
    assert kept_deck is not None and kept_deck.deck is not None
    assert kept_deck.deck.card("sun-3").value == 3 and kept_deck.name == "Our weather"
    table = draw(table_screen.TableScreen, shell, mid)
    assert not any("cannot be used" in t for t in texts(table))


def test_sa1_a_deck_with_faults_is_offered_but_cannot_start_a_game(store):
    shell = tab(store)
    broken = our_deck()
    broken["cards"][0]["suit"] = "hail"
    kept = library.add(store, "sales", "Our weather", text(broken))
    shell.set_ui(setup_screen.SETUP, lambda d: setup_form.SetupDraft(names=("Ann", "Ben", "Cat"),
                                                        deck=f"{setup_form.STORED}{kept}"), setup_form.SetupDraft())
    setup = draw(setup_screen.SetupScreen, shell)
    assert any(t.startswith("SA-1: the deck file cannot be used: cards[0] (id 'sun-1'): suit 'hail'")
               for t in texts(setup))
    tap(setup, "Start game")
    assert store.matches() == []


def test_sa1_a_game_set_up_with_a_deck_file_still_names_the_file():
    shipped = [str(ASSETS / "decks" / "example-weather.json")]
    shell_settings = setup_screen._chosen_deck(setup_form.SetupDraft(), shipped, [])[1]
    assert shell_settings == {DECK: str((ASSETS / "decks" / "example-weather.json").resolve())}


def test_bu5_a_burger_game_keeps_a_copy_of_its_recipes_after_they_are_edited_and_deleted(store):
    shell = tab(store)
    book = json.loads((ASSETS / "recipes" / "example.json").read_text(encoding="utf-8"))
    book["recipes"][0]["name"] = "Our cheeseburger"
    kept = library.add(store, "burger", "Ours", text(book))
    shell.set_ui(burger_setup_screen.SETUP, lambda u: burger_setup_form.SetupUI(
        burger_setup_form.Setup(players=("Ann", "Ben"), recipes=f"{burger_setup_form.STORED}{kept}")),
        burger_setup_form.SetupUI())
    setup = draw(burger_setup_screen.SetupScreen, shell)
    (offered,) = choices(shell, "burger")
    assert any(t.startswith(f"{offered.name}: 3 recipes (Our cheeseburger,") for t in texts(setup))
    tap(setup, "Start game")
    mid = shell.state.route.args["match"]
    assert store.match_settings(mid) == {burger_recipefiles.RECIPES_COPY: text(book)}
    record = store.match(mid).games[-1].record
    before = referee(parse_record(json.dumps(record)))

    book["recipes"] = book["recipes"][1:]
    library.save(store, kept, "Ours", text(book))
    library.delete(store, kept)

    status = burger_recipefiles.match_recipes(store.match_settings(mid))
    assert status.book is not None and status.book.recipes[0].name == "Our cheeseburger"
    assert referee(parse_record(json.dumps(store.match(mid).games[-1].record))) == before
