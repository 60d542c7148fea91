"""companion in the browser: the Python side of the static site's worker
(``main.py`` in the site's ``app.tar.gz`` calls :func:`run`; the worker itself is
``companion/web/site/worker.js``, built into the site by :mod:`companion.web.build`).

Python runs in Pyodide, in a web worker; its files live in memory. The saved games
are one SQLite file, ``/companion-data/companion.sqlite3``, kept in the browser's
IndexedDB by the worker (``companionStorage``): read once this tab holds the saved
games' lock (one tab or installed app window at a time: the page's
``companion/web/site/page.js``), written back after every commit
(:attr:`Store.after_commit`: what SQLite's write-ahead log gained, not the whole file;
the file goes whole now and then, see ``save`` in ``worker.js``): the write starts at once and the browser confirms it
within moments; the tap does not wait for it. (Python waiting for the browser inside a
tap, with :func:`pyodide.ffi.run_sync`, was tried: while a write went unanswered the
next event was handled inside the suspended one and the tab froze for good.)

A write the browser refuses (its storage for the site is full, another tab took the
saved games over, no answer within 10 seconds) leaves the change in this tab's store,
which the next write takes along: the screens are drawn again and say so
(:attr:`Store.unkept`) until a write succeeds, and Settings offers to export everything.

The first screen (plain HTML, drawn before Python is up) shows the match in progress
from a summary the app writes after every save (:func:`summary`).

What cannot work in a browser is not offered (``Shell.in_browser``): hosting a table on
phones needs a server, and files are not kept in an exports folder but downloaded.
Pictures in printables would need Pillow: companion draws none (see the ``PIL`` stand-in
in :mod:`companion.web.build`). What only printing needs is not in the app's archive,
so a first visit does not download it: ReportLab and what it imports come in
``print.tar.gz``, fetched from the site and unpacked the first time printing imports
them (:class:`PrintModules`), and the printables' fonts are fetched from the site
(``fonts/``) the first time a PDF needs them. The site's service worker keeps both,
and fetches them in the background once the app is up (``companion.web.build.AFTER_START``),
so printing works offline after the first visit.

The worker may start Python from a memory snapshot: everything :func:`prepare`
imported, as memory (see worker.js); :func:`restored` renews what must not be the
same at every start.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.abc
import importlib.machinery
import io
import os
import pkgutil
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.store import Store
    from companion.ui.services import Shell

#: Where the saved data lives in the worker's file system.
DATA_DIR = "/companion-data"
PACKAGES = "/home/pyodide/__pypackages__"
#: What only printing imports (ReportLab, what it imports, the Pillow stand-in): in the
#: site's :data:`PRINT_ARCHIVE`, not in its app archive (``companion.web.archive``).
PRINT_MODULES = ("reportlab", "charset_normalizer", "PIL")
PRINT_ARCHIVE = "print.tar.gz"

_FETCH_JS = """(url) => {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", url, false);
  xhr.responseType = "arraybuffer";
  xhr.send();
  if (xhr.status !== 200) { throw new Error("HTTP " + xhr.status + " " + url); }
  return new Uint8Array(xhr.response);
}"""

#: companion's modules that never run in the browser (the command line, the builder, the
#: developers' tools, hosting a table on phones and the phones' screens: there is no
#: server). Not in the site's archive either (``companion.web.archive.NOT_IN_BROWSER``).
NOT_HERE = ("companion.cli", "companion.__main__", "companion.web.build", "companion.web.archive",
            "companion.web.icon_font", "companion.net", "companion.ui.phone", "companion.devtools")


def _paths() -> None:
    if PACKAGES not in sys.path:
        sys.path.insert(0, PACKAGES)
    os.environ["COMPANION_DATA_DIR"] = DATA_DIR


def _js(source: str) -> Any:
    import js  # type: ignore[import-not-found]

    return js.Function.new(f"return {source};")()


def _storage() -> Any:
    import js

    return js.companionStorage


def browser_modules() -> list[str]:
    """Every companion module the browser build can run (see :data:`NOT_HERE`), found
    without importing any (``pkgutil.walk_packages`` imports each package it walks into)."""
    import companion

    found = ["companion"]

    def walk(paths: list[str], prefix: str) -> None:
        for info in pkgutil.iter_modules(paths, prefix):
            if not info.name.startswith(NOT_HERE):
                found.append(info.name)
                if info.ispkg:
                    walk([os.path.join(p, info.name.rpartition(".")[2]) for p in paths], f"{info.name}.")

    walk(list(companion.__path__), "companion.")
    return sorted(found)


def prepare(everything: bool = False) -> list[str]:
    """Import what a start needs (``everything``: every module of the app, Flet's parts a
    session uses, each language's catalogs and number formats), before any page exists:
    a memory snapshot made after it starts with all of it done. Returns the modules
    that could not be imported (said on the console, left to import when needed). The
    modules that print (they import :data:`PRINT_MODULES`, which only a printout fetches)
    are left out without a word."""
    _paths()
    import runpy  # noqa: F401 - the worker runs the app's main with it

    import flet  # noqa: F401 - the point is the import
    import flet.app  # noqa: F401 - ft.run's module (flet loads its names when first used)
    import flet.components.component  # noqa: F401 - what Flet imports when a page first draws
    import flet.messaging.protocol  # noqa: F401
    import flet.messaging.session  # noqa: F401

    failed = []
    modules = browser_modules() if everything else ["companion.ui.shell"]
    for name in modules:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if (exc.name or "").partition(".")[0] not in PRINT_MODULES:
                print(f"not in the snapshot: {name} ({type(exc).__name__}: {exc})", file=sys.stderr)
                failed.append(name)
        except Exception as exc:  # one module fewer in the snapshot, not a failure
            print(f"not in the snapshot: {name} ({type(exc).__name__}: {exc})", file=sys.stderr)
            failed.append(name)
    _load_flet_names(modules)
    if everything:
        _warm_languages()
    return failed


#: ``ft.Name`` in companion's code: a name of Flet's it uses
_FLET_NAME = re.compile(r"\bft\.([A-Za-z_]\w*)")


def _load_flet_names(modules: list[str]) -> None:
    """Load each name of Flet's (``ft.Name``) the code of ``modules`` uses: Flet imports
    a name's module only when the name is first used (``flet.__getattr__``), which after
    a snapshot was the first screen, importing 30 of Flet's modules from source (its
    controls, theme, components). A name Flet does not have is left to fail where it is
    used."""
    import flet

    used: set[str] = set()
    for name in modules:
        path = getattr(sys.modules.get(name), "__file__", None)
        if path:
            used.update(_FLET_NAME.findall(Path(path).read_text(encoding="utf-8")))
    for name in sorted(used):
        with contextlib.suppress(AttributeError, ImportError):
            getattr(flet, name)


def _warm_languages() -> None:
    """Each language's catalogs read and number formats loaded (Babel's locale data)."""
    import datetime as dt

    from companion.core import i18n

    domains = {id(v): v for m in list(sys.modules.values()) for v in getattr(m, "__dict__", {}).values()
               if isinstance(v, i18n.Domain)}
    for code in i18n.LANGUAGES:
        with i18n.using(code):
            for domain in domains.values():
                domain.gettext("companion")
            i18n.number(1000)
            i18n.money(5)
            i18n.date(dt.date(2026, 1, 1))


def restored() -> None:
    """Python started from a snapshot: what must differ from one start to the next."""
    import random

    random.seed()            # from the browser's randomness, not the snapshot's state
    _paths()


# ---------------------------------------------------------------- the saved games


def _reason(exc: BaseException) -> str:
    """Why the browser did not keep a change, in the player's words."""
    from companion.core.i18n import _

    text = str(exc)
    if "elsewhere" in text:
        return _("companion was opened in another tab or window, which keeps the saved games now; "
                 "this tab's changes are not kept")
    if "timeout" in text:
        return _("the browser did not confirm within 10 seconds that it kept the change")
    if "QuotaExceeded" in text or "quota" in text.lower():
        return _("the browser's storage for this site is full")
    return _("the browser did not keep it ({reason})").format(reason=text)


def _after_commit(store: Store) -> None:
    """Write the committed change to the browser's storage: what SQLite's write-ahead
    log gained by it, a few kilobytes, not the whole file (the worker's ``save``). So
    the log is left to SQLite: no checkpoint here. A refused write is said on the
    screens (:attr:`Store.unkept`, drawn again), not raised: the change is in this tab's
    store and goes out with the next write that succeeds."""
    promise = _storage().save()

    def settled(p: Any) -> None:
        try:
            p.result()
        except Exception as exc:  # the browser's refusal, said on the screens
            _unkept(store, exc)
        else:
            _kept(store)

    promise.add_done_callback(settled)


#: Draws the screens again (set once the session starts): a write's outcome arrives
#: after the tap that made it was drawn.
redraw: Callable[[], None] | None = None


def _redraw() -> None:
    if redraw is None:
        return
    try:
        redraw()
    except Exception as exc:  # the next tap draws it
        print(f"not drawn again: {exc}", file=sys.stderr)


def _unkept(store: Store, exc: BaseException) -> None:
    why = _reason(exc)
    if why != store.unkept:
        store.unkept = why             # the screens say so
        _tell("problem", why)
        _redraw()


def _kept(store: Store) -> None:
    if store.unkept is not None:
        store.unkept = None
        _tell("problem", None)
        _redraw()
    tell_summary(store)


def _tell(what: str, text: str | None) -> None:
    """Tell the page (as plain text: a message between threads carries no Python object).
    A page that cannot be told changes nothing that is kept."""
    try:
        getattr(_storage(), what)(text)
    except Exception as exc:  # the page is told the next time
        print(f"the page was not told ({what}): {exc}", file=sys.stderr)


def tell_summary(store: Store) -> None:
    """The match in progress, for the page's first screen (:func:`summary`)."""
    import json

    try:
        text = json.dumps(summary(store), ensure_ascii=False)
    except Exception as exc:  # no summary: the first screen shows the last one
        print(f"no summary: {exc}", file=sys.stderr)
        return
    _tell("summary", text)


def summary(store: Store) -> dict[str, Any] | None:
    """What the first screen shows of the match in progress (None: none): its game and
    players, where it stands and each player's score, in the app's language, and when
    it was saved. Written to the page after every save (the page keeps it)."""
    import datetime as dt

    from companion.core import i18n
    from companion.core.errors import CompanionError
    from companion.ui.services import game_views

    try:
        current = store.current_match_id()
        if current is None:
            return None
        m = store.match(current)
    except CompanionError:
        return None
    view = game_views().get(m.game)
    if view is None or m.finished:
        return None
    records = [g.record for g in m.games]
    line, over = view.match_line(list(m.players), records)
    if over:
        return None
    standing = getattr(view, "standings", None)
    label, rows = (standing(list(m.players), records) if standing else None) or ("", [])
    return {
        "lang": i18n.language(),
        "title": f"{view.title}: {', '.join(m.players)}",
        "line": line,
        "label": label,
        "standings": [[player, value] for player, value in rows],
        "saved": dt.datetime.now(dt.UTC).isoformat(),
    }


def _unreachable(exc: BaseException) -> Exception:
    """What printing's first download failing says (the browser's own words as the reason)."""
    from companion.core.errors import CompanionError
    from companion.core.i18n import _

    return CompanionError(_("printing needs one download the first time, and the site cannot be "
                            "reached ({reason})").format(reason=exc))


class PrintModules(importlib.abc.MetaPathFinder):
    """Finds :data:`PRINT_MODULES` when no other finder did: the first time one is imported
    (a printout), :data:`PRINT_ARCHIVE` is fetched from the site (the service worker
    keeps it) and unpacked beside the app's packages; then Python's own finder finds it.
    Last in ``sys.meta_path``, so it costs nothing once they are there."""

    def __init__(self, fetch: Callable[[str], bytes] | None = None, home: str = str(Path(PACKAGES).parent)) -> None:
        self.fetch = fetch or (lambda url: bytes(_js(_FETCH_JS)(url).to_py()))
        self.home = home
        self.unpacked = False

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if self.unpacked or name.partition(".")[0] not in PRINT_MODULES:
            return None
        import tarfile

        try:
            data = self.fetch(PRINT_ARCHIVE)
        except Exception as exc:  # offline before the first printout
            raise _unreachable(exc) from exc
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            tar.extractall(self.home, filter="data")
        self.unpacked = True
        importlib.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(name, path)


def fetch_printing() -> None:
    """Printing's modules (:class:`PrintModules`) and fonts (:func:`fetch_fonts_when_printing`)
    fetched from the site when a printout first needs them."""
    if not any(isinstance(finder, PrintModules) for finder in sys.meta_path):
        sys.meta_path.append(PrintModules())
    fetch_fonts_when_printing()


def fetch_fonts_when_printing() -> None:
    """The printables read a font from its file when they first need it: here that file is
    fetched from the site first (``fonts/``, where the screens load it from too; the service
    worker keeps it once fetched, so a printout works offline after the first)."""
    from companion.pdf import fonts

    def fetch(path: Path) -> None:
        try:
            data = _js(_FETCH_JS)(f"fonts/{path.name}").to_py()
        except Exception as exc:  # offline before the first printout
            raise _unreachable(exc) from exc
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(bytes(data))

    fonts.fetch_missing = fetch


class BrowserStorage:
    """What Settings says about where the saved games are kept (``Shell.browser``)."""

    @property
    def persisted(self) -> bool | None:
        """Whether the browser promised to keep the site's data when it runs short of
        room (None: not known yet, or the browser cannot say)."""
        try:
            value = _storage().persisted
        except Exception:  # no browser to ask
            return None
        return None if value is None else bool(value)


async def main(page: Any) -> None:
    import flet as ft

    from companion.core import i18n
    from companion.core.errors import StoreError
    from companion.core.i18n import _
    from companion.store import Store, open_store

    # the system's language, as the browser tells it (the environment cannot); no browser to ask: the environment's
    with contextlib.suppress(Exception):
        i18n.set_system_language(str(_js("navigator.language || ''")))
    page.title = "companion"
    page.add(ft.Text(_("Opening your saved games…")))
    try:
        had = await _storage().read()
    except Exception as exc:  # the browser's refusal, said on the page
        page.controls[:] = [ft.Text(_("companion cannot read its saved games in this browser ({reason}).").format(
            reason=exc))]
        page.update()
        _tell("problem", str(exc))
        return
    Store.after_commit = _after_commit
    fetch_printing()
    try:
        store = open_store()
    except StoreError as exc:
        from companion.ui.app import refuse

        async def again() -> None:    # opened here again: the browser has no threads
            page.controls.clear()
            await main(page)

        refuse(page, str(exc), host=True, retry=again)
        _storage().ready()
        return
    if not had:
        _after_commit(store)          # a new store's tables are kept before the first screen
    from companion.ui.shell import start_session

    page.controls.clear()
    shell: Shell = start_session(page, store, host=True)
    shell.browser = BrowserStorage()
    global redraw
    redraw = shell.redraw
    tell_summary(store)
    _storage().ready()


def run() -> None:
    _paths()
    import flet as ft

    ft.run(main)
