"""Statistics in a real browser on a phone: opened from Home with a few finished
matches stored, filtered by a group, and drawn light and dark at 360×740
(screenshots in test-artifacts/screenshots/stats-*.png)."""

from __future__ import annotations

import pytest

from tests.app.test_stats import seed
from tests.e2e.harness import PHONE, seeded_server, shot
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
    with Table(chromium_browser, at_stats, PHONE, dark=True) as t:
        t.see("Counted: 6 finished games, 2 complete matches.")
        shot(t.pg, "stats-phone-dark")
        chart = t.find("Chart: Money over the rounds: match 2, game 3").first
        t.into_view(chart)
        shot(t.pg, "stats-phone-dark-chart")
