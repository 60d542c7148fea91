"""Schema 2 (the hosted tables) upgrades a version-1 database in place, keeping its matches."""

from __future__ import annotations

import json
import sqlite3

from companion.games.hotdog import forms, setup_form
from companion.net import Hub
from companion.store import SCHEMA_VERSION, Store
from companion.store.migrations import MIGRATIONS, _statements
from tests.net.conftest import PLAYERS, TIE, seated


def version_1_database(path) -> int:
    """A database as the app wrote it before schema 2: one match with one round."""
    conn = sqlite3.connect(path, isolation_level=None)
    for stmt in _statements(MIGRATIONS[1]):
        conn.execute(stmt)
    conn.execute("PRAGMA user_version=1")
    record = forms.submit(setup_form.new_record(PLAYERS, "Anna"),
                       {p: forms.Draft.of(b) for p, b in TIE.items()}).record
    cur = conn.execute("INSERT INTO matches (game, players, finished, created_at, updated_at)"
                       " VALUES ('hotdog', ?, 0, 1, 1)", (json.dumps(PLAYERS),))
    conn.execute("INSERT INTO games (match_id, number, record, created_at, updated_at)"
                 " VALUES (?, 1, ?, 1, 1)", (cur.lastrowid, json.dumps(record)))
    conn.close()
    return int(cur.lastrowid)


def test_version_1_is_upgraded_and_keeps_its_matches(tmp_path):
    path = tmp_path / "companion.sqlite3"
    mid = version_1_database(path)
    store = Store(path)
    assert store.notice is None
    assert store.schema_version == SCHEMA_VERSION
    tables = {r[0] for r in store._conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"net_tables", "net_seats", "net_bids"} <= tables
    assert len(store.match(mid).current.record["rounds"]) == 1
    # and the upgraded file hosts a table
    _code, tokens = seated(Hub(store), mid)
    assert Hub(store).view(tokens["Anna"]).resolution["number"] == 1
    store.close()
    assert Store(path).schema_version == SCHEMA_VERSION   # opening again migrates nothing


def test_deleting_a_match_deletes_its_table(tmp_path):
    store = Store(tmp_path / "c.sqlite3")
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    hub = Hub(store)
    _code, tokens = seated(hub, mid)
    hub.submit(tokens["Anna"], TIE["Anna"])
    store.delete_match(mid)
    counts = [store._conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
              for t in ("net_tables", "net_seats", "net_bids")]
    assert counts == [0, 0, 0] and hub.tables() == []
