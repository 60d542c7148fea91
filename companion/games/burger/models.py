"""Burger records and results, exactly as docs/referee-contract.md gives them.

The record is the truth: setup plus the rounds as entered. Results carry the
contract's fields (in the contract's order) plus ``explanation``, ``rulings`` and
``notes`` wherever a player may ask "why?", and ``private`` notes that only their
owner should see (rat tokens and used tool cards are secret: BU-5).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from companion.core.bounds import MAX_DECK_CARDS, MAX_PER_ROUND, MAX_ROUNDS
from companion.core.record import CardName, Count, GameRecord, Model, Name, Result

ToolKind = Literal["tongs", "tease"]
TOOL_KINDS: tuple[ToolKind, ...] = ("tongs", "tease")

# BU-3 house rule default: 2 tongs + 1 tease per player.
DEFAULT_TONGS, DEFAULT_TEASE = 2, 1
# BU-8 house rule default: 1 point per complete hamburger, 0 per rat token.
DEFAULT_HAMBURGER_POINTS, DEFAULT_RAT_POINTS = 1, 0

RAT = "rat"  # the one card name that is not an ingredient (BU-2, BU-5)

Points = Annotated[int, Field(strict=True)]


class Tools(Model):
    """Tool cards each player starts with (BU-3); a kind not named keeps its default."""

    tongs: Count = DEFAULT_TONGS
    tease: Count = DEFAULT_TEASE


class Scoring(Model):
    """The BU-8 house rule: points per complete hamburger and per rat token (may be negative)."""

    hamburger: Points = DEFAULT_HAMBURGER_POINTS
    rat: Points = DEFAULT_RAT_POINTS


class Round(Model):
    """One round as entered: the decks as laid out, every player's tool card, the
    deck each taker chose (in taking order) and the hamburgers finished."""

    decks: Annotated[list[Annotated[list[CardName], Field(max_length=MAX_DECK_CARDS)]],
                     Field(max_length=MAX_PER_ROUND)]
    # keys as entered: the rules resolve them and refuse doubles
    tools: Annotated[dict[str, ToolKind], Field(max_length=MAX_PER_ROUND)]
    picks: Annotated[list[Count], Field(max_length=MAX_PER_ROUND)] | None = None
    complete: Annotated[dict[str, Count], Field(max_length=MAX_PER_ROUND)] = {}


class BurgerRecord(GameRecord):
    game: Literal["burger"] = "burger"
    first: Name | None = None
    tools: Tools = Tools()
    scoring: Scoring = Scoring()
    draw_pile: Count | None = None
    rounds: Annotated[list[Round], Field(max_length=MAX_ROUNDS)] = []   # bounds: core.bounds


# ---------------------------------------------------------------- results


class ToolHand(Result):
    tongs: int
    tease: int


class RoundResult(Result):
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
    # beyond the contract: why, in a player's words
    ingredients: int
    rat_cards: int
    took_back: list[str]
    game_over: bool
    end: str | None
    explanation: str
    rulings: list[str]
    notes: list[str]
    private: dict[str, list[str]]


class ScoringResult(Result):
    hamburger: int
    rat: int
    house_rule: bool
    explanation: str


class BurgerResult(Result):
    game: Literal["burger"] = "burger"
    rounds: list[RoundResult]
    game_over: bool
    scores: dict[str, int]
    winners: list[str]
    # beyond the contract
    scoring: ScoringResult
    hamburgers: dict[str, int]
    rats: dict[str, int]
    explanation: str
    notes: list[str]
