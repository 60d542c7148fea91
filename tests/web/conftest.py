"""The static site's tests: the site ``companion build web`` makes, built once for the
test process into a temporary folder and served by a plain static file server on this
machine (the browser is the session's chromium, ``tests/conftest.py``)."""

from __future__ import annotations

import shutil

import pytest

from tests.e2e.harness import serve_folder
from tests.web.site import Tab, persistent, warm


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    from companion.web.build import build_site

    out = tmp_path_factory.mktemp("site") / "companion"
    build_site(out, say=lambda line: None)
    return out


@pytest.fixture(scope="session")
def static_server(site):
    with serve_folder(site) as url:
        yield url


#: Deletes the origin's IndexedDB databases and localStorage (at most 60 s); returns
#: what is left: the databases' names, localStorage's length, the Cache Storage names.
CLEARED = """async () => {
    const cleared = (async () => {
        for (const db of await indexedDB.databases()) {
            await new Promise((done, failed) => {
                const r = indexedDB.deleteDatabase(db.name);
                r.onsuccess = done; r.onerror = failed;   // blocked: until the service worker lets go
            });
        }
        localStorage.clear();
    })();
    await Promise.race([cleared, new Promise((_, late) => setTimeout(() => late(new Error("late")), 60000))]);
    return [(await indexedDB.databases()).map((db) => db.name), localStorage.length, (await caches.keys()).sort()];
}"""


@pytest.fixture(scope="session")
def warmed(chromium_browser, static_server, tmp_path_factory):
    """A browser profile on disk that has visited the site once (tests.web.site's
    docstring says which tests start from a copy of it): the app started, the service
    worker controlling the page (its cache holds the build), the Python snapshot kept.
    What that start stored (its empty saved games in IndexedDB, the page's storage) is
    deleted by a second launch of the profile that runs no app, and checked gone: the
    copies hold no saved games and no first-screen summary."""
    folder = tmp_path_factory.mktemp("warmed") / "profile"
    ctx = persistent(chromium_browser, folder)
    try:
        t = Tab(ctx, static_server)
        t.snapshot_made()
        t.pg.wait_for_function("navigator.serviceWorker.controller !== null")
    finally:
        ctx.close()
    ctx = persistent(chromium_browser, folder)     # again: no tab of the app holds the storage now
    try:
        pg = ctx.new_page()         # the site's origin without the app
        pg.goto(static_server + "manifest.json")
        left = pg.evaluate(CLEARED)
    finally:
        ctx.close()
    assert left[:2] == [[], 0], left
    assert "companion-snapshots" in left[2], left
    return folder


@pytest.fixture
def warm_profile(chromium_browser, warmed, tmp_path):
    """A copy of ``warmed`` for one test: a player's later visit, nothing stored yet."""
    ctx = warm(chromium_browser, warmed, tmp_path / "profile")
    yield ctx
    ctx.close()
    shutil.rmtree(tmp_path / "profile", ignore_errors=True)     # 140 MB a test, of no use after it
