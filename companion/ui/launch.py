"""Starting the app: a native window where the Flet desktop client is installed,
else web mode on 127.0.0.1 (offline: the web client ships in the flet-web wheel)."""

from __future__ import annotations

import importlib.util
import os
import sys


def serve(host: str = "127.0.0.1", port: int = 8550, *, open_browser: bool = False) -> int:
    """Serve the app in web mode on host:port (127.0.0.1 unless a host is given);
    ``open_browser`` opens it in the user's browser too (plain ``companion``)."""
    import flet as ft

    from companion.net.serving import set_bind_host
    from companion.ui.app import main

    if not _store_opens():
        return 1
    set_bind_host(host)
    print(f"companion: open http://{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{port}/ in a browser", flush=True)
    opening = open_browser or bool(os.environ.get("COMPANION_OPEN_BROWSER"))
    ft.run(main, view=ft.AppView.WEB_BROWSER if opening else None,
           host=host, port=port, no_cdn=True, assets_dir=_assets_dir())  # type: ignore[arg-type]
    return 0


def start_app() -> int:
    """`companion` with no command: the desktop window if its client is installed, else web."""
    if importlib.util.find_spec("flet_desktop") is None or not _has_display():
        return serve(open_browser=_has_display())
    import flet as ft

    from companion.ui.app import main

    if not _store_opens():
        return 1
    ft.run(main, assets_dir=_assets_dir())
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
        say(f"nothing can be saved: {store.read_only}")
    return True


def _has_display() -> bool:
    return sys.platform in ("win32", "darwin") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _assets_dir() -> str | None:
    """The shipped assets (fonts, decks, recipes): ``companion.core.paths.ASSETS``.
    None when the folder is missing, so Flet does not warn about a bad assets_dir."""
    from companion.core.paths import ASSETS

    return str(ASSETS) if ASSETS.is_dir() else None
