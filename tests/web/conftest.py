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


@pytest.fixture(scope="session")
def warmed(chromium_browser, static_server, tmp_path_factory):
    """A browser profile on disk that has visited the site once (tests.web.site's
    docstring says which tests start from a copy of it): the app started, the service
    worker controlling the page (its cache holds the build), the Python snapshot kept.
    What that start stored (its empty saved games in IndexedDB, the page's storage) is
    deleted from the closed profile and checked gone: the copies hold no saved games
    and no first-screen summary."""
    folder = tmp_path_factory.mktemp("warmed") / "profile"
    ctx = persistent(chromium_browser, folder)
    try:
        t = Tab(ctx, static_server)
        t.snapshot_made()
        t.pg.wait_for_function("navigator.serviceWorker.controller !== null")
    finally:
        ctx.close()
    for stored in ("IndexedDB", "Local Storage", "Session Storage"):
        shutil.rmtree(folder / "Default" / stored, ignore_errors=True)
    ctx = persistent(chromium_browser, folder)
    try:
        pg = ctx.new_page()         # the site's origin without the app: a look, nothing stored
        pg.goto(static_server + "manifest.json")
        left = pg.evaluate("async () => [(await indexedDB.databases()).map((db) => db.name), localStorage.length,"
                           " (await caches.keys()).sort()]")
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
