"""The table session every game's table screen is drawn from (companion.ui.table),
without a browser: a draft is stamped with the record it was begun on, a change from
an old record is refused and leaves the drafts, this screen's own save keeps its other
drafts in step, the next game is started once, and a match's own settings are kept.
The passing state is kept in the store as it changes: a restart or a new tab finds it,
stamps and all; a store that cannot write does not stop entering."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.edits import Change, round_place
from companion.core.game import screen_only
from companion.store import Store, db
from companion.store.drafts import keep, kept
from companion.ui.table import TableSession, open_match
from tests.tabs import tab

PLAYERS = ["Anna", "Bernd", "Chris"]


@dataclass(frozen=True)
class Toy:
    note: str = ""


def record(rounds: int) -> dict:
    return {"game": "toy", "players": PLAYERS, "rounds": [{"n": i} for i in range(rounds)]}


def over(r) -> bool:
    return len(r["rounds"]) >= 3


def session(shell, mid, fresh: type = Toy) -> TableSession:
    """The toy game's table on ``shell``, its passing state a ``fresh()`` to begin with."""
    return TableSession(shell, mid, key="toy-table", fresh=lambda m: fresh(),
                        place=lambda r: round_place(r, over(r)), over=over)


def test_a_draft_begun_before_another_screen_saved_is_refused_and_kept(store):
    a, b = tab(store), tab(store)
    mid = store.create_match("toy", PLAYERS, record(0))
    session(b, mid).put_draft("round", lambda u: Toy("b's round 1"))
    ta = session(a, mid)
    assert ta.save(record(1), ta.base("round"), "your entry was not saved") is None
    tb = session(b, mid)                       # b redraws: round 2 shown, its draft was for round 1
    assert tb.base("round") == record(0)
    refused = tb.save(record(2), tb.base("round"), "your entry was not saved")
    assert refused is not None and refused.line == (
        "Round 1 was already entered on another screen; your entry was not saved. The table now shows round 2.")
    assert store.match(mid).current.record == record(1)
    tb = session(b, mid)
    assert tb.ui == Toy("b's round 1")         # the draft stays to be checked, now in step
    assert tb.base("round") == record(1)


def test_this_screens_own_save_keeps_its_other_draft_in_step(store):
    a = tab(store)
    mid = store.create_match("toy", PLAYERS, record(0))
    t = session(a, mid)
    t.put_draft("edit", lambda u: Toy("changing round 1"))
    t.put_draft("round", lambda u: Toy("round 1"))
    assert t.save(record(1), t.base("round"), "not saved") is None
    t = session(a, mid)
    assert t.base("edit") == record(1)         # begun on the record this screen replaced: goes on
    t.forget("round")
    assert t.base("round") == record(1)


def test_this_screens_own_save_is_drawn_by_it_the_store_tells_the_others(store):
    """The table's save is made as drawn by its own session (companion.ui.records.SAVER):
    the store's news of it then goes to the other sessions only (companion.ui.host)."""
    from companion.ui.records import SAVER

    a = tab(store)
    a.page = page = object()                    # the session's page: only named here, never touched
    mid = store.create_match("toy", PLAYERS, record(0))
    heard: list = []
    store.on_change(lambda match_id: heard.append((match_id, SAVER.get())))
    ta = session(a, mid)
    assert ta.save(record(1), ta.base("round"), "your entry was not saved") is None
    assert heard == [(mid, page)]
    assert SAVER.get() is None                  # only while it saves
    store.save_game(mid, 1, record(2), base=record(1))        # saved by no table: nobody in particular
    assert heard[-1] == (mid, None)


def test_passing_state_belongs_to_one_game_of_one_match(store):
    a = tab(store)
    one = store.create_match("toy", PLAYERS, record(0))
    two = store.create_match("toy", PLAYERS, record(0))
    session(a, one).put(lambda u: Toy("one"))
    assert session(a, two).ui == Toy() and session(a, one).latest() == Toy("one")
    t = session(a, one)
    assert t.start_next_game(record(0)) is None
    assert t.start_next_game(record(0)) is None      # a second tap: already started, nothing added
    assert len(store.match(one).games) == 2
    assert session(a, one).ui == Toy()               # game 2 starts with fresh passing state
    assert a.state.route.screen == "match"


def test_a_matchs_own_settings_come_with_it(store):
    a = tab(store)
    assert open_match(a, "toy", PLAYERS, record(0), {"deck": "/decks/mine.json"}) is None
    mid = a.state.route.args["match"]
    t = session(a, mid)
    assert t.match.settings == {"deck": "/decks/mine.json"} and t.match.players == tuple(PLAYERS)
    t.set_setting("deck", None)
    assert session(a, mid).match.settings == {}


def test_finishing_the_last_game_finishes_the_match(store):
    a = tab(store)
    mid = store.import_match("toy", PLAYERS, [record(3), record(3), record(2)], finished=False)
    t = session(a, mid)
    assert t.number == 3 and t.save(record(3), t.record, "not saved") is None
    assert store.match(mid).finished


@dataclass(frozen=True)
class Entry:
    """A passing state with a refusal shown next to the entry (every game's has one)."""

    note: str = ""
    error: str | None = None
    asked: bool = False


def test_a_committed_change_is_saved_or_its_refusal_shown_at_the_entry(store):
    """``commit``: a change the rules refuse, or one the store refuses (another screen
    saved first), shows why in the passing state's ``error``, tidied by ``refused``,
    the draft kept; a change saved forgets the draft and moves the passing state on."""
    a, b = tab(store), tab(store)
    mid = store.create_match("toy", PLAYERS, record(0))
    session(a, mid, Entry).put_draft("round", lambda u: replace(u, note="round 1", asked=True))
    t = session(a, mid, Entry)
    ruled = t.commit(Change(record(0), "TOY-2: refused"), t.base("round"), "not saved", draft="round",
                     then=lambda u: Entry("entered"), refused=lambda u: replace(u, asked=False))
    assert ruled is False and session(a, mid, Entry).ui == Entry("round 1", "TOY-2: refused")
    assert session(b, mid).save(record(1), record(0), "not saved") is None       # another screen saves first
    t = session(a, mid, Entry)
    assert t.commit(Change(record(1)), t.base("round"), "your entry was not saved", draft="round",
                    then=lambda u: Entry("entered"), refused=lambda u: replace(u, asked=True)) is False
    assert session(a, mid, Entry).ui == Entry("round 1", "Round 1 was already entered on another screen; "
                                              "your entry was not saved. The table now shows round 2.", True)
    assert store.match(mid).current.record == record(1)
    t = session(a, mid, Entry)
    t.put_draft("round", lambda u: replace(u, error=None))
    assert t.commit(Change(record(2)), t.base("round"), "not saved", draft="round",
                    then=lambda u: Entry("entered")) is True
    assert store.match(mid).current.record == record(2) and session(a, mid, Entry).ui == Entry("entered")
    held = kept(store, mid, "toy-table", 1)
    assert held is not None and held.stamps == {}                                # no draft any more


# ------------------------------------------------------------------ drafts kept across a restart

@dataclass(frozen=True)
class Hidden:
    """A passing state with a draft in it: bids by player, each hidden or not."""

    bids: dict[str, int] = field(default_factory=dict)
    hidden: frozenset[str] = frozenset()
    step: int = 0


def hidden_session(shell, mid) -> TableSession:
    return session(shell, mid, Hidden)


def restarted(store: Store) -> Store:
    """The same data folder opened again, as after the server was killed and restarted."""
    return Store(store.path)


def test_drafts_come_back_after_a_restart_as_they_were_hidden_ones_hidden(store):
    a = tab(store)
    mid = store.create_match("toy", PLAYERS, record(0))
    t = hidden_session(a, mid)
    t.put_draft("round", lambda u: replace(u, bids={**u.bids, "Anna": 3}, hidden=u.hidden | {"Anna"}))
    hidden_session(a, mid).put_draft("round", lambda u: replace(u, bids={**u.bids, "Bernd": 1}))
    again = restarted(store)
    try:
        b = tab(again)                               # the tab reconnecting: a new browser session
        t = hidden_session(b, mid)
        assert t.ui == Hidden({"Anna": 3, "Bernd": 1}, frozenset({"Anna"}))
        assert t.base("round") == record(0)          # still stamped with the record it was begun on
        assert t.save(record(1), t.base("round"), "your entry was not saved") is None
    finally:
        again.close()


def test_a_draft_kept_from_an_older_record_is_still_refused_after_a_restart(store):
    a = tab(store)
    mid = store.create_match("toy", PLAYERS, record(0))
    hidden_session(a, mid).put_draft("round", lambda u: replace(u, bids={"Anna": 2}))
    store.save_game(mid, 1, record(1))               # another screen entered round 1 meanwhile
    again = restarted(store)
    try:
        t = hidden_session(tab(again), mid)
        assert t.ui.bids == {"Anna": 2} and t.base("round") == record(0)
        refused = t.save(record(2), t.base("round"), "your entry was not saved")
        assert refused is not None and refused.line.startswith("Round 1 was already entered on another screen")
        assert again.match(mid).current.record == record(1)
        assert hidden_session(tab(again), mid).ui.bids == {"Anna": 2}   # the entry stays to be checked
    finally:
        again.close()


def test_a_second_tab_starts_from_the_kept_drafts_and_each_tab_keeps_its_own(store):
    a, b = tab(store), tab(store)
    mid = store.create_match("toy", PLAYERS, record(0))
    hidden_session(a, mid).put_draft("round", lambda u: replace(u, bids={"Anna": 3}, hidden=frozenset({"Anna"})))
    tb = hidden_session(b, mid)
    assert tb.ui == Hidden({"Anna": 3}, frozenset({"Anna"}))     # b had nothing: it shows what was kept
    tb.put_draft("round", lambda u: replace(u, bids={**u.bids, "Bernd": 2}))
    hidden_session(a, mid).put_draft("round", lambda u: replace(u, bids={**u.bids, "Chris": 1}))
    # each tab shows its own entry: neither overwrote the other's screen
    assert hidden_session(a, mid).ui.bids == {"Anna": 3, "Chris": 1}
    assert hidden_session(b, mid).ui.bids == {"Anna": 3, "Bernd": 2}
    # the store keeps the latest state written: a's
    assert hidden_session(tab(store), mid).ui.bids == {"Anna": 3, "Chris": 1}


def test_a_tab_already_open_never_takes_up_what_another_tab_enters(store):
    a, b = tab(store), tab(store)
    mid = store.create_match("toy", PLAYERS, record(0))
    assert hidden_session(b, mid).ui == Hidden()                 # b's screen is drawn first
    hidden_session(a, mid).put_draft("round", lambda u: replace(u, bids={"Anna": 3}, hidden=frozenset({"Anna"})))
    assert hidden_session(b, mid).ui == Hidden()                 # b redraws: still its own screen
    hidden_session(b, mid).put_draft("round", lambda u: replace(u, bids={"Bernd": 2}))
    assert hidden_session(b, mid).ui.bids == {"Bernd": 2}
    assert hidden_session(a, mid).ui.bids == {"Anna": 3}


def test_drafts_entered_are_no_longer_kept_and_the_next_game_starts_fresh(store):
    a = tab(store)
    mid = store.create_match("toy", PLAYERS, record(0))
    t = hidden_session(a, mid)
    t.put_draft("round", lambda u: replace(u, bids={"Anna": 3}))
    t = hidden_session(a, mid)
    assert t.save(record(1), t.base("round"), "not saved") is None
    t.forget("round")
    t.put(lambda u: Hidden())                       # entered: the entry is empty again
    assert kept(store, mid, "toy-table", 1) is None
    assert hidden_session(tab(store), mid).ui == Hidden()
    hidden_session(a, mid).put(lambda u: replace(u, step=2))      # the reveal's step is kept
    assert hidden_session(tab(store), mid).ui == Hidden(step=2)
    assert hidden_session(a, mid).start_next_game(record(0)) is None
    assert hidden_session(tab(store), mid).ui == Hidden()         # game 2: nothing kept for it


def test_a_kept_state_that_no_longer_reads_is_set_aside_for_a_fresh_one(store):
    a = tab(store)
    mid = store.create_match("toy", PLAYERS, record(0))
    keep(store, mid, "toy-table", 1, '{"bids": "not bids"}', {})
    assert hidden_session(a, mid).ui == Hidden()
    hidden_session(a, mid).put(lambda u: replace(u, bids={"Anna": 1}))
    assert hidden_session(tab(store), mid).ui.bids == {"Anna": 1}


def test_a_store_kept_busy_does_not_stop_entering_and_says_so(store):
    a = tab(store)
    mid = store.create_match("toy", PLAYERS, record(0))
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")                 # another program writing, and not finishing
    try:
        hidden_session(a, mid).put_draft("round", lambda u: replace(u, bids={"Anna": 3}))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert hidden_session(a, mid).ui.bids == {"Anna": 3}          # entered all the same
    assert a.state.flash is not None and a.state.flash.startswith(
        "What you entered is on this screen but could not be kept in case companion stops "
        "(another program kept the saved data busy for 0.5 seconds")
    hidden_session(a, mid).put_draft("round", lambda u: replace(u, bids={**u.bids, "Bernd": 1}))
    assert a.state.flash is None                     # kept again with the next change
    assert hidden_session(tab(store), mid).ui.bids == {"Anna": 3, "Bernd": 1}


def test_a_read_only_store_shows_the_kept_drafts_and_entering_goes_on_on_screen(tmp_path, monkeypatch):
    path = tmp_path / "companion.sqlite3"
    s = Store(path)
    mid = s.create_match("toy", PLAYERS, record(0))
    hidden_session(tab(s), mid).put_draft("round", lambda u: replace(u, bids={"Anna": 3}))
    s.close()
    real = db.os.access
    monkeypatch.setattr(db.os, "access", lambda p, mode, *args, **kw: (
        False if mode & os.W_OK and os.fspath(p) == os.fspath(tmp_path) else real(p, mode, *args, **kw)))
    ro = Store(path)
    try:
        assert ro.read_only
        a = tab(ro)
        assert hidden_session(a, mid).ui.bids == {"Anna": 3}
        hidden_session(a, mid).put_draft("round", lambda u: replace(u, bids={**u.bids, "Bernd": 1}))
        assert hidden_session(a, mid).ui.bids == {"Anna": 3, "Bernd": 1}
        assert a.state.flash is None and a.cannot_save()   # the banner says it once for all
    finally:
        ro.close()


@dataclass(frozen=True)
class Loose:
    held: Any = None


def test_a_state_that_is_not_plain_data_is_entered_all_the_same(store):
    a = tab(store)
    mid = store.create_match("toy", PLAYERS, record(0))
    t = session(a, mid, Loose)
    marker = object()
    t.put(lambda u: Loose(marker))                   # no JSON for it: not kept, never a crash
    assert a.ui("toy-table").ui == Loose(marker) and kept(store, mid, "toy-table", 1) is None


@dataclass(frozen=True)
class Peeking:
    """A passing state with a secret looked at on screen: a player's own peek."""

    bids: dict[str, int] = field(default_factory=dict)
    peek: str | None = screen_only()
    hands: tuple[Hand, ...] = ()


@dataclass(frozen=True)
class Hand:
    card: str
    shown: bool = screen_only(False)


def test_what_a_player_looks_at_in_secret_is_never_kept_for_a_later_tab(store):
    """A player's own peek, or a card face up while they hold the phone, lives on that
    screen only: a tab opened later (or the screen after a restart) shows it closed."""
    a = tab(store)
    mid = store.create_match("toy", PLAYERS, record(0))

    def peeking(shell):
        return session(shell, mid, Peeking)

    peeking(a).put_draft("round", lambda u: Peeking({"Anna": 3}, peek="Anna", hands=(Hand("Tongs", shown=True),)))
    assert peeking(a).ui.peek == "Anna"                          # this screen still shows it
    later = peeking(tab(store))
    assert later.ui == Peeking({"Anna": 3}, peek=None, hands=(Hand("Tongs", shown=False),))
