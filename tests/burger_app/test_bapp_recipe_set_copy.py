"""A burger game set up with a recipe set made in the app keeps its own copy (BU-5): the
set edited in the recipe editor, then deleted, never changes the stored game. Its
record keeps the cards' names, so its replay (the referee's result) stays identical,
and its table still shows, and checks stacks against, the set it was set up with."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from companion.core.registry import referee_json
from companion.games.burger import recipe_operations, recipefiles, setup_form, setup_screen, stacks
from companion.games.burger.recipes import shipped_recipes
from companion.games.burger.round_form import StackDraft
from companion.store import Store, library
from companion.ui.library import body_of, choices
from companion.ui.table import open_match
from tests.burger_app.helpers import THREE, play

DECKS = [["bottom bun", "tomato", "lettuce"], ["top bun", "rat"], ["patty"]]
TOOLS = {"Ann": "tongs", "Ben": "tongs", "Cat": "tease"}


@dataclass
class Shell:
    """What the setup's last step and the setup's list of stored sets use of the shell."""

    store: Store
    went: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def go(self, screen: str, *, say: str | None = None, **args: Any) -> None:
        self.went.append((screen, args))

    def match_started(self, game: str, match_id: int) -> None:
        pass


def _ours() -> dict[str, Any]:
    """The example copied and made ours: a 'Salad' recipe with a tomato card."""
    raw = json.loads(shipped_recipes()[0].read_text(encoding="utf-8"))
    raw = recipe_operations.add_ingredient(recipe_operations.set_name(raw, "Our copy"), "tomato")
    raw = recipe_operations.rename_recipe(recipe_operations.add_recipe(raw), 3, "Salad")
    for card in ("tomato", "lettuce"):
        raw = recipe_operations.add_to_recipe(raw, 3, card)
    assert recipe_operations.faults_of(raw).count == 0
    return raw


def _table(store: Store, match_id: int) -> tuple[str, list[str], bool]:
    """What the table shows of the recipes: the set's line, the card buttons a deck is
    entered with, and whether Ann's stack checks as a complete Salad (BU-5)."""
    status = recipefiles.match_recipes(store.match_settings(match_id))
    assert status.book is not None, status.text
    salad = stacks.stack_check(status.book, StackDraft(recipe="Salad",
                                                       cards=("bottom bun", "tomato", "lettuce", "top bun")))
    return status.text, stacks.card_names(status.book), bool(salad and salad.complete)


def test_bu5_editing_or_deleting_a_recipe_set_never_changes_a_stored_game(store):
    shell = Shell(store)
    raw = _ours()
    item_id = library.add(store, "burger", "Our copy", body_of(raw))

    # set up as the setup screen does: the stored set picked, the match keeps its copy
    setup = setup_form.Setup(players=THREE, recipes=f"{setup_form.STORED}{item_id}")
    status, settings = setup_screen._chosen_recipes(setup, choices(shell, "burger"))
    assert status.ok and settings == {recipefiles.RECIPES_COPY: body_of(raw)}
    assert setup_form.setup_errors(setup, status) == {}
    assert open_match(shell, "burger", list(THREE), setup_form.new_record(setup), settings) is None
    match_id = shell.went[-1][1]["match"]

    # a round played with it: Ann's Salad counted, stored
    record = play(store.match(match_id).current.record, DECKS, TOOLS, complete={"Ann": 1})
    store.save_game(match_id, 1, record)
    result = referee_json(json.dumps(store.match(match_id).current.record))
    shown = _table(store, match_id)
    assert shown[2] and "tomato" in shown[1] and json.loads(result)["scores"]

    # the set edited in the editor: the Salad renamed and emptied, tomato renamed
    edited = recipe_operations.rename_recipe(json.loads(library.item(store, item_id).body), 3, "Green salad")
    edited = recipe_operations.remove_from_recipe(recipe_operations.remove_from_recipe(edited, 3, 0), 3, 0)
    edited = recipe_operations.rename_ingredient(edited, 5, "cherry tomato")
    library.save(store, item_id, recipe_operations.set_name(edited, "Changed")["name"], body_of(edited))
    assert library.item(store, item_id).body != body_of(raw)
    assert referee_json(json.dumps(store.match(match_id).current.record)) == result
    assert _table(store, match_id) == shown

    # and deleted
    library.delete(store, item_id)
    assert library.items(store, "burger") == []
    assert referee_json(json.dumps(store.match(match_id).current.record)) == result
    assert _table(store, match_id) == shown
    assert store.match_settings(match_id)[recipefiles.RECIPES_COPY] == body_of(raw)
