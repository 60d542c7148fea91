"""The SQLite store: schema version, one transaction per change, corrupt files moved aside,
export and import."""

from __future__ import annotations

import csv
import io
import json

import pytest

from companion.games.hotdog import present, setup_form
from companion.store import SCHEMA_VERSION, Store, data_dir
from companion.store.exchange import game_csv, game_json, match_csv, match_json
from companion.store.imports import import_json
from tests.conftest import run_cli

PLAYERS = ["Anna", "Bernd", "Chris"]


def tie_round() -> dict:
    return {"bids": [{"player": "Anna", "table": 5, "hotdogs": 2},
                     {"player": "Bernd", "table": 5, "hotdogs": 3, "dollars": 2},
                     {"player": "Chris", "table": 5, "hotdogs": 3, "dollars": 2}]}


def test_data_dir_follows_env(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"


def test_schema_version_and_wal(store):
    assert store.schema_version == SCHEMA_VERSION
    mode = store._conn.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
    assert store._conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_match_round_trip_and_current(store):
    rec = setup_form.new_record(PLAYERS, "Anna")
    mid = store.create_match("hotdog", PLAYERS, rec)
    assert store.current_match_id() == mid
    rec2 = {**rec, "rounds": [tie_round()]}
    store.save_game(mid, 1, rec2)
    m = store.match(mid)
    assert m.players == PLAYERS and m.current.record == rec2
    assert store.add_game(mid, setup_form.new_record(PLAYERS, "Bernd")) == 2
    assert [g.number for g in store.match(mid).games] == [1, 2]


def test_a_failed_change_leaves_nothing(store):
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    with pytest.raises(RuntimeError), store.transaction() as c:
        c.execute("UPDATE games SET record='{}' WHERE match_id=?", (mid,))
        raise RuntimeError("power cut")
    assert store.match(mid).current.record["players"] == PLAYERS


def test_an_unsynced_change_is_committed_and_only_that_one_is_unsynced(store):
    """``synced=False`` (a phone's pending bid) skips the sync of that one commit: every
    other change, and one after a failed unsynced one, is synced again (FULL)."""
    def level(c) -> int:
        return c.execute("PRAGMA synchronous").fetchone()[0]

    with store.transaction(synced=False) as c:
        assert level(c) == 1   # NORMAL
        c.execute("INSERT INTO settings (key, value) VALUES ('k', 'v')")
    assert store.setting("k") == "v"
    with store.transaction() as c:
        assert level(c) == 2
    with pytest.raises(RuntimeError), store.transaction(synced=False) as c:
        c.execute("INSERT INTO settings (key, value) VALUES ('gone', 'v')")
        raise RuntimeError("refused")
    assert store.setting("gone") is None
    assert level(store._conn) == 2


def test_saved_round_survives_reopen(tmp_path):
    path = tmp_path / "c.sqlite3"
    s = Store(path)
    mid = s.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    s.save_game(mid, 1, {**setup_form.new_record(PLAYERS, "Anna"), "rounds": [tie_round()]})
    # no close: like a killed process
    s2 = Store(path)
    assert s2.match(mid).current.record["rounds"] == [tie_round()]
    assert s2.notice is None


def test_corrupt_db_is_moved_aside(tmp_path):
    path = tmp_path / "companion.sqlite3"
    path.write_bytes(b"this is not a database" * 200)
    s = Store(path)
    assert s.notice is not None and "moved aside" in s.notice
    aside = list(tmp_path.glob("companion.sqlite3.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
    assert s.matches() == [] and s.schema_version == SCHEMA_VERSION


def test_unreadable_record_is_moved_aside(tmp_path):
    path = tmp_path / "companion.sqlite3"
    s = Store(path)
    mid = s.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    with s.transaction() as c:
        c.execute("UPDATE games SET record='{broken' WHERE match_id=?", (mid,))
    s.close()
    s2 = Store(path)
    assert s2.notice and "not JSON" in s2.notice
    assert s2.matches() == []


def test_export_game_is_a_referee_record(store, tmp_path):
    rec = {**setup_form.new_record(PLAYERS, "Anna"), "rounds": [tie_round()]}
    f = tmp_path / "g.json"
    f.write_text(game_json(rec), encoding="utf-8")
    out = run_cli("referee", str(f))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["money"] == {"Anna": 5, "Bernd": 4, "Chris": 3}


def test_csv_one_row_per_round_and_player_then_the_totals(store):
    rec = {**setup_form.new_record(PLAYERS, "Anna"), "rounds": [tie_round()]}
    rows = list(csv.DictReader(io.StringIO(game_csv(rec))))
    assert [(r["row"], r["player"]) for r in rows] == [("round", p) for p in PLAYERS] + [("game", p) for p in PLAYERS]
    assert {k: rows[1][k] for k in ("game", "round", "player", "table", "hotdogs", "dollars", "outcome", "money")} == {
        "game": "1", "round": "1", "player": "Bernd", "table": "5", "hotdogs": "3", "dollars": "2",
        "outcome": "sold", "money": "4"}
    assert rows[0]["dollars"] == "0"  # not entered: the referee's 0, written as 0
    mid = store.create_match("hotdog", PLAYERS, rec)
    text = match_csv(store.match(mid))
    assert text.splitlines()[0].startswith("row,game,round,player,mustard,table,hotdogs,dollars,")
    assert [line.split(",")[0] for line in text.splitlines()[1:]] == ["round"] * 3 + ["game"] * 3 + ["match"] * 3


def test_import_export_round_trip(store):
    rec = {**setup_form.new_record(PLAYERS, "Anna"), "rounds": [tie_round()]}
    mid = store.create_match("hotdog", PLAYERS, rec)
    text = match_json(store.match(mid))
    imported = import_json(store, text)
    assert imported.games == 1 and not imported.finished
    assert store.match(imported.match_id).match_record() == store.match(mid).match_record()
    single = import_json(store, game_json(rec))
    assert present.game_view(store.match(single.match_id).current.record).state.money["Anna"] == 5


def test_import_refuses_a_bad_record_and_stores_nothing(store):
    bad = {**setup_form.new_record(PLAYERS, "Anna"), "rounds": [{"bids": [
        {"player": "Anna", "table": 5, "hotdogs": 1, "dollars": 4},
        {"player": "Bernd", "table": 5, "hotdogs": 1},
        {"player": "Chris", "table": 5, "hotdogs": 1}]}]}
    from companion.core.errors import CompanionError
    with pytest.raises(CompanionError, match="HD-6"):
        import_json(store, json.dumps(bad))
    with pytest.raises(CompanionError, match="not valid JSON"):
        import_json(store, "{nope")
    assert store.matches() == []


def test_settings(store):
    assert store.setting("theme", "system") == "system"
    store.set_setting("theme", "dark")
    assert store.setting("theme") == "dark"


def test_csv_rows_come_from_the_game_folder():
    from pathlib import Path

    from companion.store import exchange
    from companion.store.exchange import csv_rows_of, records_csv

    assert "bid" not in Path(exchange.__file__).read_text(encoding="utf-8")   # generic: no Hot Dog fields
    from companion.games.hotdog.export import csv_rows

    assert csv_rows_of("hotdog") is csv_rows
    # a game without export.py: one row per round, the round as JSON
    rows = list(csv.DictReader(io.StringIO(records_csv([{"game": "nogame", "rounds": [{"x": 1}]}]))))
    assert rows == [{"row": "round", "game": "1", "round": "1", "round_json": '{"x": 1}'}]


def test_keep_file_never_writes_over_another_file(tmp_path):
    from companion.store.exchange import keep_file

    folder = tmp_path / "exports"
    first = keep_file(folder, "hotdog-match-1.json", b"old match 1")
    assert first == folder / "hotdog-match-1.json"
    second = keep_file(folder, "hotdog-match-1.json", b"new match 1")
    third = keep_file(folder, "hotdog-match-1.json", b"another match 1")
    assert second.name == "hotdog-match-1 (2).json" and third.name == "hotdog-match-1 (3).json"
    assert first.read_bytes() == b"old match 1" and second.read_bytes() == b"new match 1"
    # the same bytes again: the file that holds them, not one more copy
    assert keep_file(folder, "hotdog-match-1.json", b"new match 1") == second
    assert len(list(folder.iterdir())) == 3
    # a name is a name: never a path out of the folder
    assert keep_file(folder, "../../escape.json", b"x") == folder / "escape.json"


def test_keep_file_says_why_a_folder_cannot_be_written(tmp_path):
    from companion.core.errors import CompanionError
    from companion.store.exchange import keep_file

    (tmp_path / "exports").write_text("a file where the folder should be")
    with pytest.raises(CompanionError, match="cannot be written"):
        keep_file(tmp_path / "exports", "x.json", b"x")


def test_csv_text_that_a_spreadsheet_would_run_is_written_as_text():
    """A cell starting with = + - @ (or a tab or carriage return) would run as a formula
    in a spreadsheet: such a text cell is written with a ' in front (OWASP). Numbers,
    negative ones too, stay numbers."""
    players = ['=HYPERLINK("x","y")', "-2+3", "Anna"]
    rec = {"game": "hotdog", "players": players, "rounds": [{"bids": [
        {"player": players[0], "table": 5, "hotdogs": 2},
        {"player": players[1], "table": 5, "hotdogs": 3, "dollars": 2},
        {"player": "Anna", "table": 7, "hotdogs": 1, "last": True}]}]}
    rows = list(csv.reader(io.StringIO(game_csv(rec))))
    assert rows[0][:10] == ["row", "game", "round", "player", "mustard", "table", "hotdogs", "dollars", "last",
                            "announced"]
    assert rows[1][:10] == ["round", "1", "1", "'=HYPERLINK(\"x\",\"y\")", "true", "5", "2", "0", "false", ""]
    assert rows[2][:10] == ["round", "1", "1", "'-2+3", "false", "5", "3", "2", "false", ""]
    assert rows[3][:10] == ["round", "1", "1", "Anna", "false", "7", "1", "0", "true", "true"]
    assert [r[3] for r in rows[4:]] == ["'=HYPERLINK(\"x\",\"y\")", "'-2+3", "Anna"]  # the game's totals too


@pytest.mark.parametrize("example", ["sales-contract.json", "burger-contract.json"])
def test_csv_of_every_game_guards_its_text_cells(example):
    from tests.conftest import load_example

    text = json.dumps(load_example(example))
    for old, new in (("Ann", "=1+1"), ("Ben", "-2+3"), ("Cat", "@cat")):
        text = text.replace(f'"{old}"', json.dumps(new))
    rec = json.loads(text)
    cells = [cell for row in csv.reader(io.StringIO(game_csv(rec))) for cell in row]
    assert {"'-2+3", "'@cat"} <= set(cells)        # (burger names only the players who took a deck)
    assert not {"=1+1", "-2+3", "@cat"} & set(cells)
