"""Invariants over thousands of random legal Hot Dog games (hypothesis)."""

from __future__ import annotations

import itertools
import json

from hypothesis import given, settings

from companion.core.registry import parse_record
from companion.games.hotdog.rules import referee, start, why
from tests.hotdog.strategies import games

SETTINGS = settings(deadline=None)  # the profile's number of examples (tests/conftest.py)


@SETTINGS
@given(games())
def test_money_is_never_negative_and_equals_start_plus_payouts_minus_dollars_paid(record):
    result = referee(record)
    money = dict(start(record).money)
    for rnd in result["rounds"]:
        for step in rnd["steps"]:
            if step["outcome"] == "sold":
                money[step["player"]] -= step["dollars"]
        for pay in rnd["payouts"]:
            money[pay["player"]] += pay["dollars"]
        assert rnd["money"] == money
        assert all(v >= 0 for v in rnd["money"].values())
    assert result["money"] == money


@SETTINGS
@given(games())
def test_hot_dogs_are_conserved_and_no_table_is_ever_over_its_value(record):
    """Lying before + placed this round = lying after + paid out (HD-8, HD-10)."""
    state = start(record)
    lying = {str(t): dict(v) for t, v in state.lying.items()}
    for rnd in referee(record)["rounds"]:
        for t, per in rnd["tables"].items():
            value = int(t)
            placed = sum(s["hotdogs"] for s in rnd["steps"] if s["table"] == value and s["outcome"] == "sold")
            paid = sum(p["dollars"] for p in rnd["payouts"] if p["table"] == value)   # $1 a hot dog (HD-10)
            assert sum(lying[t].values()) + placed == sum(per.values()) + paid
            assert sum(per.values()) < value  # a table at its value is cleared
            assert paid in (0, value)  # a table pays exactly when it is full
            if paid:
                assert per == {}
        lying = {t: dict(v) for t, v in rnd["tables"].items()}


@SETTINGS
@given(games())
def test_a_table_is_cleared_exactly_when_it_is_full_and_then_refuses_the_rest(record):
    for rnd in referee(record)["rounds"]:
        full_at: dict[int, int] = {}
        whys = why(rnd)
        for i, step in enumerate(rnd["steps"]):
            if step["table"] in full_at:
                assert step["outcome"] == "returned" and step["reason"] == "table full"
            if step["outcome"] == "sold" and "HD-10" in whys[i]["rulings"]:
                assert whys[i]["filled"]
                full_at[step["table"]] = i
        assert sorted(full_at) == sorted({p["table"] for p in rnd["payouts"]}) == rnd["full"]


@SETTINGS
@given(games())
def test_order_is_by_table_then_price(record):
    for rnd in referee(record)["rounds"]:
        keys = [(s["table"], s["price"]) for s in rnd["steps"]]
        assert keys == sorted(keys)
        assert all(s["price"] == s["hotdogs"] - s["dollars"] >= 0 for s in rnd["steps"])


@SETTINGS
@given(games())
def test_mustard_moves_one_seat_per_round(record):
    players = list(record["players"])
    rounds = referee(record)["rounds"]
    for a, b in itertools.pairwise(rounds):
        assert players.index(b["mustard"]) == (players.index(a["mustard"]) + 1) % len(players)


@SETTINGS
@given(games())
def test_game_is_over_exactly_when_someone_placed_announced_last_hot_dogs(record):
    result = referee(record)
    for i, rnd in enumerate(result["rounds"]):
        bids = record["rounds"][i]["bids"]
        placed_last = [s["player"] for s in rnd["steps"] if s["outcome"] == "sold" and any(
            b["player"] == s["player"] and b["last"] and b["announced"] for b in bids)]
        assert sorted(rnd["finished"]) == sorted(placed_last)
        is_last = i == len(result["rounds"]) - 1
        assert bool(rnd["finished"]) == (is_last and result["game_over"])
    assert bool(result["winners"]) == result["game_over"]


@SETTINGS
@given(games())
def test_prefix_consistency(record):
    """The result of the first k rounds is the first k rounds of the whole result."""
    whole = referee(record)
    for k in range(len(record["rounds"]) + 1):
        part = referee({**record, "rounds": record["rounds"][:k]})
        assert part["rounds"] == whole["rounds"][:k]


@SETTINGS
@given(games())
def test_record_survives_json_round_trip(record):
    again = parse_record(json.dumps(record))
    assert again == record
    assert referee(again) == referee(record)
