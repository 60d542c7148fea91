"""Burger records and results, exactly as docs/referee-contract.md gives them.

The record is the truth: setup plus the rounds as entered. Results carry the
contract's fields (in the contract's order) plus ``explanation``, ``rulings`` and
``notes`` wherever a player may ask "why?", and ``private`` notes that only their
owner should see (rat tokens and used tool cards are secret: BU-5).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from companion.core.record import Count, Model, Name, Result
from companion.core.record import ModelRecord as GameRecord

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

    decks: list[list[Name]]
    tools: dict[str, ToolKind]  # keys as entered: the rules resolve them and refuse doubles
    picks: list[Count] | None = None
    complete: dict[str, Count] = {}


class BurgerRecord(GameRecord):
    game: Literal["burger"] = "burger"
    first: Name | None = None
    tools: Tools = Tools()
    scoring: Scoring = Scoring()
    draw_pile: Count | None = None
    rounds: list[Round] = []


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
