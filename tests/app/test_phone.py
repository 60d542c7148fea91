"""The phone screens' actions reach the hub: "Leave this seat" frees the seat there."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import flet as ft

from companion.games.hotdog import setup_form
from companion.net.serving import hub_for
from companion.store import Store
from companion.ui import phone
from companion.ui.phone import PHONE, Phone, PhoneUI

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
