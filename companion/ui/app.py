"""The app's entry point for Flet: one session per browser tab or window."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import flet as ft

from companion.core.errors import StoreError
from companion.core.i18n import _
from companion.net.access import host_session
from companion.store import Store, open_store
from companion.ui.shell import start_session


async def main(page: ft.Page) -> None:
    """Start a session on the process's store. While another program holds the saved
    data the page says it is waiting; if the saved data cannot be used (a newer
    companion's, still locked, damaged where it cannot be moved aside) the page says
    why in one line, with a "Try again" button, and no fresh store is started.

    Whether the session is the host is read here, once, while the connection that
    made it is current (:func:`companion.net.access.host_session`), and kept: a
    "Try again" tap runs later, as an event of its own."""
    await _start(page, host=host_session())


async def _start(page: ft.Page, *, host: bool) -> None:
    store = await _opened(page, host=host)
    if store is not None:
        start_session(page, store, host=host)   # with the shipped fonts: every name drawn, offline


async def _opened(page: ft.Page, *, host: bool) -> Store | None:
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
        refuse(page, str(exc), host=host)
        return None


def refuse(page: ft.Page, line: str, *, host: bool = False,
           retry: Callable[[], Awaitable[None]] | None = None) -> None:
    """The store cannot be opened: say why, with "Try again" (``retry``: how this entry
    point opens it; by default :func:`_start`'s way, off the event loop in a thread)."""
    async def again(e: ft.Event[ft.Button]) -> None:
        page.controls[:] = [ft.Text(_("Opening the saved data…"))]
        page.update()
        await (retry() if retry is not None else _start(page, host=host))

    page.title = "companion"
    page.controls[:] = [ft.Column([
        ft.Text(_("companion cannot open its saved data"), size=20, weight=ft.FontWeight.BOLD),
        ft.Text(line),
        ft.FilledButton(_("Try again"), icon=ft.Icons.REFRESH, on_click=again),
    ], spacing=12)]
    page.update()
