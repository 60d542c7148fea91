"""Two host tabs on one sales game: a sale recorded, a round started, an undo or a
change made on a tab that has not redrawn since the other saved is refused with one
line; each sale is stored once and the refused cards stay on the tab."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.sales import viewmodel as vm
from companion.games.sales.view import TABLE, Table
from companion.store import Store
from tests.tabs import tab

PLAYERS = ["Ann", "Ben"]


def c(suit: str, value: int) -> dict:
    return {"suit": suit, "value": value, "discard": 0}


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "companion.sqlite3")
    yield s
    s.close()


@pytest.fixture
def mid(store):
    return store.create_match("sales", PLAYERS, vm.new_record(PLAYERS, hand_size=2))


def play(shell, mid: int, *cards: dict) -> None:
    """Cards entered one by one on this tab's screen as drawn each time."""
    for card in cards:
        Table(shell, mid).add_card(card)


def sales(store: Store, mid: int) -> list[list[dict]]:
    return [r["sales"] for r in store.match(mid).current.record["rounds"]]


def test_the_same_sale_recorded_on_two_tabs_is_saved_once(store, mid):
    a, b = tab(store), tab(store)
    play(a, mid, c("sun", 5), c("sun", 6))
    play(b, mid, c("sun", 9), c("sun", 3))
    Table(a, mid).record_sale()
    first = sales(store, mid)
    Table(b, mid).record_sale()              # redrawn: sale 2 shown, its cards were for sale 1
    assert b.ui(TABLE).error == ("Round 1, sale 1 was already entered on another screen; your sale was "
                                 "not saved. The table now shows round 1, sale 2.")
    assert sales(store, mid) == first and len(first[0]) == 1
    assert [p["card"]["value"] for p in b.ui(TABLE).plays] == [9, 3]      # kept to be checked


def test_starting_the_round_and_undoing_from_a_stale_tab(store, mid):
    a, b = tab(store), tab(store)
    play(a, mid, c("sun", 5), c("sun", 6))
    Table(a, mid).record_sale()
    play(a, mid, c("sun", 4), c("sun", 2))
    Table(a, mid).record_sale()              # round 1 is over
    stale = Table(b, mid)
    Table(a, mid).next_round()
    stale.next_round()
    assert b.ui(TABLE).error == ("Round 2 was already started on another screen; the next round was not "
                                 "started. The table now shows round 2, sale 1.")
    assert len(sales(store, mid)) == 2
    stale = Table(b, mid)
    Table(a, mid).undo()                     # the round just started is taken back on a
    stale.undo()
    assert b.ui(TABLE).error == ("Round 2 was undone on another screen; nothing was undone. "
                                 "The table now shows round 2.")
    assert [len(s) for s in sales(store, mid)] == [2]


def test_a_change_to_a_sale_from_a_stale_tab_is_refused_and_kept(store, mid):
    a, b = tab(store), tab(store)
    play(a, mid, c("sun", 5), c("sun", 6))
    Table(a, mid).record_sale()
    t = Table(b, mid)
    plays = vm.plays_of(t.rec, 0, 0)
    t.put(lambda u: replace(u, mode="edit", at=(0, 0), edit_plays=tuple(plays), edit_base=t.rec))
    Table(b, mid).take_back()
    play(b, mid, c("sun", 1))
    play(a, mid, c("sun", 4), c("sun", 2))
    Table(a, mid).record_sale()              # a records sale 2 meanwhile
    Table(b, mid).save_edit()
    assert b.ui(TABLE).error == ("Round 1, sale 2 was already entered on another screen; your change to "
                                 "round 1, sale 1 was not saved. The table now shows round 2.")
    assert [p["card"]["value"] for p in b.ui(TABLE).edit_plays] == [5, 1]
    assert sales(store, mid)[0][0]["plays"][1]["card"]["value"] == 6


def test_cards_all_taken_back_are_no_entry_any_more(store, mid):
    a, b = tab(store), tab(store)
    play(b, mid, c("sun", 9))
    Table(b, mid).take_back()                # b begins and takes it all back
    play(a, mid, c("sun", 5), c("sun", 6))
    Table(a, mid).record_sale()
    play(b, mid, c("sun", 4), c("sun", 2))   # entered on the redrawn screen: sale 2
    Table(b, mid).record_sale()
    assert b.ui(TABLE).error is None and [len(s) for s in sales(store, mid)] == [2]
