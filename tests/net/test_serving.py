"""The process's shared hub, local or remote clients, reaching the server, screen words."""

from __future__ import annotations

from companion.net import SeatState
from companion.net.screens import (
    bids_line,
    code_text,
    seats_line,
)
from companion.net.serving import hub_for, is_local_client, listens_beyond_loopback, port_of, reach
from tests.net.conftest import PLAYERS, TIE, hotdog_match, seated


def test_one_hub_per_store_shared_by_sessions(store):
    assert hub_for(store) is hub_for(store)


def test_only_this_machine_gets_the_whole_app():
    for local in (None, "", "127.0.0.1", "::1", "127.0.0.2"):
        assert is_local_client(local)
    for phone in ("192.168.1.23", "10.0.0.5", "fe80::1", "2001:db8::1", "nonsense"):
        assert not is_local_client(phone)


def test_port_of_the_session_url():
    assert port_of("ws://127.0.0.1:8631") == 8631
    assert port_of("http://192.168.1.2:9000/join") == 9000
    assert port_of(None) == 8550
    assert port_of("https://example.org") == 443


def test_reach_says_why_phones_cannot_join_a_loopback_server():
    r = reach(8550, lan=lambda: "192.168.1.20", bind_host="127.0.0.1")
    assert r.url is None and "127.0.0.1 only" in r.note and "companion serve --host 0.0.0.0" in r.note
    assert r.local_url == "http://127.0.0.1:8550/join"
    r = reach(8550, lan=lambda: None, bind_host="0.0.0.0")
    assert r.url is None and "no local network address" in r.note
    r = reach(None, web=False)
    assert r.url is None and "not serving web pages" in r.note


def test_reach_gives_the_lan_link_when_the_server_listens_there():
    r = reach(8550, lan=lambda: "192.168.1.20", bind_host="0.0.0.0")
    assert r.url == "http://192.168.1.20:8550/join" and r.note is None
    r = reach(8550, lan=lambda: "192.168.1.20", bind_host="192.168.1.7")
    assert r.url == "http://192.168.1.7:8550/join"


def test_which_bind_addresses_reach_beyond_this_machine():
    assert not listens_beyond_loopback("127.0.0.1") and not listens_beyond_loopback("localhost")
    assert not listens_beyond_loopback("::1") and not listens_beyond_loopback(None)
    assert listens_beyond_loopback("0.0.0.0") and listens_beyond_loopback("192.168.1.7")


def test_bids_line_says_who_never_what(hub, store):
    code, tokens = seated(hub, hotdog_match(store))
    hub.submit(tokens["Anna"], TIE["Anna"])
    view = hub.view(tokens["Bernd"])
    line = bids_line(view.bid_in, view.waiting_for, view.game_over)
    assert line == "Bids in: Anna · waiting for Bernd, Chris"
    assert "5 table" not in line and "2 hot dogs" not in line
    assert bids_line(PLAYERS, [], False) == "Bids in: Anna, Bernd, Chris · every bid is in."
    assert bids_line([], [], True) == "The game is over: no more bids."
    assert bids_line(["Anna"], ["Bernd"], False, secret=False) == "Played: Anna · waiting for Bernd"


def test_words_for_codes_seats_and_bids():
    assert code_text("ABCDEF") == "ABC DEF"
    assert seats_line([SeatState("Anna", True), SeatState("Bernd", False)]) == "1 of 2 seats taken"
