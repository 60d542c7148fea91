"""Two host tabs on one Hot Dog match: an entry, an undo or a change made on a tab
that has not redrawn since the other saved is refused with one line, the store keeps
each round once, and the refused entry stays on the tab to be checked."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.hotdog import viewmodel as vm
from companion.games.hotdog.view import TABLE, Table
from companion.store import Store
from tests.tabs import tab

PLAYERS = ["Anna", "Bernd", "Chris"]
TIE = {"Anna": vm.Draft(table=5, hotdogs=2), "Bernd": vm.Draft(table=5, hotdogs=3, dollars=2),
       "Chris": vm.Draft(table=5, hotdogs=3, dollars=2)}
SEVENS = {p: vm.Draft(table=7, hotdogs=1) for p in PLAYERS}


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "companion.sqlite3")
    yield s
    s.close()


@pytest.fixture
def mid(store):
    return store.create_match("hotdog", PLAYERS, vm.new_record(PLAYERS, "Anna"))


def enter(t: Table, drafts: dict) -> None:
    """Bids typed on this tab's screen as drawn."""
    t.put_draft("drafts", lambda u: replace(u, drafts=dict(drafts)))


def rounds(store: Store, mid: int) -> list[dict]:
    return store.match(mid).current.record["rounds"]


def test_the_same_round_entered_on_two_tabs_is_saved_once(store, mid):
    a, b = tab(store), tab(store)
    enter(Table(a, mid), TIE)
    enter(Table(b, mid), SEVENS)              # both enter round 1
    Table(a, mid).submit()
    assert len(rounds(store, mid)) == 1
    Table(b, mid).submit()                    # b redrew (round 2 shown), its bids were for round 1
    line = "Round 1 was already entered on another screen; your entry was not saved. The table now shows round 2."
    assert b.ui(TABLE).error == line
    assert rounds(store, mid) == [vm.round_of(PLAYERS, TIE)]
    assert b.ui(TABLE).drafts == SEVENS and b.ui(TABLE).mode == "entry"   # kept to be checked
    Table(b, mid).submit()                    # sent again, knowingly: round 2
    assert rounds(store, mid) == [vm.round_of(PLAYERS, TIE), vm.round_of(PLAYERS, SEVENS)]
    assert b.ui(TABLE).error is None and b.ui(TABLE).mode == "reveal"


def test_a_tab_that_has_not_redrawn_cannot_submit_over_the_other(store, mid):
    a, b = tab(store), tab(store)
    stale = Table(b, mid)                     # drawn before a's round: never redrawn
    enter(Table(a, mid), TIE)
    Table(a, mid).submit()
    enter(stale, SEVENS)
    stale.submit()
    assert b.ui(TABLE).error.startswith("Round 1 was already entered on another screen")
    assert rounds(store, mid) == [vm.round_of(PLAYERS, TIE)]


def test_an_untouched_entry_follows_the_redraw(store, mid):
    """Nothing typed yet when the other tab saved: the redrawn screen is the entry's record."""
    a, b = tab(store), tab(store)
    Table(b, mid)
    enter(Table(a, mid), TIE)
    Table(a, mid).submit()
    redrawn = Table(b, mid)
    enter(redrawn, SEVENS)
    redrawn.submit()
    assert b.ui(TABLE).error is None and len(rounds(store, mid)) == 2


def test_undo_on_a_stale_tab_undoes_nothing(store, mid):
    a, b = tab(store), tab(store)
    enter(Table(a, mid), TIE)
    Table(a, mid).submit()
    stale = Table(b, mid)                     # b shows round 1 played
    enter(Table(a, mid), SEVENS)
    Table(a, mid).submit()                    # a enters round 2
    stale.undo()                              # b meant round 1
    assert b.ui(TABLE).error == ("Round 2 was already entered on another screen; nothing was undone. "
                                 "The table now shows round 3.")
    assert len(rounds(store, mid)) == 2
    Table(b, mid).undo()                      # redrawn: undoes round 2, the last one it shows
    assert len(rounds(store, mid)) == 1
    assert b.state.flash == "Round 2 undone; its bids are back for entry."


def test_a_change_to_a_past_round_from_a_stale_tab_is_refused_and_kept(store, mid):
    a, b = tab(store), tab(store)
    enter(Table(a, mid), TIE)
    Table(a, mid).submit()
    t = Table(b, mid)
    t.put(lambda u: replace(u, mode="edit", index=0, edit_drafts=vm.drafts_of(t.gv.record, 0),
                            edit_base=t.gv.record))
    Table(b, mid).put_draft("edit_drafts", lambda u: replace(u, edit_drafts=dict(SEVENS)))
    Table(a, mid).undo()                      # meanwhile round 1 is undone on a
    Table(b, mid).save_edit()
    assert b.ui(TABLE).error == ("Round 1 was undone on another screen; your change to round 1 was not "
                                 "saved. The table now shows round 1.")
    assert rounds(store, mid) == []
    assert b.ui(TABLE).edit_drafts == SEVENS


def test_this_tab_s_own_change_keeps_its_entry_in_step(store, mid):
    """Bids typed for round 2, then round 1 changed on the same tab: the bids still go in."""
    b = tab(store)
    enter(Table(b, mid), TIE)
    Table(b, mid).submit()
    enter(Table(b, mid), SEVENS)                       # round 2's bids, typed
    t = Table(b, mid)
    t.put(lambda u: replace(u, mode="edit", index=0, edit_drafts=vm.drafts_of(t.gv.record, 0),
                            edit_base=t.gv.record))
    Table(b, mid).put_draft("edit_drafts", lambda u: replace(
        u, edit_drafts={**u.edit_drafts, "Anna": vm.Draft(table=5, hotdogs=1)}))
    Table(b, mid).save_edit()
    assert b.ui(TABLE).error is None
    Table(b, mid).put(lambda u: replace(u, mode="entry"))
    Table(b, mid).submit()
    assert b.ui(TABLE).error is None and len(rounds(store, mid)) == 2

