"""A whole Hot Dog match through the app, the way a table plays it: Anna, Bernd, Chris
and Dora, three games (HD-15), each played until a player's last hot dogs, announced,
are placed (HD-13). Every player holds 10 hot dog cards (rules/000) and bids from what
is still in hand: a bid that is sold leaves the hand, one that goes back returns to it;
whoever can go out bids the rest as the last hot dog, announced. Bids entered from the
table one game and passing the phone the next (both modes), each chip tapped; the
match's JSON export is refereed by `companion referee` and gives the tally the
screen shows."""

from __future__ import annotations

import json
import random
import re

import pytest

from companion.core.registry import parse_record, referee, result_json
from tests.conftest import run_cli
from tests.whole_games.driver import App

PLAYERS = ["Anna", "Bernd", "Chris", "Dora"]
HOT_DOGS = 10            # each player's hot dog cards (rules/000)


@pytest.fixture
def app(store, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    return App(store)


def hot_dogs(n: int) -> str:
    return f"{n} hot dog" + ("" if n == 1 else "s")


def bid_for(in_hand: int, money: int, rng: random.Random) -> tuple[int, int, int, bool]:
    """What a player lays down: a table, hot dogs from the hand (at most the table's
    value), dollars they hold; the rest of the hand as the last hot dogs when it fits."""
    tables = [5, 7, 9]
    fits = [t for t in tables if in_hand <= t]
    if fits and (in_hand <= 3 or rng.random() < 0.3):
        return rng.choice(fits), in_hand, rng.randint(0, min(money, in_hand, 1)), True
    table = rng.choice(tables)
    n = rng.randint(1, min(in_hand - 1, table, 4))
    return table, n, rng.randint(0, min(money, n, 2)), False


def enter_bid(app: App, player: str, bid: tuple[int, int, int, bool]) -> None:
    table, n, dollars, last = bid
    app.tap(f"{player}: {table} table, {hot_dogs(n)}")
    if dollars:
        app.tap(f"{player}: {dollars} dollar" + ("" if dollars == 1 else "s"))
    if last:
        app.check(f"{player}: last hot dog")
        if not app.checked(f"{player}: last hot dog announced"):
            app.check(f"{player}: last hot dog announced")


def play_game(app: App, mid: int, number: int, rng: random.Random, passing: bool) -> int:
    """Game ``number`` to its end (HD-13); returns its rounds."""
    in_hand = dict.fromkeys(PLAYERS, HOT_DOGS)
    rounds = 0
    app.choose("Pass the phone" if passing else "Bids from the table")
    money = dict.fromkeys(PLAYERS, 3)          # HD-3
    while True:
        (mustard,) = [m.group(1) for t in app.texts()
                      if (m := re.match(rf"^Round {rounds + 1} · mustard card: (\w+)$", t))]
        bids = {p: bid_for(in_hand[p], money[p], rng) for p in PLAYERS}
        if passing:
            i = PLAYERS.index(mustard)
            order = PLAYERS[i:] + PLAYERS[:i]
            for k, p in enumerate(order):
                app.see(f"{p}'s bid, in secret")
                enter_bid(app, p, bids[p])
                app.tap(f"Hide · pass to {order[k + 1]}" if k + 1 < len(order) else "Hide · see the result")
        else:
            for p in PLAYERS:
                enter_bid(app, p, bids[p])
            app.tap("Submit round")
        rounds += 1
        app.see(f"Round {rounds}: result")
        # the cards go where the result says (the referee's, as the table reads it): sold
        # ones stay at the table, the rest come back to the hand
        record = app.store.match(mid).games[number - 1].record
        result = json.loads(result_json(referee(parse_record(json.dumps(record)))))
        for step in result["rounds"][-1]["steps"]:
            if step["outcome"] == "sold":
                in_hand[step["player"]] -= step["hotdogs"]
        money = result["rounds"][-1]["money"]
        if result["game_over"]:
            app.tap("End of game")
            app.see(f"Game {number} over")
            return rounds
        app.tap("Next round")


def test_a_three_game_match_is_played_to_its_end_hd13_hd15(app, tmp_path):
    app.tap("New Hot Dog match")
    app.enter_players(PLAYERS)
    app.choose("Anna")
    app.tap("Start match")
    mid = app.match_id
    rng = random.Random(13)
    played = []
    for number in (1, 2, 3):
        if number > 1:
            app.tap(f"Start game {number}")
            app.see(f"Hot Dog · game {number} of 3")
        played.append(play_game(app, mid, number, rng, passing=number == 2))
    app.see("Match result")
    assert all(r >= 3 for r in played), played            # whole games, not a round or two
    assert app.store.match(mid).finished

    before = set((tmp_path / "data" / "exports").glob("*")) if (tmp_path / "data" / "exports").exists() else set()
    app.tap("Match as JSON")
    (exported,) = set((tmp_path / "data" / "exports").glob("*")) - before
    proc = run_cli("referee", str(exported))
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["complete"] and [g["over"] for g in result["games"]] == [True, True, True]
    games = json.loads(exported.read_text())["games"]
    assert games == [{k: v for k, v in g.record.items() if k != "game"} for g in app.store.match(mid).games]
    # every game ended on announced last hot dogs, placed (HD-13)
    for game in games:
        last_round = game["rounds"][-1]["bids"]
        assert any(b.get("last") and b.get("announced", True) for b in last_round)
    totals = result["totals"]
    assert totals == {p: sum(g["scores"][p] for g in result["games"]) for p in PLAYERS}
    winners = result["winners"]
    assert winners and all(totals[w] == max(totals.values()) for w in winners)
    if len(winners) == 1:
        app.see(f"Match over: {winners[0]} wins the match with ${totals[winners[0]]} (HD-15).")
    else:
        app.see("Match over: " + ", ".join(winners[:-1]))
