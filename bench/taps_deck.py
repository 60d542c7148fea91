"""Benchmark (not a test): what entering a whole sales deck costs a player, in taps and keys.

    python bench/taps_deck.py [--desktop]

In Debian chromium (the e2e harness, web mode) at 360×740, a player makes a new deck in
the app's deck editor and enters the 45 cards of the shipped example
(``assets/decks/example-weather.json``): first its name, suits and icons, typed, then
card by card with the suit chips, the value buttons, "same again, next value" and the
toggles (discard icons, icons, set), choosing for each card the way that costs fewer
taps, as a player soon learns to. Every click, key and typed key is counted as
``bench/taps_cards.py`` counts them (its ``Count``, ``_tap``), scrolls apart. Prints the
naming, the cards, the taps per card (cards alone, and with the naming), and checks
that the deck the store keeps has the example's cards, attribute for attribute.

Needs Debian chromium at /usr/bin/chromium and playwright (no `playwright install`).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.taps_cards import TIMEOUT, Count, _see, _tap  # noqa: E402
from companion.games.sales import deck_operations  # noqa: E402
from companion.games.sales.deck import shipped_decks  # noqa: E402
from companion.games.sales.deck_editor_screen import card_line  # noqa: E402
from tests.e2e.harness import DESKTOP, PHONE, Server, launch, open_app  # noqa: E402

NAME = "Weather"


def reach(page, found) -> Any:
    """``found`` brought into the accessibility tree by scrolling down, then up (a
    canvas page has only what is near the screen in it), as a player scrolls to it."""
    height = (page.viewport_size or PHONE)["height"]
    for step in [300] * 15 + [-300] * 30:
        if found.count():
            return found.first
        page.mouse.move(180, height // 2)
        page.mouse.wheel(0, step)
        page.wait_for_timeout(150)
    return found.first


def press(page, count: Count, name: str) -> None:
    """A button tapped (counted), scrolled to first if it is away from the screen."""
    reach(page, page.get_by_role("button", name=name, exact=True))
    _tap(page, count, name, exact=True)


def typed(page, count: Count, label: str, text: str, enter: bool = False) -> None:
    """A field tapped and ``text`` typed into it (each key counted), then Enter."""
    field = reach(page, page.get_by_role("textbox", name=label))
    field.click()
    count.click()
    page.wait_for_function("el => document.activeElement === el", arg=field.element_handle(), timeout=TIMEOUT)
    page.keyboard.type(text, delay=40)
    count.key(len(text))
    if enter:
        page.keyboard.press("Enter")
        count.key()


# ---------------------------------------------------------------- choosing the taps


def plan(prev: dict | None, suit: str, target: dict) -> tuple[list[str], str]:
    """The taps that enter ``target`` after ``prev`` (the card just entered; ``suit``
    the suit chip picked), the cheaper of "same again, next value" and a value button;
    and the suit picked after."""
    target_id = target["id"]

    def fix(start: dict) -> list[str]:
        taps = []
        if start["discard"] != target["discard"]:
            taps.append(f"{target_id}: {target['discard']} discard icons")
        for icon in [*start["icons"], *target["icons"]]:
            if (icon in start["icons"]) != (icon in target["icons"]) and f"{target_id} shows {icon}" not in taps:
                taps.append(f"{target_id} shows {icon}")
        if "set" in target:
            kind = {"1x": "1x set", "neighbor": "Neighbor set"}[target["set"]["kind"]]
            taps.append(f"{target_id}: {kind}")
            first = target["icons"][0] if target["icons"] else None
            if target["set"]["icon"] != first:
                taps.append(f"{target_id} collects {target['set']['icon']}")
        return taps

    plain = {"discard": 0, "icons": []}
    by_value = ([] if suit == target["suit"] else [f"Suit {target['suit']}"]) + \
        [f"Add {target['suit']} {target['value']}"] + fix(plain)
    if prev is not None and prev["suit"] == target["suit"] and prev["value"] + 1 == target["value"]:
        again = ["Same again, next value", *fix(prev)]
        if len(again) <= len(by_value):
            return again, suit
    return by_value, target["suit"]


def enter_deck(page, example: dict) -> tuple[Count, Count]:
    """The deck made and entered on a page at the home screen; (naming, cards) counts."""
    naming, cards = Count(), Count()
    press(page, naming, "Sales decks")
    press(page, naming, "New deck")
    _see(page, "A new deck")
    typed(page, naming, "Deck name", NAME)
    _see(page, re.compile(f"^{NAME}$"))
    typed(page, naming, "New suits", ", ".join(example["suits"]), enter=True)
    page.get_by_role("button", name=f"Rename suit {example['suits'][-1]}").wait_for(timeout=TIMEOUT)
    typed(page, naming, "New icons", ", ".join(example["icons"]), enter=True)
    page.get_by_role("button", name=f"Rename icon {example['icons'][-1]}").wait_for(timeout=TIMEOUT)

    prev: dict | None = None
    suit = example["suits"][0]
    for n, target in enumerate(example["cards"], 1):
        taps, suit = plan(prev, suit, target)
        for i, name in enumerate(taps):
            press(page, cards, name)
            if i == 0 and not name.startswith("Suit "):      # the new card is drawn, picked
                reach(page, page.get_by_role("button", name=f"{target['id']}: 0 discard icons")).wait_for(
                    timeout=TIMEOUT)
        want = f"Card {n} of {n}: {card_line(target)}"
        reach(page, page.get_by_text(want, exact=True)).wait_for(timeout=TIMEOUT)
        prev = target
    return naming, cards


def stored_deck(data_dir: Path) -> dict:
    from companion.store import Store, library

    store = Store(data_dir / "companion.sqlite3")
    try:
        (item,) = library.items(store, "sales")
        return json.loads(item.body)
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--desktop", action="store_true", help="a 1280×800 window instead of a 360×740 phone")
    args = parser.parse_args()
    viewport = DESKTOP if args.desktop else PHONE
    example = json.loads(shipped_decks()[0].read_text(encoding="utf-8"))
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = launch(pw)
        server = Server(Path(tmp) / "data")
        server.start()
        try:
            ctx, page = open_app(browser, server.url, viewport)
            page.set_default_timeout(TIMEOUT)
            try:
                naming, cards = enter_deck(page, example)
            finally:
                ctx.close()
            got = stored_deck(server.data_dir)
        finally:
            server.stop()
            browser.close()
    n = len(example["cards"])
    same = got["cards"] == example["cards"] and got["suits"] == example["suits"] and got["icons"] == example["icons"]
    name_taps, card_taps = naming.clicks + naming.keys, cards.clicks + cards.keys
    where = "desktop" if args.desktop else "phone"
    print(f"deck entry ({where}, {n} cards of {shipped_decks()[0].name}):")
    print(f"  naming (deck, {len(example['suits'])} suits, {len(example['icons'])} icons): {naming.clicks} clicks, "
          f"{naming.keys} keys, {naming.scrolls} scrolls = {name_taps} taps")
    print(f"  cards: {cards.clicks} clicks, {cards.keys} keys, {cards.scrolls} scrolls = {card_taps} taps")
    print(f"  taps per card: {card_taps / n:.2f} (cards alone), {(name_taps + card_taps) / n:.2f} (with the naming)")
    print(f"  the stored deck has the example's suits, icons and cards: {'yes' if same else 'NO'}"
          + ("" if not deck_operations.faults(got).count else f"; {deck_operations.faults(got).count} faults"))
    if not same:
        raise SystemExit("the deck entered differs from the example")


if __name__ == "__main__":
    main()
