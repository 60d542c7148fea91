"""Statistics in a real browser on a phone: opened from Home with a few finished
matches stored, filtered by a group, its sections opened with a tap, and drawn light
and dark at 360×740
(screenshots in test-artifacts/screenshots/stats-*.png)."""

from __future__ import annotations

import pytest

from tests.app.test_stats import seed
from tests.e2e.harness import DESKTOP, PHONE, seeded_server, shot
from tests.e2e.table import Table

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def stats_server(tmp_path_factory):
    with seeded_server(tmp_path_factory.mktemp("stats"), seed) as server:
        yield server


def test_statistics_opened_from_home_filtered_light_and_dark(chromium_browser, stats_server):
    with Table(chromium_browser, stats_server.url, PHONE) as t:
        t.scroll_to_tap = True
        t.click("Statistics")
        t.see("Counted: 6 finished games, 2 complete matches.")
        t.see("Chris: 3 wins of 3")                               # the bar chart's words
        shot(t.pg, "stats-phone-light")
        t.click("Anna, Bernd", exact=True)                        # the group filter
        t.see("Counted: 3 finished games, 1 complete match.")
        t.see("Anna: 3 wins of 3")
        shot(t.pg, "stats-phone-light-group")
        assert t.pg.url.endswith("/stats")
        at_stats = stats_server.url.replace("/?", "/stats?") if "?" in stats_server.url else stats_server.url + "stats"
        t.new_tab(at_stats, dark=True)                            # a new session, in the dark
        t.see("Counted: 6 finished games, 2 complete matches.")
        shot(t.pg, "stats-phone-dark")
        t.open_section("Hot Dog: from the rounds")                # a section opens with a tap
        chart = t.find("Chart: Money over the rounds: match 2, game 3").first
        t.into_view(chart)
        shot(t.pg, "stats-phone-dark-chart")


def _evening(store) -> None:
    """test_stats' two Hot Dog matches, a Hot Dog game two players finish level on $3 at
    every round (their lines lie on each other), and a sales and a burger game each won
    on its tie-break (SA-13, BU-8)."""
    from tests.store.test_bgstats import ABC, _tied_game, sa13, shared_hotdog

    seed(store)
    level = shared_hotdog()
    level["rounds"].insert(0, {"bids": [{"player": p, "table": 5, "hotdogs": 3} for p in ABC]})
    store.import_match("hotdog", ABC, [level], False)
    store.import_match("sales", ["Ann", "Ben", "Cat"], [sa13()], True)
    store.import_match("burger", ["Ann", "Ben"], [_tied_game()], True)


@pytest.fixture(scope="module")
def evening_server(tmp_path_factory):
    with seeded_server(tmp_path_factory.mktemp("stats-evening"), _evening) as server:
        yield server


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "laptop"])
def test_the_chart_has_axes_lines_apart_and_a_game_picker_and_a_tie_break_says_its_ruling(
        chromium_browser, evening_server, viewport):
    name = "phone" if viewport is PHONE else "laptop"
    with Table(chromium_browser, evening_server.url, viewport) as t:
        t.scroll_to_tap = True
        t.click("Statistics")
        t.see("Counted: 9 finished games, 4 complete matches.")
        shot(t.pg, f"stats-{name}-top")
        t.open_section("Games")                                         # the sections open with a tap
        t.open_section("Hot Dog: from the rounds")
        closest = t.find("Closest win: Ben, level on the top score and won on the tie-break (SA-13) (match 4, game 1)")
        t.into_view(closest.first)
        shot(t.pg, f"stats-{name}-games")
        chart = t.find("Chart: Money over the rounds: match 3, game 1").first
        t.into_view(chart)
        t.see("Match 3, game 1, ")                                     # the latest game: the level lines
        shot(t.pg, f"stats-{name}-chart-level-lines")
        earlier = t.button("Earlier game").first
        t.into_view(earlier)
        earlier.click()
        chart = t.find("Chart: Money over the rounds: match 2, game 3").first
        t.into_view(chart)
        shot(t.pg, f"stats-{name}-chart-earlier")
