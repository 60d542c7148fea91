"""Every screen has its own address, in a real browser (Debian chromium + Playwright):
the browser's Back goes to the previous screen, a match is opened again by its address
(at the round it is at), an address of a match no longer saved opens Home saying so;
on a desktop window the Hot Dog table uses the window's width."""

from __future__ import annotations

import re

import pytest

from tests.e2e.harness import DESKTOP, enable_semantics, shot
from tests.e2e.table import Table, stored_game, stored_match

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bernd", "Chris"]
OTHERS = ["Dora", "Emil", "Frida"]
TIE = {"Anna": (5, 2, 0), "Bernd": (5, 3, 2), "Chris": (5, 3, 2)}
LAPTOP = {"width": 1280, "height": 800}
HOME_LINE = "A referee beside your card games."


def at(t: Table, path: str | re.Pattern) -> None:
    """The browser's address bar shows ``path`` (on this server)."""
    if isinstance(path, str):
        t.pg.wait_for_url(re.compile(r"^http://127\.0\.0\.1:\d+" + re.escape(path) + "$"))
    else:
        t.pg.wait_for_url(re.compile(r"^http://127\.0\.0\.1:\d+" + path.pattern + "$"))


def match_id(t: Table) -> int:
    at(t, re.compile(r"/match/\d+"))
    found = re.search(r"/match/(\d+)$", t.pg.url)
    assert found is not None
    return int(found.group(1))


def test_back_goes_to_the_previous_screen(chromium_browser, app_server):
    with Table(chromium_browser, app_server.url, DESKTOP) as t:
        at(t, "/")
        t.setup(PLAYERS, mustard="Anna")
        kept = match_id(t)
        t.click("Home")
        t.see(HOME_LINE)
        at(t, "/")
        t.click("History")
        t.see("All matches for BG Stats")
        at(t, "/history")
        t.click(re.compile(r"Hot Dog, .*Anna, Bernd, Chris"))
        t.see("Game 1 (in play)")
        at(t, f"/history/{kept}")
        t.pg.go_back()
        t.see("All matches for BG Stats")
        at(t, "/history")
        assert not t.find("Game 1 (in play)").count()
        t.pg.go_back()
        t.see(HOME_LINE)                 # Home, not the match being played
        at(t, "/")
        assert not t.find("All matches for BG Stats").count()
        t.pg.go_forward()
        t.see("All matches for BG Stats")
        # The app bar's icon buttons as a screen reader meets them: one stop each, named,
        # and none unnamed; its activation (a click on the node, no pointer events) taps
        # it. They were two stops each, and the named one did nothing when activated.
        names = t.pg.locator('flt-semantics[role="button"]').evaluate_all(
            "ns => ns.map(n => (n.getAttribute('aria-label') || n.innerText || '').trim())")
        assert "" not in names, names
        assert [n for n in names if n in ("Home", "Rules", "Settings")] == ["Home", "Rules", "Settings"], names
        t.button("Settings", exact=True).evaluate("node => node.click()")
        at(t, "/settings")
        t.see("Language")


def test_a_match_opens_at_its_address_at_its_round_a_deleted_one_says_so(chromium_browser, app_server):
    """Two matches stored as their setups and a table store them (the first with its round 1
    entered: at round 2), the second opened at its address; the first opened by typing its
    address (the setup typed, and the address it gives: test_back_goes_to_the_previous_screen)."""
    from companion.games.hotdog import setup_form

    record = setup_form.new_record(PLAYERS, "Anna")
    record["rounds"] = [{"bids": [{"player": p, "table": table, "hotdogs": hotdogs, "dollars": dollars}
                                  for p, (table, hotdogs, dollars) in TIE.items()]}]
    first_url = stored_game(app_server, "hotdog", PLAYERS, record, {setup_form.ENTRY: setup_form.FROM_TABLE})
    second_url = stored_match(app_server, OTHERS, "Dora")
    first, second = (int(url.split("/match/")[1].split("?")[0]) for url in (first_url, second_url))
    assert second != first
    with Table(chromium_browser, second_url, LAPTOP) as t:
        t.see("Round 1 · mustard card: Dora")
        shot(t.pg, "laptop-hotdog-table")
        # the Hot Dog table takes the laptop's width, not a phone's column of 760 px: the
        # money grid stands beside the entry, right of where a 760 px column would end
        grid = t.find(re.compile(r"^Money \(HD-3")).first.bounding_box()
        assert grid is not None and grid["x"] > 700

        t.pg.goto(f"{app_server.base}match/{first}")      # the first match's address, typed in
        enable_semantics(t.pg)
        t.see("Round 2 · mustard card: Bernd")
        t.see_money({"Anna": 5, "Bernd": 4, "Chris": 3})
        t.pg.reload()
        enable_semantics(t.pg)
        t.see("Round 2 · mustard card: Bernd")
        at(t, f"/match/{first}")

        t.pg.goto(f"{app_server.base}match/999")
        enable_semantics(t.pg)
        t.see("There is no match 999 here: it may have been deleted. Your saved matches are in History.")
        t.see(HOME_LINE)
