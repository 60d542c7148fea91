"""The static site's tests: the site ``companion build web`` makes, built once for the
test process into a temporary folder and served by a plain static file server on this
machine (the browser is the session's chromium, ``tests/conftest.py``)."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from pathlib import Path

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


#: What the site keeps on this origin, read by a page that runs no app: the saved games'
#: store file (the bytes the app last saved to IndexedDB, as a list of numbers; null if
#: none), the first screen's summary of a match in progress (localStorage), and the names
#: in Cache Storage. Read only: nothing is deleted (a deletion waits on the service
#: worker, which holds the database).
KEPT = """async () => {
    const listed = (await indexedDB.databases()).some((db) => db.name === "companion");
    const bytes = !listed ? null : await new Promise((done, failed) => {
        const open = indexedDB.open("companion", 1);
        open.onerror = () => failed(open.error);
        open.onsuccess = () => {
            const get = open.result.transaction("files").objectStore("files").get("companion.sqlite3");
            get.onsuccess = () => { open.result.close(); done(get.result ? Array.from(get.result.bytes) : null); };
            get.onerror = () => failed(get.error);
        };
    });
    return [bytes, localStorage.getItem("companion-match"), (await caches.keys()).sort()];
}"""


def matches_kept(ctx, url: str, folder: Path) -> int:
    """How many matches the saved games in ``ctx`` hold (a store file written to
    ``folder`` and read with sqlite3), checking that the first screen keeps no match's
    summary and Cache Storage holds the Python snapshot (what makes the profile warm)."""
    pg = ctx.new_page()
    try:
        pg.goto(url + "manifest.json")      # the site's origin without the app
        data, summary, caches = pg.evaluate(KEPT)
    finally:
        pg.close()
    assert summary is None, summary
    assert "companion-snapshots" in caches, caches
    if data is None:
        return 0
    path = folder / "kept.sqlite3"
    path.write_bytes(bytes(data))
    with contextlib.closing(sqlite3.connect(path)) as db:
        return db.execute("SELECT count(*) FROM matches").fetchone()[0]


@pytest.fixture(scope="session")
def warmed(chromium_browser, static_server, tmp_path_factory):
    """A browser profile on disk that has visited the site once (tests.web.site's
    docstring says which tests start from a copy of it): the app started, the service
    worker controlling the page (its cache holds the build), the Python snapshot kept,
    and the saved games that start kept: a store with no match in it."""
    folder = tmp_path_factory.mktemp("warmed") / "profile"
    ctx = persistent(chromium_browser, folder)
    try:
        t = Tab(ctx, static_server)
        t.snapshot_made()
        t.pg.wait_for_function("navigator.serviceWorker.controller !== null")
    finally:
        ctx.close()
    return folder


@pytest.fixture
def warm_profile(chromium_browser, warmed, static_server, tmp_path):
    """A copy of ``warmed`` for one test: a player's later visit with no match kept
    (checked in the copy before the test opens the site: its saved games hold no match,
    its first screen no summary of one)."""
    ctx = warm(chromium_browser, warmed, tmp_path / "profile")
    try:
        assert matches_kept(ctx, static_server, tmp_path) == 0
    except BaseException:
        ctx.close()
        raise
    yield ctx
    ctx.close()
    shutil.rmtree(tmp_path / "profile", ignore_errors=True)     # 140 MB a test, of no use after it
