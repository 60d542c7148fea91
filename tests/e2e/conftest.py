"""E2E fixtures: a chromium per worker, a server per test (own port, own data dir)."""

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


@pytest.fixture
def app_server(tmp_path):
    server = Server(tmp_path / "data")
    server.start()
    yield server
    server.stop()
