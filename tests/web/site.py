"""Driving the static site in chromium: a browser profile (one context: its storage is
where the site keeps the matches, shared by its tabs) and tabs of the site in it, each
a Hot Dog table driver (:class:`tests.e2e.table.Table`); the first screen
(``#boot``) and the page's state (``window.companion.state``) read as a test needs.

Warm and cold profiles. A fresh profile (:func:`profile`) has nothing cached: its first
tab starts Python without a snapshot and then makes one in the background (a second
Pyodide), which is most of what a test of the site costs. The tests whose subject is a
first visit start that way: test_start_site (the first screen, the snapshot made,
restored and broken), test_fonts_site (every font asked for, none off the machine).
The others (test_tabs, test_editors_site, test_web_site) start from :func:`warm`: a
copy of a profile that has visited this build once (``tests/web/conftest.py``
``warmed``: its service worker installed, the build's files and its Python snapshot in
Cache Storage) and the saved games that visit kept: a store with no match, and no
first-screen summary of one, checked in each copy before its test opens the site
(``warm_profile``). That is a player's second and later visits before any match was
kept; what those tests check (the saved games, tabs, storage failures, offline starts,
the editors) happens after the start either way."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

from tests.e2e.harness import (
    CHROMIUM,
    LAUNCH_ARGS,
    PHONE,
    block_off_machine,
    enable_semantics,
    fonts_arrived,
    shot,
    waits,
)
from tests.e2e.table import Table

START = 240_000     # ms: Python and the app started in the browser, on a loaded machine


def profile(browser, seen: list[str] | None = None):
    """A fresh browser profile: nothing cached, nothing stored; no request leaves the
    machine (``seen``: every address asked for off the machine is appended)."""
    ctx = browser.new_context(viewport=PHONE, accept_downloads=True)

    def route(route) -> None:
        url = route.request.url
        if seen is not None and not url.startswith(("http://127.0.0.1", "blob:", "data:")):
            seen.append(url)
        block_off_machine(route)

    ctx.route("**/*", route)
    return ctx


def warm(browser, warmed: Path, folder: Path):
    """A browser profile that has visited the site before: a copy of ``warmed`` in
    ``folder`` (its own chromium, as a profile on disk needs), nothing stored, no request
    leaving the machine. Closing it closes that chromium."""
    shutil.copytree(warmed, folder, ignore=shutil.ignore_patterns("Singleton*"))
    return persistent(browser, folder)


def persistent(browser, folder: Path):
    """A browser profile kept in ``folder``, launched as the session's chromium is."""
    ctx = browser.browser_type.launch_persistent_context(
        folder, executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS, viewport=PHONE,
        accept_downloads=True)
    ctx.route("**/*", block_off_machine)
    for page in ctx.pages:          # the blank tab chromium opens with
        page.close()
    return ctx


class Tab(Table):
    """One tab of the site in ``ctx``; ``ready``: wait for the app's home screen (or
    ``text``) as the tab opens."""

    def __init__(self, ctx, url: str, ready: bool = True, text: str = "New Hot Dog match") -> None:
        self.ctx = ctx
        self.pg = ctx.new_page()
        self.pg.goto(url, timeout=START)
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


def wait_until(check, timeout: float = 60.0, every: float = 0.5) -> None:
    """Polls ``check`` until it holds, for ``timeout`` seconds scaled as every browser
    wait is (tests.e2e.harness.waits)."""
    deadline = time.monotonic() + waits(round(timeout * 1000)) / 1000
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(every)
