"""A burger round entered screen by screen: what the first player is told (BU-2), the
decks, the tool cards in pass-the-phone secrecy (BU-3), who takes which deck (BU-4),
the recipe check (BU-5), submit and the round view (BU-6)."""

from __future__ import annotations

import pytest

from companion.games.burger import explain, forms, present, round_form, stacks
from companion.games.burger.recipes import load_recipes
from tests.burger_app.helpers import THREE, entered, play, start, state

DECKS_A = [["patty", "cheese"], ["lettuce", "rat"], ["onion", "tomato"]]   # 5 ingredients + 1 rat


def test_bu2_what_the_first_player_is_told():
    st = state(start(draw_pile="60"))
    assert explain.reveal_instructions(st) == [
        "Round 1: Ann is first player.",
        ("Ann, reveal 5 ingredient cards into three decks: the first three start one deck each, "
        "then place the others on any deck (BU-2)."),
        "Rat cards do not count towards the 5: place each rat on a deck too and keep revealing (BU-2).",
        "The draw pile holds 60 cards.",
    ]
    five = state(start(["Ann", "Ben", "Cat", "Dan", "Eve"]))
    assert explain.reveal_instructions(five)[1].startswith("Ann, reveal 8 ingredient cards into five decks")
    assert len(explain.reveal_instructions(five)) == 3    # no draw pile entered: nothing said about it


def test_bu2_deck_draft_hints_and_the_rat_button():
    st = state(start(draw_pile="7"))
    draft = round_form.fresh_round(st)
    assert [d.cards for d in draft.decks] == [("",), ("",), ("",)]
    check = round_form.deck_check(st, draft)
    assert check.per_deck == {} and not check.ready
    assert check.count == "3 of 5 ingredients placed: 2 more to reveal (BU-2; rats do not count)."
    draft = round_form.set_card(draft, 1, 0, "rat")            # the second deck began with a rat: no ingredient
    draft = round_form.add_rat(draft, 2)
    check = round_form.deck_check(st, draft)
    assert check.per_deck == {1: "deck 2 needs an ingredient: every deck starts with one (BU-2)"}
    assert check.count == "2 of 5 ingredients placed: 3 more to reveal (BU-2; rats do not count, 2 rats on the decks)."
    draft = round_form.remove_card(round_form.set_card(draft, 1, 0, "lettuce"), 2, 1)
    for name in ("cheese", "patty"):
        draft = round_form.add_card(draft, 0, name)
    check = round_form.deck_check(st, draft)
    assert check.ready and check.count == "5 of 5 ingredients placed (BU-2; rats do not count)."
    draft = round_form.add_rat(round_form.add_rat(draft, 0), 0)       # 7 cards in all, the pile holds 7
    assert round_form.deck_check(st, draft).ready
    draft = round_form.add_rat(draft, 0)
    check = round_form.deck_check(st, draft)
    assert not check.ready and check.count.endswith("The draw pile holds only 7 cards.")
    # unnamed ingredients are recorded as 'ingredient', rats as 'rat'
    assert draft.decks[0].deck() == ["ingredient", "cheese", "patty", "rat", "rat", "rat"]
    assert draft.decks[0].text == "cheese, patty, 1 ingredient (not named), 3 rats"


def test_bu3_tool_cards_pass_the_phone_and_reveal_at_once():
    st = state(start())
    draft = round_form.fresh_round(st)
    turn = round_form.tool_turn(st, draft)
    assert turn == round_form.ToolTurn("Ann", False, "Pass the phone to Ann. Ann: tap to see your tool cards "
                                             "(the others look away, BU-3).", [], "")
    draft = round_form.show_tools(draft, "Ann")
    turn = round_form.tool_turn(st, draft)
    assert turn.shown and turn.choices == [("tongs", 2), ("tease", 1)]
    assert turn.hand == "In your hand: 2 tongs + 1 tease."
    draft = round_form.choose_tool(st, draft, "Ann", "tease")
    assert draft.tools["Ann"] == round_form.ToolDraft("tease", shown=False)     # hidden again at once
    assert round_form.tool_turn(st, draft).player == "Ben"
    # before the reveal nobody's card shows, and reveal waits for everyone
    assert round_form.tools_status(st, draft) == ["Ann: card down", "Ben: to choose", "Cat: to choose"]
    assert round_form.reveal(st, draft) == draft
    assert forms.submit(start(), draft).error == "Reveal the tool cards first: all at once (BU-3)."
    for p in ("Ben", "Cat"):
        draft = round_form.choose_tool(st, round_form.show_tools(draft, p), p, "tongs")
    assert round_form.tools_status(st, draft) == ["Ann: card down", "Ben: card down", "Cat: card down"]
    draft = round_form.reveal(st, draft)
    assert draft.revealed
    assert round_form.tools_status(st, draft) == ["Ann: tease", "Ben: tongs", "Cat: tongs"]
    # a mis-tap before the reveal: choose again
    again = round_form.clear_tool(draft, "Cat")
    assert not again.revealed and round_form.tool_turn(st, again).player == "Cat"


def test_bu3_only_cards_in_hand_are_offered():
    st = state(start(tongs=2, tease=0))
    draft = round_form.show_tools(round_form.fresh_round(st), "Ann")
    assert round_form.tool_turn(st, draft).choices == [("tongs", 2)]
    with pytest.raises(ValueError):
        round_form.choose_tool(st, draft, "Ann", "tease")


def test_bu3_the_pass_order_starts_with_the_first_player():
    st = state(start(first="Cat"))
    assert round_form.tool_order(st) == ["Cat", "Ann", "Ben"]
    assert round_form.tool_turn(st, round_form.fresh_round(st)).player == "Cat"


def test_bu4_only_one_player_plays_tongs():
    rec = start(draw_pile="60")
    st = state(rec)
    draft = entered(rec, DECKS_A, {"Ann": "tease", "Ben": "tease", "Cat": "tongs"}, {"Cat": 1})
    # Cat alone: Cat, Cat, Cat, from the player after Ann (BU-4)
    assert [(r.player, r.deck) for r in round_form.take_rows(st, draft)] == [("Cat", 0), ("Cat", 1), ("Cat", 2)]
    assert round_form.take_line(st, draft) == "Cat alone played tongs: Cat takes all three decks (BU-4)."
    assert round_form.rats_taken(st, draft) == {"Cat": 1}
    rec = forms.submit(rec, draft).record
    assert rec["rounds"] == [{
        "decks": [["patty", "cheese"], ["lettuce", "rat"], ["onion", "tomato"]],
        "tools": {"Ann": "tease", "Ben": "tease", "Cat": "tongs"}, "complete": {"Cat": 1}}]
    gv = present.game_view(rec)
    rv = gv.rounds[0]
    assert rv.explanation == "Cat alone played tongs: Cat takes all three decks (BU-4)."
    assert rv.reveal == "Ann revealed 5 ingredients and 1 rat (rats do not count) into 3 decks (BU-2)."
    assert rv.takes == ["Cat takes deck 1: patty, cheese", "Cat takes deck 2: lettuce",
                        "Cat takes deck 3: onion, tomato"]
    assert rv.finished == {"Cat": 1}
    assert rv.count == "1 of 8 complete hamburgers on the table (BU-6)."
    assert rv.next_first == "Cat"
    assert rv.notes == ["Cat finishes 1 hamburger (BU-5).",
                        "The draw pile gives 6 cards and holds 54 now (BU-2).",
                        "Cat took the last deck and becomes first player (BU-6)."]
    assert gv.count == "1 of 8 complete hamburgers on the table (all players together): the game ends at 8 (BU-6)."
    assert gv.draw_pile == "Draw pile: 54 cards; a round needs 5 ingredients (BU-2, BU-6)."
    assert gv.next_first == "Cat is first player in round 2 (BU-6)."
    assert gv.hamburgers == {"Ann": 0, "Ben": 0, "Cat": 1}


def test_bu4_nobody_plays_tongs_wastebasket_and_the_first_player_stays():
    rec = start()
    st = state(rec)
    draft = entered(rec, DECKS_A, {p: "tease" for p in THREE})
    assert round_form.take_rows(st, draft) == []
    assert round_form.rats_taken(st, draft) == {}
    assert round_form.take_line(st, draft) == ("Nobody played tongs: all decks go to Ann's wastebasket (BU-4); "
                                       "nobody gets rat tokens this round.")
    # picks chosen before do not reach the record: nobody takes a deck
    rec = forms.submit(rec, round_form.pick(draft, 0, 2)).record
    assert "picks" not in rec["rounds"][0]
    gv = present.game_view(rec)
    rv = gv.rounds[0]
    assert rv.takes == ["All three decks go to Ann's wastebasket (BU-4)."]
    assert rv.next_first == "Ann"
    assert "Nobody took a deck: Ann stays first player (BU-4, BU-6)." in rv.notes
    assert gv.next_first == "Ann is first player in round 2 (BU-6)."
    assert gv.draw_pile.startswith("Draw pile: size not entered at setup")
    # hamburgers for a player who took no deck are refused (BU-5), next to that player
    bad = round_form.step_complete(draft, "Ben", 1)
    assert round_form.complete_errors(st, bad) == {
        "Ben": "BU-5: took no deck this round, so finishes no hamburger (not 1): only the cards taken are stacked"}
    change = forms.submit(start(), bad)
    assert not change.ok and change.record == start()
    assert change.error == ("Round 1: Ben: BU-5: took no deck this round, so finishes no hamburger "
                            "(not 1): only the cards taken are stacked")
    # round 2: everyone played their only tease, so only tongs are offered (BU-3)
    st2 = state(rec)
    assert st2.first == "Ann"
    shown = round_form.show_tools(round_form.fresh_round(st2), "Ann")
    assert round_form.tool_turn(st2, shown).choices == [("tongs", 2)]


def test_bu4_several_tongs_players_pick_their_decks():
    rec = start()
    st = state(rec)
    draft = entered(rec, DECKS_A, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"})
    rows = round_form.take_rows(st, draft)
    assert [(r.player, r.deck, r.choices) for r in rows] == [
        ("Ben", 0, [0, 1, 2]), ("Cat", 1, [1, 2]), ("Ben", 2, [2])]
    draft = round_form.pick(draft, 0, 1)            # Ben takes deck 1 first; Cat's turn gets deck 0
    draft = round_form.pick(draft, 1, 2)            # Cat takes deck 2; deck 0 is left for Ben
    rows = round_form.take_rows(st, draft)
    assert [r.text for r in rows] == ["Ben takes deck 2: lettuce, 1 rat", "Cat takes deck 3: onion, tomato",
                                      "Ben takes deck 1: patty, cheese"]
    assert rows[1].choices == [0, 2]
    assert round_form.take_line(st, draft) == "Ben and Cat played tongs: Ben, Cat, Ben take the three decks (BU-4)."
    assert round_form.rats_taken(st, draft) == {"Ben": 1}
    rec = forms.submit(rec, draft).record
    assert rec["rounds"][0]["picks"] == [1, 2, 0]
    rv = present.game_view(rec).rounds[0]
    assert rv.takes == ["Ben takes deck 2: lettuce", "Cat takes deck 3: onion, tomato",
                        "Ben takes deck 1: patty, cheese"]
    assert rv.next_first == "Ben"           # took the last deck (BU-6)
    # the decks in order are the default: no picks in the record
    plain = forms.submit(start(), entered(start(), DECKS_A, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"}))
    assert "picks" not in plain.record["rounds"][0]


def test_bu5_the_recipe_check_shows_what_is_missing():
    book = load_recipes()
    half = round_form.StackDraft("Cheeseburger", ("bottom bun", "patty"))
    check = stacks.stack_check(book, half)
    assert not check.complete
    assert check.missing == ["cheese", "top bun"]
    assert check.explanation == "Not a complete Cheeseburger: missing cheese, top bun."
    flipped = round_form.StackDraft("cheeseburger", ("lettuce", "cheese", "patty", "top bun"), flipped_bottom=True)
    assert stacks.stack_check(book, flipped).explanation == (
        "A complete Cheeseburger: 'lettuce' flipped as bottom bun (BU-5).")
    rat = round_form.StackDraft("Cheeseburger", ("rat", "patty", "cheese", "top bun"), flipped_bottom=True)
    assert stacks.stack_check(book, rat).problems == [
        "a rat can never be the bottom bun, flipped or not: it goes under the wastebasket (BU-5)"]
    assert stacks.stack_check(book, round_form.StackDraft("Fish burger", ("bottom bun",))) is None


def test_bu5_a_checked_stack_counts_as_a_hamburger():
    book = load_recipes()
    rec = start()
    st = state(rec)
    decks = [["bottom bun", "patty"], ["cheese", "top bun"], ["onion"]]
    draft = entered(rec, decks, {"Ann": "tongs", "Ben": "tease", "Cat": "tease"})
    assert stacks.stack_cards(st, draft, "Ann", book) == ["bottom bun", "top bun", "patty", "cheese", "onion",
                                                "lettuce", "mushroom"]
    assert stacks.stack_cards(st, draft, "Ben") == ["bottom bun", "top bun"]
    draft = round_form.set_stack(draft, "Ann", round_form.StackDraft("Cheeseburger", ("bottom bun", "patty", "cheese")))
    assert stacks.count_stack(draft, "Ann", book) == draft          # not complete: nothing counted
    done = ("bottom bun", "patty", "cheese", "top bun")
    draft = round_form.set_stack(draft, "Ann", round_form.StackDraft("Cheeseburger", done))
    draft = stacks.count_stack(draft, "Ann", book)
    assert draft.complete == {"Ann": 1} and "Ann" not in draft.stacks
    rec = forms.submit(rec, draft).record
    assert rec["rounds"][0]["complete"] == {"Ann": 1}


def test_bu5_a_stack_begun_from_the_cards_taken_counts_untouched_as_the_screen_shows_it():
    book = load_recipes()
    rec = start()
    st = state(rec)
    decks = [["bottom bun", "patty"], ["cheese"], ["top bun"]]      # Ann, the only tongs, takes all three
    draft = entered(rec, decks, {"Ann": "tongs", "Ben": "tease", "Cat": "tease"})
    shown = stacks.stack_of(st, draft, "Ann", book)
    assert "Ann" not in draft.stacks and stacks.stack_check(book, shown).complete
    assert stacks.count_stack(draft, "Ann", book) == draft         # no state: nothing begun to count
    counted = stacks.count_stack(draft, "Ann", book, st)
    assert counted.complete == {"Ann": 1} and "Ann" not in counted.stacks


def test_bu2_a_refused_round_changes_nothing_and_says_why():
    rec = start()
    draft = entered(rec, [["patty", "cheese", "onion"], ["rat"], ["tomato", "lettuce"]],
                    {"Ann": "tongs", "Ben": "tease", "Cat": "tease"})
    change = forms.submit(rec, draft)
    assert not change.ok and change.record == rec
    assert change.error == "Round 1: BU-2: deck 2 holds only rats: every deck starts with an ingredient"
    assert round_form.preview(state(rec), draft) == (None, change.error)
    too_many = entered(rec, [["patty", "cheese", "onion"], ["lettuce"], ["tomato", "mushroom"]],
                       {"Ann": "tongs", "Ben": "tease", "Cat": "tease"})
    assert forms.submit(rec, too_many).error == (
        "Round 1: BU-2: 6 ingredients revealed: 3 players reveal 5 (rats not counted)")


def test_bu5_more_hamburgers_than_cards_taken_is_refused_next_to_the_player():
    rec = start(["Ann", "Ben"])
    draft = entered(rec, [["patty"], ["cheese", "onion", "lettuce"]], {"Ann": "tongs", "Ben": "tongs"})
    # Ann first: Ben takes deck 0 (1 card), Ann deck 1
    draft = round_form.step_complete(draft, "Ben", 2)
    assert round_form.complete_errors(state(rec), draft) == {
        "Ben": "BU-5: finishes 2 hamburgers with only 1 ingredient card taken: each needs its top bun placed last"}
    assert round_form.step_complete(draft, "Ben", -5).complete == {"Ben": 0}


def test_play_helper_round_trip_is_the_record():
    rec = play(start(), DECKS_A, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"}, {"Ben": 1})
    assert round_form.round_of(state(start()), forms.draft_of(rec, 0)) == rec["rounds"][0]


def test_bu3_tool_cards_are_recorded_in_seat_order_whoever_chose_first():
    rec = start(first="Cat")
    draft = entered(rec, DECKS_A, {"Ann": "tongs", "Ben": "tease", "Cat": "tease"})
    assert list(draft.tools) == ["Cat", "Ann", "Ben"]          # the phone went round from Cat
    assert list(round_form.round_of(state(rec), draft)["tools"]) == ["Ann", "Ben", "Cat"]
