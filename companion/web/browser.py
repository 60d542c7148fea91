"""companion in the browser: the entry point the static site's Python worker runs
(``main.py`` in the site's ``app.tar.gz``, built by :mod:`companion.web.build`).

Python runs in Pyodide, in a web worker; its files live in memory. The saved games are
kept in the browser's own storage (IndexedDB) through Emscripten's IDBFS: the data
folder is an IDBFS mount, filled from the browser's storage before the store opens, and
written back after every commit, schema creation included (:attr:`Store.after_commit`):
where the browser can block on that write (JSPI, :func:`pyodide.ffi.run_sync`), a
change returns, and the screen says it is saved, only once it is in the browser's
storage; elsewhere the write starts at once and follows the commit within moments.

What cannot work in a browser is not offered (``Shell.in_browser``): hosting a table on
phones needs a server, and files are not kept in an exports folder but downloaded.
Pictures in printables would need Pillow: companion draws none (see the ``PIL`` stand-in
in :mod:`companion.web.build`). The printables' fonts are fetched from the site
(``fonts/``) the first time a PDF needs them.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.store import Store

#: Where the saved data lives in the worker's file system (an IDBFS mount).
DATA_DIR = "/companion-data"
#: Python's compiled modules, kept between starts (an IDBFS mount: :func:`keep_bytecode`).
CACHE_DIR = "/companion-bytecode"
_read = False    # the IDBFS folders were read before the app started

_SYNC_JS = """(FS, populate, folder) => {
  const run = () => new Promise((ok, no) => {
    const done = (e) => e ? no(e) : ok();
    if (folder) {    // that one mount only
      const mount = FS.lookupPath(folder).node.mount;
      mount.type.syncfs(mount, populate, done);
    } else {         // every mount
      FS.syncfs(populate, done);
    }
  });
  const next = (globalThis.__companionSync || Promise.resolve()).then(run, run);
  globalThis.__companionSync = next.catch(() => {});
  return next;
}"""

_FETCH_JS = """(url) => {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", url, false);
  xhr.responseType = "arraybuffer";
  xhr.send();
  if (xhr.status !== 200) { throw new Error("HTTP " + xhr.status + " " + url); }
  return new Uint8Array(xhr.response);
}"""


def _js(source: str) -> Any:
    import js  # type: ignore[import-not-found]

    return js.Function.new(f"return {source};")()


def _fs() -> Any:
    import pyodide_js  # type: ignore[import-not-found]

    return pyodide_js.FS


def mount() -> None:
    """The data folder and the compiled-module cache on IDBFS (not yet filled: see :func:`sync`)."""
    fs = _fs()
    for folder in (DATA_DIR, CACHE_DIR):
        if not os.path.isdir(folder):
            fs.mkdirTree(folder)
            fs.mount(fs.filesystems.IDBFS, _js("{}"), folder)
    os.environ["COMPANION_DATA_DIR"] = DATA_DIR


def sync(populate: bool, folder: str | None = None) -> Any:
    """A promise: the folders on IDBFS (or only ``folder``) read from (``populate``) or
    written to the browser's storage (one at a time: a write asked for during another
    waits for it)."""
    return _js(_SYNC_JS)(_fs(), populate, folder)


def keep_bytecode() -> bool:
    """Compile each module once per build, not at every start: Python's compiled modules
    go to the cache folder (``sys.pycache_prefix``), one subfolder per build of the site
    (``BUILD`` in the app archive; an older build's is deleted), kept in the browser's
    storage with the saved games. Both are read here, before the app's modules are
    imported; this needs the browser to let Python wait for it (JSPI). Returns whether
    the folders were read (else :func:`main` reads the saved games itself)."""
    from pyodide.ffi import can_run_sync, run_sync  # type: ignore[import-not-found]

    build = Path("BUILD")
    if not can_run_sync() or not build.is_file():
        return False
    run_sync(sync(True))
    name = build.read_text(encoding="ascii").strip()
    for old in Path(CACHE_DIR).iterdir():
        if old.name != name:
            shutil.rmtree(old, ignore_errors=True)
    sys.dont_write_bytecode = False
    sys.pycache_prefix = f"{CACHE_DIR}/{name}"
    return True


def _after_commit(store: Store) -> None:
    """Write the committed change to the browser's storage. The write-ahead log is folded
    into the database file first and emptied (IDBFS writes whole files: the file changed
    by a few rows, not a log grown to megabytes, goes out at each commit)."""
    from pyodide.ffi import can_run_sync, run_sync

    with store.reading() as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    promise = sync(False, DATA_DIR)     # the saved games only, not the compiled modules
    if can_run_sync():
        run_sync(promise)


def fetch_fonts_when_printing() -> None:
    """The printables read a font from its file when they first need it: here that file is
    fetched from the site first (``fonts/``, where the screens load it from too; the service
    worker has it cached, so this works offline)."""
    from companion.pdf import fonts

    def fetch(path: Path) -> None:
        data = _js(_FETCH_JS)(f"fonts/{path.name}").to_py()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(bytes(data))

    fonts.fetch_missing = fetch


async def main(page: Any) -> None:
    import flet as ft

    from companion.core import i18n
    from companion.core.errors import StoreError
    from companion.core.i18n import _
    from companion.store import Store, open_store

    try:   # the system's language, as the browser tells it (the environment cannot)
        i18n.set_system_language(str(_js("navigator.language || ''")))
    except Exception:   # noqa: BLE001 - no browser to ask: the environment's
        pass
    page.title = "companion"
    page.add(ft.Text(_("Opening your saved games…")))   # awaiting storage before a first control hangs
    try:
        if not _read:
            await sync(True)
    except Exception as exc:
        page.controls[:] = [ft.Text(_("companion cannot read its saved games in this browser ({reason}).").format(
            reason=exc))]
        page.update()
        return
    Store.after_commit = _after_commit
    fetch_fonts_when_printing()
    try:
        store = open_store()
        await sync(False, DATA_DIR)  # a new store's tables are kept before the first screen
    except StoreError as exc:
        from companion.ui.app import refuse

        async def again() -> None:    # opened here again: the browser has no threads
            page.controls.clear()
            await main(page)

        refuse(page, str(exc), host=True, retry=again)
        return
    from companion.ui.shell import start_session

    page.controls.clear()
    start_session(page, store, host=True)
    await sync(False)            # the modules compiled for this start, kept for the next


def run() -> None:
    global _read
    mount()
    try:
        _read = keep_bytecode()
    except Exception as exc:     # no cache: every start compiles again, nothing else lost
        print(f"compiled modules not kept: {exc}", file=sys.stderr)
    import flet as ft

    ft.run(main)
