"""Sales records and results, exactly as docs/referee-contract.md gives them.

The record is the truth: setup plus the rounds as entered, each round a list of
sales (tricks), each sale the cards played in the order SA-3 gives, read into these
typed dicts (every default filled in). A card is entered by its attributes (SA-1);
a deck file (``deck.py``) can turn a deck card id into those attributes. A result is
facts only: the contract's fields, then what a player may ask "why?" about (the cards
played, the suit and who set it, ties, who plays alone, the cards won); the words are
the ``present`` layer's.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError
from typing_extensions import TypedDict

from companion.core.bounds import MAX_HAND, MAX_ICONS, MAX_PER_ROUND, MAX_ROUNDS
from companion.core.record import RECORD, Count, Name, Players, Positive, Remembered, empty_list, with_config
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


def _suit(value: str) -> str:
    return _lowercase_name(label(value))


def _icon(value: str) -> str:
    return _icon_name(label(value))


# Both follow the text policy of every field a person reads (core.text): no character
# that does not show, no half of a UTF-16 pair. A deck's few suits and icons stand on
# every card of every record, so a text found good is remembered (the verdict is a fact
# about the string; a refusal is raised, in the reader's language, each time).
Suit = Annotated[str, AfterValidator(Remembered(_suit).__getitem__)]
Icon = Annotated[str, AfterValidator(Remembered(_icon).__getitem__)]


@with_config(RECORD)
class SetCollector(TypedDict):
    """What a set-collecting card collects: its kind and the icon (SA-11, SA-12)."""

    kind: SetKind
    icon: Icon


@with_config(RECORD)
class Card(TypedDict):
    """A card by its attributes (SA-1)."""

    suit: Suit
    value: Count
    discard: NotRequired[Annotated[Count, Field(default=0)]]
    icons: NotRequired[Annotated[list[Icon], Field(default_factory=empty_list, max_length=MAX_ICONS)]]
    set: NotRequired[Annotated[SetCollector | None, Field(default=None)]]


def is_wild(card: Card) -> bool:
    return card["suit"] == WILD


def shows(card: Card, icon: str) -> bool:
    """SA-11: the card shows ``icon`` (a set card shows the icon it collects)."""
    return shows_folded(card, icon.casefold())


def shows_folded(card: Card, key: str) -> bool:
    """:func:`shows`, the icon given casefolded: a score asks it of every card won for
    each set card, so the icon is folded once and the card's icons looked at in a plain
    loop."""
    for i in card["icons"]:
        if i.casefold() == key:
            return True
    collects = card["set"]
    return collects is not None and collects["icon"].casefold() == key


@with_config(RECORD)
class Play(TypedDict):
    player: str                 # as entered: the rules find the player it names (any case, trimmed)
    card: Card


@with_config(RECORD)
class Sale(TypedDict):
    plays: Annotated[list[Play], Field(max_length=MAX_PER_ROUND)]


@with_config(RECORD)
class Round(TypedDict):
    """A round as entered: its sales, and the cards dealt to each player when the stock
    ran short (SA-16; None: the game's ``hand_size``). At least 1 and at most the game's
    hand size: the rules check it and say so with SA-16."""

    # a sale takes a card from every hand: never more sales than cards in a hand (core.bounds)
    sales: NotRequired[Annotated[list[Sale], Field(default_factory=empty_list, max_length=MAX_HAND)]]
    hand_size: NotRequired[Annotated[Annotated[int, Field(strict=True)] | None, Field(default=None)]]


@with_config(RECORD)
class SalesRecord(TypedDict):
    game: NotRequired[Annotated[Literal["sales"], Field(default="sales")]]
    players: Players
    mode: NotRequired[Annotated[Mode, Field(default="competitive")]]
    leader: NotRequired[Annotated[Name | None, Field(default=None)]]
    hand_size: NotRequired[Annotated[Positive, Field(default=DEFAULT_HAND_SIZE, le=MAX_HAND)]]
    rounds: NotRequired[Annotated[list[Round], Field(default_factory=empty_list, max_length=MAX_ROUNDS)]]  # core.bounds


# ---------------------------------------------------------------- results


class SaleResult(TypedDict):
    # the contract's
    leader: str
    on_suit: list[str]
    winner: str
    discards: int
    next_leader: str | None
    # beyond it (BEYOND_CONTRACT)
    sale: int                      # its number in the round, from 1
    order: list[str]               # who played, in turn (SA-3)
    cards: list[Card]              # the cards played, in turn
    card: Card                     # the winner's, kept (SA-6)
    suit: str | None               # the suit set (SA-4); None: every card wild
    off_suit: list[str]
    tied: list[str]                # on suit with the winner's value, played before it: the last one wins (SA-5)
    setter: str | None             # a wild led: whose card set the suit (SA-4)
    alone: bool                    # one player left with cards played alone (SA-8)
    hands: dict[str, int]          # cards in hand after the sale
    plays_alone: str | None        # the next leader, the only one left with cards (SA-8)
    rulings: list[str]


class RoundResult(TypedDict):
    # the contract's
    round: int
    sales: list[SaleResult]
    hands: dict[str, int]
    hand_size: int                 # the cards dealt to each player this round (SA-2, SA-16)
    # beyond it
    leader: str
    over: bool
    won: dict[str, int]
    discarded: int
    next_leader: str | None        # the round over: who leads the next round (SA-9); None after the last


class Score(TypedDict):
    # the contract's
    numbers: int
    sets: int
    neighbor: int
    total: int
    # beyond it
    cards: int                     # the cards won


class Team(TypedDict):
    score: int
    rating: Rating | None


class SalesResult(TypedDict):
    # the contract's
    game: Literal["sales"]
    rounds: list[RoundResult]
    game_over: bool
    scores: dict[str, Score]
    winners: list[str]
    team: Team | None
    # beyond it
    mode: Mode
    hand_size: int
    won: dict[str, list[Card]]     # each player's cards won, in the order won (SA-10…SA-12)
    tied: list[str]                # the players level with the best total (SA-13's tie-break)
    last_win: dict[str, int]       # the number (over the whole game) of each player's last sale won (SA-13)
    round: int                     # the round in play
    round_over: bool
    leader: str | None             # who leads the next sale
    last_winner: str | None        # who won the last sale
    sales_in_round: int


#: The facts a result holds beyond the contract's fields: left out of ``companion
#: referee``'s output (pydantic's ``exclude`` form).
BEYOND_CONTRACT = {
    "rounds": {"__all__": {
        "sales": {"__all__": {k: True for k in ("sale", "order", "cards", "card", "suit", "off_suit", "tied", "setter",
                                                "alone", "hands", "plays_alone", "rulings")}},
        **{k: True for k in ("leader", "over", "won", "discarded", "next_leader")}}},
    "scores": {"__all__": {"cards": True}},
    **{k: True for k in ("mode", "hand_size", "won", "tied", "last_win", "round", "round_over", "leader",
                         "last_winner", "sales_in_round")},
}
