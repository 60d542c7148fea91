"""The burger table's score grid (players as columns: the hamburgers, at the end the
final score, first; then each round) and its undo, asked first and away from Submit,
with what it did said under it. Rat tokens stay out of the grid until the end (BU-5)."""

from __future__ import annotations

import flet as ft

from companion.core.grid import GridRow as GridLine
from companion.games.burger import actions, present, round_entry, summaries, table_screen
from tests.burger_app.helpers import THREE, entered, play, start
from tests.render import Renderer
from tests.tabs import tab

DECKS = [["patty", "cheese"], ["lettuce", "rat"], ["onion", "tomato"]]
TONGS_ANN = {"Ann": "tongs", "Ben": "tease", "Cat": "tease"}


def two_rounds() -> tuple[dict, dict]:
    rec = start(["Ann", "Ben"], draw_pile="9")
    one = play(rec, [["bottom bun", "patty", "rat"], ["cheese", "top bun"]], {"Ann": "tongs", "Ben": "tease"},
               {"Ann": 1})
    return one, play(one, [["onion"], ["lettuce", "tomato", "patty"]], {"Ann": "tease", "Ben": "tongs"})


def test_the_grid_while_the_game_runs_holds_no_rat_token_bu5():
    one, _ = two_rounds()
    players, lines = summaries.score_grid(present.game_view(one))
    assert players == ["Ann", "Ben"]
    assert lines == [GridLine("Hamburgers", ["1", "0"], strong=True), GridLine("Round 1", ["+1", "0"])]
    assert not any("Rat" in line.label for line in lines)        # Ann's rat token is secret (BU-5)


def test_the_grid_at_the_end_final_score_first_then_rounds_and_the_top_bun_bu7_bu8():
    _, done = two_rounds()
    gv = present.game_view(done)
    assert gv.over
    players, lines = summaries.score_grid(gv, present.end_view(done, ["Ben"]))
    assert lines == [GridLine("Final score", ["1", "1"], strong=True),
                     GridLine("Hamburgers", ["1", "1"]),
                     GridLine("Rat tokens", ["1", "0"]),
                     GridLine("Round 1", ["+1", "0"]),
                     GridLine("Round 2", ["0", "0"]),
                     GridLine("Top bun (BU-7)", ["0", "+1"])]


def _buttons(root) -> list[str]:
    out = []
    stack = [root]
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Button) and isinstance(c.content, str):
            out.append(c.content)
        stack += [x for x in [getattr(c, "content", None), *(getattr(c, "controls", None) or [])]
                  if isinstance(x, ft.Control)]
    return out


def test_undo_asks_first_away_from_submit_and_says_what_it_did(store):
    """"Undo last round" sat in one row with "Submit round" and acted at once: now it
    sits under the rounds, asks "Undo round 1?", and only "Undo" drops the round."""
    mid = store.create_match("burger", list(THREE), start())
    a = tab(store)
    d = actions.drawn(actions.open_table(a, mid))
    actions.put_draft(d, "draft", lambda _: entered(d.record, DECKS, TONGS_ANN))
    actions.submit(actions.drawn(actions.open_table(a, mid)))
    actions.back_to_table(actions.open_table(a, mid))
    d = actions.drawn(actions.open_table(a, mid))
    entry = Renderer().render(round_entry.Entry.__wrapped__, d)
    assert "Submit round" in _buttons(entry) and "Undo last round" not in _buttons(entry)
    listed = ft.Column(table_screen._rounds_list(d))
    assert "Undo last round" in _buttons(listed)
    actions.ask_undo(d)
    d = actions.drawn(actions.open_table(a, mid))
    assert d.ui.asks_undo(1) and len(store.match(mid).current.record["rounds"]) == 1
    listed = ft.Column(table_screen._rounds_list(d))
    assert {"Undo", "Keep"} <= set(_buttons(listed))
    actions.keep_round(d.t)
    d = actions.drawn(actions.open_table(a, mid))
    assert not d.ui.asks_undo(1) and len(store.match(mid).current.record["rounds"]) == 1
    actions.ask_undo(d)
    actions.undo(actions.drawn(actions.open_table(a, mid)))
    d = actions.drawn(actions.open_table(a, mid))
    assert store.match(mid).current.record["rounds"] == [] and d.ui.mode == "entry"
    said = [c.value for c in table_screen._rounds_list(d) if isinstance(c, ft.Text)]
    assert said == ["Round 1 undone; its entries are back for entry."]
