"""Burger setup screen logic: names as typed, per-field refusals with ruling ids,
house-rule labels (BU-3, BU-8), the recipe file, the record it starts."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.games.burger import actions, forms, present, recipefiles, rulings, secrecy, setup_form, stacks, state
from tests.burger_app.helpers import THREE

PURE = [actions, forms, present, recipefiles, rulings, secrecy, setup_form, stacks, state]


def test_bu1_names_are_checked_as_typed():
    errs = setup_form.name_errors(["Ann", " ann ", "", "x" * 25, "Ben"])
    assert errs[0] is None
    assert errs[1] == "BU-1: 'ann' and 'Ann' look the same: give each player a name the table can tell apart"
    assert errs[2] == "BU-1: a player's name is empty"
    assert errs[3].startswith("BU-1: the name 'xxxxxxxxxxxxxxxxxxxxxxxx…' is 25 characters long")
    assert errs[4] is None


def test_bu1_two_to_five_players_and_a_first_player_who_plays():
    assert setup_form.setup_errors(setup_form.Setup(players=("Ann",))) == {"names": "BU-1: 2–5 players, not 1"}
    six = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
    assert setup_form.setup_error(setup_form.Setup(players=six)) == "BU-1: 2–5 players, not 6"
    assert setup_form.setup_errors(setup_form.Setup(players=THREE, first="Zed")) == {
        "first": "BU-1: the first player 'Zed' is not a player (players: Ann, Ben, Cat)"}
    assert setup_form.setup_errors(setup_form.Setup(players=THREE, first=" cat ")) == {}


def test_bu3_tool_cards_house_default_and_at_least_two():
    setup = setup_form.Setup(players=THREE)
    assert (setup.tongs, setup.tease) == (2, 1)
    assert rulings.tools_label() == (
        "2 tongs + 1 tease per player: house rule (BU-3), the rule texts do not give the number.")
    assert rulings.tools_label(3, 1) == (
        "3 tongs + 1 tease per player, set at setup (BU-3; the house rule default is 2 tongs + 1 tease).")
    one = setup.step("tongs", -1).step("tongs", -5)     # steppers stop at 0
    assert (one.tongs, one.tease) == (0, 1)
    assert setup_form.setup_errors(one) == {
        "tools": "BU-3: every player starts with at least 2 tool cards, not 0 tongs + 1 tease"}


def test_bu6_draw_pile_must_hold_a_round_and_be_a_number():
    # 3 players reveal 5 ingredients a round (BU-2): a pile of 4 cannot make one
    assert setup_form.setup_errors(setup_form.Setup(players=THREE, draw_pile="4")) == {
        "draw_pile": "BU-6: a draw pile of 4 cards cannot make a round: 3 players need 5 "
                     "ingredients a round (BU-2)"}
    assert setup_form.setup_errors(setup_form.Setup(players=THREE, draw_pile="lots")) == {
        "draw_pile": "the draw pile is a whole number of cards, or empty if not known"}
    assert setup_form.setup_errors(setup_form.Setup(players=THREE, draw_pile=" 60 ")) == {}
    assert setup_form.setup_errors(setup_form.Setup(players=THREE, draw_pile="")) == {}


def test_bu8_scoring_is_always_labelled_house_rule():
    setup = setup_form.Setup(players=THREE).step("rat_points", -1)
    assert (setup.hamburger_points, setup.rat_points) == (1, -1)
    assert rulings.scoring_label(1, -1) == (
        "Scoring is a house rule (BU-8): the rule texts give no scoring. House rule: 1 point per "
        "complete hamburger, -1 points per rat token; a tie goes to fewer rat tokens, and is "
        "shared if still equal.")
    assert setup_form.Setup().step("hamburger_points", 20).hamburger_points == setup_form.MAX_POINTS


def test_recipe_file_from_assets_or_a_picked_path(tmp_path: Path):
    files = recipefiles.recipe_files()
    assert [f.name for f in files] == ["example.json"]
    ok = recipefiles.recipe_status(files[0])
    assert ok.ok
    assert ok.text == ("Example recipes: 3 recipes (Cheeseburger, Garden burger, Double cheese). "
                       "An example file, made up: edit it to match your recipe cards.")
    bad = tmp_path / "mine.json"
    bad.write_text('{"recipes": [{"name": "Rat burger", "ingredients": ["rat"]}]}', encoding="utf-8")
    status = recipefiles.recipe_status(bad)
    assert not status.ok and status.book is None
    assert status.text == ("recipes mine.json: recipes[0] (Rat burger).ingredients[0]: "
                           "a rat is never an ingredient: it goes under the wastebasket (BU-5)")
    assert setup_form.setup_errors(setup_form.Setup(players=THREE, recipes=str(bad))) == {"recipes": status.text}
    gone = setup_form.Setup(players=THREE, recipes=str(tmp_path / "gone.json"))
    assert setup_form.setup_errors(gone)["recipes"].startswith("recipes: cannot read")


def test_new_record_is_the_contract_input():
    setup = setup_form.Setup(players=(" Ann", "Ben ", "Cat"), first="ben", draw_pile="60", rat_points=-1)
    assert setup_form.new_record(setup) == {
        "game": "burger", "players": ["Ann", "Ben", "Cat"], "first": "Ben",
        "tools": {"tongs": 2, "tease": 1}, "scoring": {"hamburger": 1, "rat": -1},
        "draw_pile": 60, "rounds": []}
    # no first player chosen: the first seat (BU-1); no draw pile: not in the record
    assert setup_form.new_record(setup_form.Setup(players=("Ann", "Ben"))) == {
        "game": "burger", "players": ["Ann", "Ben"], "first": "Ann",
        "tools": {"tongs": 2, "tease": 1}, "scoring": {"hamburger": 1, "rat": 0}, "rounds": []}


@pytest.mark.parametrize("module", PURE)
def test_the_screens_pure_modules_import_no_flet(module):
    source = Path(module.__file__).read_text(encoding="utf-8")
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
    assert not any(name.split(".")[0] in ("flet", "reportlab") for name in imported)
    assert "TODO" not in source


def test_bu1_an_empty_name_is_said_only_once_its_field_was_typed_in_or_left_or_start_tapped():
    """The setup opened with "BU-1: a player's name is empty" in red under every
    field, before anything was typed (Hot Dog's setup was fixed so already)."""
    fresh = setup_form.SetupUI()
    said, problems = setup_form.said_setup_errors(fresh, setup_form.setup_errors(setup_form.setup_of(fresh)))
    assert said == [None, None, None] and "names" not in problems   # and Start can be tapped
    typed = setup_form.renamed(fresh, 0, "Ann")
    said, problems = setup_form.said_setup_errors(typed, setup_form.setup_errors(setup_form.setup_of(typed)))
    assert said == [None, None, None] and "names" not in problems
    left = setup_form.left(typed, 1)
    said, __ = setup_form.said_setup_errors(left, setup_form.setup_errors(setup_form.setup_of(left)))
    assert said == [None, "BU-1: a player's name is empty", None]
    tried = setup_form.started(typed)
    said, problems = setup_form.said_setup_errors(tried, setup_form.setup_errors(setup_form.setup_of(tried)))
    assert said == [None, "BU-1: a player's name is empty", "BU-1: a player's name is empty"]
    assert problems["names"] == "BU-1: a player's name is empty"
    moved = setup_form.moved(setup_form.left(fresh, 2), 2, -1)          # the field left moves up a seat
    assert moved.touched == frozenset({1})
    assert setup_form.removed(setup_form.left(fresh, 2), 0).touched == frozenset({1})
