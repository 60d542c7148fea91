"""The sales screens' drafts and passing state (forms), the record places the table
opens (changes) and the CSV rows (export), without a browser."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from companion.games.sales import changes, export, forms, setup_form
from companion.games.sales.deckfiles import deck_file
from companion.games.sales.forms import TableUI
from companion.games.sales.setup_form import SetupDraft
from companion.store.exchange import game_csv

EXAMPLE_DECK = str(Path(__file__).resolve().parents[2] / "assets" / "decks" / "example-weather.json")


def c(suit: str, value: int, discard: int = 0) -> dict:
    return {"suit": suit, "value": value, "discard": discard}


def played(record: dict, *cards: dict) -> dict:
    plays: list[dict] = []
    for card in cards:
        d = forms.draft_play(record, plays, card)
        assert d.ok, d
        plays = d.plays
    change = changes.complete_sale(record, plays)
    assert change.ok, change.error
    return change.record


def test_mode_change_fits_the_names_and_drops_solo_hand_names_sa2():
    d = SetupDraft(names=("Ann", "Ben", "Cat"))
    solo = setup_form.with_mode(d, "solo")
    assert solo.names == ("Ann", "Ben")                       # exactly 2 hands
    solo = setup_form.with_mode(SetupDraft(names=("", "", "")), "solo")
    assert solo.names == ("Hand 1", "Hand 2")                 # renameable defaults
    back = setup_form.with_mode(solo, "competitive")
    assert back.names == ("", "")                             # the defaults go again
    assert setup_form.with_mode(setup_form.with_name(solo, 0, "Me"), "coop").names == ("Me", "")


def test_players_added_removed_and_moved_within_the_mode_range_sa2():
    d = SetupDraft(names=("Ann", "Ben"))
    assert setup_form.removed(d, 0) == d                              # not below 2
    six = SetupDraft(names=tuple("ABCDEF"))
    assert setup_form.added(six) == six                               # not above 6
    assert setup_form.added(d).names == ("Ann", "Ben", "")
    assert setup_form.moved(d, 0, 1).names == ("Ben", "Ann")
    assert setup_form.moved(d, 1, 1) == d
    assert setup_form.added(replace(d, mode="coop")) == replace(d, mode="coop")


def test_leader_defaults_to_the_first_valid_name_sa9():
    d = SetupDraft(names=("", "Ben", "Cat"))
    assert d.leader_name() == "Ben"
    assert replace(d, leader="Cat").leader_name() == "Cat"
    assert replace(d, leader="Zed").leader_name() == "Ben"    # a name no longer there


def test_setup_problem_names_rules_then_deck(tmp_path):
    good = deck_file(EXAMPLE_DECK)
    d = SetupDraft(names=("Ann", "Ben", "Cat"), hand_size="2")
    assert setup_form.setup_problem(d, good) is None
    assert setup_form.setup_problem(replace(d, names=("Ann", "ann")), good).startswith("SA-2")
    assert setup_form.setup_problem(replace(d, hand_size="0"), good).startswith("SA-2: cards dealt per round")
    assert setup_form.setup_problem(d, None) == "Choose a deck file (SA-1)."
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"name": "x", "suits": ["sun"], "cards": [{"id": "a", "suit": "rain", "value": 1}]}))
    problem = setup_form.setup_problem(d, deck_file(str(bad)))
    assert problem.startswith("SA-1: the deck file cannot be used: cards[0] (id 'a'): suit 'rain'")
    missing = deck_file(str(tmp_path / "nope.json"))
    assert not missing.ok and missing.problems[0].startswith("cannot read")


def test_deck_file_is_read_again_when_it_changes(tmp_path):
    path = tmp_path / "deck.json"
    raw = json.loads(Path(EXAMPLE_DECK).read_text(encoding="utf-8"))
    path.write_text(json.dumps(raw))
    assert deck_file(str(path)).ok
    raw["cards"][0]["suit"] = "hail"
    path.write_text(json.dumps(raw) + " ")                    # a different size: a new stamp
    assert not deck_file(str(path)).ok
    assert deck_file("  ") is None
    setup = SetupDraft(deck=setup_form.OTHER, other=f" {path} ")
    assert setup.deck_path([EXAMPLE_DECK]) == str(path)
    assert SetupDraft().deck_path([EXAMPLE_DECK]) == EXAMPLE_DECK


def test_the_draft_is_the_new_sale_or_the_changed_one():
    ui = TableUI(plays=({"player": "Ann", "card": c("sun", 1)},), question="?", pending=c("sun", 1))
    changed = ui.with_draft([])
    assert changed.plays == () and changed.question is None and changed.pending is None
    editing = replace(ui, mode="edit", at=(0, 0))
    assert editing.draft() == () and editing.with_draft(ui.plays).edit_plays == ui.plays
    assert editing.with_draft(ui.plays).plays == ui.plays      # the new sale's draft is kept


def test_undo_gives_back_the_last_sale_and_a_gone_sale_goes_back_to_the_table():
    rec = setup_form.new_record(["Ann", "Ben"], "competitive", 1)
    assert changes.undone_plays(rec) == [] and changes.last_sale_at(rec) is None
    rec = played(rec, c("sun", 2), c("sun", 1))
    assert changes.last_sale_at(rec) == (0, 0)
    assert changes.undone_plays(rec) == [{"player": "Ann", "card": c("sun", 2)},
                                    {"player": "Ben", "card": c("sun", 1)}]
    nxt = changes.start_next_round(rec).record
    assert changes.undone_plays(nxt) == []                           # undo only drops the new round
    assert changes.sale_places(played(nxt, c("rain", 3), c("rain", 4))) == [(0, 0), (1, 0)]
    ui = TableUI(mode="sale", at=(1, 0))
    assert forms.valid(ui, nxt).mode == "entry"                    # undone on another device
    assert forms.valid(replace(ui, at=(0, 0)), nxt) == replace(ui, at=(0, 0))


def test_csv_rows_follow_the_shell_convention():
    rec = played(setup_form.new_record(["Ann", "Ben"], "competitive", 1), c("sun", 2), c("sun", 1))
    assert export.csv_rows(2, rec) == [
        {"row": "sale", "game": 2, "round": 1, "sale": 1, "player": "Ann", "leader": True, "suit": "sun", "value": 2,
         "discard": 0, "icons": "", "set": "", "on_suit": True, "outcome": "discarded", "hand_discards": 0},
        {"row": "sale", "game": 2, "round": 1, "sale": 1, "player": "Ben", "leader": False, "suit": "sun", "value": 1,
         "discard": 0, "icons": "", "set": "", "on_suit": True, "outcome": "won", "hand_discards": 0},
        {"row": "round", "game": 2, "round": 1, "player": "Ann", "hand_size": 1, "sales_won": 0, "hand": 0,
         "score": 0},
        {"row": "round", "game": 2, "round": 1, "player": "Ben", "hand_size": 1, "sales_won": 1, "hand": 0,
         "score": 1},
    ]
    assert game_csv({"game": "sales", **rec}).splitlines()[0] == (
        "row,game,round,sale,player,leader,suit,value,discard,icons,set,on_suit,outcome,hand_discards,"
        "hand_size,sales_won,hand,score,winner,over")


def test_a_phone_s_card_by_attributes_sa1():
    assert forms.card_play(" sun ", 4) == {"card": {"suit": "sun", "value": 4}}
    assert forms.card_play("wild", 2, 1, forms.parse_icons("car, phone bag")) == {
        "card": {"suit": "wild", "value": 2, "discard": 1, "icons": ["car", "phone", "bag"]}}
    typed = forms.SeatCard(suit="rain ", value=3, discard=0, icons=" kite,coat ")
    assert forms.seat_play(typed) == {"card": {"suit": "rain", "value": 3, "icons": ["kite", "coat"]}}


def test_an_icon_chip_adds_or_removes_its_icon():
    d = forms.CardDraft("sun", 3, icons=("coat",))
    assert forms.with_icon(d, "kite", True).icons == ("coat", "kite")
    assert forms.with_icon(d, "coat", False).icons == ()
    assert forms.with_icon(d, "coat", True).icons == ("coat",)          # a second tap: still once


def test_sa2_an_empty_name_is_said_only_once_its_field_was_typed_in_or_left_or_start_tapped():
    """The setup opened with "SA-2: a player's name is empty" in red under every
    field, before anything was typed (Hot Dog's setup was fixed so already)."""
    fresh = setup_form.SetupDraft()
    assert setup_form.said_name_errors(fresh) == [None, None, None]
    assert setup_form.said_problem(fresh, None) is None                   # Start can be tapped
    typed = setup_form.with_name(fresh, 0, "Ann")
    assert setup_form.said_name_errors(typed) == [None, None, None]
    assert setup_form.said_name_errors(setup_form.left(typed, 2)) == [None, None, "SA-2: a player's name is empty"]
    tried = setup_form.started(typed)
    assert setup_form.said_name_errors(tried) == [None, "SA-2: a player's name is empty",
                                                  "SA-2: a player's name is empty"]
    assert setup_form.said_problem(tried, None) == "SA-2: a player's name is empty"
    assert setup_form.moved(setup_form.left(fresh, 2), 2, -1).touched == frozenset({1})
    assert setup_form.with_mode(setup_form.left(setup_form.added(fresh), 3), "coop").touched == frozenset()
