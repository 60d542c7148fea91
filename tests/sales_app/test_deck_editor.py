"""The sales deck editor drawn without a browser, over the real shell of ``tests/tabs.py``
and a real store: each tap is saved at once as the JSON deck check reads, the suit
picked stays picked, a fault is said beside its card, and a store that refuses says
so (SA-1)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import flet as ft
import pytest

from companion.games.sales import deck_operations as deck_edit
from companion.games.sales.deck_editor_screen import DeckEditor, EditorUI, ui_key
from companion.store import Store, library
from companion.ui.library import body_of
from tests.render import Renderer
from tests.sales_app.test_sales_screens import controls, texts
from tests.tabs import tab


@pytest.fixture
def shell(tmp_path):
    return tab(Store(tmp_path / "companion.sqlite3"))


def drawn(shell, item_id: int) -> Any:
    return Renderer().render(DeckEditor.__wrapped__, shell, item_id)


def press(root: Any, name: str) -> None:
    """The control a screen reader calls ``name`` (its label or its words), tapped."""
    found = [c.content for c in controls(root) if isinstance(c, ft.Semantics) and c.label == name]
    found += [c for c in controls(root) if getattr(c, "content", None) == name and getattr(c, "on_click", None)]
    assert found, f"nothing called {name!r}"
    found[0].on_click(None)


def kept(shell, item_id: int) -> dict:
    return json.loads(library.item(shell.store, item_id).body)


def stored(shell, raw: dict) -> int:
    return library.add(shell.store, "sales", deck_edit.name_of(raw), body_of(raw))


def named() -> dict:
    raw = deck_edit.add_icons(deck_edit.add_suits(deck_edit.set_name(deck_edit.blank(), "Weather"), "sun, rain"),
                              "sunglasses, coat")
    return raw


def test_a_value_tap_adds_the_card_to_the_stored_file_and_picks_it(shell):
    item_id = stored(shell, named())
    assert "Tap a value to add a sun card:" in texts(drawn(shell, item_id))
    press(drawn(shell, item_id), "Add sun 4")
    assert kept(shell, item_id)["cards"] == [{"id": "sun-4", "suit": "sun", "value": 4, "discard": 0, "icons": []}]
    assert library.item(shell.store, item_id).body == body_of(kept(shell, item_id))   # the file's own text
    assert shell.ui(ui_key(item_id)).card == 0
    press(drawn(shell, item_id), "Same again, next value")
    assert [c["id"] for c in kept(shell, item_id)["cards"]] == ["sun-4", "sun-5"]
    assert "Card 2 of 2: sun 5" in texts(drawn(shell, item_id))


def test_the_suit_picked_stays_picked_from_card_to_card(shell):
    item_id = stored(shell, named())
    press(drawn(shell, item_id), "Suit rain")
    press(drawn(shell, item_id), "Add rain 1")
    press(drawn(shell, item_id), "Add rain 2")
    assert [c["suit"] for c in kept(shell, item_id)["cards"]] == ["rain", "rain"]
    assert [c.label for c in controls(drawn(shell, item_id))
            if isinstance(c, ft.Semantics) and c.selected and (c.label or "").startswith("Suit ")] == ["Suit rain"]


def test_a_fault_is_said_beside_its_card_and_goes_when_put_right(shell):
    raw = named()
    raw, i = deck_edit.add_card(raw, "sun", 5)
    raw = deck_edit.toggle_icon(raw, i, "coat")
    raw, _ = deck_edit.add_card(raw, "sun", 6)
    item_id = stored(shell, raw)
    assert not [c for c in controls(drawn(shell, item_id)) if isinstance(c, ft.Semantics)
                and c.identifier == "deck-names"]          # with cards, the names part starts folded
    press(drawn(shell, item_id), "Name, suits and icons")
    press(drawn(shell, item_id), "Remove icon coat")
    assert "coat" not in kept(shell, item_id)["icons"]
    root = drawn(shell, item_id)
    (card,) = [c for c in controls(root) if isinstance(c, ft.Semantics) and c.identifier == "deck-card-0"]
    (beside,) = [c for c in controls(root) if isinstance(c, ft.Column) and card in c.controls]
    assert "icon 'coat' is not one of the deck's icons" in texts(beside)
    assert "1 fault to fix, as companion deck check finds them" in texts(root)
    raw = deck_edit.add_icon(kept(shell, item_id), "coat")
    library.save(shell.store, item_id, "Weather", body_of(raw))
    root = drawn(shell, item_id)
    assert "No faults: companion deck check accepts this deck." in texts(root)
    assert "Weather: 2 cards, 2 suits" in texts(root)


def test_a_refused_edit_is_said_beside_its_part_and_nothing_is_saved(shell):
    item_id = stored(shell, named())
    before = library.item(shell.store, item_id).body
    shell.set_ui(ui_key(item_id), lambda u: EditorUI(names_open=True, new_suit="Wild"), EditorUI())
    root = drawn(shell, item_id)
    press(root, "Add the new suits")
    assert library.item(shell.store, item_id).body == before
    assert "'wild' is not a suit: wild cards are on suit for every suit (SA-4)." in texts(drawn(shell, item_id))


def test_a_deck_deleted_meanwhile_is_not_saved_and_says_so(shell):
    item_id = stored(shell, named())
    root = drawn(shell, item_id)
    library.delete(shell.store, item_id)
    press(root, "Add sun 1")
    assert (shell.state.flash or "").startswith("Not saved: there is no saved file")
    assert "This deck is not saved here any more" in " ".join(texts(drawn(shell, item_id)))


def test_a_file_that_is_no_json_object_is_said_not_edited(shell):
    item_id = library.add(shell.store, "sales", "", "[1, 2]\n")
    root = drawn(shell, item_id)
    assert any("not a JSON object" in t for t in texts(root))
    assert not [c for c in controls(root) if isinstance(c, ft.Semantics) and (c.label or "").startswith("Add ")]


def test_the_picked_card_changed_in_place_value_suit_and_place(shell):
    raw = named()
    for v in (1, 2):
        raw, _ = deck_edit.add_card(raw, "sun", v)
    item_id = stored(shell, raw)
    press(drawn(shell, item_id), "Change its id, suit, value or place")
    press(drawn(shell, item_id), "sun-2: one value more")
    press(drawn(shell, item_id), "sun-2 suit rain")
    press(drawn(shell, item_id), "Move sun-2 up")
    assert [(c["id"], c["suit"], c["value"]) for c in kept(shell, item_id)["cards"]] == [
        ("sun-2", "rain", 3), ("sun-1", "sun", 1)]
    assert "Card 1 of 2: rain 3" in texts(drawn(shell, item_id))      # still the card picked


@pytest.mark.parametrize("language, said", [("en", "the id 'sun-1' is used by 2 cards"),
                                            ("de", "die Kennung „sun-1“ haben 2 Karten")])
def test_a_shared_id_is_said_beside_both_cards_in_the_language_in_use(shell, language, said):
    """The editor places each fault by the cards the check names, never by reading its
    line back: in German the shared id showed beside the first card only."""
    from companion.core import i18n

    raw = named()
    raw, _ = deck_edit.add_card(raw, "sun", 1)
    raw, _ = deck_edit.add_card(raw, "rain", 2)
    raw, i = deck_edit.add_card(raw, "sun", 3)
    raw = deck_edit.set_id(raw, i, "SUN-1")
    item_id = stored(shell, raw)
    with i18n.using(language):
        root = drawn(shell, item_id)
        beside = {}
        for n in range(3):
            (card,) = [c for c in controls(root) if isinstance(c, ft.Semantics) and c.identifier == f"deck-card-{n}"]
            (column,) = [c for c in controls(root) if isinstance(c, ft.Column) and card in c.controls]
            beside[n] = [t for t in texts(column) if t == said]
    assert beside == {0: [said], 1: [], 2: [said]}


def test_a_quick_second_tap_reaches_the_same_control_when_the_lists_grow(shell):
    """What comes and goes in the editor's lists is keyed, so the controls after it keep
    their ids through the redraw and a second quick tap, sent before the first one's
    redraw arrived, reaches them: a card added in the sun group lies above the rain
    cards; a suit added, above the icons' "Add"; a set picked for a card, above
    "Change its id, suit, value or place" (SA-1)."""
    from tests.render import redrawn

    def node(root: Any, name: str) -> ft.Control:
        return next(c for c in controls(root) if isinstance(c, ft.Semantics) and c.label == name
                    or getattr(c, "content", None) == name)

    raw, _ = deck_edit.add_card(named(), "sun", 4)
    raw, _ = deck_edit.add_card(raw, "rain", 1)
    item_id = stored(shell, raw)
    shell.set_ui(ui_key(item_id), lambda u: replace(u, names_open=True, card=0, new_suit="snow"), EditorUI())
    for tapped, after in [("Add sun 5", "Pick rain-1"), ("Add the new suits", "Add the new icons"),
                          ("sun-5: 1x set", "Change its id, suit, value or place")]:
        before = drawn(shell, item_id)
        press(before, tapped)
        now = drawn(shell, item_id)
        redrawn(before, now)
        assert node(now, after)._i == node(before, after)._i, tapped
    assert deck_edit.suits(kept(shell, item_id)) == ["sun", "rain", "snow"]
    assert deck_edit.card_set(kept(shell, item_id)["cards"][2])[0] == "1x"
