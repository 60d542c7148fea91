"""Tabs of the static site sharing one browser's storage, and that storage full, in
chromium (the issue's scenarios): one tab at a time uses the saved games, so no tab's
match is ever overwritten by another's copy; a save the browser refuses is said on the
screen, kept in the tab, and written with the next save that succeeds; no start hangs.
Each starts in a profile that has had the site before (its Python snapshot kept,
tests.web.site.returning): their subject is the tabs and the storage, not a first visit
(tests/web/test_start_site.py)."""

from __future__ import annotations

import re

import pytest

from tests.e2e.harness import fonts_arrived, shot
from tests.web.site import START, Tab, returning, wait_until

pytestmark = pytest.mark.e2e

ANNA = ["Anna", "Bernd", "Chris"]
XENA = ["Xena", "Yuri", "Zeno"]
BIDS = {"Anna": (5, 2, 0), "Bernd": (5, 3, 2), "Chris": (5, 3, 2)}
PLAIN = {p: (7, 1, 0) for p in ANNA}
XENA_BIDS = {p: (7, 1, 0) for p in XENA}


def test_a_tab_waiting_starts_by_itself_two_tabs_never_lose_a_match_and_a_third_finds_both(
        chromium_browser, static_server, warm_profile, tmp_path):
    """A tab opened while another holds the saved games waits for them: once the other is
    closed it starts by itself, with nothing to tap (a tab opened just after one was closed
    while it loaded said "companion is open in another tab or window" for good; seen in
    test_start_site). That tab, A, plays Anna/Bernd/Chris; tab B opens: it says companion
    is open in A and never reads the saved games until it is used here; B plays
    Xena/Yuri/Zeno; A is used again and plays on; a third tab finds both matches whole.
    (The waiting tab had a test and a profile of its own.)"""
    ctx = returning(chromium_browser, warm_profile, tmp_path / "profile")
    try:
        first = Tab(ctx, static_server)
        first.setup(ANNA, mustard="Anna")
        a = Tab(ctx, static_server, ready=False)
        a.wait_state("s.elsewhere")
        assert a.state("held") is False
        first.close()
        a.started("Round 1 · mustard card: Anna")       # Anna's match, where the first tab was
        assert a.state("held") is True and a.state("elsewhere") is False
        fonts_arrived(a.pg, timeout=START)
        a.play(1, BIDS)

        b = Tab(ctx, static_server, ready=False)        # a second tab: A holds the saved games
        b.wait_state("s.elsewhere")
        assert "companion is open in another tab or window" in b.boot_text()
        assert b.state("ready") is False and b.state("held") is False
        assert b.pg.locator("#boot-match").is_visible()  # A's match, from what A left for the first screen
        assert "Anna, Bernd, Chris" in b.boot_text()
        shot(b.pg, "web-second-tab")
        b.take_over()
        b.started("Tables now")                         # B opens where A was: its saved games, now B's
        a.wait_state("s.released")                      # A stopped and says so
        assert "companion is now open in another tab or window" in a.boot_text()
        shot(a.pg, "web-first-tab-released")

        b.click("Home")
        b.setup(XENA, mustard="Xena")
        b.play(1, XENA_BIDS)

        a.take_over()                                   # A again: it starts afresh, from the saved games
        a.started("Tables now")                         # Anna's match, where A was
        b.wait_state("s.released")
        a.click("Next round")                           # and A plays on
        a.play(2, PLAIN)

        c = Tab(ctx, static_server, ready=False)        # a third tab: A holds them, B shows it stopped
        c.wait_state("s.elsewhere")
        c.take_over()
        c.started("companion")
        c.click("Home")
        c.click("History")
        c.see(re.compile(r"Hot Dog, .*Xena, Yuri, Zeno"))
        c.click(re.compile(r"Hot Dog, .*Anna, Bernd, Chris"))
        c.see("Round 2")                                # both of A's rounds, and B's match: nothing lost
        shot(c.pg, "web-third-tab-history")
    finally:
        ctx.close()


def app_worker(tab: Tab):
    """The tab's Python worker (the one running the app, not the snapshot's)."""
    for worker in tab.pg.workers:
        try:
            if worker.evaluate("typeof self.flet_js.send === 'function'"):
                return worker
        except Exception:  # a worker that ended meanwhile
            continue
    raise AssertionError("no app worker")


FULL = """() => {
    self.realSave = self.companionStorage.save;
    self.companionStorage.save = () => Promise.reject(new DOMException("Quota exceeded.", "QuotaExceededError"));
}"""
SILENT = """() => {                // the browser's storage never answers
    self.realTransaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function () {
        return { objectStore: () => ({ get: () => ({}), put: () => ({}) }), abort() {} };
    };
}"""
HEALED = """() => {
    if (self.realSave) { self.companionStorage.save = self.realSave; }
    if (self.realTransaction) { IDBDatabase.prototype.transaction = self.realTransaction; }
}"""


def second_round_with_storage(t: Tab, storage: str):
    """Anna's match: round 1 kept, then the browser's storage changed by the script
    ``storage`` and round 2 played on it. The app's worker, to change it back."""
    t.setup(ANNA, mustard="Anna")
    t.play(1, BIDS)
    worker = app_worker(t)
    worker.evaluate(storage)
    t.click("Next round")
    t.play(2, PLAIN)
    return worker


def test_a_save_the_browser_refuses_is_said_kept_in_the_tab_no_start_hangs_and_one_never_answered_goes_out_later(
        chromium_browser, static_server, warm_profile, tmp_path):
    """The browser's storage full (a refused write, as the storage layer gets it from
    IndexedDB): the round says it is not kept and stays on the screen; a start after it
    never hangs and has the rounds kept before. Then, in the same tab, the browser's
    storage silent (no answer to a write): the round says, after the 10 seconds a save is
    given, that it is not kept; the next save that succeeds takes it along, and a start
    after it has every round. (Each had a test, a profile and a match of its own.)"""
    ctx = returning(chromium_browser, warm_profile, tmp_path / "profile")
    try:
        t = Tab(ctx, static_server)
        second_round_with_storage(t, FULL)
        t.see("Your latest changes are on this screen but not kept: the browser's storage for this site is full.")
        shot(t.pg, "web-storage-full")

        t.reload("Tables now")                    # a start after it: the last round kept is round 1
        t.see("Round 1: result")
        t.see_money({"Anna": 5, "Bernd": 4, "Chris": 3})
        assert t.find("not kept").count() == 0

        worker = app_worker(t)                    # the started worker's storage: silent
        worker.evaluate(SILENT)
        t.click("Next round")
        t.play(2, PLAIN)                          # drawn at once; the browser given 10 s, then it says so
        t.see("not kept: the browser did not confirm within 10 seconds that it kept the change")
        worker.evaluate(HEALED)
        t.click("Next round")
        t.play(3, PLAIN)                          # this save takes round 2 along
        wait_until(lambda: t.find("not kept").count() == 0, timeout=60)
        t.reload("Tables now")
        t.see("Round 3: result")
    finally:
        ctx.close()
