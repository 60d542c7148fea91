"""Hot Dog, one hand-worked test (or more) per ruling HD-1…HD-17.

Each test names its ruling and asserts the whole outcome a player would check:
the served order, why each bid went where it did (the rules' facts, and the sentence
a player reads of them, worded by ``present``), the money and the tables."""

from __future__ import annotations

import pytest

from companion.core.errors import RuleError
from companion.games.hotdog import explain
from companion.games.hotdog.rules import (
    cash_cards,
    check_round,
    neutral_tables,
    next_game_mustard,
    play_round,
    start,
)
from companion.games.hotdog.rules import why as why_of
from tests.hotdog.helpers import a_round, bid, order, paid, play, record, said, why

ABC = ["Anna", "Bernd", "Chris"]


# ---------------------------------------------------------------- setup


def test_hd1_names_are_trimmed_and_kept_in_seating_order():
    result = play(["  Anna ", "Bernd", "Chris  "], [bid("Anna", 5, 1), bid(" Bernd", 5, 1), bid("chris", 5, 1)])
    assert list(result["money"]) == ABC
    assert [s["player"] for s in result["rounds"][0]["steps"]] == ABC  # equal prices: clockwise from Anna


@pytest.mark.parametrize(
    "players, message",
    [
        (["Anna"], "setup: HD-1 2–5 players, not 1"),
        (["A", "B", "C", "D", "E", "F"], "setup: HD-1 2–5 players, not 6"),
        (["Anna", "anna "],
         "setup: HD-1 'anna' and 'Anna' look the same: give each player a name the table can tell apart"),
        (["Anna", "   "], "setup: HD-1 a player's name is empty"),
        (["Anna", "x" * 25], "setup: HD-1 the name 'xxxxxxxxxxxxxxxxxxxxxxxx…' is 25 characters long (at most 24)"),
    ],
)
def test_hd1_players_refused(players, message):
    with pytest.raises(RuleError) as err:
        play(players)
    assert str(err.value) == message
    assert err.value.ruling == "HD-1"


def test_hd1_a_24_character_name_is_fine():
    assert play(["Anna", "y" * 24])["money"] == {"Anna": 3, "y" * 24: 3}


def test_hd2_tables_by_player_count():
    assert neutral_tables(2) == neutral_tables(3) == (5, 7)
    assert neutral_tables(4) == neutral_tables(5) == (5, 7, 9)
    r3 = play(ABC, [bid("Anna", 7, 1), bid("Bernd", 7, 1), bid("Chris", 7, 1)])
    assert list(r3["rounds"][0]["tables"]) == ["5", "7"]
    r4 = play(ABC + ["Dora"], [bid("Anna", 9, 1), bid("Bernd", 9, 1), bid("Chris", 9, 1), bid("Dora", 9, 1)])
    assert r4["rounds"][0]["tables"] == {"5": {}, "7": {}, "9": {"Anna": 1, "Bernd": 1, "Chris": 1, "Dora": 1}}


def test_hd2_no_9_table_for_three_players():
    with pytest.raises(RuleError) as err:
        play(ABC, [bid("Anna", 9, 1), bid("Bernd", 5, 1), bid("Chris", 5, 1)])
    assert str(err.value) == "round 1: Anna: HD-6 there is no 9 table with 3 players (tables: 5 and 7; HD-2)"


def test_hd3_everyone_starts_with_3_dollars_unless_the_record_says_otherwise():
    assert play(ABC)["money"] == {"Anna": 3, "Bernd": 3, "Chris": 3}
    assert play(ABC, money={"Bernd": 7})["money"] == {"Anna": 3, "Bernd": 7, "Chris": 3}


def test_hd4_mustard_defaults_to_the_first_seat_and_can_be_chosen():
    r = play(ABC, [bid("Anna", 5, 1), bid("Bernd", 5, 1), bid("Chris", 5, 1)])
    assert r["rounds"][0]["mustard"] == "Anna"
    r = play(ABC, [bid("Anna", 5, 1), bid("Bernd", 5, 1), bid("Chris", 5, 1)], mustard="chris")
    assert r["rounds"][0]["mustard"] == "Chris"
    assert [s["player"] for s in r["rounds"][0]["steps"]] == ["Chris", "Anna", "Bernd"]


def test_hd4_unknown_mustard_holder_refused():
    with pytest.raises(RuleError) as err:
        play(ABC, mustard="Zoë")
    assert str(err.value) == "setup: Zoë: HD-4 the mustard holder 'Zoë' is not a player (players: Anna, Bernd, Chris)"


def test_hd5_a_bid_is_its_total_of_hot_dogs():
    """Frank's 2 + 3 hot dog cards are one bid of 5 hot dogs (the rulebook's example)."""
    r = play(["Frank", "Gina"], [bid("Frank", 7, 5), bid("Gina", 5, 1)])
    assert r["rounds"][0]["tables"] == {"5": {"Gina": 1}, "7": {"Frank": 5}}


# ---------------------------------------------------------------- HD-6 refusals


@pytest.mark.parametrize(
    "bids, message",
    [
        ([bid("Anna", 5, 3, 4), bid("Bernd", 5, 1), bid("Chris", 5, 1)],
         "round 1: Anna: HD-6 dollars (4) exceed hot dogs (3): the price may not fall below zero"),
        ([bid("Anna", 5, 5, 4), bid("Bernd", 5, 1), bid("Chris", 5, 1)],
         "round 1: Anna: HD-6 dollars (4) exceed the player's money ($3)"),
        ([bid("Anna", 6, 1), bid("Bernd", 5, 1), bid("Chris", 5, 1)],
         "round 1: Anna: HD-6 there is no 6 table with 3 players (tables: 5 and 7; HD-2)"),
        ([bid("Anna", 5, 1), bid("Dora", 5, 1), bid("Chris", 5, 1)],
         "round 1: Dora: HD-6 'Dora' is not a player (players: Anna, Bernd, Chris)"),
        ([bid("Anna", 5, 1), bid("Chris", 5, 1)],
         "round 1: Bernd: HD-6 has no bid: every player bids every round"),
        ([bid("Anna", 5, 1), bid("Bernd", 5, 1), bid("anna", 7, 1)],
         "round 1: Anna: HD-6 bids twice in one round"),
    ],
)
def test_hd6_refused_bids_name_the_player_and_the_rule(bids, message):
    with pytest.raises(RuleError) as err:
        play(ABC, bids)
    assert str(err.value) == message
    assert err.value.ruling == "HD-6" and err.value.round == 1


def test_hd6_a_refused_round_changes_nothing():
    state = start(record(ABC))
    before = (dict(state.money), {t: dict(v) for t, v in state.lying.items()}, state.mustard)
    bad = a_round(bid("Anna", 5, 2, 3), bid("Bernd", 5, 1), bid("Chris", 5, 1))
    err = check_round(state, bad)
    assert isinstance(err, RuleError) and err.ruling == "HD-6" and err.player == "Anna"
    with pytest.raises(RuleError):
        play_round(state, bad)
    assert (dict(state.money), {t: dict(v) for t, v in state.lying.items()}, state.mustard) == before
    assert state.rounds_played == 0


def test_hd6_money_limit_is_the_money_at_the_start_of_the_round():
    """Bernd paid $2 in round 1 ($1 left) and may not bid $2 in round 2."""
    with pytest.raises(RuleError) as err:
        play(ABC,
             [bid("Anna", 7, 1), bid("Bernd", 5, 3, 2), bid("Chris", 7, 1)],
             [bid("Anna", 7, 1), bid("Bernd", 7, 2, 2), bid("Chris", 7, 1)])
    assert str(err.value) == "round 2: Bernd: HD-6 dollars (2) exceed the player's money ($1)"


# ---------------------------------------------------------------- HD-7 order


def test_hd7_rulebook_prices_example():
    """The rulebook's example: Bernd $1, Chris $2, Anna $3 at the 5 table; Anna's 5 do not fit."""
    r = play(ABC, [bid("Anna", 5, 5, 2), bid("Bernd", 5, 2, 1), bid("Chris", 5, 2)])["rounds"][0]
    assert order(r) == [(5, "Bernd", "sold", None), (5, "Chris", "sold", None), (5, "Anna", "returned", "no room")]
    assert [s["price"] for s in r["steps"]] == [1, 2, 3]
    assert why(r, 0) == {"place": 1, "alone": False, "tied": (), "after": None, "free": 5, "last": False,
                         "filled": False}
    assert why(r, 2) == {"place": 3, "alone": False, "tied": (), "after": "Chris", "free": 1, "last": False,
                         "filled": False}
    assert said(r, 0) == (
        "Bernd sells first at the 5 table: price $1 (2 hot dogs − $1), the lowest (HD-7). "
        "2 hot dogs placed, $1 to the bank (HD-9)."
    )
    assert said(r, 2) == (
        "Anna comes third at the 5 table: price $3 (5 hot dogs − $2), above Chris's $2 (HD-7). "
        "Anna takes back 5 hot dogs and $2: only 1 place left (HD-8)."
    )
    assert r["money"] == {"Anna": 3, "Bernd": 2, "Chris": 3}
    assert r["tables"] == {"5": {"Bernd": 2, "Chris": 2}, "7": {}}
    assert r["payouts"] == []


def test_hd7_tables_are_served_5_then_7_then_9_whatever_the_bid_order():
    r = play(ABC + ["Dora"],
             [bid("Anna", 9, 1), bid("Bernd", 7, 1), bid("Chris", 5, 4), bid("Dora", 9, 1, 1)])["rounds"][0]
    assert [(s["table"], s["player"]) for s in r["steps"]] == [(5, "Chris"), (7, "Bernd"), (9, "Dora"), (9, "Anna")]


def test_hd7_tie_among_five_with_the_mustard_holder_in_the_middle():
    """Five players, Chris holds the mustard; all price $1 at the 9 table:
    clockwise from Chris — Chris, Dora, Emil, Anna, Bernd."""
    five = ["Anna", "Bernd", "Chris", "Dora", "Emil"]
    r = play(five, [bid(p, 9, 2, 1) for p in five], mustard="Chris")["rounds"][0]
    assert [s["player"] for s in r["steps"]] == ["Chris", "Dora", "Emil", "Anna", "Bernd"]
    # 2+2+2+2 = 8 placed; Bernd's 2 do not fit the last place
    assert [s["outcome"] for s in r["steps"]] == ["sold"] * 4 + ["returned"]
    assert r["steps"][4]["reason"] == "no room"
    assert why_of(r)[0]["tied"] == ("Dora", "Emil", "Anna", "Bernd")
    assert "equal prices go clockwise from the mustard holder Chris (HD-7)" in said(r, 0)
    assert r["tables"]["9"] == {"Anna": 2, "Chris": 2, "Dora": 2, "Emil": 2}
    assert r["money"] == {"Anna": 2, "Bernd": 3, "Chris": 2, "Dora": 2, "Emil": 2}


def test_hd7_tie_among_four_with_mixed_prices():
    """Four players, Bernd holds the mustard: Dora and Anna tie at $0, Chris and Bernd at $1."""
    four = ["Anna", "Bernd", "Chris", "Dora"]
    r = play(four, [bid("Anna", 7, 1, 1), bid("Bernd", 7, 2, 1), bid("Chris", 7, 2, 1), bid("Dora", 7, 2, 2)],
             mustard="Bernd")["rounds"][0]
    assert [(s["player"], s["price"]) for s in r["steps"]] == [("Dora", 0), ("Anna", 0), ("Bernd", 1), ("Chris", 1)]
    assert all(s["outcome"] == "sold" for s in r["steps"])
    assert r["payouts"] and paid(r) == [(7, "Anna", 1), (7, "Bernd", 2), (7, "Chris", 2), (7, "Dora", 2)]


# ---------------------------------------------------------------- HD-8 placement


def test_hd8_smaller_bid_fits_after_a_larger_one_failed():
    """The rulebook's mustard example: Bernd 3 placed, Chris's 3 return, Anna's 2 still fit."""
    r = play(ABC, [bid("Anna", 5, 2), bid("Bernd", 5, 3, 2), bid("Chris", 5, 3, 2)], mustard="Anna")["rounds"][0]
    assert order(r) == [(5, "Bernd", "sold", None), (5, "Chris", "returned", "no room"), (5, "Anna", "sold", None)]
    assert why_of(r)[1]["tied"] == ("Bernd",) and why_of(r)[1]["free"] == 2
    assert said(r, 1) == (
        "Chris comes second at the 5 table: price $1 (3 hot dogs − $2), tied with Bernd: equal prices go "
        "clockwise from the mustard holder Anna (HD-7). Chris takes back 3 hot dogs and $2: only 2 places left (HD-8)."
    )
    assert paid(r) == [(5, "Anna", 2), (5, "Bernd", 3)]
    assert r["money"] == {"Anna": 5, "Bernd": 4, "Chris": 3}
    assert r["tables"] == {"5": {}, "7": {}}


def test_hd8_hot_dogs_stay_at_a_table_across_rounds():
    r = play(ABC,
             [bid("Anna", 7, 3), bid("Bernd", 7, 2), bid("Chris", 5, 1)],
             [bid("Anna", 7, 3), bid("Bernd", 5, 1), bid("Chris", 5, 2)])
    assert r["rounds"][0]["tables"] == {"5": {"Chris": 1}, "7": {"Anna": 3, "Bernd": 2}}
    # round 2: only 2 places left at the 7 table: Anna's 3 go back whole (no partial placement)
    assert order(r["rounds"][1]) == [
        (5, "Bernd", "sold", None), (5, "Chris", "sold", None), (7, "Anna", "returned", "no room")]
    assert r["rounds"][1]["tables"] == {"5": {"Bernd": 1, "Chris": 3}, "7": {"Anna": 3, "Bernd": 2}}


def test_hd8_hot_dogs_already_lying_before_round_1():
    r = play(ABC, [bid("Anna", 5, 2), bid("Bernd", 7, 1), bid("Chris", 7, 1)], tables={"5": {"Bernd": 3, "Anna": 0}})
    assert paid(r["rounds"][0]) == [(5, "Anna", 2), (5, "Bernd", 3)]


def test_hd8_a_starting_table_must_be_below_its_value():
    with pytest.raises(RuleError) as err:
        play(ABC, tables={"7": {"Anna": 4, "Bernd": 3}})
    assert err.value.ruling == "HD-10"


# ---------------------------------------------------------------- HD-9 dollars


def test_hd9_dollars_go_to_the_bank_only_when_sold():
    r = play(ABC, [bid("Anna", 5, 5, 2), bid("Bernd", 5, 3, 3), bid("Chris", 7, 2, 1)])["rounds"][0]
    # Bernd $0 first (3 placed, pays 3); Anna's 5 don't fit: keeps her $2; Chris pays $1
    assert order(r) == [(5, "Bernd", "sold", None), (5, "Anna", "returned", "no room"), (7, "Chris", "sold", None)]
    assert r["money"] == {"Anna": 3, "Bernd": 0, "Chris": 2}


# ---------------------------------------------------------------- HD-10 full tables


def test_hd10_a_table_filled_by_a_later_round_pays_for_hot_dogs_placed_earlier():
    r = play(ABC,
             [bid("Anna", 5, 2), bid("Bernd", 5, 2), bid("Chris", 7, 1)],
             [bid("Anna", 7, 1), bid("Bernd", 7, 1), bid("Chris", 5, 1)])
    assert r["rounds"][0]["payouts"] == [] and r["rounds"][0]["tables"]["5"] == {"Anna": 2, "Bernd": 2}
    second = r["rounds"][1]
    assert paid(second) == [(5, "Anna", 2), (5, "Bernd", 2), (5, "Chris", 1)]
    assert second["tables"] == {"5": {}, "7": {"Anna": 1, "Bernd": 1, "Chris": 1}}
    assert second["money"] == {"Anna": 5, "Bernd": 5, "Chris": 4}
    assert second["full"] == [5]
    assert explain.payout_text(second["payouts"][0]) == "The 5 table is full: Anna gets $2 for 2 hot dogs (HD-10)."


def test_hd10_table_full_for_the_rest_of_the_round():
    """Anna fills the 5 table (5 hot dogs − $3 = $2); Chris (4 hot dogs − $1 = $3) comes
    after her and is turned away although... nothing could fit anyway: the reason
    a player reads is "table full", the first that applies (contract)."""
    r = play(ABC,
             [bid("Anna", 5, 5, 3), bid("Bernd", 7, 1), bid("Chris", 5, 4, 1)],
             [bid("Anna", 5, 1), bid("Bernd", 7, 1), bid("Chris", 5, 1)])
    first = r["rounds"][0]
    assert order(first) == [(5, "Anna", "sold", None), (5, "Chris", "returned", "table full"),
                            (7, "Bernd", "sold", None)]
    assert paid(first) == [(5, "Anna", 5)]
    assert first["money"] == {"Anna": 3 - 3 + 5, "Bernd": 3, "Chris": 3}
    assert why_of(first)[0]["filled"] and why_of(first)[1]["rulings"] == ("HD-7", "HD-10")
    assert said(first, 1).endswith(
        "Chris takes back 4 hot dogs and $1: the 5 table filled earlier this round (HD-10).")
    # next round the emptied 5 table takes hot dogs again
    assert r["rounds"][1]["tables"]["5"] == {"Anna": 1, "Chris": 1}


def test_hd10_payouts_are_in_table_order_then_seat_order():
    four = ["Anna", "Bernd", "Chris", "Dora"]
    r = play(four, [bid("Dora", 5, 3), bid("Anna", 5, 2), bid("Chris", 7, 7), bid("Bernd", 9, 1)])["rounds"][0]
    assert paid(r) == [(5, "Anna", 2), (5, "Dora", 3), (7, "Chris", 7)]
    assert r["full"] == [5, 7]
    assert explain.round_notes(r)[0] == "The 5 table is full: it pays Anna $2, Dora $3 and is cleared (HD-10)."


# ---------------------------------------------------------------- HD-11


def test_hd11_only_a_full_table_pays_not_the_misprinted_example():
    """The rulebook's full-table example pays Chris at a 7 table that is not full:
    a misprint. Anna fills the 5 table and is paid; Chris's 2 at the 7 table are not."""
    r = play(ABC, [bid("Anna", 5, 5), bid("Bernd", 7, 1), bid("Chris", 7, 1)],
             tables={"7": {"Chris": 1}})["rounds"][0]
    assert paid(r) == [(5, "Anna", 5)]
    assert r["tables"]["7"] == {"Bernd": 1, "Chris": 2}
    assert r["money"] == {"Anna": 8, "Bernd": 3, "Chris": 3}


# ---------------------------------------------------------------- HD-12 / HD-13


def test_hd12_unannounced_last_hot_dogs_go_back_even_with_room():
    r = play(ABC, [bid("Anna", 7, 2, 1, last=True, announced=False), bid("Bernd", 5, 1), bid("Chris", 5, 1)])
    step = r["rounds"][0]["steps"][2]
    assert (step["player"], step["outcome"], step["reason"]) == ("Anna", "returned", "not announced")
    why = why_of(r["rounds"][0])[2]
    assert why["last"] and why["rulings"] == ("HD-7", "HD-12")
    assert said(r["rounds"][0], 2).endswith("Anna takes back 2 hot dogs and $1: last hot dogs not announced (HD-12).")
    assert r["rounds"][0]["finished"] == [] and r["game_over"] is False
    assert r["money"]["Anna"] == 3


def test_hd12_reason_order_table_full_before_not_announced_before_no_room():
    r = play(ABC, [bid("Anna", 5, 5), bid("Bernd", 5, 1, 0, last=True, announced=False),
                   bid("Chris", 7, 9, 0, last=True, announced=False)])["rounds"][0]
    assert order(r) == [(5, "Bernd", "returned", "not announced"), (5, "Anna", "sold", None),
                        (7, "Chris", "returned", "not announced")]
    r = play(ABC, [bid("Anna", 5, 5, 5), bid("Bernd", 5, 1, 0, last=True, announced=False),
                   bid("Chris", 7, 9)], money={"Anna": 5})["rounds"][0]
    assert order(r) == [(5, "Anna", "sold", None), (5, "Bernd", "returned", "table full"),
                        (7, "Chris", "returned", "no room")]


def test_hd13_game_ends_after_announced_last_hot_dogs_are_placed():
    """Chris places his last hot dog at the 7 table (not full); Anna fills the 5 table in the same round:
    the 5 table pays; the 7 table pays nothing. Winners by money."""
    r = play(ABC,
             [bid("Anna", 7, 3), bid("Bernd", 7, 1), bid("Chris", 5, 1)],
             [bid("Anna", 5, 4, 1), bid("Bernd", 7, 1), bid("Chris", 7, 1, 0, last=True)])
    last = r["rounds"][1]
    assert last["finished"] == ["Chris"]
    assert paid(last) == [(5, "Anna", 4), (5, "Chris", 1)]
    assert last["tables"] == {"5": {}, "7": {"Anna": 3, "Bernd": 2, "Chris": 1}}
    assert last["next_mustard"] is None
    assert r["game_over"] is True
    assert r["money"] == {"Anna": 6, "Bernd": 3, "Chris": 4}
    assert r["winners"] == ["Anna"]
    assert explain.game_text(r) == "Game over after round 2: Anna wins with $6 (HD-15)."
    assert "Game over: Chris placed the last hot dogs; only full tables paid (HD-13)." in explain.round_notes(last)


def test_hd13_last_hot_dogs_that_do_not_fit_do_not_end_the_game():
    r = play(ABC, [bid("Anna", 5, 4, 2), bid("Bernd", 5, 3, 0, last=True), bid("Chris", 7, 1)])
    assert r["rounds"][0]["steps"][1]["reason"] == "no room"
    assert r["game_over"] is False and r["winners"] == []


def test_hd13_two_players_finish_in_the_same_round():
    r = play(ABC, [bid("Anna", 5, 1, last=True), bid("Bernd", 7, 1), bid("Chris", 7, 1, last=True)])
    assert r["rounds"][0]["finished"] == ["Anna", "Chris"]
    assert r["money"] == {"Anna": 3, "Bernd": 3, "Chris": 3}
    assert r["winners"] == ABC


def test_hd13_no_round_after_the_end():
    with pytest.raises(RuleError) as err:
        play(ABC, [bid("Anna", 5, 1, last=True), bid("Bernd", 7, 1), bid("Chris", 7, 1)],
             [bid("Anna", 5, 1), bid("Bernd", 7, 1), bid("Chris", 7, 1)])
    assert str(err.value) == "round 2: HD-13 the game ended after round 1"


# ---------------------------------------------------------------- HD-14 / HD-15


def test_hd14_mustard_passes_to_the_left_every_round_and_wraps():
    rounds = [[bid("Anna", 7, 1), bid("Bernd", 7, 1), bid("Chris", 5, 1)]] * 4
    r = play(ABC, *rounds, mustard="Bernd")
    assert [x["mustard"] for x in r["rounds"]] == ["Bernd", "Chris", "Anna", "Bernd"]
    assert r["rounds"][0]["next_mustard"] == "Chris"
    assert explain.round_notes(r["rounds"][0])[-1] == "The mustard card passes to Chris (HD-14)."


def test_hd15_equal_dollars_share_the_win():
    r = play(ABC, [bid("Anna", 5, 1, last=True), bid("Bernd", 7, 2, 1), bid("Chris", 7, 1)])
    assert r["money"] == {"Anna": 3, "Bernd": 2, "Chris": 3}
    assert r["winners"] == ["Anna", "Chris"]
    assert explain.game_text(r) == "Game over after round 1: Anna and Chris share the win with $3 each (HD-15)."


# ---------------------------------------------------------------- HD-16


@pytest.mark.parametrize(
    "amount, cards",
    [(0, {10: 0, 5: 0, 1: 0}), (4, {10: 0, 5: 0, 1: 4}), (5, {10: 0, 5: 1, 1: 0}),
     (9, {10: 0, 5: 1, 1: 4}), (10, {10: 1, 5: 0, 1: 0}), (23, {10: 2, 5: 0, 1: 3}),
     (39, {10: 3, 5: 1, 1: 4})],
)
def test_hd16_cash_cards(amount, cards):
    assert cash_cards(amount) == cards
    assert sum(v * n for v, n in cards.items()) == amount


def test_hd16_cash_cards_stay_within_the_cash_box_limits():
    for amount in range(0, 500):
        cards = cash_cards(amount)
        assert cards[1] <= 5 and cards[5] <= 2
        assert 10 * cards[10] + 5 * cards[5] + cards[1] == amount


# ---------------------------------------------------------------- HD-17


def test_hd17_next_game_starts_one_seat_clockwise_from_the_last_start():
    assert next_game_mustard(ABC, "Anna") == "Bernd"
    assert next_game_mustard(ABC, "Chris") == "Anna"
