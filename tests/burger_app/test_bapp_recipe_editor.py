"""The recipe editor's screen without a browser: a tab over a store, the editor drawn,
its chips and buttons tapped. Every tap saves the set to the store (the JSON the check
reads) and the faults are shown live under the recipe they are about (BU-5)."""

from __future__ import annotations

import json
from typing import Any

import flet as ft

from companion.games.burger import recipe_editor_screen
from companion.games.burger.recipe_editor_screen import EditorUI, RecipeEditor, ui_key
from companion.games.burger.recipes import problems, shipped_recipes
from companion.store import library
from tests.sales_app.test_sales_screens import controls, draw, tap, texts
from tests.tabs import tab


def press(root: Any, label: str) -> None:
    """Tap the control a screen reader names ``label`` (a chip, an icon button)."""
    (node,) = [c for c in controls(root) if isinstance(c, ft.Semantics) and c.label == label]
    node.content.on_click(None)


def body(store, item_id: int) -> dict:
    return json.loads(library.item(store, item_id).body)


def example_copy(store) -> int:
    text = shipped_recipes()[0].read_text(encoding="utf-8")
    return library.add(store, "burger", "Example recipes", text)


def test_the_editor_shows_the_set_the_bun_rules_once_and_that_it_is_ready(store):
    shell = tab(store)
    item_id = example_copy(store)
    shown = texts(draw(RecipeEditor, shell, item_id))
    assert shown.count(recipe_editor_screen.BUN_RULES) == 1 and "(BU-5)" in recipe_editor_screen.BUN_RULES
    assert "Ready to use: 3 recipes, 5 ingredient cards. Pick it when you set up a Burger game." in shown
    assert any(t.startswith("A copy of a made-up example") for t in shown)


def test_each_tap_saves_and_the_faults_follow_live(store):
    shell = tab(store)
    item_id = example_copy(store)
    press(draw(RecipeEditor, shell, item_id), "Recipe 1: add onion")
    assert body(store, item_id)["recipes"][0]["ingredients"] == ["patty", "cheese", "onion"]
    assert "example" not in body(store, item_id)                # the first edit makes it theirs

    press(draw(RecipeEditor, shell, item_id), "Ingredient card onion")
    screen = draw(RecipeEditor, shell, item_id)
    assert "Used by Cheeseburger, Garden burger: renaming it renames it there too; removing it leaves it " \
           "there, shown as a fault, until you take it out." in texts(screen)
    press(screen, "Remove onion from the list")
    assert "onion" not in body(store, item_id)["ingredients"]
    shown = texts(draw(RecipeEditor, shell, item_id))
    assert "Ingredient 3: 'onion' is not in the ingredient list: add it there or pick one that is" in shown
    assert "Ingredient 2: 'onion' is not in the ingredient list: add it there or pick one that is" in shown
    assert "2 faults to put right before a game can use this set: each is shown where it is." in shown

    press(draw(RecipeEditor, shell, item_id), "Recipe 1: take out onion")
    press(draw(RecipeEditor, shell, item_id), "Recipe 2: take out onion")
    assert problems(body(store, item_id)) == []
    assert any(t.startswith("Ready to use: 3 recipes, 4 ingredient cards") for t in texts(draw(RecipeEditor, shell,
                                                                                               item_id)))


def test_a_card_the_list_may_not_have_is_refused_before_it_is_saved(store):
    shell = tab(store)
    item_id = example_copy(store)
    before = library.item(store, item_id).body
    shell.set_ui(ui_key(item_id), lambda u: EditorUI(new_card="Top Bun"), EditorUI())
    press(draw(RecipeEditor, shell, item_id), "Add the ingredient card")
    assert library.item(store, item_id).body == before
    assert "The buns are never listed: every hamburger has them (BU-5)." in texts(draw(RecipeEditor, shell, item_id))
    shell.set_ui(ui_key(item_id), lambda u: EditorUI(new_card=" tomato "), EditorUI())
    press(draw(RecipeEditor, shell, item_id), "Add the ingredient card")
    assert body(store, item_id)["ingredients"][-1] == "tomato"
    assert shell.ui(ui_key(item_id)).new_card == ""


def test_recipes_added_duplicated_and_removed_after_asking(store):
    shell = tab(store)
    item_id = example_copy(store)
    tap(draw(RecipeEditor, shell, item_id), "New recipe")
    assert body(store, item_id)["recipes"][3] == {"name": "", "ingredients": []}
    shown = texts(draw(RecipeEditor, shell, item_id))
    assert "A recipe needs a name" in shown
    assert "A recipe needs at least one ingredient between the buns (BU-5)" in shown
    press(draw(RecipeEditor, shell, item_id), "Duplicate recipe 1")
    assert [r["name"] for r in body(store, item_id)["recipes"]][:2] == ["Cheeseburger", "Cheeseburger (copy)"]
    press(draw(RecipeEditor, shell, item_id), "Remove recipe 5")
    assert len(body(store, item_id)["recipes"]) == 5                  # asked first
    tap(draw(RecipeEditor, shell, item_id), "Remove")
    assert [r["name"] for r in body(store, item_id)["recipes"]] == [
        "Cheeseburger", "Cheeseburger (copy)", "Garden burger", "Double cheese"]


def test_a_set_deleted_meanwhile_or_one_it_cannot_edit_is_said_not_drawn(store):
    shell = tab(store)
    gone = example_copy(store)
    library.delete(store, gone)
    assert any("no saved file" in t for t in texts(draw(RecipeEditor, shell, gone)))
    odd = library.add(store, "burger", "Odd", '{"recipes": {"a": 1}}')
    shown = texts(draw(RecipeEditor, shell, odd))
    assert "Its recipes are not a list." in shown
    assert not any(t == recipe_editor_screen.BUN_RULES for t in shown)


def test_a_quick_second_tap_reaches_the_same_button_when_rows_come_above_it(store):
    """What comes and goes in the editor's lists is keyed: the first card put in an empty
    recipe draws its row above the "add" chips, a card picked draws its rename rows above
    "Add the ingredient card". The controls below keep their ids through that redraw, so a
    second quick tap, sent before the first one's redraw arrived, reaches its chip."""
    from tests.render import redrawn

    def node(root: Any, label: str) -> ft.Control:
        return next(c for c in controls(root) if isinstance(c, ft.Semantics) and c.label == label)

    shell = tab(store)
    item_id = example_copy(store)
    next(c for c in controls(draw(RecipeEditor, shell, item_id))
         if isinstance(c, ft.Button) and c.content == "New recipe").on_click(None)
    assert body(store, item_id)["recipes"][3]["ingredients"] == []
    for tapped, below in [("Recipe 4: add patty", "Recipe 4: add cheese"),
                          ("Ingredient card onion", "Add the ingredient card")]:
        before = draw(RecipeEditor, shell, item_id)
        press(before, tapped)
        after = draw(RecipeEditor, shell, item_id)
        redrawn(before, after)
        assert node(after, below)._i == node(before, below)._i, tapped
    assert body(store, item_id)["recipes"][3]["ingredients"] == ["patty"]
