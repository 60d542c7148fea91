"""The table hub: private bids, the reveal into the record, seats and tokens, restarts."""

from __future__ import annotations

import dataclasses
import json

import pytest

from companion.games.hotdog import forms, present
from companion.net import (
    BidRefused,
    Hub,
    JoinRefused,
    RevealRefused,
    SeatTaken,
    UnknownSeat,
)
from companion.net.hub import CODE_ALPHABET, CODE_LENGTH, token_hash
from companion.store import Store
from tests.net.conftest import PLAYERS, TIE, hotdog_match, seated


def anon(view):
    """A view without the table code (random per table) to compare two tables' views."""
    return dataclasses.replace(view, code="")


def bid_like(tree) -> list[dict]:
    """Every dict in a view that looks like a Hot Dog bid."""
    found = []
    if dataclasses.is_dataclass(tree):
        tree = dataclasses.asdict(tree)
    if isinstance(tree, dict):
        if "hotdogs" in tree and "table" in tree and "player" not in tree:
            found.append(tree)
        for v in tree.values():
            found += bid_like(v)
    elif isinstance(tree, list | tuple):
        for v in tree:
            found += bid_like(v)
    return found


def test_code_and_seats(hub, store):
    info = hub.host(hotdog_match(store))
    assert len(info.code) == CODE_LENGTH and set(info.code) <= set(CODE_ALPHABET)
    assert [s.player for s in info.seats] == PLAYERS and not any(s.taken for s in info.seats)
    assert hub.host(info.match_id).code == info.code          # one table per match
    # typed loosely: lower case, a space
    assert hub.open_table(f" {info.code[:3].lower()} {info.code[3:]}", "phone").code == info.code


def test_three_players_bid_privately_then_all_see_one_resolution(tmp_path):
    """Two tables where Bernd bids differently: Anna's screen, Chris's screen and the host's
    are the same at both tables until the reveal (nothing of Bernd's bid reaches them)."""
    worlds = []
    for name, bernd in (("a", TIE["Bernd"]), ("b", {"table": 7, "hotdogs": 1})):
        store = Store(tmp_path / f"{name}.sqlite3")
        hub = Hub(store)
        mid = hotdog_match(store)
        code, tokens = seated(hub, mid)
        before = {p: hub.view(tokens[p]) for p in PLAYERS}
        hub.submit(tokens["Anna"], TIE["Anna"])
        hub.submit(tokens["Bernd"], bernd)
        worlds.append((store, hub, mid, code, tokens, before))

    (_, hub_a, _, code_a, tok_a, before_a), (_, hub_b, _, code_b, tok_b, _) = worlds
    for p in ("Anna", "Chris"):
        a, b = hub_a.view(tok_a[p]), hub_b.view(tok_b[p])
        assert anon(a) == anon(b)
        assert a.bid_in == ("Anna", "Bernd") and a.waiting_for == ("Chris",)
        assert bid_like(a) == ([a.my_bid] if p == "Anna" else [])   # its own bid, no other
        assert a.resolution is None
        # only who has bid changed since before any bid
        assert dataclasses.replace(a, bid_in=(), waiting_for=(), my_bid=None, my_turn=True) == \
            dataclasses.replace(before_a[p], bid_in=(), waiting_for=(), my_bid=None, my_turn=True)
    assert dataclasses.replace(hub_a.host_view(code_a), code="") == \
        dataclasses.replace(hub_b.host_view(code_b), code="")
    bernd = hub_a.view(tok_a["Bernd"])
    assert bernd.my_bid == {"table": 5, "hotdogs": 3, "dollars": 2, "last": False, "announced": True}
    assert bid_like(bernd) == [bernd.my_bid]

    # Chris bids last at table a: the round is revealed and recorded at once.
    store_a, _, mid_a, *_ = worlds[0]
    hub_a.submit(tok_a["Chris"], TIE["Chris"])
    views = {p: hub_a.view(tok_a[p]) for p in PLAYERS}
    resolutions = [v.resolution for v in views.values()]
    assert resolutions[0] is not None and all(r == resolutions[0] for r in resolutions)
    assert hub_a.host_view(code_a).resolution == resolutions[0]
    assert all(v.my_bid is None and v.bid_in == () and v.position == 1 for v in views.values())
    assert resolutions[0]["round"]["money"] == {"Anna": 5, "Bernd": 4, "Chris": 3}
    record = store_a.match(mid_a).current.record
    assert record["rounds"] == [forms.round_of(PLAYERS, {p: forms.Draft.of(b) for p, b in TIE.items()})]
    assert present.game_view(record).state.money == {"Anna": 5, "Bernd": 4, "Chris": 3}
    for store, *_ in worlds:
        store.close()


def test_a_phone_changes_only_its_own_bid(hub, store):
    mid = hotdog_match(store)
    code, tokens = seated(hub, mid)
    hub.submit(tokens["Anna"], {"table": 7, "hotdogs": 1})
    view = hub.submit(tokens["Anna"], {"table": 5, "hotdogs": 2})
    assert view.my_bid["table"] == 5 and view.bid_in == ("Anna",)
    # the bid names no player: the seat is the token's, whatever the phone sends
    with pytest.raises(BidRefused, match="HD-6"):
        hub.submit(tokens["Anna"], {"player": "Bernd", "table": 5, "hotdogs": 2})
    assert hub.view(tokens["Bernd"]).my_bid is None
    hub.withdraw(tokens["Anna"])
    assert hub.view(tokens["Anna"]).my_bid is None and hub.host_view(code).bid_in == ()


def test_a_bid_the_rules_refuse_is_said_with_its_ruling(hub, store):
    code, tokens = seated(hub, hotdog_match(store))
    with pytest.raises(BidRefused, match=r"^HD-6: dollars \(4\) exceed the player's money \(\$3\)"):
        hub.submit(tokens["Anna"], {"table": 5, "hotdogs": 5, "dollars": 4})
    with pytest.raises(BidRefused, match="HD-6: there is no 9 table"):
        hub.submit(tokens["Anna"], {"table": 9, "hotdogs": 1})
    with pytest.raises(BidRefused, match="HD-6"):
        hub.submit(tokens["Anna"], {"table": 5, "hotdogs": 0})
    assert hub.host_view(code).bid_in == ()


def test_forced_reveal_with_a_missing_bid_is_refused_with_its_ruling(hub, store):
    mid = hotdog_match(store)
    code, tokens = seated(hub, mid)
    hub.submit(tokens["Anna"], TIE["Anna"])
    hub.submit(tokens["Bernd"], TIE["Bernd"])
    with pytest.raises(RevealRefused) as refused:
        hub.reveal(code)
    assert str(refused.value) == "round 1: Chris: HD-6: has no bid: every player bids every round"
    assert store.match(mid).current.record["rounds"] == []
    assert hub.host_view(code).bid_in == ("Anna", "Bernd")


def test_host_reveals_when_auto_reveal_is_off(store, limiter):
    hub = Hub(store, limiter=limiter, auto_reveal=False)
    mid = hotdog_match(store)
    code, tokens = seated(hub, mid)
    for p in PLAYERS:
        hub.submit(tokens[p], TIE[p])
    assert hub.host_view(code).all_in and store.match(mid).current.record["rounds"] == []
    heard = []
    hub.on_change(heard.append)
    revealed = hub.reveal(code)
    assert revealed.position == 1 and revealed.resolution["number"] == 1
    assert heard == [code]   # listeners hear the code, nothing else
    assert len(store.match(mid).current.record["rounds"]) == 1


def test_a_taken_seat_cannot_be_taken_again(hub, store):
    code, tokens = seated(hub, hotdog_match(store))
    with pytest.raises(SeatTaken, match="Bernd's seat is taken"):
        hub.take_seat(code, "bernd", client="192.168.1.99")
    assert hub.view(tokens["Bernd"]).player == "Bernd"


def test_a_token_gets_its_seat_back(hub, store):
    _code, tokens = seated(hub, hotdog_match(store))
    hub.submit(tokens["Bernd"], TIE["Bernd"])
    back = hub.resume(tokens["Bernd"])
    assert back.player == "Bernd" and back.my_bid["hotdogs"] == 3
    with pytest.raises(UnknownSeat):
        hub.resume("not-a-token")
    assert hub.limiter.tracked() == 0     # a wrong token is no guess at a code: not counted


def test_the_host_frees_a_seat(hub, store):
    code, tokens = seated(hub, hotdog_match(store))
    hub.submit(tokens["Chris"], TIE["Chris"])
    info = hub.free_seat(code, "Chris")
    assert [s.taken for s in info.seats] == [True, True, False]
    with pytest.raises(UnknownSeat):
        hub.view(tokens["Chris"])
    new = hub.take_seat(code, "Chris", client="192.168.1.77")
    view = hub.view(new.token)
    # the bid made from the old device is not shown to whoever sits there now
    assert view.player == "Chris" and view.my_bid is None and view.bid_in == ()


def test_a_restart_keeps_the_table_and_every_bid(db, limiter):
    first = Store(db)
    hub = Hub(first, limiter=limiter)
    mid = hotdog_match(first)
    code, tokens = seated(hub, mid)
    hub.submit(tokens["Anna"], TIE["Anna"])
    hub.submit(tokens["Bernd"], TIE["Bernd"])
    # no close: the host process is killed; a new one opens the same file
    again = Hub(Store(db))
    assert again.table_for(mid).code == code
    assert again.resume(tokens["Bernd"]).my_bid["dollars"] == 2
    assert again.host_view(code).bid_in == ("Anna", "Bernd")
    again.submit(tokens["Chris"], TIE["Chris"])
    assert present.game_view(again.store.match(mid).current.record).state.money == \
        {"Anna": 5, "Bernd": 4, "Chris": 3}


def test_tokens_are_stored_hashed(hub, store, db):
    _code, tokens = seated(hub, hotdog_match(store))
    rows = store._conn.execute("SELECT token_hash FROM net_seats").fetchall()
    assert {r[0] for r in rows} == {token_hash(t) for t in tokens.values()}
    raw = db.read_bytes() + (db.with_name(db.name + "-wal").read_bytes()
                             if db.with_name(db.name + "-wal").exists() else b"")
    assert not any(t.encode() in raw for t in tokens.values())


def test_bids_for_a_round_that_is_gone_are_dropped(hub, store):
    """The host undoes or enters a round on the host screen: pending bids were for
    another round and go (the record is the truth)."""
    mid = hotdog_match(store)
    _code, tokens = seated(hub, mid)
    hub.submit(tokens["Anna"], TIE["Anna"])
    record = store.match(mid).current.record
    entered = forms.submit(record, {p: forms.Draft.of(b) for p, b in TIE.items()})
    store.save_game(mid, 1, entered.record)
    view = hub.view(tokens["Anna"])
    assert view.my_bid is None and view.position == 1 and view.resolution["number"] == 1


def test_wrong_code_is_refused_then_slowed_then_locked_out(hub, store, clock):
    code = hub.host(hotdog_match(store)).code
    wrong = "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"
    phone = "192.168.1.66"
    for _ in range(3):    # typos cost nothing
        with pytest.raises(JoinRefused) as r:
            hub.open_table(wrong, phone)
        assert r.value.retry_after == 0 and "not the code" in str(r.value)
    with pytest.raises(JoinRefused) as r:
        hub.open_table(wrong, phone)
    assert r.value.retry_after == 2 and not r.value.locked
    # the right code too must wait now: the wait is enforced, not advice
    with pytest.raises(JoinRefused, match="wait 2 s"):
        hub.take_seat(code, "Anna", phone)
    clock.advance(2)
    with pytest.raises(JoinRefused) as r:
        hub.open_table(wrong, phone)
    assert r.value.retry_after == 4           # growing
    clock.advance(4)
    with pytest.raises(JoinRefused) as r:
        hub.open_table(wrong, phone)
    assert r.value.locked and r.value.retry_after == 600
    # another phone is not held up by this one
    assert hub.open_table(code, "192.168.1.67").code == code
    clock.advance(599)
    with pytest.raises(JoinRefused, match="may try again in 1 min") as r:
        hub.open_table(code, phone)
    assert r.value.locked
    clock.advance(1)
    assert hub.take_seat(code, "Anna", phone).player == "Anna"
    assert hub.limiter.failures(phone) == 0


def test_a_finished_game_takes_no_more_bids(hub, store):
    mid = hotdog_match(store)
    # Anna places her last hot dog, announced: the game ends after this round (HD-13)
    _code, tokens = seated(hub, mid)
    hub.submit(tokens["Anna"], {"table": 5, "hotdogs": 1, "last": True, "announced": True})
    hub.submit(tokens["Bernd"], {"table": 7, "hotdogs": 1})
    hub.submit(tokens["Chris"], {"table": 7, "hotdogs": 1})
    view = hub.view(tokens["Bernd"])
    assert view.game_over and not view.my_turn and view.waiting_for == ()
    with pytest.raises(BidRefused, match="HD-13"):
        hub.submit(tokens["Bernd"], {"table": 5, "hotdogs": 1})


def test_views_are_plain_data(hub, store):
    code, tokens = seated(hub, hotdog_match(store))
    hub.submit(tokens["Anna"], TIE["Anna"])
    json.dumps(dataclasses.asdict(hub.view(tokens["Anna"])))
    json.dumps(dataclasses.asdict(hub.host_view(code)))


def test_closing_the_table_unseats_everyone_and_keeps_the_record(hub, store):
    mid = hotdog_match(store)
    code, tokens = seated(hub, mid)
    for p in PLAYERS:
        hub.submit(tokens[p], TIE[p])
    hub.close(code)
    with pytest.raises(UnknownSeat):
        hub.view(tokens["Anna"])
    assert hub.table_for(mid) is None and len(store.match(mid).current.record["rounds"]) == 1
    hub.host(mid)   # hosting again: a fresh table, every seat free
    assert not any(s.taken for s in hub.table_for(mid).seats)


def test_a_right_code_between_wrong_ones_buys_no_free_guesses(hub, store, clock):
    """A player at one table knows its code: typing it between guesses at other codes must
    not wipe the count of wrong ones, so the waits and the lockout still come."""
    code = hub.host(hotdog_match(store)).code
    wrong = "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"
    phone = "192.168.1.66"
    waits = []
    for _ in range(6):
        clock.advance(waits[-1] if waits else 0)
        assert hub.open_table(code, phone).code == code
        with pytest.raises(JoinRefused) as r:
            hub.open_table(wrong, phone)
        waits.append(r.value.retry_after)
    assert waits == [0, 0, 0, 2, 4, 600]
    with pytest.raises(JoinRefused) as r:
        hub.open_table(code, phone)       # locked out: the right code waits too
    assert r.value.locked


def test_a_valid_token_gets_its_seat_back_from_a_locked_out_address(hub, store, clock):
    """One address can be a whole family behind one router: a child mistyping codes must
    not keep the others from their seats. A token is a 256-bit secret, not a guess."""
    code, tokens = seated(hub, hotdog_match(store))
    hub.submit(tokens["Bernd"], TIE["Bernd"])
    home = "192.168.1.11"
    wrong = "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"
    while not hub.limiter.check(home).locked:
        clock.advance(hub.limiter.check(home).retry_after)
        with pytest.raises(JoinRefused):
            hub.open_table(wrong, home)
    back = hub.resume(tokens["Bernd"])
    assert back.player == "Bernd" and back.my_bid["dollars"] == 2
    with pytest.raises(JoinRefused, match="may try again"):
        hub.open_table(code, home)        # codes from that address are still refused
    with pytest.raises(JoinRefused, match="may try again"):
        hub.take_seat(code, "Chris", home)


def test_a_player_who_leaves_frees_the_seat_at_once(hub, store):
    """"Leave this seat": the seat is free for anyone at once (the host's screen hears of
    it), the token seats nobody any more, and the hidden bid leaves with the player:
    whoever sits down next starts with no bid, as when the host frees the seat."""
    code, tokens = seated(hub, hotdog_match(store))
    hub.submit(tokens["Chris"], TIE["Chris"])
    heard = []
    hub.on_change(heard.append)
    hub.leave(tokens["Chris"])
    assert heard == [code]
    host = hub.host_view(code)
    assert [s.taken for s in host.seats] == [True, True, False] and host.bid_in == ()
    with pytest.raises(UnknownSeat):
        hub.view(tokens["Chris"])
    with pytest.raises(UnknownSeat):
        hub.leave(tokens["Chris"])        # already left
    new = hub.take_seat(code, "Chris", client="192.168.1.77")
    view = hub.view(new.token)
    assert view.player == "Chris" and view.my_bid is None and view.bid_in == ()


def test_seat_buttons_follow_the_one_name_policy(hub, store):
    """A match stored before names were checked for hidden characters and look-alikes
    is not hosted: its phones would show two seats that read 'Sit as Anna'. A seat is
    found by its name however the phone spells it (composed or not, any case)."""
    from companion.net import HubError

    with pytest.raises(HubError, match=r"^HD-1: the name 'Anna\\u200b' holds a character that does not show"):
        hub.host(hotdog_match(store, ["Anna", "Anna\u200b", "Chris"]))
    with pytest.raises(HubError, match="^HD-1: 'Zoe\u0308' and 'Zoë' look the same: give each player a name"):
        hub.host(hotdog_match(store, ["Zoë", "Zoe\u0308", "Chris"]))
    code = hub.host(hotdog_match(store, ["Zoë", "Bernd"])).code
    assert hub.take_seat(code, "zoe\u0308", "phone").player == "Zoë"
