"""The store's hosted tables (companion.store.hosting): each operation the table hub
asks for, in the store's own transactions, without the hub."""

from __future__ import annotations

import json

import pytest

from companion.store import Store
from companion.store.hosting import (
    GameInPlay,
    HostedSeat,
    HostedTable,
    NotStored,
    PendingBid,
    hosting,
)

PLAYERS = ["Anna", "Bernd", "Chris"]


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "c.sqlite3")
    yield s
    s.close()


def a_match(store: Store, rounds: int = 0) -> int:
    record = {"game": "hotdog", "players": PLAYERS, "mustard": "Anna",
              "rounds": [{"bids": []}] * rounds}
    return store.create_match("hotdog", PLAYERS, record)


def hosted(store: Store, code: str = "ABC234") -> HostedTable:
    mid = a_match(store)
    with hosting(store) as h:
        t = h.open_table(code, mid, 1, 0, PLAYERS)
    assert t is not None
    return t


def count(store: Store, table: str) -> int:
    return int(store._conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def test_a_table_is_opened_found_and_closed(store):
    mid = a_match(store)
    with hosting(store) as h:
        assert h.table("ABC234") is None and h.table_of(mid) is None and h.tables() == []
        t = h.open_table("ABC234", mid, 1, 0, PLAYERS)
    assert t == HostedTable(t.id, "ABC234", mid, 1, 0, {})
    with hosting(store) as h:
        assert h.table("ABC234") == t == h.table_of(mid)
        assert h.tables() == [t]
        assert h.seating(t.id).seats == tuple(HostedSeat(p, None) for p in PLAYERS)
        h.close_table(t.id)
    with hosting(store) as h:
        assert h.table("ABC234") is None and h.tables() == []
    assert [count(store, n) for n in ("net_tables", "net_seats", "net_bids")] == [0, 0, 0]
    assert len(store.match(mid).games) == 1          # the record stays


def test_a_code_in_use_opens_no_second_table(store):
    first = hosted(store)
    other = a_match(store)
    with hosting(store) as h:
        assert h.open_table(first.code, other, 1, 0, PLAYERS) is None
        assert h.table_of(other) is None
        assert h.tables() == [first]


def test_a_seat_is_taken_once_and_freed(store):
    t = hosted(store)
    with hosting(store) as h:
        assert h.take_seat(t.id, "Bernd", "hash-1")
        assert not h.take_seat(t.id, "Bernd", "hash-2")          # held by another device
        assert h.seat_of("hash-1") == (t, "Bernd")
        assert h.seat_of("hash-2") is None
        assert h.seating(t.id).seats[1] == HostedSeat("Bernd", "hash-1")
    with hosting(store) as h:
        h.free_seat(t.id, "Bernd")
        assert h.seat_of("hash-1") is None
        assert h.take_seat(t.id, "Bernd", "hash-2")
        assert h.seat_of("hash-2") == (t, "Bernd")


def test_bids_are_kept_in_the_order_made_and_dropped(store):
    t = hosted(store)
    with hosting(store, synced=False) as h:
        h.keep_bid(t.id, "Chris", {"hotdogs": 1})
        h.keep_bid(t.id, "Anna", {"hotdogs": 2})
        h.keep_bid(t.id, "Chris", {"hotdogs": 3})                  # changed: keeps its place
    with hosting(store) as h:
        bids = h.bids(t.id)
        assert [(b.player, b.bid) for b in bids] == [("Chris", {"hotdogs": 3}), ("Anna", {"hotdogs": 2})]
        assert bids[0].made < bids[1].made
        assert h.seating(t.id).bids == tuple(bids)
        h.drop_bid(t.id, "Chris")
        h.keep_bid(t.id, "Chris", {"hotdogs": 4})                  # made again: now last
        assert [b.player for b in h.bids(t.id)] == ["Anna", "Chris"]
        h.drop_bid(t.id, "Bernd")                                  # none: nothing happens
        assert [b.player for b in h.bids(t.id)] == ["Anna", "Chris"]


def test_a_bid_transaction_is_committed_unsynced(store):
    t = hosted(store)
    with hosting(store, synced=False) as h:
        level = store._conn.execute("PRAGMA synchronous").fetchone()[0]
        h.keep_bid(t.id, "Anna", {"hotdogs": 1})
    assert level == 1                                               # NORMAL for this one only
    assert store._conn.execute("PRAGMA synchronous").fetchone()[0] == 2
    with hosting(store) as h:
        assert store._conn.execute("PRAGMA synchronous").fetchone()[0] == 2
        assert h.bids(t.id) == [PendingBid("Anna", {"hotdogs": 1}, 1)]


def test_a_failed_change_writes_nothing(store):
    t = hosted(store)
    with pytest.raises(RuntimeError), hosting(store) as h:
        h.keep_bid(t.id, "Anna", {"hotdogs": 1})
        h.take_seat(t.id, "Anna", "hash-1")
        raise RuntimeError("the rules refused")
    with hosting(store) as h:
        assert h.bids(t.id) == [] and h.seat_of("hash-1") is None


def test_the_info_and_the_round_of_a_table(store):
    t = hosted(store)
    with hosting(store) as h:
        h.set_info(t.id, {"decks": [1, 2]})
        h.keep_bid(t.id, "Anna", {"hotdogs": 1})
        assert h.table(t.code).info == {"decks": [1, 2]}
        h.start_round(t.id, 2, 0)
        now = h.table(t.code)
        assert (now.game_number, now.position, now.info) == (2, 0, {})
        assert h.bids(t.id) == []


def test_the_game_in_play_is_read_and_a_revealed_round_saved(store):
    mid = a_match(store)
    with hosting(store) as h:
        game = h.game_in_play(mid)
        assert game == GameInPlay("hotdog", tuple(PLAYERS), 1, game.record_json)
        assert json.loads(game.record_json) == store.match(mid).current.record
        assert h.match_players(mid) == ("hotdog", tuple(PLAYERS))
        record = {**json.loads(game.record_json), "rounds": [{"bids": []}]}
        stored = h.save_record(mid, 1, record)
        assert h.game_in_play(mid).record_json == stored and json.loads(stored) == record
    assert store.match(mid).current.record == record
    store.add_game(mid, {"game": "hotdog", "players": PLAYERS, "mustard": "Bernd", "rounds": []})
    with hosting(store) as h:
        assert h.game_in_play(mid).number == 2


def test_a_match_not_stored_is_said_so(store):
    with hosting(store) as h, pytest.raises(NotStored, match="there is no match 99"):
        h.game_in_play(99)
    with hosting(store) as h, pytest.raises(NotStored, match="there is no match 99"):
        h.match_players(99)
    mid = store.import_match("hotdog", PLAYERS, [], finished=False)
    with hosting(store) as h, pytest.raises(NotStored, match=f"match {mid} has no game"):
        h.game_in_play(mid)


def test_a_deleted_match_takes_its_hosted_table_with_it(store):
    t = hosted(store)
    keep = hosted(store, "XYZ789")
    with hosting(store) as h:
        assert h.take_seat(t.id, "Anna", "hash-1")
        h.keep_bid(t.id, "Anna", {"hotdogs": 1})
    store.delete_match(t.match_id)
    with hosting(store) as h:
        assert h.table(t.code) is None and h.table_of(t.match_id) is None
        assert h.seat_of("hash-1") is None and h.bids(t.id) == []
        assert h.tables() == [keep]
    assert count(store, "net_seats") == len(PLAYERS) and count(store, "net_bids") == 0
