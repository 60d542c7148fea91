"""A screen's drafts in the store (companion.store.drafts, migration 4): kept per match
and screen for one game, read back as kept, gone with the match, and a change that
meets another program's lock waits only briefly before it is refused."""

from __future__ import annotations

import sqlite3

import pytest

from companion.core.errors import StoreError
from companion.store import SCHEMA_VERSION, Store
from companion.store.drafts import WAIT, Kept, drop, keep, kept
from companion.store.migrations import MIGRATIONS, _statements

PLAYERS = ["Anna", "Bernd", "Chris"]
RECORD = {"game": "toy", "players": PLAYERS, "rounds": []}


def test_drafts_are_kept_per_match_and_screen_for_the_game_in_play(store):
    mid = store.create_match("toy", PLAYERS, RECORD)
    other = store.create_match("toy", PLAYERS, RECORD)
    keep(store, mid, "toy-table", 1, '{"bids": {"Anna": 3}}', {"round": RECORD})
    assert kept(store, mid, "toy-table", 1) == Kept('{"bids": {"Anna": 3}}', {"round": RECORD})
    assert kept(store, other, "toy-table", 1) is None
    assert kept(store, mid, "toy-table", 2) is None            # kept for game 1, not game 2
    keep(store, mid, "toy-table", 2, '{"bids": {}}', {})       # game 2's drafts take game 1's place
    assert kept(store, mid, "toy-table", 1) is None
    assert kept(store, mid, "toy-table", 2) == Kept('{"bids": {}}', {})
    drop(store, mid, "toy-table")
    assert kept(store, mid, "toy-table", 2) is None


def test_drafts_survive_a_restart_and_go_with_their_match(store):
    mid = store.create_match("toy", PLAYERS, RECORD)
    keep(store, mid, "toy-table", 1, '{"step": 2}', {})
    again = Store(store.path)
    try:
        assert kept(again, mid, "toy-table", 1) == Kept('{"step": 2}', {})
        again.delete_match(mid)
        assert kept(again, mid, "toy-table", 1) is None
        keep(again, mid, "toy-table", 1, '{"step": 3}', {})    # a late tap on a deleted match keeps nothing
        with again.reading() as c:
            assert c.execute("SELECT count(*) FROM drafts").fetchone()[0] == 0
    finally:
        again.close()


def test_a_version_3_store_gets_the_drafts_table_and_keeps_its_matches(tmp_path):
    path = tmp_path / "companion.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for v in (1, 2, 3):
        for stmt in _statements(MIGRATIONS[v]):
            conn.execute(stmt)
    conn.execute("INSERT INTO matches (game, players, created_at, updated_at) VALUES ('toy', '[\"Anna\"]', 0, 0)")
    conn.execute("PRAGMA user_version=3")
    conn.close()
    s = Store(path)
    try:
        assert s.schema_version == SCHEMA_VERSION and len(s.matches()) == 1
        keep(s, 1, "toy-table", 1, "{}", {})
        assert kept(s, 1, "toy-table", 1) == Kept("{}", {})
    finally:
        s.close()


def test_a_draft_waits_briefly_for_another_programs_lock_and_the_store_waits_as_before(store):
    mid = store.create_match("toy", PLAYERS, RECORD)
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")                # another program writing, and not finishing
    try:
        with pytest.raises(StoreError, match=f"busy for {WAIT:g} seconds"):
            keep(store, mid, "toy-table", 1, "{}", {})
    finally:
        other.execute("ROLLBACK")
        other.close()
    with store.reading() as c:                      # every other change still waits the full time
        assert c.execute("PRAGMA busy_timeout").fetchone()[0] == int(store.busy_timeout * 1000)
    keep(store, mid, "toy-table", 1, "{}", {})
    assert kept(store, mid, "toy-table", 1) == Kept("{}", {})
