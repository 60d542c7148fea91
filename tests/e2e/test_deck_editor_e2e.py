"""The sales deck editor in a real browser (Debian chromium + Playwright, web mode), on a
phone: a deck of one's own copy built card by card (SA-1), a fault shown beside its
card as it happens and put right, the deck picked at setup and played with, exported,
imported back the same, and accepted by `companion deck check`."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from tests.e2e.harness import PHONE, ROOT, shot, type_text
from tests.e2e.test_sales_e2e import SalesTable

pytestmark = pytest.mark.e2e

DECK = "Our weather"


class DeckTable(SalesTable):
    """The sales driver, with the deck editor's steps: buttons reached by scrolling the
    canvas page (a long list has only what is near the screen in its tree), names
    typed and entered, and a stored deck picked at setup."""

    deck: str | None = None

    def reach(self, found):
        for step in [300] * 15 + [-300] * 30:
            if found.count():
                break
            self.pg.mouse.move(180, 370)
            self.pg.mouse.wheel(0, step)
            self.pg.wait_for_timeout(150)
        self.into_view(found.first)
        return found.first

    def press(self, name: str) -> None:
        self.reach(self.button(name, exact=True)).click()

    def enter_names(self, label: str, text: str, last: str) -> None:
        field = self.reach(self.pg.get_by_role("textbox", name=label))
        type_text(self.pg, field, text)
        self.pg.keyboard.press("Enter")
        self.button(f"Rename {last}", exact=True).wait_for()

    def card_is(self, n: int, line: str) -> None:
        """The card just entered (the ``n``-th) reads ``line`` above its toggles."""
        self.reach(self.text(f"Card {n} of {n}: {line}", exact=True))

    def click(self, name: str, exact: bool = False) -> None:
        if name == "Start game" and self.deck is not None:      # the stored deck picked first
            self.pg.get_by_role("radio", name=self.deck).click()
            self.see(f"{self.deck}: ")
        super().click(name, exact)


def stored(server) -> list[tuple[str, str]]:
    with sqlite3.connect(server.data_dir / "companion.sqlite3") as db:
        return db.execute("SELECT name, body FROM library WHERE game='sales' ORDER BY id").fetchall()


def build(t: DeckTable) -> None:
    """Seven cards of two suits and a wild, with discard icons, icons and a set card."""
    t.click("Sales decks")
    t.click("New deck")
    t.see("A new deck")
    t.see("3 faults to fix, as companion deck check finds them")
    t.type_into("Deck name", DECK)
    t.enter_names("New suits", "sun, rain", "suit rain")
    t.enter_names("New icons", "sunglasses, umbrella, coat", "icon coat")
    t.press("Add sun 1")
    t.card_is(1, "sun 1")
    t.press("sun-1: 2 discard icons")
    t.press("sun-1 shows sunglasses")
    t.card_is(1, "sun 1 · 2 discard · sunglasses")
    t.press("Same again, next value")                     # a card like the last, one value higher
    t.card_is(2, "sun 2 · 2 discard · sunglasses")
    t.press("sun-2: 0 discard icons")
    t.press("Same again, next value")
    t.card_is(3, "sun 3 · sunglasses")
    t.press("sun-3: 1x set")                               # collects its own icon until changed
    t.press("sun-3 collects coat")
    t.card_is(3, "sun 3 · sunglasses · 1x set: coat")
    shot(t.pg, "deck-editor-phone-entry")
    t.press("Suit rain")                                   # the suit stays picked from card to card
    t.press("Add rain 1")
    t.press("rain-1 shows umbrella")
    t.press("rain-1 shows coat")
    t.card_is(4, "rain 1 · umbrella, coat")
    t.press("Add rain 2")
    t.card_is(5, "rain 2")
    t.press("Suit wild")
    t.press("Add wild 0")
    t.press("wild-0: 1 discard icon")
    t.card_is(6, "wild 0 · 1 discard")
    t.press("Same again, next value")
    t.card_is(7, "wild 1 · 1 discard")
    t.see("No faults: companion deck check accepts this deck.")


def test_a_deck_built_card_by_card_played_exported_and_imported_back(chromium_browser, app_server, tmp_path):
    with DeckTable(chromium_browser, app_server.url, PHONE) as t:
        build(t)
        # a fault as it happens, beside its card: the icon a card shows taken away
        t.press("Name, suits and icons")
        t.press("Remove icon coat")
        t.see("2 faults to fix, as companion deck check finds them")
        card = t.reach(t.pg.locator('[flt-semantics-identifier="deck-card-3"]'))
        expect(card).to_contain_text("rain-1: rain 1 · umbrella, coat")
        t.reach(t.text("icon 'coat' is not one of the deck's icons", exact=True))
        t.reach(t.text("set icon 'coat' is not one of the deck's icons", exact=True))
        shot(t.pg, "deck-editor-phone-fault")
        t.enter_names("New icons", "coat", "icon coat")      # put right: named again
        t.see("No faults: companion deck check accepts this deck.")
        expect(t.text("icon 'coat' is not one of the deck's icons", exact=True)).to_have_count(0)
        ((name, body),) = stored(app_server)
        assert name == DECK
        raw = json.loads(body)
        assert [c["id"] for c in raw["cards"]] == ["sun-1", "sun-2", "sun-3", "rain-1", "rain-2", "wild-0", "wild-1"]
        assert raw["cards"][2]["set"] == {"kind": "1x", "icon": "coat"}
        t.reach(t.pg.locator('[flt-semantics-identifier="deck-card-0"]')).click()   # the list: a tap picks a card
        t.reach(t.text("Card 1 of 7: sun 1 · 2 discard · sunglasses", exact=True))
        t.reach(t.text("Summary", exact=True))
        t.see(f"{DECK}: 7 cards, 2 suits")
        t.see("set cards: 1 1x, 0 neighbor")
        shot(t.pg, "deck-editor-phone-summary")

        # the deck at setup, played with
        t.click("Home")
        t.deck = DECK
        t.setup(["Ann", "Ben", "Cat"], hand_size=1, leader="Ann")
        t.sale(("Ann", "sun-2"), ("Ben", "sun-1"), ("Cat", "rain-2"))
        t.see("Ben wins with the sun 1")

        # exported, checked by the command line, imported back the same
        t.click("Home")
        t.click("Sales decks")
        with t.pg.expect_download() as got:
            t.click("Export")
        exported = tmp_path / got.value.suggested_filename
        got.value.save_as(exported)
        assert exported.name == f"{DECK}.json"
        assert exported.read_text(encoding="utf-8") == body
        check = subprocess.run([sys.executable, "-m", "companion", "deck", "check", str(exported)],
                               cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert check.returncode == 0, check.stdout + check.stderr
        assert check.stdout.splitlines()[0] == f"{DECK}: 7 cards, 2 suits"
        with t.pg.expect_file_chooser() as chooser:
            t.click("Import a deck file")
        chooser.value.set_files(str(exported))
        t.see(f"Imported {exported.name}.")
        t.see(DECK)
        assert [b for _, b in stored(app_server)] == [body, body]


def test_the_editor_in_the_dark_and_a_suit_renamed_on_its_cards(chromium_browser, app_server):
    with DeckTable(chromium_browser, app_server.url, PHONE, dark=True) as t:
        t.click("Sales decks")
        t.click("Copy the example: Example weather deck (edit me)")
        t.see("A copy of the example deck: change it to match your own cards.")
        t.see("No faults: companion deck check accepts this deck.")
        shot(t.pg, "deck-editor-phone-dark")
        t.press("Name, suits and icons")
        t.press("Rename suit sun")
        t.type_into("New name for sun", "heat")
        t.press("Rename suit sun now")
        t.see("No faults: companion deck check accepts this deck.")
        t.reach(t.text(re.compile(r"^heat · 10 cards$")))
        first = t.reach(t.pg.locator('[flt-semantics-identifier="deck-card-0"]'))
        expect(first).to_contain_text("heat-1: heat 1 · 2 discard · sunglasses")
        shot(t.pg, "deck-editor-phone-dark-names")
        ((_, body),) = stored(app_server)
        cards = json.loads(body)["cards"]
        assert {c["suit"] for c in cards} == {"heat", "rain", "snow", "wind", "wild"}
        assert [c["id"] for c in cards[:2]] == ["heat-1", "heat-2"]       # the ids made from it follow
