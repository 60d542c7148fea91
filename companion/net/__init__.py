"""A table on every phone: the host serves a match, each player bids from their own
phone over the local network. No flet here: the screens are built on :mod:`hub`. The
hub knows no game by name: what a phone may submit and see is each game's ``seat``
part (:class:`companion.core.game.Seat`).

- :mod:`companion.net.hub`: hosted tables, seats, bids, reveal, per-seat views;
  :mod:`companion.net.views`, what it gives the screens; :mod:`companion.net.cache`, what
  it keeps between changes.
- :mod:`companion.net.access`: who may talk to the server, and who is the host.
- :mod:`companion.net.limiter`: wrong table codes slowed down, then locked out.
- :mod:`companion.net.join`: the join link from the host's LAN address, and its QR code.
"""

from companion.net.hub import (
    BidRefused,
    Hub,
    HubError,
    JoinRefused,
    RevealRefused,
    SeatTaken,
    UnknownSeat,
    UnknownTable,
)
from companion.net.limiter import JoinLimiter
from companion.net.views import HostView, Reveal, RoundResult, SeatGrant, SeatState, SeatView, TableInfo

__all__ = [
    "BidRefused", "HostView", "Hub", "HubError", "JoinLimiter", "JoinRefused", "Reveal",
    "RevealRefused", "RoundResult", "SeatGrant", "SeatState", "SeatTaken", "SeatView", "TableInfo",
    "UnknownSeat", "UnknownTable",
]
