"""The BG Stats export: the shape of a real BG Stats export file, filled from the
referee's results (scores, winners, seat order, start player)."""

from __future__ import annotations

import copy
import json
import re
import time

from companion.core.registry import game, parse_record, referee
from companion.games.hotdog import forms as hotdog_forms
from companion.store import Store
from companion.store.bgstats import bgstats_export, bgstats_json
from tests.burger.burger_helpers import all_play, deal, rnd
from tests.burger.burger_helpers import record as burger_record
from tests.conftest import load_example
from tests.sales.helpers import c, sale
from tests.sales.helpers import record as sales_record

# The shape, as a real BG Stats export has it (sampleData.json of
# github.com/sqrtxander/bgstats-wrapped, commit 56478d9; the same names are written by
# the importers bga_bgstats.py of github.com/ctuncan/bga_bgstats and LichessImport.java
# of github.com/soul28561/bgstats-lichess-import). Objects there carry more optional
# keys (copies, tags, metaData…); every key written here must be one of these, with
# this type.
TOP = {"games": list, "players": list, "locations": list, "plays": list, "userInfo": dict}
GAME = {"id": int, "uuid": str, "name": str, "modificationDate": str, "bggId": int, "bggYear": int,
        "highestWins": bool, "noPoints": bool, "cooperative": bool, "usesTeams": bool, "isBaseGame": int,
        "isExpansion": int}
PLAYER = {"id": int, "uuid": str, "name": str, "isAnonymous": bool, "modificationDate": str, "bggUsername": str}
PLAY = {"uuid": str, "gameRefId": int, "playDate": str, "entryDate": str, "modificationDate": str,
        "durationMin": int, "ignored": bool, "manualWinner": bool, "rating": int, "scoringSetting": int,
        "rounds": int, "usesTeams": bool, "bggId": int, "importPlayId": int, "nemestatsId": int,
        "playImages": str, "expansionPlays": list, "comments": str, "playerScores": list}
# every score entry of that export has exactly these
SCORE = {"playerRefId": int, "score": str, "winner": bool, "seatOrder": int, "startPlayer": bool, "rank": int,
         "newPlayer": bool}
DATE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
UUID = re.compile(r"^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$")


def _typed(obj: dict, shape: dict, exact: bool = False) -> None:
    assert set(obj) <= set(shape), set(obj) - set(shape)
    if exact:
        assert set(obj) == set(shape), set(shape) - set(obj)
    for key, value in obj.items():
        assert type(value) is shape[key], (key, value)


def check_shape(data: dict) -> None:
    """The file has the real export's shape, and every reference resolves."""
    _typed(data, TOP, exact=True)
    assert set(data["userInfo"]) == {"meRefId"} and type(data["userInfo"]["meRefId"]) is int
    for kind, shape in (("games", GAME), ("players", PLAYER)):
        ids = [o["id"] for o in data[kind]]
        assert ids == list(range(1, len(ids) + 1))
        for o in data[kind]:
            _typed(o, shape)
            assert UUID.match(o["uuid"]) and DATE.match(o["modificationDate"])
    games = {g["id"] for g in data["games"]}
    players = {p["id"] for p in data["players"]}
    assert len({p["uuid"] for p in data["plays"]}) == len(data["plays"])
    for play in data["plays"]:
        _typed(play, PLAY)
        assert play["gameRefId"] in games and UUID.match(play["uuid"])
        assert all(DATE.match(play[k]) for k in ("playDate", "entryDate", "modificationDate"))
        json.loads(play["playImages"])
        for entry in play["playerScores"]:
            _typed(entry, SCORE, exact=True)
            assert entry["playerRefId"] in players


MATCH = load_example("hotdog-match.json")


def _hotdog_match(store: Store, games: list[dict]) -> int:
    players = MATCH["players"]
    records = [{**hotdog_forms.new_record(players, g["mustard"]), "rounds": g["rounds"]} for g in games]
    mid = store.create_match("hotdog", players, records[0])
    for record in records[1:]:
        store.add_game(mid, record)
    return mid


def _sales_finished() -> dict:
    return sales_record(
        ["Ann", "Ben", "Cat"],
        [sale(("Ben", c("sun", 4)), ("Cat", c("sun", 2)), ("Ann", c("rain", 9)))],
        [sale(("Cat", c("sun", 1)), ("Ann", c("sun", 7)), ("Ben", c("sun", 3)))],
        [sale(("Cat", c("rain", 1)), ("Ann", c("rain", 2)), ("Ben", c("sun", 3)))],
        hand_size=1, leader="Ben")


def _burger_finished() -> dict:
    return burger_record(["Ann", "Ben"], [rnd(deal(2), all_play(["Ann", "Ben"]), complete={"Ben": 1})],
                         draw_pile=4, first="Ben")


def _sales_coop() -> dict:
    return sales_record(["Ann", "Ben"], [sale(("Ann", c("sun", 4)), ("Ben", c("sun", 2)))], hand_size=1,
                        mode="coop")


def test_the_whole_history_has_the_real_exports_shape_and_the_referees_results(store):
    _hotdog_match(store, MATCH["games"])
    unfinished = copy.deepcopy(MATCH["games"][:2])
    unfinished[1]["rounds"] = unfinished[1]["rounds"][:2]
    _hotdog_match(store, unfinished)  # game 2 is still being played: not a play yet
    for rec in (_sales_finished(), _burger_finished(), _sales_coop()):
        store.create_match(rec["game"], rec["players"], rec)
    matches = store.matches()
    data = json.loads(bgstats_json(matches))
    check_shape(data)

    # one play per finished game with winners, oldest match first, games in order
    expected = [(m, g) for m in sorted(matches, key=lambda m: m.created_at) for g in m.games]
    plays = iter(data["plays"])
    names = {p["id"]: p["name"] for p in data["players"]}
    titles = {g["id"]: g["name"] for g in data["games"]}
    count = 0
    for m, stored in expected:
        rec = parse_record(json.dumps({**stored.record, "game": m.game}))
        result = referee(rec)
        if not result["winners"]:
            continue
        count += 1
        play = next(plays)
        spec = game(m.game)
        assert titles[play["gameRefId"]] == spec.title
        assert play["playDate"] == time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(stored.created_at))
        scores = spec.final_scores(result)
        got = [(names[e["playerRefId"]], e["score"], e["winner"], e["seatOrder"]) for e in play["playerScores"]]
        assert got == [(p, str(scores[p]), p in result["winners"], seat) for seat, p in enumerate(rec["players"], 1)]
        start = result["rounds"][0][{"hotdog": "mustard", "sales": "leader", "burger": "first"}[m.game]]
        assert [names[e["playerRefId"]] for e in play["playerScores"] if e["startPlayer"]] == [start]
    assert next(plays, None) is None
    assert count == 3 + 1 + 1 + 1  # hot dog 3 + 1, sales, burger; the co-op game has no winners
    assert [g["name"] for g in data["games"]] == ["Hot Dog", "Sales", "Burger"]
    assert [p["name"] for p in data["players"]] == ["Anna", "Bernd", "Chris", "Ann", "Ben", "Cat"]


def test_the_shared_match_example_as_plays(store):
    mid = _hotdog_match(store, MATCH["games"])
    data = bgstats_export([store.match(mid)])
    check_shape(data)
    expected = load_example("hotdog-match.expected.json")
    for play, tally in zip(data["plays"], expected["games"], strict=True):
        by_name = {data["players"][e["playerRefId"] - 1]["name"]: e for e in play["playerScores"]}
        assert {n: int(e["score"]) for n, e in by_name.items()} == tally["scores"]
        assert [n for n, e in by_name.items() if e["winner"]] == tally["winners"]
    starts = [[data["players"][e["playerRefId"] - 1]["name"] for e in p["playerScores"] if e["startPlayer"]]
              for p in data["plays"]]
    assert starts == [[g["mustard"]] for g in MATCH["games"]]  # HD-4: the mustard holder starts


def test_the_same_games_give_the_same_uuids_and_names_match_case_insensitively(store):
    first = bgstats_export([store.match(_hotdog_match(store, MATCH["games"]))])
    again = bgstats_export([store.match(_hotdog_match(store, MATCH["games"]))])
    assert [p["uuid"] for p in first["players"]] == [p["uuid"] for p in again["players"]]
    assert first["games"][0]["uuid"] == again["games"][0]["uuid"]
    assert not {p["uuid"] for p in first["plays"]} & {p["uuid"] for p in again["plays"]}  # other plays
    both = bgstats_export(store.matches())
    assert len(both["players"]) == 3 and len(both["plays"]) == 6


def test_a_stored_record_the_referee_refuses_is_left_out(store):
    bad = {**hotdog_forms.new_record(MATCH["players"], "Anna"), "rounds": [{"bids": [{"player": "Zoë"}]}]}
    store.create_match("hotdog", MATCH["players"], bad)
    data = bgstats_export(store.matches())
    check_shape(data)
    assert data["plays"] == []
