"""Two host tabs on one Hot Dog match: an entry, an undo or a change made on a tab
that has not redrawn since the other saved is refused with one line, the store keeps
each round once, and the refused entry stays on the tab to be checked."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.hotdog import actions as ops
from companion.games.hotdog import forms, present, setup_form
from companion.games.hotdog.forms import TableUI
from companion.store import Store
from tests.tabs import tab

PLAYERS = ["Anna", "Bernd", "Chris"]
TIE = {"Anna": forms.Draft(table=5, hotdogs=2), "Bernd": forms.Draft(table=5, hotdogs=3, dollars=2),
       "Chris": forms.Draft(table=5, hotdogs=3, dollars=2)}
SEVENS = {p: forms.Draft(table=7, hotdogs=1) for p in PLAYERS}


@pytest.fixture
def mid(store):
    return store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))


class Table:
    """A tab's table screen as drawn once: its session and the game view it drew."""

    def __init__(self, shell, mid: int) -> None:
        self.s = ops.open_table(shell, mid)
        self.gv = present.game_view(self.s.record)

    def submit(self) -> None:
        ops.submit(self.s, self.gv)

    def undo(self) -> None:
        ops.undo(self.s, self.gv)


def ui(shell) -> TableUI:
    """The tab's passing state now (for the game in play of the one match)."""
    return shell.ui(ops.TABLE).ui


def enter(t: Table, drafts: dict) -> None:
    """Bids typed on this tab's screen as drawn."""
    t.s.put_draft(ops.ROUND, lambda u: replace(u, drafts=dict(drafts)))


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
    assert ui(b).error == line
    assert rounds(store, mid) == [forms.round_of(PLAYERS, TIE)]
    assert ui(b).drafts == SEVENS and ui(b).mode == "entry"   # kept to be checked
    Table(b, mid).submit()                    # sent again, knowingly: round 2
    assert rounds(store, mid) == [forms.round_of(PLAYERS, TIE), forms.round_of(PLAYERS, SEVENS)]
    assert ui(b).error is None and ui(b).mode == "reveal"


def test_a_tab_that_has_not_redrawn_cannot_submit_over_the_other(store, mid):
    a, b = tab(store), tab(store)
    stale = Table(b, mid)                     # drawn before a's round: never redrawn
    enter(Table(a, mid), TIE)
    Table(a, mid).submit()
    enter(stale, SEVENS)
    stale.submit()
    assert ui(b).error.startswith("Round 1 was already entered on another screen")
    assert rounds(store, mid) == [forms.round_of(PLAYERS, TIE)]


def test_an_untouched_entry_follows_the_redraw(store, mid):
    """Nothing typed yet when the other tab saved: the redrawn screen is the entry's record."""
    a, b = tab(store), tab(store)
    Table(b, mid)
    enter(Table(a, mid), TIE)
    Table(a, mid).submit()
    redrawn = Table(b, mid)
    enter(redrawn, SEVENS)
    redrawn.submit()
    assert ui(b).error is None and len(rounds(store, mid)) == 2


def test_undo_on_a_stale_tab_undoes_nothing(store, mid):
    a, b = tab(store), tab(store)
    enter(Table(a, mid), TIE)
    Table(a, mid).submit()
    stale = Table(b, mid)                     # b shows round 1 played
    enter(Table(a, mid), SEVENS)
    Table(a, mid).submit()                    # a enters round 2
    stale.undo()                              # b meant round 1
    assert ui(b).error == ("Round 2 was already entered on another screen; nothing was undone. "
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
    ops.open_round(t.s, 0)
    ops.begin_edit(Table(b, mid).s, t.gv, 0)
    Table(b, mid).s.put_draft(ops.EDIT, lambda u: replace(u, edit_drafts=dict(SEVENS)))
    Table(a, mid).undo()                      # meanwhile round 1 is undone on a
    ops.save_edit(Table(b, mid).s, 0)
    assert ui(b).error == ("Round 1 was undone on another screen; your change to round 1 was not "
                                 "saved. The table now shows round 1.")
    assert rounds(store, mid) == []
    assert ui(b).edit_drafts == SEVENS


def test_this_tab_s_own_change_keeps_its_entry_in_step(store, mid):
    """Bids typed for round 2, then round 1 changed on the same tab: the bids still go in."""
    b = tab(store)
    enter(Table(b, mid), TIE)
    Table(b, mid).submit()
    enter(Table(b, mid), SEVENS)                       # round 2's bids, typed
    t = Table(b, mid)
    ops.open_round(t.s, 0)
    ops.begin_edit(Table(b, mid).s, t.gv, 0)
    ops.edit_bid(Table(b, mid).s, ops.EDIT, "Anna", lambda d: forms.Draft(table=5, hotdogs=1), 5)
    ops.save_edit(Table(b, mid).s, 0)
    assert ui(b).error is None and ui(b).mode == "round"
    ops.to_entry(Table(b, mid).s)
    Table(b, mid).submit()
    assert ui(b).error is None and len(rounds(store, mid)) == 2
