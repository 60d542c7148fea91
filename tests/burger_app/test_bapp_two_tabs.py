"""Two host tabs on one burger game: a round entered, undone or changed on a tab that
has not redrawn since the other saved is refused with one line; each round is stored
once and the refused round stays on the tab."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.burger import viewmodel as vm
from companion.games.burger.view import TABLE, Table
from companion.store import Store
from tests.burger_app.helpers import THREE, entered, start
from tests.tabs import tab

DECKS_A = [["patty", "cheese"], ["lettuce", "rat"], ["onion", "tomato"]]
DECKS_B = [["patty"], ["cheese"], ["onion", "lettuce", "tomato"]]
TONGS_ANN = {"Ann": "tongs", "Ben": "tease", "Cat": "tease"}
TONGS_BEN = {"Ann": "tease", "Ben": "tongs", "Cat": "tease"}


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "companion.sqlite3")
    yield s
    s.close()


@pytest.fixture
def mid(store):
    return store.create_match("burger", list(THREE), start())


def enter(t: Table, decks, tools) -> vm.RoundDraft:
    """A round entered on this tab's screen as drawn: decks, tool cards passed round, revealed."""
    draft = entered(t.record, decks, tools)
    t.put_draft("draft", lambda d: draft)
    return draft


def rounds(store: Store, mid: int) -> list[dict]:
    return store.match(mid).current.record["rounds"]


def test_the_same_round_entered_on_two_tabs_is_saved_once(store, mid):
    a, b = tab(store), tab(store)
    enter(Table(a, mid), DECKS_A, TONGS_ANN)
    mine = enter(Table(b, mid), DECKS_A, TONGS_BEN)
    Table(a, mid).submit()
    first = rounds(store, mid)
    assert len(first) == 1
    Table(b, mid).submit()
    assert b.ui(TABLE).error == ("Round 1 was already entered on another screen; your entry was not saved. "
                                 "The table now shows round 2.")
    assert rounds(store, mid) == first
    assert b.ui(TABLE).draft == mine and b.ui(TABLE).mode == "entry"     # kept, tool cards and all


def test_undo_and_change_on_a_stale_tab_are_refused(store, mid):
    a, b = tab(store), tab(store)
    enter(Table(a, mid), DECKS_A, TONGS_ANN)
    Table(a, mid).submit()
    stale = Table(b, mid)                     # b shows round 1 played
    t = Table(a, mid)
    t.put(lambda u: replace(u, mode="entry"))
    enter(Table(a, mid), DECKS_B, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"})
    Table(a, mid).submit()                    # a enters round 2
    two = rounds(store, mid)
    stale.undo()
    assert b.ui(TABLE).error == ("Round 2 was already entered on another screen; nothing was undone. "
                                 "The table now shows round 3.")
    Table(b, mid).put(lambda u: replace(u, mode="edit", index=0, edit=None, edit_base=None))
    editing = Table(b, mid)
    editing.put_draft("edit", lambda d: vm.step_complete(d, "Ann", 0))
    Table(a, mid).undo()                      # round 2 undone on a meanwhile
    Table(b, mid).save_edit()
    assert b.ui(TABLE).error == ("Round 2 was undone on another screen; your change to round 1 was not "
                                 "saved. The table now shows round 2.")
    assert rounds(store, mid) == two[:1]
