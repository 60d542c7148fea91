"""Hot Dog's own statistics from a known record: how often each player's bid was sold
or returned and why (HD-8, HD-10, HD-12), the average price of a sold bid (HD-7) and
the dollars it paid (HD-9), the tables chosen (HD-2), and the money over the rounds."""

from __future__ import annotations

import json

from companion.core import registry
from companion.games.hotdog.stats import STATS, Bids, Facts, counts, facts, sections, series
from companion.tallies import stats
from companion.tallies.stats import STATS_PART


def bid(player: str, table: int, hotdogs: int, dollars: int = 0, **flags: bool) -> dict:
    return {"player": player, "table": table, "hotdogs": hotdogs, "dollars": dollars, **flags}


# Three players: tables 5 and 7 (HD-2); everyone starts with $3 (HD-3); Anna holds the mustard.
RECORD = {"game": "hotdog", "players": ["Anna", "Bernd", "Chris"], "rounds": [
    # Anna (price 2) sells first at the 5 table; Bernd's 3 no longer fit: returned, no room
    # (HD-8); Chris sells 2 at the 7 table for $2 (price 0).
    {"bids": [bid("Anna", 5, 3, 1), bid("Bernd", 5, 3), bid("Chris", 7, 2, 2)]},
    # Bernd and Anna both at price 2: clockwise from Bernd, the mustard holder (HD-7, HD-14);
    # Bernd's 2 fill the 5 table (HD-10), so Anna's bid goes back: table full; Chris's last
    # hot dogs were not announced: returned (HD-12).
    {"bids": [bid("Anna", 5, 2), bid("Bernd", 5, 2), bid("Chris", 7, 4, last=True, announced=False)]},
    # Anna and Bernd sell at the 5 table; Chris's last 5, announced, fill the 7 table and end
    # the game (HD-13).
    {"bids": [bid("Anna", 5, 1), bid("Bernd", 5, 2, 1), bid("Chris", 7, 5, last=True, announced=True)]},
]}


def refereed(record: dict) -> tuple:
    typed = registry.parse_record(json.dumps(record))
    return typed, registry.referee(typed)


def test_the_games_stats_part_is_declared():
    assert registry.part("hotdog", STATS_PART) is STATS
    assert "hotdog" in registry.games_with(STATS_PART)


def test_bids_sold_and_returned_with_their_reasons_prices_and_tables():
    got = facts(*refereed(RECORD))
    assert dict(got.bids) == {
        # sold rounds 1 and 3 (prices 2 and 1, $1 paid); returned round 2: table full (HD-10)
        "Anna": Bids(bids=3, sold=2, returned=(0, 1, 0), prices=3, paid=1, tables=((5, 3),)),
        # sold rounds 2 and 3 (prices 2 and 1, $1 paid); returned round 1: no room (HD-8)
        "Bernd": Bids(bids=3, sold=2, returned=(1, 0, 0), prices=3, paid=1, tables=((5, 3),)),
        # sold rounds 1 and 3 (prices 0 and 5, $2 paid); returned round 2: not announced (HD-12)
        "Chris": Bids(bids=3, sold=2, returned=(0, 0, 1), prices=5, paid=2, tables=((7, 3),)),
    }
    # $3 each at the start (HD-3); Anna pays $1 (HD-9), gets $3 at the full 5 table (HD-10)…
    assert dict(got.money) == {"Anna": (3, 2, 5, 5), "Bernd": (3, 3, 5, 4), "Chris": (3, 1, 1, 8)}


def played(match_id: int, record: dict) -> stats.GamePlayed:
    row = stats.derive(match_id, "hotdog", record["players"], [record], 0.0, STATS)
    (game,) = row.games
    return game


def test_what_a_game_keeps_adds_up_whole_numbers_per_player_and_its_money():
    typed, result = refereed(RECORD)
    got = counts(typed, result)
    assert got["Anna"] == {"bids": 3, "sold": 2, "prices": 3, "paid": 1, "returned_no_room": 0,
                           "returned_table_full": 1, "returned_not_announced": 0, "table_5": 3}
    assert got["Chris"]["returned_not_announced"] == 1 and got["Chris"]["table_7"] == 3
    assert dict(series(typed, result)) == {"Anna": (3, 2, 5, 5), "Bernd": (3, 3, 5, 4), "Chris": (3, 1, 1, 8)}
    assert json.loads(json.dumps(got)) == got               # kept in the store as JSON


def test_sections_add_up_every_chosen_game_and_word_it():
    first, second = played(1, RECORD), played(2, RECORD)
    chart = stats.Chart(2, 1, 0.0, second.series, 0, 2)
    sold, prices, tables, money = sections(stats.own([first, second], chart))
    assert isinstance(sold, stats.Table) and "HD-8" in sold.note and "HD-10" in sold.note and "HD-12" in sold.note
    rows = {r[0]: r[1:] for r in sold.rows}
    assert rows["Bernd"] == ("6", "4 (67%)", "2 (33%)", "2", "0", "0")
    assert rows["Chris"] == ("6", "4 (67%)", "2 (33%)", "0", "0", "2")
    assert isinstance(prices, stats.Table) and "HD-7" in prices.note and "HD-9" in prices.note
    assert {r[0]: r[1:] for r in prices.rows}["Chris"] == ("4", "$2.50", "$1.00")   # prices 0+5 and $2 paid, twice
    assert isinstance(tables, stats.Table) and tables.columns == ("Player", "5 table", "7 table")
    assert {r[0]: r[1:] for r in tables.rows}["Anna"] == ("6 (100%)", "0 (0%)")
    assert isinstance(money, stats.Lines) and money.title.endswith("match 2, game 1")
    assert dict(money.series)["Chris"] == (3, 1, 1, 8)
    assert money.value_text(8) == "$8" and money.axis == "Round" and money.from_start   # the chart's axes


def test_no_hot_dog_game_no_sections_and_no_chart_without_one():
    assert sections(stats.Own(())) == []
    other = stats.GamePlayed(1, 1, "toy", ("A", "B"), {"A": 1, "B": 0}, ("A",), 3)
    assert sections(stats.own([other])) == []
    assert not any(isinstance(s, stats.Lines) for s in sections(stats.own([played(1, RECORD)])))


def test_facts_survive_as_plain_frozen_data():
    got = facts(*refereed(RECORD))
    assert isinstance(got, Facts) and hash(got) == hash(facts(*refereed(RECORD)))
