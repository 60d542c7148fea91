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
per minute, so the extra fsync costs nothing a player would notice. The one exception is
asked for by name (``transaction(synced=False)``): a hosted table's pending bids, written
by every phone of every table, are not synced one by one; they survive a killed or
restarted companion like everything else, and a power cut can at worst take the bids made
since the last synced commit (a player bids again), never a round.

Opening never throws away a file that is merely unusable. Only a file SQLite reports as
damaged ("file is not a database", "database disk image is malformed", a failing
``PRAGMA quick_check``) or whose stored records are not JSON is moved aside
(``…corrupt-<time>``) and a fresh one started; :attr:`Store.notice` says so in one line
for the player. Every other file is left exactly as it is:

- written by a newer companion: refused with a :class:`StoreError`, nothing touched;
- locked by another program: the open waits up to :data:`BUSY_TIMEOUT` (saying so through
  ``waiting``), then refuses; a change that waits that long is refused the same way;
- in a folder or file companion may not write: opened read-only, :attr:`Store.read_only`
  says why, and every change is refused with that reason.

A change the file refuses (read-only, busy, disk full) is rolled back and raised as a
:class:`StoreError`, which the screens show like any refusal: what was saved stays saved.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.errors import StoreError
from companion.core.i18n import _
from companion.store.history import Group, MatchSummary, groups_of, played_by, search_key

log = logging.getLogger(__name__)

SCHEMA_VERSION = 7
DB_NAME = "companion.sqlite3"

# How long the open, and then every change, waits for another program's lock (seconds).
BUSY_TIMEOUT = 10.0
# With someone to tell: how long the open waits (at most half its wait) before saying so.
_FIRST_WAIT = 1.0

# SQLite's primary result codes (the low byte of ``sqlite_errorcode``), by what they mean here.
_DAMAGED = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
_BUSY = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
_NOT_WRITABLE = {sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM,
                 sqlite3.SQLITE_AUTH}
# What a change may meet that is not a bug: refused with a StoreError.
_REFUSED = _DAMAGED | _BUSY | _NOT_WRITABLE | {sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR}

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
    # 3: what a match is played with beyond its record (the sales deck file, the burger
    # recipe file, the BU-7 top bun choices) belongs to the match and goes with it. They
    # were kept in the global settings under keys naming the match; moved here.
    3: """
    CREATE TABLE match_settings (
        match_id    INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        key         TEXT NOT NULL,
        value       TEXT NOT NULL,
        PRIMARY KEY (match_id, key)
    );
    INSERT OR IGNORE INTO match_settings (match_id, key, value)
        SELECT CAST(substr(key, 12) AS INTEGER), 'deck', value FROM settings
        WHERE key GLOB 'sales.deck.[0-9]*'
          AND CAST(substr(key, 12) AS INTEGER) IN (SELECT id FROM matches);
    INSERT OR IGNORE INTO match_settings (match_id, key, value)
        SELECT CAST(substr(key, 8, length(key) - 15) AS INTEGER), 'recipes', value FROM settings
        WHERE key GLOB 'burger:[0-9]*:recipes'
          AND CAST(substr(key, 8, length(key) - 15) AS INTEGER) IN (SELECT id FROM matches);
    INSERT OR IGNORE INTO match_settings (match_id, key, value)
        SELECT CAST(substr(key, 8, length(key) - 16) AS INTEGER), 'top_buns', value FROM settings
        WHERE key GLOB 'burger:[0-9]*:top_buns'
          AND CAST(substr(key, 8, length(key) - 16) AS INTEGER) IN (SELECT id FROM matches);
    DELETE FROM settings WHERE key GLOB 'sales.deck.[0-9]*' OR key GLOB 'burger:[0-9]*:recipes'
        OR key GLOB 'burger:[0-9]*:top_buns';
    """,
    # 4: what a screen has entered and not yet saved as a round (its passing state: the
    # bids being entered, hidden ones hidden, the step of a reveal), kept as it changes
    # so a restart or a reload finds it (companion.store.drafts).
    4: """
    CREATE TABLE drafts (
        match_id    INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        screen      TEXT NOT NULL,           -- whose drafts: a table screen's key ('hotdog-table')
        game_number INTEGER NOT NULL,        -- the game they were entered in
        state       TEXT NOT NULL,           -- JSON: the screen's passing state
        stamps      TEXT NOT NULL DEFAULT '{}',  -- JSON: by draft, the record it was begun on
        updated_at  REAL NOT NULL,
        PRIMARY KEY (match_id, screen)
    );
    """,
    # 5: the files players make for their own copy of a game (a sales deck, burger's
    # recipe cards), edited in the app: each is the JSON text the game's check reads
    # (companion.store.library). A match keeps its own copy in match_settings.
    5: """
    CREATE TABLE library (
        id          INTEGER PRIMARY KEY,
        game        TEXT NOT NULL,
        name        TEXT NOT NULL,           -- the file's name as a player reads it
        body        TEXT NOT NULL,           -- the file: JSON text, faults and all while edited
        updated_at  REAL NOT NULL
    );
    CREATE INDEX library_game ON library (game, name);
    """,
    # 6: game nights: the matches one evening grouped, whatever their game, and the
    # night's points per place (companion.store.nights). The record is the night's JSON
    # (companion.core.night.NightRecord); it names its matches by id and a deleted match
    # is left named (the night shows it gone).
    6: """
    CREATE TABLE nights (
        id          INTEGER PRIMARY KEY,
        record      TEXT NOT NULL,           -- the night record as JSON
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );
    """,
    # 7: a match's stable id, carried by its exports: the same match imported twice is
    # recognised, and BG Stats gets the same play ids every time. And what Statistics,
    # History, game nights and exports need of a match, worked out from its records by
    # their referee once and kept beside them (companion.store.derived): a change to a
    # match's games deletes its rows in the same transaction (the triggers), whoever
    # writes it, and they are worked out again when next needed.
    7: """
    ALTER TABLE matches ADD COLUMN uid TEXT;
    UPDATE matches SET uid = lower(hex(randomblob(16)));
    CREATE UNIQUE INDEX matches_uid ON matches (uid);
    CREATE TRIGGER matches_uid AFTER INSERT ON matches WHEN NEW.uid IS NULL BEGIN
        UPDATE matches SET uid = lower(hex(randomblob(16))) WHERE id = NEW.id;
    END;
    CREATE INDEX matches_created ON matches (created_at);
    CREATE INDEX matches_players ON matches (game, players);
    CREATE TABLE derived_matches (
        match_id    INTEGER PRIMARY KEY,     -- matches(id); its rows go with it (the triggers below)
        digest      TEXT NOT NULL,           -- SHA-256 of its records as stored, in order
        version     TEXT NOT NULL,           -- the game's rules version (and this format's)
        counted     INTEGER NOT NULL,        -- 0: a lone mode, or a record the referee refuses
        complete    INTEGER NOT NULL,        -- every game of the match is over
        lone        INTEGER NOT NULL,        -- one person played every seat
        group_key   TEXT NOT NULL,           -- its players as a set: names.key, sorted, tab-joined
        error       TEXT                     -- why the referee refuses a record of it
    );
    CREATE INDEX derived_matches_group ON derived_matches (group_key);
    CREATE TABLE derived_games (             -- a finished game of a derived match
        match_id    INTEGER NOT NULL,
        number      INTEGER NOT NULL,
        rounds      INTEGER NOT NULL,
        winners     INTEGER NOT NULL,        -- how many won it (0: played as a team)
        margin      INTEGER,                 -- one winner of two or more: the winner's score less the best other
        winner      TEXT,                    -- that one winner
        tie_break   TEXT,                    -- the ruling that chose the winners among equal top scores
        start       TEXT,                    -- who started the game
        team        INTEGER,                 -- played as a team: the team's score
        series      TEXT,                    -- JSON: the game's chart of this game, or NULL
        created_at  REAL NOT NULL,           -- the game's, as stored (a BG Stats play's dates)
        updated_at  REAL NOT NULL,
        PRIMARY KEY (match_id, number)
    );
    -- The per-player rows are kept in the order Statistics reads them (WITHOUT ROWID: the
    -- table is its primary key's b-tree): a player's games in the order played, a game's
    -- figures by player; each carries its match's game, version, group and start. Every
    -- derived row goes with its derived_matches row (the trigger derived_dropped), by
    -- trigger and not by foreign key, so a writer with foreign keys off drops them too.
    CREATE TABLE derived_seats (             -- a player of a finished game of a counted match
        key         TEXT NOT NULL,           -- companion.core.names.key: the same player everywhere
        started     REAL NOT NULL,           -- the match's created_at
        match_id    INTEGER NOT NULL,
        number      INTEGER NOT NULL,
        seat        INTEGER NOT NULL,        -- 0-based, as seated
        name        TEXT NOT NULL,           -- as the record spells it
        score       INTEGER NOT NULL,
        won         INTEGER NOT NULL,
        winners     INTEGER NOT NULL,        -- how many won the game
        game        TEXT NOT NULL,
        version     TEXT NOT NULL,
        group_key   TEXT NOT NULL,
        PRIMARY KEY (key, started, match_id, number, seat)
    ) WITHOUT ROWID;
    CREATE INDEX derived_seats_game ON derived_seats (match_id, number, seat);
    CREATE TABLE derived_figures (           -- a game's own figures, per player of a counted match
        game        TEXT NOT NULL,
        key         TEXT NOT NULL,
        figure      TEXT NOT NULL,           -- the game's name for it ('bids', 'sold', …)
        match_id    INTEGER NOT NULL,
        value       INTEGER NOT NULL,        -- added up over the match's finished games
        version     TEXT NOT NULL,
        group_key   TEXT NOT NULL,
        started     REAL NOT NULL,
        PRIMARY KEY (game, key, figure, match_id)
    ) WITHOUT ROWID;
    CREATE INDEX derived_figures_match ON derived_figures (match_id);
    CREATE TABLE derived_totals (            -- a player of a derived match: its total
        match_id    INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        name        TEXT NOT NULL,
        key         TEXT NOT NULL,
        total       INTEGER NOT NULL,        -- of its finished games
        won         INTEGER NOT NULL,        -- won the match (once complete)
        PRIMARY KEY (match_id, seat)
    );
    CREATE INDEX derived_totals_key ON derived_totals (key);
    -- The games written since the last start: only their records are checked to be JSON
    -- when the file is opened next (a start reads no other record, however long the history).
    CREATE TABLE games_written (game_id INTEGER PRIMARY KEY);
    INSERT INTO games_written (game_id) SELECT id FROM games;
    CREATE TRIGGER games_written_added AFTER INSERT ON games BEGIN
        INSERT OR IGNORE INTO games_written (game_id) VALUES (NEW.id);
    END;
    CREATE TRIGGER games_written_changed AFTER UPDATE OF record ON games BEGIN
        INSERT OR IGNORE INTO games_written (game_id) VALUES (NEW.id);
    END;
    -- Statistics of the whole history, counted once per state of the derived rows (their
    -- generation, counted up by every row kept or dropped): a start draws them as kept.
    CREATE TABLE derived_generation (n INTEGER NOT NULL);
    INSERT INTO derived_generation (n) VALUES (0);
    CREATE TRIGGER derived_kept AFTER INSERT ON derived_matches BEGIN
        UPDATE derived_generation SET n = n + 1;
    END;
    CREATE TRIGGER derived_dropped AFTER DELETE ON derived_matches BEGIN
        DELETE FROM derived_seats WHERE match_id = OLD.match_id;
        DELETE FROM derived_figures WHERE match_id = OLD.match_id;
        DELETE FROM derived_games WHERE match_id = OLD.match_id;
        DELETE FROM derived_totals WHERE match_id = OLD.match_id;
        UPDATE derived_generation SET n = n + 1;
    END;
    CREATE TABLE derived_summaries (
        chosen      TEXT PRIMARY KEY,        -- what was counted (the filter and the games' versions)
        generation  INTEGER NOT NULL,        -- of the derived rows it was counted from
        data        TEXT NOT NULL            -- JSON: the counts (no words: names and numbers)
    );
    CREATE TRIGGER derived_game_added AFTER INSERT ON games BEGIN
        DELETE FROM derived_matches WHERE match_id = NEW.match_id;
    END;
    CREATE TRIGGER derived_game_changed AFTER UPDATE OF record, number, match_id, created_at ON games BEGIN
        DELETE FROM derived_matches WHERE match_id IN (OLD.match_id, NEW.match_id);
    END;
    CREATE TRIGGER derived_game_removed AFTER DELETE ON games BEGIN
        DELETE FROM derived_matches WHERE match_id = OLD.match_id;
    END;
    CREATE TRIGGER derived_match_removed AFTER DELETE ON matches BEGIN
        DELETE FROM derived_matches WHERE match_id = OLD.id;
    END;
    CREATE TRIGGER derived_match_changed AFTER UPDATE OF game, players, created_at ON matches BEGIN
        DELETE FROM derived_matches WHERE match_id = NEW.id;
    END;
    """,
}


def data_dir() -> Path:
    """``$COMPANION_DATA_DIR`` if set; in a Flet phone build the app's storage directory
    (``$FLET_APP_STORAGE_DATA``); else the platform's user data directory."""
    for var in ("COMPANION_DATA_DIR", "FLET_APP_STORAGE_DATA"):
        override = os.environ.get(var)
        if override:
            return Path(override)
    import platformdirs  # noqa: PLC0415 - only when no folder is given

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
    uid: str = ""                 # the match's stable id (schema 7): its exports carry it

    def match_record(self) -> dict[str, Any]:
        """The match as its record (companion.core.match.MatchRecord's shape)."""
        return {"kind": "match", "game": self.game, "players": list(self.players),
                "games": [dict(g.record) for g in self.games]}

    @property
    def current(self) -> StoredGame | None:
        return self.games[-1] if self.games else None


@dataclass(frozen=True)
class ImportedMatch:
    """A match read from a file and checked, to be stored by :meth:`Store.import_matches`:
    its game, players, game records (each with its "game"), whether it is complete, and
    where it was kept before: its match id there and its dates (None: unknown)."""

    game: str
    players: tuple[str, ...]
    records: tuple[dict[str, Any], ...]
    finished: bool
    uid: str | None = None
    started: float | None = None
    changed: float | None = None
    played: tuple[tuple[float, float], ...] = ()      # each game's start and last change


class _Damaged(Exception):
    """The file is damaged (SQLite says so, or a record is not JSON): it may be moved aside."""


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
    of several sessions may call it from worker threads.

    ``waiting`` is told, in one line, when the open has to wait for another program.
    Raises :class:`StoreError` (one line, the file untouched) when the file cannot be
    used: written by a newer companion, locked for ``busy_timeout`` seconds, or damaged
    where it cannot be moved aside."""

    #: Called with the store after every commit, before the change returns: where the file
    #: is not yet where it is kept (the browser build keeps it in the browser's storage,
    #: :mod:`companion.web.browser`), this puts it there; a change counts as saved once it
    #: returns. An exception here is raised to the change's caller like a refused change
    #: (the rows are committed, but the player is told they may not be kept).
    after_commit: Callable[[Store], None] | None = None

    def __init__(self, path: Path, *, busy_timeout: float = BUSY_TIMEOUT,
                 waiting: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        self.notice: str | None = None
        #: Why nothing can be saved, in plain words (None: the store saves). A read-only
        #: store shows the file as it was when opened and refuses every change.
        self.read_only: str | None = _why_read_only(self.path)
        #: Why the last change, committed here, is not yet where the data is kept (the
        #: browser build: the browser refused to store it; None: everything is kept).
        #: Set by :attr:`after_commit`'s hook; the screens say it until it is None again.
        self.unkept: str | None = None
        self._lock = threading.RLock()
        # the summaries as last read, the file's state then, and their players' search keys
        self._summaries: tuple[tuple[int, int, int], tuple[MatchSummary, ...], tuple[str, ...] | None] | None = None
        self._listeners: list[Callable[[int], None]] = []
        try:
            if self.read_only is None:
                try:
                    self._conn = self._open_waiting(waiting)
                except _Damaged as exc:
                    self._conn = self._start_afresh(str(exc), waiting)
                except sqlite3.Error as exc:
                    if _code(exc) not in _NOT_WRITABLE:
                        raise
                    self.read_only = _("the saved data {path} cannot be written ({reason})").format(
                        path=self.path, reason=exc)
            if self.read_only is not None:
                self._conn = self._open_snapshot()
        except sqlite3.Error as exc:
            if _code(exc) in _BUSY:
                raise StoreError(_(
                    "Another program is using the saved data ({path}) and did not let go "
                    "for {seconds} seconds. Close it (or the other companion window) "
                    "and try again; nothing was changed.").format(path=self.path,
                                                                 seconds=f"{self.busy_timeout:g}")) from None
            raise StoreError(_("The saved data ({path}) could not be opened ({reason}); "
                               "it was left as it is.").format(path=self.path, reason=exc)) from None

    # ------------------------------------------------------------ opening
    def _open_waiting(self, waiting: Callable[[str], None] | None) -> sqlite3.Connection:
        """Open, waiting up to ``busy_timeout`` for another program's lock; a caller who
        can tell the player (``waiting``) hears about it after the first second."""
        deadline = time.monotonic() + self.busy_timeout
        first = min(_FIRST_WAIT, self.busy_timeout / 2)
        said = waiting is None
        while True:
            left = max(deadline - time.monotonic(), 0.0)
            try:
                return self._open(left if said else min(left, first))
            except sqlite3.OperationalError as exc:
                if _code(exc) not in _BUSY or time.monotonic() >= deadline:
                    raise
            if not said and waiting is not None:
                waiting(_("Another program is using the saved data ({path}); "
                          "waiting up to {seconds} seconds for it…").format(path=self.path,
                                                                            seconds=f"{self.busy_timeout:g}"))
                said = True
            time.sleep(0.05)  # some locks answer "busy" at once: do not spin

    def _open(self, timeout: float) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=timeout)
        try:
            self._prepare(conn, durable=True)
            conn.execute(f"PRAGMA busy_timeout={int(self.busy_timeout * 1000)}")
        except BaseException:
            conn.close()
            raise
        return conn

    def _prepare(self, conn: sqlite3.Connection, *, durable: bool) -> None:
        """Check the file, bring it to this schema and read it all once. Nothing is
        written before the schema version is known to be this app's or older."""
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreError(_(
                    "The saved data ({path}) is from a newer companion (data version "
                    "{version}; this one reads up to {known}). Open it with the newer "
                    "companion; nothing was changed.").format(path=self.path, version=version, known=SCHEMA_VERSION))
            if durable:
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            ok = conn.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise _Damaged(f"integrity check failed: {ok[0] if ok else 'no answer'}")
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
            # every record written since the last start is JSON (checked by SQLite itself:
            # a start reads no other record, however long the history)
            bad = conn.execute("SELECT g.id FROM games_written w CROSS JOIN games g ON g.id = w.game_id "
                               "WHERE NOT json_valid(g.record) LIMIT 1").fetchone()   # CROSS: from the few written
            if bad is not None:
                raise _Damaged(f"a stored record is not JSON (game {bad[0]})")
            if durable:
                conn.execute("DELETE FROM games_written")
            conn.execute("SELECT count(*) FROM matches").fetchone()
            conn.execute("SELECT count(*) FROM settings").fetchone()
        except sqlite3.DatabaseError as exc:
            if _code(exc) in _DAMAGED:
                raise _Damaged(str(exc)) from None
            raise

    def _start_afresh(self, damage: str, waiting: Callable[[str], None] | None) -> sqlite3.Connection:
        try:
            moved = self._move_aside()
        except OSError as exc:
            raise StoreError(_("The saved data ({path}) is damaged ({damage}) and could not be "
                               "moved aside ({reason}); it was left as it is.").format(
                path=self.path, damage=damage, reason=exc.strerror or exc)) from None
        self.notice = _("The saved data could not be read ({damage}); it was moved aside to "
                        "{file} and a fresh store was started.").format(damage=damage, file=moved.name)
        try:
            return self._open_waiting(waiting)
        except _Damaged as exc:  # a fresh file cannot be damaged: say so rather than loop
            raise StoreError(_("A fresh store could not be started at {path} ({reason}).").format(
                path=self.path, reason=exc)) from None

    def _open_snapshot(self) -> sqlite3.Connection:
        """The read-only store: the file copied into memory (empty if there is none), brought
        to this schema there, and refusing every change. The file is only ever read."""
        mem = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        try:
            if self.path.exists():
                self._copy_into(mem)
            self._prepare(mem, durable=False)
        except _Damaged as exc:
            mem.close()
            raise StoreError(_("The saved data ({path}) is damaged ({damage}) and cannot be moved "
                               "aside: {reason}.").format(path=self.path, damage=exc, reason=self.read_only)) from None
        except BaseException:
            mem.close()
            raise
        mem.execute("PRAGMA query_only=ON")
        return mem

    def _copy_into(self, mem: sqlite3.Connection) -> None:
        """Copy the file, read-only, into ``mem``. A WAL file in a folder companion may not
        write cannot be read without its ``-shm`` file, which SQLite cannot create there;
        then it is read as immutable (nobody can be writing where nobody may write, but a
        change still in the ``-wal`` file is not seen)."""
        uri = self.path.absolute().as_uri()
        for query in ("mode=ro", "mode=ro&immutable=1"):
            src = sqlite3.connect(f"{uri}?{query}", uri=True, isolation_level=None, timeout=self.busy_timeout)
            try:
                # hold a read lock first (waiting as long as a write would): the copy then never waits
                src.execute("BEGIN")
                src.execute("SELECT count(*) FROM sqlite_master").fetchone()
                src.backup(mem)
                return
            except sqlite3.DatabaseError as exc:
                if _code(exc) in _DAMAGED:
                    raise _Damaged(str(exc)) from None
                if _code(exc) not in _NOT_WRITABLE or query.endswith("immutable=1"):
                    raise
            finally:
                src.close()

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
    def transaction(self, *, synced: bool = True, wait: float | None = None) -> Iterator[sqlite3.Connection]:
        """One atomic change: committed whole or not at all.

        A change the file refuses (read-only, locked by another program for
        ``busy_timeout`` seconds, disk full) is rolled back and raised as a
        :class:`StoreError` saying why; what was saved before is untouched. A read-only
        store reads inside a transaction as usual and refuses the first write.

        ``synced=False``: the commit is not synced to disk (``synchronous=NORMAL``, for
        this transaction only): it survives the process being killed, not a power cut
        until the next synced commit. Only for what can be entered again and saves no
        game record: a phone's pending bid, a screen's drafts.

        ``wait``: how long this change waits for another program's lock, in seconds,
        instead of ``busy_timeout`` (a draft kept at every tap must not hold the tap)."""
        with self._lock:
            quick = not synced and self.read_only is None
            waits = self.busy_timeout if wait is None else wait
            if quick:
                self._conn.execute("PRAGMA synchronous=NORMAL")
            if waits != self.busy_timeout:
                self._conn.execute(f"PRAGMA busy_timeout={int(waits * 1000)}")
            try:
                try:
                    self._conn.execute("BEGIN" if self.read_only else "BEGIN IMMEDIATE")
                except sqlite3.OperationalError as exc:
                    raise self._refusal(exc, waits) from exc
                try:
                    yield self._conn
                    self._conn.execute("COMMIT")
                    if Store.after_commit is not None:
                        Store.after_commit(self)
                except BaseException as exc:
                    if self._conn.in_transaction:
                        with suppress(sqlite3.Error):  # SQLite may have rolled back already
                            self._conn.execute("ROLLBACK")
                    if isinstance(exc, sqlite3.OperationalError) and _code(exc) in _REFUSED:
                        raise self._refusal(exc, waits) from exc
                    raise
            finally:
                if quick:
                    with suppress(sqlite3.Error):
                        self._conn.execute("PRAGMA synchronous=FULL")
                if waits != self.busy_timeout:
                    with suppress(sqlite3.Error):
                        self._conn.execute(f"PRAGMA busy_timeout={int(self.busy_timeout * 1000)}")

    @contextmanager
    def keeping_derived(self) -> Iterator[sqlite3.Connection]:
        """A transaction that writes only what is worked out again from the records (the
        derived rows of :mod:`companion.store.derived`): not synced one by one, and in a
        read-only store written into its in-memory copy (never the file), so that its
        screens count all the same."""
        if self.read_only is None:
            with self.transaction(synced=False) as c:
                yield c
            return
        with self._lock:
            self._conn.execute("PRAGMA query_only=OFF")
            try:
                self._conn.execute("BEGIN")
                try:
                    yield self._conn
                    self._conn.execute("COMMIT")
                except BaseException:
                    if self._conn.in_transaction:
                        with suppress(sqlite3.Error):
                            self._conn.execute("ROLLBACK")
                    raise
            finally:
                self._conn.execute("PRAGMA query_only=ON")

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The connection, for reads outside any change, held from every other thread
        for the ``with`` block (the store's own queries live in modules of their own,
        e.g. :mod:`companion.store.drafts`)."""
        with self._lock:
            yield self._conn

    def _refusal(self, exc: sqlite3.Error, waited: float | None = None) -> StoreError:
        """Why a change was not saved, in words a player can act on."""
        code = _code(exc)
        if code in _BUSY:
            seconds = self.busy_timeout if waited is None else waited
            return StoreError(_("another program kept the saved data busy for {seconds} seconds; "
                                "try again, and close that program (or the other companion window) if it "
                                "goes on. Everything saved before is kept").format(seconds=f"{seconds:g}"))
        if code in _NOT_WRITABLE:
            return StoreError(self.read_only or _("the saved data {path} cannot be written any more "
                                                  "(its file or folder may have been made read-only)").format(
                path=self.path))
        if code == sqlite3.SQLITE_FULL:
            return StoreError(_("the disk is full"))
        return StoreError(_("the saved data could not be written ({reason})").format(reason=exc))

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
            match_id = int(cur.lastrowid or 0)   # set by every INSERT
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
            n: int = c.execute("SELECT coalesce(max(number), 0) FROM games WHERE match_id=?",
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
                "SELECT id, game, players, finished, created_at, updated_at, uid FROM matches WHERE id=?",
                (match_id,),
            ).fetchone()
            if row is None:
                raise StoreError(_("there is no match {id}").format(id=match_id))
            games = [
                StoredGame(id=g[0], match_id=match_id, number=g[1], record=json.loads(g[2]),
                           created_at=g[3], updated_at=g[4])
                for g in self._conn.execute(
                    "SELECT id, number, record, created_at, updated_at FROM games "
                    "WHERE match_id=? ORDER BY number", (match_id,))
            ]
        return StoredMatch(id=row[0], game=row[1], players=json.loads(row[2]), finished=bool(row[3]),
                           created_at=row[4], updated_at=row[5], games=games, uid=row[6] or "")

    def match_uid(self, match_id: int) -> str:
        """The match's stable id (what its exports carry)."""
        with self._lock:
            row = self._conn.execute("SELECT uid FROM matches WHERE id=?", (match_id,)).fetchone()
        if row is None:
            raise StoreError(_("there is no match {id}").format(id=match_id))
        return str(row[0])

    def matches(self) -> list[StoredMatch]:
        """Every match, the most recently changed first."""
        with self._lock:
            ids = [r[0] for r in self._conn.execute(
                "SELECT id FROM matches ORDER BY updated_at DESC, id DESC")]
        return [self.match(i) for i in ids]

    def summaries(self, player: str = "") -> list[MatchSummary]:
        """Every match without its records, the most recently changed first (as
        :meth:`matches`); with ``player``, only the matches one of whose players' names
        holds it (:func:`companion.store.history.played_by`: any case, any accents)."""
        with self._lock:
            # Read again only when the file changed: a write of this connection moves
            # total_changes on, another program's (or another Store's) commit moves
            # data_version on. History, its search and a night's list draw from this at
            # every tap; at 10,000 matches reading them is a few hundred ms.
            conn = self._conn
            state = (id(conn), conn.total_changes, conn.execute("PRAGMA data_version").fetchone()[0])
            kept = self._summaries
            if kept is None or kept[0] != state:
                rows = conn.execute(
                    "SELECT id, game, players, finished, created_at, updated_at FROM matches "
                    "ORDER BY updated_at DESC, id DESC").fetchall()
                found = tuple(MatchSummary(id=r[0], game=r[1], players=tuple(json.loads(r[2])),
                                           finished=bool(r[3]), created_at=r[4], updated_at=r[5]) for r in rows)
                kept = self._summaries = (state, found, None)
        everything = kept[1]
        wanted = search_key(player)
        if not wanted:
            return list(everything)
        if "\0" in wanted:                # never typed; the keys below are joined by it
            return [m for m in everything if played_by(m.players, player)]
        searched = kept[2]
        if searched is None:
            # each match's players as the search reads them, one text (NUL between names,
            # so that a search never runs from one name into the next), once per state
            searched = tuple("\0".join(search_key(p) for p in m.players) for m in everything)
            with self._lock:
                if self._summaries is not None and self._summaries[1] is everything:
                    self._summaries = (kept[0], everything, searched)
        return [m for m, names in zip(everything, searched, strict=True) if wanted in names]

    def groups(self, lone_modes: Mapping[str, Collection[str]] | None = None) -> list[Group]:
        """The groups of players the stored matches were played by, most recently
        played first (:func:`companion.store.history.groups_of`). ``lone_modes`` names,
        per game, the modes (the first record's ``mode``) in which one person plays
        every seat: those matches make no group."""
        lone = {g: sorted(modes) for g, modes in (lone_modes or {}).items() if modes}
        alone: set[int] = set()
        if lone:
            with self._lock:
                for game, modes in lone.items():
                    rows = self._conn.execute(
                        "SELECT m.id FROM matches m JOIN games g ON g.match_id = m.id AND g.number = 1 "
                        f"WHERE m.game = ? AND json_extract(g.record, '$.mode') IN ({','.join('?' * len(modes))})",
                        (game, *modes)).fetchall()
                    alone.update(r[0] for r in rows)
        return groups_of(m for m in self.summaries() if m.id not in alone)

    def delete_match(self, match_id: int) -> None:
        with self.transaction() as c:
            c.execute("DELETE FROM games WHERE match_id=?", (match_id,))
            c.execute("DELETE FROM match_settings WHERE match_id=?", (match_id,))
            c.execute("DELETE FROM drafts WHERE match_id=?", (match_id,))
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
            match_id = int(cur.lastrowid or 0)   # set by every INSERT
            for n, record in enumerate(records, 1):
                c.execute(
                    "INSERT INTO games (match_id, number, record, created_at, updated_at) VALUES (?,?,?,?,?)",
                    (match_id, n, _dump(record), now, now),
                )
        self._changed(match_id)
        return match_id

    def import_matches(self, matches: Sequence[ImportedMatch],
                       also: Callable[[sqlite3.Connection, list[int]], Any] | None = None
                       ) -> tuple[list[int], list[bool], Any]:
        """Store imported matches in one transaction, with whatever ``also`` writes there
        (a game night naming them, given their ids): all of it or nothing. A match
        stored already is not stored again: the one with the same match id, or (a file
        without one) the one of the same game, players and records. Returns each
        match's id (its stored one if it was there), whether it was there, and what
        ``also`` returned."""
        now = time.time()
        ids: list[int] = []
        already: list[bool] = []
        new: list[int] = []
        with self.transaction() as c:
            for m in matches:
                found = _stored_already(c, m)
                if found is not None:
                    ids.append(found)
                    already.append(True)
                    continue
                started = m.started if m.started is not None else now
                changed = m.changed if m.changed is not None else started if m.started is not None else now
                cur = c.execute(
                    "INSERT INTO matches (game, players, finished, created_at, updated_at, uid) VALUES (?,?,?,?,?,?)",
                    (m.game, json.dumps(list(m.players), ensure_ascii=False), int(m.finished), started, changed,
                     m.uid))
                match_id = int(cur.lastrowid or 0)
                for n, record in enumerate(m.records, 1):
                    created, updated = m.played[n - 1] if len(m.played) == len(m.records) else (started, changed)
                    c.execute("INSERT INTO games (match_id, number, record, created_at, updated_at) "
                              "VALUES (?,?,?,?,?)", (match_id, n, _dump(record), created, updated))
                ids.append(match_id)
                already.append(False)
                new.append(match_id)
            extra = also(c, ids) if also is not None else None
        for match_id in new:
            self._changed(match_id)
        return ids, already, extra

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

    # ------------------------------------------------------------ a match's own settings
    def match_setting(self, match_id: int, key: str) -> str | None:
        """What match ``match_id`` is played with beyond its record (e.g. ``deck``: the
        sales deck file), or None. Deleted with the match."""
        with self._lock:
            row = self._conn.execute("SELECT value FROM match_settings WHERE match_id=? AND key=?",
                                     (match_id, key)).fetchone()
        return row[0] if row else None

    def match_settings(self, match_id: int) -> dict[str, str]:
        """Every setting of match ``match_id``, by key."""
        with self._lock:
            return dict(self._conn.execute("SELECT key, value FROM match_settings WHERE match_id=?",
                                           (match_id,)).fetchall())

    def set_match_setting(self, match_id: int, key: str, value: str | None) -> None:
        """Keep (or with None, forget) a setting of match ``match_id``."""
        with self.transaction() as c:
            if value is None:
                c.execute("DELETE FROM match_settings WHERE match_id=? AND key=?", (match_id, key))
            else:
                c.execute("INSERT OR REPLACE INTO match_settings (match_id, key, value) VALUES (?, ?, ?)",
                          (match_id, key, value))

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
               finished_match: bool | None = None, base: Mapping[str, Any] | None = None) -> str:
    """Replace a game's record inside the caller's transaction (the store's and the
    network table hub's one way of saving a round); returns the record as stored.

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
    text = _dump(record)
    cur = c.execute(
        "UPDATE games SET record=?, updated_at=? WHERE match_id=? AND number=?",
        (text, now, match_id, number),
    )
    if cur.rowcount != 1:
        raise StoreError(_("game {n} of match {id} is not stored").format(n=number, id=match_id))
    if finished_match is None:
        c.execute("UPDATE matches SET updated_at=? WHERE id=?", (now, match_id))
    else:
        c.execute("UPDATE matches SET updated_at=?, finished=? WHERE id=?",
                  (now, int(finished_match), match_id))
    return text


def _stored_already(c: sqlite3.Connection, m: ImportedMatch) -> int | None:
    """The stored match an imported one is: the same match id, or (none given) the same
    game, players and game records."""
    if m.uid:
        row = c.execute("SELECT id FROM matches WHERE uid=?", (m.uid,)).fetchone()
        return None if row is None else int(row[0])
    want = [_dump({k: v for k, v in r.items() if k != "game"}) for r in m.records]
    for (match_id,) in c.execute("SELECT id FROM matches WHERE game=? AND players=?",
                                 (m.game, json.dumps(list(m.players), ensure_ascii=False))).fetchall():
        have = [_dump({k: v for k, v in json.loads(t).items() if k != "game"}) for (t,) in c.execute(
            "SELECT record FROM games WHERE match_id=? ORDER BY number", (match_id,))]
        if have == want:
            return int(match_id)
    return None


def _code(exc: sqlite3.Error) -> int | None:
    """SQLite's primary result code of an error (None when SQLite gave none)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def _why_read_only(path: Path) -> str | None:
    """Why companion may not write the database at ``path`` (None: it may), found before
    opening it. ``os.access`` asks the system, so a read-only mount is seen for root too."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"the folder {folder} could not be made ({exc.strerror or exc})"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {folder} is read-only"
    if path.exists() and not os.access(path, os.W_OK):
        return f"the file {path} is read-only"
    return None


def _game_in_play(c: sqlite3.Connection, match_id: int) -> tuple[int, dict[str, Any]]:
    """The match's last game (the one being played): its number and stored record."""
    row = c.execute("SELECT number, record FROM games WHERE match_id=? ORDER BY number DESC LIMIT 1",
                    (match_id,)).fetchone()
    if row is None:
        raise StoreError(_("match {id} has no game stored").format(id=match_id))
    return int(row[0]), json.loads(row[1])


def _statements(script: str) -> list[str]:
    """A migration's statements, one by one (a trigger's body keeps its own ``;``)."""
    out: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                out.append(pending.strip())
            pending = ""
    if pending.strip(" \n;"):
        out.append(pending.strip())
    return out


def dump_record(record: dict[str, Any]) -> str:
    """A game record as stored: compact JSON text (equal records, equal texts)."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


_dump = dump_record


_stores: dict[Path, Store] = {}
_stores_lock = threading.Lock()


def open_store(path: Path | None = None, *, waiting: Callable[[str], None] | None = None) -> Store:
    """The process's store for this data directory (one per file, shared by sessions).

    Raises :class:`StoreError` when the file cannot be used (see :class:`Store`); nothing
    is kept then, so the next call tries again."""
    target = (path or data_dir() / DB_NAME).resolve()
    with _stores_lock:
        store = _stores.get(target)
        if store is None:
            store = _stores[target] = Store(target, waiting=waiting)
        return store
