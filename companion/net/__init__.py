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

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.net.limiter import JoinLimiter
from companion.net.views import HostView, Reveal, RoundResult, SeatGrant, SeatState, SeatView, TableInfo

if TYPE_CHECKING:
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

__all__ = [
    "BidRefused", "HostView", "Hub", "HubError", "JoinLimiter", "JoinRefused", "Reveal",
    "RevealRefused", "RoundResult", "SeatGrant", "SeatState", "SeatTaken", "SeatView", "TableInfo",
    "UnknownSeat", "UnknownTable",
]

#: The hub's names, imported when one is first asked for: ``companion serve`` imports
#: this package for its gate and page (:mod:`companion.net.access`,
#: :mod:`companion.net.client_page`) before it listens, and needs the hub only for its
#: sessions (:mod:`companion.ui.phone`; a host's is wired to it, ``companion.ui.host.connect``).
_HUB_NAMES = {"BidRefused", "Hub", "HubError", "JoinRefused", "RevealRefused", "SeatTaken",
              "UnknownSeat", "UnknownTable"}


def __getattr__(name: str) -> Any:
    if name not in _HUB_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from companion.net import hub  # noqa: PLC0415 - the hub when first named (see _HUB_NAMES)

    return getattr(hub, name)
