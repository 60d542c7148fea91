"""SA-16 on the sales screens, without a browser: the setup offers the largest hand size
up to 12 that the chosen deck deals the players, shows what each round deals at most
and refuses a size round 1 cannot deal; a round's start says what is dealt and why
before its first card; the phones wait for the table to deal; the card picker never
offers a player a deck of greyed-out cards; the printed sheet names each round's deal."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from companion.games.sales import actions, changes, forms, picker, present, printable, setup_form
from companion.games.sales.deck import Deck
from companion.games.sales.deckfiles import DECK, deck_file
from companion.games.sales.seat import SEAT
from companion.games.sales.setup_screen import SETUP
from tests.sales.helpers import c, ref
from tests.whole_games.driver import App

EXAMPLE_DECK = str(Path(__file__).resolve().parents[2] / "assets" / "decks" / "example-weather.json")
EXAMPLE = deck_file(EXAMPLE_DECK)
FOUR = ("Anna", "Bernd", "Chris", "Dora")


@pytest.mark.parametrize("names, mode, offered", [
    (FOUR, "competitive", "11"), (FOUR + ("Emil",), "competitive", "9"),
    (FOUR + ("Emil", "Fritz"), "competitive", "7"), (FOUR[:3], "competitive", "12"),
    (FOUR[:2], "coop", "12"), (("Hand 1", "Hand 2"), "solo", "12"),
])
def test_sa16_the_setup_offers_the_largest_hand_size_up_to_12_the_deck_deals(names, mode, offered):
    d = setup_form.SetupDraft(mode=mode, names=names)
    assert d.hand_size_for(EXAMPLE.deck) == offered
    assert setup_form.setup_problem(d, EXAMPLE) is None
    assert d.hand_size_for(None) == "12"                     # no deck chosen: the SA-2 default
    assert replace(d, hand_size="5").hand_size_for(EXAMPLE.deck) == "5"    # typed: kept


def test_sa16_the_setup_refuses_a_hand_size_round_1_cannot_deal():
    d = setup_form.SetupDraft(names=FOUR, hand_size="12")
    line = "SA-16: 4 players × 12 cards need 48 cards, and the deck holds 45: round 1 can deal at most 11 each"
    assert setup_form.setup_problem(d, EXAMPLE) == line
    assert setup_form.deal_refusal(4, 12, EXAMPLE.deck) == line
    assert setup_form.deal_plan_lines(4, 12, EXAMPLE.deck) == []
    assert setup_form.setup_problem(replace(d, names=FOUR[:3]), EXAMPLE) is None     # 36 of 45
    tiny = Deck.model_validate({"name": "tiny", "suits": ["sun"],
                                "cards": [{"id": f"s{i}", "suit": "sun", "value": i} for i in range(3)]})
    assert setup_form.deal_refusal(4, 1, tiny) == "SA-16: the deck holds 3 cards, fewer than the 4 players"
    assert setup_form.deal_refusal(2, 1, tiny) == (
        "SA-16: with 1 card each, round 3 could be left with fewer cards than the 2 players (house rule: "
        "every round deals each player at least one card); choose fewer")


def test_sa16_the_setup_shows_what_each_round_deals_at_most(store):
    app = App(store)
    app.tap("New Sales match")
    for i, name in enumerate(FOUR, 1):
        if not app.has_field(f"Player {i}"):
            app.tap("Add player")
        app.type(f"Player {i}", name)
    assert app.field("Cards dealt per hand each round") == "11"
    app.see("What each round deals with Example weather deck (edit me) (SA-16)")
    app.see("Round 1: 11 each, 44 of the 45 cards; 1 stays out")
    app.see("Round 2: at most 9 each (8 if no winner discards from hand)")
    app.see("Round 3: at most 7 each (6 if no winner discards from hand)")
    app.see("When they do not make 11 each, they are shared out evenly and the rest stay out (house rule, SA-16).")
    app.see("11 cards per round: house variant (SA-2); the deal chart is missing and the house rule default is 12. "
            "12 each would need 48 cards, and the deck holds 45 (SA-16).")
    app.tap("Remove Player 4")
    assert app.field("Cards dealt per hand each round") == "12"      # the offer follows the players
    app.see("Round 2: at most 12 each (11 if no winner discards from hand)")
    app.tap("Add player")
    app.type("Player 4", "Dora")
    app.type("Cards dealt per hand each round", "12")                  # typed: kept, and refused
    app.see("SA-16: 4 players × 12 cards need 48 cards, and the deck holds 45: round 1 can deal at most 11 each")
    assert not app.can_tap("Start game") and not app.sees("What each round deals with")
    app.type("Cards dealt per hand each round", "10")
    app.tap("Start game")
    assert store.match(app.match_id).current.record["hand_size"] == 10
    assert store.match_settings(app.match_id) == {DECK: str(Path(EXAMPLE_DECK).resolve())}
    assert SETUP not in app.shell.state.ui


def _round_1_of_eleven(store) -> tuple[App, int]:
    """A match of four at 11 cards with the example deck, round 1 recorded to its end
    (11 sales of sun and rain cards, nobody discarding)."""
    record = setup_form.new_record(list(FOUR), hand_size=11)
    sun = [c("sun", v) for v in range(1, 11)] + [c("rain", v) for v in range(1, 11)] + \
          [c("snow", v) for v in range(1, 11)] + [c("wind", v) for v in range(1, 11)]
    for s in range(11):
        entered: list = []
        for k in range(4):
            entered = forms.draft_play(record, entered, sun[(s * 4 + k) % 40]).plays
        record = changes.complete_sale(record, entered, 45).record
    mid = store.create_match("sales", list(FOUR), record)
    store.set_match_setting(mid, DECK, EXAMPLE_DECK)
    app = App(store)
    app.shell.go("match", match=mid)
    return app, mid


def test_sa16_a_rounds_start_says_what_is_dealt_and_why_before_its_first_card(store):
    app, mid = _round_1_of_eleven(store)
    told = "Round 2: 34 cards left after the 11 won: 8 each, 2 stay out (SA-16, house rule)."
    why = ("4 × 11 would need 44 cards: the cards left are shared out evenly and the rest stay out unused this "
           "round (house rule: the deal chart is missing).")
    app.see(told)                  # before "Start round 2": what it will deal
    app.see(why)
    app.tap("Start round 2")
    assert store.match(mid).current.record["rounds"][1] == {"hand_size": 8, "sales": []}
    app.see(told)
    app.see(why)
    app.see("Cards in hand: Anna 8 · Bernd 8 · Chris 8 · Dora 8")
    before_first = app.texts()
    assert before_first.index(told) < before_first.index("Round 2, sale 1: Anna leads; Anna to play.")
    for player in ("Anna", "Bernd", "Chris", "Dora"):    # the first sale: the deal is a line under the title now
        app.tap(app.names(f"{player} plays ")[0])
    app.tap("Record sale")
    app.see(told)
    assert not app.sees(why)


def test_sa16_the_phones_wait_for_the_table_to_deal_the_next_round(store):
    _app, mid = _round_1_of_eleven(store)
    record = store.match(mid).current.record
    assert SEAT.expected(record) == [] and not SEAT.over(record)
    refused = SEAT.check_bid(record, "Anna", {"card": c("sun", 1)}, {})
    assert refused == ("SA-16: round 2 is dealt at the table first: its 'Start round 2' says how many cards each "
                       "player gets")
    started = changes.start_next_round(record, 45).record
    assert SEAT.expected(started) == ["Anna", "Bernd", "Chris", "Dora"]
    assert SEAT.check_bid(started, "Anna", {"card": c("sun", 1)}, {}) is None


def test_sa16_the_picker_never_offers_a_deck_of_greyed_out_cards(store):
    """A deck file cut after the game began (four cards left of it): the record holds
    more cards than the deck, so every card is out of play; the table asks for the
    card by its attributes instead of a picker with nothing to tap."""
    app, mid = _round_1_of_eleven(store)
    app.tap("Start round 2")
    t = actions.open_table(app.shell, mid)
    game = present.played(t.record)
    won = [sale["card"] for sale in ref(dict(t.record))["rounds"][0]["sales"]][:4]    # kept by their winners
    small = Deck.model_validate({"name": "cut", "suits": ["sun", "rain", "snow", "wind"],
                                 "cards": [{"id": f"c{i}", **card} for i, card in enumerate(won)]})
    assert picker.all_out(small, game) and not picker.all_out(EXAMPLE.deck, game)
    path = Path(store.path).parent / "cut.json"
    path.write_text(json.dumps(small.model_dump(exclude_defaults=True)))
    store.set_match_setting(mid, DECK, str(path))
    app = App(store)
    app.shell.go("match", match=mid)
    app.see("Every card of the deck is out of play as the record stands (the deck file may have changed): "
            "enter Anna's card by its attributes (SA-1).")
    assert app.buttons("Anna plays this card") and app.names("Anna plays ") == []   # the attribute entry, no chip
    app.tap("Suit sun")
    app.type("Value", "3")
    app.tap("Anna plays this card")
    app.see("1. Anna (leads): sun 3")


def test_sa16_the_printed_sheet_and_the_csv_carry_each_rounds_deal(store):
    _app, mid = _round_1_of_eleven(store)
    record = changes.start_next_round(store.match(mid).current.record, 45).record
    sheet = printable.filled_sheet(record, ref(record))
    notes = [b.text for b in sheet.blocks if hasattr(b, "text")]
    assert ("Cards dealt each round: round 1: 11, round 2: 8. Cards won are not dealt again: a round whose cards "
            "left do not make 11 each shares them out evenly, the rest stay out.") in notes
    assert printable.round_deals(record) == [11, 8]
    full = printable.filled_sheet(setup_form.new_record(list(FOUR), hand_size=11), ref(setup_form.new_record(list(FOUR),
                                                                                                hand_size=11)))
    assert not [b for b in full.blocks if "SA-16" in getattr(b, "rulings", ())]


def test_sa16_history_names_a_short_round(store):
    app, mid = _round_1_of_eleven(store)
    app.tap("Start round 2")
    views = present.round_views(present.played(store.match(mid).current.record))
    assert [(v.dealt, v.short) for v in views] == [(11, False), (8, True)]
    app.shell.go("history_match", match=mid)
    app.see("Round 2 (in play)")
    app.see("8 cards each: the stock ran short (SA-16, house rule).")
    assert sum("the stock ran short" in t for t in app.texts()) == 1         # round 1 dealt the game's 11
