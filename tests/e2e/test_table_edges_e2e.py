"""The table's last sharp edges (issue 25), each in a real browser (Debian chromium +
Playwright), as a group meets them by playing a whole game or by tapping fast: a bid of
more hot dogs than its table holds, entered in both modes and lit again when its round
is changed (HD-6, HD-8); Start game 2 opening at its top, a double tap on it picking no
bid; the first tap of a round moving nothing; the step-by-step reveal showing no money
before its step; a round costing at most two scrolls at 390×844 either way; after a
kill -9 the reconnected tab opening each new screen at its top; /match/N reopening on
the table; Back from a match just started; the burger stack check begun from the
hamburger kept from earlier rounds; the setups saying an empty name only once its
field was left or Start tapped, their names surviving kill -9, the Hot Dog setup's
entry modes uncut at 390 px; the CSV's announced; passing mode's wording and a
refusal's capital. Screenshots at 360×740 and 1280×800."""

from __future__ import annotations

import csv
import io
import re
import sqlite3
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.harness import DESKTOP, PHONE, Server, enable_semantics, scrolled, seeded_server, shot, type_text, waits
from tests.e2e.table import Table, hot_dog_chip, stored_match
from tests.e2e.test_burger_e2e import Burger, stored_burger
from tests.e2e.thumb import Thumb

pytestmark = pytest.mark.e2e

FOUR = ["Anna", "Bernd", "Chris", "Dora"]
THREE = ["Anna", "Bernd", "Chris"]
PLAYER_PHONE = {"width": 390, "height": 844}
ROUND1 = {"Anna": (5, 2, 0), "Bernd": (5, 3, 2), "Chris": (9, 4, 0), "Dora": (9, 3, 1)}


def chosen_chips(t: Table) -> int:
    """How many bid chips are lit on the screen."""
    return t.pg.locator('[flt-semantics-identifier^="bid-"] [aria-current="true"]').count()


def box(t: Table, label: str) -> tuple[float, float]:
    found = t.labelled(label).first.bounding_box()
    assert found is not None, label
    return round(found["x"], 1), round(found["y"], 1)


def still_boxes(t: Table, labels: list[str]) -> dict[str, tuple[float, float]]:
    """Where ``labels`` are once the screen has stopped moving (a new scene is laid out
    and scrolled to its top a moment after its first text shows): the same four times
    running, 0.6 s in all. A single look 0.5 s after a tap once found every chip 22 px
    left and 331 px up of where it rests (a loaded CI machine, not seen here in any run
    since); a move that lasts is what a player's second tap would miss on."""
    seen: list[dict[str, tuple[float, float]]] = []
    for _ in range(40):
        seen = [*seen[-3:], {label: box(t, label) for label in labels}]
        if len(seen) == 4 and all(s == seen[0] for s in seen):
            return seen[0]
        t.pg.wait_for_timeout(200)
    raise AssertionError(f"the screen did not stop moving: {seen[-1]}")


# ---------------------------------------------------------------- HD-6, HD-8: a bid beyond the table


def test_a_bid_beyond_its_table_both_ways_hd6_hd8_passing_s_words_a_capital_and_match_n_reopening_on_the_table(
        chromium_browser, app_server):
    """The chips stopped at the table's value: "5 table, 6 hot dogs" is a legal bid that
    goes back (HD-6, HD-8), and the app made the player enter 5. On the way, one match
    makes three more journeys that each had a test and a table of their own: a refusal
    starts with a capital; passing the phone says what to tap of a secret bid; /match/N
    reopens on the table, not on the past round last opened."""
    with Table(chromium_browser, stored_match(app_server, THREE, "Anna"), PHONE) as t:
        t.click("Submit round")                              # nobody has bid: refused
        t.pg.get_by_text("Round 1: HD-6: Anna, Bernd and Chris have not bid yet: every player bids every round.",
                         exact=True).wait_for()
        t.bid("Anna", 5, 6, 1)                              # the table's "more" chip, one beyond its 5
        assert t.picked("Anna") == (5, 6, 1)
        t.bid("Bernd", 7, 9)                                # "8+", then once more: 9
        assert t.picked("Bernd") == (7, 9, 0)
        t.bid("Chris", 5, 2)
        shot(t.pg, "table-beyond-phone-entry")
        t.submit(1)
        t.see("Tables now")
        steps = t.step_texts()
        assert "5 table: Anna 6 hot dogs − $1 = $5: returned (no room)" in " ".join(steps)
        assert "7 table: Bernd 9 hot dogs − $0 = $9: returned (no room)" in " ".join(steps)
        t.click("Next round")
        t.entry_mode(passing=True)
        t.see("Not entered yet: tap the table and the hot dogs you bid.")
        assert not t.find("the bid lies with").count()        # a secret bid lies nowhere
        shot(t.pg, "table-pass-not-entered")
        t.pass_bid("Bernd", (5, 7, 0), "Chris")             # passing the phone: the same chips
        t.pass_bid("Chris", (5, 1, 0), "Anna")
        t.pass_bid("Anna", (7, 1, 0), None)
        t.see("Round 2: result")
        assert "5 table: Bernd 7 hot dogs − $0 = $7: returned (no room)" in " ".join(t.step_texts())
        t.click("Next round")
        t.click("Open round 1: Chris sold, Anna back, Bernd back")
        t.see("Bids as entered")
        t.see("Anna: 5 table, 6 hot dogs, $1")              # as the record keeps it

        # /match/N, typed in with a past round last opened: the table, not that round
        found = re.search(r"/match/(\d+)", t.pg.url)
        assert found is not None
        t.click("Home")
        # Home on screen before the address is typed, as a player sees it: the tab keeps
        # its Flet session across the load, and a Home tap still being handled when the
        # session comes back (its route_change to the typed address) once left Home on CI
        t.see("New Hot Dog match")
        t.pg.goto(f"{app_server.base}match/{found.group(1)}")
        enable_semantics(t.pg)
        t.see("Round 3 · mustard card: Chris")
        assert not t.find("Bids as entered").count()

        t.click("Open round 1: Chris sold, Anna back, Bernd back")
        t.click("Change bids")
        t.chosen(hot_dog_chip("Anna", 5, 6)).first.wait_for()   # its chip lit again
        t.chosen(hot_dog_chip("Bernd", 7, 9)).first.wait_for()
        shot(t.pg, "table-beyond-phone-change")


def test_an_imported_record_with_a_bid_beyond_its_table_lights_that_chip_hd8(chromium_browser, tmp_path):
    record = {"game": "hotdog", "players": THREE, "mustard": "Anna", "rounds": [{"bids": [
        {"player": "Anna", "table": 5, "hotdogs": 7, "dollars": 2},
        {"player": "Bernd", "table": 5, "hotdogs": 2}, {"player": "Chris", "table": 7, "hotdogs": 3}]}]}

    def seed(store) -> None:
        mid = store.create_match("hotdog", THREE, record)
        store.set_setting("current_match", str(mid))

    with seeded_server(tmp_path / "data", seed) as server, Table(chromium_browser, server.url, PHONE) as t:
        t.see("Round 2 · mustard card: Bernd")
        t.click("Open round 1: Bernd sold, Anna back, Chris sold")
        t.click("Change bids")
        t.chosen(hot_dog_chip("Anna", 5, 7)).first.wait_for()
        assert t.picked("Anna") == (5, 7, 2)


# ---------------------------------------------------------------- new screens: at their top, settled


def test_csv_says_announced_only_of_a_last_hot_dog_hd12_start_game_2_opens_at_its_top_a_double_tap_picks_no_bid(
        chromium_browser, app_server):
    """Start game N opened scrolled 340–540 px down, the finger that tapped left over a
    bid chip: a double tap picked a bid. Game 1's CSV, downloaded before, says "announced"
    only of its last hot dog (that check had a test and a table of its own, a game 1
    ended the same way)."""
    with Table(chromium_browser, stored_match(app_server, FOUR, "Anna"), PLAYER_PHONE) as t:
        for p, bid in ROUND1.items():
            t.bid(p, *bid)
        t.check("Anna: last hot dog")                      # announced: game 1 ends (HD-13)
        t.submit(1)
        t.click("End of game")
        t.see("Game 1 over")
        with t.pg.expect_download() as got:
            t.click("Match as CSV")
        rows = [r for r in csv.DictReader(io.StringIO(Path(got.value.path()).read_text(encoding="utf-8")))
                if r["row"] == "round"]
        said = {r["player"]: (r["last"], r["announced"]) for r in rows}
        assert all(said[p][1] in ("", "false", "False") for p in ("Bernd", "Chris", "Dora")), said
        assert said["Anna"][0].lower() == "true" and said["Anna"][1].lower() == "true", said
        t.pg.mouse.move(195, 400)
        t.pg.mouse.wheel(0, 3000)                           # down to the rounds list, as a player looks
        t.pg.wait_for_timeout(300)
        start = t.button("Start game 2").first
        t.into_view(start)
        assert (scrolled(t.pg) or 0) > 100
        where = start.bounding_box()
        assert where is not None
        x, y = where["x"] + where["width"] / 2, where["y"] + where["height"] / 2
        t.pg.mouse.click(x, y)
        t.see("Hot Dog · game 2 of 3")
        t.pg.wait_for_timeout(150)                          # the second tap of a quick double tap
        t.pg.mouse.click(x, y)
        t.pg.wait_for_timeout(1200)
        assert scrolled(t.pg) == 0
        assert chosen_chips(t) == 0                          # nothing picked under the finger
        t.see("Match after game 1 (HD-15)")
        shot(t.pg, "table-game-2-top")
        t.bid("Bernd", 7, 2)                                 # settled: the chips take taps again
        assert t.picked("Bernd") == (7, 2, 0)


def test_the_first_tap_of_a_round_moves_nothing_on_the_screen_and_a_chip_is_one_named_stop(chromium_browser,
                                                                                          app_server):
    """The entry-mode radios vanished on the first tap and everything moved up 84 px,
    the cards below ~38 px: a quick second tap landed on the row below. And a screen
    reader stopped twice on every chip: on a named node that did nothing when activated,
    then on the button itself, called "1"."""
    with Table(chromium_browser, stored_match(app_server, FOUR, "Anna"), PLAYER_PHONE) as t:
        t.play(1, ROUND1)
        t.click("Next round")
        t.see("Round 2 · mustard card: Bernd")
        marks = [hot_dog_chip("Anna", 5, 1), hot_dog_chip("Anna", 9, 9), hot_dog_chip("Bernd", 5, 1),
                 hot_dog_chip("Chris", 7, 3)]
        before = still_boxes(t, marks)
        t.bid("Anna", 7, 3)
        assert still_boxes(t, marks) == before           # where the screen comes to rest after the tap
        t.labelled("Anna: 1 dollar").first.wait_for()      # the dollars in the row the note held
        radio = t.pg.get_by_role("radio", name="Pass the phone").first
        assert radio.get_attribute("aria-disabled") == "true"   # still there, off until the next round
        card = t.pg.locator('[flt-semantics-identifier="bid-Anna"]')
        names = card.get_by_role("button").evaluate_all(
            "ns => ns.map(n => n.innerText || n.getAttribute('aria-label'))")
        assert "Anna: 7 table, 3 hot dogs" in names and "Anna: 1 dollar" in names
        assert all(n and n.startswith("Anna: ") for n in names), names    # one stop each, named in full
        t.pg.get_by_role("button", name="Anna: 1 dollar", exact=True).evaluate("n => n.click()")  # activated
        t.chosen("Anna: 1 dollar").first.wait_for()                        # as a screen reader does it


def test_the_step_by_step_reveal_shows_no_money_before_its_step(chromium_browser, app_server):
    """With step 1 of 4 shown, the money grid right under it showed the round's final money."""
    with Table(chromium_browser, stored_match(app_server, FOUR, "Anna"), PHONE) as t:
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            if size != "phone":                             # another new match, in a new tab
                t.new_tab(stored_match(app_server, FOUR, "Anna"), viewport)
            for p, bid in ROUND1.items():
                t.bid(p, *bid)
            t.submit(1)
            t.click("Reveal step by step")
            t.see("Next step (2 of 4)")
            t.see("Money before round 1 (HD-3: $3 at the start)")
            t.see_money({p: 3 for p in FOUR})               # before the round, not after it
            assert "Round 1" not in t.grid()
            assert not t.button("Next round").count()
            shot(t.pg, f"table-stepwise-{size}-step-1")
            t.click("Next step (2 of 4)")
            t.click("Next step (3 of 4)")
            t.see_money({p: 3 for p in FOUR})
            shot(t.pg, f"table-stepwise-{size}-step-3")
            t.click("Next step (4 of 4)")                   # the last step: the whole result
            t.see("Tables now")
            t.see_money({"Anna": 5, "Bernd": 4, "Chris": 3, "Dora": 2})
            shot(t.pg, f"table-stepwise-{size}-whole")
            t.button("Next round").first.wait_for()


def test_a_round_costs_at_most_two_scrolls_at_390x844_either_way(chromium_browser, app_server):
    """6 swipes a round from the table, 4 of them because Next round sat only at the top
    of the result, its money grid at the bottom: now Next round is under the grid too.
    Counted as bench/taps.py counts them (a thumb's swipes of a screen at a time)."""
    with Table(chromium_browser, stored_match(app_server, FOUR, "Anna"), PLAYER_PHONE) as t:
        thumb = Thumb(t.pg)
        t.see("Round 1 · mustard card: Anna")
        t.pg.wait_for_timeout(600)

        def tap(found) -> int:
            swipes = thumb.into_view(found)
            found.click()
            return swipes

        def chip(label: str) -> int:
            swipes = tap(t.labelled(label).first)
            t.chosen(label).first.wait_for()
            return swipes

        def read_result_then_next() -> int:
            t.see("Tables now")
            t.see(re.compile(r"^Money after round \d+: "))        # the money after it, at its top
            swipes = thumb.into_view(t.button("Next round").last)   # read down to its last line
            return swipes + tap(thumb.nearest(t.button("Next round")))

        from_table = 0
        for p, (table, hotdogs, dollars) in ROUND1.items():
            from_table += chip(hot_dog_chip(p, table, hotdogs))
            if dollars:
                from_table += chip(f"{p}: {dollars} dollar{'' if dollars == 1 else 's'}")
        from_table += tap(t.button("Submit round").first)
        from_table += read_result_then_next()
        t.see("Round 2 · mustard card: Bernd")
        shot(t.pg, "table-round-2-top-390")
        t.entry_mode(passing=True)
        passing = 0
        bids = {"Bernd": (9, 2, 0), "Chris": (7, 4, 1), "Dora": (5, 1, 0), "Anna": (7, 3, 0)}
        for p, to in (("Bernd", "Chris"), ("Chris", "Dora"), ("Dora", "Anna"), ("Anna", None)):
            t.see(f"{p}'s bid, in secret")
            table, hotdogs, dollars = bids[p]
            passing += chip(hot_dog_chip(p, table, hotdogs))
            if dollars:
                passing += chip(f"{p}: {dollars} dollar{'' if dollars == 1 else 's'}")
            passing += tap(t.button(f"Hide · pass to {to}" if to else "Hide · see the result").first)
        passing += read_result_then_next()
        assert from_table <= 2 and passing <= 2, (from_table, passing)


def test_after_a_kill_9_the_reconnected_tab_opens_each_new_screen_at_its_top(chromium_browser, tmp_path):
    """The result opened at y = −568 after the server was killed and started again, the
    tab reconnecting by itself; a reload put it right. (Flet numbered the restarted
    server's controls as before, and the tab kept its widgets listening to the old ones.)"""
    server = Server(tmp_path / "data")
    server.start()
    t = Table(chromium_browser, stored_match(server, FOUR, "Anna"), PLAYER_PHONE)
    try:
        t.play(1, ROUND1)
        t.into_view(t.labelled("money grid").first)
        assert (scrolled(t.pg) or 0) > 300
        server = server.restarted()                      # no reload: the tab reconnects by itself
        t.pg.wait_for_function("() => [...document.querySelectorAll('flt-semantics')].some(e =>"
                               " e.scrollHeight > e.clientHeight + 5 && e.scrollTop === 0)", timeout=waits(60_000))
        t.see("Round 1: result")                           # a new session: the table, where it was
        for _ in range(3):   # a tap in the moment the reconnected page is drawn anew can be lost: tap again
            t.button("Next round").first.click()
            try:
                t.find("Round 2 · mustard card: Bernd").first.wait_for(timeout=waits(5000))
                break
            except PlaywrightTimeout:
                continue
        t.see("Round 2 · mustard card: Bernd")
        t.pg.wait_for_timeout(1000)
        for p, bid in {"Anna": (7, 1, 0), "Bernd": (5, 1, 0), "Chris": (7, 2, 0), "Dora": (9, 1, 0)}.items():
            t.bid(p, *bid)                               # down the screen to Dora's card
        assert (scrolled(t.pg) or 0) > 300
        t.submit(2)
        t.pg.wait_for_timeout(800)
        assert scrolled(t.pg) == 0                       # the result at its top, Next round on screen
        shot(t.pg, "table-reconnected-result")
        t.into_view(t.button("Next round").last)
        assert (scrolled(t.pg) or 0) > 300
        t.button("Next round").last.click()
        t.see("Round 3 · mustard card: Chris")
        t.pg.wait_for_timeout(800)
        assert scrolled(t.pg) == 0
    finally:
        t.close()
        server.stop()


# ---------------------------------------------------------------- opening a match again


def test_the_hot_dog_setup_s_entry_modes_uncut_at_390_px_and_back_from_a_match_just_started_offers_the_way_back(
        chromium_browser, app_server):
    """The Hot Dog setup's entry modes read whole at 390 px (a test and a tab of its own
    before); then, at 360, Back from a match just started offers the way back to it, not
    a second match."""
    with Table(chromium_browser, app_server.url, PLAYER_PHONE) as t:
        t.click("New Hot Dog match")
        for text in ("The bids lie face up; one person enters them all.",
                     "Each player enters their own bid in secret."):
            line = t.find(text).first
            t.into_view(line)
            where = line.bounding_box()
            assert where is not None and where["x"] + where["width"] <= PLAYER_PHONE["width"], text
        shot(t.pg, "setup-hotdog-390-entry-modes")
        t.click("Home")
        t.pg.set_viewport_size(PHONE)
        t.setup(THREE, mustard="Anna")
        # The match's address in the bar before Back, as a player's Back comes. Flutter
        # hands the address to the browser's history after the frame that draws the round:
        # under load a Back taken between the two would leave the setup, not the match
        # (the likely cause of its one timeout in stop 40's CI; its trace was not kept)
        t.pg.wait_for_url(re.compile(r"/match/\d+$"))
        t.pg.go_back()
        t.see("You started a Hot Dog match with Anna, Bernd, Chris from this setup.")
        assert not t.pg.get_by_role("textbox", name="Player 1").count()
        assert not t.button("Start match").count()
        shot(t.pg, "setup-after-start-back")
        t.click("Back to that match")
        t.see("Round 1 · mustard card: Anna")
        with sqlite3.connect(app_server.data_dir / "companion.sqlite3") as db:
            assert db.execute("SELECT count(*) FROM matches").fetchone() == (1,)   # one match, not two


# ---------------------------------------------------------------- setups


def test_the_setups_say_an_empty_name_only_once_its_field_is_left_or_start_tapped(chromium_browser, app_server):
    """The sales and burger setups showed "SA-2 / BU-1: a player's name is empty" in red
    before anything was typed (Hot Dog's did not)."""
    with Table(chromium_browser, app_server.url, PHONE) as t:
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            for game, button, start, ruling in (("hotdog", "New Hot Dog match", "Start match", "HD-1"),
                                                ("sales", "New Sales match", "Start game", "SA-2"),
                                                ("burger", "New Burger match", "Start game", "BU-1")):
                if (size, game) != ("phone", "hotdog"):     # each setup opened anew from Home, as a player does
                    t.click("Home")
                    t.pg.set_viewport_size(viewport)
                    t.button(button).first.wait_for()
                t.click(button)
                first = t.pg.get_by_role("textbox", name="Player 1")
                first.wait_for()
                t.pg.wait_for_timeout(800)
                empty = f"{ruling}: a player's name is empty"
                assert not t.find(empty).count(), game
                shot(t.pg, f"setup-{game}-{size}")
                first.click()
                second = t.pg.get_by_role("textbox", name="Player 2")
                second.click()                                            # Player 1 left, empty
                t.find(empty).first.wait_for()
                assert t.find(empty).count() == 1, game                   # under Player 1 only
                # Player 2 left too before Start is tapped. At desktop size (a mouse) under load, a
                # click that also takes the focus off a text field was now and then lost by
                # Flutter's web engine (the blur drawn, the tap not taken): 2 of 2 CI runs of stop
                # 40 and 1 of 2 loaded runs here, never alone. The field's refusal is checked
                # above; what Start says is checked below.
                second.press("Tab")
                t.pg.wait_for_function("n => document.body.innerText.split(n).length - 1 >= 2", arg=empty)
                t.into_view(t.button(start).first)                       # scrolled to, as a player does
                t.click(start)
                try:
                    t.pg.wait_for_function("n => document.body.innerText.split(n).length - 1 >= 3", arg=empty)
                except Exception:   # playwright's TimeoutError: keep what the screen showed
                    shot(t.pg, f"failed-setup-{game}-{size}-start-tapped")
                    raise
                assert t.pg.get_by_role("textbox", name="Player 1").count()   # still the setup
                shot(t.pg, f"setup-{game}-{size}-start-tapped")


def test_names_typed_in_a_setup_survive_a_kill_9(chromium_browser, tmp_path):
    server = Server(tmp_path / "data")
    server.start()
    t = Table(chromium_browser, server.url, PHONE)
    try:
        t.click("New Hot Dog match")
        for i, name in enumerate(["Anna", "Bernd"], 1):
            # typed as a player types, the field's focus checked (a click that takes the focus
            # off another text field was lost now and then under load: CI, stop 40)
            type_text(t.pg, t.pg.get_by_role("textbox", name=f"Player {i}"), name)
            t.pg.get_by_role("radio", name=name).first.wait_for()    # the server saw it
        server = server.restarted()
        t.pg.reload()
        enable_semantics(t.pg)
        t.pg.get_by_role("textbox", name="Player 1").wait_for()
        for name in ("Anna", "Bernd"):                      # offered the mustard card: typed, and kept
            t.pg.get_by_role("radio", name=name).first.wait_for()
        shot(t.pg, "setup-hotdog-after-kill")
    finally:
        t.close()
        server.stop()


# ---------------------------------------------------------------- burger: the hamburger kept


def round_1_in_process(server, url: str) -> None:
    """Round 1 of the stored Burger game at ``url`` tapped in-process on ``server``'s store, as
    tests/whole_games plays a whole game (the same screens, without a browser): Ann alone
    plays tongs and takes every deck (a bottom bun and a patty kept for her hamburger),
    Submit, Next round."""
    from companion.store import Store
    from tests.whole_games.driver import App

    store = Store(server.data_dir / "companion.sqlite3")
    try:
        app = App(store)
        app.shell.continue_match(int(url.split("/match/")[1].split("?")[0]))
        app.see("Round 1 · first player: Ann")
        for number, cards in enumerate([["bottom bun", "patty"], ["onion", "mushroom"], ["lettuce"]], 1):
            for c in cards:
                app.tap(f"Deck {number}: put {c}")
        for p, kind in {"Ann": "tongs", "Ben": "tease", "Cat": "tease"}.items():
            app.tap(f"{p}: show my tool cards")
            app.tap(f"{p} plays {kind}")
        app.tap("Reveal all tool cards")
        app.see("Ann alone played tongs: Ann takes all three decks (BU-4).")
        app.tap("Submit round")
        app.tap("Next round")
        app.see("Round 2 · first player: Ann")
    finally:
        store.close()


def test_the_burger_stack_check_begins_with_the_hamburger_kept_from_earlier_rounds_bu5(chromium_browser, app_server):
    """The check was pre-filled with this round's decks only: 9 taps to finish it. Round 1
    (Ann takes every deck) is tapped in-process on the stored game; round 2 in the browser."""
    url = stored_burger(app_server, ["Ann", "Ben", "Cat"], tease=2)
    round_1_in_process(app_server, url)
    with Burger(chromium_browser, url, PHONE) as t:
        t.see("Round 2 · first player: Ann")
        for number, cards in enumerate([["lettuce", "onion"], ["cheese", "top bun"], ["mushroom"]], 1):
            for c in cards:
                t.click(f"Deck {number}: put {c}")
        t.tools({"Ann": "tongs", "Ben": "tongs", "Cat": "tease"})   # Ben takes decks 1 and 3, Ann deck 2
        t.click("Ann: check a stack against the recipe")
        t.see("Stack: bottom bun, patty, cheese, top bun")
        t.see("A complete Cheeseburger")
        t.into_view(t.find("Stack: bottom bun, patty, cheese, top bun").first)
        shot(t.pg, "burger-stack-kept")
        taps = t.taps
        t.click("Count Ann's hamburger")
        assert t.taps - taps == 1
        t.see("Ann: 1 hamburger")
