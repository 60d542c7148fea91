"""The hub's view cache: a table's public part is read once per change and shared by its
seats; every write drops what was kept, and a seat's own part never reaches another seat."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings

from companion.core import registry
from companion.core.game import SEAT_PART
from companion.games.hotdog import forms, setup_form
from companion.net import BidRefused, Hub, RoundResult, UnknownSeat, UnknownTable
from companion.net.cache import seat_of
from companion.store import Store
from tests.every_game.test_every_game import SETTINGS, known, records
from tests.net.conftest import PLAYERS, seated
from tests.toy_game import GAME as TOY

DECKS = [["bun", "rat"], ["patty", "cheese"], ["tomato", "salad"]]   # 5 ingredients (BU-2)
FIRST = {   # one round (or sale) of each game, a bid per player in seating order
    "hotdog": [{"table": 5, "hotdogs": 2}, {"table": 7, "hotdogs": 1}, {"table": 5, "hotdogs": 1}],
    "burger": [{"tool": "tease"}, {"tool": "tongs"}, {"tool": "tongs"}],
    "sales": [{"card": {"suit": "sun", "value": 5}}, {"card": {"suit": "sun", "value": 2}},
              {"card": {"suit": "rain", "value": 1}}],
}


def new_record(game: str) -> dict:
    if game == "hotdog":
        return setup_form.new_record(PLAYERS, PLAYERS[0])
    record = {"game": game, "players": PLAYERS, "rounds": []}
    return {**record, "hand_size": 2} if game == "sales" else record


def played(hub, store, game: str) -> tuple[dict, str, dict[str, str]]:
    """A table of ``game`` whose first round (or sale) was played from the phones: the
    record, the table code and each seat's token."""
    code, tokens = seated(hub, store.create_match(game, PLAYERS, new_record(game)))
    if game == "burger":
        hub.set_info(code, {"decks": DECKS})
    for p, bid in zip(PLAYERS, FIRST[game], strict=True):
        hub.submit(tokens[p], bid)
    return store.matches()[0].current.record, code, tokens


@pytest.mark.parametrize("game", ["hotdog", "sales", "burger"])
def test_the_games_said_to_show_every_seat_the_same_resolution_do(hub, store, game):
    """Seats of a game whose seat says ``same_for_every_seat`` are shown the table's
    resolution: that is right only while the seat gives every seat exactly the table's
    view (and a game with own parts, burger, must not say so)."""
    record, _code, _tokens = played(hub, store, game)
    ad = seat_of(game)
    table = ad.resolution(record, None)
    assert table is not None
    assert all(ad.resolution(record, p) == table for p in PLAYERS) == ad.same_for_every_seat


SEAT_GAMES = sorted({*registry.games_with(SEAT_PART), TOY.name})


@pytest.mark.parametrize("name", SEAT_GAMES)
def test_every_seat_that_promises_the_same_resolution_keeps_it(name):
    """``Seat.same_for_every_seat``: on random legal records of every game with a seat
    part, ``resolution(record, p) == resolution(record, None)`` for every seat ``p``."""
    with known(name):
        seat = registry.part(name, SEAT_PART)
        if not seat.same_for_every_seat:
            return   # each seat's is worked out for that seat: nothing promised

        @settings(SETTINGS, max_examples=25)
        @given(records(name))
        def check(record):
            table = seat.resolution(record, None)
            for p in record["players"]:
                assert seat.resolution(record, p) == table, p

        check()


def test_each_burger_seat_gets_its_own_part_of_the_resolution_and_no_other(hub, store):
    record, _code, tokens = played(hub, store, "burger")
    ad = seat_of("burger")
    views = {p: hub.view(tokens[p]) for p in PLAYERS}
    for p in PLAYERS:
        assert views[p].resolution == ad.resolution(record, p)
        assert hub.view(tokens[p]) is views[p]          # drawn again: nothing worked out again
    assert views["Anna"].resolution != views["Chris"].resolution
    # the two views differ in their own parts only
    assert dataclasses.replace(views["Anna"], player="", resolution=None) == \
        dataclasses.replace(views["Chris"], player="", resolution=None)


def test_bids_are_written_unsynced_and_the_round_they_complete_synced(hub, store, monkeypatch):
    """Pending bids skip the sync to disk (every phone writes them); the transaction that
    records the round is synced, also when the hub did not see that bid coming as the
    last one (the unsynced try is rolled back and made again, synced)."""
    from companion.store import hosting as hosting_module

    levels: list[tuple[str, int]] = []
    write_game = hosting_module.write_game

    def recording(c, *args, **kwargs):
        levels.append(("round", c.execute("PRAGMA synchronous").fetchone()[0]))
        return write_game(c, *args, **kwargs)

    monkeypatch.setattr(hosting_module, "write_game", recording)
    mid = store.create_match("hotdog", PLAYERS, new_record("hotdog"))
    code, tokens = seated(hub, mid)
    real = store.transaction

    def watched(*, synced=True):
        levels.append(("transaction", 2 if synced else 1))
        return real(synced=synced)

    monkeypatch.setattr(store, "transaction", watched)
    hub.view(tokens["Anna"])
    hub.submit(tokens["Anna"], FIRST["hotdog"][0])
    hub.submit(tokens["Bernd"], FIRST["hotdog"][1])
    assert levels == [("transaction", 2), ("transaction", 1), ("transaction", 1)]
    levels.clear()
    hub.submit(tokens["Chris"], FIRST["hotdog"][2])        # seen coming: synced at once
    assert levels == [("transaction", 2), ("round", 2)]

    levels.clear()
    monkeypatch.setattr(hub, "_may_complete", lambda hint: False)   # not seen coming
    for p, bid in zip(PLAYERS, FIRST["hotdog"], strict=True):
        hub.submit(tokens[p], bid)
    assert levels[-3:] == [("transaction", 1), ("transaction", 2), ("round", 2)]
    assert len(store.match(mid).current.record["rounds"]) == 2
    assert hub.view(tokens["Anna"]).position == 2 and hub.host_view(code).bid_in == ()


# ---------------------------------------------------------------- what is kept, and when it goes

TIE = {
    "Anna": {"table": 5, "hotdogs": 2},
    "Bernd": {"table": 5, "hotdogs": 3, "dollars": 2},
    "Chris": {"table": 5, "hotdogs": 3, "dollars": 2},
}


@pytest.fixture
def table(hub, store):
    """A Hot Dog table with every seat taken: (match id, code, tokens)."""
    mid = store.create_match("hotdog", PLAYERS, new_record("hotdog"))
    code, tokens = seated(hub, mid)
    return mid, code, tokens


def statements(store) -> list[str]:
    """Every statement run on the store's connection from now on (the list grows)."""
    seen: list[str] = []
    store._conn.set_trace_callback(seen.append)
    return seen


def test_a_view_drawn_again_with_nothing_changed_reads_nothing(hub, store, table):
    mid, code, tokens = table
    hub.submit(tokens["Anna"], TIE["Anna"])
    first = {p: hub.view(tokens[p]) for p in PLAYERS}
    host = hub.host_view(code)
    seen = statements(store)
    assert {p: hub.view(tokens[p]) for p in PLAYERS} == first and hub.host_view(code) == host
    assert all(hub.view(tokens[p]) is first[p] for p in PLAYERS)
    assert seen == []


def test_a_change_is_read_once_for_every_seat_of_its_table(hub, store, table):
    _mid, code, tokens = table
    hub.view(tokens["Anna"])
    seen = statements(store)
    hub.submit(tokens["Bernd"], TIE["Bernd"])       # writes, then keeps what it wrote
    writes = len(seen)
    views = [hub.view(tokens[p]) for p in PLAYERS] + [hub.host_view(code)]
    assert len(seen) == writes and all(v.bid_in == ("Bernd",) for v in views)


def undo(store, mid):
    record = store.match(mid).current.record
    store.save_game(mid, 1, {**record, "rounds": record["rounds"][:-1]}, base=record)


CHANGES = {   # a write to the table or its record, and what every view must show after it
    "submit": (lambda hub, store, mid, code, tok: hub.submit(tok["Chris"], TIE["Chris"]),
               lambda v: v.bid_in == ("Anna", "Bernd", "Chris") and v.position == 0),
    "withdraw": (lambda hub, store, mid, code, tok: hub.withdraw(tok["Bernd"]),
                 lambda v: v.bid_in == ("Anna",)),
    "reveal": (lambda hub, store, mid, code, tok: (hub.submit(tok["Chris"], TIE["Chris"]), hub.reveal(code)),
               lambda v: v.position == 1 and v.bid_in == () and v.resolution["number"] == 1),
    "undo on the host screen": (
        lambda hub, store, mid, code, tok: (hub.submit(tok["Chris"], TIE["Chris"]), hub.reveal(code),
                                            hub.submit(tok["Anna"], TIE["Anna"]), undo(store, mid)),
        lambda v: v.position == 0 and v.bid_in == () and v.resolution is None),
    "round entered on the host screen": (
        lambda hub, store, mid, code, tok: store.save_game(mid, 1, forms.submit(
            store.match(mid).current.record, {p: forms.Draft.of(b) for p, b in TIE.items()}).record),
        lambda v: v.position == 1 and v.bid_in == () and v.resolution["number"] == 1),
    "free seat": (lambda hub, store, mid, code, tok: hub.free_seat(code, "Bernd"),
                  lambda v: v.bid_in == ("Anna",) and not v.seats[1].taken),
    "leave": (lambda hub, store, mid, code, tok: hub.leave(tok["Bernd"]),
              lambda v: v.bid_in == ("Anna",) and not v.seats[1].taken),
    "set info": (lambda hub, store, mid, code, tok: hub.set_info(code, {"note": "x"}),
                 lambda v: v.info == {"note": "x"}),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_every_write_drops_what_was_kept(hub, store, table, change):
    mid, code, tokens = table
    hub = type(hub)(store, limiter=hub.limiter, auto_reveal=False)   # reveals only when told
    hub.submit(tokens["Anna"], TIE["Anna"])
    hub.submit(tokens["Bernd"], TIE["Bernd"])
    before = [hub.view(tokens[p]) for p in PLAYERS] + [hub.host_view(code)]   # kept
    assert all(v.bid_in == ("Anna", "Bernd") for v in before)
    write, shown = CHANGES[change]
    revision = hub._revs[mid]
    write(hub, store, mid, code, tokens)
    # a view that read the store before this write can no longer keep what it read
    assert hub._revs[mid] > revision
    seats = [p for p in PLAYERS if not (change in ("free seat", "leave") and p == "Bernd")]
    for view in [hub.view(tokens[p]) for p in seats] + [hub.host_view(code)]:
        assert shown(view), (change, view)


def test_closing_the_table_drops_what_was_kept(hub, store, table):
    mid, code, tokens = table
    hub.submit(tokens["Anna"], TIE["Anna"])
    hub.view(tokens["Bernd"])
    hub.close(code)
    for p in PLAYERS:
        with pytest.raises(UnknownSeat):
            hub.view(tokens[p])
    with pytest.raises(UnknownTable):
        hub.host_view(code)
    again = hub.host(mid)
    assert again.code != code and hub.host_view(again.code).bid_in == ()


def test_two_seats_views_differ_in_their_own_bid_only(hub, store, table):
    _mid, code, tokens = table
    hub.submit(tokens["Anna"], TIE["Anna"])
    hub.submit(tokens["Bernd"], TIE["Bernd"])
    anna, bernd, chris = (hub.view(tokens[p]) for p in PLAYERS)
    assert anna.my_bid["hotdogs"] == 2 and bernd.my_bid["dollars"] == 2 and chris.my_bid is None

    def public(v):
        return dataclasses.replace(v, player="", my_bid=None, my_turn=False)

    assert public(anna) == public(bernd) == public(chris)
    assert chris.my_turn and not anna.my_turn
    # the part kept for the whole table holds who has bid, never what
    pub = hub._public[_mid]
    assert "hotdogs" not in repr(dataclasses.replace(pub, rec=None))


def test_a_bid_judged_on_a_record_that_changed_since_is_judged_again(hub, store, table):
    """The hub judges a bid before taking the store, on the record it last saw. The host
    entered round 1 in the meantime (Anna now has $5): her bid of $4 is taken."""
    mid, _code, tokens = table
    hub.view(tokens["Anna"])                                         # kept: round 1 to play, $3 each
    store.save_game(mid, 1, forms.submit(store.match(mid).current.record,
                                      {p: forms.Draft.of(b) for p, b in TIE.items()}).record)
    view = hub.submit(tokens["Anna"], {"table": 7, "hotdogs": 4, "dollars": 4})
    assert view.position == 1 and view.my_bid["dollars"] == 4
    with pytest.raises(BidRefused, match="HD-6"):                    # and Chris has only $3
        hub.submit(tokens["Chris"], {"table": 7, "hotdogs": 4, "dollars": 4})


def test_a_change_written_by_another_process_is_seen_once_the_kept_part_is_old(db, store, table,
                                                                             monkeypatch):
    from companion.net import cache
    from companion.net import hub as hub_module

    mid, code, tokens = table
    here = hub_module.Hub(store)
    kept = here.view(tokens["Anna"])
    other = Store(db)                           # another companion on the same data folder
    try:
        hub_module.Hub(other).submit(tokens["Bernd"], TIE["Bernd"])
        assert here.view(tokens["Anna"]) is kept                     # not heard of yet
        monkeypatch.setattr(cache, "FRESH_FOR", 0.0)
        assert here.view(tokens["Anna"]).bid_in == ("Bernd",)
    finally:
        other.close()


def test_phones_racing_to_play_a_sale_play_in_turn(hub, store):
    """Sales cards go down in turn (SA-3), so a play judged before taking the store on the
    plays the cache knew must be judged again when another card went down meanwhile."""
    import threading
    import time

    code, tokens = seated(hub, store.create_match("sales", PLAYERS, new_record("sales")))
    start = threading.Barrier(len(PLAYERS), timeout=20)
    refused: list[str] = []

    def phone(i: int) -> None:
        p = PLAYERS[i]
        start.wait()
        while True:
            try:
                hub.submit(tokens[p], FIRST["sales"][i])
                return
            except BidRefused as exc:
                refused.append(str(exc))
                time.sleep(0.001)

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(len(PLAYERS))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    sale = store.matches()[0].current.record["rounds"][0]["sales"][0]
    assert [p["player"] for p in sale["plays"]] == PLAYERS
    assert all(r.startswith("SA-3: plays out of turn") for r in refused)
    assert hub.view(tokens["Bernd"]).resolution["winner"] == "Bernd"


def test_a_play_judged_on_plays_that_changed_since_is_judged_again(hub, store, monkeypatch):
    """The hub judged Bernd's card on the plays it knew (none: not his turn); Anna's card
    went down before his transaction: judged again there, it is his turn and it is taken."""
    code, tokens = seated(hub, store.create_match("sales", PLAYERS, new_record("sales")))
    hub.view(tokens["Bernd"])
    stale = hub._hint(tokens["Bernd"])
    assert stale is not None and stale.pending == {}
    hub.submit(tokens["Anna"], FIRST["sales"][0])
    monkeypatch.setattr(hub, "_hint", lambda token: stale if token == tokens["Bernd"] else None)
    view = hub.submit(tokens["Bernd"], FIRST["sales"][1])
    assert [p for p, _ in view.plays] == ["Anna", "Bernd"]


def test_a_round_result_has_one_shape_for_the_reveal_the_host_and_each_seat(hub, store):
    """The reveal, the host view and each seat's view are made from one RoundResult: the
    table's view of the round for the reveal and the host, each seat's own for its seat."""
    record, code, tokens = played(hub, store, "burger")
    ad = seat_of("burger")
    host = hub.host_view(code).result
    assert host == RoundResult(1, ad.position(record), ad.resolution(record, None), ad.over(record))
    for p in PLAYERS:
        mine = hub.view(tokens[p]).result
        assert mine == dataclasses.replace(host, resolution=ad.resolution(record, p))
        assert mine.resolution != host.resolution                    # its own part, the host none


def test_a_reveal_gives_the_tables_result(store, limiter):
    hub = Hub(store, limiter=limiter, auto_reveal=False)
    code, tokens = seated(hub, store.create_match("hotdog", PLAYERS, new_record("hotdog")))
    for p in PLAYERS:
        hub.submit(tokens[p], TIE[p])
    revealed = hub.reveal(code)
    assert revealed.code == code and revealed.result == hub.host_view(code).result
    assert (revealed.game_number, revealed.position) == (1, 1) and revealed.resolution["number"] == 1
    assert all(hub.view(tokens[p]).result == revealed.result for p in PLAYERS)  # the same for every seat
