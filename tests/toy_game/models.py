"""The toy game's record and result: the players, then each round's numbers (typed
dicts, read by :func:`companion.core.record.read`); the result is facts only."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from companion.core.record import RECORD, Name, Positive, with_config


@with_config(RECORD)
class Pick(TypedDict):
    player: Name
    number: Positive


@with_config(RECORD)
class Round(TypedDict):
    picks: list[Pick]


@with_config(RECORD)
class ToyRecord(TypedDict):
    game: NotRequired[Annotated[Literal["toy"], Field(default="toy")]]
    players: list[Name]
    rounds: NotRequired[Annotated[list[Round], Field(default_factory=list)]]


class RoundResult(TypedDict):
    round: int
    picks: dict[str, int]
    winner: str | None
    points: dict[str, int]
    rulings: list[str]


class ToyResult(TypedDict):
    game: Literal["toy"]
    rounds: list[RoundResult]
    game_over: bool
    points: dict[str, int]
    winners: list[str]
    rounds_played: int
