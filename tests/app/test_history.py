"""History: a page of matches at a time, newest first, searched by player; a match's
line is worded (its record replayed) only when it is drawn. Drawn without a browser,
over the real shell of ``tests/tabs.py``."""

from __future__ import annotations

import functools
from typing import Any

import flet as ft
import pytest

from companion.games.hotdog import setup_form
from companion.store import Store
from companion.ui import history
from companion.ui.history import PAGE, History, HistoryUI
from tests import render
from tests.render import Renderer
from tests.tabs import tab

# History's search field is the shared text field, a component: drawn too.
controls = functools.partial(render.controls, deep=True)
texts = functools.partial(render.texts, deep=True)


def drawn(shell) -> Any:
    return Renderer().render(History.__wrapped__, shell, shell.views)


def buttons(root: Any) -> list[Any]:
    return [c for c in controls(root) if isinstance(c, ft.Button)]


def entries(root: Any) -> list[str]:
    return [b.content for b in buttons(root) if isinstance(b.content, str) and b.content.startswith("Hot Dog, ")]


def tap(root: Any, starts: str) -> None:
    (button,) = [b for b in buttons(root) if isinstance(b.content, str) and b.content.startswith(starts)]
    button.on_click(None)


def search_field(root: Any) -> Any:
    (field,) = [c for c in controls(root) if isinstance(c, ft.TextField) and c.label == "Search by player"]
    return field


class Typed:
    def __init__(self, field: Any, value: str) -> None:
        self.control = field
        field.value = value


@pytest.fixture
def shell(tmp_path):
    return tab(Store(tmp_path / "companion.sqlite3"))


def seed(store: Store, n: int, players=("Anna", "Bernd", "Chris")) -> list[int]:
    return [store.create_match("hotdog", list(players), setup_form.new_record(list(players), players[0]))
            for _ in range(n)]


@pytest.fixture
def worded(monkeypatch) -> list[int]:
    """The matches whose line was worded (their records replayed), in order."""
    seen: list[int] = []
    original = history._line

    def spy(v, store, match_id, updated_at):
        if (str(store.path), match_id, updated_at) not in history._LINES:
            seen.append(match_id)
        return original(v, store, match_id, updated_at)

    monkeypatch.setattr(history, "_line", spy)
    return seen


def test_no_matches_yet(shell):
    assert "No matches yet." in texts(drawn(shell))


def test_a_page_at_a_time_newest_first_each_line_worded_once(shell, worded):
    ids = seed(shell.store, PAGE * 2 + 5)
    root = drawn(shell)
    assert len(entries(root)) == PAGE
    assert worded == ids[::-1][:PAGE]                      # only the lines drawn, the newest first
    assert f"{PAGE * 2 + 5} matches, the latest first; the first {PAGE} shown." in texts(root)
    tap(root, f"Show {PAGE} more ({PAGE + 5} not shown yet)")
    assert shell.ui(history.KEY) == HistoryUI(shown=PAGE * 2)
    root = drawn(shell)
    assert len(entries(root)) == PAGE * 2
    assert worded == ids[::-1][:PAGE * 2]                  # the first page was not worded again
    tap(root, "Show 5 more (5 not shown yet)")
    root = drawn(shell)
    assert len(entries(root)) == PAGE * 2 + 5
    assert not [b for b in buttons(root) if str(b.content).startswith("Show ")]
    assert f"{PAGE * 2 + 5} matches, the latest first." in texts(root)


def test_the_first_page_is_a_screenful(shell, worded):
    """Issue 26: at 10,000 matches History's first page of 20 lines (each a replay, and a
    button to send and lay out) took over five times a bare tap; a screenful is ten."""
    ids = seed(shell.store, 25)
    root = drawn(shell)
    assert PAGE == 10 and len(entries(root)) == 10 and worded == ids[::-1][:10]
    assert "25 matches, the latest first; the first 10 shown." in texts(root)


def test_a_changed_match_is_worded_again(shell):
    (mid,) = seed(shell.store, 1)
    assert entries(drawn(shell))[0].endswith(": game 1 of 3, 0 rounds played")
    record = shell.store.match(mid).current.record
    bids = [{"player": p, "table": 5, "hotdogs": 1} for p in ("Anna", "Bernd", "Chris")]
    shell.store.save_game(mid, 1, {**record, "rounds": [{"bids": bids}]})
    assert entries(drawn(shell))[0].endswith(": game 1 of 3, 1 round played")


def test_search_by_player_any_case_any_accents(shell):
    seed(shell.store, 3)
    zoe = seed(shell.store, 2, ("Zoë", "Bernd"))
    search_field(drawn(shell)).on_change(Typed(search_field(drawn(shell)), "ZOE"))
    assert shell.ui(history.KEY) == HistoryUI(search="ZOE")
    root = drawn(shell)
    assert len(entries(root)) == 2 and all("Zoë, Bernd" in e for e in entries(root))
    assert "2 matches with a player named like “ZOE”, the latest first." in texts(root)
    (first, _) = [b for b in buttons(root) if str(b.content).startswith("Hot Dog, ")]
    first.on_click(None)
    assert shell.state.route.screen == "history_match" and shell.state.route.args == {"match": zoe[-1]}


def test_a_search_that_finds_nothing_says_so_and_keeps_the_field(shell):
    seed(shell.store, 2)
    shell.set_ui(history.KEY, lambda u: u.searched("Dora"), HistoryUI())
    root = drawn(shell)
    assert "No match has a player named like “Dora”." in texts(root)
    assert search_field(root).value == "Dora" and entries(root) == []


def test_a_new_search_starts_at_its_first_page(shell):
    seed(shell.store, PAGE + 1)
    shell.set_ui(history.KEY, lambda u: u.more(), HistoryUI())
    search_field(drawn(shell)).on_change(Typed(search_field(drawn(shell)), "anna"))
    assert shell.ui(history.KEY) == HistoryUI(search="anna", shown=PAGE)


def field_labels(root: Any) -> list[str]:
    return [c.label for c in controls(root) if isinstance(c, ft.TextField)]


def test_bg_stats_settings_are_folded_away_until_asked_for_and_stay_open_over_a_search(shell):
    """Where you play and who you are, for BG Stats: set once and seldom again, folded
    away under one button, so that on a phone the matches come first."""
    from companion.store.bgstats import LOCATION

    seed(shell.store, 3)
    root = drawn(shell)
    assert field_labels(root) == ["Search by player"]
    (toggle,) = [c for c in controls(root) if getattr(c, "key", None) == "bgstats-settings"]
    assert toggle.content == "Where you play and who you are, for BG Stats" and toggle.icon == ft.Icons.EXPAND_MORE
    toggle.on_click(None)
    root = drawn(shell)
    assert field_labels(root) == ["Where you play", "Search by player"]
    (where,) = [c for c in controls(root) if isinstance(c, ft.TextField) and c.label == "Where you play"]
    where.on_change(Typed(where, " Kitchen table "))
    assert shell.store.setting(LOCATION) == "Kitchen table"
    search_field(root).on_change(Typed(search_field(root), "Anna"))     # a new search: the settings stay open
    root = drawn(shell)
    assert shell.ui(history.KEY, HistoryUI()).search == "Anna" and "Where you play" in field_labels(root)
    (toggle,) = [c for c in controls(root) if getattr(c, "key", None) == "bgstats-settings"]
    assert toggle.icon == ft.Icons.EXPAND_LESS
    toggle.on_click(None)
    assert field_labels(drawn(shell)) == ["Search by player"]


def test_who_you_are_offers_the_players_of_matches_just_played_and_checks_the_one_the_file_names(shell):
    """BG Stats' "me" buttons: the players seated most, the first checked until the player
    says (the one the file would name). Matches just played count at once: nothing has
    worked them out yet (the buttons were missing until Statistics had)."""
    from companion.store.bgstats import ME, me_of

    seed(shell.store, 2, players=("Anna", "Bernd", "Chris"))
    seed(shell.store, 1, players=("Dora", "Bernd", "Emil"))
    shell.set_ui(history.KEY, lambda u: u.folded(), HistoryUI())

    def offered(root: Any) -> list[tuple[str, bool]]:
        return [(c.content, isinstance(c, ft.FilledButton)) for c in controls(root)
                if str(getattr(c, "key", "")).startswith("me-")]

    root = drawn(shell)
    assert offered(root) == [("Bernd", True), ("Anna", False), ("Chris", False), ("Dora", False),
                             ("Emil", False)]
    assert me_of(shell.store) == "Bernd"
    (emil,) = [c for c in controls(root) if getattr(c, "key", None) == "me-Emil"]
    emil.on_click(None)
    assert shell.store.setting(ME) == "Emil"
    assert [who for who, checked in offered(drawn(shell)) if checked] == ["Emil"]
