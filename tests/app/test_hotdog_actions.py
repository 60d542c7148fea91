"""The Hot Dog table screen's operations on its session (companion.games.hotdog.actions),
without a browser: a fast second tap enters a round or starts a game once, the reveal
goes step by step from the latest state, undo brings the bids back, a round changed
and a change cancelled, and a round that is gone is not opened."""

from __future__ import annotations

from dataclasses import replace

import flet as ft
import pytest

from companion.games.hotdog import actions as ops
from companion.games.hotdog import forms, present, setup_form
from companion.games.hotdog.forms import Draft
from tests.tabs import tab

PLAYERS = ["Anna", "Bernd", "Chris"]
TIE = {"Anna": Draft(table=5, hotdogs=2), "Bernd": Draft(table=5, hotdogs=3, dollars=2),
       "Chris": Draft(table=5, hotdogs=3, dollars=2)}
LAST = {"Anna": Draft(table=7, hotdogs=1, last=True), "Bernd": Draft(table=5), "Chris": Draft(table=5)}
NOT_BID = "Round 1: HD-6: Anna and Chris have not bid yet: every player bids every round."


@pytest.fixture
def mid(store):
    return store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))


def drawn(shell, mid) -> tuple[ops.Session, present.GameView]:
    """The table screen drawn: its session and the game view it drew."""
    s = ops.open_table(shell, mid)
    return s, present.game_view(s.record)


def typed(shell, mid, drafts) -> None:
    s, _ = drawn(shell, mid)
    for p, d in drafts.items():
        ops.edit_bid(s, ops.ROUND, p, lambda _old, d=d: d, 5)


def rounds(store, mid) -> list[dict]:
    return store.match(mid).current.record["rounds"]


def texts(control) -> list[str]:
    """The words a drawn control shows (its components drawn too), in screen order."""
    from tests.render import Renderer

    if control is None or isinstance(control, str):
        return []
    if hasattr(control, "fn") and hasattr(control, "args"):      # a component: drawn
        return texts(Renderer(control).render(control.fn, *control.args, **(control.kwargs or {})))
    if getattr(control, "visible", True) is False:
        return []
    out = [v for v in (getattr(control, a, None) for a in ("content", "value", "text", "label"))
           if isinstance(v, str) and v]
    for attr in ("content", "controls", "label", "columns", "rows", "cells"):   # a grid's too
        kids = getattr(control, attr, None)
        for kid in kids if isinstance(kids, list) else [kids]:
            out += texts(kid)
    return out


def bid_cards(shell, mid) -> list[list[str]]:
    """The entry's bid cards as drawn now, each in words."""
    import flet as ft

    from companion.games.hotdog import round_entry
    from tests.render import Renderer

    s, gv = drawn(shell, mid)
    column = Renderer().render(lambda: ft.Column(round_entry.bid_cards(s, gv.state, s.latest().drafts, ops.ROUND)))
    return [texts(card) for card in column.controls]


def screen_texts(shell, mid) -> list[str]:
    """The table screen as drawn now, in words."""
    from companion.games.hotdog import table_screen
    from tests.render import Renderer

    return texts(Renderer().render(table_screen.TableScreen.__wrapped__, shell, mid))


def test_a_round_is_entered_and_revealed_from_its_first_step(store, mid):
    shell = tab(store)
    typed(shell, mid, TIE)
    ops.submit(*drawn(shell, mid))
    assert rounds(store, mid) == [forms.round_of(PLAYERS, TIE)]
    ui = ops.open_table(shell, mid).latest()
    assert (ui.mode, ui.index, ui.shown, ui.error) == ("reveal", 0, 1, None)
    assert ui.drafts == {}                     # round 2's bids start empty (HD-6: none made up)


def test_a_round_with_untouched_bids_is_refused_and_nothing_made_up_hd6(store, mid):
    """Submit with bids never touched used to record 1 hot dog, $0 for each: HD-6
    refuses a missing bid, naming who has not bid; what was entered stays."""
    shell = tab(store)
    ops.submit(*drawn(shell, mid))
    assert rounds(store, mid) == []
    assert ops.open_table(shell, mid).latest().error == (
        "Round 1: HD-6: Anna, Bernd and Chris have not bid yet: every player bids every round.")
    typed(shell, mid, {"Bernd": Draft(table=7, hotdogs=2)})
    ops.submit(*drawn(shell, mid))
    ui = ops.open_table(shell, mid).latest()
    assert rounds(store, mid) == [] and ui.error == NOT_BID and ui.drafts == {"Bernd": Draft(7, 2)}
    ops.edit_bid(drawn(shell, mid)[0], ops.ROUND, "Anna", lambda d: replace(d, table=7), 5)   # one tap: a bid
    ops.edit_bid(drawn(shell, mid)[0], ops.ROUND, "Chris", forms.paying(1), 5)
    ops.submit(*drawn(shell, mid))
    assert rounds(store, mid) == [forms.round_of(PLAYERS, {"Anna": Draft(7), "Bernd": Draft(7, 2),
                                                           "Chris": Draft(5, 1, 1)})]


def test_a_refused_hidden_bid_is_said_without_its_amounts_and_marked_on_its_card_hd6(store, mid):
    """Chris's hidden bid puts down more dollars than he has: the table reads only that
    his bid needs checking, his card says so, and the amounts show once he shows it."""
    shell = tab(store)
    typed(shell, mid, {**TIE, "Chris": Draft(table=5, hotdogs=5, dollars=4)})
    ops.edit_bid(drawn(shell, mid)[0], ops.ROUND, "Chris", forms.hidden_bid, 5)
    ops.submit(*drawn(shell, mid))
    ui = ops.open_table(shell, mid).latest()
    assert rounds(store, mid) == []
    assert ui.error == "Round 1: HD-6: Chris's bid needs checking: Chris, show it to see why."

    def chris_card() -> list[str]:
        return bid_cards(shell, mid)[2]

    hidden = chris_card()
    assert "HD-6: Chris's bid needs checking: Chris, show it to see why." in hidden
    assert not any("$" in t or "4" in t for t in hidden)
    ops.edit_bid(drawn(shell, mid)[0], ops.ROUND, "Chris", forms.shown_bid, 5)
    assert "HD-6: dollars (4) exceed the player's money ($3)" in chris_card()


def test_an_untouched_bid_card_says_not_entered_yet_hd6(store, mid):
    from companion.games.hotdog import widgets

    shell = tab(store)
    typed(shell, mid, {"Bernd": Draft(table=7, hotdogs=2)})
    anna, bernd, _ = bid_cards(shell, mid)
    assert widgets.NOT_ENTERED in anna and not any(t == "hot dog" or t.startswith("$0") for t in anna)
    assert widgets.NOT_ENTERED not in bernd and "Bernd: 0 dollars" in bernd  # his dollars to pick, $0 picked
    assert any(t.endswith("7 table, 2 hot dogs, $0") for t in bernd)


def test_undo_asks_first_then_keep_or_undo(store, mid):
    """"Undo last round" acted at once, next to Submit: now it asks "Undo round n?" and
    only the answer "Undo" drops the round; "Keep" keeps it."""
    shell = tab(store)
    typed(shell, mid, TIE)
    ops.submit(*drawn(shell, mid))
    ops.to_entry(drawn(shell, mid)[0])
    ops.ask_undo(*drawn(shell, mid))
    assert len(rounds(store, mid)) == 1                        # asked, nothing undone
    assert ops.open_table(shell, mid).latest().asks_undo(1)
    ops.keep_round(drawn(shell, mid)[0])
    assert len(rounds(store, mid)) == 1 and not ops.open_table(shell, mid).latest().asks_undo(1)
    ops.ask_undo(*drawn(shell, mid))
    ops.undo(*drawn(shell, mid))
    ui = ops.open_table(shell, mid).latest()
    assert rounds(store, mid) == [] and ui.drafts == TIE and ui.undo_asked is None


def test_the_undo_question_sits_after_the_last_round_away_from_submit(store, mid):
    shell = tab(store)
    typed(shell, mid, TIE)
    ops.submit(*drawn(shell, mid))
    ops.to_entry(drawn(shell, mid)[0])
    shown = screen_texts(shell, mid)
    assert shown.index("Undo last round") == shown.index("Open round 1: Bernd sold, Chris back, Anna sold") + 1
    assert shown.index("Submit round") < shown.index("Rounds of this game")
    ops.ask_undo(*drawn(shell, mid))
    asked = screen_texts(shell, mid)
    assert "Undo last round" not in asked
    question = asked.index("Undo round 1? Its bids come back for entry.")
    assert asked[question + 1:question + 3] == ["Undo", "Keep"]


def test_undo_brings_the_round_s_bids_back(store, mid):
    shell = tab(store)
    typed(shell, mid, TIE)
    ops.submit(*drawn(shell, mid))
    ops.undo(*drawn(shell, mid))
    ui = ops.open_table(shell, mid).latest()
    assert rounds(store, mid) == [] and ui.mode == "entry" and ui.drafts == TIE
    assert shell.state.flash == "Round 1 undone; its bids are back for entry."
    ops.undo(*drawn(shell, mid))
    assert ops.open_table(shell, mid).latest().error == "There is no round to undo."


def test_a_past_round_is_changed_or_the_change_cancelled(store, mid):
    shell = tab(store)
    typed(shell, mid, TIE)
    ops.submit(*drawn(shell, mid))
    ops.open_round(drawn(shell, mid)[0], 0)
    ops.begin_edit(*drawn(shell, mid), 0)
    ui = ops.open_table(shell, mid).latest()
    assert ui.mode == "edit" and ui.edit_drafts == TIE
    ops.edit_bid(drawn(shell, mid)[0], ops.EDIT, "Chris", lambda d: replace(d, table=7, dollars=0), 5)
    ops.cancel_edit(drawn(shell, mid)[0])
    assert ops.open_table(shell, mid).latest().mode == "round" and rounds(store, mid)[0]["bids"][2]["table"] == 5
    ops.begin_edit(*drawn(shell, mid), 0)      # begun again: the round as stored
    assert ops.open_table(shell, mid).latest().edit_drafts == TIE
    ops.edit_bid(drawn(shell, mid)[0], ops.EDIT, "Chris", lambda d: replace(d, table=7, dollars=0), 5)
    ops.save_edit(drawn(shell, mid)[0], 0)
    assert rounds(store, mid)[0]["bids"][2] == {"player": "Chris", "table": 7, "hotdogs": 3}
    assert ops.open_table(shell, mid).latest().mode == "round"
    assert shell.state.flash == "Round 1 changed; the game was replayed from there."


def test_a_round_that_is_gone_is_not_opened(store, mid):
    a, b = tab(store), tab(store)
    typed(a, mid, TIE)
    ops.submit(*drawn(a, mid))
    ops.open_round(drawn(b, mid)[0], 0)
    ops.undo(*drawn(a, mid))                    # the round b opened is undone on a
    s, gv = drawn(b, mid)
    assert s.ui.mode == "round" and ops.shown(s.ui, gv).mode == "entry"


def test_a_second_tap_on_start_game_2_starts_it_once(store, mid):
    shell = tab(store)
    typed(shell, mid, LAST)
    ops.submit(*drawn(shell, mid))
    s, gv = drawn(shell, mid)
    assert gv.over
    ops.choose_next_mustard(s, "Chris")
    ops.start_next_game(s, gv)
    ops.start_next_game(s, gv)                 # tapped again before the screen redrew
    games = store.match(mid).games
    assert len(games) == 2 and games[1].record == setup_form.new_record(PLAYERS, "Chris")
    assert ops.open_table(shell, mid).latest().error is None


def test_the_next_game_starts_with_the_house_rule_holder_by_default(store, mid):
    shell = tab(store)
    typed(shell, mid, LAST)
    ops.submit(*drawn(shell, mid))
    ops.start_next_game(*drawn(shell, mid))
    assert store.match(mid).games[1].record["mustard"] == "Bernd"     # HD-17


def test_the_table_screen_replays_the_game_in_play_once_per_render(store, mid, monkeypatch):
    """Drawn in game 2 (the match so far shown): game 2's replay is asked for once, for
    the screen and its entry alike (game 1's finished result comes from the match tally)."""
    from companion.games.hotdog import present, table_screen
    from tests.render import Renderer

    shell = tab(store)
    typed(shell, mid, LAST)
    ops.submit(*drawn(shell, mid))
    ops.start_next_game(*drawn(shell, mid))         # game 2: Bernd holds the mustard card
    typed(shell, mid, TIE)
    ops.submit(*drawn(shell, mid))
    ops.to_entry(drawn(shell, mid)[0])
    replayed: list[str | None] = []
    real = present.replayed   # remembered per record: count the asks, not the replays
    monkeypatch.setattr(present, "replayed", lambda rec: replayed.append(rec["mustard"]) or real(rec))
    screen = Renderer().render(table_screen.TableScreen.__wrapped__, shell, mid)
    lines = texts(screen)                       # the screen and every component it draws
    grid = lines.index("Now")                   # the money grid's first row: game 2 so far
    assert lines[grid:grid + 4] == ["Now", "$5", "$4", "$3"]
    # HD-15: the finished game's totals (game 1 ended $3 · $3 · $3), without game 2's money
    assert "Match after game 1 (HD-15): Anna $3 · Bernd $3 · Chris $3; game 2's money is added when it ends" in lines
    assert replayed == ["Bernd"]


# ---------------------------------------------------------------- entry from the table, passing the phone

FOUR = ["Anna", "Bernd", "Chris", "Dora"]


@pytest.fixture
def four(store):
    return store.create_match("hotdog", FOUR, setup_form.new_record(FOUR, "Anna"))


def tap_bid(shell, mid, player, table, hotdogs, dollars=0) -> None:
    """A player's bid picked as the table screen offers it: a hot-dog chip, a dollar chip."""
    s, _ = drawn(shell, mid)
    ops.edit_bid(s, ops.ROUND, player, forms.picked(table, hotdogs), 5)
    if dollars:
        ops.edit_bid(drawn(shell, mid)[0], ops.ROUND, player, forms.paying(dollars), 5)


def submit_round_one(shell, mid) -> None:
    """Round 1 of four players bid from the table, as the chip test enters it, and submitted."""
    tap_bid(shell, mid, "Anna", 5, 2)
    tap_bid(shell, mid, "Bernd", 5, 3, 2)
    tap_bid(shell, mid, "Chris", 7, 4)
    tap_bid(shell, mid, "Dora", 9, 5, 1)
    ops.submit(*drawn(shell, mid))


def test_a_round_from_the_table_is_one_chip_per_bid_then_submit_and_the_whole_result(store, four):
    """From the table (the default): each bid one tap, dollars one more; Submit shows
    the round's whole result at once, step by step one tap away."""
    shell = tab(store)
    assert ops.entry_mode(drawn(shell, four)[0]) == setup_form.FROM_TABLE
    tap_bid(shell, four, "Anna", 5, 2)
    tap_bid(shell, four, "Bernd", 5, 3, 2)
    tap_bid(shell, four, "Chris", 7, 4)
    tap_bid(shell, four, "Dora", 9, 5, 1)
    ops.submit(*drawn(shell, four))
    assert rounds(store, four) == [{"bids": [
        {"player": "Anna", "table": 5, "hotdogs": 2}, {"player": "Bernd", "table": 5, "hotdogs": 3, "dollars": 2},
        {"player": "Chris", "table": 7, "hotdogs": 4}, {"player": "Dora", "table": 9, "hotdogs": 5, "dollars": 1}]}]
    words = screen_texts(shell, four)
    assert "Round 1: result" in words and "Next round" in words and "Reveal step by step" in words
    assert "Tables now" in words                             # the whole result, without a tap
    assert not any(w.startswith("Next step") for w in words)
    ops.step_by_step(drawn(shell, four)[0])
    words = screen_texts(shell, four)
    assert "Tables now" not in words and any(w.startswith("Next step (2 of 4)") for w in words)


def test_the_step_by_step_reveal_shows_the_money_before_the_round_until_its_last_step(store, four):
    """With step 1 of 4 shown, the money grid right under it showed the round's final
    money: the reveal was spoiled. Until its last step the grid is the money before the
    round, said so; the money after it comes with the last step (and at the top of the
    whole result)."""
    shell = tab(store)
    submit_round_one(shell, four)
    after = "Money after round 1: Anna $5 +2 · Bernd $4 +1 · Chris $3 · Dora $2 −1"
    assert after in screen_texts(shell, four)
    ops.step_by_step(drawn(shell, four)[0])
    for step in range(1, 4):
        words = screen_texts(shell, four)
        assert f"Next step ({step + 1} of 4)" in words
        assert "Money before round 1 (HD-3: $3 at the start)" in words and after not in words
        now = words.index("Now")
        assert words[now:now + 5] == ["Now", "$3", "$3", "$3", "$3"] and "Round 1" not in words[now:]
        s = drawn(shell, four)[0]
        s.put(lambda u: u.next_step(4))
    words = screen_texts(shell, four)                         # the last step: the whole result
    assert after in words and not any(w.startswith("Money before") for w in words)
    now = words.index("Now")
    assert words[now:now + 5] == ["Now", "$5", "$4", "$3", "$2"]


def test_the_entry_shows_the_tables_with_their_places_and_the_money_grid(store, four):
    shell = tab(store)
    for p, t, n in (("Anna", 9, 4), ("Bernd", 9, 3), ("Chris", 5, 1), ("Dora", 7, 1)):
        tap_bid(shell, four, p, t, n)
    ops.submit(*drawn(shell, four))
    ops.to_entry(drawn(shell, four)[0])
    words = screen_texts(shell, four)
    assert "9 table: Anna 4, Bernd 3; 2 free" in words and "9 table" in words and "2 free" in words
    now = words.index("Now")
    assert words[now:now + 5] == ["Now", "$3", "$3", "$3", "$3"]
    assert "Round 1" in words[now:]                          # a row per round played


def test_pass_the_phone_one_tap_hides_a_bid_and_names_the_next_player(store, four):
    """Passing the phone: Anna sees only her own entry; "Hide · pass to Bernd" hides it
    and the screen is Bernd's; after Dora the round's result. A table, hot dogs and no
    dollars: two taps for a player."""
    shell = tab(store)
    ops.set_entry_mode(drawn(shell, four)[0], setup_form.PASSING)
    assert store.match_settings(four)[setup_form.ENTRY] == setup_form.PASSING
    words = screen_texts(shell, four)
    assert "Anna's bid, in secret" in words and "Hide · pass to Bernd" in words
    assert not any(w.startswith("Bernd's bid") for w in words)
    ops.pass_on(*drawn(shell, four), "Anna")                 # nothing picked: the phone stays with Anna
    assert "Anna's bid, in secret" in screen_texts(shell, four)
    for p, nxt, (t, n, d) in (("Anna", "Bernd", (5, 2, 0)), ("Bernd", "Chris", (5, 3, 2)),
                              ("Chris", "Dora", (7, 1, 0)), ("Dora", None, (7, 2, 0))):
        tap_bid(shell, four, p, t, n, d)
        words = screen_texts(shell, four)
        assert (f"Hide · pass to {nxt}" if nxt else "Hide · see the result") in words
        ops.pass_on(*drawn(shell, four), p)
        if nxt:
            words = screen_texts(shell, four)
            assert f"{nxt}'s bid, in secret" in words and any(w.startswith("Hidden: ") and p in w for w in words)
            assert not any(w.startswith(f"{p}: ") or "2 hot dogs, $0" in w for w in words)   # nothing of Anna's
    assert len(rounds(store, four)) == 1
    assert "Round 1: result" in screen_texts(shell, four)


def test_pass_the_phone_a_refused_bid_is_shown_only_to_its_owner_after_the_hand_back_hd6(store, four):
    """HD-6 refuses Chris's bid ($3 with 2 hot dogs): after the last player the table
    reads "Hand the phone to Chris" and that his bid needs checking, no amounts; his
    "I am Chris" shows him his bid and why; fixed, his tap shows the result."""
    shell = tab(store)
    ops.set_entry_mode(drawn(shell, four)[0], setup_form.PASSING)
    tap_bid(shell, four, "Anna", 5, 1)
    ops.pass_on(*drawn(shell, four), "Anna")
    tap_bid(shell, four, "Bernd", 7, 2)
    ops.pass_on(*drawn(shell, four), "Bernd")
    tap_bid(shell, four, "Chris", 5, 4, 3)
    tap_bid(shell, four, "Chris", 5, 2)                        # fewer hot dogs, the $3 kept
    ops.pass_on(*drawn(shell, four), "Chris")
    tap_bid(shell, four, "Dora", 9, 3)
    ops.pass_on(*drawn(shell, four), "Dora")
    assert rounds(store, four) == []
    words = screen_texts(shell, four)
    assert "Hand the phone to Chris" in words and "I am Chris" in words
    assert forms.handed_back("Chris") in words
    assert not any("exceed" in w or "$3 with" in w for w in words)
    assert not any("in secret" in w for w in words)          # nobody's entry open
    ops.take_back(drawn(shell, four)[0], "Chris")
    words = screen_texts(shell, four)
    assert "Chris's bid, in secret" in words and "Hide · see the result" in words
    assert "HD-6: dollars (3) exceed hot dogs (2): the price may not fall below zero" in words
    ops.edit_bid(drawn(shell, four)[0], ops.ROUND, "Chris", forms.paying(1), 5)
    ops.pass_on(*drawn(shell, four), "Chris")
    assert rounds(store, four)[0]["bids"][2] == {"player": "Chris", "table": 5, "hotdogs": 2, "dollars": 1}


def drawn_screen(shell, mid):
    """The table screen as drawn now: its controls, components drawn too."""
    from companion.games.hotdog import table_screen
    from tests.render import Renderer

    return Renderer().render(table_screen.TableScreen.__wrapped__, shell, mid)


def controls(control):
    """Every control of a drawn tree, its components drawn too, in screen order."""
    from tests.render import Renderer

    if control is None or isinstance(control, str):
        return
    if hasattr(control, "fn") and hasattr(control, "args"):      # a component: drawn
        yield from controls(Renderer(control).render(control.fn, *control.args, **(control.kwargs or {})))
        return
    yield control
    for attr in ("content", "controls"):
        kids = getattr(control, attr, None)
        for kid in kids if isinstance(kids, list) else [kids]:
            yield from controls(kid)


def mode_switch(shell, mid):
    import flet as ft

    return next(c for c in controls(drawn_screen(shell, mid)) if isinstance(c, ft.RadioGroup))


def test_the_entry_mode_switch_is_offered_between_rounds_only_under_the_entry(store, four):
    """The switch stays where it is once a bid is begun, only off: the radios vanishing
    above the bid cards moved every chip up 84 px under a finger's first tap."""
    shell = tab(store)
    words = screen_texts(shell, four)
    assert "Pass the phone" in words and words.index("Pass the phone") > words.index("Submit round")
    assert not mode_switch(shell, four).disabled
    tap_bid(shell, four, "Anna", 5, 1)
    assert "Pass the phone" in screen_texts(shell, four)
    assert mode_switch(shell, four).disabled                   # a bid begun: not now


def test_undo_says_what_it_did_next_to_the_rounds_list(store, four):
    shell = tab(store)
    for p in FOUR:
        tap_bid(shell, four, p, 5, 1)
    ops.submit(*drawn(shell, four))
    ops.to_entry(drawn(shell, four)[0])
    ops.ask_undo(*drawn(shell, four))
    ops.undo(*drawn(shell, four))
    words = screen_texts(shell, four)
    said = "Round 1 undone; its bids are back for entry."
    assert said in words and words.index(said) > words.index("Submit round")   # below the entry, not only on top
    tap_bid(shell, four, "Anna", 7, 1)
    assert "Round 1 undone; its bids are back for entry." not in screen_texts(shell, four)


def chip_of(shell, mid, name: str):
    """The bid chip read out as ``name`` on the entry as drawn now: (its text, lit, its tap)."""
    import flet as ft

    from companion.games.hotdog import round_entry
    from tests.render import Renderer

    s, gv = drawn(shell, mid)
    column = Renderer().render(lambda: ft.Column(round_entry.bid_cards(s, gv.state, s.latest().drafts, ops.ROUND)))
    for c in controls(column):
        if isinstance(c, ft.Semantics) and c.label == name:
            return c.content.content.value, bool(c.selected), (lambda c=c: c.content.on_click(None))
    raise AssertionError(f"no chip {name!r}")


def test_a_bid_of_more_hot_dogs_than_the_table_holds_is_the_tables_last_chip_hd6_hd8(store, mid):
    """The chips stopped at the table's value; "5 table, 6 hot dogs" is a legal bid (it
    goes back, HD-8), so the app made the player enter 5: the record was wrong."""
    shell = tab(store)
    text, lit, tap = chip_of(shell, mid, "Anna: 5 table, 6 hot dogs")
    assert (text, lit) == ("6+", False)
    assert chip_of(shell, mid, "Anna: 7 table, 8 hot dogs")[0] == "8+"          # three players: 5 and 7 (HD-2)
    tap()
    assert ops.open_table(shell, mid).latest().drafts["Anna"] == Draft(table=5, hotdogs=6)
    text, lit, tap = chip_of(shell, mid, "Anna: 5 table, 6 hot dogs")
    assert (text, lit) == ("6", True)
    tap()                                                   # a tap more: one hot dog more
    assert chip_of(shell, mid, "Anna: 5 table, 7 hot dogs")[:2] == ("7", True)
    assert chip_of(shell, mid, "Anna: 3 dollars")[1] is False   # $0 up to the money ($3)
    chip_of(shell, mid, "Anna: 5 table, 2 hot dogs")[2]()   # back within the table: its own chip
    assert chip_of(shell, mid, "Anna: 5 table, 6 hot dogs")[:2] == ("6+", False)


def test_a_quick_second_tap_on_next_step_reaches_the_same_button(store, four):
    """Each step of the reveal puts its lines above "Next step"; the buttons' row is
    keyed, so the button keeps its control's id through that redraw and a second quick
    tap, sent before the first one's step was drawn, reaches it."""
    import flet as ft

    from companion.games.hotdog import table_screen
    from tests.render import Renderer, redrawn

    shell = tab(store)
    submit_round_one(shell, four)
    ops.step_by_step(drawn(shell, four)[0])

    def reveal() -> ft.Control:
        s, gv = drawn(shell, four)
        return Renderer().render(table_screen.Reveal.__wrapped__, s, gv, s.latest())

    def next_step(root) -> ft.Control:
        return next(c for c in controls(root) if isinstance(c, ft.Button) and str(c.content).startswith("Next step"))

    before = reveal()
    assert next_step(before).content == "Next step (2 of 4)"
    next_step(before).on_click(None)
    after = reveal()
    assert next_step(after).content == "Next step (3 of 4)"
    redrawn(before, after)
    assert next_step(after)._i == next_step(before)._i


def _entry_redrawn(shell, mid, change, settling: tuple[bool, bool] = (False, False)) -> tuple[dict, dict, list[str]]:
    """The entry drawn, ``change()`` made, and drawn again where it was, as a session
    redraws a screen (Flet's diff): each player's bid card body before and after, and the
    words of the redrawn cards. ``settling``: whether the screen settles, before and after."""
    from companion.games.hotdog import round_entry
    from tests.render import Renderer, bodies, redrawn, sent

    def entry(settle: bool):
        s, gv = drawn(shell, mid)
        return Renderer().render(round_entry.Entry.__wrapped__, s, gv, s.latest(), settling=settle)

    def cards(name: str, c) -> str | None:      # each player's bid card, by the player
        return c.args[0] if name == "_bid_card" else None

    before = entry(settling[0])
    sent(before)
    first = bodies(before, cards)
    change()
    after = entry(settling[1])
    redrawn(before, after)
    again = bodies(after, cards)
    return first, again, [w for b in again.values() for w in texts(b)]


def test_a_chip_tap_draws_again_only_its_own_players_bid_card(store, mid):
    """A chip tap redraws the table screen; the bid cards are memoized, so only the
    tapped player's card is built and compared again (the server's time per tap is one
    card, not every card), and the others stay exactly as drawn."""
    shell = tab(store)
    first, again, _words = _entry_redrawn(shell, mid, lambda: typed(shell, mid, {"Anna": Draft(table=5, hotdogs=2)}))
    assert set(first) == set(again) == set(PLAYERS)
    assert again["Anna"] is not first["Anna"]
    assert again["Bernd"] is first["Bernd"] and again["Chris"] is first["Chris"]
    assert "bid: 5 table, 2 hot dogs, $0" in _words
    assert "bid: not entered yet" in _words       # Bernd's and Chris's, as they were


def _rows(body) -> dict:
    """A drawn bid card's rows of chips, by table (and "$"): each row's drawn body."""
    found: dict = {}

    def walk(c) -> None:
        name = getattr(getattr(c, "fn", None), "__name__", "")
        if name in ("_table_row", "_dollar_row"):
            found[c.args[1] if name == "_table_row" else "$"] = c._b
        for kid in [*(getattr(c, "controls", None) or []), getattr(c, "content", None), getattr(c, "_b", None)]:
            if kid is not None and not isinstance(kid, str):
                walk(kid)
    walk(body)
    return found


def test_a_chip_tap_draws_again_only_the_rows_of_chips_it_changed(store, mid):
    """Within the tapped player's card, the rows of chips are memoized too: Anna's bid
    going from 2 to 3 hot dogs at the 5 table draws again the 5 table's row (its lit
    chip moved) and the dollars (one more is offered, HD-6); the 7 table's row stays
    exactly as drawn."""
    shell = tab(store)
    typed(shell, mid, {"Anna": Draft(table=5, hotdogs=2)})
    first, again, words = _entry_redrawn(shell, mid, lambda: typed(shell, mid, {"Anna": Draft(table=5, hotdogs=3)}))
    before, after = _rows(first["Anna"]), _rows(again["Anna"])
    assert set(before) == set(after) == {5, 7, "$"}
    assert after[7] is before[7]
    assert after[5] is not before[5] and after["$"] is not before["$"]
    assert "bid: 5 table, 3 hot dogs, $0" in words


def test_a_settling_card_takes_no_tap_and_once_settled_keeps_its_rows_as_drawn(store, mid):
    """A screen just opened takes no tap on its bid cards for a moment (a double tap on the
    button that opened it lands on nothing): each card is drawn disabled, which Flet's
    client passes down to every chip and box of it. Settled, the card is enabled again and
    its rows of chips stay exactly as drawn: one property changes, not every chip."""
    from tests.whole_games.driver import _walk

    shell = tab(store)
    typed(shell, mid, {"Anna": Draft(table=5, hotdogs=2)})
    first, again, _words = _entry_redrawn(shell, mid, lambda: None, settling=(True, False))

    def tappable(body) -> set[str]:
        return {labels[-1] for c, visible, disabled, labels in _walk(body)
                if isinstance(c, ft.Button) and visible and not disabled and labels}

    assert tappable(first["Anna"]) == set()                       # settling: no chip takes a tap
    assert "Anna: 5 table, 3 hot dogs" in tappable(again["Anna"])   # settled: every chip does
    before, after = _rows(first["Anna"]), _rows(again["Anna"])
    assert set(before) == {5, 7, "$"} and all(after[k] is before[k] for k in before)


def test_the_bid_cards_are_drawn_again_when_the_language_changes(store, mid):
    """A memoized card keeps what it drew only for the same values, the language it is
    worded in among them: after a switch to German every card is drawn again, in German."""
    from companion.core import i18n

    shell = tab(store)
    first, again, words = _entry_redrawn(shell, mid, lambda: i18n.set_language("de"))
    assert all(again[p] is not first[p] for p in PLAYERS)
    assert "Gebot: noch nicht eingegeben" in " ".join(words)
    assert "bid: not entered yet" not in " ".join(words)


MEMOIZED = ("_table_cards", "_rounds", "_export_actions", "_mode_radios")
"""The table screen's pieces a chip tap does not change (the neutral tables, the rounds
list, the export buttons, the entry-mode choice), each memoized."""


@pytest.fixture
def played(store):
    """A match of Anna, Bernd and Chris with one round played, each at the 7 table."""
    record = setup_form.new_record(PLAYERS, "Anna")
    record["rounds"] = [{"bids": [{"player": p, "table": 7, "hotdogs": 1} for p in PLAYERS]}]
    return store.create_match("hotdog", PLAYERS, record)


def _screen_redrawn(shell, mid, change) -> tuple[dict, dict, list[str]]:
    """The table screen drawn, ``change()`` made, and drawn again where it was, as a
    session redraws it (Flet's diff): the drawn body of each piece of :data:`MEMOIZED`
    and of each chip (by its name), before and after, and the words drawn after."""
    from companion.games.hotdog import table_screen
    from tests.render import Renderer, bodies, redrawn, sent

    def screen():
        return Renderer().render(table_screen.TableScreen.__wrapped__, shell, mid)

    def kept(name: str, c) -> str | None:       # each memoized piece by its name, each chip by its own
        return name if name in MEMOIZED else c.args[0] if name == "_picker_chip" else None

    before = screen()
    sent(before)
    first = bodies(before, kept)
    change()
    after = screen()
    redrawn(before, after, already_sent=True)
    return first, bodies(after, kept), texts(after)


def test_a_chip_tap_keeps_the_tables_the_rounds_the_exports_the_mode_choice_and_the_unchanged_chips(store, played):
    """A chip tap redraws the table screen, but of what it draws only the tapped card's
    changed rows are built again, and in those rows only the chips whose light went on
    or off: the neutral tables, the rounds list, the export buttons, the entry-mode
    choice and every other chip stay exactly as drawn (the server's time per tap)."""
    shell = tab(store)
    typed(shell, played, {"Anna": Draft(table=5, hotdogs=2)})
    first, again, words = _screen_redrawn(shell, played, lambda: typed(shell, played,
                                                                       {"Anna": Draft(table=5, hotdogs=3)}))
    assert set(MEMOIZED) <= set(first)
    assert [name for name in MEMOIZED if again[name] is not first[name]] == []
    assert again["Anna: 5 table, 1 hot dog"] is first["Anna: 5 table, 1 hot dog"]
    assert again["Anna: 7 table, 2 hot dogs"] is first["Anna: 7 table, 2 hot dogs"]
    assert again["Anna: 5 table, 2 hot dogs"] is not first["Anna: 5 table, 2 hot dogs"]   # its light went off
    assert again["Anna: 5 table, 3 hot dogs"] is not first["Anna: 5 table, 3 hot dogs"]   # and this one's on
    assert "bid: 5 table, 3 hot dogs, $0" in words
    assert "7 table: Anna 1, Bernd 1, Chris 1; 4 free" in words          # the kept pieces, as drawn
    assert "Open round 1: Anna sold, Bernd sold, Chris sold" in words
    assert "Game as JSON" in words and "Bids from the table" in words


def test_a_round_entered_draws_the_tables_and_the_rounds_list_anew(store, played):
    """The neutral tables and the rounds list are kept only while the record is the same:
    after a round is entered (and the table is back at the entry) both are drawn anew,
    with the new round; the export buttons, whose values did not change, stay."""
    shell = tab(store)

    def next_round() -> None:
        typed(shell, played, {p: Draft(table=5, hotdogs=1) for p in PLAYERS})
        ops.submit(*drawn(shell, played))
        ops.to_entry(drawn(shell, played)[0])

    first, again, words = _screen_redrawn(shell, played, next_round)
    assert again["_table_cards"] is not first["_table_cards"]
    assert again["_rounds"] is not first["_rounds"]
    assert again["_export_actions"] is first["_export_actions"]
    assert any(w.startswith("Open round 2:") for w in words)


def test_the_kept_pieces_are_drawn_again_in_a_new_language(store, played):
    """A kept piece speaks the language it was drawn in: after a switch to German the
    tables, the rounds list, the exports and the mode choice are drawn again, in German."""
    from companion.core import i18n

    shell = tab(store)
    first, again, words = _screen_redrawn(shell, played, lambda: i18n.set_language("de"))
    assert all(again[name] is not first[name] for name in MEMOIZED)
    assert "7er-Tisch: Anna 1, Bernd 1, Chris 1; 4 frei" in words
    assert "7 table: Anna 1, Bernd 1, Chris 1; 4 free" not in words and "Game as JSON" not in words
