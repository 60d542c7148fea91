"""A database that merely cannot be used is never moved aside: a newer one is refused
untouched, a locked one is waited for, a read-only one is opened read-only. Only a file
SQLite reports as damaged is moved aside (tests/store/test_store.py)."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time

import pytest

from companion.core.errors import CompanionError, StoreError
from companion.games.hotdog import setup_form
from companion.net import Hub
from companion.store import SCHEMA_VERSION, Store, db, open_store
from companion.store.migrations import MIGRATIONS, _statements
from tests.conftest import run_cli
from tests.e2e.harness import free_port

PLAYERS = ["Anna", "Bernd", "Chris"]


def listing(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def only_read(folder, before: dict[str, bytes]) -> None:
    """The database and its write-ahead log are as they were; a read-only reader may have
    left an index file (``-shm``) and an empty log beside them, nothing else."""
    now = listing(folder)
    assert now["companion.sqlite3"] == before["companion.sqlite3"]
    assert now.get("companion.sqlite3-wal", b"") == before.get("companion.sqlite3-wal", b"")
    assert set(now) <= {"companion.sqlite3", "companion.sqlite3-wal", "companion.sqlite3-shm"}


def newer_database(path, journal: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"PRAGMA journal_mode={journal}")
    conn.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY, future TEXT)")
    conn.execute("INSERT INTO matches (future) VALUES ('a match from a newer companion')")
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.close()


def saved_match(path) -> tuple[int, dict]:
    """A database the app wrote: one Hot Dog match, closed."""
    s = Store(path)
    record = setup_form.new_record(PLAYERS, "Anna")
    mid = s.create_match("hotdog", PLAYERS, record)
    s.close()
    return mid, record


def version_1_database(path) -> None:
    """A database as an older companion left it: rollback journal, schema 1, one match."""
    conn = sqlite3.connect(path, isolation_level=None)
    for stmt in _statements(MIGRATIONS[1]):
        conn.execute(stmt)
    conn.execute("PRAGMA user_version=1")
    conn.execute("INSERT INTO matches (game, players, finished, created_at, updated_at)"
                 " VALUES ('hotdog', '[\"Anna\", \"Bernd\"]', 0, 1, 1)")
    conn.execute("INSERT INTO games (match_id, number, record, created_at, updated_at) VALUES (1, 1, ?, 1, 1)",
                 (json.dumps(setup_form.new_record(["Anna", "Bernd"], "Anna")),))
    conn.close()


# ------------------------------------------------------------------ a newer schema

@pytest.mark.parametrize("journal", ["delete", "wal"])
def test_a_newer_schema_is_refused_and_left_byte_identical(tmp_path, journal):
    path = tmp_path / "companion.sqlite3"
    newer_database(path, journal)
    before = listing(tmp_path)
    with pytest.raises(StoreError, match="newer companion") as refused:
        Store(path)
    assert "\n" not in str(refused.value)
    assert listing(tmp_path) == before            # not renamed, not changed, nothing beside it
    assert isinstance(refused.value, CompanionError)


def test_open_store_keeps_no_refused_store(tmp_path):
    path = tmp_path / "companion.sqlite3"
    newer_database(path, "delete")
    for _ in range(2):                             # refused every time, never a fresh store cached
        with pytest.raises(StoreError, match="newer"):
            open_store(path)


def _never_serve(*args, **kwargs):
    raise AssertionError("companion serve went on to serve a store it should refuse")


def test_serve_refuses_a_newer_schema_in_one_line(tmp_path, monkeypatch):
    path = tmp_path / "companion.sqlite3"
    newer_database(path, "delete")
    before = listing(tmp_path)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("uvicorn.run", _never_serve)
    out = run_cli("serve", "--port", str(free_port()))
    assert out.returncode == 1
    assert len(out.stderr.decode().splitlines()) == 1 and "newer companion" in out.stderr.decode()
    assert listing(tmp_path) == before


# ------------------------------------------------------------------ locked by another program

def hold_lock(path, ready: threading.Event, release: threading.Event, write: bool) -> None:
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    if write:
        other.execute("INSERT INTO settings (key, value) VALUES ('written', 'while locked')")
    ready.set()
    release.wait(10)
    other.execute("COMMIT")
    other.close()


def test_a_locked_file_is_waited_for_then_refused_never_moved(tmp_path):
    path = tmp_path / "companion.sqlite3"
    version_1_database(path)                       # a rollback journal: the lock stops readers too
    ready, release = threading.Event(), threading.Event()
    other = threading.Thread(target=hold_lock, args=(path, ready, release, True))
    other.start()
    ready.wait(5)
    said: list[str] = []
    t0 = time.monotonic()
    try:
        with pytest.raises(StoreError, match="Another program is using the saved data") as refused:
            Store(path, busy_timeout=0.6, waiting=said.append)
        waited = time.monotonic() - t0
    finally:
        release.set()
        other.join()
    assert waited >= 0.5
    assert len(said) == 1 and "waiting" in said[0]
    assert "nothing was changed" in str(refused.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["companion.sqlite3"]
    s = Store(path)                                # what the other program wrote is in the same file
    assert s.setting("written") == "while locked" and len(s.matches()) == 1 and s.notice is None


def test_the_open_waits_for_a_lock_and_says_so(tmp_path):
    path = tmp_path / "companion.sqlite3"
    version_1_database(path)
    ready, release = threading.Event(), threading.Event()
    other = threading.Thread(target=hold_lock, args=(path, ready, release, False))
    other.start()
    ready.wait(5)
    said: list[str] = []
    threading.Timer(1.5, release.set).start()
    try:
        s = Store(path, busy_timeout=10, waiting=said.append)
    finally:
        release.set()
        other.join()
    assert said == [f"Another program is using the saved data ({path}); waiting up to 10 seconds for it…"]
    assert s.notice is None and s.read_only is None and len(s.matches()) == 1
    assert s.schema_version == SCHEMA_VERSION
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_a_change_that_waits_too_long_is_refused_and_loses_nothing(tmp_path):
    path = tmp_path / "companion.sqlite3"
    mid, record = saved_match(path)
    s = Store(path, busy_timeout=0.3)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")               # another program writing, and not finishing
    played = {**record, "rounds": [{"bids": []}]}
    with pytest.raises(StoreError, match="busy for 0.3 seconds") as refused:
        s.save_game(mid, 1, played)
    assert "Everything saved before is kept" in str(refused.value)
    other.execute("ROLLBACK")
    other.close()
    assert s.match(mid).current.record == record   # the saved record is as it was
    s.save_game(mid, 1, played)                    # and the store works again once the lock is gone
    assert Store(path).match(mid).current.record == played


# ------------------------------------------------------------------ read-only folder or file

@pytest.fixture
def cannot_write(monkeypatch):
    """Make the system say companion may not write these paths (tests run as root, which
    chmod does not stop; a read-only mount stops root too, and os.access reports it)."""
    denied: set[str] = set()
    real = os.access

    def access(path, mode, *args, **kwargs):
        if mode & os.W_OK and os.fspath(path) in denied:
            return False
        return real(path, mode, *args, **kwargs)

    monkeypatch.setattr(db.os, "access", access)
    return lambda path: denied.add(os.fspath(path))


@pytest.mark.parametrize("which", ["folder", "file"])
def test_a_read_only_store_opens_read_only_and_refuses_changes(tmp_path, cannot_write, which):
    path = tmp_path / "companion.sqlite3"
    mid, record = saved_match(path)
    before = listing(tmp_path)
    cannot_write(tmp_path if which == "folder" else path)
    s = Store(path)
    assert s.read_only == (f"the folder {tmp_path} is read-only" if which == "folder"
                           else f"the file {path} is read-only")
    assert s.notice is None
    assert s.match(mid).current.record == record   # the saved games can be read
    assert s.current_match_id() == mid
    with pytest.raises(StoreError, match="read-only") as refused:
        s.save_game(mid, 1, {**record, "rounds": [{"bids": []}]})
    assert isinstance(refused.value, CompanionError)
    for change in (lambda: s.create_match("hotdog", PLAYERS, record), lambda: s.set_setting("theme", "dark"),
                   lambda: s.delete_match(mid), lambda: Hub(s).host(mid)):
        with pytest.raises(StoreError, match="read-only"):
            change()
    assert s.match(mid).current.record == record and len(s.matches()) == 1
    assert Hub(s).table_for(mid) is None           # the host panel's read still works
    s.close()
    only_read(tmp_path, before)


def test_a_read_only_older_database_is_read_in_this_schema_and_not_upgraded(tmp_path, cannot_write):
    path = tmp_path / "companion.sqlite3"
    version_1_database(path)
    before = listing(tmp_path)
    cannot_write(tmp_path)
    s = Store(path)
    assert s.read_only and s.schema_version == SCHEMA_VERSION and len(s.matches()) == 1
    assert Hub(s).tables() == []
    s.close()
    only_read(tmp_path, before)


def test_a_folder_that_cannot_be_made_gives_an_empty_read_only_store(tmp_path, monkeypatch):
    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(db.Path, "mkdir", refuse)
    s = Store(tmp_path / "missing" / "companion.sqlite3")
    assert s.read_only == f"the folder {tmp_path / 'missing'} could not be made (Permission denied)"
    assert s.matches() == []
    with pytest.raises(StoreError):
        s.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))


def test_a_newer_read_only_database_is_refused_too(tmp_path, cannot_write):
    path = tmp_path / "companion.sqlite3"
    newer_database(path, "wal")
    before = listing(tmp_path)
    cannot_write(tmp_path)
    with pytest.raises(StoreError, match="newer companion"):
        Store(path)
    only_read(tmp_path, before)


def test_a_file_that_refuses_a_write_gives_a_store_error_not_a_crash(tmp_path):
    """The system said the file was writable, then SQLite was refused ("attempt to write a
    readonly database": the file or its folder was made read-only after the open)."""
    path = tmp_path / "companion.sqlite3"
    mid, record = saved_match(path)
    s = Store(path)
    s._conn.execute("PRAGMA query_only=ON")        # SQLite's own read-only refusal, even for root
    with pytest.raises(StoreError, match="cannot be written any more") as refused:
        s.save_game(mid, 1, {**record, "rounds": [{"bids": []}]})
    assert isinstance(refused.value.__cause__, sqlite3.OperationalError)
    assert "readonly" in str(refused.value.__cause__)
    s._conn.execute("PRAGMA query_only=OFF")
    assert s.match(mid).current.record == record and not s._conn.in_transaction


def test_an_open_refused_by_sqlite_as_read_only_falls_back_to_read_only(tmp_path, monkeypatch):
    path = tmp_path / "companion.sqlite3"
    mid, _record = saved_match(path)
    before = listing(tmp_path)

    def refused(self, timeout):
        exc = sqlite3.OperationalError("attempt to write a readonly database")
        exc.sqlite_errorcode = sqlite3.SQLITE_READONLY
        raise exc

    monkeypatch.setattr(Store, "_open", refused)
    s = Store(path)
    assert s.read_only and "cannot be written" in s.read_only and s.notice is None
    assert [m.id for m in s.matches()] == [mid]
    s.close()
    only_read(tmp_path, before)


def test_a_damaged_file_in_a_read_only_folder_is_refused_not_moved(tmp_path, cannot_write):
    path = tmp_path / "companion.sqlite3"
    path.write_bytes(b"this is not a database" * 200)
    cannot_write(tmp_path)
    with pytest.raises(StoreError, match="damaged .* cannot be moved aside: the folder .* is read-only"):
        Store(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["companion.sqlite3"]


def test_other_open_failures_are_refused_not_moved(tmp_path, monkeypatch):
    path = tmp_path / "companion.sqlite3"
    saved_match(path)
    before = listing(tmp_path)

    def failing(self, timeout):
        exc = sqlite3.OperationalError("disk I/O error")
        exc.sqlite_errorcode = sqlite3.SQLITE_IOERR
        raise exc

    monkeypatch.setattr(Store, "_open", failing)
    with pytest.raises(StoreError, match="could not be opened .disk I/O error.; it was left as it is"):
        Store(path)
    assert listing(tmp_path) == before
