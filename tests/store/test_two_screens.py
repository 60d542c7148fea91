"""Two screens on one match: a change names the record it was made from, and the store
saves it only if that is still the stored record (compare-and-set in the write's own
transaction). Listeners hear every saved change, never a refused one."""

from __future__ import annotations

import threading

import pytest

from companion.games.hotdog import forms, setup_form
from companion.store import Store
from companion.store.writes import RecordMoved

PLAYERS = ["Anna", "Bernd", "Chris"]
TIE = {"Anna": forms.Draft(table=5, hotdogs=2), "Bernd": forms.Draft(table=5, hotdogs=3, dollars=2),
       "Chris": forms.Draft(table=5, hotdogs=3, dollars=2)}
SEVENS = {p: forms.Draft(table=7, hotdogs=1) for p in PLAYERS}


def new_match(store: Store) -> tuple[int, dict]:
    record = setup_form.new_record(PLAYERS, "Anna")
    return store.create_match("hotdog", PLAYERS, record), record


def test_two_screens_entering_the_same_round_save_it_once(store):
    mid, drawn = new_match(store)                 # both screens show round 1
    first = forms.submit(drawn, TIE).record
    second = forms.submit(drawn, SEVENS).record
    store.save_game(mid, 1, first, base=drawn)
    with pytest.raises(RecordMoved) as refused:
        store.save_game(mid, 1, second, base=drawn)
    assert refused.value.number == 1 and refused.value.record == first   # what is stored now
    stored = store.match(mid).current.record
    assert stored == first and len(stored["rounds"]) == 1


def test_an_undo_or_an_edit_made_from_an_old_record_is_refused(store):
    mid, start = new_match(store)
    one = forms.submit(start, TIE).record
    store.save_game(mid, 1, one, base=start)
    two = forms.submit(one, SEVENS).record
    store.save_game(mid, 1, two, base=one)       # another screen entered round 2
    with pytest.raises(RecordMoved):             # this screen still shows one round: its undo
        store.save_game(mid, 1, forms.undo(one).record, base=one)
    with pytest.raises(RecordMoved):             # … and its change of round 1
        store.save_game(mid, 1, forms.edit(one, 0, SEVENS).record, base=one)
    assert store.match(mid).current.record == two


def test_the_same_round_count_with_other_rounds_is_still_refused(store):
    """Undone and entered again elsewhere: as many rounds as this screen drew, not the same ones."""
    mid, start = new_match(store)
    one = forms.submit(start, TIE).record
    store.save_game(mid, 1, one, base=start)
    again = forms.submit(start, SEVENS).record
    store.save_game(mid, 1, start, base=one)
    store.save_game(mid, 1, again, base=start)
    with pytest.raises(RecordMoved):
        store.save_game(mid, 1, forms.submit(one, SEVENS).record, base=one)
    assert store.match(mid).current.record == again


def test_racing_submits_from_many_threads_save_one_round(store):
    mid, drawn = new_match(store)
    records = [forms.submit(drawn, {p: forms.Draft(table=5, hotdogs=1, dollars=0) if p != "Anna" else
                                 forms.Draft(table=7, hotdogs=1 + i % 3) for p in PLAYERS}).record
               for i in range(8)]
    gate = threading.Barrier(len(records))
    saved: list[int] = []
    refused: list[int] = []

    def submit(i: int) -> None:
        gate.wait()
        try:
            store.save_game(mid, 1, records[i], base=drawn)
        except RecordMoved:
            refused.append(i)
        else:
            saved.append(i)

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(len(records))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(saved) == 1 and len(refused) == len(records) - 1
    assert store.match(mid).current.record == records[saved[0]]


def test_a_change_to_a_game_no_longer_in_play_is_refused(store):
    mid, start = new_match(store)
    store.add_game(mid, setup_form.new_record(PLAYERS, "Bernd"))     # another screen started game 2
    with pytest.raises(RecordMoved) as refused:
        store.save_game(mid, 1, forms.submit(start, TIE).record, base=start)
    assert refused.value.number == 2
    assert store.match(mid).games[0].record == start


def test_the_next_game_is_started_once(store):
    mid, _ = new_match(store)
    assert store.add_game(mid, setup_form.new_record(PLAYERS, "Bernd"), after=1) == 2
    with pytest.raises(RecordMoved) as refused:
        store.add_game(mid, setup_form.new_record(PLAYERS, "Bernd"), after=1)
    assert refused.value.number == 2
    assert [g.number for g in store.match(mid).games] == [1, 2]


def test_listeners_hear_every_saved_change_and_no_refused_one(store):
    heard: list[int] = []
    off = store.on_change(heard.append)
    mid, start = new_match(store)
    one = forms.submit(start, TIE).record
    store.save_game(mid, 1, one, base=start)
    with pytest.raises(RecordMoved):
        store.save_game(mid, 1, one, base=start)
    store.set_finished(mid)
    store.add_game(mid, setup_form.new_record(PLAYERS, "Bernd"))
    assert heard == [mid, mid, mid, mid]          # created, saved, finished, next game
    off()
    store.delete_match(mid)
    assert heard == [mid] * 4


def test_a_broken_listener_does_not_stop_a_save(store):
    def broken(match_id: int) -> None:
        raise RuntimeError("a closed session")

    store.on_change(broken)
    mid, start = new_match(store)
    one = forms.submit(start, TIE).record
    store.save_game(mid, 1, one, base=start)
    assert store.match(mid).current.record == one
