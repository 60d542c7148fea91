"""Hot Dog records and results, exactly as docs/referee-contract.md gives them.

The record is the truth: setup plus the rounds as entered, as plain JSON data; it is
read (:func:`companion.core.record.read`) into these typed dicts, every default filled
in. A result is facts only, the contract's fields first, then what a player may ask
"why?" about (each bid's place at its table and who it tied with or came after, the
places a returned bid found free, the rulings applied). The words are the ``present``
layer's, drawn when a screen shows them.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from companion.core.bounds import MAX_PER_ROUND, MAX_ROUNDS
from companion.core.record import RECORD, Count, Name, Players, Positive, empty_list, with_config

START_MONEY = 3  # HD-3


@with_config(RECORD)
class Bid(TypedDict):
    player: str                 # as entered: the rules find the player it names (any case, trimmed)
    table: Count
    hotdogs: Positive
    dollars: NotRequired[Annotated[Count, Field(default=0)]]
    last: NotRequired[Annotated[bool, Field(default=False)]]
    announced: NotRequired[Annotated[bool, Field(default=True)]]


@with_config(RECORD)
class Round(TypedDict):
    bids: Annotated[list[Bid], Field(max_length=MAX_PER_ROUND)]


@with_config(RECORD)
class HotDogRecord(TypedDict):
    game: NotRequired[Annotated[Literal["hotdog"], Field(default="hotdog")]]
    players: Players
    mustard: NotRequired[Annotated[Name | None, Field(default=None)]]
    # keys as entered: the rules resolve names (trimmed, any case) and refuse doubles
    money: NotRequired[Annotated[dict[str, Count], Field(default_factory=dict, max_length=MAX_PER_ROUND)]]
    tables: NotRequired[Annotated[dict[str, Annotated[dict[str, Count], Field(max_length=MAX_PER_ROUND)]],
                                  Field(default_factory=dict, max_length=MAX_PER_ROUND)]]
    rounds: NotRequired[Annotated[list[Round], Field(default_factory=empty_list, max_length=MAX_ROUNDS)]]  # core.bounds


# ---------------------------------------------------------------- results

Reason = Literal["table full", "not announced", "no room"]


class Step(TypedDict):
    """One bid as it was served (HD-7…HD-13): the contract's fields."""

    table: int
    player: str
    hotdogs: int
    dollars: int
    price: int
    outcome: Literal["sold", "returned"]
    reason: Reason | None


class Why(TypedDict):
    """Why a bid was served where it was, and what came of it (``rules.why`` works it
    out from the round's facts, for the screens; the referee does without)."""

    place: int                  # its place in its table's order, from 1 (HD-7)
    alone: bool                 # the only bid at its table
    tied: tuple[str, ...]       # the others at its table with the same price, in serving order
    after: str | None           # not tied: the bid served just before it at its table
    free: int                   # places free at its table when it was served (HD-8)
    last: bool                  # it was the player's last hot dogs (HD-12, HD-13)
    filled: bool                # sold, and its table is full with it (HD-10)
    rulings: tuple[str, ...]    # the rulings it applied


class Payout(TypedDict):
    """A player paid at a table that became full (HD-10): $1 per own hot dog there."""

    table: int
    player: str
    dollars: int


class RoundResult(TypedDict):
    # the contract's
    round: int
    mustard: str
    steps: list[Step]
    payouts: list[Payout]
    tables: dict[str, dict[str, int]]
    money: dict[str, int]
    finished: list[str]
    # beyond it (BEYOND_CONTRACT)
    free: list[int]             # beside each step: the places free at its table when it was served (HD-8)
    full: list[int]             # the tables that filled this round, in serving order (HD-10)
    next_mustard: str | None    # HD-14; None once the game is over (HD-13)


class HotDogResult(TypedDict):
    # the contract's
    game: Literal["hotdog"]
    rounds: list[RoundResult]
    game_over: bool
    money: dict[str, int]
    winners: list[str]
    # beyond it
    rounds_played: int
    mustard: str                # the holder now (the next round's), or at the end


#: The facts a result holds beyond the contract's fields: left out of ``companion
#: referee``'s output (in pydantic's ``exclude`` form).
BEYOND_CONTRACT = {"rounds": {"__all__": {"free": True, "full": True, "next_mustard": True}},
                   "rounds_played": True, "mustard": True}
