"""Driving the Hot Dog table like a player, through the accessibility tree."""

from __future__ import annotations

import re

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.harness import open_app, shot, type_text

TIMEOUT = 15000


class Table:
    def __init__(self, browser, url: str, viewport: dict | None = None, dark: bool = False) -> None:
        self.ctx, self.pg = open_app(browser, url, viewport, dark)
        self.pg.set_default_timeout(TIMEOUT)

    def close(self) -> None:
        self.ctx.close()

    # ------------------------------------------------------------ finding things
    def button(self, name: str, exact: bool = False):
        return self.pg.get_by_role("button", name=name, exact=exact)

    def text(self, text: str | re.Pattern, exact: bool = False):
        return self.pg.get_by_text(text, exact=exact)

    def find(self, text: str | re.Pattern, exact: bool = False):
        """Text on screen: its own node, or a line of a card's merged accessible label."""
        found = self.text(text, exact)
        if isinstance(text, str):
            quoted = text.replace("\\", "\\\\").replace('"', '\\"')
            found = found.or_(self.pg.locator(f'[aria-label*="{quoted}"]'))
        return found

    def see(self, text: str | re.Pattern, exact: bool = False) -> None:
        try:
            self.find(text, exact).first.wait_for()
        except Exception:
            shot(self.pg, "failed-see-" + re.sub(r"\W+", "-", str(text))[:40])
            raise

    def check(self, label: str) -> None:
        self.pg.get_by_role("checkbox", name=label).first.click()
        self.pg.locator(f'[role="checkbox"][aria-label$="{label}"][aria-checked="true"]').first.wait_for()

    def click(self, name: str, exact: bool = False) -> None:
        try:
            self.button(name, exact).first.click()
        except Exception:
            shot(self.pg, "failed-" + re.sub(r"\W+", "-", str(name))[:40])
            raise

    def labelled(self, label: str):
        return self.pg.locator(f'[aria-label="{label}"]')

    # ------------------------------------------------------------ setup
    def setup(self, players: list[str], mustard: str | None = None) -> None:
        self.click("New Hot Dog match")
        self.pg.get_by_role("textbox", name="Player 1").wait_for()
        while self.pg.get_by_role("textbox", name=f"Player {len(players) + 1}").count():
            self.click(f"Remove Player {len(players) + 1}")
        for i, name in enumerate(players, 1):
            if not self.pg.get_by_role("textbox", name=f"Player {i}").count():
                self.click("Add player")
            field = self.pg.get_by_role("textbox", name=f"Player {i}")
            type_text(self.pg, field, name)  # typed, like a player does (checked, again if missed)
            try:
                self.pg.get_by_role("radio", name=name).first.wait_for(timeout=10_000)   # the server saw it
            except PlaywrightTimeout:        # under load a late echo undid a key: look, type again
                type_text(self.pg, field, name)
                self.pg.get_by_role("radio", name=name).first.wait_for()
        if mustard:
            self.pg.get_by_role("radio", name=mustard).click()
        self.click("Start match")
        self.see(re.compile(r"^Round \d+ · mustard card"))

    # ------------------------------------------------------------ bids
    def card(self, identifier: str) -> str:
        return self.pg.locator(f'[flt-semantics-identifier="{identifier}"]').first.get_attribute("aria-label") or ""

    def value(self, player: str, noun: str) -> int:
        m = re.search(rf"{re.escape(player)}: (\d+) {noun}s?\b", self.card(f"bid-{player}"))
        if not m:
            raise AssertionError(f"no value shown for {player}'s {noun}s")
        return int(m.group(1))

    def wait_value(self, player: str, noun: str, want: int) -> None:
        """Wait until the card shows ``want`` (the tap's effect), or fail."""
        for _ in range(TIMEOUT // 20):
            if self.value(player, noun) == want:
                return
            self.pg.wait_for_timeout(20)
        shot(self.pg, f"failed-{player}-{noun}")
        raise AssertionError(f"{player}'s {noun}s: {self.value(player, noun)}, expected {want}")

    def _set(self, player: str, noun: str, target: int) -> None:
        """Tap − or + once per step; each tap counts exactly once."""
        now = self.value(player, noun)
        while now != target:
            more = now < target
            self.click(f"{player}: one {noun} {'more' if more else 'fewer'}")
            now += 1 if more else -1
            self.wait_value(player, noun, now)

    def bid(self, player: str, table: int, hotdogs: int, dollars: int = 0) -> None:
        chosen = self.pg.locator(f'[aria-label="{player}: {table} table"][aria-current="true"]')
        if not chosen.count():
            self.click(f"{player}: {table} table")
            chosen.first.wait_for()
        self._set(player, "hot dog", hotdogs)
        self._set(player, "dollar", dollars)

    def submit(self, number: int) -> None:
        self.click("Submit round")
        self.see(f"Round {number}: reveal")

    def play(self, number: int, bids: dict[str, tuple[int, int, int]]) -> None:
        for player, (table, hotdogs, dollars) in bids.items():
            self.bid(player, table, hotdogs, dollars)
        self.submit(number)
        self.click("Show all")
        self.see("Tables now")

    def undo(self, number: int) -> None:
        """Undo the last round: the screen asks first ("Undo round n?"), then Undo."""
        self.click("Undo last round")
        self.see(f"Undo round {number}? Its bids come back for entry.")
        self.click("Undo", exact=True)
        self.see(f"Round {number} undone; its bids are back for entry.")

    def step_texts(self) -> list[str]:
        """The reveal's step headlines, in the order shown."""
        out = []
        steps = self.pg.locator('[flt-semantics-identifier^="step-"]')
        for label in steps.evaluate_all("ns => ns.map(n => n.getAttribute('aria-label') || n.innerText)"):
            m = re.match(r"\s*(\d+\. \d table: .*?: (?:sold|returned \([^)]*\)))", label)
            out.append(m.group(1) if m else label.strip())
        return out
