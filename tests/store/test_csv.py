"""The CSV export, read back as a spreadsheet would, against the referee's results of
the shared examples (their .expected.json): per round and player what was entered and
what became of it, the money or score after the round, each game's and the match's
totals and winners. Numbers are numbers: 0 is written as 0, never as an empty cell."""

from __future__ import annotations

import csv
import io
import json

import pytest

from companion.core.spreadsheet import cell
from companion.games.hotdog import setup_form as hotdog_setup_form
from companion.store import Store
from companion.store.exchange import game_csv, match_csv
from tests.conftest import EXAMPLES, load_example

GAMES = sorted(p.name for p in EXAMPLES.glob("*.json")
               if not p.name.endswith(".expected.json") and "kind" not in json.loads(p.read_text()))


def read(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def expected(name: str) -> dict:
    return load_example(name.replace(".json", ".expected.json"))


def of(rows, kind, **where):
    return [r for r in rows if r["row"] == kind and all(r[k] == str(v) for k, v in where.items())]


def numbers(rows, *columns):
    """The cells as integers: every one is a whole number, none empty."""
    return [[int(r[c]) for c in columns] for r in rows]


def bools(rows, column):
    assert {r[column] for r in rows} <= {"true", "false"}
    return [r[column] == "true" for r in rows]


def check_hotdog(rows, want, players, game=1):
    for rnd in want["rounds"]:
        got = of(rows, "round", game=game, round=rnd["round"])
        assert [r["player"] for r in got] == players  # one row per player, seat order
        by = {r["player"]: r for r in got}
        for place, step in enumerate(rnd["steps"], 1):
            r = by[step["player"]]
            assert numbers([r], "table", "hotdogs", "dollars", "price", "served") == [
                [step["table"], step["hotdogs"], step["dollars"], step["price"], place]]
            assert (r["outcome"], r["reason"]) == (step["outcome"], step["reason"] or "")
        paid = {p: sum(x["dollars"] for x in rnd["payouts"] if x["player"] == p) for p in players}
        assert numbers(got, "payout") == [[paid[p]] for p in players]
        assert numbers(got, "money") == [[rnd["money"][p]] for p in players]
        assert bools(got, "mustard") == [p == rnd["mustard"] for p in players]
        assert bools(got, "finished") == [p in rnd["finished"] for p in players]
    totals = of(rows, "game", game=game)
    assert numbers(totals, "money") == [[want["money"][p]] for p in players]
    assert bools(totals, "winner") == [p in want["winners"] for p in players]
    assert bools(totals, "over") == [want["game_over"]] * len(players)


def check_sales(rows, want, players):
    for rnd in want["rounds"]:
        for n, sale in enumerate(rnd["sales"], 1):
            got = of(rows, "sale", round=rnd["round"], sale=n)
            assert [r["player"] for r in got if r["outcome"] == "won"] == [sale["winner"]]
            assert [r["player"] for r in got if r["on_suit"] == "true"] == sale["on_suit"]
            assert [r["player"] for r in got if r["leader"] == "true"] == [sale["leader"]]
            assert numbers([r for r in got if r["outcome"] == "won"], "hand_discards") == [[sale["discards"]]]
            assert all(r["hand_discards"] == "0" for r in got if r["outcome"] != "won")
        got = of(rows, "round", round=rnd["round"])
        assert [r["player"] for r in got] == players
        assert numbers(got, "hand") == [[rnd["hands"][p]] for p in players]
        won = {p: sum(1 for s in rnd["sales"] if s["winner"] == p) for p in players}
        assert numbers(got, "sales_won") == [[won[p]] for p in players]
    last = of(rows, "round", round=want["rounds"][-1]["round"])
    assert numbers(last, "score") == [[want["scores"][p]["total"]] for p in players]
    totals = of(rows, "game")
    assert numbers(totals, "score") == [[want["scores"][p]["total"]] for p in players]
    assert bools(totals, "winner") == [p in want["winners"] for p in players]


def check_burger(rows, want, players):
    for rnd in want["rounds"]:
        decks = of(rows, "deck", round=rnd["round"])
        taken = {i: p for p, idx in rnd["taken"].items() for i in idx}
        assert [r["player"] for r in decks] == [rnd["wastebasket"] or taken[i] for i in range(len(decks))]
        got = of(rows, "round", round=rnd["round"])
        assert [r["player"] for r in got] == players
        assert numbers(got, "decks_taken") == [[len(rnd["taken"].get(p, []))] for p in players]
        assert numbers(got, "rat_tokens", "hamburgers") == [
            [rnd["rats"].get(p, 0), rnd["hamburgers"].get(p, 0)] for p in players]
        assert numbers(got, "tongs_left", "tease_left") == [
            [rnd["tools_left"][p]["tongs"], rnd["tools_left"][p]["tease"]] for p in players]
        assert bools(got, "first") == [p == rnd["first"] for p in players]
    last = of(rows, "round", round=want["rounds"][-1]["round"])
    assert numbers(last, "score") == [[want["scores"][p]] for p in players]
    totals = of(rows, "game")
    assert numbers(totals, "score") == [[want["scores"][p]] for p in players]
    assert bools(totals, "winner") == [p in want["winners"] for p in players]


#: What each game's CSV rows must say of its worked example, by the record's "game".
CHECKS = {"hotdog": check_hotdog, "sales": check_sales, "burger": check_burger}


@pytest.mark.parametrize("name", GAMES)
def test_a_game_csv_carries_the_referees_result(name):
    record = load_example(name)
    rows = read(game_csv(record))
    assert rows, name
    players = [p.strip() for p in record["players"]]
    check = CHECKS.get(record["game"])
    assert check is not None, f"{record['game']}: say here what its CSV rows must hold (CONTRIBUTING, add a game)"
    check(rows, expected(name), players)


def test_the_match_csv_carries_each_games_result_and_the_match_tally(tmp_path):
    match = load_example("hotdog-match.json")
    want = load_example("hotdog-match.expected.json")
    store = Store(tmp_path / "companion.sqlite3")
    try:
        records = [{**hotdog_setup_form.new_record(match["players"], g["mustard"]), "rounds": g["rounds"]}
                   for g in match["games"]]
        mid = store.create_match("hotdog", match["players"], records[0])
        for record in records[1:]:
            store.add_game(mid, record)
        text = match_csv(store.match(mid))
    finally:
        store.close()
    rows = read(text)
    players = match["players"]
    from companion.core.registry import parse_record, referee, result_json

    for number, (record, tally) in enumerate(zip(records, want["games"], strict=True), 1):
        result = json.loads(result_json(referee(parse_record(json.dumps(record)))))
        check_hotdog(rows, result, players, game=number)
        game_rows = of(rows, "game", game=number)
        assert numbers(game_rows, "money") == [[tally["scores"][p]] for p in players]
        assert bools(game_rows, "winner") == [p in tally["winners"] for p in players]
    totals = of(rows, "match")
    assert [r["player"] for r in totals] == players and all(r["game"] == "" for r in totals)
    assert numbers(totals, "money") == [[want["totals"][p]] for p in players]
    assert bools(totals, "winner") == [p in want["winners"] for p in players]
    assert bools(totals, "over") == [want["complete"]] * 3
    assert text.splitlines()[0].split(",")[:4] == ["row", "game", "round", "player"]


def test_zero_is_written_as_0_and_booleans_as_true_or_false():
    assert [cell(v) for v in (0, 3, True, False, "x")] == [0, 3, "true", "false", "x"]
    rows = read(game_csv(load_example("hotdog-rulebook-prices.json")))
    chris = of(rows, "round", player="Chris")[0]
    assert chris["dollars"] == "0" and chris["payout"] == "0"


@pytest.mark.parametrize("name, winners", [("sales", ["Ben"]), ("burger", ["Ann"])])
def test_a_finished_sales_or_burger_match_is_over_in_its_match_rows(tmp_path, name, winners):
    """Issue 29: a sales or burger match is its one game (GameSpec.match_games): once the
    game is over the match is over, and its winner is the game's, tie-break and all
    (SA-13: Ann and Ben tie on 3, Ben won the later sale; BU-8: fewer rat tokens)."""
    from tests.store.test_bgstats import _tied_game, sa13

    record = {"game": name, **(sa13() if name == "sales" else _tied_game())}
    store = Store(tmp_path / "companion.sqlite3")
    mid = store.create_match(name, record["players"], record)
    rows = read(match_csv(store.match(mid)))
    match_rows = of(rows, "match")
    assert [r["player"] for r in match_rows] == record["players"]
    assert bools(match_rows, "over") == [True] * len(match_rows)
    assert [r["player"] for r in match_rows if r["winner"] == "true"] == winners
    assert [r["score"] for r in match_rows] == [r["score"] for r in of(rows, "game")]   # its game's scores
    store.close()


def test_a_match_csv_says_when_each_game_and_the_match_were_played(tmp_path):
    """Issue 29: an export carries its dates. The "game" rows say when each game was
    started and last changed, the "match" rows the match's, local and to the minute (a
    spreadsheet reads them as dates); an imported match's are its export's, not the
    import's."""
    from companion.store.exchange import match_json
    from companion.store.imports import import_json
    from tests.store.test_imports import a_dated_match

    store = Store(tmp_path / "companion.sqlite3")
    other = Store(tmp_path / "other.sqlite3")
    try:
        mid, then = a_dated_match(store)
        rows = read(match_csv(store.match(mid)))
        games = of(rows, "game")
        assert {(r["game"], r["started"], r["changed"]) for r in games} == {
            ("1", "2026-11-27 20:15", "2026-11-27 20:44"), ("2", "2026-11-27 20:45", "2026-11-27 21:14"),
            ("3", "2026-11-27 21:15", "2026-11-27 21:44")}
        assert {(r["started"], r["changed"]) for r in of(rows, "match")} == {("2026-11-27 20:15", "2026-11-27 21:45")}
        assert all(r["started"] == "" for r in of(rows, "round"))
        there = import_json(other, match_json(store.match(mid))).match_id
        assert read(match_csv(other.match(there))) == rows
    finally:
        store.close()
        other.close()
