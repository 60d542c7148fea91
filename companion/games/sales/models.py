"""Sales records and results, exactly as docs/referee-contract.md gives them.

The record is the truth: setup plus the rounds as entered, each round a list of
sales (tricks), each sale the cards played in the order SA-3 gives. A card is
entered by its attributes (SA-1); a deck file (``deck.py``) can turn a deck card
id into those attributes. Results carry the contract's fields plus an
``explanation`` and the ``rulings`` applied wherever a player may ask "why?".
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from companion.core.bounds import MAX_HAND, MAX_ICONS, MAX_PER_ROUND, MAX_ROUNDS
from companion.core.record import Count, GameRecord, Model, Name, Positive, Result
from companion.core.text import label
from companion.games.sales.i18n import _

WILD = "wild"
DEFAULT_HAND_SIZE = 12  # SA-2: co-op and solo by the rules; competitive by house rule
MAX_LABEL_LENGTH = 24
ROUNDS = 3  # SA-9

Mode = Literal["competitive", "coop", "solo"]
Rating = Literal["Not bad!", "Good job.", "Wow!"]     # the co-op team's (SA-15)
SetKind = Literal["1x", "neighbor"]


def _lowercase_name(value: str) -> str:
    """A suit: a lowercase name of the deck's choosing, or "wild" (SA-1)."""
    if not value or value != value.strip() or value != value.lower():
        raise PydanticCustomError("sales_suit", _("must be a lowercase name or 'wild'"))
    if len(value) > MAX_LABEL_LENGTH:
        raise PydanticCustomError("sales_suit", _("must be at most {n} characters").format(n=MAX_LABEL_LENGTH))
    return value


def _icon_name(value: str) -> str:
    """An icon: a non-empty name, compared without regard to case or outer spaces."""
    value = value.strip()
    if not value:
        raise PydanticCustomError("sales_icon", _("must be a non-empty name"))
    if len(value) > MAX_LABEL_LENGTH:
        raise PydanticCustomError("sales_icon", _("must be at most {n} characters").format(n=MAX_LABEL_LENGTH))
    return value


# Both follow the text policy of every field a person reads (core.text): no character
# that does not show, no half of a UTF-16 pair.
Suit = Annotated[str, AfterValidator(label), AfterValidator(_lowercase_name)]
Icon = Annotated[str, AfterValidator(label), AfterValidator(_icon_name)]


class SetCollector(Model):
    """What a set-collecting card collects: its kind and the icon (SA-11, SA-12)."""

    kind: SetKind
    icon: Icon


class Card(Model):
    """A card by its attributes (SA-1)."""

    suit: Suit
    value: Count
    discard: Count = 0
    icons: Annotated[list[Icon], Field(max_length=MAX_ICONS)] = []
    set: SetCollector | None = None

    @property
    def wild(self) -> bool:
        return self.suit == WILD

    def shows(self, icon: str) -> bool:
        """SA-11: the card shows ``icon`` (a set card shows the icon it collects)."""
        key = icon.casefold()
        if any(i.casefold() == key for i in self.icons):
            return True
        return self.set is not None and self.set.icon.casefold() == key

    def label(self) -> str:
        """How a player names the card: "sun 4", "wild 2"."""
        return f"{self.suit} {self.value}"


class Play(Model):
    player: Name
    card: Card


class Sale(Model):
    plays: Annotated[list[Play], Field(max_length=MAX_PER_ROUND)]


class Round(Model):
    """A round as entered: its sales, and the cards dealt to each player when the stock
    ran short (SA-16; None: the game's ``hand_size``). At least 1 and at most the game's
    hand size: the rules check it and say so with SA-16."""

    # a sale takes a card from every hand: never more sales than cards in a hand (core.bounds)
    sales: Annotated[list[Sale], Field(max_length=MAX_HAND)] = []
    hand_size: Annotated[int, Field(strict=True)] | None = None


class SalesRecord(GameRecord):
    game: Literal["sales"] = "sales"
    mode: Mode = "competitive"
    leader: Name | None = None
    hand_size: Annotated[Positive, Field(le=MAX_HAND)] = DEFAULT_HAND_SIZE
    rounds: Annotated[list[Round], Field(max_length=MAX_ROUNDS)] = []   # bounds: core.bounds


# ---------------------------------------------------------------- results


class SaleResult(Result):
    # the contract's fields
    leader: str
    on_suit: list[str]
    winner: str
    discards: int
    next_leader: str | None
    # extra fields
    sale: int
    order: list[str]
    suit: str | None
    off_suit: list[str]
    card: Card
    alone: bool
    hands: dict[str, int]
    explanation: str
    rulings: list[str]


class RoundResult(Result):
    # the contract's fields
    round: int
    sales: list[SaleResult]
    hands: dict[str, int]
    # extra fields
    hand_size: int                 # the cards dealt to each player this round (SA-2, SA-16)
    leader: str
    over: bool
    won: dict[str, int]
    discarded: int
    next_leader: str | None
    notes: list[str]


class Score(Result):
    # the contract's fields
    numbers: int
    sets: int
    neighbor: int
    total: int
    # extra fields: the cards won and the breakdown, line by line
    cards: int
    breakdown: list[str]


class Team(Result):
    score: int
    rating: Rating | None
    explanation: str


class SalesResult(Result):
    # the contract's fields
    game: Literal["sales"] = "sales"
    rounds: list[RoundResult]
    game_over: bool
    scores: dict[str, Score]
    winners: list[str]
    team: Team | None
    # extra fields
    mode: Mode
    hand_size: int
    notes: list[str] = Field(default_factory=list)
    explanation: str
