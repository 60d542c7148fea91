"""The sales deck editor on the static site (``companion build web``), in Debian chromium:
a deck made in the browser's own Python, kept in the browser's storage across a reload
(SA-1)."""

from __future__ import annotations

import pytest

from tests.e2e.harness import shot, type_text
from tests.web.test_web_site import SiteTable, site, static_server  # noqa: F401  (the site's fixtures)

pytestmark = pytest.mark.e2e


def test_a_deck_made_on_the_site_is_kept_across_a_reload(chromium_browser, static_server):  # noqa: F811
    with SiteTable(chromium_browser, static_server) as t:
        t.click("Sales decks")
        t.click("New deck")
        t.see("A new deck")
        type_text(t.pg, t.pg.get_by_role("textbox", name="Deck name"), "Site weather")
        type_text(t.pg, t.pg.get_by_role("textbox", name="New suits"), "sun, rain")
        t.pg.keyboard.press("Enter")
        t.button("Rename suit rain", exact=True).wait_for()
        t.scroll_to_tap = True
        t.click("Add sun 3", exact=True)
        t.click("Same again, next value", exact=True)
        t.see("Card 2 of 2: sun 4")
        t.see("No faults: companion deck check accepts this deck.")
        shot(t.pg, "web-deck-editor")
        t.reload("Site weather")                  # the editor again, from the browser's storage
        t.see("No faults: companion deck check accepts this deck.")
        t.see("sun-4: sun 4")
