"""The phone screens' actions reach the hub: "Leave this seat" frees the seat there;
a phone always ends its seat look-up, also in a session a reload took up again."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest
from flet.controls.context import _context_page
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.games.hotdog import setup_form
from companion.net.serving import hub_for
from companion.store import Store
from companion.ui import phone
from companion.ui.phone import PHONE, Phone, PhoneUI
from companion.ui.shell import start_session
from tests.conftest import run_async
from tests.render import Tab, packed

PLAYERS = ["Anna", "Bernd", "Chris"]


class FakeShell:
    """What a Phone uses of the shell: its passing state, its store and its page."""

    def __init__(self, store: Store, client_ip: str) -> None:
        self.store = store
        self.tasks: list[Any] = []
        self.page = SimpleNamespace(run_task=self.tasks.append, update=lambda: None)
        self.peer = client_ip          # the connection's address, as the gate saw it
        self.state: dict[str, Any] = {}

    def ui(self, key: str, default: Any = None) -> Any:
        return self.state.get(key, default)

    def set_ui(self, key: str, fn: Any, default: Any = None) -> None:
        self.state[key] = fn(self.state.get(key, default))


class PlainRemote:
    """A game's seat part without components, so the seat screen draws outside a page."""

    name = "hotdog"
    secret = True
    bids = True

    def seat(self, ctx: Any) -> ft.Control:
        return ft.Text("bid form")

    def resolution(self, resolution: Any, players: Any) -> ft.Control:
        return ft.Text("resolution")

    def host_info(self, ctx: Any) -> None:
        return None


def _buttons(control: Any) -> list[Any]:
    found = [control] if isinstance(control, ft.TextButton) else []
    for child in getattr(control, "controls", None) or []:
        found += _buttons(child)
    return found


def test_leave_this_seat_frees_the_seat_at_the_hub(tmp_path, monkeypatch):
    store = Store(tmp_path / "companion.sqlite3")
    try:
        hub = hub_for(store)
        mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
        code = hub.host(mid).code
        grant = hub.take_seat(code, "Chris", "192.168.1.12")
        hub.submit(grant.token, {"table": 5, "hotdogs": 3, "dollars": 2})
        shell = FakeShell(store, "192.168.1.12")
        shell.set_ui(PHONE, lambda u: replace(u, checked=True, token=grant.token), PhoneUI())
        ph = Phone(shell)  # type: ignore[arg-type]
        monkeypatch.setattr(phone, "remote_views", lambda: {"hotdog": PlainRemote()})
        screen = phone.SeatScreen.__wrapped__(ph, hub.view(grant.token))
        [leave] = [b for b in _buttons(screen) if b.content == "Leave this seat"]
        leave.on_click(None)
        host = hub.host_view(code)
        assert not host.seats[2].taken and host.bid_in == ()
        assert shell.ui(PHONE).token is None and shell.tasks   # forgotten here, and in storage
        new = hub.take_seat(code, "Chris", "192.168.1.77")
        assert hub.view(new.token).my_bid is None
    finally:
        store.close()


@pytest.fixture
def seated(tmp_path, monkeypatch):
    """A store with a hosted Hot Dog table and Anna seated, and her seat token as her
    phone stored it (what the look-up reads): (store, token)."""
    store = Store(tmp_path / "companion.sqlite3")
    hub = hub_for(store)
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    token = hub.take_seat(hub.host(mid).code, "Anna", "192.168.1.12").token

    async def stored() -> str:
        return token

    monkeypatch.setattr(phone, "_stored_token", stored)
    yield store, token
    store.close()


@pytest.mark.parametrize("cut", ["before the screen is drawn", "before its effects run"])
def test_a_reloaded_phone_gets_its_seat_back_in_a_session_that_lost_its_first_connection(seated, cut):
    """After a server restart the tab's own reconnect makes a session; a reload then cuts
    that session's first connection while it is starting, and takes the session up again
    (the tab keeps its Flet session id). Flet 1.0.5 drops the effects queued while the
    session had no connection, and sends the page as it was: the join screen's look-up
    never ran. Once the new connection comes, the look-up runs and its seat is drawn."""
    store, token = seated

    async def reload() -> tuple[Any, Tab]:
        loop = asyncio.get_running_loop()
        with ThreadPoolExecutor(1) as executor:
            pubsub = PubSubHub(loop=loop, executor=executor)
            session = Session(Tab(loop, pubsub))
            _context_page.set(session.page)
            session.apply_page_patch({"route": "/join", "width": 360, "height": 740, "web": True})
            packed(session.get_page_patch())             # Flet's answer to the tab's register frame
            if cut == "before the screen is drawn":
                await session.disconnect(300)
            shell = start_session(session.page, store, host=False, peer="192.168.1.12")
            if cut == "before its effects run":
                await session.disconnect(300)
            await asyncio.sleep(0.05)
            assert not shell.ui(PHONE, PhoneUI()).checked    # Flet dropped the look-up
            again = Tab(loop, pubsub)
            session.attach_connection(again)                 # the reloaded tab
            await session.dispatch_connect_event()
            for _ in range(100):
                if any(b"Leave this seat" in m for m in again.sent):
                    break
                await asyncio.sleep(0.02)
            session.close()
            return shell, again

    shell, again = run_async(reload())
    ui = shell.ui(PHONE, PhoneUI())
    assert ui.checked and ui.token == token
    assert any(b"Leave this seat" in m for m in again.sent)  # drawn on the new connection


def test_a_look_up_ends_checked_when_its_redraw_fails(seated):
    """The page's connection gone as the look-up ends (Flet's update then raises): the
    phone still stops looking, with what it found, and the failure goes no further
    (the next connection draws it: see reconnected)."""
    store, token = seated

    def gone() -> None:
        raise AttributeError("'NoneType' object has no attribute 'put_nowait'")

    shell = FakeShell(store, "192.168.1.12")
    shell.page.update = gone
    Phone(shell).look_up()  # type: ignore[arg-type]
    [find] = shell.tasks
    run_async(find())
    assert shell.ui(PHONE).checked and shell.ui(PHONE).token == token


def test_a_session_taken_up_again_looks_for_its_seat_once_and_draws_again(seated):
    """reconnected(): a look-up that never ended starts again (one at a time: not while
    one is under way), one that ended is not repeated, and the screen is drawn again."""
    store, token = seated
    shell = FakeShell(store, "192.168.1.12")
    drawn: list[int] = []
    shell.saved = lambda: drawn.append(1)    # type: ignore[attr-defined]
    phone.reconnected(shell)  # type: ignore[arg-type]
    phone.reconnected(shell)  # type: ignore[arg-type]
    assert len(shell.tasks) == 1 and len(drawn) == 2
    run_async(shell.tasks.pop()())
    phone.reconnected(shell)  # type: ignore[arg-type]
    assert not shell.tasks and shell.ui(PHONE).token == token and len(drawn) == 3


def test_a_look_up_that_cannot_start_now_starts_on_the_next_connection(tmp_path):
    """Flet's run_task needs the session's connection: with none, the look-up is not
    left marked as under way, so the next connection starts it."""
    store = Store(tmp_path / "companion.sqlite3")
    try:
        shell = FakeShell(store, "192.168.1.12")

        def no_connection(fn: Any) -> None:
            raise AttributeError("'NoneType' object has no attribute 'loop'")

        shell.page.run_task = no_connection
        shell.saved = lambda: None    # type: ignore[attr-defined]
        Phone(shell).look_up()  # type: ignore[arg-type]
        shell.page.run_task = shell.tasks.append
        phone.reconnected(shell)  # type: ignore[arg-type]
        assert len(shell.tasks) == 1
    finally:
        store.close()
