"""The static site's tests: the site ``companion build web`` makes, built once for the
test run into a temporary folder (one build shared by xdist's workers) and served by a
plain static file server on this machine (the browser is the session's chromium,
``tests/conftest.py``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.harness import serve_folder


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The built site, read only (a test that changes it copies it first). Under xdist
    it is built once for the run, in the run's folder that the workers share, by the
    first worker to ask (the others wait on its lock and take it): a build is seconds of
    CPU that each worker spent again. Without fcntl (Windows), each worker builds its own."""
    from companion.web.build import build_site

    try:
        import fcntl
    except ImportError:
        fcntl = None
    if fcntl is None or not os.environ.get("PYTEST_XDIST_WORKER"):
        out = tmp_path_factory.mktemp("site") / "companion"
        build_site(out, say=lambda line: None)
        return out
    shared = tmp_path_factory.getbasetemp().parent        # this run's folder, above each worker's
    out = shared / "site" / "companion"
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)                   # released as the file closes
        if not (shared / "site" / "built").exists():
            build_site(out, say=lambda line: None)
            (shared / "site" / "built").touch()            # whole: a worker stopped mid-build leaves none
    return out


@dataclass
class StaticSite:
    """The built site served on this machine for the test process: its address, every
    request it answered (path and status, in order) and the folder it serves. A test
    may have the same address serve a copy of its own for as long as a ``with
    serving(copy)`` lasts (an update of the site where a profile has had it: a
    browser's storage and service worker belong to an address)."""

    url: str
    log: list[tuple[str, int]]
    folder: Path

    @contextmanager
    def serving(self, folder: Path) -> Iterator[None]:
        served, self.folder = self.folder, folder
        try:
            yield
        finally:
            self.folder = served


@pytest.fixture(scope="session")
def static_site(site):
    log: list[tuple[str, int]] = []
    served = StaticSite("", log, site)
    with serve_folder(lambda: served.folder, log) as url:
        served.url = url
        yield served


@pytest.fixture(scope="session")
def static_server(static_site):
    """The served site's address."""
    return static_site.url


@dataclass(frozen=True)
class FirstVisit:
    """What the first visit of the test process showed and asked for (see
    :func:`first_visit`): the profile it left, closed; each request it made (path and
    status); each address it asked for off this machine; its screenshots at 0.5 s and
    2 s (file, when taken, what the page showed then); how often companion's own first
    screen was drawn; the Python snapshot's state once the visit was done; whether
    printing's files were in the site's cache by then."""

    profile: Path
    requests: list[tuple[str, int]]
    off_machine: list[str]
    shots: list[tuple[str, float, dict]]
    boot_drawn: int
    snapshot: str
    printing_kept: bool


@pytest.fixture(scope="session")
def first_visit(chromium_browser, static_site, tmp_path_factory):
    """A first visit of the site, in a profile of its own that nothing has opened: Python
    started from nothing, the home screen waited for, this build's Python snapshot made
    in the background, the service worker in control and printing's files kept in the
    background (``companion.web.build.AFTER_START``); then the profile closed. A first
    visit costs tens of CPU-seconds (Python's modules compiled, the snapshot made), so
    one is made for the test process: tests/web/test_start_site.py checks what it showed
    and asked for, and every test whose subject is not a first visit starts from a copy
    of the profile it left (``warm_profile``, tests.web.site.returning)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    from companion.web.build import AFTER_START
    from tests.e2e.harness import SCREENSHOTS
    from tests.web.site import BOOT_DRAWN, KEPT, START, Tab, kept_profile, timed_shots

    folder = tmp_path_factory.mktemp("first-visit")
    seen: list[str] = []
    start = len(static_site.log)
    ctx = kept_profile(chromium_browser, folder, seen)
    try:
        pg = ctx.new_page()
        shots = timed_shots(pg, "web-cold", lambda: pg.goto(static_site.url, wait_until="commit"))
        t = Tab(ctx, static_site.url, page=pg)              # the same first visit, waited for until ready
        pg.screenshot(path=str(SCREENSHOTS / "web-cold-ready.png"))
        drawn = pg.evaluate(f"performance.getEntriesByName('{BOOT_DRAWN}').length")
        t.wait_state("s.snapshot === 'made' || s.snapshot === 'failed' || s.snapshot === 'restored'")
        pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=START)
        with suppress(PlaywrightTimeout):                   # a fact the tests check, not a precondition
            pg.wait_for_function(KEPT, arg=list(AFTER_START), timeout=START)
        return FirstVisit(folder, static_site.log[start:], seen, shots, drawn, t.state("snapshot"),
                          pg.evaluate(KEPT, list(AFTER_START)))
    finally:
        ctx.close()


@pytest.fixture(scope="session")
def warm_profile(first_visit):
    """A browser profile that has started the site at ``static_server`` once and kept
    this build's Python snapshot and the site's files (its service worker in control),
    closed, no match stored: each test that takes it starts from a copy
    (tests.web.site.returning), its Python from the snapshot."""
    return first_visit.profile
