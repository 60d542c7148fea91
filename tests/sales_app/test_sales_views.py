"""The Sales screens' logic, without a browser: setup, card entry, record operations,
results, scores, export and the rules text. Every expectation is worked by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.sales import changes, deckfiles, explain, forms, picker, present, rulings, setup_form, summaries
from companion.games.sales.forms import CardDraft

EXAMPLE_DECK = Path(__file__).resolve().parents[2] / "assets" / "decks" / "example-weather.json"


@pytest.fixture(scope="module")
def deck():
    return deckfiles.open_deck(EXAMPLE_DECK).deck


def sale_view(record: dict, plays=(), at=None) -> present.SaleView:
    """The sale being entered, as the table draws it from the record replayed once."""
    return present.sale_view(present.played(record, at), plays)


def sale_result(record: dict, *at: int) -> present.SaleResultView:
    return present.sale_result(present.played(record), *at)


def score_view(record: dict) -> present.ScoreView:
    return present.score_view(present.played(record))


def round_views(record: dict) -> list[present.RoundView]:
    return present.round_views(present.played(record))


def deck_groups(deck, record: dict, plays=(), query: str = "", at=None) -> list[picker.SuitGroup]:
    return picker.deck_groups(deck, present.played(record, at), plays, query)


def c(suit: str, value: int, discard: int = 0) -> dict:
    return {"suit": suit, "value": value, "discard": discard}


def enter(record: dict, *cards, deck=None, confirmed: bool = False) -> list[dict]:
    """Enter a sale card by card, as the screen does: each card goes to whoever's turn it is."""
    plays: list[dict] = []
    for card in cards:
        if isinstance(card, str):
            card = CardDraft.of_deck(deck, card)
        d = forms.draft_play(record, plays, card, deck=deck, confirmed=confirmed)
        assert d.ok, d
        plays = d.plays
    return plays


def sale(record: dict, *cards, deck=None, confirmed: bool = False) -> dict:
    change = changes.complete_sale(record, enter(record, *cards, deck=deck, confirmed=confirmed))
    assert change.ok, change.error
    return change.record


def next_round(record: dict) -> dict:
    change = changes.start_next_round(record)
    assert change.ok, change.error
    return change.record


# ---------------------------------------------------------------- setup


def test_names_are_checked_as_typed_sa2():
    assert setup_form.name_errors(["Ann", " ann ", "", "x" * 25]) == [
        None,
        "SA-2: 'ann' and 'Ann' look the same: give each player a name the table can tell apart",
        "SA-2: a player's name is empty",
        "SA-2: the name 'xxxxxxxxxxxxxxxxxxxxxxxx…' is 25 characters long (at most 24)",
    ]
    assert setup_form.leader_options(["Ann", " ann", "Ben "]) == ["Ann", "Ben"]


def test_setup_player_counts_by_mode_sa2():
    assert setup_form.player_range("competitive") == (2, 6)
    assert setup_form.player_range("coop") == (2, 2)
    assert setup_form.setup_error(["Ann"]) == "SA-2: 2–6 players, not 1"
    assert setup_form.setup_error(list("ABCDEFG")) == "SA-2: 2–6 players, not 7"
    assert setup_form.setup_error(["Ann", "Ben", "Cat"], "coop") == "SA-2: co-op is for exactly 2 players, not 3"
    assert setup_form.setup_error(["Ann", "Ben", "Cat"]) is None
    assert setup_form.default_names("coop", ["Ann", "Ben", "Cat"]) == ["Ann", "Ben"]
    assert setup_form.default_names("competitive", ["Ann"]) == ["Ann", ""]


def test_first_leader_must_be_a_player_sa9():
    assert setup_form.setup_error(["Ann", "Ben"], leader="Zed") == (
        "SA-9: the first leader 'Zed' is not a player (players: Ann, Ben)")
    assert setup_form.setup_error(["Ann", "Ben"], leader="ben") is None


def test_solo_offers_hand_names_that_can_be_renamed_sa2():
    names = setup_form.default_names("solo")
    assert names == ["Hand 1", "Hand 2"]
    assert setup_form.player_word("solo") == "hand"
    assert setup_form.default_names("solo", ["Left", ""]) == ["Left", "Hand 2"]
    renamed = ["Left", "left"]
    assert setup_form.name_errors(renamed) == [
        None, "SA-2: 'left' and 'Left' look the same: give each player a name the table can tell apart"]
    assert setup_form.setup_error(["Hand 1", "Hand 2", "Hand 3"], "solo") == (
        "SA-2: solo is refereed as exactly 2 hands, not 3")
    rec = setup_form.new_record(["Left", "Right"], "solo")
    assert rec == {"game": "sales", "mode": "solo", "players": ["Left", "Right"], "leader": "Left",
                   "hand_size": 12, "rounds": []}
    assert sale_view(rec).status == "Round 1, sale 1: Left leads; Left to play."


def test_hand_size_note_says_house_rule_sa2():
    assert setup_form.hand_size_note("competitive") == (
        "12 cards per round: house rule (SA-2), the deal chart is missing.")
    assert setup_form.hand_size_note("competitive", "9") == (
        "9 cards per round: house variant (SA-2); the deal chart is missing and the house rule "
        "default is 12.")
    assert setup_form.hand_size_note("coop") == "12 cards per player per round, as the rules deal in co-op (SA-2)."
    assert setup_form.hand_size_note("solo", 10) == (
        "10 cards per hand per round: house variant (SA-2); the rules deal 12 in solo.")
    assert setup_form.hand_size_error("0") == "SA-2: cards dealt per round must be at least 1"
    assert setup_form.hand_size_error("many") == "SA-2: cards dealt per round must be a whole number"
    assert setup_form.hand_size_error(" 7 ") is None
    assert setup_form.setup_error(["Ann", "Ben"], hand_size=0) == "SA-2: cards dealt per round must be at least 1"


def test_new_record_is_the_contract_input():
    assert setup_form.new_record([" Ann", "Ben "], "competitive", "5", "Ben") == {
        "game": "sales", "mode": "competitive", "players": ["Ann", "Ben"], "leader": "Ben",
        "hand_size": 5, "rounds": []}


def test_deck_files_shipped_and_picked_with_problems_as_text(tmp_path):
    shipped = deckfiles.deck_choices()
    assert [d.name for d in shipped] == ["Example weather deck (edit me)"]
    assert shipped[0].ok and shipped[0].summary[0] == "Example weather deck (edit me): 45 cards, 4 suits"
    bad = tmp_path / "mine.json"
    bad.write_text('{"name": "Mine", "suits": ["sun", "wild"], "cards": '
                   '[{"id": "a", "suit": "hail", "value": -1}]}', encoding="utf-8")
    picked = deckfiles.open_deck(bad)
    assert not picked.ok and picked.name == "mine.json"
    assert picked.problems == ["cards[0] (id 'a').value: must be at least 0"]
    notjson = tmp_path / "x.json"
    notjson.write_text("{", encoding="utf-8")
    assert deckfiles.open_deck(notjson).problems[0].endswith("not valid JSON (Expecting property name "
                                                      "enclosed in double quotes: line 1 column 2 (char 1))")


# ---------------------------------------------------------------- cards by attributes


def test_card_by_attributes_is_checked_per_field_sa1(deck):
    draft = CardDraft(suit="Hail", value="-1", discard="two", icons=("coat", "hat"),
                      set_kind="1x", set_icon="")
    assert forms.card_errors(draft) == {
        "value": "SA-1: value must be at least 0",
        "discard": "SA-1: discard must be a whole number",
        "set": "SA-1: set icon must be a non-empty name",
    }
    assert forms.card_errors(draft, deck) == {
        "value": "SA-1: value must be at least 0",
        "discard": "SA-1: discard must be a whole number",
        "set": "SA-1: set icon must be a non-empty name",
        "suit": "SA-1: 'hail' is not one of this deck's suits (sun, rain, snow, wind) or wild",
        "icons": "SA-1: not this deck's icons: hat",
    }
    assert forms.card_errors(CardDraft("sun", 3, set_icon="coat"), deck) == {
        "set": "SA-1: choose what the set collects: 1x or neighbor"}
    good = CardDraft(" Rain ", "9", "0", ("umbrella",), "neighbor", "coat")
    assert forms.card_errors(good, deck) == {}
    assert good.card() == {"suit": "rain", "value": 9, "discard": 0, "icons": ["umbrella"],
                           "set": {"kind": "neighbor", "icon": "coat"}}
    assert explain.card_text(good.card()) == "rain 9 · umbrella · neighbor set: coat"
    assert forms.suit_options(deck) == ["sun", "rain", "snow", "wind", "wild"]
    assert forms.icon_options(deck) == ["sunglasses", "umbrella", "scarf", "kite", "coat"]


def test_a_refused_card_is_not_entered_sa1():
    rec = setup_form.new_record(["Ann", "Ben"])
    d = forms.draft_play(rec, [], CardDraft("sun", -2))
    assert not d.ok and d.plays == [] and d.error == "SA-1: value must be at least 0"


# ---------------------------------------------------------------- a full round


def test_full_round_with_a_wild_lead_and_a_tie(deck):
    rec = setup_form.new_record(["Ann", "Ben", "Cat"], "competitive", 3, "Ann")
    # sale 1: SA-3 Ann leads, then Ben, Cat
    view = sale_view(rec)
    assert (view.round, view.sale, view.order, view.turn) == (1, 1, ["Ann", "Ben", "Cat"], "Ann")
    plays = enter(rec, "wild-2", deck=deck)
    view = sale_view(rec, plays)
    assert view.turn == "Ben" and view.suit is None
    assert view.suit_text == "Only wilds so far: the first non-wild card sets the suit (SA-4)"
    plays = enter(rec, "wild-2", "sun-2", "rain-1", deck=deck)
    view = sale_view(rec, plays)
    assert view.ready and view.turn is None and view.suit == "sun"
    assert view.played == [("Ann", "wild 2 · discard 1"), ("Ben", "sun 2 · discard 1 · sunglasses"),
                           ("Cat", "rain 1 · discard 2 · umbrella")]
    assert [h.cards for h in view.hands] == [2, 2, 2]
    rec = changes.complete_sale(rec, plays).record
    # SA-4: Ben's sun set the suit after the wild lead; SA-5: Ann's wild 2 and Ben's sun 2
    # tie, the last played wins; Cat's rain is off suit. SA-6: Ben discards 1.
    res = sale_result(rec)
    assert res.headline == "Ben wins with the sun 2"
    assert res.explanation == (
        "Ben wins with the sun 2: the lowest card on suit, tied with Ann's wild 2: the last one "
        "played wins; Ann led a wild, so Ben's sun 2 set the suit; Cat's rain 1 was off suit "
        "(SA-4, SA-5). Ben keeps it and discards 1 card from hand (SA-6). Ben leads the next "
        "sale (SA-7).")
    assert res.discards_text == "Ben discards 1 card from hand, face down (SA-6)."
    assert res.next_text == "Ben leads the next sale (SA-7)."
    assert (res.on_suit, res.off_suit) == (["Ann", "Ben"], ["Cat"])
    assert res.hands == [("Ann", 2), ("Ben", 1), ("Cat", 2)]
    # sale 2: Ben leads (SA-7); Cat's snow 3 wins and discards Cat's last card (SA-6),
    # so Ann, next clockwise with cards, leads and plays alone (SA-7, SA-8)
    assert sale_view(rec).order == ["Ben", "Cat", "Ann"]
    rec = sale(rec, "snow-4", "snow-3", "wind-5", deck=deck)
    res = sale_result(rec)
    assert res.winner == "Cat" and res.hands == [("Ann", 1), ("Ben", 0), ("Cat", 0)]
    assert res.next_text == "Cat's hand is empty: Ann, the next with cards clockwise, leads the next sale (SA-7)."
    view = sale_view(rec)
    assert view.order == ["Ann"] and [h.empty for h in view.hands] == [False, True, True]
    # sale 3: Ann alone (SA-8); the round ends (SA-7); Ann leads round 2 (SA-9)
    rec = sale(rec, "sun-7", deck=deck)
    res = sale_result(rec)
    assert res.explanation.startswith("Ann plays alone: the sun 7 wins (SA-8).")
    assert res.discards_text == "Ann discards nothing: the sun 7 has no discard icons (SA-6)."
    assert res.notes == ["Every hand is empty: round 1 is over (SA-7).",
                         "Ann won the last sale and leads round 2 (SA-9)."]
    view = sale_view(rec)
    assert view.round_over and view.can_start_round and view.next_round_leader == "Ann"
    assert view.status == ("Round 1 is over: every hand is empty (SA-7). Ann won the last sale "
                           "and leads round 2 (SA-9).")
    assert [r.sales for r in round_views(rec)] == [[
        "Sale 1: Ann leads; Ben wins with the sun 2 (discards 1)",
        "Sale 2: Ben leads; Cat wins with the snow 3 (discards 1)",
        "Sale 3: Ann leads alone (SA-8); Ann wins with the sun 7",
    ]]
    # the scores so far: Ann's 1x set counts the sun 7 itself (SA-10, SA-11)
    scores = score_view(rec)
    assert [(s.player, s.place, s.total) for s in scores.scores] == [("Ann", 1, 8), ("Cat", 2, 3), ("Ben", 3, 2)]
    assert scores.scores[0].breakdown == ["Numbers: 7 = 7 (sun 7) (SA-10)",
                                          "1x set sun 7 collecting sunglasses: 1 (sun 7) (SA-11)",
                                          "Total: 7 + 1 + 0 = 8"]
    assert not scores.over and scores.winners == []
    assert summaries.match_line(rec["players"], [rec]) == ("round 1 of 3 over; round 2 not started", False)


def test_a_sale_is_refused_with_the_rules_message_sa3_sa7():
    rec = setup_form.new_record(["Ann", "Ben"], hand_size=1)
    out_of_turn = [{"player": "Ben", "card": c("sun", 1)}, {"player": "Ann", "card": c("sun", 2)}]
    change = changes.complete_sale(rec, out_of_turn)
    assert not change.ok and change.record == rec
    assert change.error == ("Round 1: sale 1: Ben: SA-3: plays out of turn: Ann plays next "
                            "(clockwise from the leader Ann, skipping empty hands)")
    half = changes.complete_sale(rec, [{"player": "Ann", "card": c("sun", 1)}])
    assert half.error == "Round 1: sale 1: Ben: SA-3: has not played: every player with cards in hand plays each sale"
    bad = changes.complete_sale(rec, [{"player": "Ann", "card": c("sun", -1)}, {"player": "Ben", "card": c("sun", 1)}])
    assert bad.error == "Round 1: sale 1: Ann: SA-1: value must be at least 0"
    rec = sale(rec, c("sun", 1), c("sun", 2))
    assert changes.complete_sale(rec, out_of_turn).error == (
        "Round 1: sale 2: SA-7: every hand is empty: round 1 is over; start round 2")
    full = enter(setup_form.new_record(["Ann", "Ben"], hand_size=1), c("sun", 1), c("sun", 2))
    more = forms.draft_play(setup_form.new_record(["Ann", "Ben"], hand_size=1), full, c("sun", 3))
    assert more.error == "SA-3: every player with cards has played: complete the sale"
    assert forms.drop_last_play(full) == full[:1]


# ---------------------------------------------------------------- rounds and the final score


def tie_game() -> dict:
    """Ann and Ben, one card a round. R1 Ann's sun 5 beats Ben's sun 6 (sale 1 of the game);
    R2 Ann leads (SA-9), Ben's sun 3 wins (sale 2); R3 Ben leads, Ben's sun 2 beats Ann's
    sun 4 (sale 3). Totals: Ann 5, Ben 3 + 2 = 5."""
    rec = setup_form.new_record(["Ann", "Ben"], hand_size=1)
    rec = sale(rec, c("sun", 5), c("sun", 6))
    rec = next_round(rec)
    assert sale_view(rec).order == ["Ann", "Ben"]
    rec = sale(rec, c("sun", 9), c("sun", 3))
    rec = next_round(rec)
    assert sale_view(rec).order == ["Ben", "Ann"]
    return sale(rec, c("sun", 2), c("sun", 4))


def test_three_rounds_then_game_over_and_the_tie_break_sa9_sa13():
    rec = tie_game()
    view = sale_view(rec)
    assert view.game_over and not view.can_start_round
    assert view.status == "Game over: round 3 of 3 is over (SA-9)."
    assert changes.start_next_round(rec).error == "Round 4: SA-9: the game has 3 rounds: it ended after round 3"
    assert changes.complete_sale(rec, []).error == (
        "Round 3: sale 2: SA-7: every hand is empty: round 3 is over and so is the game (SA-9)")
    scores = score_view(rec)
    assert scores.over and scores.rounds_played == 3
    assert [(s.player, s.place, s.total) for s in scores.scores] == [("Ann", 1, 5), ("Ben", 1, 5)]
    assert scores.winners == ["Ben"]
    assert scores.explanation == ("Game over: Ann and Ben tie with 5 points; Ben won the most "
                                  "recent sale of them (sale 3 of the game) and wins (SA-13).")
    assert scores.team is None
    assert scores.notes == [("1 card per round: house variant (SA-2); the deal chart is missing "
                            "and the house rule default is 12.")]
    assert summaries.match_line(["Ann", "Ben"], [rec]) == ("game over: Ben wins with 5 points (SA-13)", True)


def test_next_round_only_when_every_hand_is_empty_sa7():
    rec = sale(setup_form.new_record(["Ann", "Ben"], hand_size=2), c("sun", 5), c("sun", 6))
    assert changes.start_next_round(rec).error == (
        "Round 2: SA-7: round 1 has not ended: Ann (1) and Ben (1) still hold cards; a round ends "
        "when every hand is empty (SA-9)")
    assert summaries.match_line(["Ann", "Ben"], [rec]) == ("round 1 of 3, sale 2 to enter", False)


def test_coop_team_score_and_rating_sa14_sa15():
    rec = setup_form.new_record(["Ann", "Ben"], "coop", 1)
    rec = sale(rec, c("sun", 46), c("sun", 47))            # Ann wins 46
    rec = next_round(rec)
    rec = sale(rec, c("sun", 60), c("sun", 50))            # Ben wins 50 (SA-5)
    rec = next_round(rec)                                   # Ben leads (SA-9)
    first = enter(rec, c("rain", 9))
    question = forms.needs_confirmation(rec, first, c("sun", 1))
    assert question == "Ann's sun 1 is off suit: confirm Ann has no rain card and no wild (SA-14)"
    asked = forms.draft_play(rec, first, c("sun", 1))
    assert not asked.ok and asked.question == question and asked.plays == first
    rec = sale(rec, c("rain", 9), c("sun", 1), confirmed=True)  # the off-suit 1 cannot win
    res = sale_result(rec)
    assert res.winner == "Ben" and res.off_suit == ["Ann"]
    assert "confirm it (SA-14)" in res.explanation and "SA-14" in res.rulings
    scores = score_view(rec)
    assert [(s.player, s.total) for s in scores.scores] == [("Ben", 59), ("Ann", 46)]
    assert scores.winners == []
    assert (scores.team.score, scores.team.rating) == (46, "Not bad!")
    assert scores.team.explanation == "Team score 46: the lower player's score (SA-15); rating: Not bad!"
    assert scores.explanation == "Game over. " + scores.team.explanation
    assert summaries.match_line(["Ann", "Ben"], [rec]) == ("game over: team score 46, Not bad! (SA-15)", True)


def test_solo_team_score_speaks_of_hands_sa15():
    rec = setup_form.new_record(setup_form.default_names("solo"), "solo", 1)
    rec = sale(rec, c("sun", 10), c("sun", 20))
    assert score_view(rec).team.explanation == (
        "Team score 0: the lower hand's score (SA-15); below 45: no rating.")


def test_off_suit_confirmation_only_in_coop_and_solo_sa14():
    for mode in ("coop", "solo"):
        rec = setup_form.new_record(["Ann", "Ben"], mode)
        lead = [{"player": "Ann", "card": c("sun", 4)}]
        assert forms.needs_confirmation(rec, lead, c("rain", 1)) == (
            "Ben's rain 1 is off suit: confirm Ben has no sun card and no wild (SA-14)")
        assert forms.needs_confirmation(rec, lead, c("sun", 9)) is None
        assert forms.needs_confirmation(rec, lead, c("wild", 2)) is None      # wild: on suit (SA-4)
        wild_lead = [{"player": "Ann", "card": c("wild", 0)}]
        assert forms.needs_confirmation(rec, wild_lead, c("rain", 1)) is None  # sets the suit (SA-4)
        assert forms.needs_confirmation(rec, [], c("rain", 1)) is None         # the lead
    rec = setup_form.new_record(["Ann", "Ben"], "competitive")
    lead = [{"player": "Ann", "card": c("sun", 4)}]
    assert forms.needs_confirmation(rec, lead, c("rain", 1)) is None
    assert forms.draft_play(rec, lead, c("rain", 1)).ok


# ---------------------------------------------------------------- undo and edit


def test_undo_across_a_round_boundary():
    rec = setup_form.new_record(["Ann", "Ben"], hand_size=1)
    round1 = sale(rec, c("sun", 5), c("sun", 6))
    started = next_round(round1)
    assert len(started["rounds"]) == 2 and started["rounds"][1] == {"sales": []}
    assert changes.undo(started).record == round1           # an empty round just started goes
    played = sale(started, c("sun", 9), c("sun", 3))
    back = changes.undo(played)                              # its only sale goes, and the round with it
    assert back.ok and back.record == round1
    view = sale_view(back.record)
    assert view.round == 1 and view.round_over and view.next_round_leader == "Ann"
    empty = changes.undo(back.record)
    assert empty.record["rounds"] == []
    assert sale_view(empty.record).turn == "Ann"
    nothing = changes.undo(empty.record)
    assert not nothing.ok and nothing.error == "There is no sale to undo."


def edit_game() -> dict:
    """Ann and Ben, three cards each; Ann wins all three sales (no discard icons)."""
    rec = setup_form.new_record(["Ann", "Ben"], hand_size=3)
    for low, high in ((4, 5), (6, 7), (8, 9)):
        rec = sale(rec, c("sun", low), c("sun", high))
    return rec


def test_edit_an_earlier_sale_replays():
    rec = edit_game()
    assert sale_view(rec, at=(0, 1)).order == ["Ann", "Ben"]
    redo = forms.draft_play(rec, [], c("sun", 6), at=(0, 1))
    assert redo.plays == [{"player": "Ann", "card": c("sun", 6)}]
    plays = changes.plays_of(rec, 0, 1)
    plays[1]["card"] = c("sun", 1)                      # Ben wins sale 2 now and leads sale 3
    change = changes.edit_sale(rec, 0, 1, plays)
    assert not change.ok
    assert change.error == ("Sale 2 of round 1 cannot be changed so: round 1: sale 3: Ann: SA-3: "
                            "plays out of turn: Ben plays next (clockwise from the leader Ben, "
                            "skipping empty hands)")
    plays = changes.plays_of(rec, 0, 2)
    plays[1]["card"] = c("wild", 0)                     # the last sale: nothing after it
    change = changes.edit_sale(rec, 0, 2, plays)
    assert change.ok and sale_result(change.record).winner == "Ben"


def test_edit_refused_because_a_later_sale_no_longer_holds_sa6():
    rec = edit_game()
    plays = changes.plays_of(rec, 0, 0)
    plays[0]["card"] = c("sun", 4, discard=1)
    # SA-6: Ann now discards 1 after sale 1, wins sale 2 with her last card; SA-7: Ben leads
    # sale 3 alone, so the recorded sale 3 with Ann leading no longer holds
    change = changes.edit_sale(rec, 0, 0, plays)
    assert not change.ok and change.record == rec
    assert change.error == ("Sale 1 of round 1 cannot be changed so: round 1: sale 3: Ann: SA-3: "
                            "has no cards in hand and cannot play")
    broken = [{"player": "Ben", "card": c("sun", 4)}, {"player": "Ann", "card": c("sun", 5)}]
    assert changes.edit_sale(rec, 0, 0, broken).error == (
        "Round 1: sale 1: Ben: SA-3: plays out of turn: Ann plays next (clockwise from the leader "
        "Ann, skipping empty hands)")
    assert changes.edit_sale(rec, 1, 0, broken).error == "There is no sale 1 in round 2 to change."


# ---------------------------------------------------------------- picking from the deck


def test_deck_groups_by_suit_with_cards_out_of_play_greyed(deck):
    rec = setup_form.new_record(["Ann", "Ben", "Cat"], hand_size=3)
    rec = sale(rec, "wild-2", "sun-2", "rain-1", deck=deck)
    groups = deck_groups(deck, rec)
    assert [g.title for g in groups] == [
        "sun: 10 cards, 1 out of play", "rain: 10 cards, 1 out of play", "snow: 10 cards",
        "wind: 10 cards", "wild: 5 cards, 1 out of play"]
    out = {card.id: card.why for g in groups for card in g.cards if card.out}
    assert out == {"sun-2": "won by Ben in sale 1", "rain-1": "discarded in sale 1",
                   "wild-2": "discarded in sale 1"}
    # a card entered in the sale being entered is out of play too
    plays = enter(rec, "snow-4", deck=deck)
    out = {card.id: card.why for g in deck_groups(deck, rec, plays) for card in g.cards if card.out}
    assert out["snow-4"] == "played by Ben in this sale"


def test_won_cards_stay_out_of_play_in_the_next_round_sa9(deck):
    rec = setup_form.new_record(["Ann", "Ben"], hand_size=1)
    rec = next_round(sale(rec, "sun-3", "sun-4", deck=deck))
    out = {card.id: card.why for g in deck_groups(deck, rec) for card in g.cards if card.out}
    assert out == {"sun-3": "won by Ann in round 1"}    # the discarded sun 4 is shuffled back


def test_deck_search_filters_by_text(deck):
    rec = setup_form.new_record(["Ann", "Ben"])
    hits = deck_groups(deck, rec, query="sun 7")
    assert [(g.suit, [card.id for card in g.cards]) for g in hits] == [("sun", ["sun-7"])]
    coat = picker.search(deck_groups(deck, rec), "COAT")
    assert [card.id for g in coat for card in g.cards] == [
        "sun-5", "sun-6", "sun-9", "rain-5", "rain-6", "rain-9", "snow-5", "snow-6", "wind-5", "wind-6"]
    assert [g.suit for g in deck_groups(deck, rec, query="wild")] == ["wild"]
    assert deck_groups(deck, rec, query="nothing such") == []


# ---------------------------------------------------------------- rules text and history


def test_rules_text_cites_every_ruling_and_labels_the_house_rule():
    assert [rid for rid, _, _ in rulings.RULES] == [f"SA-{i}" for i in range(1, 17)]
    house = [(rid, text) for rid, text, is_house in rulings.RULES if is_house]
    assert [rid for rid, _ in house] == ["SA-2", "SA-16"]
    assert "House rule: the competitive game deals 12" in house[0][1]
    assert "House rule, as the deal chart is missing" in house[1][1]
    assert all(text.strip() for _, text, _ in rulings.RULES) and rulings.RULES_INTRO


def test_match_line_before_and_during_the_game():
    assert summaries.match_line(["Ann", "Ben"], []) == ("not started", False)
    rec = setup_form.new_record(["Ann", "Ben"])
    assert summaries.match_line(["Ann", "Ben"], [rec]) == ("round 1 of 3, sale 1 to enter", False)
    assert summaries.match_line(["Ann", "Ben"], [rec, rec]) == ("game 2: round 1 of 3, sale 1 to enter", False)


def test_the_screens_logic_imports_no_ui_library():
    """Plain Python: the screens are built on top of it (no flet, no reportlab)."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    modules = ", ".join(f"companion.games.sales.{m}" for m in (
        "actions", "changes", "deckfiles", "explain", "forms", "picker", "present", "rulings", "seat", "setup_form",
        "summaries"))
    code = (f"import sys, {modules}; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('flet', 'reportlab')]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# ---------------------------------------------------------------- the score grid


def test_score_grid_score_first_then_what_each_round_added_sa10_sa11():
    """The grid's rounds add up to the score: a 1x set card won in round 1 counts
    itself (2 + 1), then the coat card won in round 2, so round 2 adds that card's
    value and one more set point (3 + 1)."""
    rec = setup_form.new_record(["Ann", "Ben"], hand_size=1)
    setter = {"suit": "sun", "value": 2, "discard": 0, "set": {"kind": "1x", "icon": "coat"}}
    coat = {"suit": "sun", "value": 3, "discard": 0, "icons": ["coat"]}
    rec = sale(rec, setter, c("sun", 9))                  # Ann wins the set card (SA-5: lowest)
    rec = sale(next_round(rec), coat, c("sun", 8))        # Ann leads again and wins the coat card
    players, lines = summaries.score_grid(present.played(rec))
    assert players == ["Ann", "Ben"]
    assert lines == [summaries.GridLine("Score now", ["7", "0"], strong=True),
                     summaries.GridLine("Round 1", ["+3", "0"]),
                     summaries.GridLine("Round 2", ["+4", "0"])]     # 3 + the set's one point (SA-11)
    rec = sale(next_round(rec), c("rain", 4), c("rain", 1))
    players, lines = summaries.score_grid(present.played(rec))
    assert lines[0] == summaries.GridLine("Final score", ["7", "1"], strong=True)
    assert [line.label for line in lines] == ["Final score", "Numbers", "1x sets", "Neighbor sets",
                                              "Cards won", "Round 1", "Round 2", "Round 3"]
    assert lines[1].cells == ["5", "1"] and lines[2].cells == ["2", "0"] and lines[4].cells == ["2", "1"]
    assert lines[-1] == summaries.GridLine("Round 3", ["0", "+1"])


def test_the_search_field_is_only_for_big_decks(deck):
    assert len(deck.cards) < picker.SEARCH_FROM and not picker.needs_search(deck)
    big = deck.model_copy(update={"cards": list(deck.cards) * 2})
    assert picker.needs_search(big)
