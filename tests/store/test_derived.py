"""Derived results kept with the record (issue 26): a match's rows are worked out once
from its records and kept in the store beside them, keyed by the records and the
version of their game's rules; any change to the match's games (a round saved by a
screen, a phone's reveal through the hub, a game added, an import) drops them in the
same transaction, a rules fix makes them stale, and a start replays nothing."""

from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
from pathlib import Path

import pytest

from companion.core import registry
from companion.core.errors import StoreError
from companion.store import Store, db, derived
from companion.store.writes import write_game
from companion.tallies import stats as tallied
from tests.tallies.test_stats import hotdog_game


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "companion.sqlite3")
    yield s
    s.close()


def spy(monkeypatch) -> list[int]:
    seen: list[int] = []
    original = tallied.derive

    def derive(match_id, *args):
        seen.append(match_id)
        return original(match_id, *args)

    monkeypatch.setattr(tallied, "derive", derive)
    return seen


def three(store: Store, bernd: tuple[int, int, int] = (1, 0, 2)) -> int:
    return store.import_match("hotdog", ["Anna", "Bernd"], [hotdog_game(d) for d in bernd], True)


def rows(store: Store, match_id: int) -> tuple:
    with store.reading() as c:
        head = c.execute("SELECT digest, version, complete FROM derived_matches WHERE match_id=?",
                         (match_id,)).fetchone()
        seats = c.execute("SELECT number, name, score, won FROM derived_seats WHERE match_id=? "
                          "ORDER BY number, seat", (match_id,)).fetchall()
    return head, seats


def test_worked_out_once_and_kept_beside_the_record(store, monkeypatch):
    mid = three(store)
    assert derived.stale(store) == 1
    seen = spy(monkeypatch)
    assert derived.refresh(store) == 1 and seen == [mid]
    head, seats = rows(store, mid)
    texts = [json.dumps(g.record, ensure_ascii=False, separators=(",", ":")) for g in store.match(mid).games]
    assert head == (derived.digest(texts), derived.version("hotdog"), 1)    # keyed by the records and the rules
    assert seats == [(1, "Anna", 8, 1), (1, "Bernd", 2, 0), (2, "Anna", 8, 1), (2, "Bernd", 3, 0),
                     (3, "Anna", 8, 1), (3, "Bernd", 1, 0)]
    assert derived.refresh(store) == 0 and derived.fresh(store) == 0 and seen == [mid]


def test_an_edited_record_is_worked_out_again_and_only_its_match(store, monkeypatch):
    a, b = three(store), three(store)
    derived.refresh(store)
    before = rows(store, a)
    seen = spy(monkeypatch)
    store.save_game(a, 2, hotdog_game(2))                   # Bernd pays $2 in game 2: $1 left
    assert rows(store, a) == (None, [])                     # dropped in the same transaction
    assert derived.stale(store) == 1
    derived.fresh(store, [a, b])
    assert seen == [a]
    after = rows(store, a)
    assert after[0][0] != before[0][0]                      # another record, another digest
    assert (2, "Bernd", 1, 0) in after[1]


def test_every_writer_drops_the_rows_a_phones_reveal_a_new_game_and_a_deleted_match(store):
    mid = store.create_match("hotdog", ["Anna", "Bernd"], hotdog_game(1))
    derived.refresh(store)
    with store.transaction() as c:                          # the hub writes in its own transaction
        write_game(c, mid, 1, hotdog_game(2))
    assert derived.stale(store) == 1
    derived.refresh(store)
    store.add_game(mid, hotdog_game(0))
    assert derived.stale(store) == 1
    derived.refresh(store)
    store.delete_match(mid)
    with store.reading() as c:
        assert [c.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                for t in ("derived_matches", "derived_games", "derived_seats", "derived_totals")] == [0, 0, 0, 0]


def test_a_rules_fix_raises_the_version_and_every_match_of_that_game_is_worked_out_again(store, monkeypatch):
    a = three(store)
    other = store.import_match("burger", ["Ann", "Ben", "Cat"], [json.loads(
        Path("tests/examples/burger-contract.json").read_text(encoding="utf-8"))], True)
    derived.refresh(store)
    assert rows(store, a)[1][0] == (1, "Anna", 8, 1)
    spec = registry.game("hotdog")

    def fixed(result):                                      # a "fix": every final score doubled
        return {p: 2 * v for p, v in spec.final_scores(result).items()}

    monkeypatch.setitem(registry._found(), "hotdog",
                        dataclasses.replace(spec, rules_version=spec.rules_version + 1, final_scores=fixed))
    assert derived.stale(store) == 1                        # the burger match is still up to date
    seen = spy(monkeypatch)
    derived.refresh(store)
    assert seen == [a] and other not in seen
    head, seats = rows(store, a)
    assert head[1] == derived.version("hotdog") and seats[0] == (1, "Anna", 16, 1)


def test_a_long_archive_in_chunks_saying_how_far_it_is(store):
    for _ in range(7):
        three(store)
    told: list[tuple[int, int]] = []
    assert derived.refresh(store, lambda done, total: told.append((done, total)), chunk=3) == 7
    assert told == [(0, 7), (3, 7), (6, 7), (7, 7)]


def test_a_record_changed_while_it_was_worked_out_is_not_kept(store, monkeypatch):
    mid = three(store)
    original = derived.work_out

    def meanwhile(*args):
        row = original(*args)
        store.save_game(mid, 1, hotdog_game(2))             # another screen saves first
        return row

    monkeypatch.setattr(derived, "work_out", meanwhile)
    derived.refresh(store)
    assert derived.stale(store) == 1                        # nothing stale kept
    monkeypatch.setattr(derived, "work_out", original)
    derived.refresh(store)
    assert (1, "Bernd", 1, 0) in rows(store, mid)[1]


def test_a_start_replays_nothing_however_long_the_history(tmp_path, monkeypatch):
    path = tmp_path / "companion.sqlite3"
    first = Store(path)
    for _ in range(40):
        three(first)
    first.close()
    seen = spy(monkeypatch)
    refereed: list[object] = []
    monkeypatch.setattr(registry, "referee", lambda record: refereed.append(record))
    Store(path).close()
    assert seen == [] and refereed == []


def test_a_read_only_store_works_its_rows_out_in_memory_and_leaves_the_file_alone(tmp_path, monkeypatch):
    path = tmp_path / "companion.sqlite3"
    first = Store(path)
    three(first)
    first.close()
    before = path.read_bytes()
    real = db.os.access      # tests run as root, whom chmod does not stop: the system says no (test_unusable.py)

    def access(p, mode, *args, **kwargs):
        return False if mode & os.W_OK and os.fspath(p) == str(path) else real(p, mode, *args, **kwargs)

    monkeypatch.setattr(db.os, "access", access)
    ro = Store(path)
    assert ro.read_only is not None
    assert derived.refresh(ro) == 1 and derived.stale(ro) == 0
    assert rows(ro, 1)[1][0] == (1, "Anna", 8, 1)
    with pytest.raises(StoreError):
        ro.set_setting("theme", "dark")                     # still refuses every change of its own
    ro.close()
    assert path.read_bytes() == before


def test_the_migration_gives_every_stored_match_an_id_and_new_ones_get_theirs(tmp_path):
    from companion.store.migrations import MIGRATIONS, _statements

    path = tmp_path / "companion.sqlite3"
    db = sqlite3.connect(path)
    for v in range(1, 7):                                   # a store of companion's schema 6
        for statement in _statements(MIGRATIONS[v]):
            db.execute(statement)
    db.execute("PRAGMA user_version=6")
    for _ in range(2):
        db.execute("INSERT INTO matches (game, players, finished, created_at, updated_at) "
                   "VALUES ('hotdog', '[\"Anna\",\"Bernd\"]', 1, 0, 0)")
    db.commit()
    db.close()
    store = Store(path)
    c = three(store)
    with store.reading() as conn:
        uids = [r[0] for r in conn.execute("SELECT uid FROM matches ORDER BY id")]
    assert len(set(uids)) == 3 and all(len(u) == 32 for u in uids)
    assert store.match_uid(c) == uids[2] == store.match(c).uid
    assert derived.stale(store) == 3                        # matches stored before: worked out when needed
    store.close()


def test_a_start_checks_only_the_records_written_since_the_last_start(tmp_path):
    """Opening the file checks that every record written since it was last opened is
    JSON (a record broken meanwhile moves the file aside: test_store.py), and no other."""
    path = tmp_path / "companion.sqlite3"
    first = Store(path)
    mids = [three(first) for _ in range(5)]
    first.close()
    again = Store(path)

    def written() -> list[int]:
        with again.reading() as c:
            return [r[0] for r in c.execute("SELECT game_id FROM games_written")]

    assert written() == []                                  # all checked once: none to check again
    again.save_game(mids[2], 3, hotdog_game(0))
    (game_id,) = written()
    assert game_id == again.match(mids[2]).games[2].id
    again.close()
    Store(path).close()


def test_a_writer_with_foreign_keys_off_drops_every_row_of_the_match_too(store):
    """Another program (sqlite3 with its default, foreign keys off) writing a record, or
    deleting a match: the match's derived rows all go (by trigger, not by foreign key),
    and it is worked out again as stored."""
    a, b = three(store), three(store)
    derived.refresh(store)
    raw = sqlite3.connect(store.path)
    with raw:
        raw.execute("UPDATE games SET record = record WHERE match_id = ?", (a,))
        raw.execute("DELETE FROM games WHERE match_id = ?", (b,))
        raw.execute("DELETE FROM matches WHERE id = ?", (b,))
    raw.close()
    with store.reading() as c:
        left = {t: c.execute(f"SELECT DISTINCT match_id FROM {t}").fetchall()
                for t in ("derived_matches", "derived_games", "derived_seats", "derived_figures", "derived_totals")}
    assert all(rows == [] for rows in left.values()), left
    assert derived.refresh(store) == 1 and rows(store, a)[1][0] == (1, "Anna", 8, 1)
