"""Two host tabs on one sales game: a sale recorded, a round started, an undo or a
change made on a tab that has not redrawn since the other saved is refused with one
line; each sale is stored once and the refused cards stay on the tab."""

from __future__ import annotations

import pytest

from companion.games.sales import actions, changes, forms, setup_form
from companion.games.sales.actions import TABLE, open_table
from companion.store import Store
from tests.tabs import tab

PLAYERS = ["Ann", "Ben"]


def c(suit: str, value: int) -> dict:
    return {"suit": suit, "value": value, "discard": 0}


@pytest.fixture
def mid(store):
    return store.create_match("sales", PLAYERS, setup_form.new_record(PLAYERS, hand_size=2))


def play(shell, mid: int, *cards: dict) -> None:
    """Cards entered one by one on this tab's screen as drawn each time."""
    for card in cards:
        actions.add_card(open_table(shell, mid), card, None)


def ui(shell) -> forms.TableUI:
    """The tab's passing state at the table, as the session keeps it."""
    return shell.ui(TABLE).ui


def sales(store: Store, mid: int) -> list[list[dict]]:
    return [r["sales"] for r in store.match(mid).current.record["rounds"]]


def test_the_same_sale_recorded_on_two_tabs_is_saved_once(store, mid):
    a, b = tab(store), tab(store)
    open_table(b, mid)                                   # b's screen is open before a's cards are entered
    play(a, mid, c("sun", 5), c("sun", 6))
    play(b, mid, c("sun", 9), c("sun", 3))
    actions.record_sale(open_table(a, mid))
    first = sales(store, mid)
    actions.record_sale(open_table(b, mid))              # redrawn: sale 2 shown, its cards were for sale 1
    assert ui(b).error == ("Round 1, sale 1 was already entered on another screen; your sale was "
                                 "not saved. The table now shows round 1, sale 2.")
    assert sales(store, mid) == first and len(first[0]) == 1
    assert [p["card"]["value"] for p in ui(b).plays] == [9, 3]      # kept to be checked


def test_starting_the_round_and_undoing_from_a_stale_tab(store, mid):
    a, b = tab(store), tab(store)
    play(a, mid, c("sun", 5), c("sun", 6))
    actions.record_sale(open_table(a, mid))
    play(a, mid, c("sun", 4), c("sun", 2))
    actions.record_sale(open_table(a, mid))              # round 1 is over
    stale = open_table(b, mid)
    actions.next_round(open_table(a, mid))
    actions.next_round(stale)
    assert ui(b).error == ("Round 2 was already started on another screen; the next round was not "
                                 "started. The table now shows round 2, sale 1.")
    assert len(sales(store, mid)) == 2
    stale = open_table(b, mid)
    actions.undo(open_table(a, mid))                     # the round just started is taken back on a
    actions.undo(stale)
    assert ui(b).error == ("Round 2 was undone on another screen; nothing was undone. "
                                 "The table now shows round 2.")
    assert [len(s) for s in sales(store, mid)] == [2]


def test_a_change_to_a_sale_from_a_stale_tab_is_refused_and_kept(store, mid):
    a, b = tab(store), tab(store)
    play(a, mid, c("sun", 5), c("sun", 6))
    actions.record_sale(open_table(a, mid))
    t = open_table(b, mid)
    actions.open_sale(t, (0, 0))
    actions.change_sale(t, changes.plays_of(t.record, 0, 0))
    actions.take_back(open_table(b, mid))
    play(b, mid, c("sun", 1))
    play(a, mid, c("sun", 4), c("sun", 2))
    actions.record_sale(open_table(a, mid))              # a records sale 2 meanwhile
    actions.save_edit(open_table(b, mid))
    assert ui(b).error == ("Round 1, sale 2 was already entered on another screen; your change to "
                                 "round 1, sale 1 was not saved. The table now shows round 2.")
    assert [p["card"]["value"] for p in ui(b).edit_plays] == [5, 1]
    assert sales(store, mid)[0][0]["plays"][1]["card"]["value"] == 6


def test_cards_all_taken_back_are_no_entry_any_more(store, mid):
    a, b = tab(store), tab(store)
    play(b, mid, c("sun", 9))
    actions.take_back(open_table(b, mid))                # b begins and takes it all back
    play(a, mid, c("sun", 5), c("sun", 6))
    actions.record_sale(open_table(a, mid))
    play(b, mid, c("sun", 4), c("sun", 2))   # entered on the redrawn screen: sale 2
    actions.record_sale(open_table(b, mid))
    assert ui(b).error is None and [len(s) for s in sales(store, mid)] == [2]
