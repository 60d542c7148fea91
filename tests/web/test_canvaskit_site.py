"""The static site as Safari takes it (every iPhone's browser, and Firefox): Flutter's
loader (flutter.js) takes the client's WebAssembly build (skwasm) only where the browser
engine is Blink, so Safari gets the other one, ``main.dart.js`` with CanvasKit
(``companion.web.build.RENDERERS``). The session's chromium, made to look like Safari to
the page (``navigator.vendor`` and the user agent, which is what flutter.js and the
page's ``rendererOf`` read), visits the site for the first time: companion's first
screen, then the home screen, drawn with CanvasKit, only that build's files fetched; a
Hot Dog round played; after a reload the round is still there and the service worker
keeps CanvasKit's files, not skwasm's; offline, the app starts again from its cache."""

from __future__ import annotations

import pytest

from companion.web.build import RENDERERS
from tests.e2e.harness import shot
from tests.web.site import BOOT_DRAWN, CACHED, START, Tab, profile, unpacked_name

pytestmark = pytest.mark.e2e

#: Safari on an iPhone, as it names itself
SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
#: WebKit's vendor, where flutter.js and page.js tell the browser engine by it
AS_SAFARI = """Object.defineProperty(Navigator.prototype, "vendor",
                                    { get: () => "Apple Computer, Inc.", configurable: true });"""

PLAYERS = ["Anna", "Bernd", "Chris"]
BIDS = {"Anna": (5, 2, 0), "Bernd": (5, 3, 2), "Chris": (5, 3, 2)}
MONEY = {"Anna": 5, "Bernd": 4, "Chris": 3}


def test_safari_takes_the_canvaskit_build_plays_keeps_the_round_and_starts_offline(chromium_browser, static_site):
    canvaskit, skwasm = RENDERERS["canvaskit"], RENDERERS["skwasm"]
    asked = len(static_site.log)
    seen: list[str] = []
    said: list[str] = []                 # the page's warnings and errors, shown with a failure

    def console(message) -> None:
        if message.type in ("error", "warning"):
            said.append(f"{message.type}: {message.text}")

    ctx = profile(chromium_browser, seen, user_agent=SAFARI)
    ctx.add_init_script(AS_SAFARI)
    ctx.on("console", console)
    try:
        # the first visit: companion's first screen, then the home screen, drawn with CanvasKit
        t = Tab(ctx, static_site.url)
        assert t.pg.evaluate(f"performance.getEntriesByName('{BOOT_DRAWN}').length") == 1
        assert t.pg.evaluate("window.companion.renderer") == "canvaskit"
        assert t.pg.evaluate("Boolean(window.flutterCanvasKit)")      # flutter.js loaded CanvasKit

        t.setup(PLAYERS, mustard="Anna")
        t.play(1, BIDS)
        shot(t.pg, "web-canvaskit-round1")

        # the service worker in control (its install done): this build's files were fetched,
        # by the page and the worker, and none of the other's
        t.pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=START)
        # (a packed file as its .gz: main.dart.js's address a loader that runs the unpacked code)
        fetched = {path.split("?")[0].lstrip("/") for path, _ in static_site.log[asked:]}
        files = {unpacked_name(p) for p in fetched}
        assert set(canvaskit) <= files and not set(skwasm) & files, sorted(fetched)
        assert {"main.dart.js.gz", "canvaskit/canvaskit.wasm.gz"} <= fetched

        # a reload: the round is still there, and the worker keeps this build's files, not the
        # other's. Made once the background worker has kept the Python snapshot (as a player's
        # next start finds it): a reload while it is being made starts Python from nothing
        # again, this one and the offline start 11-12 s each instead of 2-4 s (the test 36-38 s
        # instead of 51-67 s, two interleaved pairs; its CPU-seconds the same within noise).
        t.snapshot_made()
        t.reload("Tables now")
        t.see("Round 1: result")
        t.see_money(MONEY)
        assert t.pg.evaluate("window.companion.renderer") == "canvaskit"
        assert sorted(t.pg.evaluate(CACHED, [*canvaskit, *skwasm])) == sorted(canvaskit)

        t.ctx.set_offline(True)
        t.reload("Tables now")                     # offline: from the service worker's cache
        t.see_money(MONEY)
        assert [(p, code) for p, code in static_site.log[asked:] if code >= 400] == []
        assert seen == []
    finally:
        ctx.close()
        print("\n".join(said))
