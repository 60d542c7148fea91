"""Two host tabs on one burger game: a round entered, undone or changed on a tab that
has not redrawn since the other saved is refused with one line; each round is stored
once and the refused round stays on the tab. The table's operations run on the tab's
:class:`~companion.ui.table.TableSession` without a browser: a table drawn is
``actions.drawn(actions.open_table(tab, match))``; draw it again to redraw."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.games.burger import actions, forms, recipefiles, round_form
from companion.games.burger.actions import DRAFT, EDIT, Drawn
from companion.games.burger.forms import TableUI
from companion.store import Store
from tests.burger_app.helpers import THREE, entered, play, start
from tests.tabs import tab

DECKS_A = [["patty", "cheese"], ["lettuce", "rat"], ["onion", "tomato"]]
DECKS_B = [["patty"], ["cheese"], ["onion", "lettuce", "tomato"]]
TONGS_ANN = {"Ann": "tongs", "Ben": "tease", "Cat": "tease"}
TONGS_BEN = {"Ann": "tease", "Ben": "tongs", "Cat": "tease"}


@pytest.fixture
def mid(store):
    return store.create_match("burger", list(THREE), start())


def table(shell, mid: int) -> Drawn:
    """The tab's table screen, drawn now."""
    return actions.drawn(actions.open_table(shell, mid))


def ui(shell, mid: int) -> TableUI:
    return actions.open_table(shell, mid).ui


def enter(d: Drawn, decks, tools) -> round_form.RoundDraft:
    """A round entered on this tab's screen as drawn: decks, tool cards passed round, revealed."""
    draft = entered(d.record, decks, tools)
    actions.put_draft(d, DRAFT, lambda x: draft)
    return draft


def rounds(store: Store, mid: int) -> list[dict]:
    return store.match(mid).current.record["rounds"]


def test_the_same_round_entered_on_two_tabs_is_saved_once(store, mid):
    a, b = tab(store), tab(store)
    enter(table(a, mid), DECKS_A, TONGS_ANN)
    mine = enter(table(b, mid), DECKS_A, TONGS_BEN)
    actions.submit(table(a, mid))
    first = rounds(store, mid)
    assert len(first) == 1
    assert ui(a, mid).mode == "round" and ui(a, mid).just and ui(a, mid).draft is None
    actions.submit(table(b, mid))
    assert ui(b, mid).error == ("Round 1 was already entered on another screen; your entry was not saved. "
                                "The table now shows round 2.")
    assert rounds(store, mid) == first
    assert ui(b, mid).draft == mine and ui(b, mid).mode == "entry"     # kept, tool cards and all


def test_undo_and_change_on_a_stale_tab_are_refused(store, mid):
    a, b = tab(store), tab(store)
    enter(table(a, mid), DECKS_A, TONGS_ANN)
    actions.submit(table(a, mid))
    stale = table(b, mid)                     # b shows round 1 played
    actions.back_to_table(table(a, mid).t)
    enter(table(a, mid), DECKS_B, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"})
    actions.submit(table(a, mid))             # a enters round 2
    two = rounds(store, mid)
    actions.undo(stale)
    assert ui(b, mid).error == ("Round 2 was already entered on another screen; nothing was undone. "
                                "The table now shows round 3.")
    actions.open_round(table(b, mid).t, 0)
    actions.change_round(table(b, mid).t)
    editing = table(b, mid)
    assert editing.ui.mode == "edit" and editing.edit_state is not None
    actions.put_draft(editing, EDIT, lambda d: round_form.step_complete(d, "Ann", 0))
    actions.undo(table(a, mid))               # round 2 undone on a meanwhile
    actions.save_edit(table(b, mid))
    assert ui(b, mid).error == ("Round 2 was undone on another screen; your change to round 1 was not "
                                "saved. The table now shows round 2.")
    assert rounds(store, mid) == two[:1]


def test_undo_brings_the_round_back_for_entry_and_a_change_replays(store, mid):
    a = tab(store)
    enter(table(a, mid), DECKS_A, TONGS_ANN)
    actions.submit(table(a, mid))
    actions.undo(table(a, mid))
    assert rounds(store, mid) == []
    back = ui(a, mid)
    assert back.mode == "entry" and back.draft == forms.draft_of(play(start(), DECKS_A, TONGS_ANN), 0)
    actions.submit(table(a, mid))             # the round as it came back: entered again
    actions.change_round(table(a, mid).t)
    actions.put_draft(table(a, mid), EDIT, lambda d: round_form.step_complete(d, "Ann", 1))
    actions.save_edit(table(a, mid))
    assert rounds(store, mid)[0]["complete"] == {"Ann": 1}
    assert ui(a, mid).mode == "round" and ui(a, mid).error is None


def test_a_refused_round_stays_with_the_rules_reason(store, mid):
    a = tab(store)
    enter(table(a, mid), [["patty", "cheese", "onion"], ["rat"], ["tomato", "lettuce"]], TONGS_ANN)
    actions.submit(table(a, mid))
    assert ui(a, mid).error == "Round 1: BU-2: deck 2 holds only rats: every deck starts with an ingredient"
    assert rounds(store, mid) == [] and ui(a, mid).draft is not None


def test_the_game_over_finishes_the_match_and_undo_reopens_it(store):
    """Burger is a match of one game: its end is the match's."""
    rec = start(["Ann", "Ben"], draw_pile="8")
    rec = play(rec, [["bottom bun", "patty"], ["cheese", "top bun"]], {"Ann": "tongs", "Ben": "tease"})
    mid = store.create_match("burger", ["Ann", "Ben"], rec)
    a = tab(store)
    enter(table(a, mid), [["onion"], ["lettuce", "tomato", "patty"]], {"Ann": "tease", "Ben": "tongs"})
    actions.submit(table(a, mid))
    assert table(a, mid).gv.over and store.match(mid).finished
    actions.undo(table(a, mid))
    assert not store.match(mid).finished


def test_bu7_top_buns_are_the_matchs_own_setting(store, mid):
    a, b = tab(store), tab(store)
    actions.flip_top_bun(table(a, mid).t, "Ann", True)
    actions.flip_top_bun(table(b, mid).t, "Cat", True)
    assert json.loads(store.match_setting(mid, forms.TOP_BUNS)) == ["Ann", "Cat"]
    actions.flip_top_bun(table(a, mid).t, "Ann", False)
    assert json.loads(store.match_setting(mid, forms.TOP_BUNS)) == ["Cat"]
    other = store.create_match("burger", list(THREE), start())
    assert store.match_setting(other, forms.TOP_BUNS) is None


def test_the_recipe_file_comes_from_the_match(store, mid, tmp_path):
    assert table(tab(store), mid).book is not None          # none set: the shipped example
    store.set_match_setting(mid, recipefiles.RECIPES, str(tmp_path / "missing.json"))
    d = table(tab(store), mid)
    assert d.book is None and "missing.json" in d.recipes


def test_peek_and_the_stack_entry_are_this_tabs_own(store, mid):
    a, b = tab(store), tab(store)
    table(b, mid)                             # b's screen is open before a peeks
    actions.peek(table(a, mid).t, "Cat")
    actions.check_stack(table(a, mid).t, "Ben")
    assert (ui(a, mid).peek, ui(a, mid).stack_for) == ("Cat", "Ben")
    assert (ui(b, mid).peek, ui(b, mid).stack_for) == (None, None)
    actions.check_stack(table(a, mid).t, "Ben")
    actions.peek(table(a, mid).t, None)
    assert (ui(a, mid).peek, ui(a, mid).stack_for) == (None, None)


def test_a_double_tap_builds_on_the_first(store, mid):
    """Two taps before a redraw: the second steps from the first (the latest passing state)."""
    a = tab(store)
    d = table(a, mid)
    actions.put_draft(d, DRAFT, lambda x: round_form.add_card(x, 0, "patty"))
    actions.put_draft(d, DRAFT, lambda x: round_form.add_card(x, 0, "cheese"))
    assert table(a, mid).draft(DRAFT).decks[0].cards == ("", "patty", "cheese")


def test_a_screen_left_in_a_round_that_is_gone_shows_the_entry(store, mid):
    a = tab(store)
    enter(table(a, mid), DECKS_A, TONGS_ANN)
    actions.submit(table(a, mid))
    store.save_game(mid, 1, start())          # round 1 undone elsewhere
    d = table(a, mid)
    assert d.ui == replace(ui(a, mid), mode="entry")


def test_a_double_tap_on_submit_saves_the_round_once(store, mid):
    """The second tap comes from the same drawn screen: its round is not stored again."""
    a = tab(store)
    enter(table(a, mid), DECKS_A, TONGS_ANN)
    d = table(a, mid)
    actions.submit(d)
    actions.submit(d)
    assert len(rounds(store, mid)) == 1
    assert ui(a, mid).mode == "round"
