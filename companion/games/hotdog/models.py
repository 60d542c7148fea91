"""Hot Dog records and results, exactly as docs/referee-contract.md gives them.

The record is the truth: setup plus the rounds as entered. Results carry the
contract's fields plus an ``explanation`` wherever a player may ask "why?".
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from companion.core.bounds import MAX_PER_ROUND, MAX_ROUNDS
from companion.core.record import Count, GameRecord, Model, Name, Positive, Result

START_MONEY = 3  # HD-3


class Bid(Model):
    player: Name
    table: Count
    hotdogs: Positive
    dollars: Count = 0
    last: bool = False
    announced: bool = True


class Round(Model):
    bids: Annotated[list[Bid], Field(max_length=MAX_PER_ROUND)]


class HotDogRecord(GameRecord):
    game: Literal["hotdog"] = "hotdog"
    mustard: Name | None = None
    # keys as entered: the rules resolve names (trimmed, any case) and refuse doubles
    money: Annotated[dict[str, Count], Field(max_length=MAX_PER_ROUND)] = {}
    tables: Annotated[dict[str, Annotated[dict[str, Count], Field(max_length=MAX_PER_ROUND)]],
                      Field(max_length=MAX_PER_ROUND)] = {}
    rounds: Annotated[list[Round], Field(max_length=MAX_ROUNDS)] = []   # bounds: core.bounds


# ---------------------------------------------------------------- results


class Step(Result):
    table: int
    player: str
    hotdogs: int
    dollars: int
    price: int
    outcome: Literal["sold", "returned"]
    reason: Literal["table full", "not announced", "no room"] | None
    explanation: str
    rulings: list[str]


class Payout(Result):
    table: int
    player: str
    dollars: int
    hotdogs: int
    explanation: str


class RoundResult(Result):
    round: int
    mustard: str
    steps: list[Step]
    payouts: list[Payout]
    tables: dict[str, dict[str, int]]
    money: dict[str, int]
    finished: list[str]
    next_mustard: str | None
    notes: list[str]


class HotDogResult(Result):
    game: Literal["hotdog"] = "hotdog"
    rounds: list[RoundResult]
    game_over: bool
    money: dict[str, int]
    winners: list[str]
    explanation: str
