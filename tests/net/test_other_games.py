"""Burger tool cards chosen in secret, and sales cards played in turn, from phones."""

from __future__ import annotations

import pytest

from companion.net import BidRefused, RevealRefused
from tests.net.conftest import PLAYERS, seated

DECKS = [["bun", "rat"], ["patty", "cheese"], ["tomato", "salad"]]   # 5 ingredients (BU-2)


@pytest.fixture
def burger(store):
    return store.create_match("burger", PLAYERS, {"game": "burger", "players": PLAYERS, "rounds": []})


@pytest.fixture
def sales(store):
    record = {"game": "sales", "players": PLAYERS, "hand_size": 2, "rounds": []}
    return store.create_match("sales", PLAYERS, record)


def test_burger_tools_are_secret_until_the_host_reveals_with_the_decks(hub, store, burger):
    code, tokens = seated(hub, burger)
    with pytest.raises(BidRefused, match="BU-3"):
        hub.submit(tokens["Anna"], {"tool": "spoon"})
    hub.submit(tokens["Anna"], {"tool": "tongs"})
    hub.submit(tokens["Bernd"], {"tool": "tease"})
    assert "tease" not in repr(hub.view(tokens["Anna"]))
    chris = repr(hub.view(tokens["Chris"]))
    assert "tongs" not in chris and "tease" not in chris
    hub.submit(tokens["Chris"], {"tool": "tongs"})
    # every tool is in, but the decks were not entered: nothing is recorded yet
    assert hub.host_view(code).all_in and store.match(burger).current.record["rounds"] == []
    with pytest.raises(RevealRefused, match="BU-2"):
        hub.reveal(code)
    hub.set_info(code, {"decks": DECKS})
    hub.reveal(code)
    rnd = store.match(burger).current.record["rounds"][0]
    assert rnd["tools"] == {"Anna": "tongs", "Bernd": "tease", "Chris": "tongs"}
    anna, chris = hub.view(tokens["Anna"]).resolution, hub.view(tokens["Chris"]).resolution
    assert anna["take_order"] == chris["take_order"] == ["Chris", "Anna", "Chris"]
    # rat tokens and tool cards in hand are secret (BU-5): each seat sees its own only
    assert anna["rats"] == {} and chris["rats"] == {"Chris": 1}
    assert set(anna["tools_left"]) == {"Anna"} and anna["found"] == {}
    assert chris["found"]["Chris"]
    table = hub.host_view(code).resolution
    assert table["rats"] == table["tools_left"] == table["found"] == table["returned"] == {}
    # Bernd played his one tease card: the rules refuse another
    with pytest.raises(BidRefused, match="BU-3: plays tease but holds no tease card"):
        hub.submit(tokens["Bernd"], {"tool": "tease"})


def test_burger_reveals_itself_when_the_decks_were_entered_first(hub, store, burger):
    code, tokens = seated(hub, burger)
    hub.set_info(code, {"decks": DECKS})
    for p, tool in zip(PLAYERS, ("tease", "tongs", "tongs"), strict=True):
        hub.submit(tokens[p], {"tool": tool})
    assert len(store.match(burger).current.record["rounds"]) == 1
    assert hub.host_view(code).info == {}   # the next round's decks are new


def test_sales_cards_are_played_in_turn_and_face_up(hub, store, sales):
    _code, tokens = seated(hub, sales)
    with pytest.raises(BidRefused, match="SA-3: plays out of turn: Anna plays next"):
        hub.submit(tokens["Bernd"], {"card": {"suit": "sun", "value": 3}})
    assert hub.view(tokens["Anna"]).my_turn and not hub.view(tokens["Bernd"]).my_turn
    hub.submit(tokens["Anna"], {"card": {"suit": "sun", "value": 5}})
    hub.submit(tokens["Anna"], {"card": {"suit": "sun", "value": 4}})   # still hers to change
    bernd = hub.view(tokens["Bernd"])
    assert bernd.my_turn and bernd.plays == (("Anna", {"card": {"suit": "sun", "value": 4}}),)
    hub.submit(tokens["Bernd"], {"card": {"suit": "sun", "value": 2}})
    with pytest.raises(BidRefused, match="SA-3: Bernd has played after you"):
        hub.submit(tokens["Anna"], {"card": {"suit": "sun", "value": 1}})
    with pytest.raises(BidRefused, match="SA-1"):
        hub.submit(tokens["Chris"], {"card": {"suit": "Sun", "value": 1}})
    hub.submit(tokens["Chris"], {"card": {"suit": "rain", "value": 1}})
    sale = store.match(sales).current.record["rounds"][0]["sales"][0]
    assert [p["player"] for p in sale["plays"]] == PLAYERS
    views = [hub.view(tokens[p]) for p in PLAYERS]
    assert all(v.resolution == views[0].resolution for v in views)
    assert views[0].resolution["winner"] == "Bernd" and views[0].plays == ()
    assert hub.view(tokens["Bernd"]).my_turn   # the winner leads the next sale (SA-6)


def test_a_card_played_stays_when_its_seat_is_left_or_freed(hub, store, sales):
    """A card played face up lies on the table: its player leaving the seat, or the host
    freeing it, takes nothing back, and the sale goes on in turn (SA-3)."""
    code, tokens = seated(hub, sales)
    hub.submit(tokens["Anna"], {"card": {"suit": "sun", "value": 5}})
    hub.submit(tokens["Bernd"], {"card": {"suit": "sun", "value": 2}})
    hub.free_seat(code, "Anna")
    hub.leave(tokens["Bernd"])
    host = hub.host_view(code)
    assert not any(s.taken for s in host.seats[:2])
    assert host.bid_in == ("Anna", "Bernd") and host.waiting_for == ("Chris",)
    hub.submit(tokens["Chris"], {"card": {"suit": "rain", "value": 1}})
    sale = store.match(sales).current.record["rounds"][0]["sales"][0]
    assert [p["player"] for p in sale["plays"]] == PLAYERS
    assert sale["plays"][0]["card"] == {"suit": "sun", "value": 5}


def test_sales_rounds_after_the_first_are_dealt_at_the_table_sa16(hub, store):
    """A round over, the phones wait: the table's "Start round 2" deals it, from the
    deck's cards less those won (SA-16), and says so; then the phones play on."""
    from companion.games.sales import changes

    mid = store.create_match("sales", PLAYERS, {"game": "sales", "players": PLAYERS, "hand_size": 1, "rounds": []})
    _code, tokens = seated(hub, mid)
    for p, v in zip(PLAYERS, (5, 2, 7), strict=True):
        hub.submit(tokens[p], {"card": {"suit": "sun", "value": v}})
    view = hub.view(tokens["Bernd"])
    assert view.waiting_for == () and not view.my_turn and not view.game_over
    with pytest.raises(BidRefused, match="SA-16: round 2 is dealt at the table first"):
        hub.submit(tokens["Bernd"], {"card": {"suit": "sun", "value": 1}})
    record = store.match(mid).current.record
    assert changes.start_next_round(record, copy=3).error == (
        "Round 2: SA-16: 2 cards are left after the 1 won, fewer than the 3 players: the round cannot be dealt")
    dealt = changes.start_next_round(record, copy=4)         # 3 left after the 1 won: 1 each
    assert dealt.ok and dealt.record["rounds"][1] == {"sales": []}
    store.save_game(mid, 1, dealt.record)
    assert hub.view(tokens["Bernd"]).my_turn                 # Bernd won the last sale and leads (SA-9)
    hub.submit(tokens["Bernd"], {"card": {"suit": "rain", "value": 1}})
    assert store.match(mid).current.record["rounds"][1]["sales"] == []      # the sale goes on
