"""Nothing entered is lost: bids entered and hidden on the table screen, then the
server killed (SIGKILL) and started again on the same data folder. The tab comes back
to the same bids, still hidden, and the round is submitted with them; the same for the
cards of a sale being entered."""

from __future__ import annotations

import pytest

from tests.e2e.harness import PHONE, Server, enable_semantics, shot
from tests.e2e.table import Table, stored_match
from tests.e2e.test_sales_e2e import SalesTable, stored_sales

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bernd", "Chris"]


def test_hidden_bids_come_back_hidden_after_a_killed_server_and_the_round_takes_them(chromium_browser, tmp_path):
    server = Server(tmp_path / "data")
    server.start()
    t = Table(chromium_browser, stored_match(server, PLAYERS, "Anna"), PHONE)
    try:
        t.entry_mode(passing=True)                     # the phone goes round: bids hidden
        t.pass_bid("Anna", (5, 2, 0), "Bernd")
        t.pass_bid("Bernd", (5, 3, 2), "Chris")
        server = server.restarted()
        t.pg.reload()                                  # the tab opened again: a new session
        enable_semantics(t.pg)
        t.see("Round 1 · mustard card: Anna")
        t.see("Chris's bid, in secret")                # Anna's and Bernd's are in, hidden: Chris's turn
        shot(t.pg, "phone-drafts-after-restart")
        for chip in ("Anna: 5 table, 2 hot dogs", "Bernd: 5 table, 3 hot dogs"):
            assert not t.labelled(chip).count()        # still hidden: nothing of theirs on screen
        t.pass_bid("Chris", (5, 3, 2), None)
        t.see("Round 1: result")
        t.see("Tables now")
        assert t.step_texts() == [
            "1. 5 table: Bernd 3 hot dogs − $2 = $1: sold",
            "2. 5 table: Chris 3 hot dogs − $2 = $1: returned (no room)",
            "3. 5 table: Anna 2 hot dogs − $0 = $2: sold",
        ]
    finally:
        t.close()
        server.stop()


def test_a_sale_being_entered_comes_back_after_a_killed_server(chromium_browser, tmp_path):
    server = Server(tmp_path / "data")
    server.start()
    t = SalesTable(chromium_browser, stored_sales(server, ["Ann", "Ben", "Cat"], 2, "Ann"), PHONE)
    try:
        t.see("Round 1, sale 1: Ann leads; Ann to play.")
        t.plays("Ann", "wild-2")
        t.plays("Ben", "sun-2")
        t.see("On suit: sun and wilds (SA-4)")
        server = server.restarted()
        t.pg.reload()
        enable_semantics(t.pg)
        t.see("On suit: sun and wilds (SA-4)")          # both cards played are still on the table
        t.see("Cat's card")
        t.plays("Cat", "rain-1")
        t.click("Record sale")
        t.see("Ben wins with the sun 2")
        t.see("tied with Ann's wild 2: the last one played wins")
    finally:
        t.close()
        server.stop()
