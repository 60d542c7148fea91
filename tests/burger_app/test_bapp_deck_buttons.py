"""A burger round without typing: the decks entered from the recipe file's card
buttons (BU-2), counted from 1 wherever a player reads them, the stack check begun
from the decks a player takes (BU-4, BU-5), the points per rat token in words (BU-8)
and a finished hamburger said once in a round's summary (BU-5). The table's
operations run on a tab's session without a browser (``tests/tabs.py``)."""

from __future__ import annotations

import pytest

from companion.core.edits import say
from companion.core.errors import RuleError
from companion.core.message import for_the_record
from companion.games.burger import actions, explain, forms, present, round_form, rulings, setup_screen, stacks
from companion.games.burger import state as burger_state
from companion.games.burger.actions import DRAFT, Drawn
from companion.games.burger.recipes import load_recipes
from tests.burger_app.helpers import THREE, entered, play, start, state
from tests.tabs import tab

DECKS_A = [["patty", "cheese"], ["lettuce", "rat"], ["onion", "tomato"]]   # 5 ingredients + 1 rat
BUTTONS = ["bottom bun", "top bun", "patty", "cheese", "lettuce", "onion", "mushroom"]


@pytest.fixture
def mid(store):
    return store.create_match("burger", list(THREE), start())


def table(shell, mid: int) -> Drawn:
    return actions.drawn(actions.open_table(shell, mid))


# ---------------------------------------------------------------- decks from card buttons


def test_bu2_the_card_buttons_are_the_recipe_files_cards_as_the_stack_check_offers_them():
    book = load_recipes()
    assert stacks.card_names(book) == BUTTONS
    assert stacks.card_names(None) == ["bottom bun", "top bun"]
    # the stack check offers the same names (and nothing else for a player who takes no deck)
    st = state(start())
    draft = entered(start(), DECKS_A, {p: "tease" for p in THREE})
    assert stacks.stack_cards(st, draft, "Ben", book) == BUTTONS


def test_bu2_a_tap_names_the_decks_first_card_then_adds_one():
    draft = round_form.fresh_round(state(start()))          # every deck starts with one unnamed ingredient
    draft = round_form.tap_card(draft, 0, "patty")
    assert draft.decks[0].cards == ("patty",)          # named, not a second card
    draft = round_form.tap_card(draft, 0, "cheese")
    assert draft.decks[0].cards == ("patty", "cheese")
    # a tap on a card of the deck takes it off; the undo button takes off the last one
    assert round_form.remove_card(draft, 0, 0).decks[0].cards == ("cheese",)
    assert round_form.undo_card(draft, 0).decks[0].cards == ("patty",)
    empty = round_form.undo_card(round_form.undo_card(draft, 0), 0)
    assert empty.decks[0].cards == () and round_form.undo_card(empty, 0) == empty
    assert round_form.tap_card(empty, 0, "onion").decks[0].cards == ("onion",)


def test_bu2_a_round_tapped_on_the_buttons_is_the_record_a_typed_one_makes(store, mid):
    """Zero typing for a normal round: the decks by taps, through the table's operations."""
    a = tab(store)
    taps = [(0, "patty"), (0, "cheese"), (1, "lettuce"), (2, "onion"), (2, "tomato")]
    for deck, name in taps:
        actions.put_draft(table(a, mid), DRAFT, lambda x, deck=deck, name=name: round_form.tap_card(x, deck, name))
    actions.put_draft(table(a, mid), DRAFT, lambda x: round_form.add_rat(x, 1))
    d = table(a, mid)
    tapped = d.draft(DRAFT)
    assert round_form.deck_check(d.state, tapped).ready
    assert [dk.deck() for dk in tapped.decks] == DECKS_A          # the record's own format
    typed = entered(d.record, DECKS_A, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"})
    for p, kind in {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"}.items():
        tapped = round_form.choose_tool(d.state, round_form.show_tools(tapped, p), p, kind)
    tapped = round_form.reveal(d.state, tapped)
    assert round_form.round_of(d.state, tapped) == round_form.round_of(d.state, typed)
    actions.put_draft(d, DRAFT, lambda x: tapped)
    actions.submit(table(a, mid))
    assert store.match(mid).current.record["rounds"][0]["decks"] == DECKS_A


def test_typing_the_names_stays_as_a_fallback(store, mid):
    a = tab(store)
    assert table(a, mid).ui.typing is False            # the card buttons first
    actions.type_names(table(a, mid).t, True)
    assert table(a, mid).ui.typing is True
    actions.type_names(table(a, mid).t, False)
    assert table(a, mid).ui.typing is False


# ---------------------------------------------------------------- decks counted from 1


def test_decks_are_counted_from_1_on_screen_and_from_0_in_the_record():
    rec = start()
    st = state(rec)
    draft = entered(rec, DECKS_A, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"})
    assert [r.text.split(":")[0] for r in round_form.take_rows(st, draft)] == [
        "Ben takes deck 1", "Cat takes deck 2", "Ben takes deck 3"]
    draft = round_form.pick(draft, 0, 2)                  # Ben picks the third deck: the record's index 2
    done = forms.submit(rec, draft).record
    assert done["rounds"][0]["picks"] == [2, 1, 0]
    rv = present.game_view(done).rounds[0]
    assert rv.takes[0] == "Ben takes deck 3: onion, tomato"
    # a refusal names the record's index; a player reads it counted from 1 (BU-2), the
    # referee's reader (`companion referee`) as the record holds it
    bad = {**rec, "rounds": [{"decks": [[], ["patty"], ["onion", "tomato", "cheese", "lettuce"]],
                              "tools": {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"}}]}
    with pytest.raises(RuleError) as caught:
        burger_state.replay(bad)
    assert say(caught.value) == "BU-2: deck 1 is empty: every deck starts with an ingredient"
    with for_the_record():
        assert say(caught.value) == "BU-2: deck 0 is empty: every deck starts with an ingredient"
    empty = round_form.remove_card(round_form.remove_card(draft, 0, 0), 0, 0)
    assert round_form.deck_check(st, empty).per_deck == {
        0: "deck 1 needs an ingredient: every deck starts with one (BU-2)"}


def test_the_rats_own_note_on_a_phone_counts_decks_from_1():
    rec = play(start(), DECKS_A, {"Ann": "tease", "Ben": "tease", "Cat": "tongs"})
    seat = present.seat_round(present.replay(rec), "Cat")
    assert seat["found"]["Cat"] == [{"deck": 1, "rats": 1}]        # the rules' facts: the record's index
    assert [line.text for line in present.own_lines(seat)][-1].startswith("Deck 2 held 1 rat")   # BU-5


def test_the_host_panels_decks_are_counted_from_1():
    assert explain.decks_lines([["bun", "rat"], ["patty", "cheese"]]) == [
        "Deck 1: bun, rat", "Deck 2: patty, cheese"]


# ---------------------------------------------------------------- the stack check begun from the decks taken


def test_bu5_the_stack_check_begins_with_the_cards_the_player_takes():
    book = load_recipes()
    rec = start()
    st = state(rec)
    decks = [["top bun", "patty"], ["cheese", "rat"], ["bottom bun", "onion"]]
    draft = entered(rec, decks, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"})
    # Ben takes the first and third decks, Cat the second (BU-4): rats and other players' cards are left out
    assert stacks.taken_cards(st, draft, "Ben") == ["top bun", "patty", "bottom bun", "onion"]
    assert stacks.taken_cards(st, draft, "Cat") == ["cheese"]
    ben = stacks.stack_of(st, draft, "Ben", book)
    assert ben.cards == ("bottom bun", "patty", "onion", "top bun")      # bottom bun first, top bun last
    assert ben.recipe == "Cheeseburger"                 # no recipe complete: the file's first
    assert stacks.stack_check(book, ben).missing == ["cheese"]
    # the picks change what Ben takes, and so the stack begun for him
    picked = round_form.pick(draft, 0, 1)                   # Ben takes the second deck, Cat the first
    assert stacks.stack_of(st, picked, "Ben", book).cards == ("bottom bun", "cheese", "onion")
    # editable with the same buttons: the stack entered is kept
    edited = round_form.set_stack(draft, "Ben", stacks.put_card(ben, "cheese"))
    assert stacks.stack_of(st, edited, "Ben", book).cards == ("bottom bun", "patty", "onion", "top bun", "cheese")
    # Nobody takes a deck: nothing to begin with
    nobody = entered(rec, decks, {p: "tease" for p in THREE})
    assert stacks.stack_of(st, nobody, "Ann", book).cards == ()


def test_bu5_a_complete_stack_taken_is_counted_without_a_card_tapped():
    book = load_recipes()
    rec = start(["Ann", "Ben"])
    st = state(rec)
    decks = [["top bun", "cheese"], ["patty", "bottom bun"]]
    draft = entered(rec, decks, {"Ann": "tongs", "Ben": "tease"})
    begun = stacks.stack_of(st, draft, "Ann", book)
    assert begun.cards == ("bottom bun", "cheese", "patty", "top bun")
    assert begun.recipe == "Cheeseburger"
    draft = round_form.set_stack(draft, "Ann", stacks.stack_of(st, draft, "Ann", book))
    draft = stacks.count_stack(draft, "Ann", book)
    assert stacks.stack_check(book, begun).complete and draft.complete == {"Ann": 1}
    # once counted, the next stack begins empty: those cards are stacked already
    assert stacks.stack_of(st, draft, "Ann", book).cards == ()


# ---------------------------------------------------------------- slips


@pytest.mark.parametrize(("points", "said"), [
    (1, "1 point per rat token"), (0, "0 points per rat token"), (-1, "-1 points per rat token"),
    (2, "2 points per rat token")])
def test_bu8_points_per_rat_token_in_words(points, said):
    assert rulings.points_per(points, "rat token") == said
    assert said in rulings.scoring_label(1, points)


def _labels(control) -> list[str]:
    out = []
    for name in ("semantics_label", "label"):
        value = getattr(control, name, None)
        if isinstance(value, str):
            out.append(value)
    for name in ("controls", "content"):
        child = getattr(control, name, None)
        for c in child if isinstance(child, list) else [child] if child is not None else []:
            out += _labels(c)
    return out


def test_bu8_the_setup_says_0_points_per_rat_token():
    labels = _labels(setup_screen.points_stepper("rat token", 0, lambda by: None))
    assert "Scoring: 0 points per rat token" in labels
    assert "Scoring: one point per rat token fewer" in labels          # what the − button says
    assert "Scoring: 1 point per hamburger" in _labels(setup_screen.points_stepper("hamburger", 1, lambda by: None))


def test_bu5_a_finished_hamburger_is_said_once_in_a_rounds_summary():
    rec = play(start(["Ann", "Ben", "Dora"]), DECKS_A, {"Ann": "tease", "Ben": "tease", "Dora": "tongs"},
               {"Dora": 1})
    lines = [line.text for line in present.round_lines(present.game_view(rec).rounds[0])]
    said = [line for line in lines if "Dora finish" in line]
    assert said == ["Dora finishes 1 hamburger (BU-5)."]


def test_bu5_the_stack_check_begins_with_the_hamburger_kept_from_earlier_rounds():
    """The check was begun from this round's decks only: a hamburger in progress stays
    in front of its player across rounds (BU-5), and the app knows what they took."""
    book = load_recipes()
    rec = start(["Ann", "Ben"])
    rec = play(rec, [["bottom bun", "patty"], ["onion", "mushroom"]], {"Ann": "tongs", "Ben": "tease"})
    assert stacks.kept_cards(rec, 1, "Ann") == ["bottom bun", "patty", "onion", "mushroom"]
    assert stacks.kept_cards(rec, 1, "Ben") == []
    st = state(rec)
    draft = entered(rec, [["lettuce", "onion"], ["cheese", "top bun"]], {"Ann": "tongs", "Ben": "tongs"})
    assert stacks.taken_cards(st, draft, "Ann") == ["cheese", "top bun"]      # Ben took the first deck
    begun = stacks.stack_of(st, draft, "Ann", book, stacks.kept_cards(rec, 1, "Ann"))
    assert begun.cards == ("bottom bun", "patty", "cheese", "top bun") and begun.recipe == "Cheeseburger"
    assert stacks.stack_check(book, begun).complete                            # one tap: Count
    counted = stacks.count_stack(draft, "Ann", book, st, stacks.kept_cards(rec, 1, "Ann"))
    assert counted.complete == {"Ann": 1}
    # without the kept cards it lacked the bottom bun and the patty
    assert stacks.stack_check(book, stacks.stack_of(st, draft, "Ann", book)).missing == ["bottom bun", "patty"]
    # a round that finished a hamburger: its cards are stacked, nothing is carried on
    done = forms.submit(rec, counted)
    assert done.ok, done.error
    assert stacks.kept_cards(done.record, 2, "Ann") == []


def test_bu5_of_the_kept_cards_only_those_the_recipe_can_hold_are_begun_with():
    book = load_recipes()
    rec = start(["Ann", "Ben"])
    rec = play(rec, [["top bun", "patty"], ["lettuce", "bottom bun"]], {"Ann": "tongs", "Ben": "tease"})
    st = state(rec)
    draft = entered(rec, [["onion", "patty"], ["mushroom", "cheese"]], {"Ann": "tongs", "Ben": "tongs"})
    # an earlier top bun would have finished the hamburger (placed last): it is not kept;
    # no recipe is complete, and the Double cheese holds the most of the kept cards
    begun = stacks.stack_of(st, draft, "Ann", book, stacks.kept_cards(rec, 1, "Ann"))
    assert begun.recipe == "Double cheese"
    assert begun.cards == ("bottom bun", "patty", "lettuce", "mushroom", "cheese")   # this round's as taken


def test_bu5_a_whole_hamburger_taken_beside_the_one_kept_is_begun_on_its_own():
    """Found by the whole-game test: a player with a hamburger in progress (bottom bun,
    patty, cheese, lettuce kept) who takes a whole hamburger this round was offered one
    stack of both (two bottom buns): incomplete, the Count button off. The kept
    hamburger stays in front of them (BU-5); the new one is checked on its own."""
    book = load_recipes()
    rec = start(["Ann", "Ben"])
    rec = play(rec, [["bottom bun", "patty"], ["cheese", "lettuce"]], {"Ann": "tongs", "Ben": "tease"})
    kept = stacks.kept_cards(rec, 1, "Ann")
    assert kept == ["bottom bun", "patty", "cheese", "lettuce"]
    st = state(rec)
    both_tongs = {"Ann": "tongs", "Ben": "tongs"}               # Ben takes deck 1, Ann deck 2
    draft = entered(rec, [["onion"], ["bottom bun", "patty", "cheese", "top bun"]], both_tongs)
    assert stacks.taken_cards(st, draft, "Ann") == ["bottom bun", "patty", "cheese", "top bun"]
    begun = stacks.stack_of(st, draft, "Ann", book, kept)
    assert begun.cards == ("bottom bun", "patty", "cheese", "top bun")
    assert begun.recipe == "Cheeseburger" and stacks.stack_check(book, begun).complete
    assert stacks.count_stack(draft, "Ann", book, st, kept).complete == {"Ann": 1}
    # the kept hamburger takes no second bottom bun: a top bun taken finishes it
    topped = entered(rec, [["onion"], ["bottom bun", "top bun"]], both_tongs)
    on_kept = stacks.stack_of(st, topped, "Ann", book, kept)
    assert on_kept.cards == ("bottom bun", "patty", "cheese", "top bun") and on_kept.recipe == "Cheeseburger"


def test_a_quick_second_tap_on_add_ingredient_reaches_the_same_button_bu2(store, mid):
    """A typed deck: a card added draws a row above the deck's buttons. The buttons keep
    their controls' ids through that redraw, so a second tap on "Deck 1: add ingredient"
    sent before the first one's card was drawn reaches that button (in a browser under
    load, two such taps had added one card)."""
    import flet as ft

    from companion.games.burger import round_entry
    from tests.render import Renderer, controls, redrawn

    a = tab(store)
    actions.type_names(table(a, mid).t, True)

    def add_button(root) -> ft.Button:
        return next(c for c in controls(root) if isinstance(c, ft.Button) and c.content == "Deck 1: add ingredient")

    def drawn() -> ft.Control:
        return Renderer().render(round_entry.Decks.__wrapped__, table(a, mid), DRAFT)

    before = drawn()
    actions.put_draft(table(a, mid), DRAFT, lambda x: round_form.add_card(x, 0))
    after = drawn()
    assert len(table(a, mid).draft(DRAFT).decks[0].cards) == 2
    redrawn(before, after)
    assert add_button(after)._i == add_button(before)._i
