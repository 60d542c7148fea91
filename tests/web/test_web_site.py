"""The static site ``companion build web`` makes, in Debian chromium: built into a
temporary folder, served by a plain static file server on this machine, every request
off the machine blocked. The home screen; a Hot Dog round played; after a reload the
round is still there (the store kept in the browser's storage); offline, the app starts
again from the service worker's cache, and a score sheet PDF arrives as a download,
though nothing was printed before: printing's modules and faces are not in a first
start's download, but fetched into the cache in the background once the app was up
(``companion.web.build.AFTER_START``; that the first visit kept them, asked for no font
the site lacks and nothing off this machine is tests/web/test_start_site.py's). The CJK
fonts (4.7 MB) are downloaded only once a CJK name is typed, and then drawn; a
right-to-left name, which this build cannot print, is refused in one line, never a
traceback. It starts in the profile the first visit left (its Python snapshot kept),
as a player's second evening does: its page, served by the site's service worker, is
cross-origin isolated (``companion/web/site/sw.js``), and all of the above works there.

The build downloads the browser's wheels once into the user's cache folder
(``companion.web.archive.cache_dir``); later builds need no network."""

from __future__ import annotations

import json

import pytest

from companion.web.build import AFTER_START
from tests.e2e.harness import shot, waits
from tests.pdf.helpers import text as pdf_text
from tests.web.site import KEPT, START, Tab, returning, wait_until

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bernd", "Chris"]
TIE = {"Anna": (5, 2, 0), "Bernd": (5, 3, 2), "Chris": (5, 3, 2)}
CJK_FONTS = ("DroidSansFallbackFull.ttf", "NanumSquareR.ttf")


def test_the_site_plays_keeps_starts_offline_and_downloads_cjk_fonts_only_with_a_cjk_name(
        chromium_browser, site, static_site, warm_profile, tmp_path):
    manifest = json.loads((site / "manifest.json").read_text())
    assert manifest["name"] == "companion" and manifest["theme_color"] == "#FF9800"
    assert not (site / "pyodide" / "python.exe").exists()

    seen: list[str] = []
    asked = len(static_site.log)

    def log() -> list[tuple[str, int]]:
        """The requests of this test's visits."""
        return static_site.log[asked:]

    profile = returning(chromium_browser, warm_profile, tmp_path / "profile", seen)
    try:
        t = Tab(profile, static_site.url)
        # the page the service worker serves is cross-origin isolated, as the served app's is
        # (Flutter draws on a thread of its own, not on the page's main thread): everything
        # below is played on such a page
        assert t.pg.evaluate("self.crossOriginIsolated") is True
        shot(t.pg, "web-home")                     # the home screen
        assert t.button("Host this table on phones").count() == 0

        t.setup(PLAYERS, mustard="Anna")
        t.play(1, TIE)
        shot(t.pg, "web-round1")

        t.reload("Tables now")                     # a reload: the round is still there
        t.click("Next round")
        t.see("Round 2 · mustard card: Bernd")
        t.see_money({"Anna": 5, "Bernd": 4, "Chris": 3})

        t.pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=START)
        assert t.pg.evaluate(KEPT, list(AFTER_START))                # printing's files, in the cache
        assert not [p for p, _ in log() if p.endswith(CJK_FONTS)]    # no CJK name yet: no CJK font
        assert [(p, code) for p, code in log() if code >= 400] == []
        assert seen == []

        t.ctx.set_offline(True)
        t.reload("Round 2 · mustard card: Bernd")  # offline: the site from the service worker's cache
        shot(t.pg, "web-offline")
        printed(t)                                 # never printed before: offline all the same

        t.ctx.set_offline(False)
        t.click("Home")
        t.setup(["王芳", "שרה", "Chris"], mustard="Chris")          # a CJK name typed: its fonts come
        wait_until(lambda: ("/fonts/DroidSansFallbackFull.ttf", 200) in log(), timeout=120)
        t.see("王芳")
        shot(t.pg, "web-cjk-name")

        t.click("Print match score sheet")                        # a Hebrew name: refused in one line
        t.see("is written right to left, which this build of companion cannot print")
        shot(t.pg, "web-rtl-print-refused")
        assert t.find("Traceback").count() == 0

        assert [(p, code) for p, code in log() if code >= 400] == []
        assert seen == []
    finally:
        profile.close()


def printed(t: Tab) -> None:
    filename, data = t.print_pdf("Print match score sheet", timeout=waits(60_000))
    assert filename.endswith("-sheet.pdf")
    text = pdf_text(data)
    for name in PLAYERS:
        assert name in text
    t.see(f"Match score sheet downloaded: {filename}.")
