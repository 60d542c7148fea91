"""Hand-worked Sales games, one or more per ruling (SA-1…SA-15), asserting the full outcome."""

from __future__ import annotations

import pytest

from companion.games.sales import rules
from companion.games.sales.models import Score
from tests.sales.helpers import c, contract_sale, error, record, ref

ZERO = {"numbers": 0, "sets": 0, "neighbor": 0, "total": 0}


def _score(result: dict, player: str) -> dict:
    return {k: result["scores"][player][k] for k in ZERO}


# ---------------------------------------------------------------- SA-1, SA-2: setup and cards


@pytest.mark.parametrize(
    "card, line",
    [
        (c("sun", -1), "round 1: sale 1: Ann: SA-1 value must be at least 0"),
        (c("sun", 1, -2), "round 1: sale 1: Ann: SA-1 discard must be at least 0"),
        ({"suit": "Sun", "value": 1}, "round 1: sale 1: Ann: SA-1 suit must be a lowercase name or 'wild'"),
        ({"suit": "sun", "value": True}, "round 1: sale 1: Ann: SA-1 value must be a whole number"),
        ({"suit": "sun", "value": 1, "colour": "red"}, "round 1: sale 1: Ann: SA-1 'colour' is not a field here"),
        (c("sun", 1, collects=("2x", "kite")), "round 1: sale 1: Ann: SA-1 kind must be '1x' or 'neighbor'"),
        ({"suit": "sun", "value": 1, "icons": [""]}, "round 1: sale 1: Ann: SA-1 icons must be a non-empty name"),
    ],
)
def test_sa1_card_attributes_are_checked(card, line):
    """SA-1: a card's value and discard icons are integers ≥ 0, its suit lowercase or wild."""
    assert error(record(["Ann", "Ben"], [{"plays": [{"player": "Ann", "card": card}]}])) == line


def test_sa1_card_defaults():
    """SA-1: discard defaults to 0, icons to none, set to none."""
    out = ref(record(["Ann", "Ben"], [{"plays": [
        {"player": "Ann", "card": {"suit": "sun", "value": 3}},
        {"player": "Ben", "card": {"suit": "sun", "value": 2}}]}]))
    assert out["rounds"][0]["sales"][0]["card"] == {
        "suit": "sun", "value": 2, "discard": 0, "icons": [], "set": None}


@pytest.mark.parametrize(
    "setup, line",
    [
        ({"players": ["Ann", "Ben", "Cat"], "mode": "coop"}, "setup: SA-2 co-op is for exactly 2 players, not 3"),
        ({"players": ["Ann", "Ben", "Cat"], "mode": "solo"}, "setup: SA-2 solo is refereed as exactly 2 hands, not 3"),
        ({"players": ["Ann"]}, "setup: SA-2 2–6 players, not 1"),
        ({"players": list("ABCDEFG")}, "setup: SA-2 2–6 players, not 7"),
        ({"players": ["Ann", "ann"]},
         "setup: SA-2 'ann' and 'Ann' look the same: give each player a name the table can tell apart"),
        ({"players": ["Ann", "Ben"], "mode": "duel"}, "setup: SA-2 mode must be 'competitive', 'coop' or 'solo'"),
        ({"players": ["Ann", "Ben"], "hand_size": 0}, "setup: SA-2 hand_size must be at least 1"),
        ({"players": ["Ann", "Ben"], "leader": "Zed"},
         "setup: Zed: SA-9 the first leader 'Zed' is not a player (players: Ann, Ben)"),
    ],
)
def test_sa2_setup_errors(setup, line):
    """SA-2: 2–6 players competitive, exactly 2 in co-op and solo, hand size ≥ 1."""
    assert error({"game": "sales", **setup}) == line


def test_sa2_hand_size_labels():
    """SA-2: 12 cards in the competitive game is a house rule (the deal chart is missing);
    other numbers are house variants; 12 in co-op is the rules' deal."""
    assert ref(record(["Ann", "Ben"]))["notes"] == [
        "12 cards per round: house rule (SA-2), the deal chart is missing."]
    assert ref(record(["Ann", "Ben"], hand_size=8))["notes"] == [
        "8 cards per round: house variant (SA-2); the deal chart is missing and the house rule default is 12."]
    assert ref(record(["Ann", "Ben"], mode="coop"))["notes"] == [
        "12 cards per player per round, as the rules deal in co-op (SA-2)."]
    assert ref(record(["L", "R"], mode="solo", hand_size=10))["notes"] == [
        "10 cards per hand per round: house variant (SA-2); the rules deal 12 in solo."]


def test_sa2_six_players_and_defaults():
    """SA-2, SA-9: six players are fine; the first player leads by default; 12 cards each."""
    out = ref(record(list("ABCDEF")))
    assert out["rounds"] == [] and out["game_over"] is False and out["winners"] == []
    assert out["explanation"] == "Game in progress: round 1, A leads the next sale."
    assert out["hand_size"] == 12 and out["mode"] == "competitive" and out["team"] is None


# ---------------------------------------------------------------- SA-3: play order


def _rec(players, *rounds, **setup):
    return record(players, *[[{"plays": [{"player": p, "card": k} for p, k in s]} for s in r] for r in rounds], **setup)


def test_sa3_order_skips_empty_hands():
    """SA-3: Ben wins and discards his last card; the next sale goes Cat, Ann: Ben is skipped."""
    rec = _rec(["Ann", "Ben", "Cat"],
               [[("Ann", c("sun", 3)), ("Ben", c("sun", 1, 1)), ("Cat", c("sun", 5))],
                [("Cat", c("rain", 2)), ("Ann", c("rain", 4))]], hand_size=2)
    out = ref(rec)
    s1, s2 = out["rounds"][0]["sales"]
    assert contract_sale(s1) == {"leader": "Ann", "on_suit": ["Ann", "Ben", "Cat"], "winner": "Ben",
                                 "discards": 1, "next_leader": "Cat"}
    assert s1["hands"] == {"Ann": 1, "Ben": 0, "Cat": 1}
    assert contract_sale(s2) == {"leader": "Cat", "on_suit": ["Cat", "Ann"], "winner": "Cat",
                                 "discards": 0, "next_leader": None}
    assert s2["order"] == ["Cat", "Ann"]
    assert out["rounds"][0]["hands"] == {"Ann": 0, "Ben": 0, "Cat": 0}
    assert out["rounds"][0]["over"] is True and out["rounds"][0]["next_leader"] == "Cat"
    assert "SA-3" in s2["rulings"]


@pytest.mark.parametrize(
    "second, line",
    [
        ([("Ann", c("rain", 4)), ("Cat", c("rain", 2))],
         "round 1: sale 2: Ann: SA-3 plays out of turn: Cat plays next "
         "(clockwise from the leader Cat, skipping empty hands)"),
        ([("Cat", c("rain", 2)), ("Ben", c("rain", 4))],
         "round 1: sale 2: Ben: SA-3 has no cards in hand and cannot play"),
        ([("Cat", c("rain", 2))],
         "round 1: sale 2: Ann: SA-3 has not played: every player with cards in hand plays each sale"),
        ([("Cat", c("rain", 2)), ("Cat", c("rain", 4))], "round 1: sale 2: Cat: SA-3 plays twice in one sale"),
        ([("Dan", c("rain", 2))], "round 1: sale 2: Dan: SA-3 'Dan' is not a player (players: Ann, Ben, Cat)"),
        ([], "round 1: sale 2: SA-3 the sale has no plays: Cat leads"),
    ],
)
def test_sa3_bad_play_order_is_rejected(second, line):
    """SA-3: plays out of order, from an empty hand, missing, twice, or by a stranger."""
    rec = _rec(["Ann", "Ben", "Cat"],
               [[("Ann", c("sun", 3)), ("Ben", c("sun", 1, 1)), ("Cat", c("sun", 5))], second], hand_size=2)
    assert error(rec) == line


def test_sa3_names_are_matched_case_insensitively():
    """SA-3: a play names its player trimmed and in any case; the result uses the seat name."""
    rec = _rec(["Ann", "Ben"], [[(" ann ", c("sun", 3)), ("BEN", c("sun", 4))]])
    s = ref(rec)["rounds"][0]["sales"][0]
    assert s["order"] == ["Ann", "Ben"] and s["winner"] == "Ann"


# ---------------------------------------------------------------- SA-4: on suit


def test_sa4_wild_lead_then_wild_then_suited_card_sets_the_suit():
    """SA-4: Ann leads a wild, Ben a wild, Cat's rain sets the suit; Dan's lower sun is off suit."""
    rec = _rec(["Ann", "Ben", "Cat", "Dan"],
               [[("Ann", c("wild", 3)), ("Ben", c("wild", 2)), ("Cat", c("rain", 4)), ("Dan", c("sun", 1))]])
    s = ref(rec)["rounds"][0]["sales"][0]
    assert contract_sale(s) == {"leader": "Ann", "on_suit": ["Ann", "Ben", "Cat"], "winner": "Ben",
                                "discards": 0, "next_leader": "Ben"}
    assert s["suit"] == "rain" and s["off_suit"] == ["Dan"]
    assert s["explanation"] == (
        "Ben wins with the wild 2: the lowest card on suit; Ann led a wild, so Cat's rain 4 set "
        "the suit; Dan's sun 1 was off suit (SA-4, SA-5). Ben keeps it (no discard icons) (SA-6). "
        "Ben leads the next sale (SA-7).")
    assert s["rulings"] == ["SA-3", "SA-4", "SA-5", "SA-6", "SA-7"]


def test_sa4_all_wild_are_all_on_suit():
    """SA-4: when every card is wild, all are on suit (and SA-5: the last lowest wins)."""
    rec = _rec(["Ann", "Ben", "Cat"], [[("Ann", c("wild", 2)), ("Ben", c("wild", 2)), ("Cat", c("wild", 5))]])
    s = ref(rec)["rounds"][0]["sales"][0]
    assert s["on_suit"] == ["Ann", "Ben", "Cat"] and s["suit"] is None and s["winner"] == "Ben"
    assert "every card was wild, so all were on suit" in s["explanation"]


def test_sa4_wild_is_on_suit_in_the_competitive_game():
    """SA-4: the contract example: Cat's wild 2 is on suit and beats Ann's sun 4; Ben's rain 1 is off."""
    rec = _rec(["Ann", "Ben", "Cat"],
               [[("Ann", c("sun", 4, 1)), ("Ben", c("rain", 1, icons=("umbrella",))), ("Cat", c("wild", 2, 2))]])
    out = ref(rec)
    s = out["rounds"][0]["sales"][0]
    assert contract_sale(s) == {"leader": "Ann", "on_suit": ["Ann", "Cat"], "winner": "Cat",
                                "discards": 2, "next_leader": "Cat"}
    assert s["explanation"].startswith(
        "Cat wins with the wild 2: the lowest card on suit; Ben's rain 1 was off suit (SA-4, SA-5).")
    assert out["rounds"][0]["hands"] == {"Ann": 11, "Ben": 11, "Cat": 9}


# ---------------------------------------------------------------- SA-5: lowest wins, ties


def test_sa5_three_way_tie_goes_to_the_last_played():
    """SA-5: Ann, Ben and Dan tie on sun 2 (Cat's rain 1 is off suit): Dan, the last, wins."""
    rec = _rec(["Ann", "Ben", "Cat", "Dan"],
               [[("Ann", c("sun", 2)), ("Ben", c("sun", 2)), ("Cat", c("rain", 1)), ("Dan", c("sun", 2))]])
    out = ref(rec)
    s = out["rounds"][0]["sales"][0]
    assert contract_sale(s) == {"leader": "Ann", "on_suit": ["Ann", "Ben", "Dan"], "winner": "Dan",
                                "discards": 0, "next_leader": "Dan"}
    assert "tied with Ann's sun 2 and Ben's sun 2: the last one played wins" in s["explanation"]
    assert _score(out, "Dan") == {"numbers": 2, "sets": 0, "neighbor": 0, "total": 2}


def test_sa5_tie_with_a_wild():
    """SA-5: a wild 3 ties a sun 3; the later of the two wins, a higher sun loses."""
    rec = _rec(["Ann", "Ben", "Cat"], [[("Ann", c("sun", 3)), ("Ben", c("wild", 3)), ("Cat", c("sun", 7))]])
    s = ref(rec)["rounds"][0]["sales"][0]
    assert s["winner"] == "Ben" and s["on_suit"] == ["Ann", "Ben", "Cat"]


# ---------------------------------------------------------------- SA-6, SA-7, SA-8


def test_sa6_winner_discards_as_far_as_the_hand_goes():
    """SA-6: Ann's sun 1 has 9 discard icons but only 5 cards are left: she discards 5."""
    rec = _rec(["Ann", "Ben"], [[("Ann", c("sun", 1, 9)), ("Ben", c("sun", 2))]], hand_size=6)
    out = ref(rec)
    s = out["rounds"][0]["sales"][0]
    assert contract_sale(s) == {"leader": "Ann", "on_suit": ["Ann", "Ben"], "winner": "Ann",
                                "discards": 5, "next_leader": "Ben"}
    assert s["hands"] == {"Ann": 0, "Ben": 5}
    assert out["rounds"][0]["discarded"] == 6  # Ben's sun 2 and Ann's 5 cards
    assert "its 9 discard icons ask for 9, but only 5 cards were left in hand" in s["explanation"]


def test_sa7_winner_empties_hand_by_discarding_and_the_lead_skips():
    """SA-7: Ben discards his last cards, so Cat leads; Cat does too, so Dan leads; a tie
    (SA-5) on the last sale goes to Ann and the round ends with every hand empty."""
    rec = _rec(
        ["Ann", "Ben", "Cat", "Dan"],
        [
            [("Ann", c("sun", 5)), ("Ben", c("sun", 1, 2)), ("Cat", c("sun", 4)), ("Dan", c("sun", 6))],
            [("Cat", c("rain", 2, 1)), ("Dan", c("rain", 3)), ("Ann", c("rain", 4))],
            [("Dan", c("snow", 1)), ("Ann", c("snow", 1))],
        ],
        hand_size=3,
    )
    out = ref(rec)
    r = out["rounds"][0]
    assert [contract_sale(s) for s in r["sales"]] == [
        {"leader": "Ann", "on_suit": ["Ann", "Ben", "Cat", "Dan"], "winner": "Ben", "discards": 2,
         "next_leader": "Cat"},
        {"leader": "Cat", "on_suit": ["Cat", "Dan", "Ann"], "winner": "Cat", "discards": 1, "next_leader": "Dan"},
        {"leader": "Dan", "on_suit": ["Dan", "Ann"], "winner": "Ann", "discards": 0, "next_leader": None},
    ]
    assert [s["hands"] for s in r["sales"]] == [
        {"Ann": 2, "Ben": 0, "Cat": 2, "Dan": 2},
        {"Ann": 1, "Ben": 0, "Cat": 0, "Dan": 1},
        {"Ann": 0, "Ben": 0, "Cat": 0, "Dan": 0},
    ]
    assert r["sales"][0]["explanation"].endswith(
        "Ben's hand is empty, so Cat, the next player clockwise with cards, leads (SA-7).")
    assert r["sales"][2]["explanation"].endswith("Every hand is empty: round 1 ends (SA-7).")
    assert r["over"] is True and r["next_leader"] == "Ann" and r["won"] == {"Ann": 1, "Ben": 1, "Cat": 1}
    assert r["notes"] == ["Every hand is empty: round 1 is over (SA-7).",
                          "Ann won the last sale and leads round 2 (SA-9)."]
    assert out["explanation"] == "Game in progress: round 1 is over; Ann leads round 2."


def test_sa7_no_sale_after_every_hand_is_empty():
    """SA-7: once every hand is empty the round is over; another sale is an error."""
    rec = _rec(["Ann", "Ben"], [[("Ann", c("sun", 1)), ("Ben", c("sun", 2))], [("Ann", c("sun", 1))]], hand_size=1)
    assert error(rec) == "round 1: sale 2: SA-7 every hand is empty: round 1 is over; start round 2"


def test_sa8_alone_for_several_sales_pays_discards():
    """SA-8: Ann empties her hand; Ben plays three sales alone, winning each card and still
    discarding by its icons (SA-6), as far as his hand goes."""
    rec = _rec(
        ["Ann", "Ben"],
        [
            [("Ann", c("sun", 1, 9)), ("Ben", c("sun", 2))],
            [("Ben", c("rain", 7, 1))],
            [("Ben", c("snow", 9, 1))],
            [("Ben", c("wind", 4, 3))],
        ],
        hand_size=6,
    )
    out = ref(rec)
    sales = out["rounds"][0]["sales"]
    assert [contract_sale(s) for s in sales[1:]] == [
        {"leader": "Ben", "on_suit": ["Ben"], "winner": "Ben", "discards": 1, "next_leader": "Ben"},
        {"leader": "Ben", "on_suit": ["Ben"], "winner": "Ben", "discards": 1, "next_leader": "Ben"},
        {"leader": "Ben", "on_suit": ["Ben"], "winner": "Ben", "discards": 0, "next_leader": None},
    ]
    assert [s["hands"]["Ben"] for s in sales] == [5, 3, 1, 0]
    assert [s["alone"] for s in sales] == [False, True, True, True]
    assert sales[0]["explanation"].endswith("Ben now plays alone (SA-8).")
    assert sales[1]["explanation"] == (
        "Ben plays alone: the rain 7 wins (SA-8). Ben keeps it and discards 1 card from hand (SA-6). "
        "Ben leads the next sale (SA-7).")
    assert "SA-8" in sales[1]["rulings"]
    assert _score(out, "Ann") == {"numbers": 1, "sets": 0, "neighbor": 0, "total": 1}
    assert _score(out, "Ben") == {"numbers": 20, "sets": 0, "neighbor": 0, "total": 20}


# ---------------------------------------------------------------- SA-9: three rounds


THREE_ROUNDS = [
    [[("Ann", c("sun", 3)), ("Ben", c("sun", 2))]],   # Ben wins 2, leads round 2
    [[("Ben", c("rain", 5)), ("Ann", c("rain", 4))]],  # Ann wins 4, leads round 3
    [[("Ann", c("snow", 1)), ("Ben", c("snow", 6))]],  # Ann wins 1
]


def test_sa9_three_rounds_led_by_the_last_winner():
    """SA-9: each round is led by the previous round's last winner; won cards are kept; after
    round 3 the game is over and (SA-13) the highest total wins."""
    out = ref(_rec(["Ann", "Ben"], *THREE_ROUNDS, hand_size=1))
    assert [r["sales"][0]["leader"] for r in out["rounds"]] == ["Ann", "Ben", "Ann"]
    assert [r["leader"] for r in out["rounds"]] == ["Ann", "Ben", "Ann"]
    assert [r["hands"] for r in out["rounds"]] == [{"Ann": 0, "Ben": 0}] * 3
    assert out["rounds"][2]["next_leader"] is None
    assert out["rounds"][2]["notes"][-1] == "That was round 3 of 3: the game is over (SA-9)."
    assert out["game_over"] is True and out["winners"] == ["Ann"]
    assert _score(out, "Ann") == {"numbers": 5, "sets": 0, "neighbor": 0, "total": 5}
    assert _score(out, "Ben") == {"numbers": 2, "sets": 0, "neighbor": 0, "total": 2}
    assert out["explanation"] == "Game over: Ann wins with 5 points (SA-13)."


def test_sa9_fourth_round_is_an_error():
    """SA-9: there are three rounds."""
    rec = _rec(["Ann", "Ben"], *THREE_ROUNDS, [], hand_size=1)
    assert error(rec) == "round 4: SA-9 the game has 3 rounds: it ended after round 3"


def test_sa9_sale_after_the_third_round_is_an_error():
    """SA-9, SA-7: after the last sale of round 3 nothing more is played."""
    rec = _rec(["Ann", "Ben"], *THREE_ROUNDS[:2], THREE_ROUNDS[2] + [[("Ann", c("sun", 1))]], hand_size=1)
    assert error(rec) == "round 3: sale 2: SA-7 every hand is empty: round 3 is over and so is the game (SA-9)"


def test_sa9_new_round_while_hands_hold_cards_is_an_error():
    """SA-7, SA-9: a round starts only once every hand is empty."""
    rec = _rec(["Ann", "Ben"], [[("Ann", c("sun", 3)), ("Ben", c("sun", 2))]], [], hand_size=2)
    assert error(rec) == (
        "round 2: SA-7 round 1 has not ended: Ann (1) and Ben (1) still hold cards; "
        "a round ends when every hand is empty (SA-9)")


def test_sa9_partial_game_is_in_progress():
    """SA-9: a record may stop mid-round: the game is in progress, scores so far, no winner."""
    out = ref(_rec(["Ann", "Ben"], *THREE_ROUNDS[:1], [], hand_size=1))
    assert out["game_over"] is False and out["winners"] == []
    assert out["rounds"][1] == {
        "round": 2, "sales": [], "hands": {"Ann": 1, "Ben": 1}, "hand_size": 1, "leader": "Ben", "over": False,
        "won": {}, "discarded": 0, "next_leader": "Ben",
        "notes": ["Round 2 in progress: cards in hand Ann 1, Ben 1."]}
    assert _score(out, "Ben")["total"] == 2


# ---------------------------------------------------------------- SA-10…SA-12: scoring


def test_sa10_sa11_numbers_and_1x_sets():
    """SA-10: numbers sum the won values. SA-11: each 1x set collecting umbrella scores 1 per won
    card showing umbrella or wild, itself and the other set card included; the rain 3 shows
    umbrella twice but counts once per set card."""
    rec = _rec(["Ann", "Ben"], [
        [("Ann", c("rain", 9)), ("Ben", c("rain", 7, icons=("umbrella",), collects=("1x", "umbrella")))],
        [("Ben", c("rain", 3, icons=("umbrella", "umbrella"))), ("Ann", c("sun", 8))],
        [("Ben", c("wild", 2)), ("Ann", c("snow", 8))],
        [("Ben", c("sun", 4, icons=("sunglasses",))), ("Ann", c("rain", 8))],
        [("Ben", c("sun", 5, collects=("1x", "umbrella"))), ("Ann", c("rain", 9))],
    ], hand_size=5)
    out = ref(rec)
    assert [s["winner"] for s in out["rounds"][0]["sales"]] == ["Ben"] * 5
    assert _score(out, "Ben") == {"numbers": 21, "sets": 8, "neighbor": 0, "total": 29}
    assert _score(out, "Ann") == ZERO
    assert out["scores"]["Ben"]["cards"] == 5
    assert out["scores"]["Ben"]["breakdown"] == [
        "Numbers: 7 + 3 + 2 + 4 + 5 = 21 (rain 7, rain 3, wild 2, sun 4, sun 5) (SA-10)",
        "1x set rain 7 collecting umbrella: 4 (rain 7, rain 3, wild 2, sun 5) (SA-11)",
        "1x set sun 5 collecting umbrella: 4 (rain 7, rain 3, wild 2, sun 5) (SA-11)",
        "Total: 21 + 8 + 0 = 29",
    ]


def test_sa12_neighbor_set_with_two_players_counts_the_one_neighbour_once():
    """SA-12: with two players Ann is Ben's left and right neighbour, counted once: her wind 3
    (kite) and her wild 4 give Ben's neighbor set 2."""
    rec = _rec(["Ann", "Ben"], [
        [("Ann", c("wind", 3, icons=("kite",))), ("Ben", c("wind", 5))],
        [("Ann", c("wild", 4)), ("Ben", c("sun", 7))],
        [("Ann", c("rain", 9)), ("Ben", c("rain", 1, collects=("neighbor", "kite")))],
    ], hand_size=3)
    out = ref(rec)
    assert [s["winner"] for s in out["rounds"][0]["sales"]] == ["Ann", "Ann", "Ben"]
    assert _score(out, "Ann") == {"numbers": 7, "sets": 0, "neighbor": 0, "total": 7}
    assert _score(out, "Ben") == {"numbers": 1, "sets": 0, "neighbor": 2, "total": 3}
    assert out["scores"]["Ben"]["breakdown"][1] == (
        "Neighbor set rain 1 collecting kite: 2 (Ann: wind 3, wild 4) "
        "(two players: the one neighbour counts once) (SA-12)")


def test_sa12_neighbor_set_with_five_players_counts_left_and_right_only():
    """SA-12: Cat's neighbor set collecting coat counts Ben's two coat cards (right) and Dan's
    wild (left), not the coat cards Ann and Eve won: 3 points. Three rounds; SA-13 Cat wins."""
    players = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    rec = _rec(players,
        [
            [("Ann", c("sun", 9)), ("Ben", c("sun", 1, 1, icons=("coat",))), ("Cat", c("rain", 1)),
             ("Dan", c("rain", 2)), ("Eve", c("rain", 3))],
            [("Cat", c("snow", 2, collects=("neighbor", "coat"))), ("Dan", c("snow", 3)),
             ("Eve", c("snow", 4)), ("Ann", c("snow", 5))],
        ],
        [
            [("Cat", c("sun", 9)), ("Dan", c("wild", 1, 1)), ("Eve", c("rain", 1)), ("Ann", c("rain", 2)),
             ("Ben", c("rain", 3))],
            [("Eve", c("sun", 1, icons=("coat",))), ("Ann", c("sun", 2)), ("Ben", c("sun", 3)),
             ("Cat", c("sun", 4))],
        ],
        [
            [("Eve", c("sun", 9)), ("Ann", c("sun", 1, 1, icons=("coat",))), ("Ben", c("rain", 5)),
             ("Cat", c("rain", 5)), ("Dan", c("rain", 5))],
            [("Ben", c("rain", 2, icons=("coat",))), ("Cat", c("rain", 3)), ("Dan", c("rain", 4)),
             ("Eve", c("rain", 5))],
        ],
        hand_size=2,
    )
    out = ref(rec)
    assert [[s["winner"] for s in r["sales"]] for r in out["rounds"]] == [
        ["Ben", "Cat"], ["Dan", "Eve"], ["Ann", "Ben"]]
    assert [r["leader"] for r in out["rounds"]] == ["Ann", "Cat", "Eve"]
    assert {p: _score(out, p) for p in players} == {
        "Ann": {"numbers": 1, "sets": 0, "neighbor": 0, "total": 1},
        "Ben": {"numbers": 3, "sets": 0, "neighbor": 0, "total": 3},
        "Cat": {"numbers": 2, "sets": 0, "neighbor": 3, "total": 5},
        "Dan": {"numbers": 1, "sets": 0, "neighbor": 0, "total": 1},
        "Eve": {"numbers": 1, "sets": 0, "neighbor": 0, "total": 1},
    }
    assert out["scores"]["Cat"]["breakdown"] == [
        "Numbers: 2 = 2 (snow 2) (SA-10)",
        "Neighbor set snow 2 collecting coat: 3 (Dan: wild 1; Ben: sun 1, rain 2) (SA-12)",
        "Total: 2 + 0 + 3 = 5",
    ]
    assert out["game_over"] is True and out["winners"] == ["Cat"]


# ---------------------------------------------------------------- SA-13: winner and tie


def test_sa13_final_tie_goes_to_the_latest_sale_winner():
    """SA-13: Ann and Ben tie on 3; Cat won the last sale but is not tied; of the tied,
    Ben won the more recent sale (sale 2), so Ben wins, not Ann in the first seat."""
    rec = _rec(["Ann", "Ben", "Cat"],
               [[("Ann", c("sun", 3)), ("Ben", c("sun", 5)), ("Cat", c("sun", 6))]],
               [[("Ann", c("rain", 9)), ("Ben", c("rain", 3)), ("Cat", c("rain", 8))]],
               [[("Ben", c("sun", 9)), ("Cat", c("sun", 1)), ("Ann", c("sun", 8))]],
               hand_size=1)
    out = ref(rec)
    assert {p: out["scores"][p]["total"] for p in out["scores"]} == {"Ann": 3, "Ben": 3, "Cat": 1}
    assert out["game_over"] is True and out["winners"] == ["Ben"]
    assert out["explanation"] == (
        "Game over: Ann and Ben tie with 3 points; Ben won the most recent sale of them "
        "(sale 2 of the game) and wins (SA-13).")


def test_sa13_tie_with_the_latest_sale_itself():
    """SA-13: two players tie on 3; Ben won the very last sale and wins."""
    rec = _rec(["Ann", "Ben"],
               [[("Ann", c("sun", 3)), ("Ben", c("sun", 4))]],
               [[("Ann", c("rain", 5)), ("Ben", c("rain", 2))]],
               [[("Ben", c("sun", 1)), ("Ann", c("rain", 1))]], hand_size=1)
    out = ref(rec)
    assert out["scores"]["Ann"]["total"] == out["scores"]["Ben"]["total"] == 3
    assert out["winners"] == ["Ben"]


# ---------------------------------------------------------------- SA-14, SA-15: co-op and solo


def test_sa14_coop_off_suit_cannot_win_and_asks_to_confirm():
    """SA-14: in co-op Ben's off-suit rain 1 cannot win; the app asks to confirm it."""
    rec = _rec(["Ann", "Ben"], [[("Ann", c("sun", 6)), ("Ben", c("rain", 1))]], mode="coop", hand_size=1)
    out = ref(rec)
    s = out["rounds"][0]["sales"][0]
    assert contract_sale(s) == {"leader": "Ann", "on_suit": ["Ann"], "winner": "Ann",
                                "discards": 0, "next_leader": None}
    assert s["off_suit"] == ["Ben"] and "SA-14" in s["rulings"]
    assert ("In co-op an off-suit card may be played only without an on-suit card in hand: confirm it (SA-14)."
            in s["explanation"])
    assert out["winners"] == [] and out["team"]["score"] == 0 and out["team"]["rating"] is None


def test_sa14_coop_wild_is_on_suit():
    """SA-14, SA-4: a wild is on suit in co-op too; the lowest wins."""
    rec = _rec(["Ann", "Ben"], [[("Ann", c("sun", 6)), ("Ben", c("wild", 2))]], mode="coop", hand_size=1)
    s = ref(rec)["rounds"][0]["sales"][0]
    assert s["winner"] == "Ben" and s["off_suit"] == [] and "SA-14" not in s["rulings"]


def test_sa15_coop_team_score_is_the_lower_score():
    """SA-15: after three rounds the team score is the lower score (56, "Good job.");
    there are no individual winners."""
    rec = _rec(["Ann", "Ben"],
               [[("Ann", c("sun", 30)), ("Ben", c("sun", 40))]],
               [[("Ann", c("sun", 30)), ("Ben", c("sun", 26))]],
               [[("Ben", c("sun", 40)), ("Ann", c("sun", 50))]], mode="coop", hand_size=1)
    out = ref(rec)
    assert {p: out["scores"][p]["total"] for p in out["scores"]} == {"Ann": 30, "Ben": 66}
    assert out["game_over"] is True and out["winners"] == []
    assert {k: out["team"][k] for k in ("score", "rating")} == {"score": 30, "rating": None}
    rec2 = _rec(["Ann", "Ben"],
                [[("Ann", c("sun", 56)), ("Ben", c("sun", 60))]],
                [[("Ann", c("sun", 60)), ("Ben", c("sun", 58))]],
                [[("Ben", c("sun", 1)), ("Ann", c("sun", 9))]], mode="coop", hand_size=1)
    out2 = ref(rec2)
    assert {p: out2["scores"][p]["total"] for p in out2["scores"]} == {"Ann": 56, "Ben": 59}
    assert {k: out2["team"][k] for k in ("score", "rating")} == {"score": 56, "rating": "Good job."}
    assert out2["team"]["explanation"] == "Team score 56: the lower player's score (SA-15); rating: Good job."


def test_sa15_solo_two_hands_team_score():
    """SA-15, SA-2: solo is refereed as two hands; the team score is the lower hand's score."""
    rec = _rec(["Left", "Right"], [[("Left", c("sun", 70)), ("Right", c("sun", 65))],
                                   [("Right", c("rain", 90)), ("Left", c("rain", 70))]],
               mode="solo", hand_size=2)
    out = ref(rec)
    assert out["team"]["score"] == 65 and out["team"]["rating"] == "Wow!"
    assert out["team"]["explanation"] == "Team score 65: the lower hand's score (SA-15); rating: Wow!"


@pytest.mark.parametrize(
    "low, rating",
    [(0, None), (44, None), (45, "Not bad!"), (54, "Not bad!"), (55, "Good job."), (64, "Good job."),
     (65, "Wow!"), (100, "Wow!")],
)
def test_sa15_rating_thresholds(low, rating):
    """SA-15: 65+ Wow!, 55+ Good job., 45+ Not bad!, below 45 no rating."""
    def s(total) -> Score:
        return {"numbers": total, "sets": 0, "neighbor": 0, "total": total, "cards": 1}
    team = rules.team({"A": s(low), "B": s(low + 3)}, ["A", "B"])
    assert (team["score"], team["rating"]) == (low, rating)
