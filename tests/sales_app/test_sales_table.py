"""The sales table's operations over its session (companion.games.sales.actions), without
a browser: each tap is tried on a tab (the app's shell over a real store) and checked
in the store and in the tab's passing state. A second tap of the same button does
nothing more; a refused save is said beside the entry, which stays; the match is
finished when its one game is over; the deck comes from the match's own settings."""

from __future__ import annotations

from pathlib import Path

from companion.core.edits import Change
from companion.games.sales import actions, changes, forms, setup_form
from companion.games.sales.actions import TABLE, open_table
from companion.games.sales.deckfiles import DECK
from companion.store import Store
from companion.ui.table import open_match
from tests.tabs import tab

PLAYERS = ["Ann", "Ben"]
EXAMPLE_DECK = str(Path(__file__).resolve().parents[2] / "assets" / "decks" / "example-weather.json")


def c(suit: str, value: int, discard: int = 0) -> dict:
    return {"suit": suit, "value": value, "discard": discard}


def ui(shell) -> forms.TableUI:
    return shell.ui(TABLE).ui


def stored(store: Store, mid: int) -> dict:
    return store.match(mid).current.record


def play(shell, mid: int, *cards: dict) -> None:
    for card in cards:
        actions.add_card(open_table(shell, mid), card, None)


def one_sale_recorded(store: Store, hand_size: int):
    """A new match on a screen of its own: its first sale played (Ann's sun 5, Ben's
    sun 6) and recorded. Returns the match's id and the screen."""
    mid = store.create_match("sales", PLAYERS, setup_form.new_record(PLAYERS, hand_size=hand_size))
    a = tab(store)
    play(a, mid, c("sun", 5), c("sun", 6))
    actions.record_sale(open_table(a, mid))
    return mid, a


def test_a_sale_is_recorded_once_however_often_the_button_is_tapped(store):
    mid = store.create_match("sales", PLAYERS, setup_form.new_record(PLAYERS, hand_size=2))
    a = tab(store)
    play(a, mid, c("sun", 5), c("sun", 6))
    drawn = open_table(a, mid)                # the screen with "Record sale" on it
    actions.record_sale(drawn)
    actions.record_sale(drawn)                # a fast second tap on the same screen
    assert [len(r["sales"]) for r in stored(store, mid)["rounds"]] == [1]
    assert ui(a).mode == "entry" and ui(a).last == (0, 0) and ui(a).plays == ()   # the result over the entry
    assert ui(a).error == "Round 1: sale 1: SA-3: the sale has no plays: Ann leads"   # nothing to record
    play(a, mid, c("sun", 7))                 # the next sale's first card: the result has been read
    assert ui(a).mode == "entry" and ui(a).last is None and ui(a).at is None


def test_an_off_suit_play_is_asked_about_and_entered_once_sa14(store):
    mid = store.create_match("sales", PLAYERS, setup_form.new_record(PLAYERS, "coop", 2))
    a = tab(store)
    play(a, mid, c("rain", 9), c("sun", 1))
    assert ui(a).question == "Ben's sun 1 is off suit: confirm Ben has no rain card and no wild (SA-14)"
    assert len(ui(a).plays) == 1 and ui(a).pending == c("sun", 1)
    drawn = open_table(a, mid)
    actions.confirm_off_suit(drawn, None)
    actions.confirm_off_suit(drawn, None)     # a second tap: the question is answered already
    assert [p["card"] for p in ui(a).plays] == [c("rain", 9), c("sun", 1)]
    assert ui(a).question is None and ui(a).pending is None and ui(a).error is None
    actions.take_back(open_table(a, mid))
    play(a, mid, c("sun", 2))
    actions.choose_another(open_table(a, mid))
    assert ui(a).question is None and [p["card"] for p in ui(a).plays] == [c("rain", 9)]


def test_cards_by_attributes_are_typed_checked_and_entered(store):
    mid = store.create_match("sales", PLAYERS, setup_form.new_record(PLAYERS, hand_size=2))
    a = tab(store)
    actions.set_attrs(open_table(a, mid), suit="sun", value="4")
    actions.toggle_icon(open_table(a, mid), "coat", True)
    assert ui(a).attrs == forms.CardDraft("sun", "4", icons=("coat",))
    actions.add_card(open_table(a, mid), ui(a).attrs, None)
    assert ui(a).plays == ({"player": "Ann", "card": {"suit": "sun", "value": 4, "discard": 0,
                                                      "icons": ["coat"]}},)
    assert ui(a).attrs == forms.CardDraft()   # a fresh card for the next player
    actions.set_attrs(open_table(a, mid), suit="hail", value="-1")
    actions.add_card(open_table(a, mid), ui(a).attrs, None)
    assert ui(a).error == "SA-1: value must be at least 0" and len(ui(a).plays) == 1


def test_the_round_ends_starts_and_is_undone(store):
    mid, a = one_sale_recorded(store, hand_size=1)
    actions.next_round(open_table(a, mid))
    assert stored(store, mid)["rounds"][1] == {"sales": []}
    actions.undo(open_table(a, mid))          # the round just started is taken back
    assert len(stored(store, mid)["rounds"]) == 1
    assert ui(a).said == "The start of round 2 is taken back."     # said next to the undo button
    actions.undo(open_table(a, mid))          # the sale: its cards come back for entry
    assert stored(store, mid)["rounds"] == []
    assert [p["card"]["value"] for p in ui(a).plays] == [5, 6]
    assert ui(a).said == "Round 1, sale 1 undone; its cards are back for entry."
    actions.undo(open_table(a, mid))
    assert ui(a).error == "There is no sale to undo."


def test_undo_asks_first_then_keep_or_undo(store):
    """"Undo last sale" sat next to "Record sale" and acted at once: now it asks
    "Undo round 1, sale 1?" and only the answer "Undo" drops the sale."""
    mid, a = one_sale_recorded(store, hand_size=2)
    assert forms.undo_question(stored(store, mid)) == "Undo round 1, sale 1? Its cards come back for entry."
    actions.ask_undo(open_table(a, mid))
    assert forms.asks_undo(ui(a), stored(store, mid))
    assert len(stored(store, mid)["rounds"][0]["sales"]) == 1          # nothing undone yet
    actions.keep_sale(open_table(a, mid))
    assert not forms.asks_undo(ui(a), stored(store, mid))
    assert len(stored(store, mid)["rounds"][0]["sales"]) == 1
    actions.ask_undo(open_table(a, mid))
    play(a, mid, c("sun", 7))                 # entering the next sale drops the question
    assert not forms.asks_undo(ui(a), stored(store, mid)) and ui(a).said is None


def test_an_undo_question_about_a_sale_gone_is_not_asked_any_more(store):
    mid, a = one_sale_recorded(store, hand_size=2)
    actions.ask_undo(open_table(a, mid))
    b = tab(store)                            # another screen records the next sale meanwhile
    play(b, mid, c("sun", 7), c("sun", 8))
    actions.record_sale(open_table(b, mid))
    t = open_table(a, mid)
    assert t.ui.undo_asked == (1, 1) and t.ui.last == (0, 0)
    assert forms.valid(t.ui, t.record).last is None     # sale 1's result is not the last any more
    assert not forms.asks_undo(forms.valid(t.ui, t.record), t.record)
    assert forms.undo_question(t.record) == "Undo round 1, sale 2? Its cards come back for entry."
    assert forms.undo_question(setup_form.new_record(PLAYERS)) is None


def test_a_sale_is_changed_and_the_game_replayed(store):
    mid, a = one_sale_recorded(store, hand_size=1)
    t = open_table(a, mid)
    actions.open_sale(t, (0, 0))
    actions.change_sale(open_table(a, mid), changes.plays_of(t.record, 0, 0))
    actions.enter_again(open_table(a, mid))
    assert ui(a).mode == "edit" and ui(a).edit_plays == ()
    play(a, mid, c("sun", 7), c("sun", 2))
    actions.save_edit(open_table(a, mid))
    assert ui(a).mode == "sale" and ui(a).error is None
    assert a.state.flash == "Round 1, sale 1 changed; the game was replayed from there."
    assert [p["card"]["value"] for p in stored(store, mid)["rounds"][0]["sales"][0]["plays"]] == [7, 2]
    actions.change_sale(open_table(a, mid), [])
    actions.cancel_edit(open_table(a, mid))
    actions.back_to_table(open_table(a, mid))
    assert ui(a).mode == "entry" and ui(a).at is None


def test_a_refused_save_is_said_at_the_table_and_the_cards_stay(store):
    mid = store.create_match("sales", PLAYERS, setup_form.new_record(PLAYERS, hand_size=1))
    a = tab(store)
    play(a, mid, c("sun", 5), c("sun", 6))
    before = stored(store, mid)
    store._conn.execute("PRAGMA query_only=ON")
    t = open_table(a, mid)
    assert t.commit(Change({**before, "rounds": []}), before, "your sale was not saved", draft="sale",
                    then=lambda u: u) is False
    assert ui(a).error.startswith("Not saved: the saved data ")
    actions.record_sale(open_table(a, mid))
    assert ui(a).error.startswith("Not saved: the saved data ") and len(ui(a).plays) == 2
    assert stored(store, mid) == before


def test_the_match_is_finished_when_its_one_game_is_over_sa9(store):
    mid = store.create_match("sales", PLAYERS, setup_form.new_record(PLAYERS, hand_size=1))
    a = tab(store)
    for n in range(3):
        if n:
            actions.next_round(open_table(a, mid))
        play(a, mid, c("sun", 5), c("sun", 6))
        actions.record_sale(open_table(a, mid))
        assert store.match(mid).finished == (n == 2)
    actions.undo(open_table(a, mid))
    assert not store.match(mid).finished


def test_the_deck_is_the_match_s_own_setting(store):
    a = tab(store)
    record = setup_form.new_record(PLAYERS, hand_size=1)
    assert open_match(a, "sales", PLAYERS, record, {DECK: EXAMPLE_DECK}) is None
    with_deck = a.state.route.args["match"]
    without = store.create_match("sales", PLAYERS, record)
    t = open_table(a, with_deck)
    assert t.match.settings == {DECK: EXAMPLE_DECK} and actions.deck_of(t.match).ok
    assert t.ui.method == "deck" and open_table(a, without).ui.method == "attrs"
    t.set_setting(DECK, "/no/such/deck.json")
    assert open_table(a, with_deck).ui.method == "attrs"     # a deck that cannot be used: by attributes
