"""The Statistics screen drawn without a browser, over the real shell of
``tests/tabs.py``: what it counts, its filters, its charts (axes, markers, lines side
by side, the game picked), what a match is per game, and that a stored match is
worked out once until it changes, whatever the number of matches: a long archive in
the background with a determinate progress bar, the screen drawn as it goes."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from typing import Any

import flet as ft
import flet.canvas as cv
import pytest

from companion.core.errors import StoreError
from companion.store import Store, derived
from companion.tallies import stats as tallied
from companion.ui import charts, stats, stats_reading
from companion.ui.contracts import Route
from companion.ui.stats import KEY, Statistics, StatsUI
from tests.app.test_history import controls, texts
from tests.conftest import run_async
from tests.hotdog.test_hotdog_stats import RECORD
from tests.render import Renderer
from tests.tallies.test_stats import hotdog_game


@pytest.fixture
def shell(tmp_path):
    from tests.tabs import tab

    stats_reading.forget()
    return tab(Store(tmp_path / "companion.sqlite3"))


def drawn(shell, opened: bool = True) -> Any:
    """The screen drawn; ``opened``: with every section open (the figures under them)."""
    if opened:
        shell.set_ui(KEY, lambda u: replace(u, opened=stats.sections(shell.views)), StatsUI())
    return Renderer().render(Statistics.__wrapped__, shell, shell.views)


def all_text(root: Any) -> str:
    spans = [s.text for c in controls(root) if isinstance(c, ft.Text) for s in (c.spans or [])]
    labels = [c.label for c in controls(root) if isinstance(c, ft.Semantics) and c.label]
    # a button's words given as a string (a chip's are a Text of their own, among the texts)
    pressed = [c.content for c in controls(root)
               if isinstance(c, (ft.Button, ft.OutlinedButton, ft.TextButton)) and isinstance(c.content, str)]
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
    assert "Hot Dog: a match is 3 games, won by the highest total of their scores (HD-15)." in words
    assert "Hot Dog: from the rounds" in words
    assert "Bids sold and returned" in words and "Tables chosen" in words
    assert any(isinstance(c, cv.Canvas) for c in controls(root))            # money over the rounds
    assert "Chris: $3, $1, $1, $8" in words


def test_the_first_draw_is_the_counts_and_standings_and_each_section_opens_with_a_tap(shell):
    """Issue 26: at 10,000 matches the whole screen (about 400 controls, six canvases) made
    the first open over ten times a bare tap. First drawn: the filters, the counts and
    the standings; the players, head to head, the games and Hot Dog's own figures are
    headings that open with a tap, and close with another; nothing under a closed one
    is drawn."""
    seed(shell.store)
    root = drawn(shell, opened=False)
    words = all_text(root)
    assert "Counted: 6 finished games, 2 complete matches." in words and "Chris: 3 wins of 3" in words
    assert "Games: 3 won of 6 (50%)." not in words and "Closest win" not in words
    assert "games together" not in words and "Bids sold and returned" not in words
    assert not any(isinstance(c, cv.Canvas) for c in controls(root))
    openers = [c for c in controls(root) if isinstance(c, ft.Semantics) and c.header and c.button]
    assert [o.label for o in openers] == ["Players", "Head to head", "Games", "Hot Dog: from the rounds"]
    assert not any(o.expanded for o in openers)
    assert len(list(controls(root))) < 100
    tap(root, "open-players")
    root = drawn(shell, opened=False)
    assert "Games: 3 won of 6 (50%)." in all_text(root) and "Closest win" not in all_text(root)
    (players,) = [c for c in controls(root) if isinstance(c, ft.Semantics) and c.label == "Players"]
    assert players.expanded
    for section in ("open-pair", "open-games", "open-own-hotdog"):
        tap(root, section)
        root = drawn(shell, opened=False)
    words = all_text(root)
    assert "3 games together: Chris won 3, Anna won 0, shared 0, someone else or nobody 0. Chris won more." in words
    assert "Closest win: Chris by $3 (match 2, game 1)" in words and "Bids sold and returned" in words
    assert any(isinstance(c, cv.Canvas) for c in controls(root))
    tap(root, "open-players")
    assert "Games: 3 won of 6 (50%)." not in all_text(drawn(shell, opened=False))


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


def spy_on_derive(monkeypatch) -> list[int]:
    seen: list[int] = []
    original = tallied.derive

    def spy(match_id, *args):
        seen.append(match_id)
        return original(match_id, *args)

    monkeypatch.setattr(tallied, "derive", spy)
    return seen


def test_a_match_is_replayed_once_until_it_changes_and_not_again_after_a_restart(shell, monkeypatch):
    a, _ = seed(shell.store)
    seen = spy_on_derive(monkeypatch)
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
    # another start of companion on the same file: the rows are kept in it, nothing is replayed
    from tests.tabs import tab

    again = tab(Store(shell.store.path))
    assert "Counted: 6 finished games, 2 complete matches." in all_text(drawn(again))
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


def join_reading() -> None:
    for thread in threading.enumerate():
        if thread.name == "statistics":
            thread.join()


def test_a_long_unread_history_is_read_in_the_background_and_the_screen_drawn_again(shell, monkeypatch):
    seed(shell.store)
    monkeypatch.setattr(stats, "READ_WHILE_DRAWING", 1)
    page = Page()
    shell.page = page
    root = drawn(shell)
    assert any(t.startswith("Working out the statistics of 2 stored matches (once after an update): ")
               for t in texts(root))
    (bar,) = [c for c in controls(root) if isinstance(c, ft.ProgressBar)]
    assert bar.value is not None                          # determinate: how far it is
    join_reading()
    (redraw,) = page.tasks
    before = shell.state.rev
    run_async(redraw())
    assert page.updates == 1 and shell.state.rev == before + 1
    assert derived.stale(shell.store) == 0
    words = all_text(drawn(shell))
    assert "Counted: 6 finished games, 2 complete matches." in words and "Working out" not in words


def test_more_matches_than_any_cache_draws_once_and_stops_reading(shell, monkeypatch):
    """Issue 26: the old screen kept 8,192 rows in an LRU and walked them in order, so a
    longer history was replayed at every draw and read again forever. 31 matches, read
    in the background a few at a time: each is worked out once, the screen is drawn,
    and drawing it again reads nothing and starts nothing."""
    body = {k: v for k, v in RECORD.items() if k != "game"}
    for _ in range(31):
        shell.store.import_match("hotdog", ["Anna", "Bernd", "Chris"], [body, body, body], True)
    monkeypatch.setattr(stats, "READ_WHILE_DRAWING", 5)
    monkeypatch.setattr(derived, "CHUNK", 4)
    seen = spy_on_derive(monkeypatch)
    page = Page()
    shell.page = page
    drawn(shell)
    join_reading()
    assert sorted(seen) == list(range(1, 32))              # every match once
    for task in page.tasks:
        run_async(task())
    for _ in range(3):
        words = all_text(drawn(shell))
        assert "Counted: 93 finished games, 31 complete matches." in words and "Working out" not in words
    assert sorted(seen) == list(range(1, 32))
    assert not any(t.name == "statistics" for t in threading.enumerate())


def test_a_closest_or_widest_win_opens_its_match(shell):
    seed(shell.store)
    tap(drawn(shell), "Widest win-hotdog")
    assert shell.state.route == Route("history_match", {"match": 1})


def test_home_offers_statistics_and_the_shell_draws_it_at_its_address(shell):
    from companion.ui.home import Home
    from companion.ui.router import Screen

    home = Renderer().render(Home.__wrapped__, shell)
    (button,) = [c for c in controls(home) if isinstance(c, ft.Button) and c.content == "Statistics"]
    button.on_click(None)
    assert shell.state.route == Route("stats")
    screen = Renderer().render(Screen.__wrapped__, shell, Route("stats"))
    assert screen.fn is Statistics.__wrapped__


def test_a_failed_background_reading_is_not_tried_again_in_the_background(shell, monkeypatch):
    seed(shell.store)
    monkeypatch.setattr(stats, "READ_WHILE_DRAWING", 1)
    monkeypatch.setattr(stats_reading, "FAILED", set())
    page = Page()
    shell.page = page

    def refused(*args):
        raise StoreError("the store went away")

    monkeypatch.setattr(tallied, "derive", refused)
    assert any(t.startswith("Working out the statistics of 2 stored matches") for t in texts(drawn(shell)))
    join_reading()
    assert len(page.tasks) == 1                          # the waiting screen is drawn again …
    with pytest.raises(StoreError, match="the store went away"):
        drawn(shell)                                     # … reading while drawing: the shell says why
    assert len(page.tasks) == 1


def test_the_whole_historys_counts_are_kept_and_a_start_counts_nothing(shell, monkeypatch):
    """The first draw counts the whole history once and keeps it in the store: drawing
    again, or drawing after companion starts again (nothing remembered in memory),
    counts nothing, until a match changes."""
    from companion.store.statistics import Statistics as Counts
    from tests.tabs import tab

    a, _ = seed(shell.store)
    counted: list[object] = []
    original = Counts.players

    def spy(self, f):
        counted.append(f)
        return original(self, f)

    monkeypatch.setattr(Counts, "players", spy)
    words = all_text(drawn(shell))
    assert len(counted) == 1
    drawn(shell)
    stats_reading.forget()                                      # a new start: nothing in memory
    again = tab(Store(shell.store.path))
    assert all_text(drawn(again)) == words and len(counted) == 1
    shell.store.save_game(a, 1, shell.store.match(a).games[0].record)
    drawn(shell)
    assert len(counted) == 2


def test_a_finished_sales_or_burger_game_is_a_complete_match_and_its_rule_is_its_own(shell):
    """Issue 29: a sales or burger match is its one game (GameSpec.match_games), so
    finishing it completes the match, and the screen says so in that game's words,
    never Hot Dog's three games (the tie-breaks SA-13 and BU-8 named)."""
    from tests.store.test_bgstats import _tied_game, sa13

    shell.store.import_match("sales", ["Ann", "Ben", "Cat"], [sa13()], True)
    shell.store.import_match("burger", ["Ann", "Ben"], [_tied_game()], True)
    words = all_text(drawn(shell))
    assert "Counted: 2 finished games, 2 complete matches." in words
    # Ben SA-13, Ann BU-8: the games are the matches, counted once as matches
    assert "Matches: 1 won of 2 (50%)." in words and "Games: " not in words
    assert "Sales\n1 finished game; rounds on average: 3." in words
    assert ("Sales: a match is one game, won as the game is won. "
            "Equal top scores go to the tie-break (SA-13).") in words
    assert ("Burger: a match is one game, won as the game is won. "
            "Equal top scores go to the tie-break (BU-8).") in words
    assert "a match is 3 games" not in words and "Hot Dog" not in words
    # a tie-broken win is no "win by 0": its ruling is said
    assert ("Closest win: Ben, level on the top score and won on the tie-break (SA-13) "
            "(match 1, game 1)") in words and " by 0 " not in words


def test_the_chart_has_axes_distinct_lines_and_level_lines_drawn_apart():
    """Issue 29: Bernd's line was invisible under Chris's. Every player's line has its
    own colour, dash and marker; two lines with the same values are drawn a few pixels
    apart; the axes carry their values as the game says them ("$3") and the steps
    along (Start, 1, 2, …) with the axis' name."""
    chart = tallied.Lines("Money over the rounds", (("Anna", (0, 3, 8)), ("Bernd", (0, 3, 3)),
                                                       ("Chris", (0, 3, 3))),
                             value_text=lambda v: f"${v}", axis="Round")
    shapes = charts.chart_shapes(chart, 700)
    words = [s.value for s in shapes if isinstance(s, cv.Text)]
    assert {"$0", "$2", "$4", "$6", "$8", "Start", "1", "2", "Round"} <= set(words)   # round values between
    assert charts._ticks(1, 8) == [1, 2, 4, 6, 8] and charts._ticks(0, 41) == [0, 20, 41]  # none crowding an end
    lines = [s for s in shapes if isinstance(s, cv.Path) and s.paint.style == ft.PaintingStyle.STROKE]
    assert len(lines) == 3
    assert len({str(p.paint.stroke_dash_pattern) for p in lines}) == 3 and len({p.paint.color for p in lines}) == 3

    def ys(path: cv.Path) -> list[float]:
        return [e.y for e in path.elements]

    bernd, chris = ys(lines[1]), ys(lines[2])
    # the same values, apart
    assert all(b - c >= charts.SIDE_BY_SIDE - 0.01 for b, c in zip(bernd, chris, strict=True))
    assert charts.MARKERS[:3] == ("circle", "square", "triangle")
    first, second, third = (charts._marker(k, 10, 10, "red") for k in charts.MARKERS[:3])
    assert type(first[0]) is cv.Circle and type(second[0]) is cv.Rect and type(third[0]) is cv.Path


def test_the_chart_is_of_the_game_picked_earlier_or_later(shell):
    """The chart was always of the latest game: "Earlier game" and "Later game" pick
    another among the chosen games, and say which it is."""
    seed(shell.store)
    root = drawn(shell)
    assert "Match 2, game 3, " in all_text(root) and "the latest of 6" in all_text(root)
    tap(root, "chart-earlier-hotdog")
    root = drawn(shell)
    words = all_text(root)
    assert "Match 2, game 2, " in words and "2 of 6, counted from the latest" in words
    for _ in range(5):
        tap(drawn(shell), "chart-earlier-hotdog")
    words = all_text(drawn(shell))
    assert "Match 1, game 1, " in words and "6 of 6, counted from the latest" in words
    (earlier,) = [c for c in controls(drawn(shell)) if getattr(c, "key", None) == "chart-earlier-hotdog"]
    assert earlier.disabled
    tap(drawn(shell), "chart-latest-hotdog")
    assert "the latest of 6" in all_text(drawn(shell))


def test_a_player_of_one_game_matches_is_counted_in_matches_in_german_too():
    """The German review: "Spiele: 3 von 7" for burger and sales, where "Spiel" is kept
    for Hot Dog's three games of a match. Where every game is a whole match the player's
    line counts Partien; with a Hot Dog game among them both lines stay."""
    from companion.core import i18n
    from companion.tallies.stats import PlayerStats, Scores
    from companion.ui.stats import player_lines

    sales = PlayerStats("Ann", 7, 3, 7, 3, 1, 0, 2, {"sales": Scores(7, 30.0, 50)})
    with i18n.using("de"):
        lines = player_lines(sales)
    assert lines[0] == "Partien: 3 von 7 gewonnen (43\u00a0%), davon 1 geteilt."
    assert not any(line.startswith(("Spiele:", "Partien: 3 von 7 gewonnen.")) for line in lines)
    mixed = PlayerStats("Ann", 3, 1, 10, 4, 0, 0, 2, {"sales": Scores(7, 30.0, 50), "hotdog": Scores(3, 5.0, 8)})
    with i18n.using("de"):
        lines = player_lines(mixed)
    assert lines[:2] == ["Spiele: 4 von 10 gewonnen (40\u00a0%).", "Partien: 1 von 3 gewonnen."]
    # each game's own figures count in that game's word: Partien for sales, Spiele for Hot Dog
    assert "Sales: Schnitt 30 Punkte, Bestwert 50 Punkte (7 Partien)." in lines
    assert "Hot Dog: Schnitt 5\u00a0$, Bestwert 8\u00a0$ (3 Spiele)." in lines
    assert "Sales: average 30 points, best 50 points (7 matches)." in player_lines(mixed)


def test_a_players_counts_are_written_as_the_reader_writes_numbers():
    """Past a thousand games a count reads like every other on the screen ("Counted:
    19,631 finished games"): 1,773 won of 5,205 in English, 1.773 in German."""
    from companion.core import i18n

    p = tallied.PlayerStats("Emil", matches=1_201, matches_won=1_010, games=5_205, won=1_773, shared=1_002,
                            streak=3, longest=1_004, scores={})
    try:
        assert stats.player_lines(p)[:2] == ["Matches: 1,773 won of 5,205 (34%), 1,002 of them shared.",
                                             "Winning run: 3 now, 1,004 at best."]
        i18n.set_language("de")
        assert "1.773" in stats.player_lines(p)[0] and "5.205" in stats.player_lines(p)[0]
    finally:
        i18n.set_language(None)
