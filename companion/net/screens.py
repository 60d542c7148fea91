"""Plain words for the table screens on the host and on the phones (no flet here).

Every function takes what the hub gave a screen (a :class:`~companion.net.views.SeatView`,
:class:`~companion.net.views.HostView` or :class:`~companion.net.views.TableInfo`) or what a
player typed, and never anything else: a phone's words come from its own seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.i18n import _, ngettext
from companion.net.views import SeatState


def names(players: Sequence[str]) -> str:
    return ", ".join(players) if players else _("nobody")


def bids_line(bid_in: Sequence[str], waiting_for: Sequence[str], game_over: bool,
              *, secret: bool = True, bids: bool = True) -> str:
    """Who has bid, never what: 'Bids in: Anna, Bernd · waiting for Chris'; in a game
    without bids (burger's tool cards) 'Entered: …'."""
    if game_over:
        return _("The game is over: no more bids.") if bids else _("The game is over: nothing more to enter.")
    if secret and not bids:
        if not waiting_for:
            return _("Entered: {players} · everyone has entered.").format(players=names(bid_in))
        return _("Entered: {players} · waiting for {waiting}").format(players=names(bid_in),
                                                                      waiting=names(waiting_for))
    if not waiting_for:
        if secret:
            return _("Bids in: {players} · every bid is in.").format(players=names(bid_in))
        return _("Played: {players} · every bid is in.").format(players=names(bid_in))
    if secret:
        return _("Bids in: {players} · waiting for {waiting}").format(players=names(bid_in),
                                                                      waiting=names(waiting_for))
    return _("Played: {players} · waiting for {waiting}").format(players=names(bid_in), waiting=names(waiting_for))


def seat_line(seat: SeatState) -> str:
    if seat.taken:
        return _("{player}: seated").format(player=seat.player)
    return _("{player}: free").format(player=seat.player)


def seats_line(seats: Sequence[SeatState]) -> str:
    taken = sum(1 for s in seats if s.taken)
    return ngettext("{taken} of {n} seat taken", "{taken} of {n} seats taken", len(seats)).format(
        taken=taken, n=len(seats))


def code_text(code: str) -> str:
    """A table code as the host screen shows it, in two halves: 'ABC DEF'."""
    half = len(code) // 2
    return f"{code[:half]} {code[half:]}" if len(code) > 4 else code
