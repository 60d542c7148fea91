"""The screens in the browser build (``Shell.in_browser``): no hosting a table on phones
(there is no server), exports only downloaded (there is no folder to keep them in).
Drawn without a browser."""

from __future__ import annotations

import logging

import flet as ft

from companion.games.hotdog import setup_form
from companion.ui.contracts import Route
from companion.ui.host import HostPanel
from companion.ui.router import Screen
from companion.ui.widgets.exports import export_file
from tests.conftest import run_async
from tests.render import Component, Renderer
from tests.tabs import tab

PLAYERS = ["Anna", "Bernd", "Chris"]


def parts(control):
    """The controls and components drawn, components left unrun."""
    yield control
    if isinstance(control, Component):
        return
    for child in [*(getattr(control, "controls", None) or []), getattr(control, "content", None)]:
        if isinstance(child, (ft.Control, Component)):
            yield from parts(child)


def hosting_offered(shell, mid: int) -> bool:
    screen = Renderer().render(Screen, shell, Route("match", {"match": mid}))
    drawn = Renderer(screen).render(screen.fn, *screen.args, **screen.kwargs)
    return any(isinstance(c, Component) and c.fn.__name__ == HostPanel.__name__ for c in parts(drawn))


def test_a_match_in_the_browser_offers_no_hosting(store):
    shell = tab(store)
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    assert hosting_offered(shell, mid)
    shell.in_browser = True
    assert not hosting_offered(shell, mid)


def test_an_export_in_the_browser_is_a_download_only(store, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    shell = tab(store)
    shell.in_browser = True
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    line = export_file(shell, mid, 1, "game-json")
    assert line == f"Game record downloaded: hotdog-match-{mid}-game-1.json."
    assert not (tmp_path / "exports").exists()


def test_try_again_after_a_refused_store_opens_it_the_browser_s_way(monkeypatch):
    """The browser has no threads: "Try again" runs the browser entry's own opening (the
    ``retry`` it gives), never the server's (``_start``, which opens the store in a thread)."""

    from companion.ui import app

    class Page:
        controls: list = []
        title = ""

        def update(self) -> None:
            pass

    def threaded(*args, **kwargs):
        raise AssertionError("the store opened in a thread")

    monkeypatch.setattr(app, "_start", threaded)
    page, tried = Page(), []

    async def retry() -> None:
        tried.append(True)

    app.refuse(page, "the store is busy", host=True, retry=retry)   # type: ignore[arg-type]
    (again,) = [c for c in parts(page.controls[0]) if isinstance(c, ft.FilledButton)]
    assert again.content == "Try again"
    run_async(again.on_click(None))
    assert tried == [True]


def test_the_browser_s_one_session_hears_no_pubsub_and_a_save_fails_no_listener(store, caplog):
    """Flet's pubsub in the browser (``flet.messaging.pyodide_connection``: a hub with no
    event loop) cannot hand a message to a session, and there is one session (one tab
    holds the saved games): nothing is wired to it, and a save no screen's tap made (the
    store tells every session showing the match) logs no failed listener."""
    from flet.pubsub.pubsub_client import PubSubClient
    from flet.pubsub.pubsub_hub import PubSubHub

    from companion.ui.host import connect

    class BrowserPage:
        pubsub = PubSubClient(PubSubHub(), "the-one-session")

    shell = tab(store)
    shell.page = BrowserPage()  # type: ignore[assignment]
    shell.in_browser = True
    connect(shell)
    with caplog.at_level(logging.INFO):
        store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
