"""The app's own screens in German: dates in the German form (English keeps its short
one), a History line worded again in the language now chosen, a date range typed the
German way, the German catalog's words on the screens."""

from __future__ import annotations

import datetime as dt
import time

from companion.core import i18n
from companion.store import Store
from companion.ui import history, stats
from companion.ui.widgets import when
from tests.app.test_history import drawn, entries, seed, texts
from tests.tabs import tab

EVENING = time.mktime((2026, 11, 30, 20, 15, 0, 0, 0, -1))   # local time


def test_dates_in_german_form_and_english_keeps_its_own():
    i18n.set_language("en")
    assert (when.day(EVENING), when.moment(EVENING)) == ("2026-11-30", "2026-11-30 20:15")
    assert when.calendar_day(dt.date(2026, 11, 30)) == "2026-11-30"
    i18n.set_language("de")
    assert (when.day(EVENING), when.moment(EVENING)) == ("30.11.2026", "30.11.2026, 20:15")
    assert when.calendar_day(dt.date(2026, 11, 30)) == "30.11.2026"


def test_a_date_range_typed_either_way():
    assert stats._date("2026-11-30") == stats._date("30.11.2026") == dt.date(2026, 11, 30)
    assert stats._date("  ") is None


def test_the_history_in_german_worded_again_after_the_language_changes(tmp_path):
    shell = tab(Store(tmp_path / "companion.sqlite3"))
    try:
        seed(shell.store, 2)
        i18n.set_language("en")
        assert "2 matches, the latest first." in texts(drawn(shell))
        assert len(entries(drawn(shell))) == 2
        i18n.set_language("de")
        root = drawn(shell)
        assert "2 Partien, die neuesten zuerst." in texts(root)
        assert "Verlauf" in texts(root)
        assert len(entries(root)) == 2   # "Hot Dog, " starts each line in either language
    finally:
        shell.store.close()


class _Worded:
    """A game view whose match line is the language it was worded in."""
    title = "Hot Dog"

    def match_line(self, players, records):
        return i18n.language(), False


def test_a_remembered_history_line_is_worded_again_in_another_language(tmp_path):
    shell = tab(Store(tmp_path / "companion.sqlite3"))
    try:
        (match_id,) = seed(shell.store, 1)
        updated = shell.store.summaries()[0].updated_at
        view = _Worded()
        i18n.set_language("en")
        assert history._line(view, shell.store, match_id, updated) == "en"
        i18n.set_language("de")
        assert history._line(view, shell.store, match_id, updated) == "de"
    finally:
        shell.store.close()
