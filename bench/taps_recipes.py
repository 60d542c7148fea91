"""Benchmark (not a test): what entering a copy's recipe cards costs a player in the
recipe editor, in taps and keys.

    python bench/taps_recipes.py [--desktop]

In Debian chromium (the e2e harness, web mode, a 360×740 phone unless ``--desktop``) a
new recipe set is made and the shipped example is entered in it the way a player
does: its name typed, each ingredient card typed into the new card field and added
with Enter, each recipe added, named, and its ingredients tapped in from the chips.
Every click, key and typed key is counted (``bench/taps_cards.py``'s ``Count``); a
field already holding the focus is not tapped again. Prints the taps and keys per
ingredient card and per recipe, and checks that the set entered equals the example.
Opening the editor (home, the list, "New recipe set") is not counted.

Needs Debian chromium at /usr/bin/chromium and playwright (no `playwright install`).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from bench.taps_cards import TIMEOUT, Count, _tap  # noqa: E402
from tests.e2e.harness import DESKTOP, PHONE, Server, into_view, launch, open_app, type_text  # noqa: E402

EXAMPLE = ROOT / "assets" / "recipes" / "example.json"


def _focused(page, field) -> bool:
    return bool(page.evaluate("el => document.activeElement === el", field.element_handle()))


def _type(page, count: Count, label: str, text: str) -> None:
    """``text`` typed into the field ``label``: a tap on it unless it has the focus already."""
    field = page.get_by_role("textbox", name=label).first
    field.wait_for(timeout=TIMEOUT)
    into_view(page, field, count.scroll)
    if not _focused(page, field):
        count.click()
    type_text(page, field, text)
    count.key(len(text))


def enter(page, example: dict) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]], Count]:
    """The example entered in the editor open on a blank set: (taps and keys per
    ingredient card, per recipe, in all)."""
    count = Count()
    _type(page, count, "Name of the set", example["name"])
    cards: dict[str, tuple[int, int]] = {}
    for card in example["ingredients"]:
        before = (count.clicks, count.keys)
        _type(page, count, "New ingredient card", card)
        page.keyboard.press("Enter")
        count.key()
        page.get_by_role("button", name=f"Ingredient card {card}", exact=True).first.wait_for(timeout=TIMEOUT)
        cards[card] = (count.clicks - before[0], count.keys - before[1])
    recipes: dict[str, tuple[int, int]] = {}
    for number, recipe in enumerate(example["recipes"], 1):
        before = (count.clicks, count.keys)
        _tap(page, count, "New recipe")
        _type(page, count, f"Recipe {number} name", recipe["name"])
        for card in recipe["ingredients"]:
            _tap(page, count, f"Recipe {number}: add {card}", exact=True)
        expect(page.get_by_role("button", name=f"Recipe {number}: take out ")).to_have_count(
            len(recipe["ingredients"]), timeout=TIMEOUT)        # every tap seen by the server
        recipes[recipe["name"]] = (count.clicks - before[0], count.keys - before[1])
    ready = "Ready to use: 3 recipes, 5 ingredient cards. Pick it when you set up a Burger game."
    page.get_by_text(ready).or_(page.locator(f'[aria-label*="{ready}"]')).first.wait_for(timeout=TIMEOUT)
    return cards, recipes, count


def stored(data_dir: Path) -> dict:
    with sqlite3.connect(data_dir / "companion.sqlite3") as db:
        (body,) = db.execute("SELECT body FROM library WHERE game='burger'").fetchone()
    db.close()
    return json.loads(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--desktop", action="store_true", help="a 1280×800 window instead of a 360×740 phone")
    args = parser.parse_args()
    viewport = DESKTOP if args.desktop else PHONE
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = launch(pw)
        server = Server(Path(tmp))
        server.start()
        ctx, page = open_app(browser, server.url, viewport)
        page.set_default_timeout(TIMEOUT)
        try:
            _tap(page, Count(), "Burger recipe sets")            # opening the editor: not counted
            _tap(page, Count(), "New recipe set")
            page.get_by_role("textbox", name="Name of the set").wait_for(timeout=TIMEOUT)
            cards, recipes, count = enter(page, example)
            got = stored(server.data_dir)
        finally:
            ctx.close()
            server.stop()
            browser.close()

    where = "desktop" if args.desktop else "phone"
    for card, (clicks, keys) in cards.items():
        print(f"ingredient card {card!r} ({where}): {clicks} clicks, {keys} keys")
    for name, (clicks, keys) in recipes.items():
        print(f"recipe {name!r} ({where}): {clicks} clicks, {keys} keys")
    n_cards, n_recipes = len(cards), len(recipes)
    print(f"per ingredient card: {sum(c for c, _ in cards.values()) / n_cards:.1f} clicks, "
          f"{sum(k for _, k in cards.values()) / n_cards:.1f} keys")
    print(f"per recipe: {sum(c for c, _ in recipes.values()) / n_recipes:.1f} clicks, "
          f"{sum(k for _, k in recipes.values()) / n_recipes:.1f} keys "
          f"(per ingredient in a recipe: 1 click)")
    print(f"the whole example ({where}): {count.clicks} clicks, {count.keys} keys, {count.scrolls} scrolls")
    want = {k: example[k] for k in ("name", "ingredients", "recipes")}
    same = {k: got.get(k) for k in want} == want
    print("the set entered equals the example (name, ingredient cards, recipes): " + ("yes" if same else "NO"))
    if not same:
        print(json.dumps(got, indent=1))
        sys.exit(1)


if __name__ == "__main__":
    main()
