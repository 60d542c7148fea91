"""SA-16: a deal never asks for more cards than there are. Each round is dealt from the
copy's cards less those won in earlier rounds; a short stock gives each player
⌊stock ÷ players⌋ (house rule). The rule function (``deal``), the referee reading a
round's own ``hand_size``, and property tests: no round of a game played with any copy
asks for more cards than remain, and the card picker always has a card to offer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.games.sales import changes, forms, present, setup_form
from companion.games.sales.deal import Deal, deal_plan, hand_for, largest_hand, round_deal, sales_at_least
from companion.games.sales.deck import Deck, record_card
from companion.games.sales.picker import deck_groups
from tests.conftest import property_examples
from tests.sales.helpers import c, error, record, ref, sale

EXAMPLE_DECK = Path(__file__).resolve().parents[2] / "assets" / "decks" / "example-weather.json"
EXAMPLE = Deck.model_validate_json(EXAMPLE_DECK.read_text(encoding="utf-8"))
EXAMPLE_DISCARDS = [card.discard for card in EXAMPLE.cards]


# ---------------------------------------------------------------- the rule: stock, players, chosen → dealt


@pytest.mark.parametrize("stock, players, chosen, dealt", [
    (45, 4, 12, 11),     # the table: 48 asked of the example deck's 45
    (48, 4, 12, 12),     # exactly enough: the chosen size
    (34, 4, 11, 8),      # round 2 after 11 won: 2 stay out
    (26, 4, 11, 6),      # round 3 after 8 more
    (45, 2, 12, 12),     # co-op's 12 (SA-2) from a full deck
    (21, 2, 12, 10),     # co-op's round 3 after 12 and 12 won
    (3, 4, 12, 0),       # not one card each
    (0, 2, 12, 0),
])
def test_sa16_hand_for_stock_players_chosen(stock, players, chosen, dealt):
    assert hand_for(stock, players, chosen) == dealt


def test_sa16_a_round_deal_counts_the_stock_and_what_stays_out():
    d = round_deal(2, 45, 4, 11, 11)
    assert d == Deal(2, 45, 11, 4, 11, 8)
    assert (d.stock, d.dealt, d.unused, d.short, d.possible) == (34, 32, 2, True, True)
    full = round_deal(1, 45, 4, 11, 0)
    assert (full.each, full.unused, full.short) == (11, 1, False)
    assert not round_deal(3, 10, 4, 3, 8).possible


def test_sa16_the_fewest_sales_a_round_can_take():
    assert sales_at_least(4, 11, []) == 11                 # no discard icons: one sale per card
    assert sales_at_least(4, 11, [0] * 45) == 11
    # the example deck (discard icons up to 2): each player must win twice to empty a hand in 8
    assert sales_at_least(4, 11, EXAMPLE_DISCARDS) == 8
    # two players at 12: 5 sales would need 14 discards of the 5 winners, at most 2 each
    assert sales_at_least(2, 12, EXAMPLE_DISCARDS) == 7
    # only one card with a discard icon: the round is shortened by one sale at most
    assert sales_at_least(3, 5, [3] + [0] * 20) == 5
    assert sales_at_least(3, 0, EXAMPLE_DISCARDS) == 0


def test_sa16_the_setup_plan_of_the_example_deck():
    plan = [(r.round, r.fewest, r.most) for r in deal_plan(45, 4, 11, EXAMPLE_DISCARDS)]
    assert plan == [(1, 11, 11), (2, 8, 9), (3, 6, 7)]
    coop = [(r.round, r.fewest, r.most) for r in deal_plan(45, 2, 12, EXAMPLE_DISCARDS)]
    assert coop == [(1, 12, 12), (2, 12, 12), (3, 10, 12)]   # SA-2's 12: round 3 may be short
    assert [(r.fewest, r.most) for r in deal_plan(45, 4, 11)] == [(11, 11), (8, 8), (6, 6)]


@pytest.mark.parametrize("players, offered", [(2, 12), (3, 12), (4, 11), (5, 9), (6, 7)])
def test_sa16_the_largest_hand_size_up_to_12_the_example_deck_deals(players, offered):
    assert largest_hand(45, players, 12, EXAMPLE_DISCARDS) == offered


def test_sa16_no_hand_size_when_a_later_round_could_deal_nobody_a_card():
    assert largest_hand(2, 2, 12) == 0          # round 2 would have 1 card for 2 players
    assert largest_hand(5, 2, 12) == 2          # 2 each, then 3 left: 1 each, then 2 left: 1 each
    assert largest_hand(1, 2, 12) == 0


# ---------------------------------------------------------------- the referee: a round's own hand_size


def _three_short_rounds() -> dict:
    rec = json.loads((Path(__file__).resolve().parents[1] / "examples" / "sales-short-deal.json").read_text())
    return rec


def test_sa16_the_referee_deals_each_round_its_own_hand_size():
    out = ref(_three_short_rounds())
    assert [r["hand_size"] for r in out["rounds"]] == [3, 2, 1]
    assert out["game_over"] and out["winners"] == ["Ben"]


def test_sa16_without_its_own_hand_size_a_round_is_dealt_the_games():
    rec = _three_short_rounds()
    del rec["rounds"][1]["hand_size"]        # dealt 3 again: Ann keeps a card after her discard and leads
    assert error(rec) == ("round 2: sale 2: Ben: SA-3 plays out of turn: Ann plays next (clockwise from the "
                          "leader Ann, skipping empty hands)")


def test_sa16_hands_mid_round_count_from_the_rounds_own_hand_size():
    rec = record(["Ann", "Ben"], [sale(("Ann", c("sun", 1)), ("Ben", c("sun", 2)))],
                 [sale(("Ann", c("sun", 3)), ("Ben", c("sun", 4)))], hand_size=1)
    rec["rounds"][1] = {"hand_size": 1, **rec["rounds"][1]}
    assert ref(rec)["rounds"][1]["hands"] == {"Ann": 0, "Ben": 0}
    rec = record(["Ann", "Ben", "Cat"], [], hand_size=12)
    rec["rounds"][0]["hand_size"] = 8
    assert ref(rec)["rounds"][0]["hands"] == {"Ann": 8, "Ben": 8, "Cat": 8}


@pytest.mark.parametrize("own, line", [
    (13, "round 2: SA-16 a round deals at most the game's 12 cards each, not 13: a short stock deals fewer, "
         "never more"),
    (0, "round 2: SA-16 a round deals each player at least 1 card, not 0"),
    ("8", "round 2: SA-2 hand_size must be a whole number"),
    (True, "round 2: SA-2 hand_size must be a whole number"),
])
def test_sa16_a_rounds_own_hand_size_is_checked(own, line):
    rec = record(["Ann", "Ben"], [sale(("Ann", c("sun", 1)), ("Ben", c("sun", 2)))], [], hand_size=1)
    rec["hand_size"] = 12
    rec["rounds"][0]["hand_size"] = 1
    rec["rounds"][1]["hand_size"] = own
    assert error(rec) == line


FOUR = ["Anna", "Bernd", "Chris", "Dora"]


def _sale(rec: dict, copy: int | None, *values: int) -> dict:
    """A sale of sun cards entered as the table enters it: each card for the player whose turn it is."""
    entered: list = []
    for v in values:
        entered = forms.draft_play(rec, entered, c("sun", v)).plays
    change = changes.complete_sale(rec, entered, copy)
    assert change.ok, change.error
    return change.record


def test_sa16_the_record_keeps_a_rounds_hand_size_only_when_it_differs():
    rec = setup_form.new_record(FOUR, hand_size=11)
    for _ in range(11):
        rec = _sale(rec, 45, 1, 2, 3, 4)
    assert "hand_size" not in rec["rounds"][0]                      # round 1 deals the game's 11
    d = changes.deal(rec, 2, 45)
    assert (d.stock, d.each, d.unused, d.short) == (34, 8, 2, True)
    started = changes.start_next_round(rec, 45)
    assert started.ok and started.record["rounds"][1] == {"hand_size": 8, "sales": []}
    assert ref(started.record)["rounds"][1]["hands"] == dict.fromkeys(FOUR, 8)
    assert changes.start_next_round(rec).record["rounds"][1] == {"sales": []}   # no deck: the game's
    one = _sale(setup_form.new_record(FOUR, hand_size=1), 45, 1, 2, 3, 4)
    assert changes.start_next_round(one, 45).record["rounds"][1] == {"sales": []}   # 44 left: 1 each


def test_sa16_a_round_the_stock_cannot_give_every_player_a_card_is_refused():
    rec = _sale(setup_form.new_record(FOUR, hand_size=1), 4, 1, 2, 3, 4)
    change = changes.start_next_round(rec, 4)
    assert change.error == ("Round 2: SA-16: 3 cards are left after the 1 won, fewer than the 4 players: "
                            "the round cannot be dealt")
    assert change.record == rec


def test_sa16_round_1_of_a_match_set_up_before_is_dealt_what_the_deck_holds():
    """A match set up with 12 each before SA-16 (4 × 12 = 48 of 45): its first sale
    records round 1's own hand size, 11."""
    rec = setup_form.new_record(FOUR, hand_size=12)
    assert changes.with_first_deal(rec, 45)["rounds"] == [{"hand_size": 11, "sales": []}]
    assert changes.with_first_deal(rec, 48) is rec and changes.with_first_deal(rec, None) is rec
    after = _sale(rec, 45, 1, 2, 3, 4)
    assert after["rounds"][0]["hand_size"] == 11 and len(after["rounds"][0]["sales"]) == 1
    assert ref(after)["rounds"][0]["hands"] == dict.fromkeys(FOUR, 10)


# ---------------------------------------------------------------- property: any copy, any game


suits = st.sampled_from(["sun", "rain", "snow", "wild"])


@st.composite
def copies(draw) -> Deck:
    """A copy of a deck: 1–60 cards of three weathers and wilds, up to 3 discard icons."""
    n = draw(st.integers(1, 60))
    cards = [{"id": f"c{i}", "suit": draw(suits), "value": draw(st.integers(0, 9)),
              "discard": draw(st.sampled_from([0, 0, 0, 1, 2, 3]))} for i in range(n)]
    return Deck.model_validate({"name": "any copy", "suits": ["sun", "rain", "snow"], "cards": cards})


@settings(max_examples=property_examples(40), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(copies(), st.integers(2, 6), st.sampled_from(["competitive", "coop", "solo"]), st.none() | st.integers(1, 12),
       st.randoms(use_true_random=False))
def test_sa16_no_round_of_a_game_with_any_copy_asks_for_more_cards_than_remain(deck, players, mode, typed, rng):
    """The setup's hand size (offered, or typed and accepted), then a whole game entered
    through the table's record changes with cards picked from the deck as the picker
    offers them: every round deals at most the cards left, at least one each, the
    picker always has a card for whoever plays, and the game reaches its end."""
    if mode != "competitive":
        players = 2
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:players]
    draft = setup_form.SetupDraft(mode=mode, names=tuple(names), hand_size=None if typed is None else str(typed))
    hand = int(draft.hand_size_for(deck))
    refused = setup_form.deal_refusal(players, hand, deck)
    if typed is None and largest_hand(len(deck.cards), players, 12, [x.discard for x in deck.cards]) == 0:
        assert refused is not None       # the deck cannot give a game: the setup says why
        return
    assume(refused is None)
    copy = len(deck.cards)
    plan = deal_plan(copy, players, hand, [x.discard for x in deck.cards])
    rec = setup_form.new_record(names, mode, hand)
    while True:
        game = present.played(rec)
        state = game.state
        if state.game_over:
            break
        if state.round_over:
            change = changes.start_next_round(rec, copy)
            assert change.ok, change.error
            rec = change.record
            continue
        if state.sales_in_round == 0:      # the round's deal, before its first card
            won = changes.won_before(rec, state.round)
            assert 1 <= state.dealt <= hand
            assert players * state.dealt <= copy - won
            assert state.dealt == hand_for(copy - won, players, hand)
            assert plan[state.round - 1].fewest <= state.dealt <= plan[state.round - 1].most
            own = rec["rounds"][-1].get("hand_size") if rec["rounds"] else None
            assert own == (state.dealt if state.dealt != hand else None)   # kept only when it differs
        entered: list = []
        while (turn := present.sale_view(game, entered).turn) is not None:
            free = [x for g in deck_groups(deck, game, entered) for x in g.cards if not x.out]
            assert free, f"round {state.round}: nothing left to offer {turn}"
            full = record_card(deck, rng.choice(free).id)
            card = {k: v for k, v in full.items() if v not in (0, [], None) or k in ("suit", "value")}
            drafted = forms.draft_play(rec, entered, card, deck=deck, confirmed=True)
            assert drafted.ok, drafted
            entered = drafted.plays
        change = changes.complete_sale(rec, entered, copy)
        assert change.ok, change.error
        rec = change.record
    assert len(rec["rounds"]) == 3 and ref(rec)["game_over"]
