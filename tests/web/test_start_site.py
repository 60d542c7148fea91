"""How the static site starts, in chromium (issue 27): companion's own first screen at
once, the standings of the match in progress readable on it before Python is up; a
first start without a Python snapshot, which makes one in the background; the next start
from it; a snapshot that cannot be restored dropped and the start made without it; an
update of the site (build B over build A) taken on a following start with every match
kept. Screenshots of the first screen at 0.5 s, 2 s and ready, cold and with a match."""

from __future__ import annotations

import shutil
import time

import pytest

from companion.web.archive import APP_MAIN, app_archive, cache_dir, fetch_wheels
from companion.web.build import build_site
from tests.e2e.harness import SCREENSHOTS, serve_folder, waits
from tests.web.site import START, Tab, profile

pytestmark = pytest.mark.e2e

ANNA = ["Anna", "Bernd", "Chris"]
BIDS = {"Anna": (5, 2, 0), "Bernd": (5, 3, 2), "Chris": (5, 3, 2)}
MONEY = {"Anna": 5, "Bernd": 4, "Chris": 3}

BREAK_SNAPSHOT = """async () => {      // its description right, its bytes zeros: it cannot restore
    const cache = await caches.open("companion-snapshots");
    const keys = await cache.keys();
    for (const key of keys) {
        const meta = (await cache.match(key)).headers.get("X-Companion-Snapshot");
        await cache.put(key, new Response(new Uint8Array(JSON.parse(meta).size),
                                          { headers: { "X-Companion-Snapshot": meta } }));
    }
    return keys.length;
}"""


SEEN = """() => ({ ready: Boolean(window.companion && window.companion.state.ready),
                 match: Boolean(document.getElementById('boot-match') && !document.getElementById('boot-match').hidden),
                 boot: Boolean(document.getElementById('boot') && !document.getElementById('boot').hidden) })"""


BOOT_DRAWN = "companion-boot-drawn"
#: when the boot screen was drawn, and when Python was up (from a snapshot or without)
PYTHON_UP_AFTER = f"""() => [performance.getEntriesByName('{BOOT_DRAWN}')[0].startTime,
    Math.min(...['companion-restored', 'companion-python'].flatMap(n => performance.getEntriesByName(n))
                                                        .map(e => e.startTime))]"""


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


def files_of(folder) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_first_screen_snapshot_broken_snapshot_and_an_update_keep_every_match(chromium_browser, site, tmp_path):
    folder = tmp_path / "companion"
    shutil.copytree(site, folder)
    log: list[tuple[str, int]] = []
    with serve_folder(folder, log) as url:
        ctx = profile(chromium_browser)
        try:
            pg = ctx.new_page()
            taken = timed_shots(pg, "web-cold", lambda: pg.goto(url, wait_until="commit"))
            t = Tab(ctx, url, page=pg)                         # the same first visit, waited for until ready
            t.pg.screenshot(path=str(SCREENSHOTS / "web-cold-ready.png"))
            drawn = t.pg.evaluate(f"performance.getEntriesByName('{BOOT_DRAWN}').length")
            assert drawn == 1                                  # companion's own first screen was drawn
            t.setup(ANNA, mustard="Anna")
            t.play(1, BIDS)
            t.snapshot_made()                                  # made in the background after a start without one

            # a start from the snapshot: the first screen has the match before Python is up
            taken += timed_shots(t.pg, "web-match", lambda: t.pg.reload(wait_until="commit"))
            # drawn before Python was up: the boot screen's own mark against the worker's
            # (a snapshot's Python can be up before a look at the page; the marks say the order)
            t.pg.wait_for_function(f"performance.getEntriesByName('{BOOT_DRAWN}').length > 0", timeout=START)
            assert t.pg.evaluate("!document.getElementById('boot-match').hidden")      # the match on it
            t.wait_state("s.stages.some(([name]) => name === 'restored' || name === 'python')")
            drawn_at, python_at = t.pg.evaluate(PYTHON_UP_AFTER)
            assert drawn_at < python_at, (drawn_at, python_at)
            text = t.boot_text()
            for name in ANNA:
                assert name in text
            t.started("Tables now")
            t.pg.screenshot(path=str(SCREENSHOTS / "web-match-ready.png"))
            assert t.state("snapshot") == "restored"
            t.see_money(MONEY)
            print("\n".join(f"{name} at {took:.2f} s: {seen}" for name, took, seen in taken))

            # a snapshot that cannot be restored: dropped, the start made without it
            assert t.pg.evaluate(BREAK_SNAPSHOT) == 1
            t.reload("Tables now")
            assert t.state("snapshot") in ("none", "making", "made")       # started without it (and makes one anew)
            t.see_money(MONEY)

            # build B over build A, served from the same place: taken on a following start
            before = t.pg.evaluate("window.companion.config.worker.build")
            other = app_archive(fetch_wheels(cache_dir(), say=lambda line: None), main=APP_MAIN + "\n# build B\n")
            a = files_of(folder)
            build_site(folder, say=lambda line: None, app=other)
            changed = {rel for rel, data in files_of(folder).items() if a.get(rel) != data}
            assert "app.tar.gz" in changed and "canvaskit/canvaskit.wasm" not in changed
            del log[:]
            for _ in range(3):
                t.reload("Tables now")
                if t.pg.evaluate("window.companion.config.worker.build") != before:
                    break
            assert t.pg.evaluate("window.companion.config.worker.build") != before
            t.see("Round 1: result")
            t.see_money(MONEY)
            fetched = {path.split("?")[0].lstrip("/") for path, _ in log} - {""}
            assert fetched <= changed, fetched - changed           # an update downloads only what changed
        finally:
            ctx.close()
