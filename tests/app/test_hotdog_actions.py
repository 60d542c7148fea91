"""The Hot Dog table screen's operations on its session (companion.games.hotdog.actions),
without a browser: a fast second tap enters a round or starts a game once, the reveal
goes step by step from the latest state, undo brings the bids back, a round changed
and a change cancelled, and a round that is gone is not opened."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.hotdog import actions as ops
from companion.games.hotdog import forms, present
from companion.games.hotdog.forms import Draft
from companion.store import Store
from tests.tabs import tab

PLAYERS = ["Anna", "Bernd", "Chris"]
TIE = {"Anna": Draft(table=5, hotdogs=2), "Bernd": Draft(table=5, hotdogs=3, dollars=2),
       "Chris": Draft(table=5, hotdogs=3, dollars=2)}
LAST = {"Anna": Draft(table=7, hotdogs=1, last=True), "Bernd": Draft(table=5), "Chris": Draft(table=5)}


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "companion.sqlite3")
    yield s
    s.close()


@pytest.fixture
def mid(store):
    return store.create_match("hotdog", PLAYERS, forms.new_record(PLAYERS, "Anna"))


def drawn(shell, mid) -> tuple[ops.Session, present.GameView]:
    """The table screen drawn: its session and the game view it drew."""
    s = ops.open_table(shell, mid)
    return s, present.game_view(s.record)


def typed(shell, mid, drafts) -> None:
    s, _ = drawn(shell, mid)
    for p, d in drafts.items():
        ops.edit_bid(s, ops.ROUND, p, lambda _old, d=d: d, 5)


def rounds(store, mid) -> list[dict]:
    return store.match(mid).current.record["rounds"]


def test_a_round_is_entered_and_revealed_from_its_first_step(store, mid):
    shell = tab(store)
    typed(shell, mid, TIE)
    ops.submit(*drawn(shell, mid))
    assert rounds(store, mid) == [forms.round_of(PLAYERS, TIE)]
    ui = ops.open_table(shell, mid).latest()
    assert (ui.mode, ui.index, ui.shown, ui.error) == ("reveal", 0, 1, None)
    assert ui.drafts == {p: Draft(table=d.table) for p, d in TIE.items()}


def test_a_player_with_no_draft_bids_one_hot_dog_at_the_first_table(store, mid):
    shell = tab(store)
    typed(shell, mid, {"Bernd": Draft(table=7, hotdogs=2)})
    ops.submit(*drawn(shell, mid))
    assert rounds(store, mid) == [forms.round_of(PLAYERS, {"Anna": Draft(5), "Bernd": Draft(7, 2),
                                                           "Chris": Draft(5)})]


def test_a_second_tap_on_submit_enters_the_round_once(store, mid):
    shell = tab(store)
    typed(shell, mid, TIE)
    s, gv = drawn(shell, mid)
    ops.submit(s, gv)
    ops.submit(s, gv)                          # the same screen, tapped again before it redrew
    assert rounds(store, mid) == [forms.round_of(PLAYERS, TIE)]


def test_a_refused_round_is_said_beside_the_entry_and_kept(store, mid):
    shell = tab(store)
    bad = {**TIE, "Bernd": Draft(table=5, hotdogs=3, dollars=4)}
    typed(shell, mid, bad)
    ops.submit(*drawn(shell, mid))
    ui = ops.open_table(shell, mid).latest()
    assert ui.error == "round 1: Bernd: HD-6: dollars (4) exceed hot dogs (3): the price may not fall below zero"
    assert ui.mode == "entry" and ui.drafts == bad and rounds(store, mid) == []


def test_the_reveal_goes_on_from_the_latest_tap(store, mid):
    shell = tab(store)
    typed(shell, mid, TIE)
    ops.submit(*drawn(shell, mid))
    s, gv = drawn(shell, mid)
    total = len(gv.round(0).steps)
    for _ in range(total + 2):                 # taps faster than the screen redraws
        s.put(lambda u: u.next_step(total))
    assert ops.open_table(shell, mid).latest().shown == total
    ops.to_entry(s)
    assert ops.open_table(shell, mid).latest().mode == "entry"


def test_undo_brings_the_round_s_bids_back(store, mid):
    shell = tab(store)
    typed(shell, mid, TIE)
    ops.submit(*drawn(shell, mid))
    ops.undo(*drawn(shell, mid))
    ui = ops.open_table(shell, mid).latest()
    assert rounds(store, mid) == [] and ui.mode == "entry" and ui.drafts == TIE
    assert shell.state.flash == "Round 1 undone; its bids are back for entry."
    ops.undo(*drawn(shell, mid))
    assert ops.open_table(shell, mid).latest().error == "There is no round to undo."


def test_a_past_round_is_changed_or_the_change_cancelled(store, mid):
    shell = tab(store)
    typed(shell, mid, TIE)
    ops.submit(*drawn(shell, mid))
    ops.open_round(drawn(shell, mid)[0], 0)
    ops.begin_edit(*drawn(shell, mid), 0)
    ui = ops.open_table(shell, mid).latest()
    assert ui.mode == "edit" and ui.edit_drafts == TIE
    ops.edit_bid(drawn(shell, mid)[0], ops.EDIT, "Chris", lambda d: replace(d, table=7, dollars=0), 5)
    ops.cancel_edit(drawn(shell, mid)[0])
    assert ops.open_table(shell, mid).latest().mode == "round" and rounds(store, mid)[0]["bids"][2]["table"] == 5
    ops.begin_edit(*drawn(shell, mid), 0)      # begun again: the round as stored
    assert ops.open_table(shell, mid).latest().edit_drafts == TIE
    ops.edit_bid(drawn(shell, mid)[0], ops.EDIT, "Chris", lambda d: replace(d, table=7, dollars=0), 5)
    ops.save_edit(drawn(shell, mid)[0], 0)
    assert rounds(store, mid)[0]["bids"][2] == {"player": "Chris", "table": 7, "hotdogs": 3}
    assert ops.open_table(shell, mid).latest().mode == "round"
    assert shell.state.flash == "Round 1 changed; the game was replayed from there."


def test_a_round_that_is_gone_is_not_opened(store, mid):
    a, b = tab(store), tab(store)
    typed(a, mid, TIE)
    ops.submit(*drawn(a, mid))
    ops.open_round(drawn(b, mid)[0], 0)
    ops.undo(*drawn(a, mid))                    # the round b opened is undone on a
    s, gv = drawn(b, mid)
    assert s.ui.mode == "round" and ops.shown(s.ui, gv).mode == "entry"


def test_a_second_tap_on_start_game_2_starts_it_once(store, mid):
    shell = tab(store)
    typed(shell, mid, LAST)
    ops.submit(*drawn(shell, mid))
    s, gv = drawn(shell, mid)
    assert gv.over
    ops.choose_next_mustard(s, "Chris")
    ops.start_next_game(s, gv)
    ops.start_next_game(s, gv)                 # tapped again before the screen redrew
    games = store.match(mid).games
    assert len(games) == 2 and games[1].record == forms.new_record(PLAYERS, "Chris")
    assert ops.open_table(shell, mid).latest().error is None


def test_the_next_game_starts_with_the_house_rule_holder_by_default(store, mid):
    shell = tab(store)
    typed(shell, mid, LAST)
    ops.submit(*drawn(shell, mid))
    ops.start_next_game(*drawn(shell, mid))
    assert store.match(mid).games[1].record["mustard"] == "Bernd"     # HD-17



def test_the_table_screen_replays_the_game_in_play_once_per_render(store, mid, monkeypatch):
    """Drawn in game 2 (the match so far shown): game 2's record is replayed once, for
    the screen and its entry alike; game 1's once, for the match so far."""
    from flet.components.component import Renderer

    from companion.games.hotdog import rules, view

    shell = tab(store)
    typed(shell, mid, LAST)
    ops.submit(*drawn(shell, mid))
    ops.start_next_game(*drawn(shell, mid))         # game 2: Bernd holds the mustard card
    typed(shell, mid, TIE)
    ops.submit(*drawn(shell, mid))
    ops.to_entry(drawn(shell, mid)[0])
    replayed: list[str | None] = []
    real = rules.replay
    monkeypatch.setattr(rules, "replay", lambda rec: replayed.append(rec.mustard) or real(rec))
    screen = Renderer().render(view.TableScreen.__wrapped__, shell, mid)
    parts = [c for c in screen.controls if hasattr(c, "fn")]            # the components it draws
    assert [c.fn.__name__ for c in parts] == ["Entry", "ExportActions"]
    entry = Renderer().render(parts[0].fn, *parts[0].args)
    lines = [getattr(c, "value", None) for c in entry.controls]
    assert "Money: Anna $5 · Bernd $4 · Chris $3" in lines       # game 2 so far
    assert "Match so far (HD-15): Anna $8 · Bernd $7 · Chris $6" in lines   # game 1 ended $3 · $3 · $3
    assert sorted(replayed) == ["Anna", "Bernd"]
