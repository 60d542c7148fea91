"""Undo and edit with replay (refused with the reason), history lines, CSV rows, the
rules text."""

from __future__ import annotations

import csv
import io

from companion.games.burger import viewmodel as vm
from tests.burger_app.helpers import THREE, entered, play, start, state

DECKS_A = [["patty", "cheese"], ["lettuce", "rat"], ["onion", "tomato"]]
DECKS_B = [["patty"], ["cheese"], ["onion", "lettuce", "tomato"]]


def two_rounds():
    """Round 1: Ann alone tongs takes every deck (and the rat); Ann stays first (BU-4, BU-6).
    Round 2: Ann plays her only tease; Ben and Cat take the decks."""
    one = play(start(), DECKS_A, {"Ann": "tongs", "Ben": "tease", "Cat": "tease"})
    return one, play(one, DECKS_B, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"})


def test_undo_drops_the_last_round_and_refuses_on_an_empty_game():
    one, two = two_rounds()
    assert vm.undo(start()) == vm.Change(start(), "There is no round to undo.")
    change = vm.undo(two)
    assert change.ok and change.record == one


def test_bu3_edit_refused_when_a_later_round_no_longer_holds():
    _, two = two_rounds()
    draft = vm.draft_of(two, 0)
    assert draft.revealed and draft.tools["Ann"] == vm.ToolDraft("tongs")
    # Ann plays tease in round 1 instead: her round-2 tease is then no longer in hand
    draft = vm.clear_tool(vm.clear_tool(draft, "Ann"), "Ben")
    st = vm.state_before(two, 0)
    draft = vm.choose_tool(st, draft, "Ann", "tease")
    draft = vm.reveal(st, vm.choose_tool(st, draft, "Ben", "tongs"))
    change = vm.edit(two, 0, draft)
    assert not change.ok and change.record == two
    assert change.error == ("Round 1 cannot be changed so: round 2: Ann: BU-3: plays tease but holds "
                            "no tease card (in hand: 2 tongs + 0 tease)")


def test_edit_replaces_a_round_and_replays():
    _, two = two_rounds()
    draft = vm.step_complete(vm.draft_of(two, 0), "Ann", 1)
    change = vm.edit(two, 0, draft)
    assert change.ok
    assert change.record["rounds"][0]["complete"] == {"Ann": 1}
    assert change.record["rounds"][1] == two["rounds"][1]
    assert vm.game_view(change.record).hamburgers == {"Ann": 1, "Ben": 0, "Cat": 0}


def test_bu2_edit_refused_for_its_own_round_and_a_missing_round():
    _, two = two_rounds()
    draft = vm.set_card(vm.draft_of(two, 0), 1, 0, "rat")      # deck 1: two rats, no ingredient
    assert vm.edit(two, 0, draft).error == (
        "round 1: BU-2: deck 1 holds only rats: every deck starts with an ingredient")
    assert vm.edit(two, 2, draft).error == "There is no round 3 to change."


def test_state_before_a_round_is_what_its_draft_is_checked_against():
    one, two = two_rounds()
    assert vm.state_before(two, 1) == vm.next_state(one)
    assert vm.next_state(one).first == "Ann"
    assert vm.game_view(two).next_round == 3


def test_history_lines_in_progress_and_over():
    one, _ = two_rounds()
    assert vm.game_line(one) == "1 round played, 0 of 8 hamburgers, Ann first"
    assert vm.match_line(list(THREE), []) == ("no game started", False)
    assert vm.match_line(list(THREE), [one]) == ("game 1 of 3: 1 round played, 0 of 8 hamburgers, Ann first", False)
    # 2 players, pile of 8: two rounds empty it (BU-6); Ann finishes 1 in round 1, Ben none in round 2
    rec = start(["Ann", "Ben"], draw_pile="8")
    rec = play(rec, [["bottom bun", "patty"], ["cheese", "top bun"]], {"Ann": "tongs", "Ben": "tease"}, {"Ann": 1})
    rec = play(rec, [["onion"], ["lettuce", "tomato", "patty"]], {"Ann": "tease", "Ben": "tongs"})
    assert vm.game_line(rec) == "over after 2 rounds: Ann wins with 1 point (house rule, before BU-7 top buns)"
    assert vm.match_line(["Ann", "Ben"], [rec]) == (
        "game 1 of 3: over after 2 rounds: Ann wins with 1 point (house rule, before BU-7 top buns)", False)
    line, over = vm.match_line(["Ann", "Ben"], [rec, rec, rec])
    assert over and line.startswith("Match over: Ann wins the match with 3")


def test_csv_one_row_per_deck_with_taker_and_rats():
    _, two = two_rounds()
    rows = vm.csv_rows(two)
    assert [(r["round"], r["deck"], r["cards"], r["taker"], r["rats"]) for r in rows] == [
        (1, 0, "patty; cheese", "Ann", 0),
        (1, 1, "lettuce; rat", "Ann", 1),
        (1, 2, "onion; tomato", "Ann", 0),
        (2, 0, "patty", "Ben", 0),        # Ann first: Ben, Cat, Ben (BU-4)
        (2, 1, "cheese", "Cat", 0),
        (2, 2, "onion; lettuce; tomato", "Ben", 0),
    ]
    text = vm.game_csv([two])
    assert text.splitlines()[0] == "game,round,deck,cards,taker,rats,wastebasket"
    assert list(csv.DictReader(io.StringIO(text)))[1]["cards"] == "lettuce; rat"


def test_bu4_csv_names_the_wastebasket_when_nobody_took_a_deck():
    rec = play(start(), DECKS_A, {p: "tease" for p in THREE})
    rows = vm.csv_rows(rec, number=2)
    assert {(r["game"], r["taker"], r["wastebasket"]) for r in rows} == {(2, "", "Ann")}
    assert [r["rats"] for r in rows] == [0, 1, 0]


def test_csv_keeps_picks():
    rec = start()
    draft = vm.pick(entered(rec, DECKS_A, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"}), 0, 2)
    rec = vm.submit(rec, draft).record
    # Ben takes deck 2, Cat deck 1, Ben deck 0
    assert [r["taker"] for r in vm.csv_rows(rec)] == ["Ben", "Cat", "Ben"]
    assert vm.take_rows(state(start()), draft)[0].deck == 2


def test_rules_text_every_ruling_with_its_id_house_rules_labelled():
    assert [r[0] for r in vm.RULES] == [f"BU-{i}" for i in range(1, 9)]
    house = [r[0] for r in vm.RULES if r[2]]
    assert house == ["BU-3", "BU-8"]
    for rid, text, is_house in vm.RULES:
        assert text.startswith("House rule") == is_house, rid
    assert "the rule texts give no scoring" in {r[0]: r[1] for r in vm.RULES}["BU-8"]
    assert any("recipe file" in line for line in vm.RULES_INTRO)
