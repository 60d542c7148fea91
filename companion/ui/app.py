"""The app's entry point for Flet: one session per browser tab or window."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable

import flet as ft

from companion.core.errors import StoreError
from companion.core.i18n import _
from companion.store import Store, open_store
from companion.ui.router import warm_up
from companion.ui.services import Shell, game_views
from companion.ui.shell import start_session

#: The controls the shell and Home draw: Flet imports a control's module when it is first
#: named (its theme's alone took 0.17 CPU-s of a first page, on the event loop).
FIRST_CONTROLS = ("Theme", "AppBar", "Container", "Column", "Text", "Button", "IconButton", "Semantics")


def prepare() -> None:
    """What a first session would otherwise load before it draws its first screen, loaded
    ahead: every game's screens (its ``view`` part: :func:`companion.ui.services.game_views`),
    the hosted tables' hub, which a host's session is wired to
    (:func:`companion.ui.host.connect`), and the modules of :data:`FIRST_CONTROLS`.
    ``companion serve`` calls it in a thread once it has answered the first page
    (:func:`companion.ui.launch.serve`), while the browser loads Flet's client."""
    game_views()
    from companion.ui import phone  # noqa: F401, PLC0415 - the hub: the server's, never in the browser build

    for name in FIRST_CONTROLS:
        getattr(ft, name)


async def main(page: ft.Page) -> None:
    """A session of ``companion serve``. Start it on the process's store. While another
    program holds the saved data the page says it is waiting; if the saved data cannot
    be used (a newer companion's, still locked, damaged where it cannot be moved aside)
    the page says why in one line, with a "Try again" button, and no fresh store is
    started.

    Who the session is, is the gate's verdict on the websocket that made it
    (:func:`companion.net.access.visitor`), read here, once, while that connection is
    current, and kept: a "Try again" tap runs later, as an event of its own. Nothing the
    client says (``page.web``, ``page.route``, ``page.client_ip``…) decides it, and a
    session that did not come through the gate is a phone."""
    from companion.net.access import visitor  # noqa: PLC0415 - the server's gate: never in the browser build

    who = visitor()
    host = who is not None and who.host
    await _start(page, host=host, peer=who.peer if who is not None else None)


async def desktop_main(page: ft.Page) -> None:
    """A session of the desktop app (plain ``companion`` with the desktop client): the
    window on this machine is the host."""
    await _start(page, host=True, peer=None)


async def _start(page: ft.Page, *, host: bool, peer: str | None) -> None:
    store = await _opened(page, host=host, peer=peer)
    if store is not None:
        shell = start_session(page, store, host=host, peer=peer)   # with the shipped fonts: every name drawn, offline
        if host:
            _warm_once(shell)


_warmed = threading.Event()


def _warm_once(shell: Shell) -> None:
    """Once per process, after the host's first screen is drawn: History's and
    Statistics' first opens made ready in a thread of their own
    (:func:`companion.ui.router.warm_up`) while the player reads that screen."""
    if _warmed.is_set():
        return
    _warmed.set()
    threading.Thread(target=warm_up, args=(shell.store, list(shell.views)), name="warm-up", daemon=True).start()


async def _opened(page: ft.Page, *, host: bool, peer: str | None) -> Store | None:
    """The store, opened off Flet's event loop (Flet runs handlers on that loop: a wait
    for another program's lock there would freeze every session); the waiting line is
    drawn back on the loop."""
    loop = asyncio.get_running_loop()

    def show(line: str) -> None:
        page.controls[:] = [ft.Text(line)]
        page.update()

    def waiting(line: str) -> None:
        loop.call_soon_threadsafe(show, line)

    try:
        return await asyncio.to_thread(open_store, waiting=waiting)
    except StoreError as exc:
        refuse(page, str(exc), host=host, peer=peer)
        return None


def refuse(page: ft.Page, line: str, *, host: bool = False, peer: str | None = None,
           retry: Callable[[], Awaitable[None]] | None = None) -> None:
    """The store cannot be opened: say why, with "Try again" (``retry``: how this entry
    point opens it; by default :func:`_start`'s way, off the event loop in a thread)."""
    async def again(e: ft.Event[ft.Button]) -> None:
        page.controls[:] = [ft.Text(_("Opening the saved data…"))]
        page.update()
        await (retry() if retry is not None else _start(page, host=host, peer=peer))

    page.title = "companion"
    page.controls[:] = [ft.Column([
        ft.Text(_("companion cannot open its saved data"), size=20, weight=ft.FontWeight.BOLD),
        ft.Text(line),
        ft.FilledButton(_("Try again"), icon=ft.Icons.REFRESH, on_click=again),
    ], spacing=12)]
    page.update()
