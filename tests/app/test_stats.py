"""The Statistics screen drawn without a browser, over the real shell of
``tests/tabs.py``: what it counts, its filters, its charts' words, and that a stored
match is replayed once until it changes."""

from __future__ import annotations

import threading
import time
from typing import Any

import flet as ft
import flet.canvas as cv
import pytest
from flet.components.component import Renderer

from companion.core import stats as core_stats
from companion.core.errors import StoreError
from companion.store import Store
from companion.ui import stats
from companion.ui.contracts import Route
from companion.ui.stats import KEY, Statistics, StatsUI
from tests.app.test_history import controls, texts
from tests.conftest import run_async
from tests.core.test_stats import hotdog_game
from tests.hotdog.test_hotdog_stats import RECORD


@pytest.fixture
def shell(tmp_path):
    from tests.tabs import tab

    stats.forget()
    return tab(Store(tmp_path / "companion.sqlite3"))


def drawn(shell) -> Any:
    return Renderer().render(Statistics.__wrapped__, shell, shell.views)


def all_text(root: Any) -> str:
    spans = [s.text for c in controls(root) if isinstance(c, ft.Text) for s in (c.spans or [])]
    labels = [c.label for c in controls(root) if isinstance(c, ft.Semantics) and c.label]
    pressed = [str(c.content) for c in controls(root) if isinstance(c, (ft.Button, ft.OutlinedButton, ft.TextButton))]
    return "\n".join([*texts(root), *spans, *labels, *pressed])


def tap(root: Any, key: str) -> None:
    (button,) = [c for c in controls(root) if getattr(c, "key", None) == key]
    button.on_click(None)


def seed(store: Store, days_ago: float = 0.0) -> list[int]:
    """Match A (Anna, Bernd): Anna wins three Hot Dog games 8 to 2, 3, 1. Match B (Anna,
    Bernd, Chris): RECORD three times, Chris wins each with $8."""
    body = {k: v for k, v in RECORD.items() if k != "game"}
    a = store.import_match("hotdog", ["Anna", "Bernd"], [hotdog_game(1), hotdog_game(0), hotdog_game(2)], True)
    b = store.import_match("hotdog", ["Anna", "Bernd", "Chris"], [body, body, body], True)
    when = time.time() - days_ago * 86400
    with store.transaction() as c:
        c.execute("UPDATE matches SET created_at=? WHERE id=?", (when - 86400 * 40, a))
    return [a, b]


def test_nothing_finished_yet(shell):
    assert "No finished games yet: statistics come from the games you finish." in texts(drawn(shell))


def test_counts_players_games_and_hot_dogs_own_sections(shell):
    seed(shell.store)
    root = drawn(shell)
    words = all_text(root)
    assert "Counted: 6 finished games, 2 complete matches." in words
    assert "Games: 3 won of 6 (50%)." in words                              # Anna
    assert "Matches: 1 won of 2." in words
    assert "Chris: 3 wins of 3" in words                                     # the bar's words
    assert "Hot Dog: average $6.50, best $8 (6 games)." in words              # Anna: 8,8,8,5,5,5
    assert "Closest win: Chris by $3 (match 2, game 1)" in words            # 8 − 5
    assert "Widest win: Anna by $7 (match 1, game 3)" in words              # 8 − 1
    assert "a match is won by the highest total of its three games (HD-15)" in words
    assert "Hot Dog: from the rounds" in words
    assert "Bids sold and returned" in words and "Tables chosen" in words
    assert any(isinstance(c, cv.Canvas) for c in controls(root))            # money over the rounds
    assert "Chris: $3, $1, $1, $8" in words


def test_filters_by_group_and_dates_and_a_wrong_date_is_said(shell):
    seed(shell.store)
    root = drawn(shell)
    tap(root, "group-1")                                                     # the older group: Anna, Bernd
    assert shell.ui(KEY).group == ("Anna", "Bernd")
    words = all_text(drawn(shell))
    assert "Counted: 3 finished games, 1 complete match." in words and "Chris: " not in words
    shell.set_ui(KEY, lambda u: StatsUI(start=time.strftime("%Y-%m-%d", time.localtime(time.time() - 86400 * 5))))
    assert "Counted: 3 finished games, 1 complete match." in all_text(drawn(shell))   # match B only
    shell.set_ui(KEY, lambda u: StatsUI(start="1 March"))
    assert "A date is written year-month-day, like 2026-11-30." in all_text(drawn(shell))


def test_head_to_head_of_the_two_players_chosen(shell):
    seed(shell.store)
    shell.set_ui(KEY, lambda u: StatsUI(a="Chris", b="Anna"))
    words = all_text(drawn(shell))
    assert ("3 games together: Chris won 3, Anna won 0, shared 0, someone else or nobody 0. "
            "Chris won more.") in words


def test_a_match_is_replayed_once_until_it_changes(shell, monkeypatch):
    a, _ = seed(shell.store)
    seen: list[int] = []
    original = core_stats.derive

    def spy(match_id, *args):
        seen.append(match_id)
        return original(match_id, *args)

    monkeypatch.setattr(core_stats, "derive", spy)
    drawn(shell)
    assert sorted(seen) == [1, 2]
    drawn(shell)
    shell.set_ui(KEY, lambda u: u.with_game("hotdog"), StatsUI())
    drawn(shell)
    assert sorted(seen) == [1, 2]
    record = shell.store.match(a).games[0].record
    shell.store.save_game(a, 1, record)
    drawn(shell)
    assert sorted(seen) == [1, 1, 2]


class Page:
    """A served page as the screen uses it: tasks run later, updates counted."""

    def __init__(self) -> None:
        self.tasks: list[Any] = []
        self.updates = 0

    def run_task(self, fn: Any) -> None:
        self.tasks.append(fn)

    def update(self) -> None:
        self.updates += 1


def test_a_long_unread_history_is_read_in_the_background_and_the_screen_drawn_again(shell, monkeypatch):
    seed(shell.store)
    monkeypatch.setattr(stats, "READ_WHILE_DRAWING", 1)
    page = Page()
    shell.page = page
    assert "Reading 2 stored matches for the statistics (once after companion starts)…" in texts(drawn(shell))
    for thread in threading.enumerate():
        if thread.name == "statistics":
            thread.join()
    (redraw,) = page.tasks
    before = shell.state.rev
    run_async(redraw())
    assert page.updates == 1 and shell.state.rev == before + 1
    assert stats.unread(shell.store, list(shell.views)) == 0
    assert "Counted: 6 finished games, 2 complete matches." in all_text(drawn(shell))


def test_a_closest_or_widest_win_opens_its_match(shell):
    seed(shell.store)
    tap(drawn(shell), "Widest win-hotdog")
    assert shell.state.route == Route("history_match", {"match": 1})


def test_home_offers_statistics_and_the_shell_draws_it_at_its_address(shell):
    from companion.ui.shell import Home, Screen

    home = Renderer().render(Home.__wrapped__, shell)
    (button,) = [c for c in controls(home) if isinstance(c, ft.Button) and c.content == "Statistics"]
    button.on_click(None)
    assert shell.state.route == Route("stats")
    screen = Renderer().render(Screen.__wrapped__, shell, Route("stats"))
    assert screen.fn is Statistics.__wrapped__


def test_a_failed_background_reading_is_not_tried_again_in_the_background(shell, monkeypatch):
    seed(shell.store)
    monkeypatch.setattr(stats, "READ_WHILE_DRAWING", 1)
    monkeypatch.setattr(stats, "_FAILED", set())
    page = Page()
    shell.page = page

    def refused(*args):
        raise StoreError("the store went away")

    monkeypatch.setattr(core_stats, "derive", refused)
    assert "Reading 2 stored matches for the statistics (once after companion starts)…" in texts(drawn(shell))
    for thread in threading.enumerate():
        if thread.name == "statistics":
            thread.join()
    assert len(page.tasks) == 1                          # the waiting screen is drawn again …
    with pytest.raises(StoreError, match="the store went away"):
        drawn(shell)                                     # … reading while drawing: the shell says why
    assert len(page.tasks) == 1
