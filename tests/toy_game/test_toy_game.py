"""A fourth game that lives in one folder under tests/ and is registered at test time:
the referee referees it, the shell lists it, a match of it is stored, played, undone
and edited through the store and ``core.edits``, phones seat and submit for it through
the hub, and its CSV rows and printables come out — without a line of it in
``companion/``."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from companion.core import registry
from companion.core.errors import RecordError
from companion.core.referee import referee_json as cli_referee_json
from companion.net.hub import BidRefused, Hub
from tests.toy_game import GAME, play
from tests.toy_game.remote import REMOTE
from tests.toy_game.view import VIEW

PLAYERS = ["Anna", "Bernd", "Chris"]
# Round 1: Chris's 3 is the only unique number; round 2: Bernd's 4 beats Anna's 2;
# round 3: everyone says 1, nobody scores. Bernd and Chris share the win.
NUMBERS = [{"Anna": 5, "Bernd": 5, "Chris": 3}, {"Anna": 2, "Bernd": 4, "Chris": 1},
           {"Anna": 1, "Bernd": 1, "Chris": 1}]


def record(rounds: list[dict[str, int]]) -> dict:
    return {"game": "toy", "players": PLAYERS, "rounds": [play.round_of(PLAYERS, n) for n in rounds]}


@pytest.fixture
def toy():
    with registry.register(GAME):
        yield GAME


def test_known_only_while_registered():
    assert "toy" not in registry.games()
    with registry.register(GAME):
        assert registry.games()["toy"] is GAME
        with pytest.raises(ValueError), registry.register(GAME):
            pass
    assert "toy" not in registry.games()
    with pytest.raises(RecordError, match="unknown game 'toy'"):
        registry.referee_json(json.dumps(record(NUMBERS)))


def test_the_referee_referees_it(toy):
    out = json.loads(registry.referee_json(json.dumps(record(NUMBERS))))
    assert out["game_over"] and out["points"] == {"Anna": 0, "Bernd": 1, "Chris": 1}
    assert out["winners"] == ["Bernd", "Chris"]
    assert [r["winner"] for r in out["rounds"]] == ["Chris", "Bernd", None]
    assert json.loads(cli_referee_json(json.dumps(record(NUMBERS)))) == out   # `companion referee`
    bad = record([{"Anna": 6, "Bernd": 1, "Chris": 1}])
    with pytest.raises(RecordError) as err:
        registry.referee_json(json.dumps(bad))
    assert str(err.value) == "round 1: Anna: TOY-2 6 is not a number from 1 to 5"
    with pytest.raises(RecordError) as err:    # a field the model refuses: its round, player and ruling
        registry.referee_json(json.dumps({**bad, "rounds": [{"picks": [{"player": "Anna", "number": 0}]}]}))
    assert str(err.value) == "round 1: Anna: TOY-2 number must be at least 1"
    match = {"kind": "match", "game": "toy", "players": PLAYERS,
             "games": [{k: v for k, v in record(NUMBERS).items() if k != "game"}]}
    tallied = json.loads(cli_referee_json(json.dumps(match)))
    # its spec says nothing of matches: a match is its one game, won as the game is won
    assert tallied["totals"] == {"Anna": 0, "Bernd": 1, "Chris": 1} and tallied["complete"]
    assert tallied["winners"] == ["Bernd", "Chris"]


def test_the_shell_and_the_phones_list_it(toy):
    from companion.pdf.api import printable_games
    from companion.ui.host import hostable
    from companion.ui.phone import remote_views
    from companion.ui.services import game_views

    assert game_views()["toy"] is VIEW and remote_views()["toy"] is REMOTE
    assert "toy" in printable_games() and hostable("toy")
    # Home offers a "New … match" button for every game of the registry with a view
    assert [spec.title for n, spec in registry.games().items() if n in game_views()][-1] == "Highest Unique"
    assert VIEW.match_line(PLAYERS, [record(NUMBERS[:1])]) == (
        "1 of 3 rounds played: Anna 0, Bernd 0, Chris 1", False)


def test_a_match_is_stored_played_undone_and_edited(toy, store):
    from companion.ui.records import save_change

    def save(new: dict, base: dict, not_done: str = "your entry was not saved"):
        return save_change(store, match_id, 1, new, base=base, place=lambda r: registry.place("toy", r),
                           not_done=not_done, finished_match=play.replay(new)[1].over)

    match_id = store.create_match("toy", PLAYERS, play.new_record(PLAYERS))
    for numbers in NUMBERS[:2]:
        base = store.match(match_id).current.record
        change = play.submit(base, numbers)
        assert change.ok and save(change.record, base) is None
    shown = store.match(match_id).current.record
    assert shown == record(NUMBERS[:2])
    refused = play.submit(shown, {"Anna": 1, "Bernd": 9, "Chris": 1})
    assert not refused.ok and refused.error == "round 3: Bernd: TOY-2: 9 is not a number from 1 to 5"

    undone = play.undo(shown)                                       # core.edits.drop_last_round
    assert undone.ok and save(undone.record, shown, "nothing was undone") is None
    assert store.match(match_id).current.record == record(NUMBERS[:1])
    stale = save(play.submit(shown, NUMBERS[2]).record, shown)       # a tab that had not redrawn
    assert stale is not None and stale.line.startswith("Round 2 was undone on another screen")

    base = store.match(match_id).current.record
    for numbers in NUMBERS[1:]:
        change = play.submit(base, numbers)
        assert save(change.record, base) is None
        base = change.record
    m = store.match(match_id)
    assert m.finished and VIEW.match_line(m.players, [g.record for g in m.games])[1]
    assert json.loads(registry.referee_json(json.dumps(m.current.record)))["winners"] == ["Bernd", "Chris"]

    edited = play.edit(base, 2, {"Anna": 5, "Bernd": 1, "Chris": 1})  # round 3: Anna's 5 now scores
    assert edited.ok and save(edited.record, base) is None
    out = registry.referee(registry.parse_record(json.dumps(store.match(match_id).current.record)))
    assert out["points"] == {"Anna": 1, "Bernd": 1, "Chris": 1} and out["winners"] == PLAYERS
    assert play.edit(base, 5, NUMBERS[0]).error == "There is no round 6 to change."


def test_phones_seat_and_submit_and_the_round_lands_in_the_record(toy, store):
    hub = Hub(store)
    match_id = store.create_match("toy", PLAYERS, play.new_record(PLAYERS))
    table = hub.host(match_id)
    assert table.game == "toy" and table.players == tuple(PLAYERS)
    tokens = {p: hub.take_seat(table.code, p, client=f"192.168.1.{i}").token for i, p in enumerate(PLAYERS)}

    with pytest.raises(BidRefused, match="TOY-2: 7 is not a number from 1 to 5"):
        hub.submit(tokens["Anna"], {"number": 7})
    with pytest.raises(BidRefused, match="TOY-2"):
        hub.submit(tokens["Anna"], {"number": "5"})
    mine = hub.submit(tokens["Anna"], {"number": 5})
    assert mine.my_bid == {"number": 5} and mine.bid_in == ("Anna",)
    bernd = hub.view(tokens["Bernd"])
    assert bernd.my_bid is None and bernd.bid_in == ("Anna",) and bernd.plays == ()
    assert "5" not in json.dumps(bernd.resolution)       # nothing of Anna's number before the reveal
    hub.withdraw(tokens["Anna"])
    hub.submit(tokens["Anna"], {"number": 5})
    hub.submit(tokens["Bernd"], {"number": 5})
    after = hub.submit(tokens["Chris"], {"number": 3})   # the last move reveals the round
    assert after.position == 1 and after.my_bid is None
    assert after.resolution["winner"] == "Chris" and after.resolution["picks"] == NUMBERS[0]
    assert store.match(match_id).current.record == record(NUMBERS[:1])
    assert hub.host_view(table.code).resolution == after.resolution

    for numbers in NUMBERS[1:]:
        for p in PLAYERS:
            view = hub.submit(tokens[p], {"number": numbers[p]})
    assert view.game_over and store.match(match_id).current.record == record(NUMBERS)
    with pytest.raises(BidRefused, match="TOY-3"):
        hub.submit(tokens["Anna"], {"number": 1})


def test_csv_rows_and_printables_come_out(toy, store):
    from companion.pdf.api import all_printables, build_rules_card, build_score_sheet
    from companion.store.bgstats import bgstats_export
    from companion.store.exchange import game_csv, match_csv, match_json
    from companion.ui.widgets.exports import export_data

    match_id = store.import_match("toy", PLAYERS, [record(NUMBERS)], True)
    m = store.match(match_id)
    rows = list(csv.DictReader(io.StringIO(match_csv(m))))
    assert [r["row"] for r in rows] == ["round"] * 9 + ["game"] * 3 + ["match"] * 3
    assert [(r["player"], r["number"], r["unique"], r["scored"]) for r in rows[:3]] == [
        ("Anna", "5", "false", "false"), ("Bernd", "5", "false", "false"), ("Chris", "3", "true", "true")]
    assert [(r["player"], r["points"], r["winner"]) for r in rows if r["row"] == "game"] == [
        ("Anna", "0", "false"), ("Bernd", "1", "true"), ("Chris", "1", "true")]
    assert game_csv(record(NUMBERS)).splitlines()[0].startswith("row,game,round,player,number")
    assert json.loads(match_json(m))["games"][0]["rounds"] == record(NUMBERS)["rounds"]
    assert [p["name"] for p in bgstats_export(store, [m.id])["games"]] == ["Highest Unique"]

    for pdf in (build_score_sheet("toy", players=PLAYERS), build_score_sheet("toy"),
                build_score_sheet(record=json.dumps(record(NUMBERS))),
                build_score_sheet(record=m.match_record(), number=1),
                build_rules_card("toy", sheet="a4"), export_data(m, 1, "game-pdf")[1]):
        assert pdf.startswith(b"%PDF-") and b"DejaVu" in pdf
    assert {"toy-score-sheet-a4.pdf", "toy-rules-a6.pdf"} <= set(all_printables())  # `print --all`


def test_nothing_in_companion_names_it():
    root = Path(__file__).resolve().parents[2] / "companion"
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "toy_game" not in text and "Highest Unique" not in text, path
