"""History with a thousand stored matches, and a group picked on a setup screen, in a
real browser. The matches are stored through the store's API before the server starts
(the same data folder), the way a long-used companion has them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.store import Store
from tests.e2e.harness import DESKTOP, PHONE, Server, shot, type_text
from tests.e2e.table import Table

pytestmark = pytest.mark.e2e

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
MATCHES = 1000


def seed_matches(data_dir: Path, n: int = MATCHES) -> None:
    """``n`` finished matches in the data folder's store: Hot Dog matches of three games
    (every tenth with Zoë in Anna's seat), and some burger and sales games."""
    hotdog = (EXAMPLES / "hotdog-match.json").read_text(encoding="utf-8")
    burger = json.loads((EXAMPLES / "burger-contract.json").read_text(encoding="utf-8"))
    sales = json.loads((EXAMPLES / "sales-contract.json").read_text(encoding="utf-8"))
    data_dir.mkdir(parents=True, exist_ok=True)
    store = Store(data_dir / "companion.sqlite3")
    try:
        store._conn.execute("PRAGMA synchronous=OFF")   # a thousand commits, seeded for a test
        for i in range(n):
            if i % 7 == 3:
                store.import_match("burger", burger["players"], [burger], True)
            elif i % 7 == 5:
                store.import_match("sales", sales["players"], [sales], True)
            else:
                match = json.loads(hotdog.replace('"Anna"', '"Zoë"') if i % 10 == 0 else hotdog)
                store.import_match("hotdog", match["players"], match["games"], True)
    finally:
        store.close()


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory):
    data = tmp_path_factory.mktemp("history")
    seed_matches(data)
    server = Server(data)
    server.start()
    yield server
    server.stop()


def test_history_of_a_thousand_matches_a_page_searched_by_player(chromium_browser, seeded_server):
    with Table(chromium_browser, seeded_server.url, DESKTOP) as t:
        t.click("History")
        t.see("1,000 matches, the latest first; the first 10 shown.")
        t.see(re.compile(r"^Hot Dog, .*: Anna, Bernd, Chris: "))
        t.button("Show 10 more (990 not shown yet)").wait_for()
        shot(t.pg, "history-1000")
        type_text(t.pg, t.pg.get_by_role("textbox", name="Search by player"), "zoe")
        t.see("with a player named like “zoe”, the latest first")
        first = t.button(re.compile(r"^Hot Dog, .*: Zoë, Bernd, Chris: ")).first
        first.wait_for()
        assert t.button(re.compile(r": Anna, Bernd, Chris: ")).count() == 0   # only Zoë's matches
        shot(t.pg, "history-search-zoe")
        first.click()
        t.see("Game 3 (over)")
        t.see("Zoë")


def test_a_group_played_with_fills_the_setup_and_the_match_starts(chromium_browser, seeded_server):
    with Table(chromium_browser, seeded_server.url, PHONE) as t:
        t.click("New Hot Dog match")
        t.click(re.compile(r"^Anna, Bernd, Chris · \d+ matches, last on "))
        for name in ["Anna", "Bernd", "Chris"]:
            t.pg.get_by_role("radio", name=name).first.wait_for()           # the names are in
        # the mustard card's choices are the names in seat order: the group's, as it sat last
        radios = t.pg.get_by_role("radio")
        labels = [radios.nth(i).get_attribute("aria-label") for i in range(radios.count())]
        assert [n for n in labels if n in ("Anna", "Bernd", "Chris")] == ["Anna", "Bernd", "Chris"]
        shot(t.pg, "setup-group-picked")
        t.click("Start match")
        t.see("Round 1 · mustard card: Anna")
