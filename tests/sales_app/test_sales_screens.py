"""The sales table's components drawn without a browser (each component's own body,
once, on a tab over a real store): the record is replayed once per render, by the
table screen, and handed down; a button drawn does what it says; the table and the
phones draw a sale's result from one function."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.core import registry
from companion.games.sales import actions, forms, present, rules, sale_entry, setup_form, summaries, table_screen
from companion.games.sales.deckfiles import DECK, deck_file
from companion.games.sales.seat import SEAT
from companion.store import Store
from tests.conftest import run_async
from tests.render import controls, draw, texts
from tests.tabs import tab

PLAYERS = ["Ann", "Ben", "Cat"]
EXAMPLE_DECK = str(Path(__file__).resolve().parents[2] / "assets" / "decks" / "example-weather.json")


def c(suit: str, value: int, discard: int = 0) -> dict:
    return {"suit": suit, "value": value, "discard": discard}


def tap(root: Any, label: str) -> None:
    (button,) = [c for c in controls(root) if isinstance(c, ft.Button) and c.content == label]
    done = button.on_click(None)
    if inspect.iscoroutine(done):
        run_async(done)


@pytest.fixture
def replays(monkeypatch) -> list[int]:
    """How often the rules replayed a record since the test began (a replay begins with
    the rules' ``start``: the registry's one replay, whatever asks it)."""
    count = [0]
    real = rules.start

    def counted(record: Any) -> Any:
        count[0] += 1
        return real(record)

    monkeypatch.setattr(rules, "start", counted)
    return count


def table(store: Store, *sales: tuple[dict, ...]) -> tuple[Any, int]:
    """A tab at a match of Ann, Ben and Cat (2 cards each, the example deck) after ``sales``."""
    shell = tab(store)
    mid = store.create_match("sales", PLAYERS, setup_form.new_record(PLAYERS, hand_size=2))
    store.set_match_setting(mid, DECK, EXAMPLE_DECK)
    for cards in sales:
        for card in cards:
            actions.add_card(actions.open_table(shell, mid), card, None)
        actions.record_sale(actions.open_table(shell, mid))
    return shell, mid


def test_the_table_screen_replays_the_record_once_and_hands_it_down(store, replays):
    shell, mid = table(store, (c("sun", 5), c("sun", 6), c("sun", 7)))
    registry._replays.clear()          # nothing remembered: the screen's own replays are counted
    replays[0] = 0
    drawn = draw(table_screen.TableScreen, shell, mid)
    assert replays[0] == 1
    assert "Sales · round 1 of 3" in [t.value for t in controls(drawn) if isinstance(t, ft.Text)]
    t = actions.open_table(shell, mid)
    game = present.played(t.record)
    deck = deck_file(EXAMPLE_DECK).deck
    sv = present.sale_view(game)
    replays[0] = 0
    entry = draw(sale_entry.Entry, t, game, deck, t.ui)
    draw(sale_entry.CardEntry, t, deck, game, sv, t.ui, ())
    draw(sale_entry.DeckPicker, t, deck, game, "Ann", (), "")
    draw(sale_entry.AttributeEntry, t, deck, "Ann", forms.CardDraft())
    actions.open_sale(t, (0, 0))
    opened = actions.open_table(shell, mid).ui
    draw(table_screen.SaleDetail, t, game, opened)
    table_screen._last_sale(game, forms.TableUI(last=(0, 0)))
    assert replays[0] == 0                     # the components draw the replay they are given
    assert summaries.score_grid(game) == (PLAYERS, [summaries.GridLine("Score now", ["5", "0", "0"], True),
                                                  summaries.GridLine("Round 1", ["+5", "0", "0"])])
    assert "Scores so far" in texts(drawn) and "Scores so far" not in texts(entry)


def test_record_sale_drawn_records_the_sale(store):
    shell, mid = table(store)
    for card in (c("sun", 5), c("sun", 6), c("rain", 1)):
        actions.add_card(actions.open_table(shell, mid), card, None)
    t = actions.open_table(shell, mid)
    entry = draw(sale_entry.Entry, t, present.played(t.record), None, t.ui)
    assert "Round 1, sale 1: every player has played." in texts(entry)
    tap(entry, "Record sale")
    assert [p["card"] for p in store.match(mid).current.record["rounds"][0]["sales"][0]["plays"]] == [
        c("sun", 5), c("sun", 6), c("rain", 1)]
    t = actions.open_table(shell, mid)
    result = ft.Column(table_screen._last_sale(present.played(t.record), t.ui))    # over the next sale's entry
    assert "Ann wins with the sun 5" in texts(result)


def test_the_table_and_the_phones_draw_a_sale_alike(store):
    shell, mid = table(store, (c("sun", 5), c("sun", 6), c("sun", 7)))
    record = store.match(mid).current.record
    on_phones = present.resolution_view(SEAT.resolution(record, None), tuple(PLAYERS))
    assert on_phones == present.sale_result(present.played(record))
    assert on_phones.headline == "Ann wins with the sun 5" and on_phones.next_leader == "Ann"
    drawn = ft.Column(table_screen._last_sale(present.played(record), forms.TableUI(last=(0, 0))))
    assert on_phones.explanation in texts(drawn)


def test_a_sale_recorded_shows_its_result_over_the_next_entry_and_undo_asks_first(store):
    """A sale recorded went to a result screen with "Next sale" and "Undo this sale" in
    one row: now its result sits over the next sale's entry (no tap between two sales),
    and the undo, under the sales list, asks first and says what it did under it."""
    shell, mid = table(store, (c("sun", 5), c("sun", 6), c("sun", 7)))
    t = actions.open_table(shell, mid)
    assert t.ui.mode == "entry" and t.ui.last == (0, 0)
    over = texts(ft.Column(table_screen._last_sale(present.played(t.record), t.ui)))
    assert over[:2] == ["Round 1, sale 1: result", "Ann wins with the sun 5"]
    screen = draw(table_screen.TableScreen, shell, mid)
    assert not [x for x in controls(screen) if isinstance(x, ft.Button) and x.content in ("Next sale",
                                                                                          "Undo this sale")]
    listed = ft.Column(table_screen._sales_list(t, present.played(t.record), t.ui))
    tap(listed, "Undo last sale")
    assert len(store.match(mid).current.record["rounds"][0]["sales"]) == 1      # asked, not undone
    t = actions.open_table(shell, mid)
    asked = ft.Column(table_screen._sales_list(t, present.played(t.record), t.ui))
    assert "Undo round 1, sale 1? Its cards come back for entry." in texts(asked)
    tap(asked, "Undo")
    assert store.match(mid).current.record["rounds"] == []
    t = actions.open_table(shell, mid)
    listed = ft.Column(table_screen._sales_list(t, present.played(t.record), t.ui))
    assert texts(listed) == ["Round 1, sale 1 undone; its cards are back for entry."]
    assert t.ui.last is None


def test_a_quick_second_tap_reaches_the_same_button_when_the_entry_grows(store):
    """What comes and goes above a button is keyed, so the button keeps its control's id
    through the redraw, and a tap sent before the redraw arrived reaches it: the last
    card played puts "Record sale" above "Take back the last card"; changing a sale, the
    last card entered puts the error line where the card entry was, above "Cancel"; a
    set picked for a card entered by attributes puts the icon it collects above
    "Ann plays this card"."""
    from companion.games.sales import changes
    from tests.render import redrawn

    def button(root: Any, label: str) -> ft.Control:
        return next(x for x in controls(root) if isinstance(x, ft.Button) and x.content == label)

    def held(label: str, before: Any, after: Any) -> None:
        redrawn(before, after)
        assert button(after, label)._i == button(before, label)._i, label

    shell, mid = table(store)
    for card in (c("sun", 5), c("sun", 6)):
        actions.add_card(actions.open_table(shell, mid), card, None)

    def entry() -> Any:
        t = actions.open_table(shell, mid)
        return draw(sale_entry.Entry, t, present.played(t.record), None, t.ui)

    before = entry()
    actions.add_card(actions.open_table(shell, mid), c("rain", 1), None)
    held("Take back the last card", before, entry())

    def attrs() -> Any:
        t = actions.open_table(shell, mid)
        return draw(sale_entry.AttributeEntry, t, None, "Ann", t.ui.attrs)

    actions.record_sale(actions.open_table(shell, mid))
    before = attrs()
    actions.set_attrs(actions.open_table(shell, mid), set_kind="1x")
    held("Ann plays this card", before, attrs())

    t = actions.open_table(shell, mid)
    actions.open_sale(t, (0, 0))
    actions.change_sale(actions.open_table(shell, mid), changes.plays_of(t.record, 0, 0))
    actions.take_back(actions.open_table(shell, mid))

    def edit() -> Any:
        t = actions.open_table(shell, mid)
        return draw(sale_entry.EditSale, t, None, t.ui)

    before = edit()
    actions.add_card(actions.open_table(shell, mid), c("rain", 1), None)
    assert len(actions.open_table(shell, mid).ui.edit_plays) == 3
    held("Cancel", before, edit())


def test_a_sale_recorded_leaves_the_sales_list_buttons_their_ids(store):
    """A sale recorded puts its line on top of the sales list. The lines are keyed by
    their sale, so "Open round 1, sale 1" and the undo keep their controls' ids through
    that redraw: a tap sent before it arrived opens the sale it was meant for (not the
    one recorded since) and reaches the undo."""
    from tests.render import redrawn

    shell, mid = table(store, (c("sun", 5), c("sun", 6), c("sun", 7)))

    def listed() -> ft.Column:
        t = actions.open_table(shell, mid)
        return ft.Column(table_screen._sales_list(t, present.played(t.record), t.ui))

    def ids(root: Any) -> list[int]:
        return [x._i for x in controls(root) if isinstance(x, (ft.Button, ft.TextButton)) and (
            x.content == "Undo last sale" or str(x.content).startswith("Open round 1, sale 1:"))]

    before = listed()
    for card in (c("sun", 1), c("sun", 2), c("sun", 3)):
        actions.add_card(actions.open_table(shell, mid), card, None)
    actions.record_sale(actions.open_table(shell, mid))
    after = listed()
    assert any(str(x.content).startswith("Open round 1, sale 2:") for x in controls(after)
               if isinstance(x, ft.TextButton))
    redrawn(before, after)
    assert len(ids(before)) == 2 and ids(after) == ids(before)


def test_a_deck_picked_in_the_setup_leaves_start_game_its_id(store):
    """The lines about the deck picked (its summary, its faults, the path to type) come
    and go above "Start game"; they are keyed, so the button keeps its control's id
    through the redraw and a tap sent right after the pick reaches it."""
    from dataclasses import replace

    from companion.games.sales.setup_screen import SETUP, SetupScreen
    from tests.render import redrawn

    shell = tab(store)

    def ids(root: Any) -> list[int]:
        return [x._i for x in controls(root) if isinstance(x, ft.Button) and x.content in (
            "Sales decks: make or edit one", "Start game")]

    before = draw(SetupScreen, shell)
    assert "Pick a file" not in [x.content for x in controls(before) if isinstance(x, ft.Button)]
    shell.set_ui(SETUP, lambda d: replace(d, deck=setup_form.OTHER), setup_form.SetupDraft())
    after = draw(SetupScreen, shell)
    assert "Pick a file" in [x.content for x in controls(after) if isinstance(x, ft.Button)]     # the path's row
    redrawn(before, after)
    assert len(ids(before)) == 2 and ids(after) == ids(before)


def test_a_search_typed_leaves_each_card_of_the_picker_its_id(store):
    """A letter typed in the deck's search leaves fewer groups and cards. They are keyed
    by suit and card, so each card left keeps its button's id through the redraw: a tap
    sent before it arrived plays that card, not the one drawn at its old place."""
    from tests.render import redrawn

    shell, mid = table(store)
    t = actions.open_table(shell, mid)
    game = present.played(t.record)
    deck = deck_file(EXAMPLE_DECK).deck

    def chips(root: Any) -> dict[str, int]:
        return {x.identifier: x.content._i for x in controls(root) if isinstance(x, ft.Semantics)
                and str(x.identifier).startswith("card-")}

    before = draw(sale_entry.DeckPicker, t, deck, game, "Ann", (), "")
    after = draw(sale_entry.DeckPicker, t, deck, game, "Ann", (), "rain")
    left = chips(after)
    assert left and len(left) < len(chips(before))
    redrawn(before, after)
    assert chips(after) == {k: i for k, i in chips(before).items() if k in left}
