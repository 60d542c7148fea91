"""What a player sees when the store cannot save: a banner on every screen while it is
read-only, a refused round said beside the button with the round still entered, and a
store that cannot be opened said in one line instead of a fresh, empty app."""

from __future__ import annotations

import inspect
import os
from dataclasses import replace
from typing import Any

import flet as ft
import pytest

from companion.core.edits import Change
from companion.games.hotdog import actions as hotdog_actions
from companion.games.hotdog import present, setup_form
from companion.games.hotdog import round_entry as hotdog_round_entry
from companion.games.hotdog.forms import Draft
from companion.store import SCHEMA_VERSION, Store, db
from companion.ui import app
from companion.ui import shell as shell_module
from companion.ui.services import Shell
from tests.conftest import run_async
from tests.render import controls, draw, texts

PLAYERS = ["Anna", "Bernd", "Chris"]
TIE = {"Anna": Draft(table=5, hotdogs=2), "Bernd": Draft(table=5, hotdogs=3, dollars=2),
       "Chris": Draft(table=5, hotdogs=3, dollars=2)}


def hotdog_entry(shell: Shell, mid: int) -> Any:
    """Hot Dog's bid entry as its table screen draws it: the session and the game view."""
    s = hotdog_actions.open_table(shell, mid)
    return draw(hotdog_round_entry.Entry, s, present.game_view(s.record), s.ui, None)


def tap(root: Any, label: str) -> None:
    (button,) = [c for c in controls(root) if isinstance(c, ft.Button) and c.content == label]
    done = button.on_click(None)
    if inspect.iscoroutine(done):
        run_async(done)


def shell_of(store: Store) -> Shell:
    shell = Shell(None, store)
    shell.bind(shell.state, lambda step: step(shell.state))
    return shell


@pytest.fixture
def match(tmp_path) -> tuple[Any, int, dict]:
    path = tmp_path / "companion.sqlite3"
    s = Store(path)
    record = setup_form.new_record(PLAYERS, "Anna")
    mid = s.create_match("hotdog", PLAYERS, record)
    s.close()
    return path, mid, record


def read_only(path, monkeypatch) -> Store:
    """The store as opened where the system says companion may not write the folder
    (tests run as root, which chmod does not stop)."""
    real = os.access
    monkeypatch.setattr(db.os, "access", lambda p, mode, *a, **k: (
        False if mode & os.W_OK and os.fspath(p) == os.fspath(path.parent) else real(p, mode, *a, **k)))
    return Store(path)


def refusing(path, monkeypatch) -> Store:
    """A store the system said was writable, whose file then refuses the write (SQLite's
    "attempt to write a readonly database")."""
    s = Store(path)
    s._conn.execute("PRAGMA query_only=ON")
    return s


@pytest.mark.parametrize("opened", [read_only, refusing])
def test_a_refused_round_is_said_and_stays_entered(match, monkeypatch, opened):
    path, mid, record = match
    store = opened(path, monkeypatch)
    shell = shell_of(store)
    hotdog_actions.open_table(shell, mid).put(lambda u: replace(u, drafts=dict(TIE)))
    entry = hotdog_entry(shell, mid)

    tap(entry, "Submit round")                     # no exception: the session lives on

    ui = hotdog_actions.open_table(shell, mid).latest()
    assert ui.mode == "entry" and ui.drafts == TIE  # the bids the players entered are still there
    assert ui.error.startswith("Not saved: ")
    assert ("read-only" if opened is read_only else "cannot be written any more") in ui.error
    assert ui.error in texts(hotdog_entry(shell, mid))  # beside the button
    assert store.match(mid).current.record == record


def test_a_read_only_store_shows_a_banner_on_every_screen(match, monkeypatch):
    path, mid, record = match
    store = read_only(path, monkeypatch)
    shell = shell_of(store)
    line = shell.cannot_save()
    assert line.startswith(f"Nothing can be saved: the folder {path.parent} is read-only. ")
    # the root component draws it above every screen, and keeps it after the next input
    monkeypatch.setattr(shell_module.ft, "use_state", lambda initial: (shell.state, lambda fn: None))
    monkeypatch.setattr(shell_module.ft, "use_effect", lambda *a, **k: None)
    for screen in ("home", "match", "history"):
        shell.go(screen, match=mid)
        shell.say("Something else happened.")
        drawn = texts(draw(shell_module.App, shell))
        assert drawn[:2] == [line, "Something else happened."]
    assert shell_of(Store(path.parent / "elsewhere" / "companion.sqlite3")).cannot_save() is None


def test_a_store_that_cannot_be_used_is_said_and_no_session_starts(tmp_path, monkeypatch):
    import sqlite3

    path = tmp_path / "companion.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.close()
    before = path.read_bytes()
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(app, "start_session", lambda page, store: pytest.fail("a session started"))

    class Page:
        title = ""

        def __init__(self) -> None:
            self.controls: list[ft.Control] = []

        def update(self) -> None:
            pass

    page = Page()
    run_async(app.main(page))
    shown = [t for c in page.controls for t in texts(c)]
    assert shown[0] == "companion cannot open its saved data"
    assert "newer companion" in shown[1] and "nothing was changed" in shown[1]
    tap(page.controls[0], "Try again")            # refused again, the same way
    assert [t for c in page.controls for t in texts(c)] == shown
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def hotdog_record() -> dict:
    return setup_form.new_record(PLAYERS, "Anna")


def sales_record() -> dict:
    from companion.games.sales import setup_form

    return setup_form.new_record(["Ann", "Ben"], "competitive", 1)


def burger_record() -> dict:
    from tests.burger_app.helpers import start

    return start()


@pytest.mark.parametrize("game, new", [("hotdog", hotdog_record), ("sales", sales_record),
                                       ("burger", burger_record)])
def test_every_game_says_a_refused_save_at_its_table(tmp_path, game, new):
    """Each game's table operations run on the screen's TableSession (its ``actions``)."""
    import importlib

    store = Store(tmp_path / "companion.sqlite3")
    record = new()
    mid = store.create_match(game, record["players"], record)
    shell = shell_of(store)
    actions = importlib.import_module(f"companion.games.{game}.actions")
    t = actions.open_table(shell, mid)
    store._conn.execute("PRAGMA query_only=ON")
    assert t.commit(Change({**record, "rounds": []}), record, "your entry was not saved", draft="round",
                    then=lambda u: u) is False
    assert actions.open_table(shell, mid).ui.error.startswith("Not saved: the saved data ")
    assert store.match(mid).current.record == record
