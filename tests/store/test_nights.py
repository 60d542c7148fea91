"""Game nights in the store (companion.store.nights): made, listed by date, changed
(a match added or removed, points changed, renamed), deleted; a match deleted that a
night holds shows as deleted, never an error; the JSON and CSV exports."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import sqlite3

import pytest

from companion.core.errors import CompanionError, StoreError
from companion.store import Store
from companion.store import imports as store_imports
from companion.store import nights as store_nights
from companion.store.imports import import_json
from companion.store.migrations import MIGRATIONS, SCHEMA_VERSION, _statements
from companion.tallies.night import DELETED, NightRecord
from tests.night_records import burger_game, hotdog_match, match_of, sales_game


def seed(store: Store) -> list[int]:
    """The hand-worked matches: Hot Dog, sales, burger (tests/night_records.py)."""
    return [import_json(store, json.dumps(m)).match_id
            for m in (hotdog_match(), match_of(sales_game()), match_of(burger_game()))]


def test_made_listed_by_date_changed_and_deleted(store):
    hd, sa, bu = seed(store)
    older = store_nights.create(store, store_nights.new_record("Last week", dt.date(2026, 11, 20)))
    nid = store_nights.create(store, store_nights.new_record(date=dt.date(2026, 11, 27)))
    assert [n.record.name for n in store_nights.nights(store)] == ["Game night 2026-11-27", "Last week"]
    for mid in (hd, sa, bu, sa):
        store_nights.add_match(store, nid, mid)
    assert store_nights.night(store, nid).record.matches == [hd, sa, bu]   # each once
    result = store_nights.tally_of(store, store_nights.night(store, nid).record)
    assert [(s.player, s.rank_text) for s in result.standings] == [("Bernd", "=1st"), ("Chris", "=1st"),
                                                                   ("Anna", "3rd")]
    store_nights.set_points(store, nid, 1, 5)
    store_nights.set_points(store, nid, 2, 0)
    store_nights.set_points(store, nid, 3, 0)
    store_nights.remove_match(store, nid, sa)
    store_nights.rename(store, nid, "  Friday  ")
    record = store_nights.night(store, nid).record
    assert record == NightRecord(name="Friday", date="2026-11-27", points=[5, 0, 0], matches=[hd, bu])
    result = store_nights.tally_of(store, record)
    assert [(s.player, str(s.total)) for s in result.standings] == [("Anna", "5"), ("Bernd", "5/2"),
                                                                    ("Chris", "5/2")]
    store_nights.rename(store, nid, " ")
    assert store_nights.night(store, nid).record.name == "Game night 2026-11-27"
    store_nights.delete(store, older)
    assert [n.id for n in store_nights.nights(store)] == [nid]
    assert len(store.matches()) == 3                      # a night's matches are not its own


def test_a_match_deleted_is_shown_gone_never_an_error(store):
    hd, sa, bu = seed(store)
    nid = store_nights.create(store, store_nights.new_record("Friday", dt.date(2026, 11, 27))
                              .with_match(hd).with_match(bu))
    store.delete_match(bu)
    record = store_nights.night(store, nid).record
    assert record.matches == [hd, bu]                     # still named, shown gone
    result = store_nights.tally_of(store, record)
    assert [m.status for m in result.matches] == ["counted", DELETED]
    assert [(s.player, str(s.total)) for s in result.standings] == [("Anna", "3"), ("Bernd", "2"), ("Chris", "1")]
    data = json.loads(store_nights.night_json(store, store_nights.night(store, nid)))
    assert data["match_records"][str(hd)]["game"] == "hotdog" and data["match_records"][str(bu)] is None


def test_a_night_deleted_in_another_tab_is_refused_not_written_again(store):
    nid = store_nights.create(store, store_nights.new_record("Friday", dt.date(2026, 11, 27)))
    store_nights.delete(store, nid)
    with pytest.raises(StoreError, match="no game night"):
        store_nights.night(store, nid)
    with pytest.raises(StoreError, match="no game night"):
        store_nights.add_match(store, nid, 1)
    assert store_nights.nights(store) == []


def test_exports_json_with_its_matches_and_csv(store):
    hd, sa, bu = seed(store)
    nid = store_nights.create(store, NightRecord(name="Friday", date="2026-11-27", matches=[hd, sa, bu]))
    stored = store_nights.night(store, nid)
    data = json.loads(store_nights.night_json(store, stored))
    assert {k: data[k] for k in ("kind", "name", "date", "points", "matches")} == {
        "kind": "night", "name": "Friday", "date": "2026-11-27", "points": [3, 2, 1], "matches": [hd, sa, bu]}
    exported = data["match_records"][str(hd)]
    assert {k: exported[k] for k in ("kind", "game", "players", "games")} == hotdog_match()
    assert exported["id"] == store.match_uid(hd) and len(exported["played"]) == 3   # its id and dates travel
    assert data["match_records"][str(bu)]["players"] == ["anna", "Bernd", "Chris"]
    rows = list(csv.DictReader(io.StringIO(store_nights.night_csv(store_nights.tally_of(store, stored.record)))))
    burger = [r for r in rows if r["row"] == "match" and r["game"] == "burger"]
    assert [(r["player"], r["place"], r["tied"], r["points"]) for r in burger] == [
        ("anna", "3", "false", "1"), ("Bernd", "1", "true", "2.5"), ("Chris", "1", "true", "2.5")]
    assert [(r["player"], r["points"], r["rank"], r["tied"]) for r in rows if r["row"] == "night"] == [
        ("Bernd", "6.5", "1", "true"), ("Chris", "6.5", "1", "true"), ("Anna", "5", "3", "false")]


def test_a_version_5_store_gets_nights_and_keeps_its_matches(tmp_path):
    path = tmp_path / "companion.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for v in range(1, 6):
        for stmt in _statements(MIGRATIONS[v]):
            conn.execute(stmt)
    conn.execute("INSERT INTO matches (game, players, created_at, updated_at) VALUES ('toy', '[\"Anna\"]', 0, 0)")
    conn.execute("PRAGMA user_version=5")
    conn.close()
    s = Store(path)
    try:
        assert s.schema_version == SCHEMA_VERSION >= 6 and len(s.matches()) == 1
        store_nights.create(s, store_nights.new_record("Friday", dt.date(2026, 11, 27)))
        assert [n.record.name for n in store_nights.nights(s)] == ["Friday"]
    finally:
        s.close()


def test_an_export_imported_back_is_the_same_night_with_its_matches_new(store, tmp_path):
    hd, sa, bu = seed(store)
    nid = store_nights.create(store, NightRecord(name="Friday", date="2026-11-27", points=[5, 2],
                                                 matches=[hd, sa, bu]))
    store.delete_match(sa)
    text = store_nights.night_json(store, store_nights.night(store, nid))
    other = Store(tmp_path / "other.sqlite3")
    try:
        other_nid = store_imports.import_night(other, text)
        assert other_nid is not None
        record = store_nights.night(other, other_nid).record
        assert (record.name, record.date, record.points, len(record.matches)) == ("Friday", "2026-11-27", [5, 2], 2)
        before = store_nights.tally_of(store, store_nights.night(store, nid).record)
        after = store_nights.tally_of(other, record)
        assert [(s.player, s.total, s.rank) for s in after.standings] == [
            (s.player, s.total, s.rank) for s in before.standings]
        assert sorted(m.game for m in other.matches()) == ["burger", "hotdog"]   # the deleted one left out
        # not a night: left to the caller; a bad match: nothing kept
        assert store_imports.import_night(other, json.dumps(hotdog_match())) is None
        broken = json.loads(text)
        broken["match_records"][str(hd)]["players"] = ["Anna", "Bernd"]
        with pytest.raises(CompanionError, match=f"match {hd}"):
            store_imports.import_night(other, json.dumps(broken))
        assert len(other.matches()) == 2 and len(store_nights.nights(other)) == 1
    finally:
        other.close()


def test_taps_at_once_each_build_on_the_other(store):
    """Boxes ticked and steps tapped at the same moment (two tabs, or quick taps handled
    in two threads): each change reads the night in the transaction that writes it."""
    import threading

    nid = store_nights.create(store, store_nights.new_record("Friday", dt.date(2026, 11, 27)))
    ids = list(range(1, 25))
    start = threading.Barrier(len(ids) + 4)

    def tick(mid: int) -> None:
        start.wait()
        store_nights.add_match(store, nid, mid)

    def step() -> None:
        start.wait()
        store_nights.step_points(store, nid, 1, 1)

    threads = [threading.Thread(target=tick, args=(m,)) for m in ids] + [threading.Thread(target=step)
                                                                         for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    record = store_nights.night(store, nid).record
    assert record.matches == ids and record.points == [7, 2, 1]


def test_a_new_night_is_named_after_its_day_in_the_language_in_use():
    import datetime as dt

    from companion.core import i18n
    from companion.store.nights import new_record

    day = dt.date(2026, 12, 1)
    assert new_record(date=day).name == "Game night 2026-12-01"
    with i18n.using("de"):
        assert new_record(date=day).name == "Spieleabend 01.12.2026"
    assert new_record("Freitag", day).name == "Freitag"
