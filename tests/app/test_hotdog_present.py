"""What Hot Dog's screens draw, without a browser (companion.games.hotdog.present):
a round's lines on the table and on the phones alike, a game's one replay, the match."""

from __future__ import annotations

import json

import pytest

from companion.core.registry import parse_record, referee
from companion.games.hotdog import explain, forms, present, rulings, setup_form, summaries
from companion.games.hotdog.forms import Draft

PLAYERS = ["Anna", "Bernd", "Chris"]


def tie_drafts() -> dict[str, Draft]:
    # Anna holds the mustard; Bernd and Chris tie at price $1 (HD-7, HD-8)
    return {"Anna": Draft(5, 2, 0), "Bernd": Draft(5, 3, 2), "Chris": Draft(5, 3, 2)}


def test_cash_cards_hd16():
    mv = present.money_view(["Anna"], {"Anna": 19})[0]
    assert mv.cards == {10: 1, 5: 1, 1: 4}
    assert mv.cards_text == "4×$1 + 1×$5 + 1×$10" or mv.cards_text == "1×$10 + 1×$5 + 4×$1"


def finish(rec: dict) -> dict:
    """One round in which Anna places her last hot dogs (HD-13)."""
    players = rec["players"]
    d = {p: Draft(5, 1) for p in players}
    d[players[0]] = Draft(7, 1, last=True)
    out = forms.submit(rec, d)
    assert out.ok, out.error
    return out.record


def test_three_game_match_with_hd17_mustard():
    g1 = finish(setup_form.new_record(PLAYERS, "Anna"))
    assert present.game_view(g1).over and summaries.can_start_next_game(summaries.match_tally(PLAYERS, [g1]))
    assert summaries.next_game_mustard(g1) == "Bernd"   # HD-17 house rule
    g2 = finish(setup_form.new_record(PLAYERS, summaries.next_game_mustard(g1)))
    g3 = finish(setup_form.new_record(PLAYERS, summaries.next_game_mustard(g2)))
    assert g3["mustard"] == "Chris"
    result = summaries.match_tally(PLAYERS, [g1, g2, g3])
    assert result.complete
    assert summaries.progress(PLAYERS, [g1, g2, g3]) == (summaries.match_explanation(result), True)
    assert not summaries.can_start_next_game(result)


def test_the_match_so_far_is_the_finished_games_said_as_such_hd15():
    """At the start of game 2 the match line was game 1's total plus game 2's $3 start
    money, unsaid ($20 where game 1 ended at $17): it is the finished games' totals."""
    g1 = finish(forms.submit(setup_form.new_record(PLAYERS, "Anna"), tie_drafts()).record)
    assert present.game_view(g1).state.money == {"Anna": 5, "Bernd": 4, "Chris": 3}
    g2 = setup_form.new_record(PLAYERS, "Bernd")
    line = summaries.match_line(PLAYERS, summaries.match_tally(PLAYERS, [g1]), 2)
    assert line == ("Match after game 1 (HD-15): Anna $5 · Bernd $4 · Chris $3; "
                    "game 2's money is added when it ends")
    g2 = finish(g2)
    after_two = summaries.match_tally(PLAYERS, [g1, g2])
    assert summaries.match_line(PLAYERS, after_two, 3).startswith(
        "Match after games 1–2 (HD-15): Anna $8 · Bernd $7 · Chris $6; game 3's")
    assert summaries.match_line(PLAYERS, summaries.match_tally(PLAYERS, []), 1) is None


def test_standings_share_places():
    view = present.game_view(finish(setup_form.new_record(PLAYERS, "Anna")))
    places = view.standings()
    assert places[0][0] == 1
    assert [p for _, p, _ in places] == sorted(PLAYERS, key=lambda p: -view.state.money[p])


def test_rules_screen_lists_every_ruling_and_labels_the_house_rule():
    ids = [r[0] for r in rulings.RULES]
    assert ids == [f"HD-{i}" for i in range(1, 18)]
    assert [r[0] for r in rulings.RULES if r[2]] == ["HD-17"]
    assert rulings.RULES[-1][1].startswith("House rule")


def test_a_game_in_play_cannot_start_the_next_and_says_how_far_it_is():
    g1 = finish(setup_form.new_record(PLAYERS, "Anna"))
    g2 = forms.submit(setup_form.new_record(PLAYERS, "Bernd"), tie_drafts()).record
    assert not summaries.can_start_next_game(summaries.match_tally(PLAYERS, [g1, g2]))
    assert summaries.progress(PLAYERS, [g1, g2]) == ("game 2 of 3, 1 round played", False)
    assert summaries.progress(PLAYERS, [g1]) == ("game 1 of 3 over; next game not started", False)


def tie_round() -> present.RoundView:
    record = forms.submit(setup_form.new_record(PLAYERS, "Anna"), tie_drafts()).record
    return present.game_view(record).round(0)


def test_the_reveal_shows_the_steps_so_far_then_the_payouts():
    rv = tie_round()
    first = present.round_lines(rv, 1)
    assert [line.kind for line in first] == ["text", "step"]
    assert first[1].number == 1 and first[1].text == "5 table: Bernd 3 hot dogs − $2 = $1: sold" and first[1].rulings
    assert first[0].text.startswith("Mustard card: Anna. Served table by table")
    every = present.round_lines(rv, 3)
    assert every == present.round_lines(rv)
    texts = [line.text for line in every]
    assert texts[4:7] == ["Payouts", "Anna +$2 (5 table, HD-10)", "Bernd +$3 (5 table, HD-10)"]
    assert "Tables now" in texts and "Anna: $5 = 1×$5" in texts
    assert texts[-1] == "Next mustard card: Bernd (HD-14)"


def test_a_round_that_pays_nobody_says_so():
    record = forms.submit(setup_form.new_record(PLAYERS, "Anna"),
                          {"Anna": Draft(5, 1), "Bernd": Draft(7, 1), "Chris": Draft(7, 1)}).record
    texts = [line.text for line in present.round_lines(present.game_view(record).round(0))]
    assert texts[texts.index("Payouts") + 1] == "No table filled: nobody is paid (HD-10, HD-11)."


def test_the_phones_draw_the_round_the_table_draws():
    """The resolution a phone gets (plain data, through JSON) reads back as the same round."""
    record = forms.submit(setup_form.new_record(PLAYERS, "Anna"), tie_drafts()).record
    res = json.loads(json.dumps(present.resolution(record)))
    assert res["game_over"] is False
    table = present.game_view(record).round(0)
    assert present.RoundView.of(res) == table
    assert present.round_lines(present.RoundView.of(res)) == present.round_lines(table)
    assert present.resolution(setup_form.new_record(PLAYERS, "Anna")) is None


def test_a_past_round_in_the_history_and_as_entered():
    rv = tie_round()
    assert [line.text for line in present.history_lines(rv)] == [
        "Round 1 (mustard card: Anna)", "1. 5 table: Bernd 3 hot dogs − $2 = $1: sold",
        "2. 5 table: Chris 3 hot dogs − $2 = $1: returned (no room)", "3. 5 table: Anna 2 hot dogs − $0 = $2: sold",
        "Payouts: Anna +$2 (5 table, HD-10); Bernd +$3 (5 table, HD-10)"]
    assert present.entered_text({"player": "Anna", "table": 5, "hotdogs": 1, "last": True, "announced": False}) \
        == "Anna: 5 table, 1 hot dog, $0, last hot dog (not announced)"
    assert present.entered_text({"player": "Bernd", "table": 7, "hotdogs": 3, "dollars": 1}) \
        == "Bernd: 7 table, 3 hot dogs, $1"


def test_hot_dogs_and_dollars_are_counted_alike_everywhere():
    assert [explain.hot_dogs(n) for n in (0, 1, 2)] == ["0 hot dogs", "1 hot dog", "2 hot dogs"]
    assert [explain.dollars(n) for n in (0, 1, 12)] == ["$0", "$1", "$12"]
    assert present.money_text({"Anna": 1, "Bernd": 0}, ["Anna", "Bernd"]) == "Anna $1 · Bernd $0"


def test_the_mustard_card_passes_once_in_a_reveal_hd14():
    """The referee's notes say where the mustard card passes and the round's last line
    says it again: a drawn round says it once, on the table and on the phones."""
    record = forms.submit(setup_form.new_record(PLAYERS, "Anna"), tie_drafts()).record
    for rv in (tie_round(), present.RoundView.of(json.loads(json.dumps(present.resolution(record))))):
        texts = [line.text for line in present.round_lines(rv)]
        assert [t for t in texts if "mustard card" in t.lower() and "Bernd" in t] == [
            "Next mustard card: Bernd (HD-14)"]
        assert "The 5 table is full: it pays Anna $2, Bernd $3 and is cleared (HD-10)." in texts


def test_a_seat_s_own_bid_in_words():
    assert present.bid_text({"table": 5, "hotdogs": 1, "dollars": 0}) == "5 table, 1 hot dog, $0"
    assert present.bid_text({"table": 7, "hotdogs": 2, "dollars": 1, "last": True, "announced": False}) \
        == "7 table, 2 hot dogs, $1, last hot dog (not announced)"


def test_a_game_view_replays_its_record_once(monkeypatch):
    record = finish(forms.submit(setup_form.new_record(PLAYERS, "Anna"), tie_drafts()).record)
    calls = []
    real = present.replayed   # remembered per record: count the asks, not the replays
    monkeypatch.setattr(present, "replayed", lambda rec: calls.append(1) or real(rec))
    gv = present.game_view(record)
    assert len(calls) == 1
    result = referee(parse_record(json.dumps(record)))
    assert gv.over and gv.explanation == explain.game_text(result)
    assert gv.winners == result["winners"]


@pytest.mark.parametrize("index, money", [(0, {"Anna": 3, "Bernd": 3, "Chris": 3}),
                                          (1, {"Anna": 5, "Bernd": 4, "Chris": 3})])
def test_a_change_to_a_round_is_checked_against_the_state_before_it(index, money):
    record = forms.submit(setup_form.new_record(PLAYERS, "Anna"), tie_drafts()).record
    record = forms.submit(record, {p: Draft(7, 1) for p in PLAYERS}).record
    assert dict(present.game_view(record).before(index).money) == money


def test_a_rounds_first_line_names_only_the_tables_in_play_hd2_hd7():
    """The German review: "…, 5, dann 7, dann 9" with three players, who have no 9 table
    (HD-2); English said "5 then 7 then 9" too. The line names the tables the round has,
    in the order they are served (HD-7)."""
    from companion.core import i18n

    rv = tie_round()                                     # three players: 5 and 7 (HD-2)
    first = present.round_lines(rv, 0)[0].text
    assert "Served table by table, 5 then 7; lowest price first" in first and "9" not in first
    with i18n.using("de"):
        assert "Tisch für Tisch, 5, dann 7; der niedrigste" in present.round_lines(tie_round(), 0)[0].text
    five = setup_form.new_record(["Anna", "Bernd", "Chris", "Dora", "Emil"], "Anna")
    drafts = {p: Draft(5, 1, 0) for p in five["players"]}
    rv5 = present.game_view(forms.submit(five, drafts).record).round(0)
    assert "Served table by table, 5 then 7 then 9;" in present.round_lines(rv5, 0)[0].text
