"""The recipe editor in a real browser (Debian chromium + Playwright, a 360×740 phone): a
recipe set built from nothing with the ingredient chips, a fault shown live and put
right, the set picked at a Burger setup and a round played with its cards (BU-5),
exported, imported again byte for byte, and the exported file accepted by
`companion recipes check`. Screenshots of the editor, light and dark. (The editor in
the browser build: ``tests/web/test_editors_site.py``.)"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import run_companion
from tests.e2e.harness import PHONE, shot
from tests.e2e.test_burger_e2e import PLAYERS, Burger

pytestmark = pytest.mark.e2e

SET_NAME = "Our burgers"
CARDS = ["patty", "cheese", "tomato"]
DUPLICATE = "Another recipe is also called 'Cheeseburger': give each recipe its own name"


class Editor(Burger):
    """The Burger driver, with the recipe editor's steps."""

    def add_card(self, card: str) -> None:
        """A card typed into the new card field and added with Enter."""
        self.type_into("New ingredient card", card)
        self.pg.keyboard.press("Enter")
        self.keys += 1
        self.button(f"Ingredient card {card}", exact=True).first.wait_for()

    def new_recipe(self, number: int, name: str, cards: list[str]) -> None:
        self.click("New recipe")
        self.type_into(f"Recipe {number} name", name)
        for c in cards:
            self.add(number, c)
        if cards:
            self.see(f"Between the buns ({len(cards)} card{'s' if len(cards) > 1 else ''}); tap one to take it out:")

    def add(self, number: int, card: str) -> None:
        """``card`` added to recipe ``number``, and seen there before the next tap: the
        recipe's fault line goes with its first card, which moves the chips below it up
        (a tap sent at once can land where a chip was)."""
        self.click(f"Recipe {number}: add {card}", exact=True)
        self.button(f"Recipe {number}: take out {card}").first.wait_for()

    def library_bodies(self, data_dir) -> list[str]:
        """The recipe sets the server keeps, as stored (oldest first)."""
        with sqlite3.connect(data_dir / "companion.sqlite3") as db:
            rows = db.execute("SELECT body FROM library WHERE game='burger' ORDER BY id").fetchall()
        db.close()
        return [r[0] for r in rows]


def test_a_recipe_set_built_checked_played_exported_and_imported(chromium_browser, app_server, tmp_path):
    with Editor(chromium_browser, app_server.url, PHONE) as t:
        t.click("Burger recipe sets")
        t.see("No recipe sets yet.")
        t.click("New recipe set")
        t.pg.get_by_role("textbox", name="Name of the set").wait_for()
        t.see("No recipes yet: a recipe set needs at least one")           # a blank set's fault, live
        t.type_into("Name of the set", SET_NAME)
        for card in CARDS:
            t.add_card(card)

        t.new_recipe(1, "Cheeseburger", ["patty", "cheese"])
        t.see("Ready to use: 1 recipe, 3 ingredient cards. Pick it when you set up a Burger game.")
        # a fault shown as it happens, under its recipe: a second recipe of the same name, empty
        t.new_recipe(2, "Cheeseburger", [])
        t.see(DUPLICATE)
        t.see("A recipe needs at least one ingredient between the buns (BU-5)")
        t.see("2 faults to put right before a game can use this set: each is shown where it is.")
        shot(t.pg, "recipe-editor-phone-fault")
        # put right: renamed, and its ingredients tapped in
        t.type_into("Recipe 2 name", "Tomato burger")
        t.text(DUPLICATE).first.wait_for(state="detached")
        for card in ("tomato", "patty", "cheese"):
            t.add(2, card)
        t.see("Ready to use: 2 recipes, 3 ingredient cards. Pick it when you set up a Burger game.")
        # a card renamed in the list is renamed in its recipes
        t.click("Ingredient card cheese", exact=True)
        t.type_into("Rename cheese", "cheddar")
        t.click("Rename cheese: done")
        t.button("Recipe 1: take out cheddar").first.wait_for()
        t.pg.mouse.move(180, 300)
        t.pg.mouse.wheel(0, -20000)
        shot(t.pg, "recipe-editor-phone-light")
        (built,) = t.library_bodies(app_server.data_dir)

        # the editor in the dark, from the set's own address: a reload shows the same
        item = re.search(r"/library/burger/(\d+)", t.pg.url)
        assert item is not None, t.pg.url
        with Editor(chromium_browser, f"{app_server.base}library/burger/{item.group(1)}?host={app_server.key}",
                    PHONE, dark=True) as dark:
            dark.see("Ready to use: 2 recipes, 3 ingredient cards. Pick it when you set up a Burger game.")
            shot(dark.pg, "recipe-editor-phone-dark")
            dark.pg.mouse.move(180, 400)
            dark.pg.mouse.wheel(0, 600)
            shot(dark.pg, "recipe-editor-phone-dark-recipes")

        # exported: the same JSON the check reads, which accepts it
        t.click("All recipe sets")
        t.see(SET_NAME)
        with t.pg.expect_download() as got:
            t.click("Export")
        exported = Path(got.value.path()).read_bytes()
        assert exported.decode("utf-8") == built
        saved = tmp_path / got.value.suggested_filename
        saved.write_bytes(exported)
        assert saved.name == f"{SET_NAME}.json"
        proc = run_companion("recipes", "check", str(saved))
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.decode().splitlines() == [
            f"{SET_NAME}: 2 recipes, 3 ingredient cards",
            "  Cheeseburger: patty, cheddar",
            "  Tomato burger: tomato, patty, cheddar",
            "  Ingredients: patty, cheddar, tomato",
        ]

        # imported again: kept byte for byte
        with t.pg.expect_file_chooser() as chooser:
            t.click("Import a recipe set file")
        chooser.value.set_files(str(saved))
        t.see(f"Imported {saved.name}.")
        assert t.library_bodies(app_server.data_dir) == [built, exported.decode("utf-8")]

        # used in a Burger game: picked at setup, its cards on the deck buttons (BU-5)
        t.click("Home")
        t.click("New Burger match")
        t.pg.get_by_role("textbox", name="Player 1").wait_for()
        for i, name in enumerate(PLAYERS, 1):
            if not t.pg.get_by_role("textbox", name=f"Player {i}").count():
                t.click("Add player")
            t.type_into(f"Player {i}", name)
            t.pg.get_by_role("radio", name=name).first.wait_for()
        t.into_view(t.pg.get_by_role("radio", name=SET_NAME).first)
        t.pg.get_by_role("radio", name=SET_NAME).first.click()
        t.see(re.compile(r"^Our burgers: 2 recipes \(Cheeseburger, Tomato burger\)"))
        t.pg.wait_for_timeout(300)
        t.click("Start game")
        t.see("Round 1 · first player: Ann")
        t.tap_decks([["bottom bun", "tomato", "patty"], ["top bun"], ["cheddar"]])
        t.tools({"Ann": "tongs", "Ben": "tease", "Cat": "tease"})
        t.see("Ann alone played tongs: Ann takes all three decks (BU-4).")
        t.click("Ann: check a stack against the recipe")
        t.see("A complete Tomato burger: bottom bun, ingredients, top bun (BU-5).")
        shot(t.pg, "recipe-editor-phone-used")
        t.click("Ann: one hamburger more")
        t.see("Ann: 1 hamburger")
        t.submit(1)
        t.see("Ann finishes 1 hamburger (BU-5).")
