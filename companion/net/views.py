"""What the hub gives the screens (:mod:`companion.net.hub`): a hosted table, a seat just
taken, what one seat or the host may see, a round revealed. Plain frozen values, built
from the hub's cache (:mod:`companion.net.cache`) and never holding another seat's bid
before the reveal. No flet here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SeatState:
    player: str
    taken: bool


@dataclass(frozen=True)
class TableInfo:
    """A hosted table as the host screen and the join screen show it (no bids)."""

    code: str
    match_id: int
    game: str
    players: tuple[str, ...]
    seats: tuple[SeatState, ...]


@dataclass(frozen=True)
class SeatGrant:
    """A seat just taken: the phone keeps ``token`` (e.g. in SharedPreferences)."""

    code: str
    player: str
    token: str


@dataclass(frozen=True)
class RoundResult:
    """The last recorded round of the game in play, as one seat (or, for the host, the
    whole table) may see it: the one shape of a round's result that the seat views, the
    host view and a reveal are made from.

    ``position`` grows by one with each reveal, so a screen can tell a new one;
    ``resolution`` is the game seat's view of the round (None before the first round),
    with this seat's own part only in this seat's result."""

    game_number: int
    position: int
    resolution: dict[str, Any] | None
    game_over: bool


@dataclass(frozen=True)
class SeatView:
    """Everything one seat's screen may show, and nothing more.

    ``my_bid`` is this seat's own pending bid; ``bid_in`` says who has bid, never what.
    ``plays`` is filled only in games whose plays are public (sales: cards face up in
    turn order). ``resolution`` is the last recorded round as this seat may see it;
    ``position`` grows by one with each reveal, so a screen can tell a new one."""

    code: str
    game: str
    player: str
    players: tuple[str, ...]
    seats: tuple[SeatState, ...]
    game_number: int
    position: int
    my_bid: dict[str, Any] | None
    bid_in: tuple[str, ...]
    waiting_for: tuple[str, ...]
    my_turn: bool
    plays: tuple[tuple[str, dict[str, Any]], ...]
    info: dict[str, Any]
    resolution: dict[str, Any] | None
    game_over: bool

    @property
    def result(self) -> RoundResult:
        """The last round as this seat sees it."""
        return RoundResult(self.game_number, self.position, self.resolution, self.game_over)


@dataclass(frozen=True)
class HostView:
    """The host's table as every player around it may see it: who has bid, never what."""

    code: str
    game: str
    players: tuple[str, ...]
    seats: tuple[SeatState, ...]
    game_number: int
    position: int
    bid_in: tuple[str, ...]
    waiting_for: tuple[str, ...]
    all_in: bool
    plays: tuple[tuple[str, dict[str, Any]], ...]
    info: dict[str, Any]
    resolution: dict[str, Any] | None
    game_over: bool

    @property
    def result(self) -> RoundResult:
        """The last round as the whole table sees it."""
        return RoundResult(self.game_number, self.position, self.resolution, self.game_over)


@dataclass(frozen=True)
class Reveal:
    """A round revealed and recorded at table ``code``: the table's view of it."""

    code: str
    result: RoundResult

    @property
    def game_number(self) -> int:
        return self.result.game_number

    @property
    def position(self) -> int:
        return self.result.position

    @property
    def resolution(self) -> dict[str, Any] | None:
        return self.result.resolution
