"""Secrets while the game runs and everything at the end (BU-3, BU-5), the BU-7 top
bun, final scores as the BU-8 house rule with the tie-break reason."""

from __future__ import annotations

import re

import pytest

from companion.core.errors import RuleError
from companion.games.burger import present, round_form, stacks
from companion.games.burger.recipes import load_recipes
from tests.burger_app.helpers import play, start

DECKS_A = [["patty", "cheese"], ["lettuce", "rat"], ["onion", "tomato"]]
DECKS_B = [["bottom bun"], ["top bun"], ["cheese", "patty", "lettuce"]]


def secret_game():
    """3 tongs + 1 tease each, draw pile 12, a rat token scores −1 (house rule, BU-8).
    Round 1: Cat alone plays tongs and takes the rat (BU-4, BU-5); 6 cards leave 6.
    Round 2 (Cat first): Ann, Ben, Ann take the decks; 5 cards leave 1 < 5: the end (BU-6)."""
    rec = start(tongs=3, draw_pile="12", rat_points=-1)
    one = play(rec, DECKS_A, {"Ann": "tease", "Ben": "tease", "Cat": "tongs"}, {"Cat": 1})
    two = play(one, DECKS_B, {"Ann": "tongs", "Ben": "tongs", "Cat": "tease"}, {"Ann": 1})
    return one, two


def public_text(gv: present.GameView) -> str:
    return repr({k: v for k, v in vars(gv).items() if k != "record"})


def test_bu5_public_view_hides_rats_and_tool_hands_while_the_game_runs():
    one, _ = secret_game()
    gv = present.game_view(one)
    assert not gv.over
    text = public_text(gv)
    assert gv.rounds[0].takes == ["Cat takes deck 1: patty, cheese", "Cat takes deck 2: lettuce",
                                  "Cat takes deck 3: onion, tomato"]
    assert "rat token" not in repr(gv.rounds)
    assert "hidden" not in text and "Deck 1 held" not in text
    # nobody's hand or used cards (BU-3); the setup's tool cards per player are public
    table = repr(gv.rounds) + gv.count + gv.draw_pile + gv.next_first + repr(gv.hamburgers)
    assert not re.search(r"\d+ tongs \+ \d+ tease", table)
    assert gv.tools.startswith("3 tongs + 1 tease per player, set at setup")
    assert not hasattr(gv, "scores")       # a rat scores −1 here: scores would give Cat's rat away
    assert gv.hamburgers == {"Ann": 0, "Ben": 0, "Cat": 1}
    assert not gv.rounds[0].secrets


def test_bu3_bu5_a_player_peeks_at_their_own_only():
    one, _ = secret_game()
    cat = present.private_view(one, "cat")
    assert (cat.player, cat.rats) == ("Cat", 1)
    assert cat.hand == {"tongs": 2, "tease": 1} and cat.used == {"tongs": 1, "tease": 0}
    assert present.private_text(cat) == [
        "Cat, your rat tokens: 1 (secret, BU-5).",
        "Your tool cards in hand: 2 tongs + 1 tease.",
        "Your used tool cards: 1 tongs + 0 tease (secret, BU-3).",
        # the rules' note names the record's deck 1 ('Deck 1 held'): the screen counts it as deck 2
        "Round 1: Deck 2 held 1 rat: 1 hidden rat token for you; the rat goes under your wastebasket (BU-5).",
    ]
    ann = present.private_view(one, "Ann")
    assert (ann.rats, ann.hand, ann.used, ann.lines) == (0, {"tongs": 3, "tease": 0}, {"tongs": 0, "tease": 1}, [])
    with pytest.raises(RuleError):
        present.private_view(one, "Zed")


def test_bu3_a_take_back_is_public_but_not_its_count():
    rec = start()
    one = play(rec, DECKS_A, {"Ann": "tease", "Ben": "tongs", "Cat": "tongs"})
    # Ben first now (took the last deck); Ben plays his second tongs: one card left -> takes all back
    two = play(one, DECKS_A, {"Ann": "tongs", "Ben": "tongs", "Cat": "tongs"})
    rv = present.game_view(two).rounds[1]
    assert rv.notes[:2] == ["Ann takes the used tool cards back into hand (BU-3).",
                            "Ben takes the used tool cards back into hand (BU-3)."]
    assert "used tool cards back, the one just played" not in repr(rv)
    ben = present.private_view(two, "Ben")
    assert ben.hand == {"tongs": 2, "tease": 1} and ben.used == {"tongs": 0, "tease": 0}
    assert ben.lines[-1] == "Round 2: You take your used tool cards back: in hand now 2 tongs + 1 tease (BU-3)."


def test_bu5_everything_is_shown_at_the_end():
    _, two = secret_game()
    gv = present.game_view(two)
    assert gv.over and gv.rounds[0].secrets
    assert gv.rounds[0].takes[1] == "Cat takes deck 2: lettuce, 1 rat"
    assert gv.next_first == ("Game over: the draw pile holds 1 card, fewer than the 5 ingredients "
                             "a new round needs (BU-6).")
    assert gv.rounds[1].next_first is None
    end = present.end_view(two)
    assert [(r.player, r.hamburgers, r.rats, r.points, r.used) for r in end.rows] == [
        ("Ann", 1, 0, 1, {"tongs": 1, "tease": 1}),
        ("Ben", 0, 0, 0, {"tongs": 1, "tease": 1}),
        ("Cat", 1, 1, 0, {"tongs": 1, "tease": 1}),
    ]
    assert end.winners == ["Ann"]
    assert end.explanation == (
        "Game over after 2 rounds: the draw pile holds 1 card, fewer than the 5 ingredients a new "
        "round needs (BU-6). Ann wins with 1 point (house rule, BU-8).")
    assert end.scoring.startswith("Scoring is a house rule (BU-8): the rule texts give no scoring.")
    assert present.score_lines(end) == [
        "Ann: 1 hamburger, 0 rat tokens: 1 point (house rule, BU-8)",
        "Ben: 0 hamburgers, 0 rat tokens: 0 points (house rule, BU-8)",
        "Cat: 1 hamburger, 1 rat token: 0 points (house rule, BU-8)",
    ]


def test_bu7_top_bun_ties_and_fewer_rats_decide_bu8():
    _, two = secret_game()
    end = present.end_view(two, ["Cat"])
    # Cat: 2 hamburgers − 1 rat = 1 point, level with Ann; Ann has fewer rat tokens
    assert [(r.player, r.points, r.top_bun) for r in end.rows] == [
        ("Ann", 1, False), ("Ben", 0, False), ("Cat", 1, True)]
    assert end.winners == ["Ann"]
    assert end.explanation.endswith(
        "Ann wins with 1 point, tied with Cat but with fewer rat tokens (house rule, BU-8). "
        "Wastebasket top buns: Cat (BU-7).")
    assert present.score_lines(end)[2] == (
        "Cat: 2 hamburgers incl. the wastebasket top bun (BU-7), 1 rat token: 1 point (house rule, BU-8)")


def two_player_game(rat: bool):
    """2 players, draw pile 8 (+1 with the rat). Round 1: Ann alone tongs takes both decks
    and finishes 1. Round 2: Ben alone tongs, finishes 1 (and takes the rat). The pile is
    then empty: the end (BU-6)."""
    rec = start(["Ann", "Ben"], draw_pile="9" if rat else "8")
    one = play(rec, [["bottom bun", "patty"], ["cheese", "top bun"]], {"Ann": "tongs", "Ben": "tease"}, {"Ann": 1})
    second = [["bottom bun", "patty"], ["cheese", "top bun", *(["rat"] if rat else [])]]
    return play(one, second, {"Ann": "tease", "Ben": "tongs"}, {"Ben": 1})


def test_bu7_the_wastebasket_top_bun_changes_the_final_score():
    rec = two_player_game(rat=True)
    end = present.end_view(rec)
    assert end.winners == ["Ann"]                # 1–1, Ben holds the rat token
    assert end.top_bun_choices == ["Ann", "Ben"]
    assert end.top_bun_note == ("Each player may flip the wastebasket card as the top bun of one "
                                "hamburger that lacks only its top bun: one more complete hamburger (BU-7).")
    end = present.end_view(rec, ["Ben"])
    assert [r.points for r in end.rows] == [1, 2]
    assert end.winners == ["Ben"]
    assert end.explanation == (
        "Game over after 2 rounds: the draw pile holds 0 cards, fewer than the 4 ingredients a new "
        "round needs (BU-6). Ben wins with 2 points (house rule, BU-8). Wastebasket top buns: Ben (BU-7).")
    # the stack the top bun finishes, checked with the wastebasket as top bun
    stack = round_form.StackDraft("Cheeseburger", ("bottom bun", "patty", "cheese"))
    assert stacks.stack_check(load_recipes(), stack, wastebasket_top=True).complete


def test_bu8_equal_points_and_rats_share_the_win():
    end = present.end_view(two_player_game(rat=False))
    assert end.winners == ["Ann", "Ben"]
    assert end.explanation.endswith("Ann and Ben share the win with 1 point each (house rule, BU-8).")


def test_bu7_refused_choices_and_not_before_the_end():
    rec = two_player_game(rat=True)
    end = present.end_view(rec, ["Ben", "ben"])
    assert end.error == "Ben: BU-7: has one wastebasket card: it tops only one hamburger"
    assert [r.top_bun for r in end.rows] == [False, False]
    assert present.end_view(rec, ["Zed"]).error == (
        "Zed: BU-7: a wastebasket top bun for 'Zed' is not a player (players: Ann, Ben)")
    assert present.end_view(secret_game()[0]) is None
