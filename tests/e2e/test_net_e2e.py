"""A table on every phone in real browsers: one server, one browser context
per phone. Privacy is checked on what reaches each browser — the websocket frames
(Flet's msgpack) — and on what is drawn."""

from __future__ import annotations

import re
import sqlite3
from urllib.parse import urljoin

import pytest

from companion.games.hotdog import setup_form
from companion.games.hotdog.present import bid_text as hotdog_bid_text
from companion.net import Hub
from companion.store import Store
from tests.e2e.harness import PHONE, TIMEOUT, Server, block_off_machine, enable_semantics, shot, type_text, waits
from tests.e2e.table import Table

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bernd", "Chris"]
# (table, hot dogs, dollars): Anna never taps dollars, so "$3" or "$1" reaching her
# browser before the reveal could only be another seat's bid.
BIDS = {"Anna": (7, 2, 0), "Bernd": (5, 3, 3), "Chris": (5, 2, 1)}
STEPS = ["1. 5 table: Bernd 3 hot dogs − $3 = $0: sold", "2. 5 table: Chris 2 hot dogs − $1 = $1: sold",
         "3. 7 table: Anna 2 hot dogs − $0 = $2: sold"]


def bid_dict(p: str) -> dict:
    t, h, d = BIDS[p]
    return {"table": t, "hotdogs": h, "dollars": d}


class Phone(Table):
    """One phone: its own browser context, every websocket frame it receives kept."""

    def __init__(self, browser, url: str) -> None:
        self.frames: list[bytes] = []
        self.code = ""
        self.ctx = browser.new_context(viewport=PHONE)
        self.ctx.route("**/*", block_off_machine)
        self.pg = self.ctx.new_page()
        self.pg.set_default_timeout(TIMEOUT)
        self.pg.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.pg.goto(urljoin(url, "/join"))   # a phone never has the host key
        self._semantics()

    def _frame(self, payload) -> None:
        self.frames.append(payload if isinstance(payload, bytes) else payload.encode("utf-8"))

    def _semantics(self) -> None:
        enable_semantics(self.pg)

    def reload(self) -> None:
        self.pg.reload()
        self._semantics()

    def received(self, upto: int | None = None) -> bytes:
        return b"".join(self.frames[:upto])

    def join(self, code: str) -> None:
        self.code = code
        field = self.pg.get_by_role("textbox", name="Table code")
        type_text(self.pg, field, code)      # a code typed before is replaced
        self.pg.keyboard.press("Enter")      # submits the field's own value

    def sit(self, player: str, ready: str = "My bid, in secret") -> None:
        seat = self.find(f"Sit as {player}").first
        for _ in range(3):
            try:
                seat.wait_for(timeout=waits(5000))
                break
            except Exception:
                # Still on the code screen: the code did not get through. A player who
                # sees the code screen still there types the code again.
                if self.pg.get_by_role("textbox", name="Table code").count():
                    self.join(self.code)
        self.click(f"Sit as {player}")
        self.see(ready)

    def bid_and_submit(self, player: str) -> None:
        table, hotdogs, dollars = BIDS[player]
        self.bid(player, table, hotdogs, dollars)
        self.click("Submit my bid")

    def drawn(self) -> str:
        return " ".join(self.pg.locator("[aria-label]").evaluate_all(
            "ns => ns.map(n => n.getAttribute('aria-label'))")) + " " + self.pg.inner_text("body")


def secrets_of(player: str) -> list[bytes]:
    """What would give ``player``'s bid away on another phone."""
    out = [hotdog_bid_text(bid_dict(player)).encode(), f"{player}: one hot dog".encode(),
           f"{player}: {BIDS[player][1]} hot dog".encode()]
    return out


def code_of(host: Table) -> str:
    host.see("Table code:")
    label = host.pg.locator('[flt-semantics-identifier="table-code"]').first.get_attribute("aria-label") \
        or host.pg.get_by_text(re.compile("^Table code:")).first.inner_text()
    return re.sub(r"\s", "", label.split(":", 1)[1])


def test_three_phones_bid_in_secret_and_see_the_same_reveal(chromium_browser, app_server):
    host = Table(chromium_browser, app_server.url, PHONE)
    phones: dict[str, Phone] = {}
    other = None
    try:
        host.setup(PLAYERS, mustard="Anna")
        host.click("Host this table on phones")
        code = code_of(host)
        host.see("This server listens on 127.0.0.1 only: phones cannot reach it.")
        shot(host.pg, "net-host")

        for p in PLAYERS:
            phones[p] = Phone(chromium_browser, app_server.url)
        anna = phones["Anna"]
        anna.join("ZZZZZZ")                                  # a wrong code is refused
        anna.see("That is not the code of a table here.")
        for p, ph in phones.items():
            if p != "Anna":
                ph.join(code)
        anna.join(code)
        for p, ph in phones.items():
            ph.sit(p)
        shot(phones["Bernd"].pg, "net-phone-seat")

        other = Phone(chromium_browser, app_server.url)      # a second device for Anna's seat
        other.join(code)
        other.see("Anna: seat taken")
        assert other.button("Anna: seat taken").first.is_disabled()
        other.close()
        other = None

        phones["Anna"].bid_and_submit("Anna")
        phones["Bernd"].bid_and_submit("Bernd")
        for p in ("Anna", "Bernd"):
            phones[p].see("My bid is in:")
        host.see("Bids in: Anna, Bernd · waiting for Chris")
        phones["Chris"].see("Bids in: Anna, Bernd · waiting for Chris")
        shot(phones["Bernd"].pg, "net-phone-bid-in")

        bernd = phones["Bernd"]                               # a reload keeps the seat and the bid
        bernd.reload()
        bernd.see(f"My bid is in: {hotdog_bid_text(bid_dict('Bernd'))}")

        chris = phones["Chris"]
        table, hotdogs, dollars = BIDS["Chris"]
        chris.bid("Chris", table, hotdogs, dollars)
        before = {p: len(ph.frames) for p, ph in phones.items()}
        drawn = {p: ph.drawn() for p, ph in phones.items()}
        for p, ph in phones.items():                          # nothing of another seat's bid
            got = ph.received(before[p])
            for q in PLAYERS:
                if q == p:
                    continue
                for secret in secrets_of(q):
                    assert secret not in got, f"{p}'s browser received {secret!r} before the reveal"
                    assert secret.decode() not in drawn[p], f"{p}'s screen shows {secret!r}"
        assert b"$3" not in phones["Anna"].received(before["Anna"])
        assert b"$1" not in phones["Anna"].received(before["Anna"])
        assert b"$3" not in phones["Chris"].received(before["Chris"])

        chris.click("Submit my bid")                          # the last bid: revealed everywhere
        for p, ph in phones.items():
            ph.see("Round 1 revealed")
            ph.see("Tables now")
            assert ph.step_texts() == STEPS, p
            assert "Bernd 3 hot dogs − $3 = $0".encode() in ph.received()   # the frames were captured
        host.see("Round 1 revealed")
        host.see("Bids in: nobody · waiting for Anna, Bernd, Chris")
        shot(phones["Anna"].pg, "net-phone-reveal")
        host.pg.mouse.wheel(0, 900)
        shot(host.pg, "net-host-after-reveal")
    finally:
        for ph in phones.values():
            ph.close()
        if other is not None:
            other.close()
        host.close()


def test_bids_survive_a_killed_server_and_phones_get_their_seats_back(chromium_browser, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    store = Store(data / "companion.sqlite3")
    match_id = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    code = Hub(store).host(match_id).code
    store.close()
    server = Server(data)
    server.start()
    phones: dict[str, Phone] = {}
    try:
        for p in PLAYERS:
            phones[p] = ph = Phone(chromium_browser, server.url)
            ph.join(code)
            ph.sit(p)
        for p in ("Anna", "Bernd"):
            phones[p].bid_and_submit(p)
            phones[p].see("My bid is in:")
        server.kill()                                         # SIGKILL mid-round
        with sqlite3.connect(data / "companion.sqlite3") as c:
            assert {r[0] for r in c.execute("SELECT player FROM net_bids")} == {"Anna", "Bernd"}
        restarted = Server(data, port=server.port)
        restarted.start()
        server = restarted
        for ph in phones.values():
            ph.reload()
        phones["Anna"].see(f"My bid is in: {hotdog_bid_text(bid_dict('Anna'))}")
        phones["Bernd"].see(f"My bid is in: {hotdog_bid_text(bid_dict('Bernd'))}")
        phones["Chris"].see("Bids in: Anna, Bernd · waiting for Chris")
        phones["Chris"].bid_and_submit("Chris")
        for p, ph in phones.items():
            ph.see("Round 1 revealed")
            ph.see("Tables now")
            assert ph.step_texts() == STEPS, p
    finally:
        for ph in phones.values():
            ph.close()
        server.stop()
