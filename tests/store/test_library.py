"""The files players make for their own copy of a game, kept in the store
(companion.store.library): added, listed by name, saved at each tap, deleted; a file
deleted meanwhile is refused by name, never written again."""

from __future__ import annotations

import sqlite3

import pytest

from companion.core.errors import StoreError
from companion.store import Store
from companion.store.library import add, delete, item, items, save
from companion.store.migrations import MIGRATIONS, SCHEMA_VERSION, _statements


def test_a_file_is_kept_as_its_text_listed_by_name_and_saved_as_edited(store):
    text = '{\n "name": "Ours",\n "cards": []\n}\n'
    b = add(store, "sales", "Ours", text)
    a = add(store, "sales", "alpine", "{}")
    add(store, "burger", "Recipes", "{}")
    assert [i.name for i in items(store, "sales")] == ["alpine", "Ours"]      # by name, any case
    assert item(store, b).body == text and item(store, b).game == "sales"
    save(store, b, "Ours, edited", text.replace("[]", "[1]"))
    assert item(store, b).name == "Ours, edited" and "[1]" in item(store, b).body
    delete(store, a)
    assert [i.id for i in items(store, "sales")] == [b]


def test_a_file_deleted_in_another_tab_is_refused_not_written_again(store):
    gone = add(store, "sales", "Gone", "{}")
    delete(store, gone)
    with pytest.raises(StoreError, match="no saved file"):
        item(store, gone)
    with pytest.raises(StoreError, match="no saved file"):
        save(store, gone, "Gone", "{}")
    assert items(store, "sales") == []


def test_a_version_4_store_gets_the_library_and_keeps_its_matches(tmp_path):
    path = tmp_path / "companion.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for v in (1, 2, 3, 4):
        for stmt in _statements(MIGRATIONS[v]):
            conn.execute(stmt)
    conn.execute("INSERT INTO matches (game, players, created_at, updated_at) VALUES ('toy', '[\"Anna\"]', 0, 0)")
    conn.execute("PRAGMA user_version=4")
    conn.close()
    s = Store(path)
    try:
        assert s.schema_version == SCHEMA_VERSION >= 5 and len(s.matches()) == 1
        add(s, "sales", "Ours", "{}")
        assert [i.name for i in items(s, "sales")] == ["Ours"]
    finally:
        s.close()
