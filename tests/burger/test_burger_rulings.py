"""One named test (or a few) per burger ruling, BU-1…BU-8, with the full outcome."""

from __future__ import annotations

import json

import pytest

from companion.core.errors import RuleError
from companion.core.registry import parse_record
from companion.games.burger import explain, rules
from tests.burger.burger_helpers import NAMES, all_play, deal, error, record, rnd, run, told


def tools_left(**hands: tuple[int, int]) -> dict:
    return {p: {"tongs": t, "tease": e} for p, (t, e) in hands.items()}


# ---------------------------------------------------------------- BU-1


def test_bu1_first_player_defaults_to_the_first_seat_and_may_be_chosen():
    """BU-1: 2–5 players; the first player is chosen at setup, default the first seat."""
    two = ["Ann", "Ben"]
    got = run(record(two, [rnd(deal(2), all_play(two))]))
    assert got["rounds"][0]["first"] == "Ann"
    got = run(record(two, [rnd(deal(2), all_play(two))], first=" ben "))
    assert got["rounds"][0]["first"] == "Ben"
    # Ben first: tongs from the player after Ben (Ann), then Ben
    assert got["rounds"][0]["take_order"] == ["Ann", "Ben"]


@pytest.mark.parametrize("players", [["Ann"], NAMES + ["Fay"]])
def test_bu1_two_to_five_players(players):
    """BU-1: fewer than 2 or more than 5 players are rejected at setup."""
    assert error(record(players, [])) == f"setup: BU-1 2–5 players, not {len(players)}"


def test_bu1_first_player_must_be_a_player():
    """BU-1: an unknown first player is rejected."""
    assert error(record(["Ann", "Ben"], [], first="Zed")) == (
        "setup: Zed: BU-1 the first player 'Zed' is not a player (players: Ann, Ben)"
    )


# ---------------------------------------------------------------- BU-2


@pytest.mark.parametrize("n, need", [(2, 4), (3, 5), (4, 7), (5, 8)])
def test_bu2_ingredients_per_player_count_rats_not_counted(n, need):
    """BU-2: 4/5/7/8 ingredients for 2/3/4/5 players; rats do not count but lie on a
    deck; the draw pile gives every card of the round (ingredients and rats)."""
    players = NAMES[:n]
    got = run(record(players, [rnd(deal(n, rats=2), all_play(players))], draw_pile=40))
    r = got["rounds"][0]
    assert (r["ingredients"], r["rat_cards"]) == (need, 2)
    assert r["draw_pile"] == 40 - need - 2
    assert error(record(players, [rnd(deal(n, extra=1), all_play(players))])) == (
        f"round 1: BU-2 {need + 1} ingredients revealed: {n} players reveal {need} (rats not counted)"
    )


def test_bu2_as_many_decks_as_players_each_with_an_ingredient():
    """BU-2: one deck per player; every deck starts with an ingredient (a rat is not one)."""
    three = ["Ann", "Ben", "Cat"]
    decks = [["lettuce", "cheese", "onion"], ["patty", "mushroom"]]
    assert error(record(three, [rnd(decks, all_play(three))])) == (
        "round 1: BU-2 2 decks laid out: 3 players make 3 decks"
    )
    decks = [["lettuce", "cheese", "onion"], ["patty", "mushroom"], ["rat"]]
    assert error(record(three, [rnd(decks, all_play(three))])) == (
        "round 1: BU-2 deck 2 holds only rats: every deck starts with an ingredient"
    )
    decks = [["lettuce", "cheese", "onion"], ["patty", "mushroom"], []]
    assert error(record(three, [rnd(decks, all_play(three))])) == (
        "round 1: BU-2 deck 2 is empty: every deck starts with an ingredient"
    )


def test_bu2_a_rat_is_any_spelling_of_rat_and_only_that():
    """BU-2: a rat card is "rat" in any case (the rules count rats by its eight spellings:
    no other letter in Unicode casefolds to r, a or t); "rats", "Rat " trimmed and a
    look-alike are no rat."""
    folds = {c for c in map(chr, range(0x110000)) if c.casefold() in ("r", "a", "t", "ra", "at", "rat")}
    assert folds == set("rRaAtT")
    assert {card for card in ("rat", "RAT", "rAt", "Rat ", "rats", "r\u0430t") if rules.is_rat(card)} == {
        "rat", "RAT", "rAt", "Rat "}
    three = ["Ann", "Ben", "Cat"]
    decks = [["lettuce", "RAT", "cheese"], ["patty", "Rat", "rats"], ["bun", " rAt "]]
    r = run(record(three, [rnd(decks, all_play(three))]))["rounds"][0]
    assert (r["ingredients"], r["rat_cards"], r["rats"]) == (5, 3, {"Ann": 1, "Ben": 1, "Cat": 1})


def test_bu2_a_round_cannot_use_more_cards_than_the_draw_pile_holds():
    """BU-2: 5 cards left, a round of 4 ingredients and 2 rats is refused; the pile
    counts down by every card of each round, and is null when unlimited."""
    two = ["Ann", "Ben"]
    first = rnd(deal(2, rats=1), all_play(two))
    got = run(record(two, [first], draw_pile=10))
    assert got["rounds"][0]["draw_pile"] == 5
    assert run(record(two, [first]))["rounds"][0]["draw_pile"] is None
    assert error(record(two, [first, rnd(deal(2, rats=2), all_play(two))], draw_pile=10)) == (
        "round 2: BU-2 the decks hold 6 cards but the draw pile holds only 5"
    )


# ---------------------------------------------------------------- BU-3


def test_bu3_tool_take_back_when_a_player_holds_only_one_card():
    """BU-3: 2 tongs + 1 tease each (house rule default). Ann plays tongs twice: after
    the second reveal she holds one card and takes back both used tongs. Ben plays
    tease then tongs and takes back his tease and tongs, the one just played included."""
    two = ["Ann", "Ben"]
    rounds = [
        rnd(deal(2), {"Ann": "tongs", "Ben": "tease"}),
        rnd(deal(2), {"Ann": "tongs", "Ben": "tongs"}),
    ]
    got = told(record(two, rounds))
    r1, r2 = got["rounds"]
    assert r1["tools_left"] == tools_left(Ann=(1, 1), Ben=(2, 0))
    assert r1["took_back"] == []
    assert r2["tools_left"] == tools_left(Ann=(2, 1), Ben=(2, 1))
    assert r2["took_back"] == ["Ann", "Ben"]
    assert any("Ann holds only one tool card" in note and "BU-3" in note for note in r2["notes"])
    assert "BU-3" in r2["private"]["Ben"][0]


def test_bu3_a_tool_the_player_no_longer_holds_is_refused():
    """BU-3: Ben played his only tease in round 1 and cannot play tease in round 2."""
    two = ["Ann", "Ben"]
    rounds = [
        rnd(deal(2), {"Ann": "tongs", "Ben": "tease"}),
        rnd(deal(2), {"Ann": "tongs", "Ben": "tease"}),
    ]
    assert error(record(two, rounds)) == (
        "round 2: Ben: BU-3 plays tease but holds no tease card (in hand: 2 tongs + 0 tease)"
    )


def test_bu3_tools_setup_one_kind_defaults_the_other_and_at_least_two_cards():
    """BU-3: naming one kind keeps the other's default; fewer than 2 cards are refused;
    every player plays exactly one tool card."""
    two = ["Ann", "Ben"]
    got = run(record(two, [rnd(deal(2), all_play(two, "tease"))], tools={"tongs": 3}))
    assert got["rounds"][0]["tools_left"] == tools_left(Ann=(3, 0), Ben=(3, 0))
    assert error(record(two, [], tools={"tongs": 1, "tease": 0})) == (
        "setup: BU-3 every player starts with at least 2 tool cards, not 1 tongs + 0 tease"
    )
    assert error(record(two, [rnd(deal(2), {"Ann": "tongs"})])) == (
        "round 1: Ben: BU-3 plays no tool card: every player plays one each round"
    )
    assert error(record(two, [rnd(deal(2), {"Ann": "tongs", "Ben": "tongs", "Zed": "tease"})])) == (
        "round 1: Zed: BU-3 a tool card for 'Zed' is not a player (players: Ann, Ben)"
    )


# ---------------------------------------------------------------- BU-4


def test_bu4_one_tongs_player_takes_every_deck():
    """BU-4: Ann alone plays tongs and takes all three decks, rats included; she took the
    last deck, so she stays first player (BU-6)."""
    three = ["Ann", "Ben", "Cat"]
    decks = [["lettuce", "rat"], ["cheese", "onion", "rat"], ["patty", "mushroom"]]
    got = told(record(three, [rnd(decks, all_play(three, "tease", Ann="tongs"), picks=[2, 0, 1])]))
    r = got["rounds"][0]
    assert r["take_order"] == ["Ann", "Ann", "Ann"]
    assert r["taken"] == {"Ann": [0, 1, 2]}
    assert r["wastebasket"] is None
    assert r["rats"] == {"Ann": 2}
    assert r["next_first"] == "Ann"
    assert r["explanation"] == "Ann alone played tongs: Ann takes all three decks (BU-4)."


def test_bu4_all_tease_sends_every_deck_to_the_first_players_wastebasket():
    """BU-4: nobody played tongs: every deck to the first player's wastebasket, no rat
    tokens for anybody (though the decks hold rats), and the first player stays."""
    three = ["Ann", "Ben", "Cat"]
    got = told(record(three, [rnd(deal(3, rats=2), all_play(three, "tease"))], first="Ben"))
    r = got["rounds"][0]
    assert r["take_order"] == []
    assert r["taken"] == {}
    assert r["wastebasket"] == "Ben"
    assert r["rats"] == {}
    assert r["next_first"] == "Ben"
    assert r["tools_left"] == tools_left(Ann=(2, 0), Ben=(2, 0), Cat=(2, 0))
    assert r["explanation"].startswith(
        "Nobody played tongs: all decks go to Ben's wastebasket (BU-4)"
    )
    assert got["scores"] == {"Ann": 0, "Ben": 0, "Cat": 0}


def test_bu4_tongs_players_take_clockwise_from_the_player_after_the_first():
    """BU-4: Cat is first; Ann and Cat play tongs: Dan (after Cat) played tease, so Ann
    takes first, then Cat, round and round until the four decks are gone."""
    four = ["Ann", "Ben", "Cat", "Dan"]
    tools = {"Ann": "tongs", "Ben": "tease", "Cat": "tongs", "Dan": "tease"}
    got = told(record(four, [rnd(deal(4), tools, picks=[3, 2, 1, 0])], first="Cat"))
    r = got["rounds"][0]
    assert r["take_order"] == ["Ann", "Cat", "Ann", "Cat"]
    assert r["taken"] == {"Ann": [1, 3], "Cat": [0, 2]}
    assert r["next_first"] == "Cat"
    assert r["explanation"] == "Ann and Cat played tongs: Ann, Cat, Ann, Cat take the four decks (BU-4)."


def test_bu4_the_contract_wording_three_players():
    """BU-4: "Ben and Cat played tongs: Ben, Cat, Ben take the three decks"."""
    three = ["Ann", "Ben", "Cat"]
    got = told(record(three, [rnd(deal(3), all_play(three, Ann="tease"))]))
    assert got["rounds"][0]["explanation"] == (
        "Ben and Cat played tongs: Ben, Cat, Ben take the three decks (BU-4)."
    )


def test_bu4_picks_must_be_a_permutation_and_absent_when_nobody_takes():
    """BU-4: picks are each deck index once; picks in an all-tease round are refused."""
    three = ["Ann", "Ben", "Cat"]
    for picks in ([0, 0, 1], [0, 1], [0, 1, 3]):
        assert error(record(three, [rnd(deal(3), all_play(three), picks=picks)])) == (
            f"round 1: BU-4 picks {picks} are not the deck indexes 0–2 each once, in taking order"
        )
    assert error(record(three, [rnd(deal(3), all_play(three, "tease"), picks=[0, 1, 2])])) == (
        "round 1: BU-4 picks are given but nobody played tongs: nobody takes a deck"
    )


# ---------------------------------------------------------------- BU-5


def test_bu5_rat_tokens_per_taker_and_hamburgers_as_reported():
    """BU-5: each rat on a taken deck is one rat token for its taker; hamburgers are
    running totals per player (players with none left out); rat notes are private."""
    three = ["Ann", "Ben", "Cat"]
    decks = [["lettuce", "rat", "rat"], ["cheese", "onion"], ["patty", "rat", "top bun"]]
    rounds = [
        rnd(decks, all_play(three), complete={"Ben": 1, "Cat": 0}),
        rnd(decks, all_play(three), picks=[1, 0, 2], complete={"Cat": 1, "Ann": 1}),
    ]
    got = told(record(three, rounds))
    r1, r2 = got["rounds"]
    # round 1: Ann first: Ben, Cat, Ann take decks 0, 1, 2
    assert r1["take_order"] == ["Ben", "Cat", "Ann"]
    assert r1["rats"] == {"Ann": 1, "Ben": 2}
    assert r1["hamburgers"] == {"Ben": 1}
    assert set(r1["private"]) == {"Ann", "Ben"}
    # round 2: Ann took the last deck, stays first: Ben 1, Cat 0, Ann 2
    assert r2["taken"] == {"Ann": [2], "Ben": [1], "Cat": [0]}
    assert r2["rats"] == {"Ann": 2, "Ben": 2, "Cat": 2}
    assert r2["hamburgers"] == {"Ann": 1, "Ben": 1, "Cat": 1}


def test_bu5_hamburgers_for_an_unknown_player_or_a_player_who_took_nothing():
    """BU-5: hamburgers only for players, and only from cards taken that round."""
    three = ["Ann", "Ben", "Cat"]
    assert error(record(three, [rnd(deal(3), all_play(three), complete={"Zed": 1})])) == (
        "round 1: Zed: BU-5 hamburgers for 'Zed' is not a player (players: Ann, Ben, Cat)"
    )
    tools = all_play(three, "tease", Ben="tongs")
    assert error(record(three, [rnd(deal(3), tools, complete={"Cat": 1})])) == (
        "round 1: Cat: BU-5 took no deck this round, so finishes no hamburger (not 1): "
        "only the cards taken are stacked"
    )
    # Cat takes deck 1 (one ingredient): two hamburgers need two top buns
    assert error(record(three, [rnd(deal(3), all_play(three), complete={"Cat": 2})])) == (
        "round 1: Cat: BU-5 finishes 2 hamburgers with only 1 ingredient card taken: "
        "each needs its top bun placed last"
    )


# ---------------------------------------------------------------- BU-6


def _hamburger_game(n: int, per_round: list[dict[str, int]]) -> dict:
    players = NAMES[:n]
    return record(players, [rnd(deal(n), all_play(players), complete=c) for c in per_round])


@pytest.mark.parametrize(
    "n, target, rounds",
    [
        # deal(n): deck 0 holds the spare ingredients and goes to Ben (after Ann)
        (2, 8, [{"Ben": 3, "Ann": 1}, {"Ben": 2, "Ann": 1}, {"Ben": 1}]),
        (3, 8, [{"Ben": 3, "Cat": 1, "Ann": 1}, {"Ben": 2}, {"Cat": 1}]),
        (4, 9, [{"Ben": 4, "Cat": 1, "Dan": 1, "Ann": 1}, {"Ben": 1}, {"Cat": 1}]),
        (5, 10, [{"Ben": 4, "Cat": 1, "Dan": 1, "Eve": 1, "Ann": 1}, {"Ben": 1}, {"Eve": 1}]),
    ],
)
def test_bu6_the_game_ends_when_all_hamburgers_together_reach_the_count(n, target, rounds):
    """BU-6: 8 (2–3 players), 9 (4) or 10 (5) complete hamburgers, every player's
    together, end the game; one fewer does not. Ann takes the last deck each round
    and stays first player."""
    got = told(_hamburger_game(n, rounds))
    totals = [sum(r["hamburgers"].values()) for r in got["rounds"]]
    assert totals[-2:] == [target - 1, target]
    assert [r["next_first"] for r in got["rounds"]] == ["Ann"] * (len(rounds) - 1) + [None]
    assert got["game_over"] is True
    assert got["rounds"][-1]["end_text"].startswith(f"{target} complete hamburgers on the table")
    assert got["winners"] == ["Ben"]
    assert error(_hamburger_game(n, rounds + [{}])) == (
        f"round {len(rounds) + 1}: BU-6 no round after the end: the game ended after round {len(rounds)}"
    )


def test_bu6_the_game_ends_when_the_draw_pile_cannot_make_a_new_round():
    """BU-6: 2 players need 4 ingredients a round. 13 cards: round 1 uses 5 (a rat), 8
    are left; round 2 uses 4, 4 are left (enough); round 3 uses 4, none left: the end."""
    two = ["Ann", "Ben"]
    rounds = [
        rnd(deal(2, rats=1), {"Ann": "tongs", "Ben": "tease"}),
        rnd(deal(2), {"Ann": "tease", "Ben": "tongs"}, complete={"Ben": 1}),
        rnd(deal(2), {"Ann": "tongs", "Ben": "tongs"}),
    ]
    got = told(record(two, rounds, draw_pile=13))
    assert [r["draw_pile"] for r in got["rounds"]] == [8, 4, 0]
    assert [r["next_first"] for r in got["rounds"]] == ["Ann", "Ben", None]
    assert [r["game_over"] for r in got["rounds"]] == [False, False, True]
    assert got["rounds"][-1]["end_text"] == (
        "the draw pile holds 0 cards, fewer than the 4 ingredients a new round needs (BU-6)"
    )
    assert got["game_over"] is True
    assert got["scores"] == {"Ann": 0, "Ben": 1}
    assert got["winners"] == ["Ben"]
    assert error(record(two, [], draw_pile=3)) == (
        "setup: BU-6 a draw pile of 3 cards cannot make a round: 2 players need 4 ingredients a round (BU-2)"
    )


def test_bu6_next_first_player_took_the_last_deck():
    """BU-6: the player who took the last deck (per take_order) is the next first player."""
    three = ["Ann", "Ben", "Cat"]
    got = run(record(three, [rnd(deal(3), all_play(three, Ben="tease"))]))
    # Ann first: Cat, Ann, Cat
    assert got["rounds"][0]["take_order"] == ["Cat", "Ann", "Cat"]
    assert got["rounds"][0]["next_first"] == "Cat"
    assert got["game_over"] is False and got["winners"] == []


# ---------------------------------------------------------------- BU-7


_ENDED = record(["Ann", "Ben"], [rnd(deal(2), all_play(["Ann", "Ben"]), complete={"Ben": 1})], draw_pile=4)


def _ended_state() -> rules.State:
    _, state = rules.replay(parse_record(json.dumps(_ENDED)))  # type: ignore[arg-type]
    return state


def test_bu7_the_wastebasket_tops_one_hamburger_after_the_end():
    """BU-7: after the end, Ann flips her wastebasket as the top bun of one hamburger:
    Ann 1, Ben 1 hamburger: a tie on points and rats, shared (BU-8)."""
    state = _ended_state()
    assert state.over
    assert rules.winners(state) == ["Ben"]
    after = rules.last_top_buns(state, ["ann"])
    assert dict(after.hamburgers) == {"Ann": 1, "Ben": 1}
    assert rules.scores(after) == {"Ann": 1, "Ben": 1}
    assert rules.winners(after) == ["Ann", "Ben"]
    result = rules.result(rules.replay(parse_record(json.dumps(_ENDED)))[0], after)
    assert result["top_buns"] == ["Ann"] and result["winners"] == ["Ann", "Ben"]
    assert "Wastebasket top buns: Ann (BU-7)" in explain.game_text(result, ["Ann", "Ben"])
    with pytest.raises(RuleError, match="BU-7 has one wastebasket card"):
        rules.last_top_buns(after, ["Ann"])


def test_bu7_only_after_the_end():
    """BU-7: during the game the wastebasket card is no top bun."""
    two = ["Ann", "Ben"]
    _, state = rules.replay(parse_record(json.dumps(record(two, [rnd(deal(2), all_play(two))]))))  # type: ignore[arg-type]
    with pytest.raises(RuleError) as info:
        rules.last_top_buns(state, ["Ann"])
    assert str(info.value) == (
        "round 2: BU-7 the wastebasket card becomes a top bun only after the end of the game"
    )


def test_bu7_the_result_tells_players_after_the_end():
    """BU-7: a finished game's result reminds players of the last top bun."""
    two = ["Ann", "Ben"]
    got = told(record(two, [rnd(deal(2), all_play(two), complete={"Ben": 1})], draw_pile=4))
    assert any("BU-7" in note for note in got["notes"])
    assert "BU-7" in got["rounds"][0]["rulings"]


# ---------------------------------------------------------------- BU-8


def _tied_game(**setup) -> dict:
    """Ann and Ben finish one hamburger each; Ben takes deck 0 with its rat. 5 cards in
    the draw pile: the game ends after round 1."""
    two = ["Ann", "Ben"]
    return record(two, [rnd(deal(2, rats=1), all_play(two), complete={"Ann": 1, "Ben": 1})], draw_pile=5, **setup)


def test_bu8_default_house_rule_one_point_per_hamburger_tie_to_fewer_rats():
    """BU-8 (house rule default 1 / 0): 1–1 on points, Ann has fewer rat tokens and wins;
    the result says the scoring is a house rule."""
    got = told(_tied_game())
    assert got["scores"] == {"Ann": 1, "Ben": 1}
    assert got["rats"] == {"Ben": 1}
    assert got["winners"] == ["Ann"]
    assert got["scoring"]["house_rule"] is True
    assert got["scoring"]["explanation"].startswith(
        "Scoring is a house rule (BU-8): the rule texts give none."
    )
    assert got["notes"][0] == "Scoring is a house rule (BU-8): the rule texts give none."
    assert "house rule" in got["explanation"] and "fewer rat tokens" in got["explanation"]


def test_bu8_rat_tokens_may_cost_points():
    """BU-8: scoring {"rat": -1} (hamburger keeps its default 1): Ann 1, Ben 0."""
    got = told(_tied_game(scoring={"rat": -1}))
    assert got["scores"] == {"Ann": 1, "Ben": 0}
    assert got["winners"] == ["Ann"]
    got = told(_tied_game(scoring={"hamburger": 3, "rat": -2}))
    assert got["scores"] == {"Ann": 3, "Ben": 1}
    assert "3 points per complete hamburger, -2 points per rat token" in got["scoring"]["explanation"]


def test_bu8_a_tie_with_equal_rats_is_shared():
    """BU-8: equal points and equal rat tokens share the win (seat order)."""
    two = ["Ann", "Ben"]
    rec = record(two, [rnd(deal(2), all_play(two), complete={"Ann": 1, "Ben": 1})], draw_pile=4)
    got = told(rec)
    assert got["winners"] == ["Ann", "Ben"]
    assert "share the win" in got["explanation"] and "house rule" in got["explanation"]


def test_bu8_scores_while_in_progress_have_no_winners():
    """BU-8: scores are shown as the game goes; winners only once it is over."""
    got = told(record(["Ann", "Ben"], [rnd(deal(2), all_play(["Ann", "Ben"]), complete={"Ben": 1})]))
    assert got["scores"] == {"Ann": 0, "Ben": 1}
    assert got["winners"] == [] and got["game_over"] is False
    assert "house rule" in got["explanation"]


def test_bu3_the_default_tool_cards_are_labelled_a_house_rule():
    """BU-3: 2 tongs + 1 tease is a house rule default; the result says so."""
    two = ["Ann", "Ben"]
    got = told(record(two, []))
    assert ("Tool cards: 2 tongs + 1 tease per player is a house rule (BU-3): the rule texts do not give the number."
            in got["notes"])
    got = told(record(two, [], tools={"tease": 2}))
    assert "Tool cards: 2 tongs + 2 tease per player, set at setup (BU-3)." in got["notes"]
