"""A match's own settings (the sales deck file, the burger recipe file, the BU-7 top
buns) belong to the match: kept per match, deleted with it, and moved out of the
global settings when an older file is opened (schema 3)."""

from __future__ import annotations

import json
import sqlite3

from companion.store import SCHEMA_VERSION, Store
from companion.store.migrations import MIGRATIONS, _statements


def test_a_match_setting_is_kept_per_match_and_goes_with_the_match(tmp_path):
    store = Store(tmp_path / "c.sqlite3")
    one = store.import_match("sales", ["Anna", "Bernd", "Chris"], [{"game": "sales"}], finished=False)
    two = store.import_match("sales", ["Anna", "Bernd", "Chris"], [{"game": "sales"}], finished=False)
    store.set_match_setting(one, "deck", "/decks/a.json")
    store.set_match_setting(two, "deck", "/decks/b.json")
    assert store.match_setting(one, "deck") == "/decks/a.json"
    assert store.match_settings(two) == {"deck": "/decks/b.json"}
    store.set_match_setting(two, "deck", None)
    assert store.match_setting(two, "deck") is None
    store.delete_match(one)
    assert store._conn.execute("SELECT count(*) FROM match_settings").fetchone()[0] == 0
    assert store.match_setting(one, "deck") is None


def _version_2_file(path) -> tuple[int, int]:
    conn = sqlite3.connect(path, isolation_level=None)
    for v in (1, 2):
        for stmt in _statements(MIGRATIONS[v]):
            conn.execute(stmt)
    conn.execute("PRAGMA user_version=2")
    ids = []
    for game in ("sales", "burger"):
        cur = conn.execute("INSERT INTO matches (game, players, finished, created_at, updated_at)"
                           " VALUES (?, ?, 0, 1, 1)", (game, json.dumps(["Anna", "Bernd", "Chris"])))
        ids.append(int(cur.lastrowid))
    sales, burger = ids
    rows = {f"sales.deck.{sales}": "/decks/mine.json",
            f"burger:{burger}:recipes": "/recipes/r.json",
            f"burger:{burger}:top_buns": '["Anna"]',
            "burger:999:recipes": "/recipes/of-a-deleted-match.json",
            "current_match": str(sales), "theme": "dark"}
    conn.executemany("INSERT INTO settings (key, value) VALUES (?, ?)", rows.items())
    conn.close()
    return sales, burger


def test_schema_3_moves_the_per_match_settings_out_of_the_global_ones(tmp_path):
    path = tmp_path / "companion.sqlite3"
    sales, burger = _version_2_file(path)
    store = Store(path)
    assert store.schema_version == SCHEMA_VERSION >= 3
    assert store.match_settings(sales) == {"deck": "/decks/mine.json"}
    assert store.match_settings(burger) == {"recipes": "/recipes/r.json", "top_buns": '["Anna"]'}
    # the global settings keep only what is global; a deleted match's leftovers are gone
    assert store.setting("current_match") == str(sales) and store.setting("theme") == "dark"
    left = {r[0] for r in store._conn.execute("SELECT key FROM settings")}
    assert left == {"current_match", "theme"}
