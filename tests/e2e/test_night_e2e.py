"""A game night in chromium: three matches of three games played today (stored through
the store before the server starts, as a finished evening has them), a new night made,
the matches ticked, a place's points changed (house rule), the night exported and
printed; screenshots at 360×740, light and dark."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.store.imports import import_json
from tests.e2e.harness import DESKTOP, PHONE, seeded_server, shot
from tests.e2e.table import Table
from tests.night_records import burger_game, hotdog_match, match_of, sales_game
from tests.pdf.helpers import text as pdf_text

pytestmark = pytest.mark.e2e


def _evening(store) -> None:
    for m in (hotdog_match(), match_of(sales_game()), match_of(burger_game())):
        import_json(store, json.dumps(m))


@pytest.fixture(scope="module")
def evening_server(tmp_path_factory):
    with seeded_server(tmp_path_factory.mktemp("night"), _evening) as server:
        yield server


def test_a_game_night_ticked_ranked_points_changed_exported_light_and_dark(chromium_browser, evening_server):
    with Table(chromium_browser, evening_server.url, PHONE) as t:
        t.scroll_to_tap = True
        t.click("Game nights")
        t.see("No game nights yet.")
        t.click("New game night")
        t.see(re.compile(r"^Game night \d{4}-\d{2}-\d{2}$"))
        t.see(re.compile(r"^Tick the matches of the night\. Matches played on "))
        shot(t.pg, "night-phone-new")
        # Each tick is seen counted before the next tap, as a player looks before tapping
        # again: the ranking drawn above the list grows with each match and moves the
        # boxes down, so a tap sent before that redraw could land on the wrong row.
        for counted, game in enumerate(("Hot Dog", "Sales", "Burger"), 1):
            box = t.pg.get_by_role("checkbox", name=re.compile(f"^{game}, ")).first
            t.into_view(box)
            box.click()
            t.pg.locator(f'[role="checkbox"][aria-label^="{game}, "][aria-checked="true"]').first.wait_for()
            t.see(re.compile(rf"\({counted} match(es)? counted\)\.$"))
        t.see("Bernd and Chris tie for 1st with 6.5 points each (3 matches counted).")
        t.into_view(t.labelled("game night ranking").first)
        shot(t.pg, "night-phone-ranking")
        # 2nd place scores 3 instead of 2: Bernd 3 + 3 + 3, Chris 1 + 3 + 3, Anna 3 + 1 + 1
        more = t.button("2nd place: one point more", exact=True).first
        t.into_view(more)
        more.click()
        t.see("House rule: points per place 1st 3, 2nd 3, 3rd 1, later places 0; "
              "players tied share their places' points equally.")
        t.see("Bernd leads with 9 points (3 matches counted).")
        shot(t.pg, "night-phone-points")
        t.into_view(t.button("Night as JSON").first)
        with t.pg.expect_download() as got:
            t.click("Night as JSON")
        night = json.loads(Path(got.value.path()).read_bytes())
        assert night["points"] == [3, 3, 1] and len(night["matches"]) == 3
        assert sorted(r["game"] for r in night["match_records"].values()) == ["burger", "hotdog", "sales"]
        t.see(re.compile(r"^Game night downloaded: game-night-\d+\.json"))
        with t.pg.expect_download() as got:
            t.click("Night as CSV")
        assert Path(got.value.path()).read_text(encoding="utf-8").startswith("row,match,game,status,player")
        name, data = t.print_pdf("Print night sheet")
        assert name.endswith("-sheet.pdf")
        printed = pdf_text(data)
        assert "Bernd leads with 9 points" in printed and "House rule:" in printed
        shot(t.pg, "night-phone-exported")
        night_path = re.search(r"/night/\d+", t.pg.url)
        assert night_path is not None
        t.new_tab(f"{evening_server.base}{night_path.group(0)[1:]}?host={evening_server.key}", dark=True)
        t.see("Bernd leads with 9 points (3 matches counted).")
        shot(t.pg, "night-phone-dark-top")
        t.into_view(t.button("Night as JSON").first)
        shot(t.pg, "night-phone-dark-matches")


def _tie_breaks(store) -> None:
    """A night of a sales game won on SA-13, a burger game won on BU-8, a solo game and a
    Hot Dog match still being played where Chris is spelt "CHRIS"."""
    from companion.store import nights as store_nights
    from tests.night_records import PLAYERS
    from tests.store.test_bgstats import _tied_game, sa13, solo

    ids = [store.import_match("sales", ["Ann", "Ben", "Cat"], [sa13()], True),
           store.import_match("burger", ["Ann", "Ben"], [_tied_game()], True),
           store.import_match("sales", ["Hand 1", "Hand 2"], [solo()], True)]
    playing = json.loads(json.dumps(hotdog_match()).replace('"Chris"', '"CHRIS"'))
    ids.append(store.import_match("hotdog", [p.upper() if p == "Chris" else p for p in PLAYERS],
                                  [{"game": "hotdog", **g} for g in playing["games"][:2]], False))
    night = store_nights.new_record("Friday at Anna's")
    for mid in ids:
        night = night.with_match(mid)
    store_nights.create(store, night)


@pytest.fixture(scope="module")
def tie_break_server(tmp_path_factory):
    with seeded_server(tmp_path_factory.mktemp("night-ties"), _tie_breaks) as server:
        yield server


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "laptop"])
def test_a_night_says_its_tie_breaks_a_solo_game_and_a_game_still_played(chromium_browser, tie_break_server,
                                                                          viewport):
    name = "phone" if viewport is PHONE else "laptop"
    with Table(chromium_browser, tie_break_server.url, viewport) as t:
        t.scroll_to_tap = True
        t.click("Game nights")
        t.click("Friday at Anna's", exact=False)
        t.see("Ben wins Sales #1 (SA-13).")
        t.see("Ann wins Burger #2 (BU-8).")
        t.see("Sales #3 was played solo, one person playing every hand: it places nobody.")
        t.see("Hot Dog #4 is not finished: it counts nothing yet.")
        shot(t.pg, f"night-{name}-tie-breaks")
