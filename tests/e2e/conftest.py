"""E2E fixtures: a chromium per worker (each test opens its own contexts: its own Flet
sessions, cookies and local storage), and a server per test module whose store is
emptied before each test that asks for ``app_server`` — what a fresh data folder shows,
without starting the app again. A test that kills or restarts a server, or needs a data
folder prepared before the start, runs a :class:`Server` of its own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.harness import CHROMIUM, Server, launch


def _browser_missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is not installed (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright; never `playwright install`)"
    return None


@pytest.fixture(scope="session")
def chromium_browser():
    missing = _browser_missing()
    if missing:
        if os.environ.get("COMPANION_REQUIRE_BROWSER") == "1":
            pytest.fail(f"COMPANION_REQUIRE_BROWSER=1 but {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch(pw)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def module_server(tmp_path_factory):
    """One app server for a test module (see :func:`app_server`)."""
    server = Server(tmp_path_factory.mktemp("data"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def app_server(module_server):
    """The module's server with an empty store, as if just started on a fresh data folder
    (started again if a test before this one stopped it)."""
    if not module_server.running:
        module_server.start()
    module_server.reset()
    return module_server
