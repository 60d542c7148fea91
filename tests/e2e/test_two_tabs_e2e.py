"""Two host tabs on one Hot Dog match, in a real browser: what one tab saves redraws
the other by itself, and bids entered on a tab for a round the other tab entered first
are refused with one line, kept on screen, and never stored as the next round."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from tests.e2e.harness import PHONE, shot
from tests.e2e.table import Table, stored_match

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bernd", "Chris"]
TIE = {"Anna": (5, 2, 0), "Bernd": (5, 3, 2), "Chris": (5, 3, 2)}
SECOND = {"Anna": (7, 3, 0), "Bernd": (7, 2, 0), "Chris": (5, 1, 0)}
REFUSED = ("Round 1 was already entered on another screen; your entry was not saved. "
           "The table now shows round 2.")


def stored_rounds(data_dir: Path) -> list[list[tuple]]:
    """The rounds of the match's game as stored, each as (player, table, hot dogs, dollars)."""
    with sqlite3.connect(data_dir / "companion.sqlite3") as db:
        rows = db.execute("SELECT record FROM games ORDER BY match_id, number").fetchall()
    assert len(rows) == 1
    return [[(b["player"], b["table"], b["hotdogs"], b.get("dollars", 0)) for b in r["bids"]]
            for r in json.loads(rows[0][0])["rounds"]]


def as_bids(bids: dict[str, tuple[int, int, int]]) -> list[tuple]:
    return [(p, *bid) for p, bid in bids.items()]


def test_two_host_tabs_enter_each_round_once(chromium_browser, app_server):
    a = Table(chromium_browser, stored_match(app_server, PLAYERS, "Anna"), PHONE)
    b: Table | None = None
    try:
        a.see("Round 1 · mustard card: Anna")
        b = Table(chromium_browser, app_server.url, PHONE)   # a second tab: the match in play
        b.see("Round 1 · mustard card: Anna")
        for player, bid in SECOND.items():                   # b enters round 1 too …
            b.bid(player, *bid)
        a.play(1, TIE)                                       # … but a submits first
        b.see("Round 2 · mustard card: Bernd")               # b redraws by itself
        b.see_money({"Anna": 5, "Bernd": 4, "Chris": 3})
        assert b.value("Anna", "hot dog") == 3               # its bids are still there
        shot(b.pg, "two-tabs-redrawn")
        b.click("Submit round")                              # bids entered for round 1
        b.see(REFUSED)
        b.see("Round 2 · mustard card: Bernd")               # nothing saved: still round 2
        assert b.value("Anna", "hot dog") == 3 and b.value("Bernd", "hot dog") == 2
        shot(b.pg, "two-tabs-refused")
        assert stored_rounds(app_server.data_dir) == [as_bids(TIE)]

        a.click("Next round")
        a.see("Round 2 · mustard card: Bernd")
        b.submit(2)                                          # sent again, knowingly: round 2
        a.see(re.compile(r"^Round 3 · mustard card"))        # a redraws by itself
        shot(a.pg, "two-tabs-other-redrawn")
        assert stored_rounds(app_server.data_dir) == [as_bids(TIE), as_bids(SECOND)]
    finally:
        a.close()
        if b is not None:
            b.close()
