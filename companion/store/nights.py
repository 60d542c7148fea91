"""Game nights in the store: each is its record (:class:`companion.tallies.night.NightRecord`)
as JSON, with when it was made and last changed.

A night names its matches by id and never holds a copy of them: its tally is worked out
from the matches as they are stored now (:func:`tally_of`), so a round entered or edited
in one of them changes the night at once. Deleting a match leaves its id in the night,
which then shows it as deleted and counts nothing for it; removing it from the night is
the player's choice. Each change is one transaction, saved like a round.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.core import when
from companion.core.errors import StoreError
from companion.core.i18n import _
from companion.core.match import MatchRecord
from companion.core.names import key
from companion.core.spreadsheet import csv_text
from companion.store import derived
from companion.store.db import Store
from companion.store.exchange import match_export
from companion.tallies.night import NightRecord, NightResult, parse_night, tally_ends


@dataclass(frozen=True)
class StoredNight:
    id: int
    record: NightRecord
    created_at: float
    updated_at: float


def _dump(record: NightRecord) -> str:
    return json.dumps(record.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))


def _night(row: tuple[int, str, float, float]) -> StoredNight:
    return StoredNight(id=row[0], record=parse_night(json.loads(row[1])), created_at=row[2], updated_at=row[3])


def new_record(name: str = "", date: dt.date | None = None) -> NightRecord:
    """A new night of ``date`` (today if none), named after its day unless named."""
    day = date or dt.date.today()
    return NightRecord(name=name or default_name(day), date=day.isoformat())


def default_name(day: dt.date) -> str:
    """A night's name until the players give it one: its day, in the language in use
    when it is named (a name, kept as it was written, like one a player types)."""
    return _("Game night {date}").format(date=when.calendar_day(day))


def create(store: Store, record: NightRecord) -> int:
    """Keep a new night; its id."""
    with store.transaction() as c:
        return insert(c, record)


def nights(store: Store) -> list[StoredNight]:
    """Every night, the latest date first (then the latest made first)."""
    with store.reading() as c:
        rows = c.execute("SELECT id, record, created_at, updated_at FROM nights "
                         "ORDER BY json_extract(record, '$.date') DESC, id DESC").fetchall()
    return [_night(r) for r in rows]


def night(store: Store, night_id: int) -> StoredNight:
    """One night; a StoreError if it is no longer saved (deleted in another tab)."""
    with store.reading() as c:
        row = c.execute("SELECT id, record, created_at, updated_at FROM nights WHERE id=?",
                        (night_id,)).fetchone()
    if row is None:
        raise StoreError(_("there is no game night {id} here: it may have been deleted").format(id=night_id))
    return _night(row)


def save(store: Store, night_id: int, record: NightRecord) -> None:
    """Keep the night as changed (renamed, a match added or removed, points changed)."""
    with store.transaction() as c:
        _write(c, night_id, record)


def _write(c: sqlite3.Connection, night_id: int, record: NightRecord) -> None:
    cur = c.execute("UPDATE nights SET record=?, updated_at=? WHERE id=?",
                    (_dump(record), time.time(), night_id))
    if cur.rowcount == 0:
        raise StoreError(_("there is no game night {id} here: it may have been deleted").format(id=night_id))


def _change(store: Store, night_id: int, change: Callable[[NightRecord], NightRecord]) -> NightRecord:
    """Read the night, change it and write it in one transaction: two taps at once (two
    tabs, or two boxes ticked quickly) each build on the other, none is lost."""
    with store.transaction() as c:
        row = c.execute("SELECT id, record, created_at, updated_at FROM nights WHERE id=?",
                        (night_id,)).fetchone()
        if row is None:
            raise StoreError(_("there is no game night {id} here: it may have been deleted").format(id=night_id))
        record = change(_night(row).record)
        _write(c, night_id, record)
    return record


def add_match(store: Store, night_id: int, match_id: int) -> NightRecord:
    return _change(store, night_id, lambda r: r.with_match(match_id))


def remove_match(store: Store, night_id: int, match_id: int) -> NightRecord:
    return _change(store, night_id, lambda r: r.without_match(match_id))


def set_points(store: Store, night_id: int, place: int, points: int) -> NightRecord:
    return _change(store, night_id, lambda r: r.with_points(place, points))


def step_points(store: Store, night_id: int, place: int, by: int) -> NightRecord:
    """``place``'s points one more (``by`` 1) or one fewer (-1), never below 0."""
    return _change(store, night_id, lambda r: r.with_points(place, r.points_for(place) + by))


def renamed(record: NightRecord, name: str) -> NightRecord:
    """The record with another name (an empty one: named after its day again)."""
    text = name.strip()[:60] or default_name(dt.date.fromisoformat(record.date))
    return parse_night({**record.model_dump(mode="json"), "name": text})


def rename(store: Store, night_id: int, name: str) -> NightRecord:
    return _change(store, night_id, lambda r: renamed(r, name))


def delete(store: Store, night_id: int) -> None:
    """Forget a night (its matches stay saved)."""
    with store.transaction() as c:
        c.execute("DELETE FROM nights WHERE id=?", (night_id,))


def match_records(store: Store, record: NightRecord) -> dict[int, MatchRecord | None]:
    """Each of the night's matches as its match record as stored now; None for one no
    longer stored."""
    out: dict[int, MatchRecord | None] = {}
    for mid in record.matches:
        try:
            m = store.match(mid)
        except StoreError:
            out[mid] = None
            continue
        out[mid] = MatchRecord(game=m.game, players=list(m.players), games=[dict(g.record) for g in m.games])
    return out


def night_json(store: Store, stored: StoredNight) -> str:
    """The night as JSON: its record, and for a reader the matches it groups as their
    match exports (what ``companion referee`` tallies, with each match's id and dates;
    None for a deleted one), by id."""
    matches: dict[str, Any] = {}
    for mid in stored.record.matches:
        try:
            matches[str(mid)] = match_export(store, mid)
        except StoreError:
            matches[str(mid)] = None
    data = {**stored.record.model_dump(mode="json"), "match_records": matches}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _number(value: Fraction) -> int | float:
    """Points as a spreadsheet's number: whole points as whole numbers."""
    return value.numerator if value.denominator == 1 else round(float(value), 4)


def night_csv(result: NightResult) -> str:
    """The night as CSV: per match and player the place and points ("match" rows), then per
    player the total and rank ("night" rows); a match that counts nothing has one row
    saying why."""
    rows: list[dict[str, object]] = []
    for m in result.matches:
        if not m.counts:
            rows.append({"row": "match", "match": m.id, "game": m.game, "status": m.status})
            continue
        for p in m.players:
            pl = m.placings[key(p)]
            rows.append({"row": "match", "match": m.id, "game": m.game, "status": m.status, "player": p,
                         "place": pl.place, "tied": pl.tied > 1, "points": _number(pl.points)})
    for s in result.standings:
        rows.append({"row": "night", "player": s.player, "points": _number(s.total), "rank": s.rank,
                     "tied": s.tied})
    columns = ["row", "match", "game", "status", "player", "place", "tied", "points", "rank"]
    return csv_text(columns, rows)


def insert(c: sqlite3.Connection, record: NightRecord) -> int:
    """Keep a new night inside the caller's transaction; its id."""
    now = time.time()
    cur = c.execute("INSERT INTO nights (record, created_at, updated_at) VALUES (?, ?, ?)", (_dump(record), now, now))
    return int(cur.lastrowid or 0)


def same_night(c: sqlite3.Connection, record: NightRecord) -> int | None:
    """A stored night with this very record (name, day, points and matches), if any."""
    text = _dump(record)
    row = c.execute("SELECT id FROM nights WHERE record=? ORDER BY id LIMIT 1", (text,)).fetchone()
    return None if row is None else int(row[0])


def tally_of(store: Store, record: NightRecord) -> NightResult:
    """The night's tally from its matches as stored now (their derived rows: no replay)."""
    return tally_ends(record, derived.ends(store, record.matches))
