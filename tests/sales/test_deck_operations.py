"""The deck editor's operations on a deck file's JSON (SA-1): suits and icons named,
renamed and removed; cards added fast (one value, "same again, next value",
duplicate), changed, moved and deleted; each fault of `companion deck check` placed
beside its card; the summary per suit. A property: any edits keep a JSON object the
check reads, and a deck with no faults is a Deck."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import i18n
from companion.games.sales import deck_operations as e
from companion.games.sales.deck import Deck, load_deck, problems, shipped_decks, summary
from tests.conftest import property_examples


def named(*, suits=("sun", "rain"), icons=("sunglasses", "umbrella", "coat")) -> dict:
    raw = e.set_name(e.blank(), "Weather")
    for s in suits:
        raw = e.add_suit(raw, s)
    for i in icons:
        raw = e.add_icon(raw, i)
    return raw


def beside(f: e.Faults) -> dict[int, list[str]]:
    """The lines the editor shows beside each card with faults."""
    return {i: f.card_lines(i) for i in f.cards}


def test_a_blank_deck_says_what_it_lacks_at_the_deck_not_beside_a_card():
    raw = e.blank()
    f = e.faults(raw)
    assert f.cards == {}
    assert f.deck_lines() == problems(raw) and len(f.deck) == 3      # no name, no suits, no cards
    assert e.suit_summary(raw) == ["0 cards so far"]
    assert e.name_of(raw) == ""


def test_suits_are_lowercase_names_once_and_never_wild():
    raw = e.add_suit(e.blank(), "  Light   Rain ")
    assert raw["suits"] == ["light rain"]
    with pytest.raises(e.EditError, match="a suit already"):
        e.add_suit(raw, "LIGHT RAIN")
    with pytest.raises(e.EditError, match="SA-4"):
        e.add_suit(raw, "Wild")
    with pytest.raises(e.EditError, match="Type the suit"):
        e.add_suit(raw, "   ")


def test_several_names_at_once_separated_by_commas_all_or_none():
    raw = e.add_icons(e.add_suits(e.blank(), "sun, Rain ,snow"), "scarf,kite")
    assert raw["suits"] == ["sun", "rain", "snow"] and raw["icons"] == ["scarf", "kite"]
    with pytest.raises(e.EditError, match="'KITE' is an icon already"):
        e.add_icons(raw, "coat, KITE")
    with pytest.raises(e.EditError, match="Type the suit"):
        e.add_suits(raw, " , ")
    assert e.add_icons(raw, "coat")["icons"] == ["scarf", "kite", "coat"]


def test_the_edits_leave_the_deck_given_unchanged():
    raw = named()
    before = json.dumps(raw)
    e.add_card(raw, "sun", 1)
    e.rename_suit(raw, "sun", "sol")
    e.remove_icon(raw, "coat")
    assert json.dumps(raw) == before


def test_a_value_tap_adds_a_plain_card_with_an_id_of_its_own():
    raw = named()
    raw, i = e.add_card(raw, "sun", 4)
    raw, j = e.add_card(raw, "sun", 4)
    raw, k = e.add_card(raw, "sun", 4)
    assert (i, j, k) == (0, 1, 2)
    assert [c["id"] for c in raw["cards"]] == ["sun-4", "sun-4-2", "sun-4-3"]
    assert raw["cards"][0] == {"id": "sun-4", "suit": "sun", "value": 4, "discard": 0, "icons": []}


def test_same_again_next_value_copies_discard_and_icons_but_not_the_set_right_after_it():
    raw = named()
    raw, i = e.add_card(raw, "sun", 1)
    raw, _ = e.add_card(raw, "rain", 1)
    raw = e.set_discard(raw, i, 2)
    raw = e.toggle_icon(raw, i, "sunglasses")
    raw = e.set_kind(raw, i, "1x")
    raw, j = e.next_value(raw, i)
    assert j == 1
    assert raw["cards"][1] == {"id": "sun-2", "suit": "sun", "value": 2, "discard": 2, "icons": ["sunglasses"]}
    assert [c["id"] for c in raw["cards"]] == ["sun-1", "sun-2", "rain-1"]


def test_duplicate_copies_everything_but_the_id():
    raw = named()
    raw, i = e.add_card(raw, "rain", 9)
    raw = e.set_kind(raw, i, "neighbor")
    raw = e.set_set_icon(raw, i, "coat")
    raw, j = e.duplicate(raw, i)
    assert raw["cards"][j] == {**raw["cards"][i], "id": "rain-9-2"}
    assert raw["cards"][j]["set"] == {"kind": "neighbor", "icon": "coat"}


def test_icons_follow_the_decks_order_and_toggle_off():
    raw = named()
    raw, i = e.add_card(raw, "sun", 5)
    raw = e.toggle_icon(raw, i, "coat")
    raw = e.toggle_icon(raw, i, "sunglasses")
    assert raw["cards"][i]["icons"] == ["sunglasses", "coat"]
    raw = e.toggle_icon(raw, i, "COAT")
    assert raw["cards"][i]["icons"] == ["sunglasses"]


def test_a_set_card_collects_its_own_first_icon_until_changed_and_none_removes_the_set():
    raw = named()
    raw, i = e.add_card(raw, "rain", 7)
    raw = e.toggle_icon(raw, i, "umbrella")
    raw = e.set_kind(raw, i, "1x")
    assert raw["cards"][i]["set"] == {"kind": "1x", "icon": "umbrella"}
    raw = e.set_set_icon(raw, i, "coat")
    raw = e.set_kind(raw, i, "neighbor")
    assert raw["cards"][i]["set"] == {"kind": "neighbor", "icon": "coat"}
    raw = e.set_kind(raw, i, None)
    assert "set" not in raw["cards"][i]
    with pytest.raises(e.EditError, match="set card first"):
        e.set_set_icon(raw, i, "coat")
    with pytest.raises(e.EditError):
        e.set_kind(raw, i, "2x")


def test_renaming_a_suit_renames_its_cards_and_the_ids_made_from_it():
    raw = named()
    raw, _ = e.add_card(raw, "sun", 1)
    raw, _ = e.add_card(raw, "rain", 1)
    raw, _ = e.add_card(raw, "sun", 1)
    raw = e.set_id(raw, 0, "first sun")
    raw = e.rename_suit(raw, "sun", "Sol")
    assert raw["suits"] == ["sol", "rain"]
    assert [c["suit"] for c in raw["cards"]] == ["sol", "rain", "sol"]
    assert [c["id"] for c in raw["cards"]] == ["first sun", "rain-1", "sol-1-2"]   # the ids it made follow
    with pytest.raises(e.EditError, match="a suit already"):
        e.rename_suit(raw, "sol", "rain")


def test_renaming_an_icon_renames_it_on_cards_and_in_sets():
    raw = named()
    raw, i = e.add_card(raw, "sun", 1)
    raw = e.toggle_icon(raw, i, "coat")
    raw = e.set_kind(raw, i, "1x")
    raw = e.rename_icon(raw, "coat", "jacket")
    assert raw["icons"] == ["sunglasses", "umbrella", "jacket"]
    assert raw["cards"][i]["icons"] == ["jacket"] and raw["cards"][i]["set"]["icon"] == "jacket"
    assert e.rename_icon(raw, "jacket", "Jacket")["icons"][2] == "Jacket"    # its own name, other case


def test_removing_a_suit_or_icon_in_use_leaves_the_cards_faulty_beside_them_until_put_back():
    raw = named()
    raw, _ = e.add_card(raw, "sun", 1)
    raw, i = e.add_card(raw, "rain", 2)
    raw = e.toggle_icon(raw, i, "coat")
    raw = e.set_kind(raw, i, "1x")
    raw = e.remove_suit(raw, "rain")
    raw = e.remove_icon(raw, "coat")
    f = e.faults(raw)
    assert f.deck == []
    assert beside(f) == {1: ["suit 'rain' is not one of the deck's suits (sun) or wild",
                           "icon 'coat' is not one of the deck's icons",
                           "set icon 'coat' is not one of the deck's icons"]}
    assert f.count == 3
    assert e.suit_summary(raw) == ["2 cards so far", "  sun: 1 card, values 1", "  rain: 1 card, values 2"]
    raw = e.add_suit(e.add_icon(raw, "coat"), "rain")
    assert e.faults(raw).count == 0


def test_every_line_of_the_check_is_placed_and_a_shared_id_is_said_beside_each_card():
    raw = named()
    for v in (1, 2, 3):
        raw, _ = e.add_card(raw, "sun", v)
    raw = e.set_id(raw, 2, "SUN-1")
    raw["cards"][1]["value"] = -1        # as an imported file may have it
    f = e.faults(raw)
    lines = problems(raw)
    assert lines == ["cards[1] (id 'sun-2').value: must be at least 0"]   # the schema's faults first
    assert beside(f) == {1: ["value: must be at least 0"]}
    raw = e.set_value(raw, 1, 2)
    f = e.faults(raw)
    assert beside(f) == {0: ["the id 'sun-1' is used by 2 cards"], 2: ["the id 'sun-1' is used by 2 cards"]}
    assert f.count == 2 and len(problems(raw)) == 1


def test_a_good_deck_shows_the_summary_deck_check_prints():
    raw = named()
    raw, _ = e.add_card(raw, "sun", 1)
    assert e.suit_summary(raw) == summary(Deck.model_validate(raw))
    assert e.suit_summary(raw)[0] == "Weather: 1 cards, 2 suits"


def test_move_and_delete_keep_the_others_in_order():
    raw = named()
    for v in (1, 2, 3):
        raw, _ = e.add_card(raw, "sun", v)
    raw, j = e.move(raw, 2, -1)
    assert j == 1 and [c["value"] for c in raw["cards"]] == [1, 3, 2]
    raw, j = e.move(raw, 0, -1)
    assert j == 0
    raw = e.delete(raw, 1)
    assert [c["value"] for c in raw["cards"]] == [1, 2]
    with pytest.raises(e.EditError):
        e.delete(raw, 5)


def test_the_shipped_example_entered_with_these_edits_is_the_same_deck():
    example = json.loads(shipped_decks()[0].read_text(encoding="utf-8"))
    raw = e.set_description(e.set_name(e.blank(), example["name"]), example["description"])
    for s in example["suits"]:
        raw = e.add_suit(raw, s)
    for icon in example["icons"]:
        raw = e.add_icon(raw, icon)
    last = None
    for card in example["cards"]:
        prev = raw["cards"][last] if last is not None else None
        if prev is not None and prev["suit"] == card["suit"] and prev["value"] + 1 == card["value"]:
            raw, last = e.next_value(raw, last)
        else:
            raw, last = e.add_card(raw, card["suit"], card["value"])
        now = raw["cards"][last]
        if now["discard"] != card["discard"]:
            raw = e.set_discard(raw, last, card["discard"])
        for icon in set(now["icons"]) ^ set(card["icons"]):
            raw = e.toggle_icon(raw, last, icon)
        if "set" in card:
            raw = e.set_kind(raw, last, card["set"]["kind"])
            raw = e.set_set_icon(raw, last, card["set"]["icon"])
    assert raw == example
    assert load_deck(shipped_decks()[0]) == Deck.model_validate(raw)


def test_an_object_is_needed_to_edit():
    with pytest.raises(e.EditError, match="not a JSON object"):
        e.add_suit([1, 2], "sun")
    assert e.faults([1, 2]).deck_lines() == ["deck: a deck file must be a JSON object"]
    assert e.suit_summary("x") == ["0 cards so far"]


# ---------------------------------------------------------------- any edits

WORDS = st.sampled_from(["sun", "rain", "Snow", "wild", "", " coat ", "kite", "x" * 30, "SUN"])


def edits() -> st.SearchStrategy:
    i = st.integers(-1, 6)
    return st.one_of(
        st.tuples(st.just("set_name"), WORDS), st.tuples(st.just("set_description"), WORDS),
        st.tuples(st.just("add_suit"), WORDS), st.tuples(st.just("add_suits"), WORDS),
        st.tuples(st.just("add_icons"), st.sampled_from(["a, b", "kite, KITE", ",", " coat ,x"])),
        st.tuples(st.just("rename_suit"), WORDS, WORDS),
        st.tuples(st.just("remove_suit"), WORDS), st.tuples(st.just("add_icon"), WORDS),
        st.tuples(st.just("rename_icon"), WORDS, WORDS), st.tuples(st.just("remove_icon"), WORDS),
        st.tuples(st.just("add_card"), WORDS, st.integers(-1, 12)), st.tuples(st.just("next_value"), i),
        st.tuples(st.just("duplicate"), i), st.tuples(st.just("delete"), i),
        st.tuples(st.just("move"), i, st.sampled_from([-1, 1])), st.tuples(st.just("set_id"), i, WORDS),
        st.tuples(st.just("set_suit"), i, WORDS), st.tuples(st.just("set_value"), i, st.integers(-1, 12)),
        st.tuples(st.just("set_discard"), i, st.integers(-1, 3)), st.tuples(st.just("toggle_icon"), i, WORDS),
        st.tuples(st.just("set_kind"), i, st.sampled_from([None, "1x", "neighbor", "2x"])),
        st.tuples(st.just("set_set_icon"), i, WORDS),
    )


@settings(max_examples=property_examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["blank", "example"]), st.lists(edits(), max_size=25))
def test_any_edits_keep_a_json_object_the_check_reads_and_a_faultless_one_is_a_deck(start, steps):
    raw = e.blank() if start == "blank" else json.loads(shipped_decks()[0].read_text(encoding="utf-8"))
    for name, *args in steps:
        before = json.dumps(raw, sort_keys=True)
        try:
            got = getattr(e, name)(raw, *args)
        except e.EditError:
            assert json.dumps(raw, sort_keys=True) == before      # refused: nothing changed
            continue
        raw = got[0] if isinstance(got, tuple) else got
        assert json.dumps(raw, sort_keys=True) != before or name in {
            "set_name", "set_description", "rename_suit", "rename_icon", "move", "set_id", "set_suit",
            "set_value", "set_discard", "set_kind", "set_set_icon"}
        again = json.loads(json.dumps(raw, ensure_ascii=False, indent=1) + "\n")
        assert again == raw                                       # what is saved reads back the same
        found = e.faults(again)
        lines = problems(again)
        assert found.count >= len(lines)                          # every line placed (a shared id beside each)
        assert all(isinstance(x, str) for x in e.suit_summary(again))
        if not lines:
            Deck.model_validate(again)
            assert found.count == 0


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_shared_id_is_shown_beside_both_cards_in_every_language(language):
    """The check's faults are facts, worded when drawn: the editor places them by their
    cards, never by reading an English line back (in German a shared id showed beside
    one card only)."""
    raw = named()
    for v in (1, 2, 3):
        raw, _ = e.add_card(raw, "sun", v)
    raw = e.set_id(raw, 2, "SUN-1")
    raw = e.set_suit(raw, 1, "snow")
    f = e.faults(raw)
    with i18n.using(language):
        shown = beside(f)
        lines = problems(raw)
    said = {"en": ("the id 'sun-1' is used by 2 cards",
                   "suit 'snow' is not one of the deck's suits (sun, rain) or wild"),
            "de": ("die Kennung „sun-1“ haben 2 Karten",
                   "Farbe „snow“ ist keine Farbe des Decks (sun, rain) und nicht wild")}[language]
    assert shown == {0: [said[0]], 2: [said[0]], 1: [said[1]]}
    assert lines == [f"cards[0] (id 'sun-1'): {said[0]}", f"cards[1] (id 'sun-2'): {said[1]}"]


def test_a_fault_of_a_field_is_shown_beside_its_card_in_german():
    raw = named()
    raw, _ = e.add_card(raw, "sun", 1)
    raw["cards"][0]["value"] = -1
    with i18n.using("de"):
        assert beside(e.faults(raw)) == {0: ["value: muss mindestens 0 sein"]}
        assert e.faults(raw).deck_lines() == []
        assert e.faults([1]).deck_lines() == ["Deck: eine Deckdatei muss ein JSON-Objekt sein"]
