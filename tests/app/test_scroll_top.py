"""Every new screen opens at its top, and a redraw of the same screen keeps its place:
the shell scrolls to the top when the scene changes (the route, or a screen's step
such as a table going from its entry to the reveal and back), not on every change."""

from __future__ import annotations

from dataclasses import replace

from companion.games.hotdog.forms import Draft, TableUI
from companion.ui.contracts import Route, SessionState
from companion.ui.shell import scene_of
from companion.ui.table import Held


def test_a_new_route_or_a_new_step_is_a_new_scene_a_typed_bid_is_not():
    table = SessionState(route=Route("match", {"match": 1}),
                         ui={"hotdog-table": Held(1, 1, TableUI())})
    other_match = replace(table, route=Route("match", {"match": 2}))
    history = replace(table, route=Route("history"))
    revealed = replace(table, ui={"hotdog-table": Held(1, 1, TableUI(mode="reveal"))})
    typed = replace(table, ui={"hotdog-table": Held(1, 1, TableUI(drafts={"Anna": Draft(table=5)}))})
    flashed = replace(table, flash="Round 1 undone.")
    assert len({scene_of(s) for s in (table, other_match, history, revealed)}) == 4
    assert scene_of(typed) == scene_of(flashed) == scene_of(table)
