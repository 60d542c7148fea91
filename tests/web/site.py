"""Driving the static site in chromium: a browser profile (one context: its storage is
where the site keeps the matches, shared by its tabs) and tabs of the site in it, each
a Hot Dog table driver (:class:`tests.e2e.table.Table`); the first screen
(``#boot``) and the page's state (``window.companion.state``) read as a test needs."""

from __future__ import annotations

import base64
import json
import re
import shutil
import time
from pathlib import Path
from typing import Any

from tests.e2e.harness import (
    CHROMIUM,
    PHONE,
    SCREENSHOTS,
    TEST_ARGS,
    block_off_machine,
    enable_semantics,
    fonts_arrived,
    shot,
    waits,
)
from tests.e2e.table import Table

START = 240_000     # ms: Python and the app started in the browser, on a loaded machine

#: what the page shows: the app ready, the first screen's match, the first screen
SEEN = """() => ({ ready: Boolean(window.companion && window.companion.state.ready),
                 match: Boolean(document.getElementById('boot-match') && !document.getElementById('boot-match').hidden),
                 boot: Boolean(document.getElementById('boot') && !document.getElementById('boot').hidden) })"""
#: the mark the page sets when companion's own first screen is drawn
BOOT_DRAWN = "companion-boot-drawn"
#: of the site's files ``paths``, those its service worker keeps (in a cache of the site's)
CACHED = """async (paths) => { const kept = new Set();
    for (const key of (await caches.keys()).filter(k => k.startsWith("companion-site-"))) {
        const cache = await caches.open(key);
        for (const p of paths) { if (await cache.match(new URL(p, location.href).href)) { kept.add(p); } } }
    return [...kept]; }"""
#: whether the service worker keeps every file of ``paths`` (e.g. the site's AFTER_START:
#: printing's, fetched once the app is up)
KEPT = f"""paths => ({CACHED})(paths).then(kept => kept.length === paths.length)"""


def profile(browser, seen: list[str] | None = None, user_agent: str | None = None):
    """A fresh browser profile: nothing cached, nothing stored; no request leaves the
    machine (``seen``: every address asked for off the machine is appended);
    ``user_agent``: the browser it says it is (None: chromium's own)."""
    ctx = browser.new_context(viewport=PHONE, accept_downloads=True, user_agent=user_agent)
    _on_machine(ctx, seen)
    return ctx


def kept_profile(browser, folder: Path, seen: list[str] | None = None):
    """A browser profile kept in ``folder`` (a persistent one: its own chromium, closed
    with the context), as the session's contexts are otherwise (reduced motion, nothing
    off the machine; ``seen`` as in :func:`profile`)."""
    ctx = browser.browser_type.launch_persistent_context(
        str(folder), executable_path=CHROMIUM, headless=True, args=TEST_ARGS, viewport=PHONE,
        accept_downloads=True, reduced_motion="reduce")
    for page in ctx.pages:          # the blank tab it opens with: each test opens the site's own
        page.close()
    _on_machine(ctx, seen)
    return ctx


def returning(browser, warm: Path, folder: Path, seen: list[str] | None = None):
    """A profile that has had the site before (a copy of ``warm``, the session's
    ``warm_profile``: the site's files, its service worker and this build's Python
    snapshot kept, no match stored), for a test whose subject is not the first visit:
    its Python starts from the snapshot, not from nothing and then making one."""
    shutil.copytree(warm, folder, symlinks=True)
    return kept_profile(browser, folder, seen)


def _on_machine(ctx, seen: list[str] | None) -> None:
    def route(route) -> None:
        url = route.request.url
        if seen is not None and not url.startswith(("http://127.0.0.1", "blob:", "data:")):
            seen.append(url)
        block_off_machine(route)

    ctx.route("**/*", route)


class Tab(Table):
    """One tab of the site in ``ctx``; ``ready``: wait for the app's home screen (or
    ``text``) as the tab opens. ``page``: a tab of ``ctx`` already sent to the site
    (``url`` unused), driven from where it is: a start it is in the middle of goes on."""

    def __init__(self, ctx, url: str, ready: bool = True, text: str = "New Hot Dog match", page=None) -> None:
        self.ctx = ctx
        if page is None:
            self.pg = ctx.new_page()
            self.pg.goto(url, timeout=START)
        else:
            self.pg = page
        if ready:
            self.started(text)
            fonts_arrived(self.pg, timeout=START)
        self.pg.set_default_timeout(30_000)

    def close(self) -> None:
        self.pg.close()

    def started(self, text: str) -> None:
        """The app's own screen shows ``text`` (in Flutter's accessibility tree). On a
        failure the screen is kept (test-artifacts/screenshots/failed-start-*.png)."""
        try:
            self.pg.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START)   # Flutter is up
            enable_semantics(self.pg)
            self.pg.locator("flt-semantics-host").get_by_text(text).first.wait_for(timeout=START)
        except Exception:
            shot(self.pg, "failed-start-" + re.sub(r"\W+", "-", text)[:40])
            raise
        self.pg.wait_for_function("window.companion.state.ready && document.getElementById('boot').hidden",
                                  timeout=START)

    def reload(self, text: str) -> None:
        """Reload the tab and wait for the app's own screen showing ``text``, which is
        what a player waits for, not for the page's ``load`` event: on a loaded
        machine, the reload just after a new build was written (its service worker
        installing) twice timed out waiting for ``load`` (240 s), in 1 of about 6 runs.
        A page that never comes up still fails here, on the screen it never shows."""
        self.pg.reload(wait_until="commit", timeout=START)
        self.started(text)

    # ------------------------------------------------------------ the page's side
    def state(self, key: str):
        return self.pg.evaluate(f"window.companion.state[{key!r}]")

    def wait_state(self, expression: str, timeout: float = START) -> None:
        self.pg.wait_for_function(f"(() => {{ const s = window.companion.state; return {expression}; }})()",
                                  timeout=timeout)

    def boot_text(self) -> str:
        return self.pg.locator("#boot").inner_text()

    def snapshot_made(self) -> None:
        """The background worker kept this build's Python snapshot."""
        self.wait_state("s.snapshot === 'made' || s.snapshot === 'failed' || s.snapshot === 'restored'")
        assert self.state("snapshot") in ("made", "restored"), self.state("snapshot")

    def take_over(self) -> None:
        self.pg.locator("#boot-take").click()


#: a piece of a store file into the tab (one string of 100 MB crashed the tab)
_PIECE = 1 << 23
_STORE_PIECE = """(piece) => {
    (self.storePieces ||= []).push(Uint8Array.from(atob(piece), (c) => c.charCodeAt(0)));
}"""
_VERSION_1 = """async (generation) => {
    const bytes = new Uint8Array(self.storePieces.reduce((n, piece) => n + piece.length, 0));
    self.storePieces.reduce((at, piece) => { bytes.set(piece, at); return at + piece.length; }, 0);
    const gone = () => new Promise((ok, no) => {
        const r = indexedDB.deleteDatabase("companion");     // what the profile kept before
        r.onerror = () => no(r.error);
        r.onsuccess = () => ok();
    });
    const keep = () => new Promise((ok, no) => {
        const r = indexedDB.open("companion", 1);
        r.onupgradeneeded = () => r.result.createObjectStore("files");
        r.onsuccess = () => {
            const tx = r.result.transaction("files", "readwrite");
            tx.objectStore("files").put({ bytes, generation, saved: "version 1" }, "companion.sqlite3");
            tx.oncomplete = () => { r.result.close(); ok(); };
            tx.onerror = () => no(tx.error);
        };
        r.onerror = () => no(r.error);
    });
    for (let tries = 1; ; tries++) {
        await gone();
        try {
            return await keep();
        } catch (error) {   // made again at version 2 between the two (seen once in CI): once more
            if (error.name !== "VersionError" || tries === 5) { throw error; }
            await new Promise((ok) => setTimeout(ok, 500));
        }
    }
}"""


def keep_version_1(ctx, url: str, store: bytes, generation: int = 0) -> None:
    """``store`` (a store file) kept in the browser storage of ``ctx`` for the site at
    ``url`` as builds before IndexedDB version 2 kept it: the whole file and the number
    of its saves in one record (``saved``: "version 1"), which every build reads. Done
    in a tab of its own at the site's address, before the app opens there."""
    pg = ctx.new_page()
    try:
        pg.goto(url + "manifest.json")
        for at in range(0, len(store), _PIECE):
            pg.evaluate(_STORE_PIECE, base64.b64encode(store[at:at + _PIECE]).decode())
        pg.evaluate(_VERSION_1, generation)
    finally:
        pg.close()


def wait_until(check, timeout: float = 60.0, every: float = 0.5) -> None:
    """Polls ``check`` until it holds, for ``timeout`` seconds scaled as every browser
    wait is (tests.e2e.harness.waits)."""
    deadline = time.monotonic() + waits(round(timeout * 1000)) / 1000
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(every)


def timed_shots(pg, name: str, navigate) -> list[tuple[str, float, dict]]:
    """Navigate, then screenshots at 0.5 s and 2 s: each file, the time it was taken at
    (a screenshot takes time of its own) and what the page showed then."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    navigate()
    taken = []
    for at in (0.5, 2.0):
        time.sleep(max(0.0, at - (time.monotonic() - t0)))
        took = time.monotonic() - t0
        seen = pg.evaluate(SEEN)
        path = SCREENSHOTS / f"{name}-{at}s.png"
        pg.screenshot(path=str(path), timeout=waits(45_000))
        taken.append((path.name, took, seen))
    return taken


def served(site: Path, rel: str) -> bytes:
    """File ``rel`` of a built site as the site serves it to the app: a packed one
    (``companion.web.build.PACKED``, kept as ``rel.gz``) unpacked."""
    import gzip

    from companion.web.build import PACKED

    return gzip.decompress((site / f"{rel}.gz").read_bytes()) if rel in PACKED else (site / rel).read_bytes()


def unpacked_name(rel: str) -> str:
    """A file of a built site by the name the app asks for it: a packed one's ``.gz``
    (``companion.web.build.PACKED``) by the file's own."""
    from companion.web.build import PACKED

    name = rel.removesuffix(".gz")
    return name if name in PACKED else rel


def sw_value(site: Path, name: str, missing: Any = None) -> Any:
    """A list or mapping the build wrote into ``site``'s service worker (``const NAME =
    …;``, a set as ``new Set(…)``), as sw.js holds it; ``missing`` where that sw.js has
    no such constant (a build from before it)."""
    sw = (site / "sw.js").read_text(encoding="utf-8")
    if f"const {name} = " not in sw:
        return missing
    value = sw.split(f"const {name} = ", 1)[1].split(";\n", 1)[0]
    return json.loads(value.removeprefix("new Set(").removesuffix(")"))
