"""The hub's view cache: a table's public part is read once per change and shared by its
seats; every write drops what was kept, and a seat's own part never reaches another seat."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.hotdog import viewmodel as vm
from companion.net.games import adapter
from companion.net.hub import SAME_FOR_EVERY_SEAT
from tests.net.conftest import PLAYERS, seated

DECKS = [["bun", "rat"], ["patty", "cheese"], ["tomato", "salad"]]   # 5 ingredients (BU-2)
FIRST = {   # one round (or sale) of each game, a bid per player in seating order
    "hotdog": [{"table": 5, "hotdogs": 2}, {"table": 7, "hotdogs": 1}, {"table": 5, "hotdogs": 1}],
    "burger": [{"tool": "tease"}, {"tool": "tongs"}, {"tool": "tongs"}],
    "sales": [{"card": {"suit": "sun", "value": 5}}, {"card": {"suit": "sun", "value": 2}},
              {"card": {"suit": "rain", "value": 1}}],
}


def new_record(game: str) -> dict:
    if game == "hotdog":
        return vm.new_record(PLAYERS, PLAYERS[0])
    record = {"game": game, "players": PLAYERS, "rounds": []}
    return {**record, "hand_size": 2} if game == "sales" else record


def played(hub, store, game: str) -> tuple[dict, str, dict[str, str]]:
    """A table of ``game`` whose first round (or sale) was played from the phones: the
    record, the table code and each seat's token."""
    code, tokens = seated(hub, store.create_match(game, PLAYERS, new_record(game)))
    if game == "burger":
        hub.set_info(code, {"decks": DECKS})
    for p, bid in zip(PLAYERS, FIRST[game]):
        hub.submit(tokens[p], bid)
    return store.matches()[0].current.record, code, tokens


@pytest.mark.parametrize("game", ["hotdog", "sales", "burger"])
def test_the_games_said_to_show_every_seat_the_same_resolution_do(hub, store, game):
    """Seats of a game in SAME_FOR_EVERY_SEAT are shown the table's resolution: that is
    right only while the adapter gives every seat exactly the table's view."""
    record, _code, _tokens = played(hub, store, game)
    ad = adapter(game)
    table = ad.resolution(record, None)
    assert table is not None
    assert all(ad.resolution(record, p) == table for p in PLAYERS) == (game in SAME_FOR_EVERY_SEAT)


def test_each_burger_seat_gets_its_own_part_of_the_resolution_and_no_other(hub, store):
    record, _code, tokens = played(hub, store, "burger")
    ad = adapter("burger")
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
    from companion.net import hub as hub_module

    levels: list[tuple[str, int]] = []
    write_game = hub_module.write_game

    def recording(c, *args, **kwargs):
        levels.append(("round", c.execute("PRAGMA synchronous").fetchone()[0]))
        return write_game(c, *args, **kwargs)

    monkeypatch.setattr(hub_module, "write_game", recording)
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
    for p, bid in zip(PLAYERS, FIRST["hotdog"]):
        hub.submit(tokens[p], bid)
    assert levels[-3:] == [("transaction", 1), ("transaction", 2), ("round", 2)]
    assert len(store.match(mid).current.record["rounds"]) == 2
    assert hub.view(tokens["Anna"]).position == 2 and hub.host_view(code).bid_in == ()
