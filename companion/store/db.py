"""The app's SQLite store (standard library ``sqlite3``).

What is stored is the record, never derived state: each game is its game record as
the referee contract reads it (setup plus rounds as entered), kept in a match, with
timestamps. Every change the app makes — start a match or a game, submit a round,
undo, edit a past round — is one transaction. A change from a screen names the record
it was made from and is refused, unwritten, if another screen saved first
(:func:`write_game`); listeners (:meth:`Store.on_change`) hear of every saved change,
so every screen on the match can redraw.

Durability: WAL journal with ``synchronous=FULL``. WAL alone already survives a
killed process (SIGKILL) at any moment; FULL also syncs the WAL on every commit, so a
submitted round survives a power cut or a phone that dies. The app writes a few rows
per minute, so the extra fsync costs nothing a player would notice.

A database that cannot be opened or read is moved aside (``…corrupt-<time>``) and a
fresh one is started; :attr:`Store.notice` says so in one line for the player.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2
DB_NAME = "companion.sqlite3"

# Migration n brings the schema from version n-1 to n. Never edit a shipped one: add.
MIGRATIONS: dict[int, str] = {
    1: """
    CREATE TABLE matches (
        id          INTEGER PRIMARY KEY,
        game        TEXT NOT NULL,
        players     TEXT NOT NULL,           -- JSON list, seating order
        finished    INTEGER NOT NULL DEFAULT 0,
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        match_id    INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        number      INTEGER NOT NULL,        -- 1, 2, 3 within the match
        record      TEXT NOT NULL,           -- the game record (REFEREE_CONTRACT.md) as JSON
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL,
        UNIQUE (match_id, number)
    );
    CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 2: a hosted table (companion.net.hub): players bid from their own phones. The
    # table, its seats and the bids not yet revealed live here so a host restart
    # brings them back; a revealed round goes into the game record like any other.
    2: """
    CREATE TABLE net_tables (
        id          INTEGER PRIMARY KEY,
        code        TEXT NOT NULL UNIQUE,    -- the short table code players type
        match_id    INTEGER NOT NULL UNIQUE REFERENCES matches(id) ON DELETE CASCADE,
        game_number INTEGER NOT NULL,        -- the game the pending bids are for
        position    INTEGER NOT NULL,        -- rounds (sales) recorded when they were made
        info        TEXT NOT NULL DEFAULT '{}',  -- JSON: the host's public part of the round
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );
    CREATE TABLE net_seats (
        table_id    INTEGER NOT NULL REFERENCES net_tables(id) ON DELETE CASCADE,
        player      TEXT NOT NULL,
        seat        INTEGER NOT NULL,        -- seating order, 0-based
        token_hash  TEXT UNIQUE,             -- SHA-256 of the seat token (NULL: the seat is free)
        taken_at    REAL,
        PRIMARY KEY (table_id, player)
    );
    CREATE TABLE net_bids (
        table_id    INTEGER NOT NULL REFERENCES net_tables(id) ON DELETE CASCADE,
        player      TEXT NOT NULL,
        bid         TEXT NOT NULL,           -- JSON, as the game's adapter normalised it
        made        INTEGER NOT NULL,        -- order of submission (turn order for sales)
        submitted_at REAL NOT NULL,
        PRIMARY KEY (table_id, player)
    );
    """,
}


def data_dir() -> Path:
    """``$COMPANION_DATA_DIR`` if set; in a Flet phone build the app's storage directory
    (``$FLET_APP_STORAGE_DATA``); else the platform's user data directory."""
    for var in ("COMPANION_DATA_DIR", "FLET_APP_STORAGE_DATA"):
        override = os.environ.get(var)
        if override:
            return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("companion", appauthor=False))


@dataclass(frozen=True)
class StoredGame:
    id: int
    match_id: int
    number: int
    record: dict[str, Any]
    created_at: float
    updated_at: float


@dataclass(frozen=True)
class StoredMatch:
    id: int
    game: str
    players: list[str]
    finished: bool
    created_at: float
    updated_at: float
    games: list[StoredGame]

    def match_record(self) -> dict[str, Any]:
        """The match as its record (companion.core.match.MatchRecord's shape)."""
        return {"kind": "match", "game": self.game, "players": list(self.players),
                "games": [dict(g.record) for g in self.games]}

    @property
    def current(self) -> StoredGame | None:
        return self.games[-1] if self.games else None


class StoreError(Exception):
    """The store refuses (e.g. an unknown match); one line for the player."""


class RecordMoved(StoreError):
    """A change was made from a game record that is no longer the stored one: another
    screen (or a phone's reveal) saved first, or started the next game. Nothing was
    written. ``number`` and ``record`` are the game in play now and its record, for the
    refusal the player reads."""

    def __init__(self, number: int, record: dict[str, Any]) -> None:
        super().__init__(f"game {number} changed before this change could be saved")
        self.number = number
        self.record = record


class Store:
    """One SQLite file. Thread-safe (one connection behind a lock): Flet handlers
    of several sessions may call it from worker threads."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.notice: str | None = None
        self._lock = threading.RLock()
        self._listeners: list[Callable[[int], None]] = []
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._conn = self._open()
        except sqlite3.DatabaseError as exc:
            moved = self._move_aside()
            self.notice = (
                f"The saved data could not be read ({exc}); it was moved aside to "
                f"{moved.name} and a fresh store was started."
            )
            self._conn = self._open()

    # ------------------------------------------------------------ opening
    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            ok = conn.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {ok[0] if ok else 'no answer'}")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(
                    f"schema version {version} is newer than this app's {SCHEMA_VERSION}")
            for v in range(version + 1, SCHEMA_VERSION + 1):
                conn.execute("BEGIN IMMEDIATE")
                try:
                    for stmt in _statements(MIGRATIONS[v]):
                        conn.execute(stmt)
                    conn.execute(f"PRAGMA user_version={v}")
                    conn.execute("COMMIT")
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
            # read every table once: a damaged file fails here, not mid-game
            for row in conn.execute("SELECT id, record FROM games"):
                json.loads(row[1])
            conn.execute("SELECT count(*) FROM matches").fetchone()
            conn.execute("SELECT count(*) FROM settings").fetchone()
        except (sqlite3.DatabaseError, ValueError) as exc:
            conn.close()
            if isinstance(exc, ValueError):
                raise sqlite3.DatabaseError(f"a stored record is not JSON ({exc})") from None
            raise
        return conn

    def _move_aside(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
        os.replace(self.path, target)
        for suffix in ("-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                os.replace(side, Path(str(target) + suffix))
        return target

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    @property
    def schema_version(self) -> int:
        with self._lock:
            return int(self._conn.execute("PRAGMA user_version").fetchone()[0])

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic change: committed whole or not at all."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    # ------------------------------------------------------------ listeners
    def on_change(self, listener: Callable[[int], None]) -> Callable[[], None]:
        """Call ``listener(match_id)`` after every committed change to a match or its
        games made through this store's methods (every session of the process shares
        it: see :func:`open_store`); returns the unsubscribe. Called in the writer's
        thread, after the commit, never for a refused change. (A phone's reveal is
        written by the table hub in its own transaction: the hub's listeners hear it.)"""
        with self._lock:
            self._listeners.append(listener)

        def off() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)
        return off

    def _changed(self, match_id: int) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(match_id)
            except Exception:  # a broken session must not undo a saved round
                log.exception("a store listener failed")

    # ------------------------------------------------------------ matches and games
    def create_match(self, game: str, players: list[str], first_record: dict[str, Any]) -> int:
        now = time.time()
        with self.transaction() as c:
            cur = c.execute(
                "INSERT INTO matches (game, players, finished, created_at, updated_at) VALUES (?,?,0,?,?)",
                (game, json.dumps(players, ensure_ascii=False), now, now),
            )
            match_id = int(cur.lastrowid)
            c.execute(
                "INSERT INTO games (match_id, number, record, created_at, updated_at) VALUES (?,?,?,?,?)",
                (match_id, 1, _dump(first_record), now, now),
            )
            c.execute("INSERT OR REPLACE INTO settings (key, value) VALUES ('current_match', ?)",
                      (str(match_id),))
        self._changed(match_id)
        return match_id

    def add_game(self, match_id: int, record: dict[str, Any], *, after: int | None = None) -> int:
        """Start the next game of a match; returns its number.

        ``after``: the game in play the screen showed. If another game was started since
        (another screen was quicker), :class:`RecordMoved` is raised and nothing is added."""
        now = time.time()
        with self.transaction() as c:
            n = c.execute("SELECT coalesce(max(number), 0) FROM games WHERE match_id=?",
                          (match_id,)).fetchone()[0] + 1
            if after is not None and n - 1 != after:
                number, stored = _game_in_play(c, match_id)
                raise RecordMoved(number, stored)
            c.execute(
                "INSERT INTO games (match_id, number, record, created_at, updated_at) VALUES (?,?,?,?,?)",
                (match_id, n, _dump(record), now, now),
            )
            c.execute("UPDATE matches SET updated_at=? WHERE id=?", (now, match_id))
        self._changed(match_id)
        return n

    def save_game(self, match_id: int, number: int, record: dict[str, Any], *,
                  finished_match: bool | None = None, base: Mapping[str, Any] | None = None) -> None:
        """Replace a game's record (a round submitted, undone or edited): one transaction.

        ``base``: the record the change was made from; see :func:`write_game`."""
        with self.transaction() as c:
            write_game(c, match_id, number, record, finished_match=finished_match, base=base)
        self._changed(match_id)

    def set_finished(self, match_id: int, finished: bool = True) -> None:
        with self.transaction() as c:
            c.execute("UPDATE matches SET finished=?, updated_at=? WHERE id=?",
                      (int(finished), time.time(), match_id))
        self._changed(match_id)

    def match(self, match_id: int) -> StoredMatch:
        with self._lock:
            row = self._conn.execute(
                "SELECT id, game, players, finished, created_at, updated_at FROM matches WHERE id=?",
                (match_id,),
            ).fetchone()
            if row is None:
                raise StoreError(f"there is no match {match_id}")
            games = [
                StoredGame(id=g[0], match_id=match_id, number=g[1], record=json.loads(g[2]),
                           created_at=g[3], updated_at=g[4])
                for g in self._conn.execute(
                    "SELECT id, number, record, created_at, updated_at FROM games "
                    "WHERE match_id=? ORDER BY number", (match_id,))
            ]
        return StoredMatch(id=row[0], game=row[1], players=json.loads(row[2]), finished=bool(row[3]),
                           created_at=row[4], updated_at=row[5], games=games)

    def matches(self) -> list[StoredMatch]:
        """Every match, the most recently changed first."""
        with self._lock:
            ids = [r[0] for r in self._conn.execute(
                "SELECT id FROM matches ORDER BY updated_at DESC, id DESC")]
        return [self.match(i) for i in ids]

    def delete_match(self, match_id: int) -> None:
        with self.transaction() as c:
            c.execute("DELETE FROM games WHERE match_id=?", (match_id,))
            c.execute("DELETE FROM matches WHERE id=?", (match_id,))
            c.execute("DELETE FROM settings WHERE key='current_match' AND value=?", (str(match_id),))
        self._changed(match_id)

    def import_match(self, game: str, players: list[str], records: list[dict[str, Any]],
                     finished: bool) -> int:
        """Store an imported match (or a single game as a match of one game so far)."""
        now = time.time()
        with self.transaction() as c:
            cur = c.execute(
                "INSERT INTO matches (game, players, finished, created_at, updated_at) VALUES (?,?,?,?,?)",
                (game, json.dumps(players, ensure_ascii=False), int(finished), now, now),
            )
            match_id = int(cur.lastrowid)
            for n, record in enumerate(records, 1):
                c.execute(
                    "INSERT INTO games (match_id, number, record, created_at, updated_at) VALUES (?,?,?,?,?)",
                    (match_id, n, _dump(record), now, now),
                )
        self._changed(match_id)
        return match_id

    # ------------------------------------------------------------ settings
    def setting(self, key: str, default: str | None = None) -> str | None:
        with self._lock:
            row = self._conn.execute("SELECT value FROM settings WHERE key=?", (key,)).fetchone()
        return row[0] if row else default

    def set_setting(self, key: str, value: str | None) -> None:
        with self.transaction() as c:
            if value is None:
                c.execute("DELETE FROM settings WHERE key=?", (key,))
            else:
                c.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, value))

    def current_match_id(self) -> int | None:
        raw = self.setting("current_match")
        if raw is None:
            return None
        try:
            self.match(int(raw))
        except (StoreError, ValueError):
            return None
        return int(raw)


def write_game(c: sqlite3.Connection, match_id: int, number: int, record: dict[str, Any], *,
               finished_match: bool | None = None, base: Mapping[str, Any] | None = None) -> None:
    """Replace a game's record inside the caller's transaction (the store's and the
    network table hub's one way of saving a round).

    ``base`` is the record the change was made from, as the player's screen showed it.
    Given, the record is written only if game ``number`` is still the match's game in
    play and its stored record is still ``base``, checked here, in the same transaction
    as the write (a compare-and-set): of two screens that submit, undo or edit from the
    same record only the first is saved; the second raises :class:`RecordMoved` and
    writes nothing. Without ``base`` (the hub, which reads the record in its own
    transaction) the record is written as given."""
    if base is not None:
        number_now, stored = _game_in_play(c, match_id)
        if number_now != number or stored != json.loads(_dump(dict(base))):
            raise RecordMoved(number_now, stored)
    now = time.time()
    cur = c.execute(
        "UPDATE games SET record=?, updated_at=? WHERE match_id=? AND number=?",
        (_dump(record), now, match_id, number),
    )
    if cur.rowcount != 1:
        raise StoreError(f"game {number} of match {match_id} is not stored")
    if finished_match is None:
        c.execute("UPDATE matches SET updated_at=? WHERE id=?", (now, match_id))
    else:
        c.execute("UPDATE matches SET updated_at=?, finished=? WHERE id=?",
                  (now, int(finished_match), match_id))


def _game_in_play(c: sqlite3.Connection, match_id: int) -> tuple[int, dict[str, Any]]:
    """The match's last game (the one being played): its number and stored record."""
    row = c.execute("SELECT number, record FROM games WHERE match_id=? ORDER BY number DESC LIMIT 1",
                    (match_id,)).fetchone()
    if row is None:
        raise StoreError(f"match {match_id} has no game stored")
    return int(row[0]), json.loads(row[1])


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]


def _dump(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


_stores: dict[Path, Store] = {}
_stores_lock = threading.Lock()


def open_store(path: Path | None = None) -> Store:
    """The process's store for this data directory (one per file, shared by sessions)."""
    target = (path or data_dir() / DB_NAME).resolve()
    with _stores_lock:
        store = _stores.get(target)
        if store is None:
            store = _stores[target] = Store(target)
        return store
