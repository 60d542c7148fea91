"""Burger's rules as the app shows them: the rules in plain words (every ruling with
its id, the house rules labelled) and the labels the setup and the table put beside
the tool cards and the points. No flet here."""

from __future__ import annotations

from companion.games.burger.i18n import N_, _, ngettext
from companion.games.burger.models import (
    DEFAULT_HAMBURGER_POINTS,
    DEFAULT_RAT_POINTS,
    DEFAULT_TEASE,
    DEFAULT_TONGS,
)
from companion.games.burger.words import tools_text

HOUSE_RULE = N_("house rule")
SCORING_LABEL = N_("Scoring is a house rule (BU-8): the rule texts give no scoring.")


def tools_label(tongs: int = DEFAULT_TONGS, tease: int = DEFAULT_TEASE) -> str:
    """What the setup says about the tool cards (BU-3)."""
    cards = _("{tools} per player").format(tools=tools_text(tongs, tease))
    if (tongs, tease) == (DEFAULT_TONGS, DEFAULT_TEASE):
        return _("{cards}: house rule (BU-3), the rule texts do not give the number.").format(cards=cards)
    return _("{cards}, set at setup (BU-3; the house rule default is {default}).").format(
        cards=cards, default=tools_text(DEFAULT_TONGS, DEFAULT_TEASE))


def points_per(points: int, what: str) -> str:
    """Points per one thing (BU-8), the plural on the points: '1 point per rat token',
    '0 points per rat token'. ``what``: "complete hamburger" or "rat token"."""
    if what == "rat token":
        return ngettext("{n} point per rat token", "{n} points per rat token", points).format(n=points)
    return ngettext("{n} point per complete hamburger", "{n} points per complete hamburger",
                    points).format(n=points)


def scoring_label(hamburger: int = DEFAULT_HAMBURGER_POINTS, rat: int = DEFAULT_RAT_POINTS) -> str:
    """What every screen with points says about them: always the BU-8 house rule."""
    return _("{label} House rule: {per_hamburger}, {per_rat}; a tie goes to fewer rat tokens, "
             "and is shared if still equal.").format(label=_(SCORING_LABEL),
                                                     per_hamburger=points_per(hamburger, "complete hamburger"),
                                                     per_rat=points_per(rat, "rat token"))


RULES_INTRO: list[str] = [
    N_("Burger is a drafting game: each round ingredient cards are laid out in as many decks "
    "as players, everyone plays a tool card at once, and the tongs players take the decks "
    "to build hamburgers by recipe."),
    N_("A round: 1. the first player reveals ingredients into the decks; 2. every player plays "
    "tongs or tease face down, all revealed at once; 3. tongs players take the decks in turn; "
    "4. rat cards give hidden rat tokens, the other cards build hamburgers; 5. the game ends, "
    "or whoever took the last deck becomes first player."),
    N_("The recipes are not in the rule texts: they come from a recipe file (assets/recipes/, "
    "the shipped one is a made-up example to edit)."),
]

RULES: list[tuple[str, str, bool]] = [
    ("BU-1", N_("2 to 5 players sit clockwise in the order entered. The first player is chosen "
             "at setup: whoever most recently ate a hamburger."), False),
    ("BU-2", N_("Each round the first player reveals ingredient cards until 4 / 5 / 7 / 8 "
             "ingredients are out (2 / 3 / 4 / 5 players). Rat cards do not count towards that "
             "number but are placed on a deck too. There are as many decks as players; the first "
             "ingredients revealed start one deck each, so every deck holds an ingredient; the "
             "first player chooses where each later card goes. A round cannot use more cards than "
             "the draw pile holds."), False),
    ("BU-3", N_("House rule: each player starts with 2 tongs + 1 tease (the rule texts do not give "
             "the number; it can be changed at setup, at least 2 cards). Each round every player "
             "plays one tool card face down and all are revealed at once. Used cards stay out of "
             "the hand, secret, until a player holds only one tool card after the reveal: then "
             "that player takes all used tool cards back, the one just played included."), True),
    ("BU-4", N_("Tongs players take one deck at a time, clockwise starting with the player after "
             "the first player, going round again until no deck is left; one tongs player alone "
             "takes every deck. Tease players take none. If nobody played tongs, every deck goes "
             "to the first player's wastebasket, nobody gets rat tokens, and the first player "
             "stays."), False),
    ("BU-5", N_("Every rat card in a deck taken gives its taker one hidden rat token and goes under "
             "the wastebasket. The other cards build hamburgers by the recipe in any order: a "
             "bottom bun first (an ingredient card may be flipped to serve as one, never a rat), "
             "the recipe's ingredients, and the top bun last. Unused cards go under the "
             "wastebasket. A hamburger in progress stays in front of its player. Rat tokens and "
             "used tool cards are secret: the app shows them only to their owner, on a tap, and "
             "to everyone at the end."), False),
    ("BU-6", N_("The game ends when the complete hamburgers on the table, every player's together, "
             "reach 8 (2–3 players), 9 (4) or 10 (5), or when the draw pile has fewer cards than "
             "a new round needs. Otherwise whoever took the last deck becomes first player (if "
             "nobody took a deck, the first player stays)."), False),
    ("BU-7", N_("After the end, each player may flip the wastebasket card to serve as the top bun "
             "of one hamburger that lacks only its top bun."), False),
    ("BU-8", N_("House rule (the rule texts give no scoring; changeable at setup): points per "
             "complete hamburger (default 1) plus points per rat token (default 0, e.g. −1). "
             "Highest score wins; a tie goes to fewer rat tokens, and is shared if still "
             "equal."), True),
]
