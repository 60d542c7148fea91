"""Undo and edit with replay (refused with the reason), history lines, the rules text."""

from __future__ import annotations

from companion.core import edits
from companion.games.burger import forms, present, round_form, rulings, summaries
from companion.games.burger.state import next_state, state_before
from tests.burger_app.helpers import entered, play, start, state

DECKS_A = [["patty", "cheese"], ["lettuce", "rat"], ["onion", "tomato"]]
DECKS_B = [["patty"], ["cheese"], ["onion", "lettuce", "tomato"]]


def two_rounds():
    """Round 1: Ann alone tongs takes every deck (and the rat); Ann stays first (BU-4, BU-6).
    Round 2: Ann plays her only tease; Ben and Cat take the decks."""
    one = play(start(), DECKS_A, {"Ann": "tongs", "Ben": "tease", "Cat": "tease"})
    return one, play(one, DECKS_B, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"})


def test_undo_drops_the_last_round_and_refuses_on_an_empty_game():
    one, two = two_rounds()
    assert forms.undo(start()) == edits.Change(start(), "There is no round to undo.")
    change = forms.undo(two)
    assert change.ok and change.record == one


def test_bu3_edit_refused_when_a_later_round_no_longer_holds():
    _, two = two_rounds()
    draft = forms.draft_of(two, 0)
    assert draft.revealed and draft.tools["Ann"] == round_form.ToolDraft("tongs")
    # Ann plays tease in round 1 instead: her round-2 tease is then no longer in hand
    draft = round_form.clear_tool(round_form.clear_tool(draft, "Ann"), "Ben")
    st = state_before(two, 0)
    draft = round_form.choose_tool(st, draft, "Ann", "tease")
    draft = round_form.reveal(st, round_form.choose_tool(st, draft, "Ben", "tongs"))
    change = forms.edit(two, 0, draft)
    assert not change.ok and change.record == two
    assert change.error == ("Round 1 cannot be changed so: round 2: Ann: BU-3: plays tease but holds "
                            "no tease card (in hand: 2 tongs + 0 tease)")


def test_edit_replaces_a_round_and_replays():
    _, two = two_rounds()
    draft = round_form.step_complete(forms.draft_of(two, 0), "Ann", 1)
    change = forms.edit(two, 0, draft)
    assert change.ok
    assert change.record["rounds"][0]["complete"] == {"Ann": 1}
    assert change.record["rounds"][1] == two["rounds"][1]
    assert present.game_view(change.record).hamburgers == {"Ann": 1, "Ben": 0, "Cat": 0}


def test_bu2_edit_refused_for_its_own_round_and_a_missing_round():
    _, two = two_rounds()
    draft = round_form.set_card(forms.draft_of(two, 0), 1, 0, "rat")      # the second deck: two rats, no ingredient
    assert forms.edit(two, 0, draft).error == (       # decks are counted from 1 on screen
        "Round 1: BU-2: deck 2 holds only rats: every deck starts with an ingredient")
    assert forms.edit(two, 2, draft).error == "There is no round 3 to change."


def test_state_before_a_round_is_what_its_draft_is_checked_against():
    one, two = two_rounds()
    assert state_before(two, 1) == next_state(one)
    assert next_state(one).first == "Ann"
    assert present.game_view(two).next_round == 3


def test_history_lines_in_progress_and_over():
    one, _ = two_rounds()
    assert summaries.game_line(one) == "1 round played, 0 of 8 hamburgers, Ann first"
    assert summaries.match_line([]) == ("no game started", False)
    assert summaries.match_line([one]) == ("1 round played, 0 of 8 hamburgers, Ann first", False)
    # 2 players, pile of 8: two rounds empty it (BU-6); Ann finishes 1 in round 1, Ben none in round 2
    rec = start(["Ann", "Ben"], draw_pile="8")
    rec = play(rec, [["bottom bun", "patty"], ["cheese", "top bun"]], {"Ann": "tongs", "Ben": "tease"}, {"Ann": 1})
    rec = play(rec, [["onion"], ["lettuce", "tomato", "patty"]], {"Ann": "tease", "Ben": "tongs"})
    line = "over after 2 rounds: Ann wins with 1 point (house rule; wastebasket top buns not counted yet)"
    assert summaries.game_line(rec) == line
    assert summaries.match_line([rec]) == (line, True)        # burger is a match of one game


def test_bu4_picks_are_kept_in_the_record():
    rec = start()
    draft = round_form.pick(entered(rec, DECKS_A, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"}), 0, 2)
    rec = forms.submit(rec, draft).record
    # Ben takes the third deck, Cat the second, Ben the first: the record's indexes, counted from 1 on screen
    assert rec["rounds"][0]["picks"] == [2, 1, 0]
    takes = present.game_view(rec).rounds[0].takes
    assert [t.split(":")[0] for t in takes] == ["Ben takes deck 3", "Cat takes deck 2", "Ben takes deck 1"]
    assert round_form.take_rows(state(start()), draft)[0].deck == 2


def test_rules_text_every_ruling_with_its_id_house_rules_labelled():
    assert [r[0] for r in rulings.RULES] == [f"BU-{i}" for i in range(1, 9)]
    house = [r[0] for r in rulings.RULES if r[2]]
    assert house == ["BU-3", "BU-8"]
    for rid, text, is_house in rulings.RULES:
        assert text.startswith("House rule") == is_house, rid
    assert "the rule texts give no scoring" in {r[0]: r[1] for r in rulings.RULES}["BU-8"]
    assert any("recipe file" in line for line in rulings.RULES_INTRO)
