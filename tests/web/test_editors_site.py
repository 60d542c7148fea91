"""The deck and recipe editors on the static site (``companion build web``), in Debian
chromium: a file made in the browser's own Python, kept in the browser's storage across
a reload, exported as a download the command-line check reads (SA-1, BU-5). It starts
in a profile that has had the site before (its Python snapshot kept): its subject is
the editors, not a first visit (tests/web/test_start_site.py)."""

from __future__ import annotations

import pytest

from tests.conftest import run_companion
from tests.e2e.harness import shot, type_text
from tests.web.site import Tab, returning

pytestmark = pytest.mark.e2e


def test_a_deck_then_a_recipe_set_made_on_the_site_kept_across_a_reload_the_recipes_exported_as_checked(
        chromium_browser, static_server, warm_profile, tmp_path):
    """One tab, its Python started once (each editor's part had its own, a second or two
    of CPU the editors do not need). The deck editor: a deck made, kept across a reload.
    Then the recipe editor (the static site: Python in the browser, the store in its
    storage): the example copied, edited with a fault left in, still there after a
    reload, exported as a download that the command-line check reads (here: refuses,
    naming the fault)."""
    profile = returning(chromium_browser, warm_profile, tmp_path / "p")
    try:
        t = Tab(profile, static_server)
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

        t.click("Home")
        t.scroll_to_tap = True
        t.click("Burger recipe sets")
        t.click("Copy the example: Example recipes")
        t.pg.get_by_role("textbox", name="Name of the set").wait_for()
        t.see("A copy of a made-up example: change it to match the recipe cards of your game "
              "(your first change makes it your own set).")
        t.click("Recipe 1: add onion", exact=True)
        t.see("Between the buns (3 cards); tap one to take it out:")
        t.click("Ingredient card onion", exact=True)
        t.click("Remove onion from the list")
        fault = "Ingredient 3: 'onion' is not in the ingredient list: add it there or pick one that is"
        t.see(fault)
        t.reload("Burger recipe set")                  # kept in the browser's storage
        t.see(fault)
        shot(t.pg, "web-recipe-editor")
        t.click("All recipe sets")
        with t.pg.expect_download() as got:
            t.click("Export")
        proc = run_companion("recipes", "check", str(got.value.path()))
        assert proc.returncode == 1 and proc.stdout == b""
        assert proc.stderr.decode().splitlines() == [
            "recipes[0] (Cheeseburger).ingredients[2]: 'onion' is not in the ingredient list: "
            "add it there or pick one that is",
            "recipes[1] (Garden burger).ingredients[1]: 'onion' is not in the ingredient list: "
            "add it there or pick one that is",
        ]
        assert got.value.suggested_filename == "Example recipes.json"
    finally:
        profile.close()
