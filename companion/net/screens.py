"""Plain words for the table screens on the host and on the phones (no flet here).

Every function takes what the hub gave a screen (a :class:`~companion.net.hub.SeatView`,
:class:`~companion.net.hub.HostView` or :class:`~companion.net.hub.TableInfo`) or what a
player typed, and never anything else: a phone's words come from its own seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.net.hub import SeatState


def names(players: Sequence[str]) -> str:
    return ", ".join(players) if players else "nobody"


def bids_line(bid_in: Sequence[str], waiting_for: Sequence[str], game_over: bool,
              *, secret: bool = True) -> str:
    """Who has bid, never what: 'Bids in: Anna, Bernd · waiting for Chris'."""
    if game_over:
        return "The game is over: no more bids."
    done = "Bids in" if secret else "Played"
    if not waiting_for:
        return f"{done}: {names(bid_in)} · every bid is in."
    return f"{done}: {names(bid_in)} · waiting for {names(waiting_for)}"


def seat_line(seat: SeatState) -> str:
    return f"{seat.player}: {'seated' if seat.taken else 'free'}"


def seats_line(seats: Sequence[SeatState]) -> str:
    taken = sum(1 for s in seats if s.taken)
    return f"{taken} of {len(seats)} seats taken"


def code_text(code: str) -> str:
    """A table code as the host screen shows it, in two halves: 'ABC DEF'."""
    half = len(code) // 2
    return f"{code[:half]} {code[half:]}" if len(code) > 4 else code
