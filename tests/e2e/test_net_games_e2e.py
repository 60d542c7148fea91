"""Burger and sales from the players' own phones in real browsers: one server
per test (own port, own data dir), one browser context per phone and one for the host.
Burger tool cards are secret until the reveal, checked on the websocket frames each
phone's browser receives; sales cards are played face up, each in its turn."""

from __future__ import annotations

import re
import time

import pytest

from companion.games.burger.seat import SEAT as BURGER_SEAT
from companion.games.sales.seat import SEAT as SALES_SEAT
from companion.net import Hub
from companion.store import Store
from tests.e2e.harness import DESKTOP, Server, shot
from tests.e2e.table import Table
from tests.e2e.test_net_e2e import Phone, code_of

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bernd", "Chris"]
DECK_LINES = ["bun, rat", "patty, cheese", "tomato, salad"]   # 5 ingredients for 3 (BU-2)
TOOLS = {"Anna": "tongs", "Bernd": "tease", "Chris": "tongs"}
# (suit, value, discard icons) each seat plays, in turn from the leader Anna (SA-3)
CARDS = {"Anna": ("sun", 4, 0), "Bernd": ("sun", 2, 0), "Chris": ("rain", 1, 1)}


def hosted(tmp_path, game: str, record: dict) -> tuple[Server, str, int]:
    """A match made in the store, hosted at a table, and its server started."""
    data = tmp_path / "data"
    data.mkdir()
    store = Store(data / "companion.sqlite3")
    match_id = store.create_match(game, PLAYERS, record)
    code = Hub(store).host(match_id).code
    store.close()
    server = Server(data)
    server.start()
    return server, code, match_id


def recorded(server: Server, match_id: int) -> dict:
    store = Store(server.data_dir / "companion.sqlite3")
    try:
        return store.match(match_id).current.record
    finally:
        store.close()


def seat(browser, server: Server, code: str, player: str, ready: str) -> Phone:
    ph = Phone(browser, server.url)
    ph.join(code)
    ph.sit(player, ready)
    return ph


def other_tool_leaks(frames: bytes, player: str) -> list[str]:
    """Another seat's tool card in what ``player``'s browser received."""
    out = []
    for q, tool in TOOLS.items():
        if q == player:
            continue
        if re.search(rf"{q}\W{{0,12}}(play\w*\W{{0,3}})?{tool}".encode(), frames):
            out.append(f"{q}: {tool}")
        if tool != TOOLS[player] and f"I play: {tool}".encode() in frames:
            out.append(f"I play: {tool}")
    return out


def test_burger_tools_chosen_in_secret_on_phones_and_revealed_everywhere(chromium_browser, tmp_path):
    server, code, match_id = hosted(tmp_path, "burger", {"game": "burger", "players": PLAYERS, "rounds": []})
    host = None
    phones: dict[str, Phone] = {}
    try:
        host = Table(chromium_browser, server.url, DESKTOP)
        assert code_of(host) == code
        for p in PLAYERS:
            phones[p] = seat(chromium_browser, server, code, p, "My tool card, in secret")
        for p in ("Anna", "Bernd"):
            phones[p].click(f"{p}: play {TOOLS[p]}")
            phones[p].see(f"I play: {TOOLS[p]}.")
        host.see("Entered: Anna, Bernd · waiting for Chris")
        phones["Chris"].see("Entered: Anna, Bernd · waiting for Chris")

        field = host.pg.get_by_role("textbox", name="Decks")   # the round's decks, public
        field.click()
        host.pg.wait_for_timeout(300)
        host.pg.keyboard.type(DECK_LINES[0])
        for line in DECK_LINES[1:]:
            host.pg.keyboard.press("Enter")
            host.pg.keyboard.type(line)
        host.pg.wait_for_timeout(300)
        host.click("Save the decks")
        host.see("Saved: 3 decks")
        host.see("Saved for this round.")

        chris = phones["Chris"]
        before = {p: len(ph.frames) for p, ph in phones.items()}
        for p, ph in phones.items():          # no other seat's tool card before the reveal
            assert not other_tool_leaks(ph.received(before[p]), p), p
            assert not other_tool_leaks(ph.drawn().encode(), p), p
        shot(chris.pg, "net-burger-phone-before")

        chris.click(f"Chris: play {TOOLS['Chris']}")     # the last tool: revealed everywhere
        record = recorded_when(server, match_id, rounds=1)
        rnd = record["rounds"][0]
        assert rnd["tools"] == TOOLS
        assert rnd["decks"] == [[c.strip() for c in line.split(",")] for line in DECK_LINES]
        order = BURGER_SEAT.resolution(record, None)["take_order"]
        assert order == ["Chris", "Anna", "Chris"]
        for screen in [*phones.values(), host]:
            screen.see("Round 1 revealed")
            screen.see("Take order: " + ", ".join(order))
        for p, ph in phones.items():                      # the frames were captured
            assert b"Take order: Chris, Anna, Chris" in ph.received(), p
        for p, ph in phones.items():          # rat tokens and hands stay each seat's own (BU-5)
            drawn = ph.drawn()
            for q in PLAYERS:
                if q != p:
                    assert f"My rat tokens ({q})" not in drawn and f"My tool cards left ({q})" not in drawn, p
        phones["Anna"].see("My tool cards left (Anna)")
        phones["Anna"].see("Hamburgers: Anna 0, Bernd 0, Chris 0")
        host.see("No decks saved for this round yet")       # round 2's decks are new
        assert host.find("Saved for this round.").count() == 0
        field.click()                                      # focused, the field holds its text
        host.pg.wait_for_timeout(300)
        assert field.input_value() == "", "round 1's decks are offered again for round 2"
        host.see("Entered: nobody · waiting for Anna, Bernd, Chris")
        shot(phones["Anna"].pg, "net-burger-phone")
    finally:
        for ph in phones.values():
            ph.close()
        if host is not None:
            host.close()
        server.stop()


def recorded_when(server: Server, match_id: int, *, rounds: int | None = None,
                  sales: int | None = None, timeout: float = 15.0) -> dict:
    """The match's record once it has that many rounds (or sales): the reveal is a tap away."""
    end = time.monotonic() + timeout
    while True:
        record = recorded(server, match_id)
        got_sales = sum(len(r["sales"]) for r in record["rounds"]) if sales is not None else None
        if (rounds is None or len(record["rounds"]) >= rounds) and (sales is None or got_sales >= sales):
            return record
        if time.monotonic() > end:
            raise AssertionError(f"not recorded within {timeout}s: {record['rounds']}")
        time.sleep(0.1)


def play_card(ph: Phone, player: str) -> None:
    suit, value, discard = CARDS[player]
    field = ph.pg.get_by_role("textbox", name="Suit (or wild)")
    field.click()
    ph.pg.wait_for_timeout(300)
    ph.pg.keyboard.type(suit)
    ph.see(f"{player}: 1 value point")
    for n in range(2, value + 1):
        ph.click(f"{player}: one value point more")
        ph.see(f"{player}: {n} value points")
    for n in range(1, discard + 1):
        ph.click(f"{player}: one discard icon more")
        ph.see(f"{player}: {n} discard icon")
    ph.pg.wait_for_timeout(300)
    ph.click("Play this card")


def test_sales_cards_played_in_turn_from_phones(chromium_browser, tmp_path):
    record = {"game": "sales", "players": PLAYERS, "hand_size": 1, "rounds": []}
    server, code, match_id = hosted(tmp_path, "sales", record)
    host = None
    phones: dict[str, Phone] = {}
    try:
        host = Table(chromium_browser, server.url, DESKTOP)
        assert code_of(host) == code
        for p in PLAYERS:
            phones[p] = seat(chromium_browser, server, code, p, "The card I play")
        for i, p in enumerate(PLAYERS):
            ph = phones[p]
            for q in PLAYERS[i + 1:]:              # a phone whose turn it is not cannot play
                phones[q].see(f"Not my turn: {p} plays next (SA-3).")
                assert phones[q].button("Play this card").count() == 0, q
            for q in PLAYERS[:i]:
                ph.see(f"{q} played {CARDS[q][0]} {CARDS[q][1]}")
            play_card(ph, p)
            if p == "Chris":
                break                                  # the last card: the sale is recorded
            ph.see(f"I played {CARDS[p][0]} {CARDS[p][1]}.")
            ph.button("Take my card back").first.wait_for()
            assert f"{p} played" not in ph.drawn(), p  # my card once, as mine
            if p == "Bernd":                           # Anna's card stays now (SA-3)
                anna = phones["Anna"]
                anna.see("The next player has played: my card stays (SA-3).")
                assert anna.button("Take my card back").count() == 0

        record = recorded_when(server, match_id, sales=1)
        sale = record["rounds"][0]["sales"][0]
        assert [pl["player"] for pl in sale["plays"]] == PLAYERS
        assert sale["plays"][2]["card"] == {"suit": "rain", "value": 1, "discard": 1}
        res = SALES_SEAT.resolution(record, None)
        headline = f"Round 1, sale 1: {res['winner']} wins it"
        for screen in [*phones.values(), host]:
            screen.see(headline)
        phones["Anna"].see("The round is over." if not res.get("next_leader")
                           else f"Next leader: {res['next_leader']}")
        shot(phones["Anna"].pg, "net-sales-phone")
    finally:
        for ph in phones.values():
            ph.close()
        if host is not None:
            host.close()
        server.stop()
