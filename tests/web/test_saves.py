"""What the static site writes to the browser's storage, in chromium: a tap sends what
SQLite's write-ahead log gained by it (a few kilobytes), not the whole store file; the
file goes whole when SQLite starts its log afresh; a start puts the file and its log
back, and nothing is lost. The saved games of a build before this one (the whole file
at every save, IndexedDB version 1) are read and saved on. (companion/web/site/worker.js,
``save`` and ``readSavedGames``.)"""

from __future__ import annotations

import re

import pytest

from companion.games.hotdog import setup_form
from companion.store import Store
from tests.web.site import Tab, keep_version_1, returning
from tests.web.test_tabs import ANNA, BIDS, PLAIN, XENA, app_worker

pytestmark = pytest.mark.e2e

#: the saved games as the worker keeps them, once the saves under way are done: the
#: database's version, the store file's size, the log kept with it, when it was written
#: whole, the saves counted, each log entry's offset and size
KEPT = """async () => {
    await self.companionStorage.save();
    const db = await new Promise((ok, no) => {
        const r = indexedDB.open("companion"); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
    const tx = db.transaction(["files", "log"]);
    const get = (store, key) => new Promise((ok) => {
        const r = key === undefined ? tx.objectStore(store).getAll() : tx.objectStore(store).get(key);
        r.onsuccess = () => ok(r.result); });
    const [file, generation, log] = await Promise.all([get("files", "companion.sqlite3"), get("files", "generation"),
                                                       get("log")]);
    db.close();
    return { version: db.version, file: file.bytes.length, wal: file.wal ? file.wal.length : null, saved: file.saved,
             generation, log: log.map((entry) => [entry.offset, entry.bytes.length]) };
}"""

#: SQLite folds its log into the file and starts it afresh at the next write (what it
#: does by itself once the log holds 1,000 pages), on the app's own connection
FOLD = ("self.pyodide.runPython(`import companion.web.browser as b\n"
        "with b.redraw.__self__.store.reading() as c:\n"
        "    c.execute('PRAGMA wal_checkpoint(RESTART)')`)")

PAGE = 4096 + 24    # a page in SQLite's log, with its frame's header


def version_1_file(tmp_path) -> bytes:
    """A store file with Xena's match, as a build before this one kept it: whole."""
    store = Store(tmp_path / "old.sqlite3")
    store.create_match("hotdog", XENA, setup_form.new_record(XENA, "Xena"))
    store.close()        # the last connection: SQLite folds its log into the file
    return (tmp_path / "old.sqlite3").read_bytes()


def test_a_tap_sends_what_the_log_gained_the_file_goes_whole_when_the_log_starts_afresh_and_nothing_is_lost(
        chromium_browser, static_server, warm_profile, tmp_path):
    ctx = returning(chromium_browser, warm_profile, tmp_path / "profile")
    try:
        old = version_1_file(tmp_path)
        keep_version_1(ctx, static_server, old, generation=7)

        t = Tab(ctx, static_server, text="Round 1 · mustard card: Xena")   # the old file's match, open
        worker = app_worker(t)
        kept = worker.evaluate(KEPT)              # version 2 now, its saves counted on from version 1's
        assert kept["version"] == 2 and kept["file"] == len(old) and kept["generation"] >= 7

        t.click("Home")
        t.setup(ANNA, mustard="Anna")             # the file went whole at the first change (no log kept with it)
        first = worker.evaluate(KEPT)
        assert first["saved"] != "version 1" and first["generation"] > 7

        t.play(1, BIDS)                           # a round's taps: each sends pages of the log
        played = worker.evaluate(KEPT)
        assert played["saved"] == first["saved"], "a tap wrote the whole file"
        taps = played["log"][len(first["log"]):]
        assert len(taps) >= 4 and played["generation"] - first["generation"] == len(taps)
        assert all(size % PAGE == 0 and size <= 16 * PAGE for _, size in taps), taps   # pages, not the file
        ends = [offset + size for offset, size in played["log"]]
        assert [offset for offset, _ in played["log"][1:]] == ends[:-1], "each entry goes on where the last ended"

        worker.evaluate(FOLD)                     # SQLite starts its log afresh at the next write
        t.click("Next round")
        t.play(2, PLAIN)
        afresh = worker.evaluate(KEPT)
        assert afresh["saved"] != played["saved"], "the file was not written whole when the log started afresh"
        assert len(afresh["log"]) < len(played["log"])

        t.reload("Tables now")                    # a start: the file and its log put back
        t.see("Round 2: result")
        t.see_money({"Anna": 5, "Bernd": 4, "Chris": 3})
        t.click("Home")
        t.click("History")
        t.see(re.compile(r"Hot Dog, .*Xena, Yuri, Zeno"))
        t.see(re.compile(r"Hot Dog, .*Anna, Bernd, Chris"))
    finally:
        ctx.close()
