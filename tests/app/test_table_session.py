"""The table session every game's table screen is drawn from (companion.ui.table),
without a browser: a draft is stamped with the record it was begun on, a change from
an old record is refused and leaves the drafts, this screen's own save keeps its other
drafts in step, the next game is started once, and a match's own settings are kept."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.edits import round_place
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


def session(shell, mid) -> TableSession[Toy]:
    return TableSession(shell, mid, key="toy-table", fresh=lambda m: Toy(),
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
