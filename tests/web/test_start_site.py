"""How the static site starts, in chromium (issue 27): companion's own first screen at
once, the standings of the match in progress readable on it before Python is up; a
first visit, which starts Python without a snapshot and makes one in the background,
asks for no file the site lacks and nothing off this machine, and keeps printing's
files for later; the next start from the snapshot; a snapshot that cannot be restored
dropped and the start made without it; an update of the site (build B over build A)
taken on a following start with every match kept. Screenshots of the first screen at
0.5 s, 2 s and ready, on the first visit and with a match.

The first visit is the test process's one (``first_visit``, tests/web/conftest.py),
made once: the other tests of the site start from the profile it left."""

from __future__ import annotations

import shutil

import pytest

from companion.web.archive import APP_MAIN, app_archive, cache_dir, fetch_wheels
from companion.web.build import build_site
from tests.e2e.harness import SCREENSHOTS
from tests.web.site import BOOT_DRAWN, START, Tab, returning, timed_shots

pytestmark = pytest.mark.e2e

ANNA = ["Anna", "Bernd", "Chris"]
BIDS = {"Anna": (5, 2, 0), "Bernd": (5, 3, 2), "Chris": (5, 3, 2)}
MONEY = {"Anna": 5, "Bernd": 4, "Chris": 3}
CJK_FONTS = ("DroidSansFallbackFull.ttf", "NanumSquareR.ttf")

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


#: when the boot screen was drawn, and when Python was up (from a snapshot or without)
PYTHON_UP_AFTER = f"""() => [performance.getEntriesByName('{BOOT_DRAWN}')[0].startTime,
    Math.min(...['companion-restored', 'companion-python'].flatMap(n => performance.getEntriesByName(n))
                                                        .map(e => e.startTime))]"""


def files_of(folder) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_first_visit_draws_companions_first_screen_asks_for_nothing_missing_or_off_the_machine_and_keeps_printing(
        first_visit):
    """The first visit: companion's own first screen was drawn (before Flutter's and
    Python's); no request was answered 404 (each was a font Flutter looked for again and
    again) and none left this machine (no CDN, issues 24 and 27); no CJK font (4.7 MB) was
    downloaded, no CJK name having been typed; a Python snapshot was made in the
    background after a start without one; printing's files, left out of the first
    download, were kept in the cache once the app was up."""
    print("\n".join(f"{name} at {took:.2f} s: {seen}" for name, took, seen in first_visit.shots))
    assert first_visit.boot_drawn == 1
    assert any(path.endswith("app.tar.gz") for path, _ in first_visit.requests)    # the visit's own requests
    assert [(path, code) for path, code in first_visit.requests if code >= 400] == []
    assert first_visit.off_machine == []
    assert not [path for path, _ in first_visit.requests if path.endswith(CJK_FONTS)]
    assert first_visit.snapshot == "made"
    assert first_visit.printing_kept


def test_a_start_from_the_snapshot_shows_the_match_first_a_broken_snapshot_is_dropped_and_an_update_keeps_it(
        chromium_browser, site, static_site, warm_profile, tmp_path):
    """From the profile the first visit left, at the same address, which serves a copy
    of the site that is then updated in place (build B over build A)."""
    folder = tmp_path / "companion"
    shutil.copytree(site, folder)
    with static_site.serving(folder):
        ctx = returning(chromium_browser, warm_profile, tmp_path / "profile")
        try:
            t = Tab(ctx, static_site.url)
            t.setup(ANNA, mustard="Anna")
            t.play(1, BIDS)

            # a start from the snapshot: the first screen has the match before Python is up
            taken = timed_shots(t.pg, "web-match", lambda: t.pg.reload(wait_until="commit"))
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
            assert "app.tar.gz" in changed and "canvaskit/canvaskit.wasm.gz" in a
            assert "canvaskit/canvaskit.wasm.gz" not in changed
            asked = len(static_site.log)
            for _ in range(3):
                t.reload("Tables now")
                if t.pg.evaluate("window.companion.config.worker.build") != before:
                    break
            assert t.pg.evaluate("window.companion.config.worker.build") != before
            t.see("Round 1: result")
            t.see_money(MONEY)
            fetched = {path.split("?")[0].lstrip("/") for path, _ in static_site.log[asked:]} - {""}
            assert fetched <= changed, fetched - changed           # an update downloads only what changed
        finally:
            ctx.close()
