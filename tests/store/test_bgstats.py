"""The BG Stats export, held to the real format point by point.

The real format: a BG Stats export file read field by field (``sampleData.json`` of
github.com/sqrtxander/bgstats-wrapped, commit 56478d9; 217 plays). What it shows, and
what this file is checked for:

- every object's keys are among the real file's, with their types (``GAME``,
  ``PLAYER``, ``LOCATION``, ``PLAY``, ``SCORE`` below); ids run 1, 2, … and every
  reference (``gameRefId``, ``playerRefId``, ``locationRefId``, ``meRefId``) resolves;
- ``seatOrder`` and ``rank`` are 0 in all 668 score entries, and the entries are in seat order;
- ``manualWinner`` is true in every play whose winners are not simply the top score
  (5 of 5 there: a 7–7 tie given to one player, winners with less) and false in every
  other play with points (137 of 137): here exactly the wins on a tie-break (SA-13, BU-8);
- a co-operative game is its own game with ``cooperative`` true; its play gives
  everyone the same score and no winner (the real file's scored co-op plays);
- ``locationRefId`` on the plays (214 of 217), ``userInfo.meRefId`` a player of the
  plays (the real file's: the player in all 217), ``rounds`` as played, ``newPlayer``
  on a player's first play of a game.

``fixtures/bgstats-history.bgsplay`` is the file for the seeded history below (a
shared Hot Dog win, a sales game won on SA-13, a burger game won on BU-8, a co-op
sales game, a solo game left out, and a match imported from another phone's export),
written out whole and read against those points by hand: the test holds the export to
it byte for byte (as JSON), and to the points above on its own."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from companion.store import Store
from companion.store.bgstats import (
    LOCATION,
    ME,
    bgstats_export,
    bgstats_json,
    file_name,
    likely_me,
    likely_players,
    me_of,
)
from companion.store.exchange import match_json
from companion.store.imports import import_json
from tests.burger.test_burger_rulings import _tied_game
from tests.sales.helpers import c
from tests.sales.test_sales_rulings import _rec

FIXTURE = Path(__file__).parent / "fixtures" / "bgstats-history.bgsplay"

TOP = {"games": list, "players": list, "locations": list, "plays": list, "userInfo": dict}
GAME = {"id": int, "uuid": str, "name": str, "modificationDate": str, "bggId": int, "bggYear": int,
        "highestWins": bool, "noPoints": bool, "cooperative": bool, "usesTeams": bool, "isBaseGame": int,
        "isExpansion": int}
PLAYER = {"id": int, "uuid": str, "name": str, "isAnonymous": bool, "modificationDate": str, "bggUsername": str}
LOCATION_KEYS = {"id": int, "uuid": str, "name": str, "modificationDate": str}
PLAY = {"uuid": str, "ignored": bool, "rating": int, "scoringSetting": int, "playerScores": list,
        "modificationDate": str, "playDate": str, "manualWinner": bool, "locationRefId": int, "rounds": int,
        "usesTeams": bool, "bggId": int, "entryDate": str, "playImages": str, "importPlayId": int,
        "durationMin": int, "expansionPlays": list, "nemestatsId": int, "gameRefId": int, "comments": str}
SCORE = {"winner": bool, "seatOrder": int, "score": str, "startPlayer": bool, "playerRefId": int, "rank": int,
         "newPlayer": bool}
DATE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
UUID = re.compile(r"^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$")

T0 = 1764355200.0            # 2025-11-28 18:40:00 UTC: the evening the history starts
HOUR = 3600.0
ABC = ["Anna", "Bernd", "Chris"]


def bid(player: str, table: int, hotdogs: int, dollars: int = 0, **flags: bool) -> dict:
    return {"player": player, "table": table, "hotdogs": hotdogs, "dollars": dollars, **flags}


def shared_hotdog() -> dict:
    """HD-15: Anna $3, Bernd $2, Chris $3 after Anna's last hot dogs: Anna and Chris share."""
    return {"players": ABC, "rounds": [{"bids": [bid("Anna", 5, 1, last=True), bid("Bernd", 7, 2, 1),
                                                 bid("Chris", 7, 1)]}]}


def sa13() -> dict:
    """SA-13: Ann and Ben tie on 3; Ben won the more recent sale and wins."""
    return _rec(["Ann", "Ben", "Cat"],
                [[("Ann", c("sun", 3)), ("Ben", c("sun", 5)), ("Cat", c("sun", 6))]],
                [[("Ann", c("rain", 9)), ("Ben", c("rain", 3)), ("Cat", c("rain", 8))]],
                [[("Ben", c("sun", 9)), ("Cat", c("sun", 1)), ("Ann", c("sun", 8))]], hand_size=1)


def coop() -> dict:
    """SA-15: a co-op game; the team scores the lower score, 30."""
    return _rec(["Ann", "Ben"],
                [[("Ann", c("sun", 30)), ("Ben", c("sun", 40))]],
                [[("Ann", c("sun", 30)), ("Ben", c("sun", 26))]],
                [[("Ben", c("sun", 40)), ("Ann", c("sun", 50))]], mode="coop", hand_size=1)


def solo() -> dict:
    """The co-op game played solo: one person, two hands (SA-2)."""
    text = json.dumps(coop()["rounds"]).replace('"Ann"', '"Hand 1"').replace('"Ben"', '"Hand 2"')
    return {**coop(), "mode": "solo", "players": ["Hand 1", "Hand 2"], "leader": "Hand 1", "rounds": json.loads(text)}


def dated(store: Store, match_id: int, start: float, uid: str) -> None:
    """The match started at ``start``, each game half an hour, with a fixed id."""
    with store.transaction() as c:
        n = c.execute("SELECT count(*) FROM games WHERE match_id=?", (match_id,)).fetchone()[0]
        c.execute("UPDATE matches SET created_at=?, updated_at=?, uid=? WHERE id=?",
                  (start, start + n * HOUR / 2, uid, match_id))
        for k in range(n):
            c.execute("UPDATE games SET created_at=?, updated_at=? WHERE match_id=? AND number=?",
                      (start + k * HOUR / 2, start + (k + 1) * HOUR / 2 - 60 * (k + 3), match_id, k + 1))


@pytest.fixture
def utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def history(store: Store, tmp_path: Path) -> None:
    hd = store.import_match("hotdog", ABC, [shared_hotdog()] * 3, True)
    dated(store, hd, T0, "a" * 32)
    sa = store.import_match("sales", ["Ann", "Ben", "Cat"], [sa13()], True)
    dated(store, sa, T0 + 2 * HOUR, "b" * 32)
    bu = store.import_match("burger", ["Ann", "Ben"], [_tied_game()], True)
    dated(store, bu, T0 + 3 * HOUR, "c" * 32)
    co = store.import_match("sales", ["Ann", "Ben"], [coop()], True)
    dated(store, co, T0 + 4 * HOUR, "d" * 32)
    so = store.import_match("sales", ["Hand 1", "Hand 2"], [solo()], True)
    dated(store, so, T0 + 5 * HOUR, "e" * 32)
    # a burger match played on another phone a week later, exported there and imported here
    other = Store(tmp_path / "other.sqlite3")
    try:
        mid = other.import_match("burger", ["Ben", "Dora"], [_tied_game_between("Ben", "Dora")], True)
        dated(other, mid, T0 + 7 * 24 * HOUR, "f" * 32)
        text = match_json(other.match(mid))
        there = bgstats_export(other)["plays"]
    finally:
        other.close()
    imported = import_json(store, text)
    here = [p for p in bgstats_export(store)["plays"] if p["uuid"] == there[0]["uuid"]]
    assert [(p["playDate"], p["uuid"]) for p in here] == [(there[0]["playDate"], there[0]["uuid"])]
    assert import_json(store, text).already and import_json(store, text).match_id == imported.match_id
    store.set_setting(LOCATION, "Anna's kitchen")


def _tied_game_between(a: str, b: str) -> dict:
    """BU-8's tie (fewer rats wins) played by ``a`` and ``b``."""
    text = json.dumps(_tied_game()).replace('"Ann"', '"\u0001"').replace('"Ben"', '"\u0002"')
    return json.loads(text.replace('"\u0001"', f'"{a}"').replace('"\u0002"', f'"{b}"'))


def _typed(obj: dict, shape: dict) -> None:
    assert set(obj) <= set(shape), set(obj) - set(shape)
    for key, value in obj.items():
        assert type(value) is shape[key], (key, value)


def check_points(data: dict) -> None:
    """The real format's points, checked on any file the export writes."""
    assert set(data) == set(TOP) and all(type(data[k]) is t for k, t in TOP.items())
    for kind, shape in (("games", GAME), ("players", PLAYER), ("locations", LOCATION_KEYS)):
        assert [o["id"] for o in data[kind]] == list(range(1, len(data[kind]) + 1))
        for o in data[kind]:
            _typed(o, shape)
            assert UUID.match(o["uuid"]) and DATE.match(o["modificationDate"])
    games = {g["id"]: g for g in data["games"]}
    players = {p["id"] for p in data["players"]}
    assert data["userInfo"]["meRefId"] in players
    assert len({p["uuid"] for p in data["plays"]}) == len(data["plays"])
    for play in data["plays"]:
        _typed(play, PLAY)
        assert UUID.match(play["uuid"]) and play["locationRefId"] in {lo["id"] for lo in data["locations"]}
        assert all(DATE.match(play[k]) for k in ("playDate", "entryDate", "modificationDate"))
        json.loads(play["playImages"])
        entries = play["playerScores"]
        for entry in entries:
            assert set(entry) == set(SCORE)
            _typed(entry, SCORE)
            assert entry["playerRefId"] in players and entry["seatOrder"] == 0 and entry["rank"] == 0
        game = games[play["gameRefId"]]
        scores = [int(e["score"]) for e in entries]
        top = {i for i, s in enumerate(scores) if s == max(scores)}
        won = {i for i, e in enumerate(entries) if e["winner"]}
        if game["cooperative"]:
            assert not won and len(set(scores)) == 1 and not play["manualWinner"]
        else:
            assert play["manualWinner"] == (won != top)


def test_the_history_is_the_fixture_and_holds_to_the_real_formats_points(tmp_path, utc):
    store = Store(tmp_path / "companion.sqlite3")
    history(store, tmp_path)
    data = json.loads(bgstats_json(store))
    check_points(data)
    assert data == json.loads(FIXTURE.read_text(encoding="utf-8"))
    store.close()


def test_what_the_fixture_says_point_by_point():
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    check_points(data)
    names = {p["id"]: p["name"] for p in data["players"]}
    games = {g["id"]: g for g in data["games"]}

    def who(play: dict, flag: str) -> list[str]:
        return [names[e["playerRefId"]] for e in play["playerScores"] if e[flag]]

    by_game: dict[str, list[dict]] = {}
    for play in data["plays"]:
        by_game.setdefault(games[play["gameRefId"]]["name"], []).append(play)
    assert sorted(by_game) == ["Burger", "Hot Dog", "Sales", "Sales (co-op)"]     # the solo game left out
    hotdog = by_game["Hot Dog"]
    assert len(hotdog) == 3 and all(who(p, "winner") == ["Anna", "Chris"] and not p["manualWinner"]
                                    for p in hotdog)                              # HD-15: shared
    assert [p["comments"] for p in sorted(hotdog, key=lambda p: p["playDate"])] == [
        "Hot Dog: game 1 of 3 of a match", "Hot Dog: game 2 of 3 of a match", "Hot Dog: game 3 of 3 of a match"]
    (sales,) = by_game["Sales"]
    assert who(sales, "winner") == ["Ben"] and sales["manualWinner"] and sales["rounds"] == 3   # SA-13
    assert [e["score"] for e in sales["playerScores"]] == ["3", "3", "1"]
    burgers = by_game["Burger"]
    assert all(p["manualWinner"] and len(who(p, "winner")) == 1 for p in burgers)        # BU-8: fewer rats
    (together,) = by_game["Sales (co-op)"]
    assert games[together["gameRefId"]]["cooperative"] and who(together, "winner") == []
    assert [e["score"] for e in together["playerScores"]] == ["30", "30"]                # SA-15: the team's
    imported = [p for p in burgers if "Dora" in who(p, "startPlayer") + [names[e["playerRefId"]]
                                                                         for e in p["playerScores"]]]
    assert [p["playDate"] for p in imported] == ["2025-12-05 18:40:00"]                 # played, not imported
    assert who(hotdog[-1], "startPlayer") == ["Anna"]                                    # HD-4: the mustard
    assert [loc["name"] for loc in data["locations"]] == ["Anna's kitchen"]
    assert names[data["userInfo"]["meRefId"]] == "Ben"        # seated in most matches (4): the phone's owner
    firsts = [(games[p["gameRefId"]]["name"], names[e["playerRefId"]]) for p in data["plays"]
              for e in p["playerScores"] if e["newPlayer"]]
    assert sorted(firsts) == sorted([("Hot Dog", "Anna"), ("Hot Dog", "Bernd"), ("Hot Dog", "Chris"),
                                     ("Sales", "Ann"), ("Sales", "Ben"), ("Sales", "Cat"), ("Burger", "Ann"),
                                     ("Burger", "Ben"), ("Burger", "Dora"), ("Sales (co-op)", "Ann"),
                                     ("Sales (co-op)", "Ben")])


def test_the_player_names_who_they_are_and_a_match_alone_is_a_bgsplay(tmp_path, utc):
    store = Store(tmp_path / "companion.sqlite3")
    history(store, tmp_path)
    store.set_setting(ME, "Chris")
    data = bgstats_export(store, [1])
    check_points(data)
    assert [p["name"] for p in data["players"]] == ["Anna", "Bernd", "Chris"]
    assert data["players"][data["userInfo"]["meRefId"] - 1]["name"] == "Chris"
    assert len(data["plays"]) == 3 and file_name("hotdog-match-1") == "hotdog-match-1.bgsplay"
    store.set_setting(ME, "Zoë")                    # in no play of the file: named among its players all the same
    data = bgstats_export(store, [1])
    assert data["players"][data["userInfo"]["meRefId"] - 1]["name"] == "Zoë"
    store.close()


def test_who_the_player_is_until_they_say_is_the_one_seated_most_a_match_alone_left_out(tmp_path):
    """BG Stats' "me" until the player says: the player seated in most stored matches,
    names compared as companion compares them. A match played alone (sales' solo) is
    nobody's group, and a match counts as soon as it is stored, before anything has
    worked it out (last stop, the buttons stayed empty until Statistics had)."""
    store = Store(tmp_path / "companion.sqlite3")
    assert likely_players(store) == [] and likely_me(store) is None
    store.import_match("sales", ["Hand 1", "Hand 2"], [solo()], True)
    store.import_match("sales", ["Hand 1", "Hand 2"], [solo()], True)
    assert likely_players(store) == []
    store.import_match("burger", ["Ben", "Dora"], [_tied_game_between("Ben", "Dora")], True)
    assert likely_players(store) == ["Ben", "Dora"]
    store.import_match("sales", ["Ann", "BEN", "Cat"], [sa13()], True)     # Ben, in other letters
    assert likely_players(store) == ["BEN", "Ann", "Cat", "Dora"]          # as the latest match spells him
    assert likely_me(store) == "BEN" and me_of(store) == "BEN"
    store.import_match("hotdog", ABC, [shared_hotdog()], True)
    store.import_match("hotdog", ABC, [shared_hotdog()], True)
    store.import_match("hotdog", ABC, [shared_hotdog()], True)
    assert likely_players(store)[:3] == ["Anna", "Bernd", "Chris"]      # three matches each: counted again
    store.set_setting(ME, "Dora")
    assert me_of(store) == "Dora" and likely_me(store) == "Anna"
    store.close()


def test_the_same_games_give_the_same_ids_and_a_refused_record_is_left_out(tmp_path):
    store = Store(tmp_path / "companion.sqlite3")
    a = store.import_match("hotdog", ABC, [shared_hotdog()], False)
    first = bgstats_export(store, [a])
    assert bgstats_export(store, [a]) == first
    b = store.import_match("hotdog", ABC, [shared_hotdog()], False)
    again = bgstats_export(store, [b])
    assert [p["uuid"] for p in first["players"]] == [p["uuid"] for p in again["players"]]
    assert first["games"][0]["uuid"] == again["games"][0]["uuid"]
    assert first["plays"][0]["uuid"] != again["plays"][0]["uuid"]          # another match, another play
    bad = {"players": ABC, "rounds": [{"bids": [{"player": "Zoë"}]}]}
    store.import_match("hotdog", ABC, [bad], False)
    assert len(bgstats_export(store)["plays"]) == 2
    store.close()
