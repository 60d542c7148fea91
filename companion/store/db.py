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
from companion.core.names import key
from companion.store.history import Group, MatchSummary, groups_of, players_key, search_key
from companion.store.opening import BUSY_TIMEOUT, REFUSED, StoreFile, result_code
from companion.store.writes import RecordMoved, dump_record, game_in_play, write_game

log = logging.getLogger(__name__)

DB_NAME = "companion.sqlite3"


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


class Store(StoreFile):
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
        #: Why the last change, committed here, is not yet where the data is kept (the
        #: browser build: the browser refused to store it; None: everything is kept).
        #: Set by :attr:`after_commit`'s hook; the screens say it until it is None again.
        self.unkept: str | None = None
        self._lock = threading.RLock()
        # the summaries as last read, and the file's state then
        self._summaries: tuple[tuple[int, int, int], tuple[MatchSummary, ...]] | None = None
        # the players seated most, as last counted, with the matches' state and the lone modes then
        self._seated: tuple[tuple[Any, ...], list[str]] | None = None
        self._listeners: list[Callable[[int], None]] = []
        super().__init__(path, busy_timeout=busy_timeout, waiting=waiting)

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
                    if isinstance(exc, sqlite3.OperationalError) and result_code(exc) in REFUSED:
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
                (match_id, 1, dump_record(first_record), now, now),
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
                number, stored = game_in_play(c, match_id)
                raise RecordMoved(number, stored)
            c.execute(
                "INSERT INTO games (match_id, number, record, created_at, updated_at) VALUES (?,?,?,?,?)",
                (match_id, n, dump_record(record), now, now),
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

    def summaries(self) -> list[MatchSummary]:
        """Every match without its records, the most recently changed first (as
        :meth:`matches`). Searching by a player is :meth:`page_of_summaries`'s."""
        with self._lock:
            # Read again only when the file changed (a night's list and the groups draw
            # from this at every tap; at 10,000 matches reading them is a few hundred ms).
            conn = self._conn
            state = self._file_state()
            kept = self._summaries
            if kept is None or kept[0] != state:
                rows = conn.execute(
                    "SELECT id, game, players, finished, created_at, updated_at FROM matches "
                    "ORDER BY updated_at DESC, id DESC").fetchall()
                # every match's players parsed at once, one JSON text: a parse per match
                # was most of a first History at 10,000 matches
                seated = json.loads("[" + ",".join(r[2] for r in rows) + "]")
                found = tuple(MatchSummary(r[0], r[1], tuple(p), bool(r[3]), r[4], r[5])
                              for r, p in zip(rows, seated, strict=True))
                kept = self._summaries = (state, found)
        return list(kept[1])

    def page_of_summaries(self, games: Collection[str], limit: int, player: str = "") -> tuple[int, list[MatchSummary]]:
        """How many matches of ``games`` are stored (with ``player``: one of whose
        players' names holds it, in any case, with or without accents: as
        :func:`companion.store.history.search_key` reads both), and the first
        ``limit`` of them, the most recently changed first. SQLite counts and pages
        them, so no summary is made of a match not shown: at 10,000 matches History's
        first page after a start read every summary, a few hundred ms of its draw."""
        wanted, names = search_key(player), sorted(games)
        if not names or limit <= 0 or "\0" in wanted:       # NUL: never typed; players_key joins by it
            return 0, []
        of_games, args = f"game IN ({','.join('?' * len(names))})", [*names]
        page = "SELECT id, game, players, finished, created_at, updated_at{} FROM matches WHERE {} " \
               "ORDER BY updated_at DESC, id DESC LIMIT ?"
        with self.reading() as conn:
            if wanted:      # one pass: the matches found are counted as they are sorted
                conn.create_function("players_key", 1, players_key, deterministic=True)
                found = f"{of_games} AND instr(players_key(players), ?) > 0"
                rows = conn.execute(page.format(", COUNT(*) OVER ()", found), [*args, wanted, limit]).fetchall()
                n = int(rows[0][6]) if rows else 0
            else:           # the count from the index on game; the page from the index on the time changed
                n = int(conn.execute(f"SELECT COUNT(*) FROM matches WHERE {of_games}", args).fetchone()[0])
                # "+game": the game is checked on each row as the index on updated_at
                # is walked from its end, so SQLite stops at the page's last line; on
                # the index on game it would read and sort every match first
                rows = conn.execute(page.format("", "+" + of_games), [*args, limit]).fetchall()
        shown = [MatchSummary(r[0], r[1], tuple(json.loads(r[2])), bool(r[3]), r[4], r[5]) for r in rows]
        return n, shown

    def _file_state(self) -> tuple[int, int, int]:
        """What moves on whenever the file changes: a write of this connection moves
        total_changes on, another program's (or another Store's) commit moves
        data_version on. Asked with the lock held."""
        conn = self._conn
        return id(conn), conn.total_changes, conn.execute("PRAGMA data_version").fetchone()[0]

    def seated_most(self, lone_modes: Mapping[str, Collection[str]] | None = None) -> list[str]:
        """Every player of the stored matches, those seated in more matches first (then
        by name), each once as companion compares names, spelled as in the latest
        match; a match one person played alone (``lone_modes``, as :meth:`groups`) is
        left out. Counted again only when the matches changed (a setting written, as
        each letter typed into BG Stats' location is, changes none): at 10,000 matches
        the count takes some 70 ms, the look at the matches' state well under one."""
        modes = tuple(sorted((g, tuple(sorted(m))) for g, m in (lone_modes or {}).items()))
        with self._lock:
            # every change of a match or its games moves its updated_at on; a deletion, the count
            state = (self._conn.execute("SELECT COUNT(*), MAX(updated_at), MAX(id) FROM matches").fetchone(), modes)
            if self._seated is not None and self._seated[0] == state:
                return list(self._seated[1])
            counts: dict[str, int] = {}
            spelled: dict[str, str] = {}
            for g in self.groups(lone_modes):
                for p in g.players:
                    k = key(p)
                    counts[k] = counts.get(k, 0) + g.matches
                    spelled.setdefault(k, p)         # groups come latest first
            found = [spelled[k] for k in sorted(counts, key=lambda k: (-counts[k], k))]
            self._seated = (state, found)
        return list(found)

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
                    (match_id, n, dump_record(record), now, now),
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
                              "VALUES (?,?,?,?,?)", (match_id, n, dump_record(record), created, updated))
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


def _stored_already(c: sqlite3.Connection, m: ImportedMatch) -> int | None:
    """The stored match an imported one is: the same match id, or (none given) the same
    game, players and game records."""
    if m.uid:
        row = c.execute("SELECT id FROM matches WHERE uid=?", (m.uid,)).fetchone()
        return None if row is None else int(row[0])
    want = [dump_record({k: v for k, v in r.items() if k != "game"}) for r in m.records]
    for (match_id,) in c.execute("SELECT id FROM matches WHERE game=? AND players=?",
                                 (m.game, json.dumps(list(m.players), ensure_ascii=False))).fetchall():
        have = [dump_record({k: v for k, v in json.loads(t).items() if k != "game"}) for (t,) in c.execute(
            "SELECT record FROM games WHERE match_id=? ORDER BY number", (match_id,))]
        if have == want:
            return int(match_id)
    return None


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
