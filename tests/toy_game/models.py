"""The toy game's record and result: the players, then each round's numbers."""

from __future__ import annotations

from typing import Literal

from companion.core.record import GameRecord, Model, Name, Positive, Result


class Pick(Model):
    player: Name
    number: Positive


class Round(Model):
    picks: list[Pick]


class ToyRecord(GameRecord):
    game: Literal["toy"] = "toy"
    rounds: list[Round] = []


class RoundResult(Result):
    round: int
    picks: dict[str, int]
    winner: str | None
    points: dict[str, int]
    explanation: str
    rulings: list[str]


class ToyResult(Result):
    game: Literal["toy"] = "toy"
    rounds: list[RoundResult]
    game_over: bool
    points: dict[str, int]
    winners: list[str]
    explanation: str
