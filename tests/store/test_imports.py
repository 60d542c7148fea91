"""Imports (issues 24 and 29): every import is one transaction, all of it or nothing;
a match keeps the dates and the id its export carries; the same file imported twice
adds nothing twice; a big file is checked a match at a time, saying how far it is.

The hostile files of ``fixtures/hostile/`` are refused in one line each and leave the
store exactly as it was: every table, every row (a night whose second match has no
games was stored half-way before: its first match and games were kept)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from companion.core.errors import CompanionError
from companion.core.registry import games
from companion.store import Store
from companion.store import nights as store_nights
from companion.store.exchange import game_json, match_export, match_json
from companion.store.imports import import_json, import_night, import_text, plan
from tests.night_records import burger_game, hotdog_match, match_of, sales_game

HOSTILE = sorted((Path(__file__).parent / "fixtures" / "hostile").glob("*.json"))
REFUSALS = {
    "match-four-games.json": "setup: HD-15 a match is 3 games, not 4",
    "match-id-not-an-id.json": "record: id value error, must be 1 to 64 letters, digits or dashes",
    "match-next-game-before-the-last-is-over.json": "setup: HD-15 game 2 starts before game 1 is over",
    "match-started-not-a-date.json": "record: started value error, must be a date and time written like "
                                     "2026-11-30T20:15:00+01:00",
    "night-match-records-not-an-object.json": "record: match_records: must be an object",
    "night-match-with-other-players.json": "record: match 2: match: game 1 is played by Anna, Bernd, Chris, "
                                           "not by the match's players",
    "night-name-too-long.json": "record: name has more than 60 entries: companion reads at most 60",
    "night-second-match-without-games.json": "record: match 2: match: it has no games",
    "night-third-match-refused.json": "record: match 3: game 1: round 1: Bernd: BU-3 plays no tool card: "
                                      "every player plays one each round",
    "not-json.json": "record: not valid JSON (Invalid control character at: line 1 column 501 (char 500))",
    "unknown-game.json": f"record: game: unknown game 'chess' (known: {', '.join(sorted(games()))})",
}


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "companion.sqlite3")
    yield s
    s.close()


def everything(store: Store) -> dict[str, list[tuple]]:
    """Every row of every table."""
    with store.reading() as c:
        tables = [n for (n,) in c.execute("SELECT name FROM sqlite_master WHERE type='table' "
                                          "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        return {t: c.execute(f'SELECT * FROM "{t}" ORDER BY 1').fetchall() for t in tables}


def test_every_hostile_file_has_its_refusal_named():
    assert sorted(p.name for p in HOSTILE) == sorted(REFUSALS)


@pytest.mark.parametrize("path", HOSTILE, ids=lambda p: p.stem)
def test_a_refused_file_leaves_the_store_exactly_as_it_was(store, path):
    import_json(store, json.dumps(hotdog_match()))             # something stored before
    store_nights.create(store, store_nights.new_record("Last week", dt.date(2026, 11, 20)))
    before = everything(store)
    with pytest.raises(CompanionError) as refused:
        import_text(store, path.read_text(encoding="utf-8"))
    assert str(refused.value) == REFUSALS[path.name] and "\n" not in str(refused.value)
    assert everything(store) == before


def test_a_nights_matches_and_the_night_are_kept_in_one_transaction(store, monkeypatch):
    """A failure while keeping (the disk full at the night, say) keeps none of its matches."""
    text = json.dumps(night_export())
    real = store_nights.insert

    def full(c, record):
        real(c, record)
        raise CompanionError("the disk is full")

    monkeypatch.setattr(store_nights, "insert", full)
    before = everything(store)
    with pytest.raises(CompanionError, match="the disk is full"):
        import_night(store, text)
    assert everything(store) == before
    monkeypatch.setattr(store_nights, "insert", real)
    assert import_night(store, text) is not None and len(store.matches()) == 3


def night_export() -> dict:
    return {"kind": "night", "name": "Friday", "date": "2026-11-27", "points": [3, 2, 1], "matches": [4, 5, 6],
            "match_records": {"4": hotdog_match(), "5": match_of(sales_game()), "6": match_of(burger_game())}}


def a_dated_match(store: Store) -> tuple[int, float]:
    """A three-game Hot Dog match stored as played on a Friday evening: begun at 20:15,
    each game half an hour, the match last changed 90 minutes in. Its id and the start."""
    mid = import_json(store, json.dumps(hotdog_match())).match_id
    then = dt.datetime(2026, 11, 27, 20, 15).timestamp()
    with store.transaction() as c:
        c.execute("UPDATE matches SET created_at=?, updated_at=? WHERE id=?", (then, then + 5400, mid))
        for n in (1, 2, 3):
            c.execute("UPDATE games SET created_at=?, updated_at=? WHERE match_id=? AND number=?",
                      (then + (n - 1) * 1800, then + n * 1800 - 60, mid, n))
    return mid, then


def test_a_match_export_carries_its_id_and_dates_and_keeps_them_when_imported(store, tmp_path):
    mid, then = a_dated_match(store)
    exported = match_export(store, mid)
    assert exported["id"] == store.match_uid(mid)
    assert dt.datetime.fromisoformat(exported["started"]).timestamp() == then
    assert dt.datetime.fromisoformat(exported["played"][1]["changed"]).timestamp() == then + 3540
    other = Store(tmp_path / "other.sqlite3")
    try:
        got = import_json(other, match_json(store.match(mid)))
        there = other.match(got.match_id)
        assert (there.uid, there.created_at, there.updated_at) == (store.match(mid).uid, then, then + 5400)
        assert [(g.created_at, g.updated_at) for g in there.games] == [
            (g.created_at, g.updated_at) for g in store.match(mid).games]
        assert match_json(there) == match_json(store.match(mid))      # the same file back
    finally:
        other.close()


def test_the_same_file_twice_is_one_match_and_says_so(store):
    text = json.dumps(hotdog_match())                            # a hand-made file: no id
    first = import_json(store, text)
    again = import_json(store, text)
    assert not first.already and again.already and again.match_id == first.match_id
    exported = match_json(store.match(first.match_id))           # its own export: its id
    assert import_json(store, exported).already
    game = game_json(store.match(first.match_id).games[0].record)
    single = import_json(store, game)                            # one game: a match of its own …
    assert not single.already and import_json(store, game).already   # … once
    assert len(store.matches()) == 2


def test_a_night_imported_twice_is_one_night_and_its_matches_are_not_doubled(store):
    text = json.dumps(night_export())
    first = import_text(store, text)
    again = import_text(store, text)
    assert first.new == 3 and again.new == 0 and again.night_already and again.night_id == first.night_id
    assert len(store.matches()) == 3 and len(store_nights.nights(store)) == 1
    # a match of the night stored already (imported on its own first) is named, not doubled
    other = Store(store.path.with_name("other.sqlite3"))
    try:
        import_json(other, json.dumps(hotdog_match()))
        kept = import_text(other, text)
        assert kept.already == (True, False, False) and len(other.matches()) == 3
    finally:
        other.close()


def test_a_big_file_is_checked_a_match_at_a_time_saying_how_far(store):
    night = night_export()
    for i in range(7, 17):                                       # 13 matches
        night["matches"].append(i)
        night["match_records"][str(i)] = {**match_of(burger_game()), "players": ["anna", "Bernd", "Chris"]}
    told: list[tuple[int, int]] = []
    planned = plan(json.dumps(night), lambda done, total: told.append((done, total)))
    assert len(planned.matches) == 13 and told == [(i, 13) for i in range(14)]
