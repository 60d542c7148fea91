"""The Hot Dog screens' logic, without a browser: setup checks, bids, record operations."""

from __future__ import annotations

from companion.games.hotdog import viewmodel as vm
from companion.games.hotdog.viewmodel import Draft

PLAYERS = ["Anna", "Bernd", "Chris"]


def tie_drafts() -> dict[str, Draft]:
    # rules/001: Anna holds the mustard; Bernd and Chris tie at price $1 (HD-7, HD-8)
    return {"Anna": Draft(5, 2, 0), "Bernd": Draft(5, 3, 2), "Chris": Draft(5, 3, 2)}


def test_names_are_checked_as_typed_with_the_reason_hd1():
    errs = vm.name_errors(["Anna", " anna ", "", "x" * 25])
    assert errs[0] is None
    assert errs[1] == "HD-1: 'anna' and 'Anna' look the same: give each player a name the table can tell apart"
    assert errs[2] == "HD-1: a player's name is empty"
    assert errs[3].startswith("HD-1: the name 'xxxxxxxxxxxxxxxxxxxxxxxx…' is 25 characters long")


def test_setup_needs_two_to_five_players_hd1():
    assert vm.setup_error(["Anna"]) == "HD-1: 2–5 players, not 1"
    assert vm.setup_error(PLAYERS) is None
    assert vm.setup_error(PLAYERS + ["D", "E", "F"]) == "HD-1: 2–5 players, not 6"


def test_new_record_is_the_contract_input():
    assert vm.new_record([" Anna", "Bernd "], "Bernd") == {
        "game": "hotdog", "players": ["Anna", "Bernd"], "mustard": "Bernd", "rounds": []}


def test_submit_the_mustard_tie_round():
    rec = vm.new_record(PLAYERS, "Anna")
    change = vm.submit(rec, tie_drafts())
    assert change.ok
    view = vm.game_view(change.record)
    rv = vm.round_view(view.players, view.results[0])
    assert [s[0] for s in rv.steps] == [
        "5 table: Bernd 3−$2 = $1: sold",
        "5 table: Chris 3−$2 = $1: returned (no room)",
        "5 table: Anna 2−$0 = $2: sold",
    ]
    assert rv.payouts == ["Anna +$2 (5 table, HD-10)", "Bernd +$3 (5 table, HD-10)"]
    assert [m.dollars for m in rv.money] == [5, 4, 3]
    assert rv.next_mustard == "Bernd"
    assert [t.text for t in rv.tables] == ["5 table: empty; 5 free", "7 table: empty; 7 free"]


def test_refused_bid_changes_nothing_and_says_why_hd6():
    rec = vm.new_record(PLAYERS, "Anna")
    drafts = {**tie_drafts(), "Bernd": Draft(5, 3, 4)}
    change = vm.submit(rec, drafts)
    assert not change.ok and change.record == rec
    assert change.error == "round 1: Bernd: HD-6: dollars (4) exceed hot dogs (3): the price may not fall below zero"
    _, state = vm.replay(rec)
    assert vm.bid_errors(state, drafts) == {
        "Bernd": "HD-6: dollars (4) exceed hot dogs (3): the price may not fall below zero"}
    rich = {**drafts, "Bernd": Draft(5, 5, 4)}
    assert vm.bid_errors(state, rich) == {"Bernd": "HD-6: dollars (4) exceed the player's money ($3)"}


def test_bid_errors_are_per_player():
    _, state = vm.replay(vm.new_record(PLAYERS, "Anna"))
    drafts = {"Anna": Draft(5, 1, 2), "Bernd": Draft(5, 9, 4), "Chris": Draft(5, 1)}
    errs = vm.bid_errors(state, drafts)
    assert set(errs) == {"Anna", "Bernd"}


def test_undo_drops_the_last_round():
    rec = vm.submit(vm.new_record(PLAYERS, "Anna"), tie_drafts()).record
    assert vm.undo(rec).record["rounds"] == []
    assert vm.undo(vm.undo(rec).record).error == "There is no round to undo."


def test_edit_round_one_replays_round_two():
    rec = vm.new_record(PLAYERS, "Anna")
    rec = vm.submit(rec, tie_drafts()).record
    r2 = {"Anna": Draft(7, 3), "Bernd": Draft(7, 2), "Chris": Draft(5, 1)}
    rec = vm.submit(rec, r2).record
    before = vm.game_view(rec)
    assert before.results[1].money == {"Anna": 5, "Bernd": 4, "Chris": 3}
    assert before.results[1].tables["7"] == {"Anna": 3, "Bernd": 2}
    # round 1 changed: Chris now places 2 hot dogs at the 7 table; round 2 fills it
    changed = vm.edit(rec, 0, {**vm.drafts_of(rec, 0), "Chris": Draft(7, 2)})
    assert changed.ok
    assert changed.record["rounds"][1] == rec["rounds"][1]
    after = vm.game_view(changed.record)
    assert after.results[0].tables["7"] == {"Chris": 2}
    assert after.results[1].money == {"Anna": 8, "Bernd": 6, "Chris": 5}
    assert after.results[1].tables["7"] == {}


def test_edit_that_breaks_a_later_round_is_refused():
    rec = vm.new_record(PLAYERS, "Anna")
    rec = vm.submit(rec, {"Anna": Draft(5, 1), "Bernd": Draft(7, 1), "Chris": Draft(7, 1)}).record
    rec = vm.submit(rec, {"Anna": Draft(5, 1), "Bernd": Draft(7, 3, 3), "Chris": Draft(7, 1)}).record
    bad = vm.edit(rec, 0, {"Anna": Draft(5, 1), "Bernd": Draft(7, 2, 2), "Chris": Draft(7, 1)})
    assert not bad.ok and bad.record == rec
    assert bad.error.startswith("Round 1 cannot be changed so: round 2: Bernd: HD-6: dollars (3) exceed the player's money ($1)")


def test_last_hot_dog_not_announced_goes_back_hd12():
    rec = vm.new_record(PLAYERS, "Anna")
    d = {"Anna": Draft(5, 1, last=True, announced=False), "Bernd": Draft(7, 1), "Chris": Draft(7, 1)}
    view = vm.game_view(vm.submit(rec, d).record)
    assert view.results[0].steps[0].reason == "not announced"
    assert not view.over


def test_cash_cards_hd16():
    mv = vm.money_view(["Anna"], {"Anna": 19})[0]
    assert mv.cards == {10: 1, 5: 1, 1: 4}
    assert mv.cards_text == "4×$1 + 1×$5 + 1×$10" or mv.cards_text == "1×$10 + 1×$5 + 4×$1"


def finish(rec: dict) -> dict:
    """One round in which Anna places her last hot dogs (HD-13)."""
    players = rec["players"]
    d = {p: Draft(5, 1) for p in players}
    d[players[0]] = Draft(7, 1, last=True)
    out = vm.submit(rec, d)
    assert out.ok, out.error
    return out.record


def test_three_game_match_with_hd17_mustard():
    g1 = finish(vm.new_record(PLAYERS, "Anna"))
    assert vm.game_view(g1).over and vm.can_start_next_game([g1])
    assert vm.next_game_mustard(g1) == "Bernd"   # HD-17 house rule
    g2 = finish(vm.new_record(PLAYERS, vm.next_game_mustard(g1)))
    g3 = finish(vm.new_record(PLAYERS, vm.next_game_mustard(g2)))
    assert g3["mustard"] == "Chris"
    result = vm.match_tally(PLAYERS, [g1, g2, g3])
    assert result.complete
    assert vm.progress(PLAYERS, [g1, g2, g3]).over
    assert not vm.can_start_next_game([g1, g2, g3])


def test_running_totals_include_the_game_in_play():
    g1 = finish(vm.new_record(PLAYERS, "Anna"))
    g2 = vm.submit(vm.new_record(PLAYERS, "Bernd"), tie_drafts()).record
    totals = vm.running_totals(PLAYERS, [g1, g2])
    g1money = vm.game_view(g1).state.money
    g2money = vm.game_view(g2).state.money
    assert totals == {p: g1money[p] + g2money[p] for p in PLAYERS}


def test_standings_share_places():
    view = vm.game_view(finish(vm.new_record(PLAYERS, "Anna")))
    places = view.standings()
    assert places[0][0] == 1
    assert [p for _, p, _ in places] == sorted(PLAYERS, key=lambda p: -view.state.money[p])


def test_rules_screen_lists_every_ruling_and_labels_the_house_rule():
    ids = [r[0] for r in vm.RULES]
    assert ids == [f"HD-{i}" for i in range(1, 18)]
    assert [r[0] for r in vm.RULES if r[2]] == ["HD-17"]
    assert vm.RULES[-1][1].startswith("House rule")
