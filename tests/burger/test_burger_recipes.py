"""BU-5: recipes and the hamburger check (and BU-7's wastebasket top bun)."""

from __future__ import annotations

import json

import pytest

from companion.core.errors import RecordError
from companion.games.burger.recipes import RECIPES_DIR, Recipe, check_hamburger, load_recipes

CHEESE = Recipe(name="Cheeseburger", ingredients=["patty", "cheese"])


def test_bu5_the_shipped_recipe_file_is_a_labelled_example():
    """BU-5: the real recipes are not in the rule texts; the shipped file says it is an
    example to edit."""
    book = load_recipes()
    assert book.example is True
    assert "EXAMPLE" in book.note and "edit" in book.note
    assert (RECIPES_DIR / "example.json").exists()
    assert all(r.ingredients for r in book.recipes)


def test_bu5_ingredients_in_any_order_between_the_buns():
    """BU-5: bottom bun first, the recipe's ingredients in any order, top bun last."""
    for middle in (["patty", "cheese"], ["cheese", "patty"]):
        got = check_hamburger(["bottom bun", *middle, "top bun"], CHEESE)
        assert got.complete and got.missing == [] and got.problems == []
    assert check_hamburger(["Bottom Bun", " CHEESE", "patty", "top  bun"], CHEESE).complete


def test_bu5_a_flipped_ingredient_may_serve_as_the_bottom_bun():
    """BU-5: with no bottom bun, one ingredient card is flipped to serve as one."""
    got = check_hamburger(["lettuce", "patty", "cheese", "top bun"], CHEESE, flipped_bottom=True)
    assert got.complete
    assert got.explanation == "A complete Cheeseburger: 'lettuce' flipped as bottom bun (BU-5)."
    unflipped = check_hamburger(["lettuce", "patty", "cheese", "top bun"], CHEESE)
    assert not unflipped.complete and unflipped.missing == ["bottom bun"]


def test_bu5_a_rat_is_never_a_bottom_bun():
    """BU-5: a rat is discarded: it cannot be flipped into the bottom bun."""
    got = check_hamburger(["rat", "patty", "cheese", "top bun"], CHEESE, flipped_bottom=True)
    assert not got.complete
    assert got.missing == ["bottom bun"]
    assert got.problems == [
        "a rat can never be the bottom bun, flipped or not: it goes under the wastebasket (BU-5)"
    ]


def test_bu5_what_is_missing_and_what_does_not_belong():
    """BU-5: the check names the missing cards in stacking order, and refuses extras, rats
    and a top bun that is not last."""
    got = check_hamburger(["bottom bun", "patty"], CHEESE)
    assert (got.complete, got.missing) == (False, ["cheese", "top bun"])
    assert got.explanation == "Not a complete Cheeseburger: missing cheese, top bun."
    assert check_hamburger([], CHEESE).missing == ["bottom bun", "patty", "cheese", "top bun"]
    got = check_hamburger(["bottom bun", "patty", "onion", "cheese", "top bun"], CHEESE)
    assert got.problems == ["'onion' is not in the Cheeseburger recipe (BU-5)"]
    got = check_hamburger(["bottom bun", "patty", "rat", "cheese", "top bun"], CHEESE)
    assert not got.complete and "rat" in got.problems[0]
    got = check_hamburger(["bottom bun", "patty", "top bun", "cheese"], CHEESE)
    assert got.problems == ["the top bun must be placed after all other ingredients (BU-5)"]
    assert got.missing == ["top bun"]


def test_bu5_repeated_ingredients_count():
    """BU-5: a recipe with two patties needs both."""
    double = Recipe(name="Double", ingredients=["patty", "patty"])
    assert not check_hamburger(["bottom bun", "patty", "top bun"], double).complete
    assert check_hamburger(["bottom bun", "patty", "patty", "top bun"], double).complete


def test_bu7_the_wastebasket_as_last_top_bun():
    """BU-7: after the end the wastebasket card serves as the top bun."""
    got = check_hamburger(["bottom bun", "cheese", "patty"], CHEESE, wastebasket_top=True)
    assert got.complete
    assert got.explanation == "A complete Cheeseburger: the wastebasket card as top bun (BU-7)."


def test_bu5_bad_recipe_files_are_one_line(tmp_path):
    """BU-5: a recipe with a rat, or a file that is not a recipe file, is refused in one line."""
    with pytest.raises(ValueError):
        Recipe(name="Rat burger", ingredients=["rat"])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"recipes": [{"name": "X", "ingredients": ["rat"]}]}))
    with pytest.raises(RecordError) as info:
        load_recipes(bad)
    assert "\n" not in str(info.value) and "rat" in str(info.value)
    with pytest.raises(RecordError):
        load_recipes(tmp_path / "missing.json")
