"""Importing records: all of a file or nothing, a match already stored recognised.

A file holds a game record, a match record or a game night's export (with its
matches). Importing it is two steps:

1. **checking** (:func:`plan`): every game and match is read as ``companion referee``
   reads it (the match tally's checks too), a match at a time, saying how far it is
   (``progress``): a big file is checked while the screen stays usable. Nothing is
   stored yet; a refusal names the match and says why in one line.
2. **keeping** (:func:`keep`): every match and the night in **one transaction**, so a
   refused or interrupted import stores nothing at all. A match the store holds
   already is not stored again: a match export carries its match's own id (the same
   match imported twice, or exported from here and imported back, is that match);
   a record without one (a hand-made file, a game record) is the stored match whose
   game, players and records are the same. A night's matches that are stored already
   are named by their stored ids; a night the store holds already (the same name, day,
   points and matches) is not made twice.

A match keeps the dates its export carries (``started``, ``changed``, each game's
``played``): History, the date filter, game nights and BG Stats see when it was
played, not when it was imported.

The largest record a file may hold is the same bound everywhere
(:mod:`companion.core.bounds`): :func:`companion.core.record.parse_json` refuses a
file past it in one line before parsing it, and the record models refuse a record
past the rounds/players bounds before it is refereed.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import CompanionError, RecordError
from companion.core.i18n import _
from companion.core.match import MatchRecord, parse_match, tally
from companion.core.record import parse_json
from companion.core.registry import parse_record, referee
from companion.store import nights as store_nights
from companion.store.db import ImportedMatch, Store
from companion.tallies.night import NightRecord, read_export

Progress = Callable[[int, int], None]


def _stamp(text: str | None) -> float | None:
    return None if text is None else dt.datetime.fromisoformat(text).timestamp()


@dataclass(frozen=True)
class Plan:
    """What a checked file will store: its matches and, for a night's export, the night
    (naming its matches by their place in ``matches``)."""

    matches: tuple[ImportedMatch, ...]
    night: NightRecord | None = None
    night_matches: tuple[int, ...] = ()      # the night's matches: places in ``matches``


@dataclass(frozen=True)
class Kept:
    """What an import stored: the match ids (in the file's order; one stored already
    is its stored id), which of them were stored already, and the night's id."""

    match_ids: tuple[int, ...]
    already: tuple[bool, ...]
    night_id: int | None = None
    night_already: bool = False
    games: tuple[int, ...] = field(default=())

    @property
    def new(self) -> int:
        return sum(not a for a in self.already)


def _within(where: str, exc: CompanionError) -> RecordError:
    """A refusal inside a file's part, said once: "match 2: game 1: round 1: …"."""
    if isinstance(exc, RecordError) and exc.round is None and exc.sale is None \
            and exc.ruling is None and exc.player is None:      # a refusal of the record as a whole
        inner = exc.message
    else:
        inner = exc.line() if isinstance(exc, RecordError) else str(exc)
    return RecordError(_("{where}: {error}").format(where=where, error=inner))


def _match(match: MatchRecord, where: str = "") -> ImportedMatch:
    """A match record checked as the referee checks it, ready to store."""
    try:
        if not match.games:
            raise RecordError(_("match: it has no games"))
        result = tally(match)
    except CompanionError as exc:
        if where:
            raise _within(where, exc) from None
        raise
    records = [{"game": match.game, **g} for g in match.games]
    started, changed = _stamp(match.started), _stamp(match.changed)
    played = tuple((_stamp(p.started) or 0.0, _stamp(p.changed) or 0.0) for p in match.played)
    if len(played) != len(records):
        played = ()
    return ImportedMatch(match.game, tuple(match.players), tuple(records), result.complete, match.id,
                         started, changed, played)


def _game(text: str | bytes, raw: Any) -> ImportedMatch:
    record = parse_record(text if isinstance(text, (str, bytes)) else json.dumps(raw))
    referee(record)  # refuses what the referee refuses, before anything is stored
    data = json.loads(json.dumps(record))          # plain JSON values, every default filled in
    data = {k: v for k, v in data.items() if v not in ({}, None) or k in ("rounds",)}
    return ImportedMatch(data["game"], tuple(data["players"]), (data,), False)


def plan(text: str | bytes, progress: Progress | None = None) -> Plan:
    """Check a file (a game record, a match record or a night's export) as the referee
    checks it; raises a one-line :class:`CompanionError` naming what it refuses."""
    raw = parse_json(text)   # past core.bounds' size: refused before it is parsed
    if isinstance(raw, dict) and raw.get("kind") == "night":
        record, given = read_export(raw)
        kept = [(mid, m) for mid, m in given.items() if m is not None]
        out: list[ImportedMatch] = []
        for i, (mid, m) in enumerate(kept):
            if progress is not None:
                progress(i, len(kept))
            out.append(_match(m, _("match {id}").format(id=mid)))
        if progress is not None:
            progress(len(kept), len(kept))
        return Plan(tuple(out), record, tuple(range(len(out))))
    if isinstance(raw, dict) and raw.get("kind") == "match":
        return Plan((_match(parse_match(raw)),))
    return Plan((_game(text, raw),))


def keep(store: Store, planned: Plan) -> Kept:
    """Store a checked file: every new match and the night in one transaction (all of
    it or nothing); matches and a night stored already are recognised, not doubled."""
    def night(c: Any, ids: list[int]) -> tuple[int | None, bool]:
        if planned.night is None:
            return None, False
        named = sorted({ids[i] for i in planned.night_matches})
        record = planned.night.model_copy(update={"matches": named})
        same = store_nights.same_night(c, record)
        if same is not None:
            return same, True
        return store_nights.insert(c, record), False

    ids, already, extra = store.import_matches(list(planned.matches), night)
    night_id, night_already = extra if extra is not None else (None, False)
    return Kept(tuple(ids), tuple(already), night_id, night_already, tuple(len(m.records) for m in planned.matches))


def import_text(store: Store, text: str | bytes, progress: Progress | None = None) -> Kept:
    """Check a file, then keep it (one transaction)."""
    return keep(store, plan(text, progress))


@dataclass(frozen=True)
class Imported:
    """One file imported as a match (a game becomes game 1 of a match of its own)."""

    match_id: int
    games: int
    finished: bool
    already: bool = False          # the store held this match already: nothing was added


def import_json(store: Store, text: str | bytes, progress: Progress | None = None) -> Imported:
    """Check a JSON game or match record like the referee does, then store it as a match
    (or recognise the match stored already). Raises a one-line ``CompanionError`` for
    anything the referee refuses (nothing is stored)."""
    planned = plan(text, progress)
    if planned.night is not None:
        raise RecordError(_("a game night's export is imported as a night"))
    kept = keep(store, planned)
    (m,) = planned.matches
    return Imported(kept.match_ids[0], len(m.records), m.finished, kept.already[0])


def import_night(store: Store, text: str | bytes, progress: Progress | None = None) -> int | None:
    """Keep a game night from its JSON export (``companion.store.nights.night_json``):
    each of its matches is checked as the referee checks it, all of them before
    anything is kept, then the night and its matches are kept in one transaction (all
    or nothing); a match stored already is named by its stored id, not stored twice,
    and a night stored already is not made twice. A match the export gives as deleted
    is left out. None when the text is not a game night's export (another record: the
    caller imports it as such); a bad one raises a one-line CompanionError."""
    raw = parse_json(text)
    if not isinstance(raw, dict) or raw.get("kind") != "night":
        return None
    return import_text(store, text, progress).night_id


__all__ = ["Imported", "Kept", "Plan", "import_json", "import_night", "import_text", "keep",
           "plan"]
