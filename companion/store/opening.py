"""Opening the store's file (:class:`StoreFile`): waiting for another program's lock,
checking the file and bringing it to this schema (:mod:`companion.store.migrations`),
moving a damaged file aside for a fresh one, reading a file companion may not write
into memory; and why SQLite refused a change, in a player's words. No flet here.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from companion.core.errors import StoreError
from companion.core.i18n import _
from companion.store.migrations import SCHEMA_VERSION, migrate

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
REFUSED = _DAMAGED | _BUSY | _NOT_WRITABLE | {sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR}


class _Damaged(Exception):
    """The file is damaged (SQLite says so, or a record is not JSON): it may be moved aside."""


class StoreFile:
    """The store's SQLite file, opened (see :class:`companion.store.db.Store`, which is one):
    its connection, or why it can only be read (:attr:`read_only`), or a :class:`StoreError`."""

    def __init__(self, path: Path, *, busy_timeout: float = BUSY_TIMEOUT,
                 waiting: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        self.notice: str | None = None
        #: Why nothing can be saved, in plain words (None: the store saves). A read-only
        #: store shows the file as it was when opened and refuses every change.
        self.read_only: str | None = _why_read_only(self.path)
        try:
            if self.read_only is None:
                try:
                    self._conn = self._open_waiting(waiting)
                except _Damaged as exc:
                    self._conn = self._start_afresh(str(exc), waiting)
                except sqlite3.Error as exc:
                    if result_code(exc) not in _NOT_WRITABLE:
                        raise
                    self.read_only = _("the saved data {path} cannot be written ({reason})").format(
                        path=self.path, reason=exc)
            if self.read_only is not None:
                self._conn = self._open_snapshot()
        except sqlite3.Error as exc:
            if result_code(exc) in _BUSY:
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
                if result_code(exc) not in _BUSY or time.monotonic() >= deadline:
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
            migrate(conn, version)
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
            if result_code(exc) in _DAMAGED:
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
                if result_code(exc) in _DAMAGED:
                    raise _Damaged(str(exc)) from None
                if result_code(exc) not in _NOT_WRITABLE or query.endswith("immutable=1"):
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

    def _refusal(self, exc: sqlite3.Error, waited: float | None = None) -> StoreError:
        """Why a change was not saved, in words a player can act on."""
        code = result_code(exc)
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


def result_code(exc: sqlite3.Error) -> int | None:
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
