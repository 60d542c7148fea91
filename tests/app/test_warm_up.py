"""The first History and Statistics after a start, made ready ahead
(:func:`companion.ui.router.warm_up`): what they would otherwise work out inside the tap
that opens them is worked out once, off the event loop, while the first screen is read;
nothing is written, and a screen drawn after it finds that work done."""

from __future__ import annotations

import threading

import flet as ft
import pytest

from companion.games.hotdog import setup_form
from companion.store import Store
from companion.store.bgstats import LOCATION, likely_players
from companion.store.history import players_key
from companion.ui import app, history, router
from companion.ui.history import History, HistoryUI
from tests import render
from tests.reads import counting
from tests.render import Renderer
from tests.tabs import tab


def seed(store: Store) -> None:
    for players in (["Anna", "Bernd"], ["Chris", "Dora", "Émile"], ["Anna", "Émile", "Fritz"]):
        store.create_match("hotdog", players, setup_form.new_record(players, players[0]))


def test_warm_up_writes_nothing_and_a_first_search_finds_the_players_keys_ready(tmp_path, monkeypatch):
    store = Store(tmp_path / "companion.sqlite3")
    seed(store)
    shell = tab(store)
    players_key.cache_clear()
    with counting() as found:
        router.warm_up(store, list(shell.views))
    assert not found.transactions                       # read only: nothing kept, nothing changed
    assert players_key.cache_info().currsize == 3       # every stored match's players, as searched
    assert found.store["seated_most"] == 1              # BG Stats' "me" offered: counted ...
    monkeypatch.setattr(store, "groups", lambda *a: pytest.fail("the players were counted again"))
    assert likely_players(store)[0] == "Anna"           # ... and kept while no match changes:
    store.set_setting(LOCATION, "Kitchen")              # a setting (each letter typed of BG Stats' location)
    assert likely_players(store)[0] == "Anna"
    monkeypatch.undo()
    misses = players_key.cache_info().misses
    shell.set_ui(history.KEY, lambda u: u.searched("emile"), HistoryUI())
    words = render.texts(Renderer().render(History.__wrapped__, shell, shell.views), deep=True)
    assert "2 matches with a player named like “emile”, the latest first." in words
    assert players_key.cache_info().misses == misses     # the search worked out no key again


def test_a_process_warms_up_once_in_a_thread_of_its_own(tmp_path, monkeypatch):
    store = Store(tmp_path / "companion.sqlite3")
    shell = tab(store)
    ran: list[tuple[str, str]] = []
    done = threading.Event()

    def warm(store_, views) -> None:
        ran.append((threading.current_thread().name, str(store_.path)))
        done.set()

    monkeypatch.setattr(app, "warm_up", warm)
    monkeypatch.setattr(app, "_warmed", threading.Event())
    app._warm_once(shell)
    app._warm_once(shell)
    assert done.wait(10)
    assert ran == [("warm-up", str(store.path))]


def test_warm_up_words_history_first_page_and_no_more(tmp_path, monkeypatch):
    """Issue 26: at 10,000 matches the replays of History's first page were a third of
    its first open's server time. They are worded ahead, the page's lines only: the
    first open reads no record and shows the same lines."""
    store = Store(tmp_path / "companion.sqlite3")
    for _ in range(history.PAGE + 2):
        seed(store)
    shell = tab(store)

    def lines() -> list[str]:
        drawn = Renderer().render(History.__wrapped__, shell, shell.views)
        return [c.content for c in render.controls(drawn)
                if isinstance(c, ft.Button) and str(c.content).startswith("Hot Dog, ")]

    cold = lines()
    history._LINES.clear()
    router.warm_up(store, list(shell.views))
    newest = [m.id for m in store.summaries()[:history.PAGE]]
    assert sorted(key[1] for key in history._LINES) == sorted(newest)
    read: list[int] = []
    real = store.match
    monkeypatch.setattr(store, "match", lambda match_id: (read.append(match_id), real(match_id))[1])
    assert lines() == cold and len(cold) == history.PAGE and read == []
