"""The Burger screens' own small logic (no browser): what is kept beside the record
(the BU-7 top buns, the recipe file: the match's own settings), the setup's seats, the one-line match, the CSV rows."""

from __future__ import annotations

from companion.games.burger import export, forms, recipefiles, setup_form, summaries
from companion.games.burger import view as bv
from companion.store.exchange import game_csv
from tests.burger_app.helpers import play, start

NOBODY = {"Ann": "tease", "Ben": "tease", "Cat": "tease"}
DECKS = [["patty", "cheese", "rat"], ["lettuce"], ["onion", "tomato"]]


def test_bu7_top_buns_kept_as_a_json_list_and_toggled_once_per_player():
    assert forms.read_top_buns(None) == []
    assert forms.read_top_buns("not json") == []
    assert forms.read_top_buns('{"Ann": true}') == []
    assert forms.read_top_buns('["Ann", 3]') == ["Ann"]
    assert forms.toggled(["Ann"], "Ben", True) == ["Ann", "Ben"]
    assert forms.toggled(["Ann", "Ben"], "Ann", True) == ["Ben", "Ann"]      # never twice
    assert forms.toggled(["Ann", "Ben"], "Ann", False) == ["Ben"]
    # the match's own settings, under the keys the store's schema 3 moved the old global ones to
    assert (recipefiles.RECIPES, forms.TOP_BUNS) == ("recipes", "top_buns")


def test_bu1_setup_seats_move_and_remove_with_the_first_player():
    d = setup_form.SetupUI(setup_form.Setup(players=("Ann", "Ben", "Cat")), first=1)
    assert setup_form.setup_of(d).first == "Ben"
    moved = setup_form.moved(d, 1, -1)
    assert moved.setup.players == ("Ben", "Ann", "Cat") and setup_form.setup_of(moved).first == "Ben"
    assert setup_form.setup_of(setup_form.removed(d, 0)).first == "Ben"
    assert setup_form.setup_of(setup_form.removed(d, 1)).first == "Ann"      # the first player left: the first seat
    blank = setup_form.SetupUI(setup_form.Setup(players=("", "Ben")), first=0)
    assert setup_form.setup_of(blank).first is None
    assert "first" not in setup_form.setup_errors(setup_form.setup_of(d))


def test_a_burger_match_is_one_game_in_one_line():
    assert summaries.match_line([]) == ("no game started", False)
    rec = start(draw_pile="10")
    line, over = bv.VIEW.match_line(["Ann", "Ben", "Cat"], [rec])
    assert (line, over) == ("0 rounds played, 0 of 8 hamburgers, Ann first", False)
    done = play(rec, DECKS, {"Ann": "tongs", "Ben": "tease", "Cat": "tease"})
    line, over = summaries.match_line([done])
    assert over and line.startswith("over after 1 round:") and "game 1 of" not in line
    broken = {**rec, "rounds": [{"decks": [["x"]], "tools": {}}]}
    assert summaries.match_line([broken]) == (summaries.game_line(broken), False)


def test_bu4_csv_rows_follow_the_shell_convention_number_then_record():
    rec = play(start(), DECKS, NOBODY)
    rows = export.csv_rows(2, rec)
    decks = [r for r in rows if r["row"] == "deck"]
    assert [(r["deck"], r["cards"], r["player"], r["rat_cards"], r["to_wastebasket"]) for r in decks] == [
        (i, "; ".join(d), "Ann", d.count("rat"), True) for i, d in enumerate(DECKS)]
    players = [r for r in rows if r["row"] == "round"]
    assert [(r["player"], r["to_wastebasket"], r["decks_taken"]) for r in players] == [
        ("Ann", True, 0), ("Ben", False, 0), ("Cat", False, 0)]
    assert all(r["game"] == 2 for r in rows)
    text = game_csv(rec)
    assert text.splitlines()[0].startswith("row,game,round,deck,player,cards,rat_cards,to_wastebasket,")
    assert "patty; cheese; rat" in text


def test_decks_typed_by_the_host():
    decks = forms.parse_decks("bun, rat\n\n  patty ,cheese \ntomato")
    assert decks == [["bun", "rat"], ["patty", "cheese"], ["tomato"]]
    assert forms.parse_decks(forms.decks_text(decks)) == decks
