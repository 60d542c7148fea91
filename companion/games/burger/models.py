"""Burger records and results, exactly as docs/referee-contract.md gives them.

The record is the truth: setup plus the rounds as entered, as plain JSON data read
into these typed dicts (every default filled in). A result is facts only: the
contract's fields (in the contract's order), then what a player may ask "why?" about
— the cards revealed, who played tongs, the hamburgers finished, why the game ended,
the rulings applied — and what only its owner may see while the game runs (the rat
cards found, the used tool cards taken back: BU-3, BU-5; ``secrecy.py``). The words
are the ``present`` layer's.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from companion.core.bounds import MAX_DECK_CARDS, MAX_PER_ROUND, MAX_ROUNDS
from companion.core.record import RECORD, CardName, Count, Name, Players, empty_list, with_config

ToolKind = Literal["tongs", "tease"]
TOOL_KINDS: tuple[ToolKind, ...] = ("tongs", "tease")

# BU-3 house rule default: 2 tongs + 1 tease per player.
DEFAULT_TONGS, DEFAULT_TEASE = 2, 1
# BU-8 house rule default: 1 point per complete hamburger, 0 per rat token.
DEFAULT_HAMBURGER_POINTS, DEFAULT_RAT_POINTS = 1, 0

RAT = "rat"  # the one card name that is not an ingredient (BU-2, BU-5)

Points = Annotated[int, Field(strict=True)]


@with_config(RECORD)
class Tools(TypedDict):
    """Tool cards each player starts with (BU-3); a kind not named keeps its default."""

    tongs: NotRequired[Annotated[Count, Field(default=DEFAULT_TONGS)]]
    tease: NotRequired[Annotated[Count, Field(default=DEFAULT_TEASE)]]


@with_config(RECORD)
class Scoring(TypedDict):
    """The BU-8 house rule: points per complete hamburger and per rat token (may be negative)."""

    hamburger: NotRequired[Annotated[Points, Field(default=DEFAULT_HAMBURGER_POINTS)]]
    rat: NotRequired[Annotated[Points, Field(default=DEFAULT_RAT_POINTS)]]


@with_config(RECORD)
class Round(TypedDict):
    """One round as entered: the decks as laid out, every player's tool card, the
    deck each taker chose (in taking order) and the hamburgers finished."""

    decks: Annotated[list[Annotated[list[CardName], Field(max_length=MAX_DECK_CARDS)]],
                     Field(max_length=MAX_PER_ROUND)]
    # keys as entered: the rules resolve them and refuse doubles
    tools: Annotated[dict[str, ToolKind], Field(max_length=MAX_PER_ROUND)]
    picks: NotRequired[Annotated[list[Count] | None, Field(default=None, max_length=MAX_PER_ROUND)]]
    complete: NotRequired[Annotated[dict[str, Count], Field(default_factory=dict, max_length=MAX_PER_ROUND)]]


@with_config(RECORD)
class BurgerRecord(TypedDict):
    game: NotRequired[Annotated[Literal["burger"], Field(default="burger")]]
    players: Players
    first: NotRequired[Annotated[Name | None, Field(default=None)]]
    tools: NotRequired[Annotated[Tools, Field(default_factory=lambda: {"tongs": DEFAULT_TONGS,
                                                                        "tease": DEFAULT_TEASE})]]
    scoring: NotRequired[Annotated[Scoring, Field(default_factory=lambda: {"hamburger": DEFAULT_HAMBURGER_POINTS,
                                                                            "rat": DEFAULT_RAT_POINTS})]]
    draw_pile: NotRequired[Annotated[Count | None, Field(default=None)]]
    rounds: NotRequired[Annotated[list[Round], Field(default_factory=empty_list, max_length=MAX_ROUNDS)]]  # core.bounds


# ---------------------------------------------------------------- results

End = Literal["hamburgers", "draw pile"]
"""Why the game ended (BU-6): the complete hamburgers on the table reached the number
that ends it, or the draw pile holds fewer ingredients than a round needs."""


class ToolHand(TypedDict):
    tongs: int
    tease: int


class Found(TypedDict):
    """Rat cards a taker found in a deck taken (BU-5): the deck (its record index) and how many."""

    deck: int
    rats: int


class RoundResult(TypedDict):
    # the contract's
    round: int
    first: str
    take_order: list[str]
    taken: dict[str, list[int]]
    wastebasket: str | None
    rats: dict[str, int]
    tools_left: dict[str, ToolHand]
    hamburgers: dict[str, int]
    draw_pile: int | None
    next_first: str | None
    # beyond it (BEYOND_CONTRACT)
    decks: int                        # laid out: one per player (BU-2)
    ingredients: int                  # revealed into the decks (BU-2)
    rat_cards: int                    # rats revealed with them (BU-2)
    tongs: list[str]                  # who played tongs, in taking order (BU-4)
    took_back: list[str]              # who took their used tool cards back (BU-3; public that it happened)
    returned: dict[str, int]          # SECRET: how many used tool cards each of them took back (BU-3)
    found: dict[str, list[Found]]     # SECRET: the rat cards each taker found, deck by deck (BU-5)
    complete: dict[str, int]          # hamburgers finished this round (BU-5), seat order
    cards: int                        # cards the draw pile gave (ingredients and rats, BU-2)
    game_over: bool
    end: End | None                   # why the game ended with this round (BU-6)
    rulings: list[str]


class ScoringResult(TypedDict):
    hamburger: int
    rat: int
    house_rule: bool


class BurgerResult(TypedDict):
    # the contract's
    game: Literal["burger"]
    rounds: list[RoundResult]
    game_over: bool
    scores: dict[str, int]
    winners: list[str]
    # beyond it
    scoring: ScoringResult
    hamburgers: dict[str, int]
    rats: dict[str, int]
    tools: ToolHand                   # each player's tool cards at the start (BU-3)
    rounds_played: int
    first: str                        # the first player of the next round, or of the last
    end: End | None
    top_buns: list[str]               # BU-7: who flipped the wastebasket card as a top bun
    tied: list[str]                   # the players level on points with the winner (BU-8's tie-break)


_ROUND_BEYOND = {k: True for k in ("decks", "ingredients", "rat_cards", "tongs", "took_back", "returned", "found",
                                   "complete", "cards", "game_over", "end", "rulings")}
#: The facts a result holds beyond the contract's fields: left out of ``companion
#: referee``'s output (pydantic's ``exclude`` form).
BEYOND_CONTRACT = {"rounds": {"__all__": _ROUND_BEYOND},
                   **{k: True for k in ("scoring", "hamburgers", "rats", "tools", "rounds_played", "first",
                                        "end", "top_buns", "tied")}}
