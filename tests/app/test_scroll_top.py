"""Every new screen opens at its top, and a redraw of the same screen keeps its place:
the shell scrolls to the top when the scene changes (the route, a screen's step such
as a table going from its entry to the reveal and back, a match's next game), not on
every change; a first tap on a table, which begins its passing state, is no new scene."""

from __future__ import annotations

from dataclasses import replace

from companion.games.hotdog.forms import Draft, TableUI
from companion.ui.contracts import Route, SessionState
from companion.ui.scenes import scene_of
from companion.ui.table import Held


class TaskPage:
    """A page as the shell uses it to scroll and to draw a settled screen again: the
    tasks it is given are kept, not run."""

    def __init__(self) -> None:
        self.tasks: list = []

    def run_task(self, fn) -> None:
        self.tasks.append(fn)


def new(before: SessionState, after: SessionState) -> bool:
    return scene_of(after).after(scene_of(before))


def test_a_new_route_a_new_step_or_the_next_game_is_a_new_scene_a_typed_bid_is_not():
    table = SessionState(route=Route("match", {"match": 1}),
                         ui={"hotdog-table": Held(1, 1, TableUI())})
    other_match = replace(table, route=Route("match", {"match": 2}))
    history = replace(table, route=Route("history"))
    revealed = replace(table, ui={"hotdog-table": Held(1, 1, TableUI(mode="reveal"))})
    next_game = replace(table, ui={"hotdog-table": Held(1, 2, TableUI())})
    typed = replace(table, ui={"hotdog-table": Held(1, 1, TableUI(drafts={"Anna": Draft(table=5)}))})
    flashed = replace(table, flash="Round 1 undone.")
    for after in (other_match, history, revealed, next_game):
        assert new(table, after)
    assert not new(table, typed) and not new(table, flashed) and not new(table, table)
    assert new(revealed, typed)                      # back from the reveal to the table


def test_a_first_tap_that_begins_the_tables_state_is_no_new_scene():
    """The table drawn before any tap has no passing state in the session yet; the
    first tap begins it, in the entry: the page stays where it is, and the screen does
    not settle again (its chips keep taking taps)."""
    untouched = SessionState(route=Route("match", {"match": 1}))
    tapped = replace(untouched, ui={"hotdog-table": Held(1, 1, TableUI(drafts={"Anna": Draft(table=5)}))})
    opened_round = replace(untouched, ui={"hotdog-table": Held(1, 1, TableUI(mode="round"))})
    assert not new(untouched, tapped)
    assert new(untouched, opened_round)
    assert scene_of(untouched).after(None)           # the session's first screen


def test_a_new_scene_takes_no_tap_on_its_entry_for_a_moment_the_first_one_at_once(store, monkeypatch):
    """A double tap on Next round (or Start game 2) picked a bid: its second tap landed
    on the chip under the finger on the new screen. A new scene, not the session's
    first, settles for SETTLE seconds (its chips drawn disabled, looking the same)."""
    from companion.ui import services as shell_module
    from tests.tabs import tab

    now = [100.0]
    monkeypatch.setattr(shell_module.time, "monotonic", lambda: now[0])
    drawn_in_process = tab(store)                 # no page to draw the settled screen on: no settling
    drawn_in_process.drawn(scene_of(SessionState(route=Route("history"))))
    drawn_in_process.drawn(scene_of(SessionState(route=Route("home"))))
    assert not drawn_in_process.settling()
    shell = tab(store)

    shell.page = TaskPage()  # type: ignore[assignment]       # where the settled screen is drawn again
    table = SessionState(route=Route("match", {"match": 1}))
    first = shell.drawn(scene_of(table))
    assert not shell.settling()                                  # the session's first screen
    revealed = replace(table, ui={"hotdog-table": Held(1, 1, TableUI(mode="reveal"))})
    assert shell.drawn(scene_of(revealed)) == first + 1 and shell.settling()
    now[0] += shell_module.SETTLE / 2
    assert shell.drawn(scene_of(revealed)) == first + 1 and shell.settling()   # a redraw: the same scene
    now[0] += shell_module.SETTLE
    assert not shell.settling()
    assert len(shell.page.tasks) == 1                 # the screen drawn again once settled


def test_only_a_screen_that_asks_whether_it_settles_is_drawn_again_once_settled(store, monkeypatch):
    """The settled redraw is for a screen whose entry waits out SETTLE (a table's
    chips). History or Statistics never ask: drawing them a second time 0.4 s after
    the tap read the store and built the screen again while the browser still laid out
    the first drawing."""
    from companion.ui import services as shell_module
    from tests.tabs import tab

    now = [100.0]
    monkeypatch.setattr(shell_module.time, "monotonic", lambda: now[0])
    shell = tab(store)

    shell.page = TaskPage()  # type: ignore[assignment]
    shell.drawn(scene_of(SessionState(route=Route("home"))))
    shell.drawn(scene_of(SessionState(route=Route("history"))))      # a new scene that never asks
    now[0] += shell_module.SETTLE + 0.1
    assert not shell.page.tasks and not shell.settling()
    shell.drawn(scene_of(SessionState(route=Route("match", {"match": 1}))))
    assert shell.settling() and shell.settling()                    # asked twice while settling …
    assert len(shell.page.tasks) == 1                               # … drawn again once
    now[0] += shell_module.SETTLE + 0.1
    assert not shell.settling() and len(shell.page.tasks) == 1


def test_a_new_scene_scrolls_to_the_top_only_where_the_page_is_scrolled_down(store):
    """The page's scroll events say where it is: at its top a new scene sends the
    browser no scroll (one message fewer to handle as it lays the new screen out)."""
    from tests.tabs import tab

    shell = tab(store)

    shell.page = TaskPage()  # type: ignore[assignment]
    shell.to_top()
    assert not shell.page.tasks                      # a page never scrolled
    shell.scrolled(340.0)
    shell.to_top()
    assert len(shell.page.tasks) == 1                # scrolled down: to the top
    shell.to_top()
    assert len(shell.page.tasks) == 1                # already sent there
    shell.scrolled(120.0)
    shell.scrolled(0.0)                              # scrolled back up by hand
    shell.to_top()
    assert len(shell.page.tasks) == 1
