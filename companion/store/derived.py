"""Derived results kept with the record: what Statistics, History, game nights and the
exports need of a stored match, worked out once from its records and kept beside them.

A match's rows (the ``derived_*`` tables of schema 7) are what its game's referee
says of its records (:func:`companion.tallies.stats.derive`): per finished game the
scores, the winners (and the tie-break ruling that chose them, SA-13 or BU-8), the
rounds, who started, the team's score of a game played together, the game's own
figures per player and its chart; per match whether it is complete, each player's
total and who won it (:func:`companion.core.match.add_up`). Never worded text: the
screens word these facts when they draw them.

Each match's rows are keyed by its records (``digest``: SHA-256 of the stored texts,
in order) and by the version of its game's rules (``GameSpec.rules_version``, with
:data:`FORMAT`, the shape of these rows): a rules fix raises the version and every
row of that game is worked out again. A change to a match's games deletes its rows
in the very transaction that writes it (the store's triggers), whoever writes it:
a table screen, a phone's reveal through the hub, an import. Nothing replays the
archive at a start: rows are worked out when next needed, the few a screen draws at
once (:func:`fresh`), a long archive (the first Statistics after an upgrade, or after
a rules fix) in chunks in the background, saying how far it is (:func:`refresh`).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from companion.core.errors import CompanionError
from companion.core.match import MatchRecord
from companion.core.names import key
from companion.core.registry import game, games, part
from companion.store.db import Store
from companion.tallies import stats
from companion.tallies.night import MatchEnd, end_of

#: The shape of the derived rows; raised when what they hold changes.
FORMAT = 1
#: Matches worked out per transaction when a whole archive is brought up to date.
CHUNK = 200
#: What the rows keep of a match the referee refuses: that it is refused (its reason is
#: words, worded when a screen says it, in the language of the moment).
REFUSED = "refused"

Progress = Callable[[int, int], None]


def version(game_name: str) -> str:
    """The version a match of this game is derived with: the game, this format and its
    rules' version ('hotdog:1.1': one text names both the game and the version)."""
    spec = games().get(game_name)
    return f"{game_name}:{FORMAT}.{spec.rules_version if spec is not None else 0}"


def digest(texts: Iterable[str]) -> str:
    """The key of a match's records: SHA-256 over their stored texts, in order."""
    h = hashlib.sha256()
    for text in texts:
        h.update(text.encode("utf-8"))
        h.update(b"\x00")
    return h.hexdigest()


def group_key(players: Iterable[str]) -> str:
    """A group of players as one text: the same players in any seating, any spelling."""
    return "\t".join(sorted({key(p) for p in players}))


def _own(game_name: str) -> stats.GameStats | None:
    try:
        return part(game_name, stats.STATS_PART)
    except CompanionError:
        return None


def work_out(match_id: int, game_name: str, players: Sequence[str], texts: Sequence[str],
             started: float = 0.0) -> stats.MatchPlayed:
    """One stored match (its records as stored texts) as its referee says it ends."""
    try:
        records = [json.loads(t) for t in texts]
        game(game_name)
    except (CompanionError, ValueError) as exc:    # a game this companion does not know; not JSON
        return stats.MatchPlayed(match_id, game_name, tuple(players), started, (), False, (), counted=False,
                                 error=str(exc))
    return stats.derive(match_id, game_name, players, records, started, _own(game_name))


# ---------------------------------------------------------------- writing rows


def keep(c: sqlite3.Connection, row: stats.MatchPlayed, texts: Sequence[str],
         times: Sequence[tuple[float, float]] = ()) -> None:
    """Write one match's derived rows inside the caller's transaction (replacing any);
    ``times``: each game's created_at and updated_at as stored."""
    c.execute("DELETE FROM derived_matches WHERE match_id=?", (row.id,))
    ver, group = version(row.game), group_key(row.players)
    c.execute("INSERT INTO derived_matches (match_id, digest, version, counted, complete, lone, group_key, error) "
              "VALUES (?,?,?,?,?,?,?,?)",
              (row.id, digest(texts), ver, int(row.counted), int(row.complete), int(row.lone),
               group, None if row.error is None else REFUSED))
    won = {key(w) for w in row.winners}
    c.executemany("INSERT INTO derived_totals (match_id, seat, name, key, total, won) VALUES (?,?,?,?,?,?)",
                  [(row.id, i, p, key(p), row.totals.get(p, 0), int(key(p) in won))
                   for i, p in enumerate(row.players)])
    figures: dict[tuple[str, str], int] = {}
    for g in row.games:
        win = stats.margin(g)
        created, updated = times[g.number - 1] if g.number <= len(times) else (row.started, row.started)
        c.execute("INSERT INTO derived_games (match_id, number, rounds, winners, margin, winner, tie_break, start, "
                  "team, series, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                  (row.id, g.number, g.rounds, len(g.winners), win.margin if win else None,
                   win.winner if win else None, g.tie_break, g.start, g.team,
                   None if g.series is None else json.dumps(g.series, ensure_ascii=False), created, updated))
        if not row.counted:
            continue
        winners = {key(w) for w in g.winners}
        c.executemany("INSERT INTO derived_seats (match_id, number, seat, name, key, score, won, winners, game, "
                      "version, group_key, started) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                      [(row.id, g.number, i, p, key(p), g.scores[p], int(key(p) in winners), len(g.winners),
                        row.game, ver, group, row.started) for i, p in enumerate(g.players)])
        for p, own in g.counts.items():
            for figure, value in own.items():
                figures[(key(p), figure)] = figures.get((key(p), figure), 0) + int(value)
    c.executemany("INSERT INTO derived_figures (match_id, key, figure, value, game, version, group_key, started) "
                  "VALUES (?,?,?,?,?,?,?,?)",
                  [(row.id, k, figure, value, row.game, ver, group, row.started)
                   for (k, figure), value in figures.items()])


def _stale_ids(c: sqlite3.Connection, wanted: Collection[str] | None = None, limit: int | None = None,
               among: Collection[int] | None = None) -> list[int]:
    """Matches whose rows are missing or of another version (of games ``wanted``)."""
    known = games()
    names = sorted(known if wanted is None else [n for n in wanted if n in known])
    if not names:
        return []
    pairs = ",".join("(?,?)" for _ in names)
    args: list[Any] = [x for n in names for x in (n, version(n))]
    sql = (f"WITH v(game, version) AS (VALUES {pairs}) "
           "SELECT m.id FROM matches m JOIN v ON v.game = m.game "
           "LEFT JOIN derived_matches d ON d.match_id = m.id "
           "WHERE (d.match_id IS NULL OR d.version != v.version)")
    wanted_ids = None if among is None else set(among)
    if wanted_ids is not None and len(wanted_ids) <= 500:      # a few: asked for by id
        if not wanted_ids:
            return []
        sql += f" AND m.id IN ({','.join('?' * len(wanted_ids))})"
        args += sorted(wanted_ids)
    sql += " ORDER BY m.updated_at DESC, m.id DESC"
    found = [r[0] for r in c.execute(sql, args)]
    if wanted_ids is not None:
        found = [i for i in found if i in wanted_ids]
    return found if limit is None else found[:limit]


def generation(store: Store) -> int:
    """The state of the derived rows: counted up whenever a match's rows are kept or
    dropped (what is counted from them is remembered per generation)."""
    with store.reading() as c:
        return int(c.execute("SELECT n FROM derived_generation").fetchone()[0])


def stale(store: Store, wanted: Collection[str] | None = None) -> int:
    """How many matches (of the games ``wanted``) have no rows for their records as
    stored and their rules' version."""
    known = games()
    names = sorted(known if wanted is None else [n for n in wanted if n in known])
    if not names:
        return 0
    pairs = ",".join("(?,?)" for _ in names)
    with store.reading() as c:
        return int(c.execute(
            f"WITH v(game, version) AS (VALUES {pairs}) SELECT COUNT(*) FROM matches m JOIN v ON v.game = m.game "
            "WHERE NOT EXISTS (SELECT 1 FROM derived_matches d WHERE d.match_id = m.id AND d.version = v.version)",
            [x for n in names for x in (n, version(n))]).fetchone()[0])


def _read(c: sqlite3.Connection, ids: Sequence[int]
          ) -> list[tuple[int, str, list[str], float, list[str], list[tuple[float, float]]]]:
    """(id, game, players, created_at, record texts, each game's times) of these matches."""
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    heads = {r[0]: (r[1], json.loads(r[2]), r[3]) for r in c.execute(
        f"SELECT id, game, players, created_at FROM matches WHERE id IN ({marks})", list(ids))}
    texts: dict[int, list[str]] = {}
    times: dict[int, list[tuple[float, float]]] = {}
    for mid, text, created, updated in c.execute(
            f"SELECT match_id, record, created_at, updated_at FROM games WHERE match_id IN ({marks}) "
            "ORDER BY match_id, number", list(ids)):
        texts.setdefault(mid, []).append(text)
        times.setdefault(mid, []).append((created, updated))
    return [(mid, *heads[mid], texts.get(mid, []), times.get(mid, [])) for mid in ids if mid in heads]


def _derive_and_keep(store: Store, ids: Sequence[int]) -> int:
    """Work these matches out (outside the store's lock) and keep the rows of those
    whose records are still the ones worked out from; how many were kept."""
    with store.reading() as c:
        found = _read(c, ids)
    rows = [(work_out(mid, name, players, texts, started), texts, times)
            for mid, name, players, started, texts, times in found]
    kept = 0
    with store.keeping_derived() as c:
        for row, texts, _times in rows:
            now = c.execute("SELECT record, created_at, updated_at FROM games WHERE match_id=? ORDER BY number",
                            (row.id,)).fetchall()
            if [t for t, _c, _u in now] != list(texts):   # changed meanwhile: worked out next time
                continue
            keep(c, row, texts, [(cr, up) for _t, cr, up in now])
            kept += 1
    return kept


def fresh(store: Store, ids: Collection[int] | None = None, wanted: Collection[str] | None = None,
          progress: Progress | None = None) -> int:
    """Bring the rows of these matches (None: every match) up to date now; how many
    were worked out. For the few a screen needs at once, or the matches just imported
    (``progress`` says how far, :data:`CHUNK` matches at a time); a whole archive is
    brought up to date by :func:`refresh`. A store that cannot be written (read-only)
    keeps them in its in-memory copy."""
    with store.reading() as c:
        todo = _stale_ids(c, wanted, among=ids)
    return _chunked(store, todo, progress, CHUNK)


def refresh(store: Store, progress: Progress | None = None, wanted: Collection[str] | None = None,
            chunk: int = CHUNK) -> int:
    """Bring every match's rows up to date, ``chunk`` matches per transaction, the most
    recently changed first; ``progress(done, total)`` is told after each chunk. Other
    changes go on meanwhile (each chunk holds the store for one short transaction);
    how many were worked out."""
    with store.reading() as c:
        todo = _stale_ids(c, wanted)
    return _chunked(store, todo, progress, chunk)


def _chunked(store: Store, todo: Sequence[int], progress: Progress | None, chunk: int) -> int:
    total, done = len(todo), 0
    if progress is not None and total:
        progress(0, total)
    for i in range(0, total, chunk):
        part_ids = todo[i:i + chunk]
        _derive_and_keep(store, part_ids)
        done += len(part_ids)
        if progress is not None:
            progress(done, total)
    return done


# ---------------------------------------------------------------- reading rows


def ends(store: Store, ids: Collection[int]) -> dict[int, MatchEnd]:
    """How these matches end, as a game night places players (worked out first where
    their rows are stale); a match no longer stored is left out. A match whose record
    the referee refuses is replayed to say why, in the language of the moment (the rows
    keep that it is refused, never the words)."""
    fresh(store, ids)
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    marks = ",".join("?" * len(wanted))
    with store.reading() as c:
        heads = c.execute(f"SELECT m.id, m.game, m.players, d.match_id, d.complete, d.lone, d.error, "
                          f"(SELECT g.tie_break FROM derived_games g WHERE g.match_id = m.id AND g.number = 1) "
                          f"FROM matches m LEFT JOIN derived_matches d ON d.match_id = m.id "
                          f"WHERE m.id IN ({marks})", wanted).fetchall()
        seats: dict[int, list[tuple[str, int, int]]] = {}
        for mid, name, total, won in c.execute(
                f"SELECT match_id, name, total, won FROM derived_totals WHERE match_id IN ({marks}) "
                "ORDER BY match_id, seat", wanted):
            seats.setdefault(mid, []).append((name, total, won))
    out: dict[int, MatchEnd] = {}
    for mid, name, players, kept, complete, lone, error, tie_break in heads:
        seated = tuple(json.loads(players))
        if kept is None or error is not None:     # refused (or changed again meanwhile): replayed to say why
            stored = store.match(mid)
            out[mid] = end_of(mid, MatchRecord(game=name, players=list(seated),
                                               games=[dict(g.record) for g in stored.games]))
            continue
        rows = seats.get(mid, [])
        spec = games().get(name)
        out[mid] = MatchEnd(mid, name, seated, bool(complete), {n: t for n, t, _w in rows},
                            tuple(n for n, _t, w in rows if w), bool(lone),
                            tie_break if spec is not None and spec.match_games == 1 else None)
    return out


__all__ = ["CHUNK", "FORMAT", "REFUSED", "digest", "ends", "fresh", "generation", "group_key", "keep", "refresh",
           "stale", "version", "work_out"]
