"""Benchmark (not a test): what one round costs a player at the table, in taps and keys,
for the sales and the burger games.

    python bench/taps_cards.py [--desktop]

Plays in Debian chromium (the e2e harness, web mode) one realistic round of each game,
from the table screen, the way a player does it: every card picked on screen, every
button tapped. The setup is not counted. Prints the clicks, keys and scrolls of each
round (a scroll is the mouse wheel moving the page to bring a button into view: no
tap, but the player's thumb moves too).

``burger_round(page, count)`` and ``sales_round(page, count)`` take a page on the
game's table (round 1, set up as ``main`` does) and a ``Count`` (its ``click()`` and
``key()`` called for each tap and key).

Needs Debian chromium at /usr/bin/chromium and playwright (no `playwright install`).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.harness import DESKTOP, PHONE, Server, into_view, launch, open_app, type_text  # noqa: E402

TIMEOUT = 20000

# A sales round: Ann, Ben and Cat, four cards each (the example deck), Ann leading;
# every card played wins or goes with no discard icon, so the round is four sales.
SALES = [("Ann", "sun-4"), ("Ben", "sun-8"), ("Cat", "sun-10"),          # Ann wins, leads again
         ("Ann", "rain-8"), ("Ben", "rain-4"), ("Cat", "rain-6"),        # Ben wins
         ("Ben", "snow-7"), ("Cat", "snow-5"), ("Ann", "snow-9"),        # Cat wins
         ("Cat", "wind-6"), ("Ann", "wind-7"), ("Ben", "wind-4")]        # Ben wins: the hands are empty

# A burger round: three players (five ingredients, BU-2), one rat; Ann plays tongs and
# Ben too, Cat tease (BU-4); Ann finishes a hamburger (BU-5).
BURGER_DECKS = [["bottom bun", "patty", "cheese"], ["top bun", "rat"], ["onion"]]
BURGER_TOOLS = {"Ann": "tongs", "Ben": "tongs", "Cat": "tease"}


@dataclass
class Count:
    clicks: int = 0
    keys: int = 0
    scrolls: int = 0

    def click(self) -> None:
        self.clicks += 1

    def key(self, n: int = 1) -> None:
        self.keys += n

    def scroll(self) -> None:
        self.scrolls += 1


def _see(page, text: str | re.Pattern) -> None:
    page.get_by_text(text).first.wait_for(timeout=TIMEOUT)


def _into_view(page, found, count: Count) -> None:
    found.wait_for(timeout=TIMEOUT)
    into_view(page, found, count.scroll)


def _tap(page, count: Count, name: str | re.Pattern, exact: bool = False) -> None:
    found = page.get_by_role("button", name=name, exact=exact).first
    _into_view(page, found, count)
    found.click()
    count.click()


def _chip(page, count: Count, card_id: str) -> None:
    """A card of the deck tapped; brought into view by scrolling, as a player does."""
    chip = page.locator(f'[flt-semantics-identifier="card-{card_id}"]').first
    for _ in range(30):
        if chip.count():
            break
        count.scroll()
        page.mouse.move(180, (page.viewport_size or PHONE)["height"] // 2)
        page.mouse.wheel(0, 300)
        page.wait_for_timeout(150)
    _into_view(page, chip, count)
    chip.click()
    count.click()


def _top(page) -> None:
    """Back to the top of the screen (a player's thumb; the round's next step starts there)."""
    page.mouse.move(180, 300)
    page.mouse.wheel(0, -20000)
    page.wait_for_timeout(200)


def sales_round(page, count: Count) -> None:
    """Round 1 of the sales game set up by ``main``: four sales, each card picked from
    the deck, each sale recorded and its result read (a tap on from a result screen
    where there is one); then round 2 started."""
    for i, (player, card_id) in enumerate(SALES):
        _see(page, f"{player}'s card")
        _chip(page, count, card_id)
        page.get_by_text(f"{player}'s card", exact=True).first.wait_for(state="detached", timeout=TIMEOUT)
        if i % 3 == 2:
            _tap(page, count, "Record sale")
            page.get_by_role("button", name="Record sale").first.wait_for(state="detached", timeout=TIMEOUT)
            on = page.get_by_role("button", name=re.compile(r"^(Next sale|Round 1 over)$"))
            if on.count():     # a result screen with a step of its own before the next sale
                _tap(page, count, re.compile(r"^(Next sale|Round 1 over)$"))
            _top(page)
    _tap(page, count, "Start round 2")
    _see(page, "Round 2, sale 1: Ben leads; Ben to play.")


def burger_round(page, count: Count) -> None:
    """Round 1 of the burger game set up by ``main``: the decks by the card buttons,
    the tool cards passed round the phone and revealed, Ann's hamburger counted, the
    round submitted and its result read; then on to round 2."""
    for number, cards in enumerate(BURGER_DECKS, 1):
        for c in cards:
            _tap(page, count, f"Deck {number}: add rat" if c == "rat" else f"Deck {number}: put {c}")
    _see(page, re.compile(r"^5 of 5 ingredients placed"))
    for player, kind in BURGER_TOOLS.items():
        _tap(page, count, f"{player}: show my tool cards")
        _tap(page, count, f"{player} plays {kind}")
        _see(page, f"{player}: card down")
    _tap(page, count, "Reveal all tool cards")
    _see(page, "Taking the decks (BU-4)")
    _tap(page, count, "Ann: one hamburger more")
    _see(page, "Ann: 1 hamburger")
    _tap(page, count, "Submit round")
    page.get_by_text("Round 1", exact=True).first.wait_for(timeout=TIMEOUT)
    _tap(page, count, "Next round")
    _see(page, re.compile(r"^Round 2 · first player"))


# ---------------------------------------------------------------- setting up (not counted)


def _type(page, label: str, text: str) -> None:
    type_text(page, page.get_by_role("textbox", name=label).first, text)


def _names(page, players: list[str]) -> None:
    for i, name in enumerate(players, 1):
        if not page.get_by_role("textbox", name=f"Player {i}").count():
            _press(page, "Add player")
        _type(page, f"Player {i}", name)
        page.get_by_role("radio", name=name).first.wait_for(timeout=TIMEOUT)


def _press(page, name: str) -> None:
    """A button tapped in the setup (not counted)."""
    _tap(page, Count(), name)


def setup_sales(page) -> None:
    _press(page, "New Sales match")
    _see(page, "New Sales game")
    _names(page, ["Ann", "Ben", "Cat"])
    _type(page, "Cards dealt per hand each round", "4")
    _see(page, "4 cards per")
    page.get_by_role("radio", name="Ann").click()
    _press(page, "Start game")
    _see(page, "Round 1, sale 1: Ann leads; Ann to play.")


def setup_burger(page) -> None:
    _press(page, "New Burger match")
    page.get_by_role("textbox", name="Player 1").wait_for(timeout=TIMEOUT)
    _names(page, ["Ann", "Ben", "Cat"])
    page.wait_for_timeout(300)
    _press(page, "Start game")
    _see(page, "Round 1 · first player: Ann")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--desktop", action="store_true", help="a 1280×860 window instead of a 360×740 phone")
    args = parser.parse_args()
    viewport = DESKTOP if args.desktop else PHONE
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = launch(pw)
        try:
            for name, setup, play in [("sales", setup_sales, sales_round), ("burger", setup_burger, burger_round)]:
                server = Server(Path(tmp) / name)        # a fresh app for each game: its home screen
                server.start()
                ctx, page = open_app(browser, server.url, viewport)
                page.set_default_timeout(TIMEOUT)
                try:
                    setup(page)
                    count = Count()
                    play(page, count)
                    print(f"{name} round ({'desktop' if args.desktop else 'phone'}): {count.clicks} clicks, "
                          f"{count.keys} keys, {count.scrolls} scrolls")
                finally:
                    ctx.close()
                    server.stop()
        finally:
            browser.close()


if __name__ == "__main__":
    main()
