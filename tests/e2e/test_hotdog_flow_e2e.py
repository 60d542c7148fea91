"""A four-player Hot Dog round in a real browser, both ways a table enters bids: from
the table (every bid picked on one screen, then the whole result) and passing the
phone (each player's own entry, one tap hides it and names the next player). On a
360×740 phone and a 1280×800 desktop, with screenshots of each screen."""

from __future__ import annotations

import pytest

from tests.e2e.harness import DESKTOP, PHONE, shot
from tests.e2e.table import Table, stored_match

pytestmark = pytest.mark.e2e

FOUR = ["Anna", "Bernd", "Chris", "Dora"]
ROUND1 = {"Anna": (5, 2, 0), "Bernd": (5, 3, 2), "Chris": (9, 4, 0), "Dora": (9, 3, 1)}
ROUND2 = {"Anna": (7, 3, 0), "Bernd": (9, 2, 0), "Chris": (7, 4, 1), "Dora": (5, 1, 0)}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_round_from_the_table_then_one_passing_the_phone(chromium_browser, app_server, size):
    viewport = PHONE if size == "phone" else DESKTOP
    with Table(chromium_browser, stored_match(app_server, FOUR, "Anna"), viewport) as t:
        t.see("Round 1 · mustard card: Anna")
        t.see("Bids from the table")                        # the setup's default, as its Start stores it
        for p, bid in ROUND1.items():
            t.bid(p, *bid)
        shot(t.pg, f"hd-{size}-table-entry")
        t.submit(1)
        t.see("Tables now")                                 # the whole result, no step tapped
        t.see_money({"Anna": 5, "Bernd": 4, "Chris": 3, "Dora": 2})
        shot(t.pg, f"hd-{size}-result")
        t.click("Next round")
        t.see("Round 2 · mustard card: Bernd")
        t.see("9 table: Chris 4, Dora 3; 2 free")           # the tables with their places
        t.see_row("Round 1", ["$5 +2", "$4 +1", "$3", "$2 −1"])
        t.labelled("money grid").first.scroll_into_view_if_needed()
        shot(t.pg, f"hd-{size}-grid")
        t.entry_mode(passing=True)
        t.pass_bid("Bernd", ROUND2["Bernd"], "Chris")
        t.see("Hidden: Bernd")
        assert not t.find("Bernd: 9 table").count()          # nothing of Bernd's on Chris's screen
        shot(t.pg, f"hd-{size}-pass-private")
        t.pass_bid("Chris", ROUND2["Chris"], "Dora")
        t.pass_bid("Dora", ROUND2["Dora"], "Anna")
        t.pass_bid("Anna", ROUND2["Anna"], None)
        t.see("Round 2: result")
        t.see("Tables now")
        shot(t.pg, f"hd-{size}-pass-result")
        t.click("Next round")
        t.see("Round 3 · mustard card: Chris")
        t.see("Chris's bid, in secret")                      # passing stays the match's way
