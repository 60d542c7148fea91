"""Editing a recipe set as plain data (the recipe editor's operations): each edit, the
refusals asked before an add or a rename (BU-5: the buns and rats are never listed),
and the check's faults mapped to the recipe, the card or the set they are about; a
property over random edit sequences."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.burger import recipe_operations as edit
from companion.games.burger.library import LIBRARY
from companion.games.burger.recipes import RecipeBook, faults, ingredient_list, problems, shipped_recipes
from tests.conftest import property_examples


def example() -> dict:
    return json.loads(shipped_recipes()[0].read_text(encoding="utf-8"))


OLD = {"note": "written by hand", "recipes": [{"name": "Cheeseburger", "ingredients": ["patty", "cheese"]},
                                              {"name": "Salad", "ingredients": ["lettuce", "Cheese"]}]}


def test_an_edit_never_changes_its_argument_and_keeps_the_format_order():
    raw = example()
    before = json.dumps(raw)
    out = edit.add_to_recipe(edit.rename_recipe(raw, 0, "Big cheese"), 0, "onion")
    assert json.dumps(raw) == before
    assert list(out) == ["name", "note", "ingredients", "recipes"]     # the example mark goes
    assert out["recipes"][0] == {"name": "Big cheese", "ingredients": ["patty", "cheese", "onion"]}


def test_the_first_edit_of_a_copied_example_makes_it_the_players_own():
    raw = example()
    assert raw["example"] is True
    out = edit.set_name(raw, "Our copy")
    assert "example" not in out and out["name"] == "Our copy"
    assert RecipeBook.model_validate(out).example is False
    assert edit.set_note(out, "from the box")["note"] == "from the box"


def test_recipes_added_renamed_duplicated_removed():
    raw = edit.add_recipe(edit.blank())
    assert raw["recipes"] == [{"name": "", "ingredients": []}]
    raw = edit.rename_recipe(raw, 0, "Cheeseburger")
    raw = edit.add_to_recipe(edit.add_to_recipe(raw, 0, "patty"), 0, "patty")      # repeats allowed
    assert raw["recipes"][0]["ingredients"] == ["patty", "patty"]
    raw = edit.duplicate_recipe(edit.duplicate_recipe(raw, 0), 0)
    assert [r["name"] for r in raw["recipes"]] == ["Cheeseburger", "Cheeseburger (copy 2)", "Cheeseburger (copy)"]
    assert raw["recipes"][1]["ingredients"] == ["patty", "patty"]
    raw = edit.remove_from_recipe(raw, 1, 0)
    assert raw["recipes"][1]["ingredients"] == ["patty"]
    assert raw["recipes"][0]["ingredients"] == ["patty", "patty"]
    raw = edit.remove_recipe(raw, 0)
    assert [r["name"] for r in raw["recipes"]] == ["Cheeseburger (copy 2)", "Cheeseburger (copy)"]


def test_renaming_an_ingredient_card_renames_it_in_every_recipe():
    raw = edit.rename_ingredient(example(), 0, "  beef   patty ")
    assert raw["ingredients"][0] == "beef patty"
    assert raw["recipes"][0]["ingredients"] == ["beef patty", "cheese"]
    assert raw["recipes"][2]["ingredients"] == ["beef patty", "beef patty", "cheese", "lettuce"]
    assert problems(raw) == []


def test_an_older_file_gets_its_list_from_the_recipes_at_the_first_change_to_it():
    """A file without an ingredient list (written before there was one) stays valid; the
    editor offers the recipes' cards, each once in any case, and a change to the list
    writes it out."""
    assert problems(OLD) == [] and ingredient_list(OLD) == ["patty", "cheese", "lettuce"]
    raw = edit.add_ingredient(OLD, "onion")
    assert raw["ingredients"] == ["patty", "cheese", "lettuce", "onion"]
    assert problems(raw) == []
    renamed = edit.rename_ingredient(OLD, 1, "cheddar")
    assert [r["ingredients"] for r in renamed["recipes"]] == [["patty", "cheddar"], ["lettuce", "cheddar"]]


def test_removing_a_card_in_use_leaves_the_recipes_and_says_where_it_still_is():
    raw = edit.remove_ingredient(example(), 3)          # onion, in the Garden burger
    assert "onion" not in raw["ingredients"]
    assert raw["recipes"][1]["ingredients"] == ["lettuce", "onion", "mushroom"]
    found = edit.faults_of(raw)
    assert found.of_recipe(1) == ("Ingredient 2: 'onion' is not in the ingredient list: add it there or pick "
                                  "one that is",)
    assert found.lines == ("recipes[1] (Garden burger).ingredients[1]: 'onion' is not in the ingredient list: "
                           "add it there or pick one that is",)
    assert edit.used_by(example(), "Onion") == ["Garden burger"]
    assert problems(edit.add_ingredient(raw, "onion")) == []


def test_what_a_card_may_not_be_is_asked_before_it_is_added_or_renamed():
    raw = example()
    assert edit.add_refused(raw, "  ") == "A card needs a name."
    assert edit.add_refused(raw, "Rat") == "The rats are never listed: a rat is never an ingredient (BU-5)."
    assert edit.add_refused(raw, "top  bun") == "The buns are never listed: every hamburger has them (BU-5)."
    assert edit.add_refused(raw, "ONION") == "'onion' is already in the list."
    assert edit.add_refused(raw, "tomato") is None
    assert edit.rename_refused(raw, 3, "Onion") is None            # itself, another case
    assert edit.rename_refused(raw, 3, "patty") == "'patty' is already in the list."
    assert edit.rename_refused(raw, 3, "bottom bun") == "The buns are never listed: every hamburger has them (BU-5)."


def test_faults_are_mapped_to_their_recipe_card_or_the_set():
    raw = {"name": "Mine", "ingredients": ["patty", "Patty", "rat"], "recipes": [
        {"name": "Cheeseburger", "ingredients": ["patty", "onion"]},
        {"name": "cheeseburger", "ingredients": []},
        {"name": "", "ingredients": ["top bun"]}]}
    found = edit.faults_of(raw)
    assert found.whole == ()
    assert found.listed == {1: ("Card 2: 'Patty' is listed twice: keep it once",),
                            2: ("Card 3: a rat is never an ingredient: it goes under the wastebasket (BU-5)",)}
    assert found.of_recipe(0) == ("Ingredient 2: 'onion' is not in the ingredient list: add it there or pick "
                                  "one that is",)
    assert found.of_recipe(1) == ("Another recipe is also called 'cheeseburger': give each recipe its own name",
                                  "A recipe needs at least one ingredient between the buns (BU-5)")
    assert found.of_recipe(2) == ("A recipe needs a name",
                                  "Ingredient 1: 'top bun': leave the buns out, every hamburger has them (BU-5)")
    assert found.lines == tuple(problems(raw)) and found.count == 7
    assert edit.faults_of(edit.blank()).whole == ("No recipes yet: a recipe set needs at least one",)


def test_what_the_editor_cannot_change():
    assert edit.editable(example()) is None and edit.editable(edit.blank()) is None
    assert edit.editable([1]) == "This file is not a recipe set (not a JSON object)."
    assert edit.editable({"recipes": {"a": 1}}) == "Its recipes are not a list."
    assert edit.editable({"recipes": [{"name": "A", "ingredients": [1]}]}) == (
        "Recipe 1 is not a name and a list of ingredients.")
    assert edit.editable({"ingredients": "patty", "recipes": []}) == (
        "Its ingredient list is not a list of card names.")


def test_the_library_part_checks_like_the_command_line():
    good, bad = example(), edit.add_recipe(example())
    assert LIBRARY.check(good) == [] and LIBRARY.check(bad) == problems(bad) != []
    assert LIBRARY.name_of(good) == "Example recipes" and LIBRARY.name_of(edit.blank()) == ""
    assert LIBRARY.summary(good)[1] == "  Cheeseburger: patty, cheese"
    assert LIBRARY.examples() == shipped_recipes()
    assert LIBRARY.blank() == edit.blank() and LIBRARY.check(LIBRARY.blank()) != []


# ---------------------------------------------------------------- random edit sequences

CARDS = ["patty", "cheese", "Lettuce", "onion", "rat", "top bun", "", "  pickle "]
NAMES = ["Cheeseburger", "cheeseburger", "", "Garden"]

steps = st.one_of(
    st.tuples(st.just("name"), st.sampled_from(NAMES)),
    st.tuples(st.just("add_card"), st.sampled_from(CARDS)),
    st.tuples(st.just("rename_card"), st.integers(0, 9), st.sampled_from(CARDS)),
    st.tuples(st.just("remove_card"), st.integers(0, 9)),
    st.tuples(st.just("add_recipe"), st.sampled_from(NAMES)),
    st.tuples(st.just("rename_recipe"), st.integers(0, 9), st.sampled_from(NAMES)),
    st.tuples(st.just("remove_recipe"), st.integers(0, 9)),
    st.tuples(st.just("duplicate"), st.integers(0, 9)),
    st.tuples(st.just("add_to"), st.integers(0, 9), st.integers(0, 9)),
    st.tuples(st.just("take_out"), st.integers(0, 9), st.integers(0, 9)),
)


def apply(raw: dict, step: tuple) -> dict:
    """One step as the editor takes it: an index past the end is no tap; an add or
    rename of a card is asked about first, and refused ones change nothing."""
    what, *args = step
    cards, recipes = ingredient_list(raw), raw.get("recipes", [])
    if what == "name":
        return edit.set_name(raw, args[0])
    if what == "add_card":
        return raw if edit.add_refused(raw, args[0]) else edit.add_ingredient(raw, args[0])
    if what == "rename_card":
        i, card = args
        if i >= len(cards) or edit.rename_refused(raw, i, card):
            return raw
        return edit.rename_ingredient(raw, i, card)
    if what == "remove_card":
        return edit.remove_ingredient(raw, args[0]) if args[0] < len(cards) else raw
    if what == "add_recipe":
        return edit.add_recipe(raw, args[0])
    r = args[0]
    if r >= len(recipes):
        return raw
    if what == "rename_recipe":
        return edit.rename_recipe(raw, r, args[1])
    if what == "remove_recipe":
        return edit.remove_recipe(raw, r)
    if what == "duplicate":
        return edit.duplicate_recipe(raw, r)
    if what == "add_to":
        return edit.add_to_recipe(raw, r, cards[args[1]]) if args[1] < len(cards) else raw
    j = args[1]
    return edit.remove_from_recipe(raw, r, j) if j < len(recipes[r]["ingredients"]) else raw


@settings(max_examples=property_examples(400))
@given(st.sampled_from(["example", "blank", "old"]), st.lists(steps, max_size=25))
def test_random_edits_keep_a_recipe_set_the_editor_and_the_check_agree_on(start, sequence):
    """Whatever a player taps: the set stays one the editor can show; the JSON the store
    keeps reads back the same; every line of the check is shown once, under its recipe,
    its card or the set; the ingredient list (taps asked first) never gets a blank, a
    bun, a rat or a card twice (BU-5); no recipe ever holds a bun or a rat; and a set
    the check passes is a recipe file ``load``-able as a RecipeBook."""
    raw = {"example": example(), "blank": edit.blank(), "old": json.loads(json.dumps(OLD))}[start]
    for step in sequence:
        before = json.dumps(raw)
        raw = apply(raw, step)
        assert edit.editable(raw) is None
        assert json.loads(json.dumps(raw, ensure_ascii=False, indent=1)) == raw
        found = edit.faults_of(raw)
        mapped = list(found.whole) + list(found.of_list()) + [
            line for r in range(len(raw.get("recipes", []))) for line in found.of_recipe(r)]
        assert len(mapped) == found.count == len(faults(raw))
        assert set(found.recipes) <= set(range(len(raw["recipes"])))
        assert list(found.lines) == problems(raw)
        if "ingredients" in raw:
            assert found.listed == {}, (step, raw["ingredients"])
        for recipe in raw["recipes"]:
            assert not {c.strip().casefold() for c in recipe["ingredients"]} & {"rat", "top bun", "bottom bun"}
        if not found.count:
            book = RecipeBook.model_validate(raw)
            assert len(book.recipes) == len(raw["recipes"])
        if step[0] == "rename_card" and json.dumps(raw) != before:
            # a rename undone by renaming back gives the set as it was (list made explicit)
            i = step[1]
            old = ingredient_list(json.loads(before))[i]
            back = edit.rename_ingredient(raw, i, old)
            assert back["recipes"] == [
                {**r, "ingredients": [old if c.strip().casefold() == old.casefold() else c
                                      for c in r["ingredients"]]}
                for r in json.loads(before)["recipes"]]


def test_a_rename_to_a_card_a_recipe_already_uses_is_refused_never_merged():
    """BU-5's list: 'onion' taken out of the list stays in its recipe (a fault shown
    there); renaming 'patty' to 'onion' would make the two one card, so it is refused
    and nothing changes (found by the random edits above)."""
    raw = edit.remove_ingredient(example(), ingredient_list(example()).index("onion"))
    assert edit.rename_refused(raw, 0, "Onion") == "'onion' is already in a recipe: add it to the list instead."
    assert edit.rename_refused(raw, 0, "Patty") is None          # its own name, other case
    assert edit.add_refused(raw, "onion") is None                 # adding it back mends the fault
