"""Hot Dog's forms without a browser (companion.games.hotdog.forms): setup checks and
steps, bids as entered and what each tap changes, the record operations."""

from __future__ import annotations

from dataclasses import replace

from companion.games.hotdog import explain, forms, present, setup_form, summaries
from companion.games.hotdog.forms import Draft, TableUI
from companion.games.hotdog.setup_form import SetupDraft

PLAYERS = ["Anna", "Bernd", "Chris"]


def tie_drafts() -> dict[str, Draft]:
    # Anna holds the mustard; Bernd and Chris tie at price $1 (HD-7, HD-8)
    return {"Anna": Draft(5, 2, 0), "Bernd": Draft(5, 3, 2), "Chris": Draft(5, 3, 2)}


def test_names_are_checked_as_typed_with_the_reason_hd1():
    errs = setup_form.name_errors(["Anna", " anna ", "", "x" * 25])
    assert errs[0] is None
    assert errs[1] == "HD-1: 'anna' and 'Anna' look the same: give each player a name the table can tell apart"
    assert errs[2] == "HD-1: a player's name is empty"
    assert errs[3].startswith("HD-1: the name 'xxxxxxxxxxxxxxxxxxxxxxxx…' is 25 characters long")


def test_setup_needs_two_to_five_players_hd1():
    assert setup_form.setup_error(["Anna"]) == "HD-1: 2–5 players, not 1"
    assert setup_form.setup_error(PLAYERS) is None
    assert setup_form.setup_error(PLAYERS + ["D", "E", "F"]) == "HD-1: 2–5 players, not 6"


def test_new_record_is_the_contract_input():
    assert setup_form.new_record([" Anna", "Bernd "], "Bernd") == {
        "game": "hotdog", "players": ["Anna", "Bernd"], "mustard": "Bernd", "rounds": []}


def test_submit_the_mustard_tie_round():
    rec = setup_form.new_record(PLAYERS, "Anna")
    change = forms.submit(rec, tie_drafts())
    assert change.ok
    view = present.game_view(change.record)
    rv = present.round_view(view.players, view.results[0])
    assert [s[0] for s in rv.steps] == [
        "5 table: Bernd 3 hot dogs − $2 = $1: sold",
        "5 table: Chris 3 hot dogs − $2 = $1: returned (no room)",
        "5 table: Anna 2 hot dogs − $0 = $2: sold",
    ]
    assert rv.payouts == ["Anna +$2 (5 table, HD-10)", "Bernd +$3 (5 table, HD-10)"]
    assert [m.dollars for m in rv.money] == [5, 4, 3]
    assert rv.next_mustard == "Bernd"
    assert [t.text for t in rv.tables] == ["5 table: empty; 5 free", "7 table: empty; 7 free"]


def test_refused_bid_changes_nothing_and_says_why_hd6():
    rec = setup_form.new_record(PLAYERS, "Anna")
    drafts = {**tie_drafts(), "Bernd": Draft(5, 3, 4)}
    change = forms.submit(rec, drafts)
    assert not change.ok and change.record == rec
    assert change.error == "Round 1: Bernd: HD-6: dollars (4) exceed hot dogs (3): the price may not fall below zero"
    state = forms.replay(rec).state
    assert forms.bid_errors(state, drafts) == {
        "Bernd": "HD-6: dollars (4) exceed hot dogs (3): the price may not fall below zero"}
    rich = {**drafts, "Bernd": Draft(5, 5, 4)}
    assert forms.bid_errors(state, rich) == {"Bernd": "HD-6: dollars (4) exceed the player's money ($3)"}


def test_bid_errors_are_per_player():
    state = forms.replay(setup_form.new_record(PLAYERS, "Anna")).state
    drafts = {"Anna": Draft(5, 1, 2), "Bernd": Draft(5, 9, 4), "Chris": Draft(5, 1)}
    errs = forms.bid_errors(state, drafts)
    assert set(errs) == {"Anna", "Bernd"}


def test_undo_drops_the_last_round():
    rec = forms.submit(setup_form.new_record(PLAYERS, "Anna"), tie_drafts()).record
    assert forms.undo(rec).record["rounds"] == []
    assert forms.undo(forms.undo(rec).record).error == "There is no round to undo."


def test_edit_round_one_replays_round_two():
    rec = setup_form.new_record(PLAYERS, "Anna")
    rec = forms.submit(rec, tie_drafts()).record
    r2 = {"Anna": Draft(7, 3), "Bernd": Draft(7, 2), "Chris": Draft(5, 1)}
    rec = forms.submit(rec, r2).record
    before = present.game_view(rec)
    assert before.results[1]["money"] == {"Anna": 5, "Bernd": 4, "Chris": 3}
    assert before.results[1]["tables"]["7"] == {"Anna": 3, "Bernd": 2}
    # round 1 changed: Chris now places 2 hot dogs at the 7 table; round 2 fills it
    changed = forms.edit(rec, 0, {**forms.drafts_of(rec, 0), "Chris": Draft(7, 2)})
    assert changed.ok
    assert changed.record["rounds"][1] == rec["rounds"][1]
    after = present.game_view(changed.record)
    assert after.results[0]["tables"]["7"] == {"Chris": 2}
    assert after.results[1]["money"] == {"Anna": 8, "Bernd": 6, "Chris": 5}
    assert after.results[1]["tables"]["7"] == {}


def test_edit_that_breaks_a_later_round_is_refused():
    rec = setup_form.new_record(PLAYERS, "Anna")
    rec = forms.submit(rec, {"Anna": Draft(5, 1), "Bernd": Draft(7, 1), "Chris": Draft(7, 1)}).record
    rec = forms.submit(rec, {"Anna": Draft(5, 1), "Bernd": Draft(7, 3, 3), "Chris": Draft(7, 1)}).record
    bad = forms.edit(rec, 0, {"Anna": Draft(5, 1), "Bernd": Draft(7, 2, 2), "Chris": Draft(7, 1)})
    assert not bad.ok and bad.record == rec
    assert bad.error.startswith(
        "Round 1 cannot be changed so: round 2: Bernd: HD-6: dollars (3) exceed the player's money ($1)")


def test_last_hot_dog_not_announced_goes_back_hd12():
    rec = setup_form.new_record(PLAYERS, "Anna")
    d = {"Anna": Draft(5, 1, last=True, announced=False), "Bernd": Draft(7, 1), "Chris": Draft(7, 1)}
    view = present.game_view(forms.submit(rec, d).record)
    assert view.results[0]["steps"][0]["reason"] == "not announced"
    assert not view.over


def test_setup_steps_keep_the_mustard_with_its_player():
    d = SetupDraft(("Anna", "Bernd", "Chris"), mustard=1)
    assert d.moved(1, -1) == SetupDraft(("Bernd", "Anna", "Chris"), 0)    # Bernd moved up, still holds it
    assert d.moved(0, 1) == SetupDraft(("Bernd", "Anna", "Chris"), 0)     # Anna moved down past Bernd
    assert d.moved(1, 1).mustard == 2
    assert d.removed(0) == SetupDraft(("Bernd", "Chris"), 0)
    assert d.removed(1) == SetupDraft(("Anna", "Chris"), 0)               # the holder gone: the first seat
    assert d.removed(2) == SetupDraft(("Anna", "Bernd"), 1)
    assert d.renamed(2, " Chloé ").names == ("Anna", "Bernd", " Chloé ")
    assert d.added().names == ("Anna", "Bernd", "Chris", "") and d.chose(2).mustard == 2


def test_fresh_name_fields_say_nothing_until_typed_in_or_start_is_tapped_hd1():
    """Four red 'HD-1: a player's name is empty' before anything was typed: a fresh
    field keeps its refusal until it is typed in, or Start is tapped."""
    fresh = SetupDraft()
    assert fresh.errors() == [None, None, None] and fresh.problem() is None
    typed = fresh.renamed(0, "Anna").renamed(1, "Bernd").renamed(1, "")   # Bernd's field emptied again
    assert typed.errors() == [None, "HD-1: a player's name is empty", None]
    assert typed.problem() is None                    # the third field, never typed in, still says nothing
    tried = typed.started()
    assert tried.errors() == [None, "HD-1: a player's name is empty", "HD-1: a player's name is empty"]
    assert tried.problem() == "HD-1: a player's name is empty"
    same = fresh.renamed(0, "Anna").renamed(1, "anna").removed(2)
    assert same.errors()[1].startswith("HD-1: 'anna' and 'Anna' look the same")
    assert same.problem() is not None                 # every field typed in: the reason Start is off is said
    assert SetupDraft(("Anna", "Bernd", "Chris")).problem() is None


def test_a_typed_field_stays_marked_when_seats_move_or_go():
    d = SetupDraft(("", "x", ""), touched=frozenset({1}))
    assert d.moved(1, -1).touched == {0} and d.moved(1, 1).touched == {2}
    assert d.removed(0).touched == {0} and d.removed(1).touched == set() and d.added().touched == {1}


def test_setup_starts_with_the_names_trimmed_and_the_chosen_holder():
    assert SetupDraft((" Anna", "Bernd ", ""), 1).start() == (["Anna", "Bernd", ""], "Bernd")
    gone = SetupDraft(("Anna", "Bernd"), 3)
    assert gone.start() == (["Anna", "Bernd"], None) and gone.holder() == 0


def test_the_pickers_offer_a_table_s_hot_dogs_and_dollars_up_to_money_and_hot_dogs_hd6():
    """One chip per hot dog count a table can take (1 … its value); the dollars from $0
    up to the player's money and the hot dogs (HD-6: the price may not fall below zero)."""
    assert list(forms.hot_dog_choices(5)) == [1, 2, 3, 4, 5] and list(forms.hot_dog_choices(9))[-1] == 9
    assert list(forms.dollar_choices(3, 2)) == [0, 1, 2]      # 2 hot dogs: at most $2
    assert list(forms.dollar_choices(1, 4)) == [0, 1]         # $1 in hand: at most $1
    assert list(forms.dollar_choices(0, 4)) == [0]


def test_a_hot_dog_chip_sets_table_and_hot_dogs_in_one_tap_and_keeps_the_dollars():
    d = forms.picked(7, 3)(Draft(5))
    assert d == Draft(7, 3, 0)
    assert forms.paying(2)(d) == Draft(7, 3, 2)
    assert forms.picked(9, 4)(Draft(7, 3, 2)) == Draft(9, 4, 2)


def test_the_last_hot_dog_boxes_and_hiding_change_one_field():
    d = Draft(7, 2, 1)
    assert forms.last_hot_dog(True)(d) == Draft(7, 2, 1, last=True)
    assert forms.announced(False)(forms.last_hot_dog(True)(d)) == Draft(7, 2, 1, last=True, announced=False)
    assert forms.hidden_bid(d).hidden and forms.shown_bid(forms.hidden_bid(d)) == d


def test_a_bid_as_the_record_keeps_it_and_as_a_phone_sends_it():
    d = Draft(7, 2, 0, last=True, announced=False)
    assert d.bid("Anna") == {"player": "Anna", "table": 7, "hotdogs": 2, "last": True, "announced": False}
    assert d.seat_bid() == {"table": 7, "hotdogs": 2, "dollars": 0, "last": True, "announced": False}
    assert Draft.of(d.bid("Anna")) == d and Draft.of(d.seat_bid()) == d
    assert Draft(5).seat_bid() == {"table": 5, "hotdogs": 1, "dollars": 0}


def test_a_first_tap_begins_a_plain_bid_and_changes_only_that_player_s():
    changed = forms.with_draft({}, "Chris", forms.picked(7, 2), 5)
    assert changed == {"Chris": Draft(7, 2)}
    tapped = forms.with_draft({"Bernd": Draft(7, 2)}, "Anna", lambda d: replace(d, table=7), 5)
    assert tapped == {"Bernd": Draft(7, 2), "Anna": Draft(7)}       # a table tap is a whole bid: 1 hot dog, $0


def test_a_round_with_untouched_bids_is_refused_naming_who_has_not_bid_hd6():
    """HD-6: a missing bid is refused. A player whose bid was never touched has no
    draft, and the round is not completed with a made-up bid for them."""
    rec = setup_form.new_record(PLAYERS, "Anna")
    nothing = forms.enter_round(rec, {})
    assert not nothing.ok and nothing.record == rec
    assert nothing.error == ("Round 1: HD-6: Anna, Bernd and Chris have not bid yet: "
                             "every player bids every round.")
    one = forms.enter_round(rec, {"Bernd": Draft(7, 2)})
    assert one.error == "Round 1: HD-6: Anna and Chris have not bid yet: every player bids every round."
    assert forms.enter_round(rec, {"Anna": Draft(5), "Bernd": Draft(7, 2)}).error == (
        "Round 1: HD-6: Chris has not bid yet: every player bids every round.")
    assert forms.not_bid(PLAYERS, {"Bernd": Draft(7, 2)}) == ["Anna", "Chris"]
    # a bid entered but refused is said first, as the rules say it (it is on screen)
    bad = forms.enter_round(rec, {"Bernd": Draft(5, 3, 4)})
    assert bad.error == "Round 1: Bernd: HD-6: dollars (4) exceed hot dogs (3): the price may not fall below zero"


def test_a_refused_hidden_bid_is_named_without_its_amounts_hd6():
    """HD-6 refuses Chris's hidden bid: the table reads only that his bid needs
    checking; the amounts are said on his card once he shows it."""
    rec = setup_form.new_record(PLAYERS, "Anna")
    drafts = {**tie_drafts(), "Chris": Draft(5, 5, 4, hidden=True)}
    change = forms.enter_round(rec, drafts)
    assert not change.ok and change.record == rec
    assert change.error == "Round 1: HD-6: Chris's bid needs checking: Chris, show it to see why."
    assert "$" not in change.error and "4" not in change.error
    state = forms.replay(rec).state
    assert forms.bid_errors(state, drafts)["Chris"] == "HD-6: dollars (4) exceed the player's money ($3)"
    shown = {**drafts, "Chris": forms.shown_bid(drafts["Chris"])}
    assert forms.enter_round(rec, shown).error == "Round 1: Chris: HD-6: dollars (4) exceed the player's money ($3)"


def test_the_reveal_shows_one_step_a_tap_and_never_past_the_last():
    ui = TableUI(drafts={"Anna": Draft(7, 3, 1, hidden=True)}).entered(2)
    assert (ui.mode, ui.index, ui.shown, ui.error) == ("reveal", 2, 1, None)
    assert ui.drafts == {}                  # HD-6: the next round's bids start empty, none made up
    assert ui.next_step(3).next_step(3).shown == 3
    assert ui.next_step(3).next_step(3).next_step(3).shown == 3   # a fast extra tap shows no step 4
    assert ui.all_steps(3).shown == 3
    assert ui.opened(0).mode == "round" and ui.editing({"Anna": Draft(5)}).edit_drafts == {"Anna": Draft(5)}


def test_undo_asks_first_and_a_question_about_another_round_is_not_asked():
    ui = TableUI()
    assert not ui.asks_undo(3)
    asked = ui.asking_undo(3)
    assert asked.asks_undo(3) and asked.undo_asked == 3
    assert not asked.asks_undo(4)                 # a round entered since: the question is not about it
    assert not asked.kept().asks_undo(3)
    assert not asked.entered(3).asks_undo(4)


# ---------------------------------------------------------------- passing the phone

FOUR = ["Anna", "Bernd", "Chris", "Dora"]


def test_the_phone_goes_round_clockwise_from_the_mustard_holder_hd14():
    assert forms.pass_order(FOUR, "Chris") == ["Chris", "Dora", "Anna", "Bernd"]
    assert forms.pass_order(FOUR, "Anna") == FOUR


def test_passing_the_phone_step_by_step_whose_turn_and_who_is_next():
    """Each player's turn follows from the bids alone: the first, round the table, whose
    bid is not hidden yet; one tap hides it and names the next player."""
    order = forms.pass_order(FOUR, "Bernd")                 # Bernd, Chris, Dora, Anna
    drafts: dict[str, Draft] = {}
    assert forms.whose_turn(order, drafts) == "Bernd"       # nothing picked yet: his turn, no bid made up
    assert forms.pass_on(drafts, "Bernd") == {}              # nothing to hide: the phone stays
    drafts = forms.with_draft(drafts, "Bernd", forms.picked(7, 3), 5)
    assert forms.passed_to(order, drafts, "Bernd") == "Chris"
    drafts = forms.pass_on(drafts, "Bernd")
    assert drafts["Bernd"] == Draft(7, 3, hidden=True)
    assert forms.whose_turn(order, drafts) == "Chris"
    for p in ("Chris", "Dora"):
        drafts = forms.pass_on(forms.with_draft(drafts, p, forms.picked(5, 1), 5), p)
    assert forms.whose_turn(order, drafts) == "Anna"
    assert forms.passed_to(order, drafts, "Anna") is None   # the last: her tap shows the result
    drafts = forms.pass_on(forms.with_draft(drafts, "Anna", forms.picked(9, 2), 5), "Anna")
    assert forms.whose_turn(order, drafts) is None
    assert forms.hand_back(order, drafts, {}) is None


def test_a_refused_bid_goes_back_to_its_owner_only_hd6():
    """HD-6 refuses Chris's hidden bid: the phone goes back to him (not to the others),
    and his bid is shown again once he says it is him."""
    order = forms.pass_order(FOUR, "Anna")
    drafts = {p: Draft(5, 1, hidden=True) for p in FOUR}
    drafts["Chris"] = Draft(5, 2, 3, hidden=True)           # $3 with 2 hot dogs
    rec = setup_form.new_record(FOUR, "Anna")
    state = forms.replay(rec).state
    errors = forms.bid_errors(state, drafts)
    assert list(errors) == ["Chris"]
    assert forms.hand_back(order, drafts, errors) == "Chris"
    back = forms.take_back(drafts, "Chris")
    assert not back["Chris"].hidden and all(back[p].hidden for p in ("Anna", "Bernd", "Dora"))
    assert forms.whose_turn(order, back) == "Chris"
    assert forms.passed_to(order, back, "Chris") is None    # everyone else has bid: his tap shows the result
    assert forms.hand_back(order, back, errors) is None     # his turn now, no hand-back


def test_how_bids_are_entered_is_the_match_s_setting_from_the_table_by_default():
    assert forms.entry_mode({}) == setup_form.FROM_TABLE
    assert forms.entry_mode({setup_form.ENTRY: setup_form.PASSING}) == setup_form.PASSING
    assert forms.entry_mode({setup_form.ENTRY: "something else"}) == setup_form.FROM_TABLE
    d = SetupDraft()
    assert d.entry == setup_form.FROM_TABLE
    assert d.entered_by(setup_form.PASSING).entry == setup_form.PASSING
    assert d.entered_by("nonsense").entry == setup_form.FROM_TABLE


def test_a_round_entered_shows_its_whole_result_step_by_step_one_tap_away():
    ui = TableUI().entered(0)
    assert not ui.stepwise and ui.steps_shown(4) == 4       # the whole result at once
    step = ui.step_by_step()
    assert step.steps_shown(4) == 1 and step.next_step(4).steps_shown(4) == 2
    assert step.all_steps(4).steps_shown(4) == 4 and not step.all_steps(4).stepwise
    assert TableUI(stepwise=True, shown=3).entered(1).steps_shown(4) == 4


def test_the_money_grid_has_the_money_now_first_then_each_round_with_its_change():
    rec = setup_form.new_record(PLAYERS, "Anna")
    rec = forms.submit(rec, tie_drafts()).record             # Anna $3, Bernd $1, Chris $3 (HD-9)
    rec = forms.submit(rec, {"Anna": Draft(5, 3), "Bernd": Draft(7, 1), "Chris": Draft(7, 1)}).record
    gv = present.game_view(rec)
    rows = summaries.money_grid(gv)
    assert rows[0] == ("Now", [explain.dollars(gv.state.money[p]) for p in PLAYERS], True)
    assert [label for label, _, _ in rows] == ["Now", "Round 1", "Round 2"]
    r1 = gv.results[0]["money"]
    assert rows[1][1] == [f"${r1[p]} {summaries.signed(r1[p] - 3)}".strip() for p in PLAYERS]
    assert summaries.signed(2) == "+2" and summaries.signed(-1) == "−1" and summaries.signed(0) == ""


def test_the_match_grid_has_the_totals_first_then_each_game_hd15():
    rec = setup_form.new_record(PLAYERS, "Anna")
    done = forms.submit(rec, {"Anna": Draft(7, 1, last=True), "Bernd": Draft(5), "Chris": Draft(5)}).record
    result = summaries.match_tally(PLAYERS, [done])
    rows = summaries.match_grid(PLAYERS, result)
    assert rows[0] == ("Total", [f"${result.totals[p]}" for p in PLAYERS], True)
    assert rows[1] == ("Game 1", [f"${result.games[0].scores[p]}" for p in PLAYERS], False)
