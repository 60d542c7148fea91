"""Starting the app: a native window where the Flet desktop client is installed,
else web mode on 127.0.0.1 (offline: the web client ships in the flet-web wheel)."""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import os
import sys
import threading
from typing import Any

log = logging.getLogger(__name__)


def serve(host: str = "127.0.0.1", port: int = 8550, *, open_browser: bool = False) -> int:
    """Serve the app in web mode on host:port (127.0.0.1 unless a host is given);
    ``open_browser`` opens the host link in the user's browser too (plain ``companion``).

    Flet's web app is served by uvicorn behind :class:`companion.net.access.Gate`:
    websockets only from the page's own origin, and the whole app (the host screen)
    only for a browser that opened the host link printed here."""
    from concurrent.futures import ThreadPoolExecutor

    import uvicorn

    from companion.net.access import Gate, host_link, load_host_key
    from companion.net.serving import serving_lines, set_bind_host
    from companion.net.sessions import SessionBook
    from companion.store import data_dir

    # The store is opened and checked (SQLite reads the whole file, outside the GIL)
    # while Flet's web app loads, and before the server listens, as it was before; its
    # folder is found first, here (platformdirs, imported by one thread only).
    folder = data_dir()
    with ThreadPoolExecutor(1, thread_name_prefix="open-store") as opening:
        opens = opening.submit(_store_opens)
        app = web_app()
        if not opens.result():
            return 1
    set_bind_host(host)
    key, kept = load_host_key(folder)
    fresh_control_ids()
    gate = Gate(app, key=key, port=port, names=[host], book=SessionBook(forget_session, release_session))
    local = f"http://{_url_host(host)}:{port}/"
    for line in serving_lines(host, port, host_link(local, key), kept=kept):
        print(f"companion: {line}", flush=True)
    if open_browser or os.environ.get("COMPANION_OPEN_BROWSER"):
        threading.Thread(target=_open_when_up, args=(_url_host(host).strip("[]"), port, host_link(local, key)),
                         daemon=True).start()
    # proxy_headers=False: the peer address is what the join limiter counts; a forwarded
    # header is trusted from nobody (a tunnel on this machine would let phones forge it).
    # timeout_graceful_shutdown: SIGTERM or the first Ctrl-C ends the server within a
    # few seconds even if a connection does not close when asked.
    uvicorn.run(_loading_after_first_answer(gate), host=host, port=port, ws="websockets-sansio",
                log_level="warning", proxy_headers=False, timeout_graceful_shutdown=3)
    return 0


def _loading_after_first_answer(app: Any) -> Any:
    """``app``, which, once it has answered its first HTTP request (the page), loads the
    app's first screen in a thread of its own (:func:`_load_app`). A browser needs it only
    when its page connects, after it has loaded Flet's client from this server: it loads
    meanwhile, where the app's modules were imported before the server listened and every
    game's screens once the first page had connected. Not as soon as the server listens:
    the thread's imports hold the GIL, and the first answer waited for them (start → HTTP
    200 1.70× a bare Flet page's, against 1.14× so; same run, 10,000 matches)."""
    async def serving(scope: Any, receive: Any, send: Any) -> None:
        await app(scope, receive, send)
        if scope["type"] == "http" and not _loading:
            loading = threading.Thread(target=_load_app, name="load-app", daemon=True)
            _loading.append(loading)
            loading.start()

    return serving


#: The thread that loads the app's first screen after the first page, once started.
_loading: list[threading.Thread] = []


def _load_app() -> None:
    """The app's modules and every game's screens loaded while the first browser loads
    Flet's client (:func:`companion.ui.app.prepare`)."""
    try:
        _app().prepare()
    except Exception:             # never the player's problem: the first session loads them
        log.warning("loading the app's screens ahead failed", exc_info=True)


def _app() -> Any:
    from companion.ui import app

    return app


def _loaded() -> Any:
    """:mod:`companion.ui.app`, once :func:`_load_app` is done (the modules are then
    imported by one thread only)."""
    for loading in _loading:
        loading.join()
    return _app()


async def _session(page: Any) -> None:
    """A session of ``companion serve``: :func:`companion.ui.app.main`, its modules
    loaded off Flet's event loop (a page that connects before :func:`_load_app` is done
    waits for it there, and every other session is served meanwhile)."""
    app = await asyncio.to_thread(_loaded)
    await app.main(page)


def fresh_control_ids(now: float | None = None) -> int:
    """Number this process's controls from a point no earlier process of the last weeks
    reached (1000 a second since a fixed moment, wrapping after 23 days), and return it.

    Why: Flet numbers controls from 3 in every process, so after a restart the tab that
    reconnects gets its page drawn with the very numbers it had. Its browser keeps the
    widgets it had under those numbers, listening to the old session's controls: the
    page's "scroll to the top" no longer reached it (a new screen opened where the old
    one was scrolled to) until the tab was reloaded. With numbers of their own, the
    reconnected page is built afresh. Numbers stay below 2**31 (and a process would
    have to make over 1000 controls a second, all its life, to reach the next one's)."""
    import itertools
    import time

    from flet.controls.id_counter import ControlId

    start = 3 + int(time.time() if now is None else now) % 2_000_000 * 1000
    ControlId._counter = itertools.count(start)   # flet's process-wide numbering (id_counter)
    return start


def web_app() -> Any:
    """Flet's web app (an ASGI app) for the sessions of ``companion serve``: offline (no
    CDN), with the shipped assets, its pages under companion's name and icon
    (:class:`companion.net.client_page.ClientPage`), and closed sessions kept
    :data:`companion.net.sessions.KEPT_SECONDS` (Flet's own default is an hour)."""
    import flet_web.fastapi as flet_fastapi

    from companion.core.identity import DESCRIPTION, NAME
    from companion.net.client_page import ClientPage
    from companion.net.sessions import KEPT_SECONDS

    # The renderer stays Flet's choice (skwasm in Chromium browsers): a page opened on
    # CanvasKit took 3.0 s to its first screen against 1.2 s (median of 5, this machine).
    return ClientPage(flet_fastapi.app(_session, assets_dir=_assets_dir(), no_cdn=True, app_name=NAME,
                                       app_short_name=NAME, app_description=DESCRIPTION,
                                       session_timeout_seconds=KEPT_SECONDS))


def _flet_sessions() -> dict[str, Any]:
    """Flet 1.0.5's sessions by its app manager's key (the page name, the session id and
    the client): Flet has no public call to find or free one."""
    from flet_web.fastapi.flet_app_manager import app_manager

    found: dict[str, Any] = getattr(app_manager, "_FletAppManager__sessions", {})
    return found


async def forget_session(session_id: str) -> None:
    """Free a closed Flet session now (:class:`companion.net.sessions.SessionBook`)."""
    from flet_web.fastapi.flet_app_manager import app_manager

    for name, session in list(_flet_sessions().items()):
        if session.id == session_id:
            await app_manager.delete_session(name)
            return


async def release_session(session_id: str) -> None:
    """The session's last websocket is gone: if Flet still holds it as connected (its
    connection failed while sending, and Flet skipped the disconnect), disconnect it
    now, so that it expires like any closed session."""
    from companion.net.sessions import KEPT_SECONDS

    for session in list(_flet_sessions().values()):
        if session.id == session_id and session.connection is not None:
            await session.disconnect(KEPT_SECONDS)
            return


def _url_host(host: str) -> str:
    """Where this machine's browser reaches a server bound to ``host``."""
    if host in ("0.0.0.0", "", "::"):
        return "127.0.0.1"
    return f"[{host}]" if ":" in host else host


def _open_when_up(address: str, port: int, url: str, timeout: float = 30) -> None:
    """Open ``url`` in the user's browser once the server accepts connections."""
    import socket
    import time
    import webbrowser

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with socket.create_connection((address, port), timeout=0.5):
                break
        except OSError:
            time.sleep(0.1)
    webbrowser.open(url)


def start_app() -> int:
    """`companion` with no command: the desktop window if its client is installed, else web."""
    if importlib.util.find_spec("flet_desktop") is None or not _has_display():
        return serve(open_browser=_has_display())
    import flet as ft

    from companion.ui.app import desktop_main

    if not _store_opens():
        return 1
    ft.run(desktop_main, assets_dir=_assets_dir())
    return 0


def _store_opens() -> bool:
    """Open the saved data before the app starts, saying on standard error what the player
    should know: a file that cannot be used is refused here in one line (and the app does
    not start on a fresh store), a wait for another program's lock, a read-only store or
    a damaged file moved aside. The app's sessions then share this store."""
    from companion.core.errors import StoreError, one_line
    from companion.store import open_store

    def say(line: str) -> None:
        sys.stderr.write(f"companion: {one_line(line)}\n")
        sys.stderr.flush()

    try:
        store = open_store(waiting=say)
    except StoreError as exc:
        say(str(exc))
        return False
    if store.notice:
        say(store.notice)
    if store.read_only:
        from companion.core.i18n import _

        say(_("nothing can be saved: {reason}").format(reason=store.read_only))
    return True


def _has_display() -> bool:
    return sys.platform in ("win32", "darwin") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _assets_dir() -> str | None:
    """The shipped assets (fonts, decks, recipes): the package data ``companion.assets``
    (``companion.core.paths.ASSETS``), a real folder in a checkout and in an install from
    a wheel alike. None when it is missing, so Flet does not warn about a bad assets_dir."""
    from companion.core.paths import ASSETS

    return str(ASSETS) if ASSETS.is_dir() else None
